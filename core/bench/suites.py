"""The benchmark's suites and devices: plain names, cheap to import (the CLI's parser reads them)."""

SUITES = ("matmul", "conv2d", "train", "xla", "bandwidth")  # run by default
OPTIONAL_SUITES = ("scaling",)  # run only when asked for (MirroredStrategy over every device)
ALL_SUITES = SUITES + OPTIONAL_SUITES
DEVICES = ("both", "gpu", "cpu")
