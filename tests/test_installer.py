"""The one-folder app's trimming rules and the frozen app's view of itself (the build runs in .ci/bundle)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fakes.fake_host import FakeHost
from tfgpu.core.probes.pythons import probe_pythons

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "installer"))
import bundle_trim  # noqa: E402


@pytest.mark.parametrize("dest", [
    "PySide6/Qt/lib/libQt6Core.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6DBus.so.6",  # libQt6Gui needs it on Linux
    "PySide6/Qt/lib/libQt6Svg.so.6", "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so", "PySide6\\plugins\\platforms\\qwindows.dll",
    "PySide6\\Qt6Core.dll", "PySide6/Qt/plugins/iconengines/libqsvgicon.so", "libglib-2.0.so.0",
])
def test_what_the_app_needs_is_kept(dest: str):
    assert bundle_trim.keep_binary(dest)


@pytest.mark.parametrize("dest", [
    "PySide6/Qt/lib/libQt6Network.so.6", "PySide6/Qt/lib/libQt6Qml.so.6", "PySide6/Qt/lib/libQt6Pdf.so.6",
    "PySide6\\Qt6Quick.dll", "PySide6/Qt/lib/libQt6OpenGL.so.6", "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so", "PySide6\\plugins\\platforms\\qdirect2d.dll", "libcairo.so.2",
    "libpango-1.0.so.0", "PySide6/Qt/plugins/tls/libqopensslbackend.so",
])
def test_what_only_unused_modules_need_is_dropped(dest: str):
    assert not bundle_trim.keep_binary(dest)


def test_data_trimming_keeps_our_translations_and_drops_tf_metadata():
    assert bundle_trim.keep_data("tfgpu/resources/i18n/tfgpu_zh_CN.qm")
    assert bundle_trim.keep_data("PySide6/Qt/translations/qtbase_zh_CN.qm")
    assert not bundle_trim.keep_data("PySide6/Qt/translations/qtbase_de.qm")
    assert not bundle_trim.keep_data("tensorflow-2.21.0.dist-info/RECORD")
    assert "tensorflow" in bundle_trim.EXCLUDED_MODULES and "PySide6.QtWebEngineCore" in bundle_trim.EXCLUDED_MODULES
    assert not set(bundle_trim.QT_MODULES_USED) & {m.split(".")[-1] for m in bundle_trim.EXCLUDED_MODULES}


@pytest.mark.posix
def test_the_frozen_app_never_takes_itself_for_a_python(linux_host: FakeHost, monkeypatch):
    """sys.executable of the installer's app is dist/tfgpu/tfgpu: running the agent with it would start the app."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    host = FakeHost(root=Path("/"), system="Linux", env={"PATH": "/nonexistent"})  # sees this machine's files
    info = probe_pythons(host)
    assert not any(env.is_self for env in info.envs)
    assert sys.executable not in [argv[0] for argv in host.calls]
