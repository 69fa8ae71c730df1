"""Personal details out of everything we export, counted per kind.

What is replaced, and by what (``[kind]``, brackets so a reader sees something was there):

- ``user``: the user's names (login, profile folder, ``USER``/``USERNAME``/``LOGNAME``) anywhere, and
  any name inside a profile path (``C:\\Users\\NAME``, ``/home/NAME``, ``/Users/NAME``), so other
  accounts' paths go too;
- ``host``: this computer's names (``gethostname``, ``COMPUTERNAME``, ``HOSTNAME``, the domain);
- ``gpu-uuid``: ``GPU-…``/``MIG-…`` UUIDs, and any value under a ``uuid`` key;
- ``serial``: board serial numbers (``Serial Number : …``, ``<serial>``, ``"serial": …``, ``serial`` keys);
- ``ip`` and ``mac``: IPv4/IPv6 addresses (loopback kept) and MAC addresses;
- ``email`` and ``credentials``: e-mail addresses, and ``user:password@`` in URLs.

A name that is also a common word (``user``, ``admin``, ``ubuntu``...) or an ASCII name shorter
than 3 characters is only replaced where it is clearly a name: inside a profile path, next to
``@``, or as a UNC host. Otherwise a host called ``vm`` would blank "VM" in every hint. (A
two-character Chinese name is a whole name: it is replaced anywhere.)
A four-part version (cuDNN ``8.9.7.29``) looks like an IPv4 address: strings found under a
version key are remembered first (:meth:`Redactor.remember_versions`) and left alone in text.
"""

from __future__ import annotations

import getpass
import ipaddress
import ntpath
import os
import platform
import posixpath
import re
import socket
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tfgpu.core.markup import strip_controls

KINDS = ("user", "host", "gpu-uuid", "serial", "ip", "mac", "email", "credentials")


def placeholder(kind: str) -> str:
    return f"[{kind}]"


def strip_url_credentials(text: str) -> str:
    """URLs without their ``user:password@``: done even when the user asked for no redaction."""
    return _CREDENTIALS.sub(lambda m: m.group(1) + placeholder("credentials") + "@", text) if "://" in text else text


def always_clean(tree: Any) -> Any:
    """What every export gets, redacted or not: no URL credentials, no control characters (keys too)."""
    if isinstance(tree, str):
        return strip_controls(strip_url_credentials(tree))
    if isinstance(tree, dict):
        return {always_clean(k) if isinstance(k, str) else k: always_clean(v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return [always_clean(v) for v in tree]
    return tree


#: Not personal on their own: replaced only where the context says "a name" (see the module doc).
GENERIC_NAMES = frozenset({
    "user", "users", "admin", "administrator", "root", "guest", "owner", "test", "default", "public",
    "home", "pc", "computer", "desktop", "laptop", "localhost", "localdomain", "ubuntu", "debian", "fedora",
    "kali", "raspberrypi", "runner", "docker", "wsl", "linux", "windows", "nvidia", "python", "conda", "local",
    "workgroup", "system", "all users", "default user", "shared", "nobody",
})
_MIN_FREE_TEXT = 3

_UUID = r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
_GPU_UUID = re.compile(rf"(?<![\w-])(?:GPU|MIG)-{_UUID}(?![\w-])")
_SERIALS = (
    re.compile(r"(?i)\b(serial(?:[ _-]?(?:number|num|no\.?))?\s*[:=#]?\s*)"
               r"(?!N/?A\b|\[N/A\]|\[serial\])([A-Za-z0-9-]*\d[A-Za-z0-9-]{4,})"),
    re.compile(r"(?i)(<serial>\s*)(?!N/A\s*<)([^<\s][^<]*?)(\s*</serial>)"),
    re.compile(r"(?i)(\"[\w-]*serial[\w-]*\"\s*:\s*\")(?!N/A\"|\[serial\])([^\"]+)(\")"),
)
_MAC = re.compile(r"(?<![0-9A-Fa-f:-])(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}(?![0-9A-Fa-f:-])")
_IPV4 = re.compile(r"(?<![\w.\-=])(?:\d{1,3}\.){3}\d{1,3}(?![\w.]|-\d)")
_IPV6 = re.compile(r"(?<![\w:.])(?=[0-9A-Fa-f:]*:[0-9A-Fa-f:]*:)[0-9A-Fa-f:]{2,39}(?:%\w+)?(?![\w:.])")
_EMAIL = re.compile(r"(?<![\w.+-])(?!git@)[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])")
# user:password@ (or a token@) in a URL's authority: up to its last "@" before the path.
_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s?#\"'<>@]*(?:@[^/\s?#\"'<>@]*)*@(?=[^\s@])")
# A profile folder: C:\Users\NAME (any slash, doubled backslashes in JSON/repr text), /home/NAME, /Users/NAME.
_WIN_PROFILE = re.compile(
    r"(?i)(\b[a-z]:(?:\\\\|\\|/)(?:users|documents and settings)(?:\\\\|\\|/))"
    r"([^\\/:;*?\"'<>|\r\n,]+?(?=\\|/)|[^\\/:;*?\"'<>|\s,]+)"
)
_POSIX_PROFILE = re.compile(r"(/(?:home|Users)/)([^/\s:;\"',<>|]+)")
# "bob@DESKTOP-123:~$" once "bob" is known: what follows the "@" is this computer.
_AFTER_USER = re.compile(r"(\[user\]@)(?!\[)([A-Za-z0-9][\w-]*(?:\.[\w-]+)*)")
_NOT_A_USER = frozenset({"public", "default", "all users", "default user", "shared", "[user]", "guest"})
_VERSION_LIKE = re.compile(r"^\d+(?:\.\d+){3}$")
_VERSION_KEY = re.compile(r"(?i)version|distributions")
_UUID_KEY = re.compile(r"(?i)uuid")
_SERIAL_KEY = re.compile(r"(?i)serial")
_HOST_KEY = re.compile(r"(?i)^(hostname|host_name|computer_?name|node)$")
_EMPTY = {"", "n/a", "[n/a]", "none", "null", "not available", "0"}


@dataclass(frozen=True)
class Identity:
    """The names that identify this user and computer."""

    user_names: tuple[str, ...] = ()
    host_names: tuple[str, ...] = ()

    def merged(self, other: Identity) -> Identity:
        return Identity(_unique(self.user_names + other.user_names), _unique(self.host_names + other.host_names))


def _unique(names: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for name in names:
        name = (name or "").strip()
        if name and name.lower() not in seen and not name.startswith("["):
            seen[name.lower()] = name
    return tuple(sorted(seen.values(), key=len, reverse=True))  # longest first: "bob.smith" before "bob"


def identity_from_env(env: Mapping[str, str], home: str = "") -> Identity:
    """Names found in an environment (and a home folder path)."""
    def get(name: str) -> str:
        for key, value in env.items():
            if key.upper() == name:
                return value
        return ""

    users = [get("USER"), get("USERNAME"), get("LOGNAME")]
    for path in (home, get("HOME"), get("USERPROFILE")):
        if path:
            module = ntpath if ("\\" in path or re.match(r"^[A-Za-z]:", path)) else posixpath
            users.append(module.basename(module.normpath(path)))
    hosts = [get("COMPUTERNAME"), get("HOSTNAME"), get("USERDOMAIN"), get("NAME"), get("WSL_HOSTNAME")]
    hosts += [h.split(".")[0] for h in hosts if "." in h]
    return Identity(_unique(users), _unique(hosts))


def this_process_identity() -> Identity:
    """The names of the user running tfgpu and of this computer (never raises)."""
    users: list[str] = []
    hosts: list[str] = []
    try:
        users.append(getpass.getuser())
    except Exception:  # noqa: BLE001 - no user name is fine
        pass
    for read in (socket.gethostname, platform.node):
        try:
            name = read()
        except Exception:  # noqa: BLE001
            continue
        hosts += [name, name.split(".")[0]]
    found = identity_from_env(os.environ, os.path.expanduser("~"))
    return found.merged(Identity(_unique(users), _unique(hosts)))


class Redactor:
    """Replaces personal details in text and in JSON-like trees; ``counts`` says how many of each kind."""

    def __init__(self, identity: Identity | None = None) -> None:
        self.identity = identity or Identity()
        self.counts: Counter[str] = Counter()
        self._keep: set[str] = set()  # four-part versions that look like IPv4 addresses
        self._literals = self._literal_patterns()

    # -- patterns for this user and host -------------------------------------------------
    def _literal_patterns(self) -> list[tuple[re.Pattern[str], str]]:
        patterns: list[tuple[re.Pattern[str], str]] = []
        for kind, names in (("user", self.identity.user_names), ("host", self.identity.host_names)):
            for name in names:
                escaped = re.escape(name)
                distinct = len(name) >= _MIN_FREE_TEXT or not name.isascii()  # "张伟" is a whole name
                if distinct and name.lower() not in GENERIC_NAMES:
                    patterns.append((re.compile(rf"(?i)(?<![A-Za-z0-9]){escaped}(?![A-Za-z0-9])"), kind))
                elif kind == "user":  # "bob@host" only
                    patterns.append((re.compile(rf"(?<![\w.-]){escaped}(?=@[\w-])"), kind))
                else:  # "user@vm", "\\vm\share"
                    patterns.append((re.compile(rf"(?<=@){escaped}(?![\w-])|(?<=\\\\){escaped}(?=\\)"), kind))
        return patterns

    # -- text ----------------------------------------------------------------------------
    def text(self, text: str) -> str:
        if not isinstance(text, str) or len(text) < 2:
            return text
        text = self._sub(_CREDENTIALS, text, "credentials", lambda m: m.group(1) + placeholder("credentials") + "@")
        text = self._sub(_EMAIL, text, "email")
        text = self._sub(_GPU_UUID, text, "gpu-uuid")
        for pattern in _SERIALS:
            text = self._sub(pattern, text, "serial", _keep_around)
        for pattern, kind in self._literals:
            text = self._sub(pattern, text, kind)
        text = self._sub(_AFTER_USER, text, "host", lambda m: m.group(1) + placeholder("host"))
        text = self._sub(_WIN_PROFILE, text, "user", _profile_name)
        text = self._sub(_POSIX_PROFILE, text, "user", _profile_name)
        text = self._sub(_MAC, text, "mac", lambda m: m.group(0) if set(m.group(0)) <= set("0:-") else None)
        text = self._sub(_IPV4, text, "ip", self._ipv4)
        text = self._sub(_IPV6, text, "ip", _ipv6)
        return text

    def _sub(self, pattern: re.Pattern[str], text: str, kind: str, replace=None) -> str:
        """``replace(match)`` gives the new text, or None for the plain placeholder; the
        match itself (unchanged) means "not personal after all"."""
        def one(match: re.Match[str]) -> str:
            new = replace(match) if replace is not None else None
            if new is None:
                new = placeholder(kind)
            if new != match.group(0):
                self.counts[kind] += 1
            return new

        return pattern.sub(one, text)

    def _ipv4(self, match: re.Match[str]) -> str | None:
        found = match.group(0)
        if found in self._keep:
            return found
        try:
            address = ipaddress.IPv4Address(found)
        except ValueError:
            return found
        if address.is_loopback or address.is_unspecified or str(address) == "255.255.255.255":
            return found
        return None

    # -- JSON-like trees -------------------------------------------------------------------
    def remember_versions(self, tree: Any, key: str = "") -> None:
        """Remember four-part version strings (under ``*version*`` keys) so text keeps them."""
        if isinstance(tree, dict):
            for name, item in tree.items():
                self.remember_versions(item, str(name) if not _VERSION_KEY.search(key) else key)
        elif isinstance(tree, list):
            for item in tree:
                self.remember_versions(item, key)
        elif isinstance(tree, str) and _VERSION_KEY.search(key) and _VERSION_LIKE.match(tree):
            self._keep.add(tree)

    def value(self, tree: Any, key: str = "") -> Any:
        """A redacted copy of a JSON-like tree (dict keys are redacted too)."""
        if isinstance(tree, dict):
            return {self.text(str(name)): self.value(item, str(name)) for name, item in tree.items()}
        if isinstance(tree, (list, tuple)):
            return [self.value(item, key) for item in tree]
        if isinstance(tree, str):
            keyed = _keyed_kind(key)
            if keyed and tree.strip().lower() not in _EMPTY and not tree.startswith("["):
                self.counts[keyed] += 1
                return placeholder(keyed)
            return self.text(tree)
        return tree

    def summary(self) -> dict[str, int]:
        """Counts per kind, every kind listed (0 when none was found)."""
        return {kind: int(self.counts.get(kind, 0)) for kind in KINDS}


def _keyed_kind(key: str) -> str | None:
    if _UUID_KEY.search(key):
        return "gpu-uuid"
    if _SERIAL_KEY.search(key):
        return "serial"
    if _HOST_KEY.match(key):
        return "host"
    return None


def _keep_around(match: re.Match[str]) -> str:
    """Serial patterns: keep the label (group 1) and any closing part (group 3)."""
    tail = match.group(3) if (match.re.groups or 0) >= 3 else ""
    return match.group(1) + placeholder("serial") + tail


def _profile_name(match: re.Match[str]) -> str:
    name = match.group(2)
    if name.lower() in _NOT_A_USER or name.startswith("["):
        return match.group(0)
    return match.group(1) + placeholder("user")


def _ipv6(match: re.Match[str]) -> str | None:
    found = match.group(0)
    if len([group for group in found.split("%")[0].split(":") if group]) < 3:
        return found  # "a::b" in C++ names; a real address in a log has more groups
    try:
        address = ipaddress.IPv6Address(found.split("%")[0])
    except ValueError:
        return found
    if address.is_loopback or address.is_unspecified:
        return found
    return None


def redact_tree(tree: Any, identity: Identity) -> tuple[Any, dict[str, int]]:
    """A redacted copy of ``tree`` and the counts per kind."""
    redactor = Redactor(identity)
    redactor.remember_versions(tree)
    return redactor.value(tree), redactor.summary()
