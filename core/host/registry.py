# mypy: disable-error-code="attr-defined"
"""The Windows registry behind an interface. Keys look like ``HKLM\\SOFTWARE\\Python``.

Readers (``subkeys``, ``values``) never raise. The typed value API (``read_value``,
``write_value``, ``delete_value``) is for the appliers in ``core/configure``: it keeps a
value's type (``REG_EXPAND_SZ`` stays expandable) and raises :class:`RegistryError` when
the registry refuses, so a failed write is never mistaken for success.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

# The value types (winreg's constants, so a fake and the real registry agree).
REG_SZ = 1
REG_EXPAND_SZ = 2
REG_DWORD = 4
REG_MULTI_SZ = 7
TYPE_NAMES = {REG_SZ: "REG_SZ", REG_EXPAND_SZ: "REG_EXPAND_SZ", REG_DWORD: "REG_DWORD", REG_MULTI_SZ: "REG_MULTI_SZ"}
STRING_TYPES = (REG_SZ, REG_EXPAND_SZ)
#: Where a user's own environment variables live, and the machine's (changed only by an admin).
USER_ENVIRONMENT = "HKCU\\Environment"
SYSTEM_ENVIRONMENT = "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment"
#: Registry element limits (Microsoft: "Registry element size limits").
MAX_VALUE_NAME = 16_383
MAX_VALUE_BYTES = 1024 * 1024  # the standard hive format's limit for one value's data


class RegistryError(OSError):
    """The registry refused a read or a write (no such hive, access denied, too large)."""


@dataclass(frozen=True)
class RegValue:
    """One registry value: its data and its type (``REG_SZ``, ``REG_EXPAND_SZ``...)."""

    data: object
    kind: int = REG_SZ

    @property
    def type_name(self) -> str:
        return TYPE_NAMES.get(self.kind, f"type {self.kind}")

    @property
    def text(self) -> str | None:
        """The data of a string value; None for other types."""
        return self.data if self.kind in STRING_TYPES and isinstance(self.data, str) else None


class Registry(Protocol):
    """The Windows registry. Keys look like ``HKLM\\SOFTWARE\\Python``."""

    def subkeys(self, key: str) -> list[str]: ...

    def values(self, key: str) -> dict[str, object]: ...

    def read_value(self, key: str, name: str) -> RegValue | None:
        """The value (name compared case-insensitively), None when it or its key does not exist;
        raises RegistryError when it cannot be read."""
        ...

    def write_value(self, key: str, name: str, value: RegValue) -> None:
        """Create or replace a value (the key is created when missing); raises RegistryError."""
        ...

    def delete_value(self, key: str, name: str) -> None:
        """Remove a value; a value that is not there is fine. Raises RegistryError."""
        ...

    def broadcast_environment_change(self) -> bool:
        """Tell running programs (Explorer, new terminals) that the environment changed
        (``WM_SETTINGCHANGE`` with ``"Environment"``); False when it could not be sent."""
        ...


class NoRegistry:
    """The registry of a machine that has none (Linux, macOS)."""

    def subkeys(self, key: str) -> list[str]:
        return []

    def values(self, key: str) -> dict[str, object]:
        return {}

    def read_value(self, key: str, name: str) -> RegValue | None:
        return None

    def write_value(self, key: str, name: str, value: RegValue) -> None:
        raise RegistryError("this machine has no Windows registry")

    def delete_value(self, key: str, name: str) -> None:
        raise RegistryError("this machine has no Windows registry")

    def broadcast_environment_change(self) -> bool:
        return False


class WinRegistry:
    """Reads the real Windows registry through ``winreg``. Never raises:
    a missing key, an unknown hive or a machine without ``winreg`` reads as empty."""

    _HIVES = {"HKLM": "HKEY_LOCAL_MACHINE", "HKCU": "HKEY_CURRENT_USER"}

    def _open(self, key: str):
        import winreg  # type: ignore[unused-ignore]

        hive_name, _, sub = key.partition("\\")
        name = self._HIVES.get(hive_name.upper(), hive_name.upper())
        hive = getattr(winreg, name, None) if name.startswith("HKEY_") else None
        if hive is None:
            raise OSError(f"unknown registry hive: {hive_name}")
        return winreg.OpenKey(hive, sub)

    def subkeys(self, key: str) -> list[str]:
        try:
            import winreg  # type: ignore[unused-ignore]

            with self._open(key) as handle:
                count = winreg.QueryInfoKey(handle)[0]
                return [winreg.EnumKey(handle, i) for i in range(count)]
        except (OSError, ImportError):
            return []

    def values(self, key: str) -> dict[str, object]:
        try:
            import winreg  # type: ignore[unused-ignore]

            with self._open(key) as handle:
                count = winreg.QueryInfoKey(handle)[1]
                return {name: value for name, value, _t in (winreg.EnumValue(handle, i) for i in range(count))}
        except (OSError, ImportError):
            return {}

    # -- typed values (the appliers) -------------------------------------------------
    def _hive_and_sub(self, key: str):
        import winreg  # type: ignore[unused-ignore]

        hive_name, _, sub = key.partition("\\")
        name = self._HIVES.get(hive_name.upper(), hive_name.upper())
        hive = getattr(winreg, name, None) if name.startswith("HKEY_") else None
        if hive is None:
            raise RegistryError(f"unknown registry hive: {hive_name}")
        return winreg, hive, sub

    def read_value(self, key: str, name: str) -> RegValue | None:
        try:
            winreg, hive, sub = self._hive_and_sub(key)
            with winreg.OpenKey(hive, sub, 0, winreg.KEY_READ) as handle:
                data, kind = winreg.QueryValueEx(handle, name)
        except FileNotFoundError:
            return None
        except ImportError as exc:
            raise RegistryError("this machine has no Windows registry") from exc
        except OSError as exc:
            raise RegistryError(f"cannot read {key}\\{name}: {exc}") from exc
        return RegValue(data, kind)

    def write_value(self, key: str, name: str, value: RegValue) -> None:
        try:
            winreg, hive, sub = self._hive_and_sub(key)
            with winreg.CreateKeyEx(hive, sub, 0, winreg.KEY_SET_VALUE) as handle:
                winreg.SetValueEx(handle, name, 0, value.kind, value.data)
        except ImportError as exc:
            raise RegistryError("this machine has no Windows registry") from exc
        except (OSError, TypeError, ValueError) as exc:
            raise RegistryError(f"cannot write {key}\\{name}: {exc}") from exc

    def delete_value(self, key: str, name: str) -> None:
        try:
            winreg, hive, sub = self._hive_and_sub(key)
            with winreg.OpenKey(hive, sub, 0, winreg.KEY_SET_VALUE) as handle:
                winreg.DeleteValue(handle, name)
        except FileNotFoundError:
            return
        except ImportError as exc:
            raise RegistryError("this machine has no Windows registry") from exc
        except OSError as exc:
            raise RegistryError(f"cannot delete {key}\\{name}: {exc}") from exc

    def broadcast_environment_change(self) -> bool:
        """``SendMessageTimeoutW(HWND_BROADCAST, WM_SETTINGCHANGE, 0, "Environment", SMTO_ABORTIFHUNG, 5 s)``."""
        try:
            import ctypes
            from ctypes import wintypes

            result = wintypes.DWORD()
            sent = ctypes.windll.user32.SendMessageTimeoutW(
                wintypes.HWND(0xFFFF), 0x001A, 0, ctypes.c_wchar_p("Environment"), 0x0002, 5000, ctypes.byref(result))
            return bool(sent)
        except Exception:  # noqa: BLE001 - not Windows, or no window station: nothing was told
            return False
