"""Fix steps of the findings added with issue 13: present for both shells, built with core/shell.py
(bash commands parsed by real bash; PowerShell cmdlets keep their parameter names bare)."""

from __future__ import annotations

import subprocess

import pytest

from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.findings.fixes_more import BUILDERS, cmdlet

IDS = sorted(BUILDERS)


@pytest.mark.parametrize("finding_id", IDS)
@pytest.mark.parametrize("os_name", ["windows", "linux"])
def test_every_new_finding_has_steps(finding_id, os_name):
    steps = fix_steps(finding_id, FixContext(os=os_name))
    assert steps and all(str(s.text).strip() for s in steps)
    for s in steps:
        if s.command and s.shell is not None and s.shell.value == "bash":
            assert subprocess.run(["bash", "-n", "-c", s.command]).returncode == 0, s.command


def test_numpy_pin_is_quoted_for_bash():
    command = fix_steps("numpy-incompatible", FixContext(os="linux"))[0].command
    assert command == "python3 -m pip install 'numpy<2'"


def test_a_cmdlet_keeps_parameter_names_and_quotes_values():
    assert cmdlet("Get-NetTCPConnection", State="Listen") == "Get-NetTCPConnection -State 'Listen'"
    text = cmdlet("New-ItemProperty", "Force", Path="HKLM:\\x", Name="it's")
    assert text == "New-ItemProperty -Path 'HKLM:\\x' -Name 'it''s' -Force"


def test_long_paths_step_is_powershell_on_any_os():
    step = fix_steps("windows-long-paths", FixContext(os="linux"))[0]
    assert step.shell.value == "powershell" and "LongPathsEnabled" in step.command
