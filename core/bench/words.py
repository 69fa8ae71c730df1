"""A benchmark test in words a newcomer reads ("Convolution, 64 channels, 56×56 image, batch 4"),
as :class:`TrText` (English here, translated by the GUI). The short id stays for the JSON and logs."""

from __future__ import annotations

from typing import Any

from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText

_BANDWIDTH = {
    "d2d": QT_TRANSLATE_NOOP("core", "Memory copy inside the GPU, {mib} MiB"),
    "h2d": QT_TRANSLATE_NOOP("core", "Memory copy from the computer to the GPU, {mib} MiB"),
    "d2h": QT_TRANSLATE_NOOP("core", "Memory copy from the GPU to the computer, {mib} MiB"),
}


def test_words(suite: str, dtype: str | None, params: dict[str, Any]) -> TrText:
    """The test as a sentence fragment; the number type last (float32, float16...)."""
    number_type = dtype or ""
    if suite == "matmul":
        return TrText(QT_TRANSLATE_NOOP("core", "Matrix multiply, {n}×{n} numbers, {dtype}"),
                      n=params.get("n", "?"), dtype=number_type)
    if suite == "conv2d":
        args = {"hw": params.get("hw", "?"), "batch": params.get("batch", "?"), "kernel": params.get("kernel", "?"),
                "dtype": number_type}
        if params.get("cin") == params.get("cout"):
            return TrText(QT_TRANSLATE_NOOP("core", "Convolution, {channels} channels, {hw}×{hw} image, batch {batch} "
                                                    "({kernel}×{kernel} filter, {dtype})"),
                          channels=params.get("cin", "?"), **args)
        return TrText(QT_TRANSLATE_NOOP("core", "Convolution, {cin} to {cout} channels, {hw}×{hw} image, batch {batch} "
                                                "({kernel}×{kernel} filter, {dtype})"),
                      cin=params.get("cin", "?"), cout=params.get("cout", "?"), **args)
    if suite == "train":
        if dtype == "mixed_float16":
            return TrText(QT_TRANSLATE_NOOP("core", "Training a small image model, batch {batch}, mixed precision"),
                          batch=params.get("batch", "?"))
        return TrText(QT_TRANSLATE_NOOP("core", "Training a small image model, batch {batch}, {dtype}"),
                      batch=params.get("batch", "?"), dtype=number_type)
    if suite == "xla":
        if params.get("jit"):
            return TrText(QT_TRANSLATE_NOOP("core", "Training step compiled with XLA, batch {batch}"),
                          batch=params.get("batch", "?"))
        return TrText(QT_TRANSLATE_NOOP("core", "Training step without XLA, batch {batch}"), batch=params.get("batch", "?"))
    if suite == "bandwidth" and params.get("kind") in _BANDWIDTH:
        return TrText(_BANDWIDTH[str(params["kind"])], mib=params.get("mib", "?"))
    words = " ".join(p for p in [suite, number_type, *(f"{k}={v}" for k, v in params.items())] if p)
    return TrText(QT_TRANSLATE_NOOP("core", "Test {name}"), name=words)
