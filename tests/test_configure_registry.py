"""WinRegistry's typed value API through a stand-in ``winreg`` module with the real module's call
signatures and errors (the real one exists only on Windows): what is read and written, how a missing
value and a refusal come back, and that NoRegistry refuses writes."""

from __future__ import annotations

import sys
import types

import pytest

from tfgpu.core.host.registry import REG_EXPAND_SZ, NoRegistry, RegistryError, RegValue, WinRegistry


class Winreg(types.ModuleType):
    HKEY_CURRENT_USER = 1
    HKEY_LOCAL_MACHINE = 2
    KEY_READ, KEY_SET_VALUE = 0x20019, 0x0002

    def __init__(self, denied: bool = False) -> None:
        super().__init__("winreg")
        self.store: dict[tuple[int, str], dict[str, tuple[object, int]]] = {(1, "Environment"): {}}
        self.denied = denied
        self.calls: list[tuple] = []

    class _Key:
        def __init__(self, values):
            self.values = values

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    def OpenKey(self, hive, sub, reserved=0, access=0x20019):  # noqa: N802 - winreg's names
        self.calls.append(("OpenKey", hive, sub, access))
        if (hive, sub) not in self.store:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        if self.denied and access != self.KEY_READ:
            raise PermissionError(5, "Access is denied")
        return self._Key(self.store[(hive, sub)])

    def CreateKeyEx(self, hive, sub, reserved=0, access=0x20006):  # noqa: N802
        self.calls.append(("CreateKeyEx", hive, sub, access))
        if self.denied:
            raise PermissionError(5, "Access is denied")
        return self._Key(self.store.setdefault((hive, sub), {}))

    def QueryValueEx(self, key, name):  # noqa: N802
        found = next((v for n, v in key.values.items() if n.lower() == name.lower()), None)
        if found is None:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        return found

    def SetValueEx(self, key, name, reserved, kind, data):  # noqa: N802
        key.values[name] = (data, kind)

    def DeleteValue(self, key, name):  # noqa: N802
        if name not in key.values:
            raise FileNotFoundError(2, "The system cannot find the file specified")
        del key.values[name]


def test_typed_values_round_trip_through_winreg(monkeypatch):
    fake = Winreg()
    monkeypatch.setitem(sys.modules, "winreg", fake)
    reg = WinRegistry()
    assert reg.read_value("HKCU\\Environment", "Path") is None
    reg.write_value("HKCU\\Environment", "Path", RegValue("%USERPROFILE%\\bin", REG_EXPAND_SZ))
    assert reg.read_value("HKCU\\Environment", "path") == RegValue("%USERPROFILE%\\bin", REG_EXPAND_SZ)
    assert ("CreateKeyEx", 1, "Environment", Winreg.KEY_SET_VALUE) in fake.calls
    reg.delete_value("HKCU\\Environment", "Path")
    reg.delete_value("HKCU\\Environment", "Path")  # already gone: fine
    assert reg.read_value("HKCU\\Environment", "Path") is None
    assert reg.read_value("HKCU\\NoSuchKey", "Path") is None
    with pytest.raises(RegistryError, match="unknown registry hive"):
        reg.write_value("HKXX\\Environment", "Path", RegValue("x"))


def test_a_refusal_is_an_error_never_a_silent_success(monkeypatch):
    monkeypatch.setitem(sys.modules, "winreg", Winreg(denied=True))
    reg = WinRegistry()
    with pytest.raises(RegistryError, match="Access is denied"):
        reg.write_value("HKCU\\Environment", "Path", RegValue("x"))
    with pytest.raises(RegistryError, match="Access is denied"):
        reg.delete_value("HKCU\\Environment", "Path")
    assert reg.broadcast_environment_change() is False  # not Windows: nothing could be told


def test_no_registry_refuses_writes():
    reg = NoRegistry()
    assert reg.read_value("HKCU\\Environment", "Path") is None
    with pytest.raises(RegistryError):
        reg.write_value("HKCU\\Environment", "Path", RegValue("x"))
    assert reg.broadcast_environment_change() is False
