"""pip's Windows long-path error, as pip prints it (its HINT line from pip/_internal/commands/install.py)."""

from __future__ import annotations

from test_explain_fuzz import check

from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.findings.model import Shell

PIP_ERROR = (
    "Installing collected packages: tensorflow-estimator, keras, tensorflow\r\n"
    "ERROR: Could not install packages due to an OSError: [Errno 2] No such file or directory: "
    "'C:\\\\Users\\\\user\\\\AppData\\\\Local\\\\Packages\\\\PythonSoftwareFoundation.Python.3.10_qbz5n2kfra8p0"
    "\\\\LocalCache\\\\local-packages\\\\Python310\\\\site-packages\\\\tensorflow\\\\include\\\\external"
    "\\\\com_github_grpc_grpc\\\\src\\\\core\\\\ext\\\\filters\\\\client_channel\\\\lb_policy\\\\grpclb"
    "\\\\client_load_reporting_filter.h'\r\n"
    "HINT: This error might have occurred since this system does not have Windows Long Path support enabled. "
    "You can find information on how to enable this at https://pip.pypa.io/warnings/enable-long-paths\r\n"
)


def test_long_path_error_is_explained_with_the_registry_fix():
    explanation = explain_text(PIP_ERROR)
    check(explanation)
    assert explanation.kind == "pip-error"
    assert explanation.primary == "windows-long-paths"


def test_the_fix_turns_on_long_paths_in_an_admin_powershell():
    steps = fix_steps("windows-long-paths", FixContext(os="windows"))
    first, alternative = steps[0], next(s for s in steps if s.alternative)
    assert first.shell is Shell.POWERSHELL and first.url
    assert first.command.startswith("New-ItemProperty -Path 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\FileSystem'")
    assert "-Name 'LongPathsEnabled' -Value '1' -PropertyType 'DWORD'" in first.command
    assert alternative.command is None


def test_a_long_path_without_the_hint_is_not_this_finding():
    explanation = explain_text("ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device")
    assert "windows-long-paths" not in [f.id for f in explanation.findings]
