"""Runs a plan on this machine, N simulations at once, with one progress line
per finished run (n/N, the run, its wall time, an ETA). Rows are returned
in plan order whatever order the runs finish in."""
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import simulate
import stopping


def default_jobs():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def clock(seconds):
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def progress_line(done, total, row, elapsed):
    what = f"{row['program']}, {row['ranks']} ranks on {row['platform']}, {row['model']}"
    if row["status"] == "ok":
        outcome = f"{float(row['simulated_s']):.6g} s simulated"
    else:
        outcome = f"{row['status'].upper()} ({row['note']}; logs/{int(row['run']):04d}.err)"
    eta = elapsed * (total - done) / done
    width = len(str(total))
    return (f"[{done:>{width}}/{total}] {what}: {outcome}, {float(row['wall_s']):.1f} s wall "
            f"(elapsed {clock(elapsed)}, ETA {clock(eta)})")


def run_all(plan, out, jobs, quiet, runs=None):
    """Runs the plan's runs (or those of runs, for --resume). On Ctrl-C or a
    signal: stops the campaign (the runs in flight are 'interrupted'), waits
    for their rows to be stored, then lets the exception through."""
    runs = plan["runs"] if runs is None else runs
    total = len(runs)
    if not quiet:
        limit = f"{plan['timeout']:g} s" if plan["timeout"] else "no limit"
        print(f"compare-models: {total} run{'s' if total != 1 else ''}, {jobs} at a time, each killed after {limit} "
              f"of wall time (--timeout), results in {out}", file=sys.stderr, flush=True)
    t0 = time.monotonic()
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(simulate.run, plan, r["index"], out) for r in runs]
        for done, fut in enumerate(stopping.finished_in_turn(futures), 1):  # (as_completed slept through signals)
            row = fut.result()
            if not quiet and row:
                print(progress_line(done, total, row, time.monotonic() - t0), file=sys.stderr, flush=True)
    except BaseException:
        simulate.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
