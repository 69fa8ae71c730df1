"""`wsl --list --verbose` in other languages, as UTF-16LE (Windows 10's wsl.exe ignores WSL_UTF8) and as UTF-8.

The rows keep wsl.exe's layout (a star for the default, the state column padded); the states are the
ones wsl.exe prints in German, French and Simplified Chinese Windows, where a state can be two words.
"""

from __future__ import annotations

import pytest

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host.decoding import decode_output
from tfgpu.core.probes.os_info import probe_os

LISTS = {
    "de": ("  NAME            STATUS                 VERSION\r\n"
           "* Ubuntu-22.04    Wird ausgeführt        2\r\n"
           "  Debian          Beendet                1\r\n"),
    "fr": ("  NOM             ÉTAT                   VERSION\r\n"
           "* Ubuntu-22.04    En cours d'exécution   2\r\n"
           "  Debian          Arrêté                 1\r\n"),
    "zh_CN": ("  NAME            STATE           VERSION\r\n"
              "* Ubuntu-22.04    正在运行        2\r\n"
              "  Debian          已停止          1\r\n"),
}
STATES = {"de": ("Wird ausgeführt", "Beendet"), "fr": ("En cours d'exécution", "Arrêté"),
          "zh_CN": ("正在运行", "已停止")}


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-8"])
@pytest.mark.parametrize("lang", sorted(LISTS))
def test_localized_wsl_list(windows_host: FakeHost, lang: str, encoding: str):
    windows_host.write("C:\\Windows\\System32\\wsl.exe", b"MZ")
    windows_host.on("wsl.exe", FakeCommand(stdout=LISTS[lang].encode(encoding)))
    info = probe_os(windows_host)
    running, stopped = STATES[lang]
    assert [(d.name, d.state, d.version, d.default) for d in info.wsl_distros] == [
        ("Ubuntu-22.04", running, 2, True), ("Debian", stopped, 1, False)]
    assert info.wsl_installed is True


def test_utf16_with_a_bom_and_plain_utf8_are_told_apart():
    text = "  NAME   STATE   VERSION\r\n* Ubuntu 正在运行 2\r\n"
    assert decode_output(b"\xff\xfe" + text.encode("utf-16-le")) == text
    assert decode_output(text.encode("utf-16-le")) == text
    assert decode_output(text.encode("utf-8")) == text
    assert decode_output(b"ascii only\n") == "ascii only\n"
