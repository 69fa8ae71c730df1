"""The one worker-controller recipe (gui/workers.py) with real QThreads: each policy, failures,
shutdown with a job running, results only after the thread is released, many updates."""

from __future__ import annotations

import logging
import os
import threading
import time

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QThread  # noqa: E402

from tfgpu.gui.workers import JobController, JobFailed, Policy  # noqa: E402

WAIT_MS = 10_000


class Recorder:
    """Everything a controller tells its listeners, in order; and the threads it started."""

    def __init__(self, controller: JobController) -> None:
        self.controller = controller
        self.events: list[tuple[str, object]] = []
        self.threads: list[QThread] = []
        self.busy_at_result: list[bool] = []
        controller.started.connect(self._on_started)
        controller.update.connect(lambda event: self.events.append(("update", event)))
        controller.finished.connect(lambda result: self._result("finished", result))
        controller.failed.connect(lambda message: self._result("failed", message))
        controller.idle.connect(lambda: self.events.append(("idle", None)))

    def _on_started(self) -> None:
        self.events.append(("started", None))
        self.threads.append(self.controller.running_thread())

    def _result(self, kind: str, value: object) -> None:
        # The thread that ran it is already released and finished when a result arrives.
        self.busy_at_result.append(self.controller.is_running() or not self.threads[-1].isFinished())
        self.events.append((kind, value))

    def kinds(self, *wanted: str) -> list[tuple[str, object]]:
        return [event for event in self.events if event[0] in wanted]


@pytest.fixture
def make_controller(qtbot):
    made: list[JobController] = []

    def make(policy: Policy) -> tuple[JobController, Recorder]:
        controller = JobController(policy, f"tfgpu-test-{policy.value}")
        made.append(controller)
        return controller, Recorder(controller)

    yield make
    for controller in made:
        controller.shutdown()
        assert controller.running_thread() is None


def waiting_job(result: object, gate: threading.Event, entered: threading.Event | None = None):
    """A job that waits for ``gate`` (or its cancel) and returns ``(result, cancelled)``."""

    def job(_report, cancel: threading.Event) -> tuple[object, bool]:
        if entered is not None:
            entered.set()
        while not gate.is_set() and not cancel.is_set():
            time.sleep(0.005)
        return result, cancel.is_set()

    return job


def test_single_refuses_a_second_start(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.SINGLE)
    gate = threading.Event()
    assert controller.submit(waiting_job("one", gate)) == 1
    assert controller.is_running() and controller.running_thread().objectName() == "tfgpu-test-single"
    assert controller.submit(waiting_job("two", gate)) == 0  # refused, not queued
    assert not controller.cancel_requested()
    with qtbot.waitSignal(controller.idle, timeout=WAIT_MS):
        gate.set()
    assert seen.kinds("started", "finished", "failed") == [("started", None), ("finished", ("one", False))]
    assert controller.runs_started == 1 and controller.running_thread() is None
    assert seen.busy_at_result == [False] and seen.threads[0].isFinished()
    assert controller.submit(waiting_job("three", gate)) == 2  # idle again: accepted


def test_restart_cancels_the_running_job_and_delivers_only_the_new_one(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.RESTART)
    entered, never = threading.Event(), threading.Event()
    controller.submit(waiting_job("first", never, entered))
    qtbot.waitUntil(entered.is_set, timeout=WAIT_MS)
    first_thread = controller.running_thread()
    done = threading.Event()
    done.set()
    with qtbot.waitSignal(controller.idle, timeout=WAIT_MS):
        assert controller.submit(waiting_job("second", done)) == 2
        assert controller.cancel_requested()  # the first job was asked to stop
        assert controller.running_thread() is first_thread  # the second starts once the first has ended
    assert seen.kinds("started", "finished", "failed") == [
        ("started", None), ("started", None), ("finished", ("second", False))]
    assert controller.runs_started == 2 and first_thread.isFinished() and seen.busy_at_result == [False]


def test_restart_then_cancel_delivers_what_the_stopped_job_has(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.RESTART)
    entered, never = threading.Event(), threading.Event()
    controller.submit(waiting_job("first", never, entered))
    qtbot.waitUntil(entered.is_set, timeout=WAIT_MS)
    with qtbot.waitSignal(controller.finished, timeout=WAIT_MS) as blocker:
        controller.submit(waiting_job("second", never))
        controller.cancel()  # the page's Stop: no restart, and the stopped job's result is shown
    assert blocker.args == [("first", True)]
    qtbot.wait(50)
    assert controller.runs_started == 1 and not controller.is_busy()


def test_newest_drops_stale_results_delivers_the_newest_and_emits_idle(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.NEWEST)
    entered, gate = threading.Event(), threading.Event()
    ran: list[int] = []

    def numbered(n: int):
        def job(report, _cancel) -> int:
            ran.append(n)
            report(("from", n))
            return n
        return job

    controller.submit(waiting_job("first", gate, entered))
    qtbot.waitUntil(entered.is_set, timeout=WAIT_MS)
    numbers = [controller.submit(numbered(n)) for n in range(20)]
    assert numbers == list(range(2, 22)) and controller.latest_request() == 21
    assert controller.is_busy() and not controller.cancel_requested()  # NEWEST lets the running job finish
    with qtbot.waitSignal(controller.idle, timeout=WAIT_MS):
        gate.set()
    assert ran == [19]  # the 19 in between never ran
    assert seen.kinds("finished", "failed", "update", "idle") == [("update", ("from", 19)), ("finished", 19), ("idle", None)]
    assert controller.runs_started == 2 and seen.busy_at_result == [False]


def test_forget_drops_the_running_result_and_still_ends_idle(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.NEWEST)
    entered, never = threading.Event(), threading.Event()
    controller.submit(waiting_job("first", never, entered))
    qtbot.waitUntil(entered.is_set, timeout=WAIT_MS)
    with qtbot.waitSignal(controller.idle, timeout=WAIT_MS):
        controller.submit(waiting_job("pending", never))
        controller.forget()
    assert seen.kinds("finished", "failed") == [] and controller.runs_started == 1


def test_a_job_that_raises_gives_failed_with_its_text(qtbot, make_controller, caplog) -> None:
    controller, seen = make_controller(Policy.SINGLE)

    def broken(_report, _cancel):
        raise ValueError("parser <b>bug</b>")

    with caplog.at_level(logging.ERROR), qtbot.waitSignal(controller.failed, timeout=WAIT_MS) as blocker:
        controller.submit(broken)
    assert blocker.args == ["ValueError: parser <b>bug</b>"]
    assert "tfgpu-test-single failed" in caplog.text  # logged with its traceback, under the thread's name

    def refused(_report, _cancel):
        raise JobFailed("unavailable: no engine")

    qtbot.waitUntil(lambda: not controller.is_running(), timeout=WAIT_MS)
    with qtbot.waitSignal(controller.failed, timeout=WAIT_MS) as blocker:
        controller.submit(refused)
    assert blocker.args == ["unavailable: no engine"]  # exactly the text
    assert seen.busy_at_result == [False, False]


def test_shutdown_with_a_job_running_waits_and_leaves_no_thread(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.RESTART)
    entered, never = threading.Event(), threading.Event()
    controller.submit(waiting_job("first", never, entered))
    qtbot.waitUntil(entered.is_set, timeout=WAIT_MS)
    thread = controller.running_thread()
    controller.submit(waiting_job("pending", never))  # must not start after the shutdown
    assert controller.shutdown() is True
    assert thread.isFinished() and not thread.isRunning() and controller.running_thread() is None
    assert controller.submit(waiting_job("after", never)) == 0 and not controller.is_busy()
    qtbot.wait(100)  # anything still queued arrives now: nothing is delivered after the shutdown
    assert seen.kinds("finished", "failed") == [] and controller.runs_started == 1


def test_shutdown_keeps_waiting_past_its_patience(qtbot, make_controller, caplog) -> None:
    controller, _seen = make_controller(Policy.SINGLE)
    entered = threading.Event()

    def stubborn(_report, _cancel) -> str:  # ignores the cancel
        entered.set()
        time.sleep(0.5)
        return "late"

    controller.submit(stubborn)
    qtbot.waitUntil(entered.is_set, timeout=WAIT_MS)
    thread = controller.running_thread()
    with caplog.at_level(logging.WARNING):
        assert controller.shutdown(patience_ms=50) is True
    assert "tfgpu-test-single still stopping after 50 ms" in caplog.text
    assert thread.isFinished() and controller.running_thread() is None


def test_thousands_of_updates_arrive_in_order_before_the_result(qtbot, make_controller) -> None:
    controller, seen = make_controller(Policy.SINGLE)
    count = 5000

    def chatty(report, _cancel) -> str:
        for i in range(count):
            report(i)
        helper = threading.Thread(target=lambda: [report(-i) for i in range(1, 1001)])  # another thread too
        helper.start()
        helper.join()
        return "done"

    with qtbot.waitSignal(controller.idle, timeout=30_000):
        controller.submit(chatty)
    updates = [value for kind, value in seen.events if kind == "update"]
    assert updates == list(range(count)) + [-i for i in range(1, 1001)]
    assert seen.events[-2:] == [("finished", "done"), ("idle", None)]
