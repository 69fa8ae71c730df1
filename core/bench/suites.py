"""The benchmark's suites and devices: plain names, cheap to import (the CLI's parser reads them)."""

SUITES = ("matmul", "conv2d", "train", "xla", "bandwidth")
DEVICES = ("both", "gpu", "cpu")
