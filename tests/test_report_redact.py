"""Redaction: every kind found where it hides (paths, logs, JSON keys, nvidia-smi output), counted,
and nothing that only looks personal (versions, PCI ids, times, words) is touched."""

from __future__ import annotations

import json

import pytest

from fakes import fixture_text
from tfgpu.core.report.environment import is_secret_like, relevant_environment
from tfgpu.core.report.redact import Identity, Redactor, identity_from_env, redact_tree


def redactor(users=("zqcanary",), hosts=("DESKTOP-ZQ7HOST",)) -> Redactor:
    return Redactor(Identity(tuple(users), tuple(hosts)))


@pytest.mark.parametrize("text, expected", [
    ("C:\\Users\\zqcanary\\AppData\\Local\\Programs\\Python\\Python310\\python.exe",
     "C:\\Users\\[user]\\AppData\\Local\\Programs\\Python\\Python310\\python.exe"),
    ("c:/users/ZQCanary/miniconda3", "c:/users/[user]/miniconda3"),
    ("/home/zqcanary/venv/bin/python", "/home/[user]/venv/bin/python"),
    ("/Users/zqcanary/.pyenv", "/Users/[user]/.pyenv"),
    ("/mnt/c/Users/zqcanary/Downloads", "/mnt/c/Users/[user]/Downloads"),
    # another account's profile, a name with a space, JSON/repr-escaped backslashes
    ("C:\\Users\\Jane Doe\\anaconda3\\python.exe", "C:\\Users\\[user]\\anaconda3\\python.exe"),
    ("'C:\\\\Users\\\\otheruser\\\\x'", "'C:\\\\Users\\\\[user]\\\\x'"),
    ("/home/bob:/home/alice/bin", "/home/[user]:/home/[user]/bin"),
    # the name itself anywhere, any case, also glued to underscores
    ("conda env zqcanary_tf210 by ZQCANARY", "conda env [user]_tf210 by [user]"),
    ("PS C:\\> whoami\ndesktop-zq7host\\zqcanary", "PS C:\\> whoami\n[host]\\[user]"),
    ("Created device on DESKTOP-ZQ7HOST.lan", "Created device on [host].lan"),
    ("zqcanary@some-other-box:~$ nvidia-smi", "[user]@[host]:~$ nvidia-smi"),
])
def test_user_and_host_names(text: str, expected: str) -> None:
    r = redactor()
    assert r.text(text) == expected


def test_public_and_default_profiles_are_kept() -> None:
    r = redactor()
    for text in ("C:\\Users\\Public\\Documents", "C:\\Users\\Default\\AppData", "/home/[user]/x"):
        assert r.text(text) == text
    assert not any(r.summary().values())


def test_generic_and_short_names_only_where_they_are_names() -> None:
    """A host called "vm" and a user called "user" must not blank "VM" or "user PATH" in hints."""
    r = Redactor(Identity(("user", "li"), ("vm",)))
    hint = "In a container or VM, pass the GPU through. Edit the user PATH. See lib and li."
    assert r.text(hint) == hint.replace(" li.", " li.")  # "li" alone is short: kept in free text
    assert r.text("root@vm:~$ ls") == "root@[host]:~$ ls"
    assert r.text("\\\\vm\\share") == "\\\\[host]\\share"
    assert r.text("li@example") == "[user]@[host]"  # a known user at some machine
    assert r.text("/home/user/x C:\\Users\\li\\y") == "/home/[user]/x C:\\Users\\[user]\\y"


def test_gpu_uuid_serial_and_keys() -> None:
    r = redactor()
    tree = {"gpus": [{"uuid": "GPU-0badc0de-1234-5678-9abc-def012345678", "serial": "1324119073614",
                      "board_serial": "N/A", "pci_bus_id": "00000000:01:00.0"}],
            "evidence": "nvmlDeviceGetUUID(0) -> GPU-0badc0de-1234-5678-9abc-def012345678; "
                        "MIG-0badc0de-1234-5678-9abc-def012345679"}
    out = r.value(tree)
    text = json.dumps(out)
    assert "0badc0de" not in text and "1324119073614" not in text
    assert out["gpus"][0]["pci_bus_id"] == "00000000:01:00.0"  # not personal
    assert out["gpus"][0]["board_serial"] == "N/A"  # unknown stays unknown
    assert r.summary()["gpu-uuid"] == 3 and r.summary()["serial"] == 1


@pytest.mark.parametrize("capture", ["linux-tesla-p100-510.47.03-q-x.xml", "windows-rtx2080-516.59-q-x.xml",
                                     "linux-rtx4000sffada-595.84-q-x.xml"])
def test_real_nvidia_smi_xml(capture: str) -> None:
    """The real -q -x captures: every <serial> and <uuid> value is gone, the rest is intact."""
    import re

    text = fixture_text(capture)
    serials = [s for s in re.findall(r"<serial>([^<]*)</serial>", text) if s.strip() not in ("N/A", "")]
    uuids = re.findall(r"<uuid>([^<]*)</uuid>", text)
    out = redactor().text(text)
    for value in serials + uuids:
        assert value not in out
    assert "<product_name>" in out and out.count("\n") == text.count("\n")


def test_nvidia_smi_q_text_serial() -> None:
    text = "    Serial Number                         : 1652319041234\n    GPU UUID    : GPU-1a2b3c4d-aaaa-bbbb-cccc-0123456789ab\n    Board ID : 0x100\n    Serial Number : N/A\n"
    out = redactor().text(text)
    assert "1652319041234" not in out and "1a2b3c4d" not in out and "Serial Number : N/A" in out


def test_addresses() -> None:
    r = redactor()
    text = ("inet 192.168.1.23/24 brd 192.168.1.255; proxy http://alice:s3cret@10.0.0.5:3128 "
            "ether 3c:52:82:0a:bc:de 3C-52-82-0A-BC-DF; fe80::1c2b:3aff:fe4d:5e6f%eth0 2001:db8::8a2e:370:7334 "
            "mail zq.canary@example.com; loopback 127.0.0.1 ::1 0.0.0.0")
    out = r.text(text)
    for secret in ("192.168.1.23", "192.168.1.255", "alice", "s3cret", "10.0.0.5", "3c:52:82", "3C-52-82",
                   "fe80::1c2b", "2001:db8", "zq.canary@example.com"):
        assert secret not in out, secret
    assert "127.0.0.1" in out and "::1" in out and "0.0.0.0" in out
    counts = r.summary()
    assert counts["ip"] == 5 and counts["mac"] == 2 and counts["credentials"] == 1 and counts["email"] == 1


@pytest.mark.parametrize("text", [
    "I0000 00:00:1712345678.123456  12345 cuda_executor.cc:1001] 12:34:56.789",
    "tensorflow::Status std::vector<int> a::b",
    "driver 551.86, CUDA 12.4.131, Windows 10.0.22631.3447, PCI 00000000:01:00.0",
    "nvidia-cudnn-cu12==9.3.0.75 nvidia_cudnn_cu12-9.3.0.75.dist-info",
    "git@github.com:tensorflow/tensorflow.git",
])
def test_lookalikes_are_kept(text: str) -> None:
    r = redactor()
    assert r.text(text) == text
    assert not any(r.summary().values())


def test_four_part_versions_under_version_keys_survive_in_text() -> None:
    tree = {"cudnn_version": "8.9.7.29", "log": "Loaded cuDNN version 8.9.7.29 from 8.9.7.30 (ip 8.9.7.30)",
            "distributions": {"nvidia-cudnn-cu12": "9.3.0.75"}, "note": "found 9.3.0.75"}
    out, counts = redact_tree(tree, Identity())
    assert out["log"] == "Loaded cuDNN version 8.9.7.29 from [ip] (ip [ip])"
    assert out["note"] == "found 9.3.0.75" and counts["ip"] == 2


def test_identity_from_a_windows_and_a_linux_environment() -> None:
    windows = identity_from_env({"USERNAME": "Zq Canary", "USERPROFILE": "C:\\Users\\zq.canary",
                                 "COMPUTERNAME": "DESKTOP-ZQ7HOST", "USERDOMAIN": "CORP"})
    assert set(windows.user_names) == {"Zq Canary", "zq.canary"}
    assert set(windows.host_names) == {"DESKTOP-ZQ7HOST", "CORP"}
    linux = identity_from_env({"HOME": "/home/zqcanary", "HOSTNAME": "zq-box.example.org"})
    assert linux.user_names == ("zqcanary",) and "zq-box" in linux.host_names


def test_keys_are_redacted_and_every_kind_is_listed() -> None:
    out, counts = redact_tree({"C:\\Users\\zqcanary\\x": 1}, Identity(("zqcanary",)))
    assert list(out) == ["C:\\Users\\[user]\\x"]
    assert set(counts) == {"user", "host", "gpu-uuid", "serial", "ip", "mac", "email", "credentials"}


def test_environment_allowlist_and_secret_names() -> None:
    env = {"PATH": "/home/zqcanary/bin:/usr/bin", "Path": "C:\\x", "CUDA_PATH": "C:\\CUDA", "TF_CPP_MIN_LOG_LEVEL": "1",
           "MY_API_TOKEN": "tok-canary", "CUDA_API_KEY": "k", "TF_PASSWORD": "p", "AWS_SECRET_ACCESS_KEY": "s",
           "HOME": "/home/zqcanary", "CONDA_PREFIX": "/opt/conda", "GITHUB_TOKEN": "g", "VIRTUAL_ENV": "/v"}
    found = relevant_environment(env)
    assert set(found.variables) == {"PATH", "Path", "CUDA_PATH", "TF_CPP_MIN_LOG_LEVEL", "CONDA_PREFIX", "VIRTUAL_ENV"}
    assert found.withheld == 1  # CUDA_API_KEY was allowlisted by prefix, then dropped (TF_PASSWORD: not a TensorFlow kind of TF_ name, issue 24 D5)
    assert "tok-canary" not in json.dumps(found.to_dict()) and "MY_API_TOKEN" not in json.dumps(found.to_dict())
    assert all(is_secret_like(n) for n in ("my_api_token", "Secret", "DB_PASSWD", "ApiBase"))


def test_a_chinese_user_name() -> None:
    """Many of our users follow Chinese tutorials: their profile folder is often their name."""
    identity = identity_from_env({"USERPROFILE": "C:\\Users\\张伟", "USERNAME": "张伟"})
    r = Redactor(identity)
    assert r.text("C:\\Users\\张伟\\AppData\\Local\\Programs\\Python") == "C:\\Users\\[user]\\AppData\\Local\\Programs\\Python"
    assert r.text("张伟的电脑上 TensorFlow 找不到 GPU") == "[user]的电脑上 TensorFlow 找不到 GPU"
    assert r.text("D:\\Users\\李娜\\x") == "D:\\Users\\[user]\\x"  # another account's folder
    assert r.summary()["user"] == 3
