"""Reading pasted input from a file or a pipe with bounded memory: the head and the tail only.

``tfgpu explain FILE|-`` and the app's "Open file" keep what the engine reads anyway (the first
:data:`~tfgpu.core.explain.document.HEAD_CHARS` bytes and the last
:data:`~tfgpu.core.explain.document.TAIL_CHARS`), count the lines in between so line numbers still
point into the user's file, and stop after :data:`MAX_INPUT_BYTES` (``/dev/zero``, ``yes |``) or as
soon as the head shows the input is not text. Memory stays near 5 MiB whatever comes in.
"""

from __future__ import annotations

from typing import BinaryIO

from tfgpu.core.explain.document import HEAD_CHARS, TAIL_CHARS, Clipped, decode, looks_binary

#: Input beyond this is not read at all (an endless stream, a disk image): the explanation says so.
MAX_INPUT_BYTES = 512 * 1024 * 1024
CHUNK_BYTES = 1024 * 1024


def read_bounded(stream: BinaryIO, limit: int = MAX_INPUT_BYTES) -> bytes | Clipped:
    """All of ``stream`` when it fits in head + tail, else a :class:`Clipped`. Raises OSError as ``read`` does."""
    kept = bytearray()
    while len(kept) <= HEAD_CHARS + TAIL_CHARS:
        chunk = stream.read(CHUNK_BYTES)
        if not chunk:
            return bytes(kept)
        kept += chunk
    head = bytes(kept[:HEAD_CHARS])
    tail = bytearray(kept[HEAD_CHARS:])
    total, skipped = len(kept), 0
    if looks_binary(decode(head[:65536])):
        return _clip(head, tail, skipped, total, stopped=True)  # the engine stops at "binary" anyway
    while total < limit:
        chunk = stream.read(min(CHUNK_BYTES, limit - total))
        if not chunk:
            return _clip(head, tail, skipped, total, stopped=False)
        total += len(chunk)
        tail += chunk
        if len(tail) > 2 * TAIL_CHARS:
            skipped += _drop_front(tail)
    return _clip(head, tail, skipped, total, stopped=bool(stream.read(1)))


def _drop_front(tail: bytearray) -> int:
    """Keep the last TAIL_CHARS bytes (one more when that keeps an even cut: UTF-16 code units stay
    whole); returns the newlines dropped."""
    cut = len(tail) - TAIL_CHARS
    cut -= cut % 2
    if cut <= 0:
        return 0
    dropped = tail.count(b"\n", 0, cut)
    del tail[:cut]
    return dropped


def _clip(head: bytes, tail: bytearray, skipped: int, total: int, *, stopped: bool) -> Clipped:
    skipped += _drop_front(tail)
    return Clipped(head=head, tail=bytes(tail), skipped_lines=skipped, total_bytes=total, stopped=stopped)
