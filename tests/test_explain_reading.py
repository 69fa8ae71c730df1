"""Bounded reading of pasted input: streaming the head and the tail gives the engine exactly the text
(and line numbers) the whole input would, with memory bounded whatever the size; an endless stream
stops at the limit, and one that is not text stops at once."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tfgpu.core.explain import document, reading
from tfgpu.core.explain.document import Clipped


@pytest.fixture
def small(monkeypatch):
    """The same code with a 64-byte head and a 32-byte tail, read 7 bytes at a time."""
    monkeypatch.setattr(document, "HEAD_CHARS", 64)
    monkeypatch.setattr(document, "TAIL_CHARS", 32)
    monkeypatch.setattr(document, "_BYTES_CAP", 96)
    monkeypatch.setattr(reading, "HEAD_CHARS", 64)
    monkeypatch.setattr(reading, "TAIL_CHARS", 32)
    monkeypatch.setattr(reading, "CHUNK_BYTES", 7)


LINES = st.lists(st.text(st.sampled_from("abcxyz 0123.:/é中"), max_size=30), min_size=0, max_size=60)


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(LINES, st.sampled_from(["\n", "\r\n"]))
def test_streamed_input_reads_as_the_whole_input_would(small, lines, newline):
    data = newline.join(lines).encode("utf-8")
    streamed = reading.read_bounded(io.BytesIO(data))
    assert isinstance(streamed, Clipped) == (len(data) > 96)
    whole, part = document.load(data), document.load(streamed)
    assert part.text == whole.text and part.truncated == whole.truncated and part.binary == whole.binary
    for index in range(part.line_count()):
        offset = part._line_starts()[index]
        assert part.line_at(offset) == whole.line_at(offset)


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(LINES)
def test_utf16_input_is_cut_on_whole_characters(small, lines):
    data = "\r\n".join(lines).encode("utf-16")  # PowerShell 5's ">": a BOM, then UTF-16LE
    doc = document.load(reading.read_bounded(io.BytesIO(data)))
    whole = document.load(data)
    assert "\ufffd" not in doc.text
    ours, full = doc.text.split("\n"), whole.text.split("\n")
    if len(ours) > 1:  # whole lines from the start and from the end (a UTF-16 head counts bytes, not characters)
        assert ours[0] == full[0] and full[-1].endswith(ours[-1])  # a last line longer than the tail is cut
        assert set(ours[1:-1]) <= set(full)


def test_the_limit_stops_an_endless_stream(small):
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            buffer[:] = b"y\n" * (len(buffer) // 2) + b"y" * (len(buffer) % 2)
            return len(buffer)

    clipped = reading.read_bounded(Endless(), limit=10_000)
    assert isinstance(clipped, Clipped) and clipped.stopped and clipped.total_bytes == 10_000
    assert len(clipped.head) == 64 and len(clipped.tail) <= 33
    assert document.load(clipped).line_at(len(document.load(clipped).text) - 1) > 4000


def test_input_that_is_not_text_stops_after_the_head():
    clipped = reading.read_bounded(io.BytesIO(b"\0" * (8 * 1024 * 1024)))
    assert isinstance(clipped, Clipped) and clipped.stopped and clipped.total_bytes < 8 * 1024 * 1024
    assert document.load(clipped).binary


def test_the_gui_and_the_cli_share_one_limit():
    from tfgpu.gui.pages.explain import page

    assert page.MAX_FILE_BYTES == reading.MAX_INPUT_BYTES
