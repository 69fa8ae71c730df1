"""venv and conda targets: a real venv's activate script read by bash, a conda prefix's activate.d /
deactivate.d pair and its conda-meta/state (what `conda env config vars set` writes), and the Windows
scripts (activate.bat, Activate.ps1) with the block in the right place."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from fakes.fake_host import FakeHost
from tfgpu.core.configure import applier
from tfgpu.core.configure.memory import plan_memory
from tfgpu.core.configure.planner import plan_path
from tfgpu.core.host import RealHost


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))


def _bash(script: str, env: dict[str, str]) -> str:
    out = subprocess.run([shutil.which("bash") or "bash", "--noprofile", "--norc", "-c", script], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout


def test_a_real_venv_activate_script(tmp_path):
    venv = tmp_path / "tf env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    cuda = tmp_path / "cuda $(touch pwned)"
    for part in ("lib64", "extras/CUPTI/lib64"):
        (cuda / part).mkdir(parents=True)
    python = str(venv / "bin" / "python")
    host = RealHost()
    activate = (venv / "bin" / "activate").read_bytes()
    plan = plan_path(host, None, None, str(cuda), None, "venv", python=python)
    assert [e.path for e in plan.edits] == [str(venv / "bin" / "activate")]
    outcome = applier.apply_plan(host, plan)
    memory = applier.apply_plan(host, plan_memory(host, python, "growth", target="venv"))
    out = _bash(f'. {str(venv / "bin" / "activate")!r}; printf "%s|%s|%s" "$LD_LIBRARY_PATH" '
                '"$TF_FORCE_GPU_ALLOW_GROWTH" "$VIRTUAL_ENV"', {"PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": "/x"})
    assert out == f"{cuda}/lib64:{cuda}/extras/CUPTI/lib64:/x|true|{venv}"
    assert not (tmp_path / "pwned").exists() and not list(tmp_path.glob("**/pwned"))
    applier.undo_change(host, memory.change_id)
    applier.undo_change(host, outcome.change_id)
    assert (venv / "bin" / "activate").read_bytes() == activate


def test_a_venv_target_needs_a_venv(linux_host):
    linux_host.mkdir("/usr/local/cuda/lib64")
    plan = plan_path(linux_host, None, None, "/usr/local/cuda", None, "venv", python="/usr/bin/python3")
    assert plan.refusal is not None and "not a venv" in str(plan.refusal)
    assert plan_path(linux_host, None, None, "/usr/local/cuda", None, "venv").refusal is not None  # no environment


def test_conda_activate_and_deactivate_pair_on_linux(linux_host: FakeHost):
    prefix = "/opt/conda/envs/tf"
    linux_host.mkdir(f"{prefix}/conda-meta")
    linux_host.write(f"{prefix}/conda-meta/state", json.dumps({"env_vars": {"KEEP": "1"}, "other": True}))
    linux_host.mkdir("/usr/local/cuda-11.8/lib64")
    plan = plan_path(linux_host, None, None, "/usr/local/cuda-11.8", None, "conda", python=f"{prefix}/bin/python")
    assert sorted(e.path for e in plan.edits) == [f"{prefix}/etc/conda/activate.d/tfgpu-path.sh",
                                                 f"{prefix}/etc/conda/deactivate.d/tfgpu-path.sh"]
    outcome = applier.apply_plan(linux_host, plan)
    activate = linux_host.files.local(f"{prefix}/etc/conda/activate.d/tfgpu-path.sh")
    deactivate = linux_host.files.local(f"{prefix}/etc/conda/deactivate.d/tfgpu-path.sh")
    for start, shown in ((None, "unset"), ("", ""), ("/y", "/y")):
        env = {"PATH": "/usr/bin:/bin"} | ({} if start is None else {"LD_LIBRARY_PATH": start})
        out = _bash(f'. {str(activate)!r}; printf "%s|" "$LD_LIBRARY_PATH"; . {str(deactivate)!r}; '
                    'printf "%s" "${LD_LIBRARY_PATH-unset}"', env)
        expected = "/usr/local/cuda-11.8/lib64" + (f":{start}" if start else "")
        assert out == f"{expected}|{shown}"
    memory = applier.apply_plan(linux_host, plan_memory(linux_host, f"{prefix}/bin/python", "async", target="conda"))
    state = json.loads(linux_host.files.local(f"{prefix}/conda-meta/state").read_text())
    assert state == {"env_vars": {"KEEP": "1", "TF_GPU_ALLOCATOR": "cuda_malloc_async"}, "other": True}
    applier.undo_change(linux_host, memory.change_id)
    applier.undo_change(linux_host, outcome.change_id)
    assert not activate.exists() and not deactivate.exists()
    assert json.loads(linux_host.files.local(f"{prefix}/conda-meta/state").read_text()) == \
        {"env_vars": {"KEEP": "1"}, "other": True}


def test_a_conda_state_file_that_is_not_json_is_left_alone(linux_host: FakeHost):
    prefix = "/opt/conda/envs/tf"
    linux_host.mkdir(f"{prefix}/conda-meta")
    linux_host.write(f"{prefix}/conda-meta/state", "{broken")
    plan = plan_memory(linux_host, f"{prefix}/bin/python", "growth", target="conda")
    assert plan.refusal is not None and "not valid JSON" in str(plan.refusal)


def test_windows_venv_scripts_get_the_block_before_their_tail(windows_host: FakeHost):
    venv = "C:\\Users\\user\\envs\\tf"
    windows_host.write(f"{venv}\\pyvenv.cfg", "home = C:\\Python310\n")
    windows_host.write(f"{venv}\\Scripts\\activate.bat", "@echo off\r\nset VIRTUAL_ENV=x\r\n:END\r\nset _OLD=\r\n")
    windows_host.write(f"{venv}\\Scripts\\Activate.ps1",
                       "$env:VIRTUAL_ENV = 'x'\r\n# SIG # Begin signature block\r\n# abc\r\n")
    cuda = "C:\\CUDA it's 11.2"
    for part in ("bin", "libnvvp", "extras\\CUPTI\\lib64"):
        windows_host.mkdir(f"{cuda}\\{part}")
    plan = plan_path(windows_host, None, None, cuda, None, "venv", python=f"{venv}\\Scripts\\python.exe")
    assert plan.can_apply, plan.to_dict()
    applier.apply_plan(windows_host, plan)
    bat = windows_host.files.local(f"{venv}\\Scripts\\activate.bat").read_bytes().decode()
    ps1 = windows_host.files.local(f"{venv}\\Scripts\\Activate.ps1").read_bytes().decode()
    assert bat.index("rem >>> tfgpu path") < bat.index(":END") and "\r\n" in bat
    assert f'@set "PATH={cuda}\\bin;{cuda}\\libnvvp;{cuda}\\extras\\CUPTI\\lib64;%PATH%"' in bat
    assert f'@set "CUDA_PATH={cuda}"' in bat
    assert ps1.index("# >>> tfgpu path") < ps1.index("# SIG # Begin signature block")
    assert "'C:\\CUDA it''s 11.2\\bin'" in ps1 and "$env:CUDA_PATH = 'C:\\CUDA it''s 11.2'" in ps1


def test_cmd_refuses_what_it_would_expand(windows_host: FakeHost):
    venv = "C:\\envs\\tf"
    windows_host.write(f"{venv}\\pyvenv.cfg", "")
    windows_host.write(f"{venv}\\Scripts\\activate.bat", "@echo off\r\n")
    cuda = "C:\\CUDA 100%"
    for part in ("bin", "libnvvp", "extras\\CUPTI\\lib64"):
        windows_host.mkdir(f"{cuda}\\{part}")
    plan = plan_path(windows_host, None, None, cuda, None, "venv", python=f"{venv}\\Scripts\\python.exe")
    assert plan.refusal is not None and "cmd.exe would change" in str(plan.refusal)


def test_windows_conda_scripts_and_state(windows_host: FakeHost):
    prefix = "C:\\Users\\user\\miniconda3\\envs\\tf"
    windows_host.mkdir(f"{prefix}\\conda-meta")
    cuda = "C:\\CUDA\\v11.2"
    for part in ("bin", "libnvvp", "extras\\CUPTI\\lib64"):
        windows_host.mkdir(f"{cuda}\\{part}")
    plan = plan_path(windows_host, None, None, cuda, None, "conda", python=f"{prefix}\\python.exe")
    where = sorted(plan.where)
    assert where == sorted([f"{prefix}\\conda-meta\\state"] + [f"{prefix}\\etc\\conda\\{s}.d\\tfgpu-path.{e}"
                                                                 for s in ("activate", "deactivate")
                                                                 for e in ("bat", "ps1")])
    applier.apply_plan(windows_host, plan)
    state = json.loads(windows_host.files.local(f"{prefix}\\conda-meta\\state").read_text())
    assert state == {"env_vars": {"CUDA_PATH": cuda}}
    bat = windows_host.files.local(f"{prefix}\\etc\\conda\\activate.d\\tfgpu-path.bat").read_text()
    assert '@set "_TFGPU_OLD_PATH=%PATH%"' in bat and f'@set "PATH={cuda}\\bin;' in bat
