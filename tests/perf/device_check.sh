#!/bin/bash
# GPU-machine check (run through the device tool; not part of CI): the NVML probe (scan), the monitor under a real
# load beside nvidia-smi dmon, the benchmark's peak figures against a measured matmul, and the profile's GPU sampler.
# The machine has PyTorch but no TensorFlow: the load is a PyTorch matmul loop; tfgpu runs from a symlink tree.
# Writes everything under $OUT (default ./out-device).
set -u
OUT=${OUT:-./out-device}; mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
  export PYTHONPATH=/tmp/site
fi
PKG=/tmp/pkg; rm -rf $PKG; mkdir -p $PKG/tfgpu
cp core/_entry/*.py $PKG/tfgpu/
ln -s "$PWD/core" $PKG/tfgpu/core; ln -s "$PWD/gui" $PKG/tfgpu/gui; ln -s "$PWD/resources" $PKG/tfgpu/resources
export PYTHONPATH=$PKG:${PYTHONPATH:-}
export XDG_DATA_HOME=/tmp/xdg XDG_CONFIG_HOME=/tmp/xdg XDG_CACHE_HOME=/tmp/xdg XDG_STATE_HOME=/tmp/xdg
{ date -u; uname -a; python3 --version; nvidia-smi; nvidia-smi --query-gpu=name,driver_version,memory.total,power.limit,clocks.max.sm,pci.device_id --format=csv; } > "$OUT/machine.txt" 2>&1
cat > /tmp/load.py <<'PY'
import sys, time, torch
idle, busy = float(sys.argv[1]), float(sys.argv[2])
x = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16); keep = torch.empty(int(20e9), dtype=torch.uint8, device="cuda")
torch.cuda.synchronize(); print("allocated", torch.cuda.memory_allocated() / 2**20, "MiB at", time.time(), flush=True)
time.sleep(idle); t0 = time.time(); n = 0
while time.time() - t0 < busy:
    for _ in range(20): y = x @ x
    torch.cuda.synchronize(); n += 20
dt = time.time() - t0; print(f"busy {t0:.1f}-{time.time():.1f}: {n} matmuls, {n * 2 * 8192**3 / dt / 1e12:.0f} TFLOP/s bf16", flush=True)
time.sleep(idle); print("end", time.time(), flush=True)
PY
PART=${1:-all}  # all | nvml (only the NVML cost table and the nvidia-smi captures)
if [ "$PART" = all ]; then
echo "== scan"; timeout 150 python3 -m tfgpu scan --json > "$OUT/scan.json" 2> "$OUT/scan.err"; echo "scan rc=$?"
timeout 150 python3 -m tfgpu scan > "$OUT/scan.txt" 2>&1; echo "scan text rc=$?"
echo "== monitor under load"
nvidia-smi dmon -s pucm -d 1 -c 40 > "$OUT/dmon.txt" 2>&1 &
python3 /tmp/load.py 8 20 > "$OUT/load.txt" 2>&1 &
timeout 60 python3 -m tfgpu monitor --interval 0.5 --duration 38 --csv "$OUT/monitor.csv" --json > "$OUT/monitor.jsonl" 2> "$OUT/monitor.err"; echo "monitor rc=$?"
wait
echo "== peaks vs measured"
cat > /tmp/peak.py <<'PY'
import json, time, torch
name = torch.cuda.get_device_name(0); out = {"torch_name": name}
for dt, label in ((torch.float32, "fp32"), (torch.bfloat16, "bf16"), (torch.float16, "fp16")):
    for tf32 in ((False, True) if dt is torch.float32 else (False,)):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        a = torch.randn(8192, 8192, device="cuda", dtype=dt)
        for _ in range(3): a @ a
        torch.cuda.synchronize(); t = time.perf_counter(); r = 10
        for _ in range(r): a @ a
        torch.cuda.synchronize(); s = (time.perf_counter() - t) / r
        out[label + ("-tf32" if tf32 else "")] = round(2 * 8192**3 / s / 1e12, 1)
print(json.dumps(out, indent=1))
PY
timeout 120 python3 /tmp/peak.py > "$OUT/peaks.json" 2>&1; echo "peak rc=$?"
timeout 60 python3 -m tfgpu kb gpu "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" > "$OUT/kb_gpu.txt" 2>&1
timeout 120 python3 -m tfgpu bench --help > /dev/null 2>&1; timeout 120 python3 -m tfgpu bench > "$OUT/bench.txt" 2>&1; echo "bench rc=$?"
echo "== profile sampler"
cat > /tmp/watch.py <<'PY'
import json, subprocess, sys, time
from tfgpu.core.host import RealHost
from tfgpu.core.profile.gpu_facts import GpuWatch
w = GpuWatch(RealHost()); w.start()
subprocess.run([sys.executable, "/tmp/load.py", "3", "12"], check=False)
print(json.dumps(w.stop(), indent=1, default=str))
PY
timeout 90 python3 /tmp/watch.py > "$OUT/watch.json" 2>&1; echo "watch rc=$?"
fi
echo "== NVML cost per sample (real NVML), and captures for the fakes"
nvidia-smi -q -x > "$OUT/nvidia-smi-q-x.xml" 2>&1; nvidia-smi -q > "$OUT/nvidia-smi-q.txt" 2>&1
timeout 200 python3 tests/perf/bench_monitor_nvml.py --samples 150 --json-out "$OUT/nvml_cost.json" > "$OUT/nvml_cost.txt" 2>&1; echo "nvml idle rc=$?"
python3 /tmp/load.py 1 40 > /dev/null 2>&1 &
sleep 6; timeout 200 python3 tests/perf/bench_monitor_nvml.py --samples 100 --json-out "$OUT/nvml_cost_load.json" > "$OUT/nvml_cost_load.txt" 2>&1; echo "nvml load rc=$?"
wait
tar czf "$OUT/logs.tgz" -C "$OUT" --exclude logs.tgz . 2>/dev/null; ls -la "$OUT"
