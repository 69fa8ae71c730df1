"""A Windows job object around every command: its processes die with the job, and with tfgpu.

The job is created with ``JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE``: when the last handle to it closes,
Windows ends every process in it. tfgpu holds that handle while the command runs, so a crashed or
killed app (Task Manager, a closed console) takes its agents with it; a normal end terminates the
job explicitly. A child that starts a grandchild before it is assigned escapes the job; the
runner's tree kill still covers it on timeout and cancel. Never raises; off Windows it does nothing.
"""

from __future__ import annotations

import ctypes
import subprocess
import sys

JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000
JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS = 9  # JobObjectExtendedLimitInformation


class IoCounters(ctypes.Structure):
    _fields_ = [(name, ctypes.c_ulonglong) for name in (
        "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
        "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]


class BasicLimitInformation(ctypes.Structure):
    """JOBOBJECT_BASIC_LIMIT_INFORMATION."""

    _fields_ = [
        ("PerProcessUserTimeLimit", ctypes.c_int64),  # LARGE_INTEGER
        ("PerJobUserTimeLimit", ctypes.c_int64),
        ("LimitFlags", ctypes.c_uint32),  # DWORD
        ("MinimumWorkingSetSize", ctypes.c_size_t),  # SIZE_T
        ("MaximumWorkingSetSize", ctypes.c_size_t),
        ("ActiveProcessLimit", ctypes.c_uint32),
        ("Affinity", ctypes.c_size_t),  # ULONG_PTR
        ("PriorityClass", ctypes.c_uint32),
        ("SchedulingClass", ctypes.c_uint32),
    ]


class ExtendedLimitInformation(ctypes.Structure):
    """JOBOBJECT_EXTENDED_LIMIT_INFORMATION (144 bytes on 64-bit Windows)."""

    _fields_ = [
        ("BasicLimitInformation", BasicLimitInformation),
        ("IoInfo", IoCounters),
        ("ProcessMemoryLimit", ctypes.c_size_t),
        ("JobMemoryLimit", ctypes.c_size_t),
        ("PeakProcessMemoryUsed", ctypes.c_size_t),
        ("PeakJobMemoryUsed", ctypes.c_size_t),
    ]


def kill_on_close_limits() -> ExtendedLimitInformation:
    info = ExtendedLimitInformation()
    info.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
    return info


class WinJob:
    """The job holding one command's process tree (nothing off Windows)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self._k32 = None
        self._handle = None
        self.kill_on_close = False
        if sys.platform != "win32":
            return
        try:
            from ctypes import wintypes

            k32 = ctypes.WinDLL("kernel32", use_last_error=True)
            k32.CreateJobObjectW.restype = wintypes.HANDLE
            k32.CreateJobObjectW.argtypes = (ctypes.c_void_p, wintypes.LPCWSTR)
            k32.SetInformationJobObject.argtypes = (wintypes.HANDLE, ctypes.c_int, ctypes.c_void_p, wintypes.DWORD)
            k32.AssignProcessToJobObject.argtypes = (wintypes.HANDLE, wintypes.HANDLE)
            k32.TerminateJobObject.argtypes = (wintypes.HANDLE, wintypes.UINT)
            k32.CloseHandle.argtypes = (wintypes.HANDLE,)
            job = k32.CreateJobObjectW(None, None)
            if not job:
                return
            limits = kill_on_close_limits()
            self.kill_on_close = bool(k32.SetInformationJobObject(
                job, JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS, ctypes.byref(limits), ctypes.sizeof(limits)))
            if k32.AssignProcessToJobObject(job, int(proc._handle)):
                self._k32, self._handle = k32, job
            else:
                k32.CloseHandle(job)
        except Exception:  # noqa: BLE001 - no job: only the tree kill is left
            pass

    def kill(self) -> None:
        """Terminate everything still in the job and release it."""
        if self._k32 is None or not self._handle:
            return
        try:
            self._k32.TerminateJobObject(self._handle, 1)
            self._k32.CloseHandle(self._handle)
        except Exception:  # noqa: BLE001
            pass
        self._handle = None
