"""Routes on the described machines (fake hosts): from the doctor's recommendation to the steps, their
exact argv, which need administrator rights or a restart; and the runner on them (admin steps only after
their own confirmation, the pause for a restart and the resume after it)."""

from __future__ import annotations

import base64
import re
import shlex
from pathlib import Path

import pytest

from fakes import fake_scan as fs
from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.install import store
from tfgpu.core.install.choose import choose
from tfgpu.core.install.model import ROUTES, RunStatus
from tfgpu.core.install.routes import InstallRequest, plan_route
from tfgpu.core.install.runner import run_install
from tfgpu.core.probes.os_info import WslDistro
from tfgpu.core.shell import Shell, command

RTX_2080S = [("NVIDIA GeForce RTX 2080 SUPER", "7.5")]
CONDA = "C:\\Users\\user\\miniforge3\\Scripts\\conda.exe"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "install"


def windows_scan(build: str = "22631.3447", distros: list[WslDistro] | None = None):
    return fs.scan(fs.os_info("windows", build=build, wsl_distros=distros), fs.driver("591.86", "13.1", RTX_2080S),
                   envs=[fs.env(fs.WIN_PY, "3.10.11", fs.tf_missing(fs.WIN_PY), kind="system")])


def ids(plan) -> list[str]:
    return [step.step_id for step in plan.steps]


def encoded_inner(run_argv: list[str]) -> str:
    """The script the elevated PowerShell runs, decoded from its -EncodedCommand."""
    match = re.search(r"'-EncodedCommand','([A-Za-z0-9+/=]+)'", run_argv[-1])
    assert match, run_argv
    return base64.b64decode(match.group(1)).decode("utf-16-le")


def wsl_answers(host: FakeHost, *, venv_module: bool = True) -> None:
    """wsl.exe as a distribution answers: apt, venv, pip and their checks succeed."""
    def answer(argv) -> FakeCommand:
        if "import ensurepip, venv" in argv:
            return FakeCommand(returncode=0 if venv_module else 1,
                               stderr="" if venv_module else "ModuleNotFoundError: No module named 'ensurepip'")
        if "sys.prefix != sys.base_prefix" in " ".join(argv):
            return FakeCommand(stdout="True\n")
        if list(argv[-2:]) == ["show", "tensorflow"]:
            return FakeCommand(stdout="Name: tensorflow\nVersion: 2.21.0\n")
        if "--version" in argv:
            return FakeCommand(stdout="pip 26.3 from /home/u/tfgpu-tf/lib/python3.12/site-packages/pip\n")
        return FakeCommand(stdout="Progress 10 of 100\nProgress 100 of 100\nSuccessfully installed tensorflow-2.21.0\n")
    host.on("wsl", answer)


# -- Windows without WSL: wsl2-setup -------------------------------------------------------------------


def test_windows_without_wsl_sets_wsl_up_with_admin_and_restart_then_installs_inside(windows_host: FakeHost):
    diagnosis = diagnose(windows_scan())
    assert diagnosis.recommendation.route == "wsl2-setup"
    choice = choose(windows_scan(), diagnosis)
    plan = plan_route(choice.request, windows_host)
    assert plan.ok and plan.location == "wsl:Ubuntu" and plan.tf_spec == "tensorflow[and-cuda]==2.21.*"
    assert ids(plan) == ["wsl-install", "restart", "apt-update", "install-venv-module", "create-venv", "upgrade-pip",
                         "install-tensorflow"]
    wsl = plan.steps[0]
    assert wsl.argv == ["wsl", "--install", "-d", "Ubuntu"] and wsl.command == "wsl '--install' '-d' 'Ubuntu'"
    assert wsl.needs_admin and wsl.needs_reboot and wsl.shell is Shell.POWERSHELL
    assert wsl.run_argv[:2] == ["powershell.exe", "-NoProfile"] and "-Verb RunAs" in wsl.run_argv[-1]
    assert encoded_inner(wsl.run_argv).startswith(wsl.command + "; $code = $LASTEXITCODE")
    assert plan.steps[1].kind.value == "manual" and plan.steps[1].needs_reboot
    assert plan.steps[2].argv == ["wsl", "-d", "Ubuntu", "-u", "root", "--cd", "~", "--exec", "apt-get", "update"]
    assert plan.steps[3].argv[-4:] == ["apt-get", "install", "-y", "python3-venv"]
    assert [s.needs_admin for s in plan.steps] == [True, False, True, True, False, False, False]
    assert plan.steps[4].argv == ["wsl", "-d", "Ubuntu", "--cd", "~", "--exec", "python3", "-m", "venv", "tfgpu-tf"]
    assert plan.steps[6].argv[-4:] == ["install", "--progress-bar", "raw", "tensorflow[and-cuda]==2.21.*"]
    assert plan.steps[6].command.endswith("'tensorflow[and-cuda]==2.21.*'")


def test_the_admin_step_runs_only_after_its_confirmation(windows_host: FakeHost):
    plan = plan_route(InstallRequest(route="wsl2-setup"), windows_host)
    windows_host.on("powershell.exe", FakeCommand(returncode=0))
    asked: list[str] = []
    result = run_install(plan, windows_host, confirm=lambda step: asked.append(step.step_id) or False)
    assert result.status is RunStatus.DECLINED and asked == ["wsl-install"]
    assert windows_host.calls == [] and plan.steps[0].command in str(result.message)
    assert store.load_pending() is None and store.load_records() == []


def test_after_the_restart_the_route_resumes_inside_wsl(windows_host: FakeHost):
    plan = plan_route(InstallRequest(route="wsl2-setup"), windows_host)
    windows_host.on("powershell.exe", FakeCommand(returncode=0))
    result = run_install(plan, windows_host, confirm=lambda step: True)
    assert result.status is RunStatus.RESTART and [s.status for s in result.steps] == ["ok", "handed-over"]
    assert windows_host.calls[0][0] == "powershell.exe"  # elevated: the UAC prompt is Windows' own
    pending = store.load_pending()
    assert pending.route == "wsl2-pip" and pending.distro == "Ubuntu" and pending.target == "tfgpu-tf"

    # Windows restarted; the app (or `tfgpu install`) is opened again.
    wsl_answers(windows_host, venv_module=False)
    choice = choose(windows_scan(distros=[WslDistro(name="Ubuntu", version=2, default=True)]), None,
                    pending=store.load_pending())
    assert choice.request.resumed and choice.request.route == "wsl2-pip"
    resumed = plan_route(choice.request, windows_host)
    assert ids(resumed) == ["apt-update", "install-venv-module", "create-venv", "upgrade-pip", "install-tensorflow"]
    asked: list[str] = []
    done = run_install(resumed, windows_host, confirm=lambda step: asked.append(step.step_id) or True)
    assert done.status is RunStatus.DONE, done.findings
    assert asked == ["apt-update", "install-venv-module"]
    assert store.load_pending() is None
    record = store.find_record("tfgpu-tf", "wsl:Ubuntu")
    assert record is not None and record.status == "complete"


# -- Windows with a WSL 2 distribution: wsl2-pip -----------------------------------------------------------


def test_windows_with_a_wsl2_distribution_installs_inside_it_without_admin(windows_host: FakeHost):
    scan = windows_scan(distros=[WslDistro(name="Ubuntu-22.04", version=2, default=True)])
    diagnosis = diagnose(scan)
    assert diagnosis.recommendation.route == "wsl2-pip"
    wsl_answers(windows_host)
    plan = plan_route(choose(scan, diagnosis).request, windows_host)
    assert ids(plan) == ["create-venv", "upgrade-pip", "install-tensorflow"]
    assert not any(s.needs_admin or s.needs_reboot for s in plan.steps)
    assert plan.steps[0].argv[:7] == ["wsl", "-d", "Ubuntu-22.04", "--cd", "~", "--exec", "python3"]
    assert plan.steps[2].check.argv[-3:] == ["pip", "show", "tensorflow"]


# -- native Windows with conda: windows-native-tf210 ---------------------------------------------------


def conda_machine(host: FakeHost) -> None:
    host.mkdir("C:\\Users\\user\\miniforge3\\conda-meta")
    host.write(CONDA, b"MZ")


def test_old_windows_gets_tf210_in_a_conda_env_with_cuda_and_cudnn_from_conda_forge(windows_host: FakeHost):
    scan = windows_scan(build="19041.1415")  # below WSL 2's GPU minimum (19044)
    diagnosis = diagnose(scan)
    assert diagnosis.recommendation.route == "windows-native-tf210"
    conda_machine(windows_host)
    plan = plan_route(choose(scan, diagnosis).request, windows_host)
    assert plan.ok and ids(plan) == ["conda-create", "upgrade-pip", "install-tensorflow"]
    target = "C:\\Users\\user\\tfgpu-envs\\tf2.10-conda"
    assert plan.target == target and plan.python == target + "\\python.exe"
    assert plan.steps[0].argv == [CONDA, "create", "-p", target, "--override-channels", "-c", "conda-forge", "-y",
                                  "python=3.10", "cudatoolkit=11.2", "cudnn=8.1"]
    assert plan.steps[0].command == command(plan.steps[0].argv, Shell.POWERSHELL)
    assert plan.steps[0].command.startswith("& 'C:\\Users\\user\\miniforge3\\Scripts\\conda.exe' 'create' '-p' ")
    assert plan.steps[2].argv[-2:] == ["tensorflow==2.10.*", "numpy<2"]
    assert plan.steps[2].command.endswith("'tensorflow==2.10.*' 'numpy<2'")  # PowerShell: literal, no redirection
    assert not any(s.needs_admin for s in plan.steps)


def test_without_conda_the_native_route_says_so_with_the_miniforge_link(windows_host: FakeHost):
    plan = plan_route(InstallRequest(route="windows-native-tf210"), windows_host)
    assert not plan.ok and plan.problems[0].id == "conda-missing"
    assert any("Miniforge3-Windows-x86_64.exe" in (s.url or "") for s in plan.problems[0].fix)
    result = run_install(plan, windows_host)
    assert result.status is RunStatus.REFUSED and windows_host.calls == []


def test_cpu_route_on_windows_is_a_venv_with_scripts_python(windows_host: FakeHost):
    windows_host.on("python.exe", FakeCommand(stdout="3.12\n"))
    plan = plan_route(InstallRequest(route="cpu", base_python="C:\\Python312\\python.exe",
                                     target="D:\\envs\\tf"), windows_host)
    assert plan.python == "D:\\envs\\tf\\Scripts\\python.exe" and plan.tf_spec == "tensorflow"
    assert plan.steps[0].command == "& 'C:\\Python312\\python.exe' '-m' 'venv' 'D:\\envs\\tf'"


# -- Linux and inside WSL ----------------------------------------------------------------------------------


def test_inside_wsl_the_route_is_a_local_venv_and_a_missing_venv_module_is_an_admin_step(linux_host: FakeHost):
    system_py = linux_host.write("/usr/bin/python3.12", b"", executable=True)
    linux_host.write("/usr/bin/apt-get", b"", executable=True)
    linux_host.on(system_py, FakeCommand(returncode=1, stderr="ModuleNotFoundError: No module named 'ensurepip'"))
    scan = fs.scan(fs.os_info("wsl"), fs.driver("591.86", "13.1", RTX_2080S),
                   envs=[fs.env(system_py, "3.12.3", fs.tf_missing(system_py), kind="system")])
    diagnosis = diagnose(scan)
    assert diagnosis.recommendation.route == "wsl2-pip"
    plan = plan_route(choose(scan, diagnosis).request, linux_host)
    assert plan.location == "local" and plan.base_python == system_py
    assert ids(plan) == ["install-venv-module", "create-venv", "upgrade-pip", "install-tensorflow"]
    admin = plan.steps[0]
    assert admin.needs_admin and admin.argv == ["sudo", "apt-get", "install", "-y", "python3.12-venv"]
    assert admin.run_argv == ["sudo", "-n", "apt-get", "install", "-y", "python3.12-venv"]  # no desktop: no prompt
    for step in plan.steps:  # every bash command shown is exactly its argv
        assert shlex.split(step.command) == step.argv
    assert plan.steps[1].argv == [system_py, "-m", "venv", "/home/user/tfgpu-envs/tf2.21-gpu"]


def test_on_a_desktop_the_admin_step_asks_through_pkexec(linux_host: FakeHost):
    system_py = linux_host.write("/usr/bin/python3.12", b"", executable=True)
    linux_host.write("/usr/bin/apt-get", b"", executable=True)
    linux_host.write("/usr/bin/pkexec", b"", executable=True)
    linux_host.env["DISPLAY"] = ":0"
    linux_host.on(system_py, FakeCommand(returncode=1))
    plan = plan_route(InstallRequest(route="linux-pip", base_python=system_py), linux_host)
    assert plan.steps[0].run_argv[0] == "pkexec"


def test_an_old_gpu_gets_the_last_build_with_its_code_and_numpy_1(linux_host: FakeHost):
    py = linux_host.write("/usr/bin/python3.11", b"", executable=True)
    linux_host.on(py, FakeCommand(stdout="3.11\n"))
    plan = plan_route(InstallRequest(route="old-gpu", compute_capability="3.5", pythons=[(py, "3.11")]), linux_host)
    assert plan.tf_version == "2.14.0" and plan.tf_spec == "tensorflow[and-cuda]==2.14.* numpy<2"
    assert "compute capability 3.5" in str(plan.notes[0])
    too_old = plan_route(InstallRequest(route="old-gpu", compute_capability="3.0", pythons=[(py, "3.11")]), linux_host)
    assert not too_old.ok


def test_no_python_with_a_wheel_is_a_no_wheel_finding_naming_the_versions(linux_host: FakeHost):
    py = linux_host.write("/usr/bin/python3.8", b"", executable=True)
    plan = plan_route(InstallRequest(route="linux-pip", pythons=[(py, "3.8")]), linux_host)
    assert plan.problems[0].id == "install-no-wheel" and "3.13" in str(plan.problems[0].detail)


# -- the recommendation as the default --------------------------------------------------------------------


def test_the_default_route_follows_the_doctor():
    no_gpu = fs.scan(fs.os_info("linux"), fs.driver(reason="no-device"), envs=[fs.env(fs.LINUX_PY, "3.11.9", kind="system")])
    assert diagnose(no_gpu).recommendation.route == "no-nvidia-gpu"
    assert choose(no_gpu, diagnose(no_gpu)).request.route == "cpu"
    ready = fs.scan(fs.os_info("linux"), envs=[fs.env(fs.LINUX_PY, "3.11.9", fs.tf_ok(fs.LINUX_PY, "2.21.0"))])
    choice = choose(ready, diagnose(ready))
    assert choice.request is None and "Nothing to install" in str(choice.reason)
    linux = fs.scan(fs.os_info("linux"), fs.driver(gpus=RTX_2080S), envs=[fs.env(fs.LINUX_PY, "3.12.3", kind="system")])
    request = choose(linux, diagnose(linux)).request
    assert request.route == "linux-pip" and request.tf_version == "2.21.0" and request.pythons[0][0] == fs.LINUX_PY
    assert choose(linux, diagnose(linux), route="cpu").request.tf_version is None


def test_every_route_plans_on_both_systems_without_raising(windows_host: FakeHost, linux_host: FakeHost):
    from tfgpu.core.cli.install import ROUTE_NAMES

    assert ROUTE_NAMES == ROUTES
    for host in (windows_host, linux_host):
        for route in ROUTES:
            plan = plan_route(InstallRequest(route=route, compute_capability="7.5"), host)
            assert plan.ok or plan.problems
    with pytest.raises(ValueError):
        plan_route(InstallRequest(route="magic"), linux_host)


def test_a_failed_admin_step_says_to_run_it_by_hand(linux_host: FakeHost):
    system_py = linux_host.write("/usr/bin/python3.12", b"", executable=True)
    linux_host.write("/usr/bin/apt-get", b"", executable=True)
    linux_host.on(system_py, FakeCommand(returncode=1))
    linux_host.on(system_py, FakeCommand(stdout="3.12\n"), args=["import sys; print('%d.%d' % sys.version_info[:2])"])
    plan = plan_route(InstallRequest(route="cpu", base_python=system_py, target=str(linux_host.root / "env")),
                      linux_host)
    linux_host.on("sudo", FakeCommand(returncode=1, stderr="sudo: a password is required\n"))
    result = run_install(plan, linux_host, confirm=lambda step: True)
    assert result.status is RunStatus.FAILED and result.steps[0].step_id == "install-venv-module"
    detail = str(result.findings[0].detail)
    assert "a password is required" in detail and "sudo apt-get install -y python3.12-venv" in detail
    assert not result.incomplete  # nothing was created yet


def test_a_missing_driver_is_said_with_the_plan_and_the_install_goes_on(linux_host: FakeHost):
    py = linux_host.write("/usr/bin/python3.12", b"", executable=True)
    linux_host.on(py, FakeCommand(returncode=0))
    scan = fs.scan(fs.os_info("linux"), fs.driver(reason="driver-not-found"),
                   envs=[fs.env(py, "3.12.3", fs.tf_missing(py), kind="system")])
    diagnosis = diagnose(scan)
    assert diagnosis.recommendation.route == "linux-pip"
    plan = plan_route(choose(scan, diagnosis).request, linux_host)
    assert plan.ok and "The GPU needs this too" in str(plan.notes[0]) and "driver" in str(plan.notes[0]).lower()


def test_the_removal_command_of_an_interrupted_wsl_install_names_its_distribution():
    from tfgpu.core.install.failures import interrupted

    assert interrupted("tfgpu-tf", "wsl:Ubuntu", windows=True).fix[0].command.endswith("'wsl:Ubuntu:tfgpu-tf'")
