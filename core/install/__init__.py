"""Carrying out the recommended TensorFlow install, with consent (``tfgpu install``, the install page).

- :mod:`.model`: ``Plan`` (route, target, ordered ``Step``s with exact argv, why, admin/reboot, check),
  ``InstallResult``, ``InstallEvent``;
- :mod:`.routes`: ``plan_route(InstallRequest, host)`` for linux-pip, wsl2-pip, windows-native-tf210, old-gpu,
  cpu and wsl2-setup; :mod:`.choose`: the request from the doctor's recommendation;
- :mod:`.steps`: the step builders (venv, conda, pip, apt, the elevated PowerShell);
- :mod:`.runner`: ``run_install`` (process runner, live lines, pip progress, log, cancel, confirmation);
- :mod:`.safety`: refusals, the interpreter guard (PEP 668), removal of what tfgpu created;
- :mod:`.store`: the registry of created environments, the route waiting for a restart, logs;
- :mod:`.failures`: findings for no disk, no network/proxy, no wheel, conda missing;
- :mod:`.recheck`: the new environment scanned alone.
"""
