"""Ray Data's dispatch on a small cluster: why read_pdfs turns off the op reservation.

    python benchmarks/ray_dispatch.py                 # 2 CPUs, 12 tasks of 0.5 s, 2 runs each
    python benchmarks/ray_dispatch.py --cpus 4 --tasks 24 --seconds 0.25

Runs the same job, N tasks that each keep a CPU busy for S seconds, through
``Dataset.map_batches`` twice: with Ray Data's per-operator resource reservation on (its
default) and off (what ``layoutpdf.ray.read_pdfs`` sets on the Dataset it makes). It prints
the wall time against the ideal (N * S / CPUs), when each worker started its first task, and
the idle gaps between a worker's tasks. Nothing of layoutpdf runs here: this measures Ray
Data alone, so re-run it after a Ray upgrade to see whether the workaround is still needed.

Seen on Ray 2.60, 2 CPUs, 12 x 0.5 s (ideal 3.0 s): reservation on 4.25-4.33 s, the second
worker's first task at 1.0-1.3 s (the op's budget is zero until Ray Data first reads the
cluster's resources, once a second) and 0.1-0.2 s between tasks (a task is submitted only
when the scheduling loop, which waits up to 0.1 s per step, sees a free CPU); reservation
off 3.10-3.11 s, both workers from 0.03 s, about 0.01 s between tasks.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def busy(batch: dict) -> dict:
    """Keep one CPU busy for the batch's `seconds`; report pid and start/end times."""
    seconds = float(batch["seconds"][0])
    start = time.time()
    x = 0
    while time.time() - start < seconds:
        x += 1
    return {"pid": [os.getpid()], "start": [start], "end": [time.time()]}


def run(tasks: int, seconds: float, reservation: bool) -> dict:
    import pyarrow as pa
    import ray.data
    ds = ray.data.from_arrow([pa.table({"seconds": [seconds]}) for _ in range(tasks)])
    ds.context.op_resource_reservation_enabled = reservation
    ds.context.enable_progress_bars = False
    t0 = time.time()
    rows = ds.map_batches(busy, batch_size=None).take_all()
    wall = time.time() - t0
    by_pid: dict[int, list[tuple[float, float]]] = {}
    for r in rows:
        by_pid.setdefault(r["pid"], []).append((r["start"] - t0, r["end"] - t0))
    firsts, gaps = [], []
    for spans in by_pid.values():
        spans.sort()
        firsts.append(spans[0][0])
        gaps += [b[0] - a[1] for a, b in zip(spans, spans[1:])]
    return {"wall": wall, "workers": len(by_pid), "firsts": sorted(firsts),
            "gap_median": statistics.median(gaps) if gaps else 0.0,
            "gap_max": max(gaps) if gaps else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=12)
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray
    import ray.data
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        # start the workers and Ray Data's helper actors before measuring
        ray.data.range(args.cpus, override_num_blocks=args.cpus).map_batches(
            lambda b: b, batch_size=1).take_all()
        ideal = args.tasks * args.seconds / args.cpus
        print(f"Ray {ray.__version__}, {args.cpus} CPUs, {args.tasks} tasks x {args.seconds} s "
              f"(ideal wall {ideal:.2f} s)")
        for _ in range(args.repeat):
            for reservation in (True, False):
                r = run(args.tasks, args.seconds, reservation)
                print(f"  reservation {'on ' if reservation else 'off'}: wall {r['wall']:.2f} s "
                      f"({r['wall'] / ideal:.2f}x ideal), {r['workers']} workers, first task at "
                      f"{', '.join(f'{f:.2f}' for f in r['firsts'])} s, gap between tasks "
                      f"median {r['gap_median']:.3f} s, max {r['gap_max']:.3f} s", flush=True)
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
