# CI on Windows, by hand (PowerShell): the same as .ci/run - a venv, quality gates, the test suite
# (POSIX-only tests skip on win32), then the one-folder app and its smoke test.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
$env:QT_QPA_PLATFORM = "offscreen"
$env:PIP_DISABLE_PIP_VERSION_CHECK = "1"
function Check($what) { if ($LASTEXITCODE) { throw "$what failed ($LASTEXITCODE)" } }

py -m venv .venv; Check "venv"
$py = ".venv\Scripts\python.exe"
& $py -m pip install -q -e ".[test]" "pyinstaller>=6.10"; Check "pip install"
& .venv\Scripts\ruff.exe check .; Check "ruff"
& $py -m pytest; Check "tests"
& $py installer\build.py; Check "bundle build"
& dist\tfgpu\tfgpu.exe --version; Check "bundle --version"
& dist\tfgpu\tfgpu.exe scan --json --no-tf | Out-Null; Check "bundle scan"
Write-Host "ok"
