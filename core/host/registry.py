# mypy: disable-error-code="attr-defined"
"""Windows registry readers. Keys look like ``HKLM\\SOFTWARE\\Python``."""

from __future__ import annotations

from typing import Protocol


class Registry(Protocol):
    """A Windows registry reader. Keys look like ``HKLM\\SOFTWARE\\Python``."""

    def subkeys(self, key: str) -> list[str]: ...

    def values(self, key: str) -> dict[str, object]: ...


class NoRegistry:
    """The registry of a machine that has none (Linux, macOS)."""

    def subkeys(self, key: str) -> list[str]:
        return []

    def values(self, key: str) -> dict[str, object]:
        return {}


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
