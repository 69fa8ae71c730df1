"""Live monitoring: one sampler thread (NVML + psutil) -> frozen samples -> rings, CSV, plots.

Nothing here imports Qt; the GUI reads :class:`~tfgpu.core.monitor.series.MonitorHistory`
and receives frames through a callback.
"""
