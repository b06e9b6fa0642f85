"""Runs of scripts/validate.py: the paper's benchmark pattern (every comm
started together, build/bin/contention-bench-run) through smpirun, one run
per graph, platform and model, several at a time. A run that fails is
recorded as failed with its log, never dropped."""
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from validate_inputs import InputError, Platform

import run_watchdog  # scripts/campaign, on the path (validate.py)
import stopping

MODELS = ("contention", "SMPI", "CM02", "LV08", "IB", "loggps")
STYLES = ("splitduplex", "shared", "fatpipe")
# Wall-time bound of one run (s): the longest run of the list takes about
# 20 s on a loaded 2-core machine; a run 30 times longer is stuck.
DEFAULT_TIMEOUT = 600.0
# Longest single wait: Python's poll() of the run's pipes refuses timeouts
# past about 2.1e6 s (an OverflowError traceback with --timeout 1e20); a
# longer bound is waited for in such steps.
MAX_WAIT = 1e6

# Every run: SMPI factors 1, no cross-traffic, no measured computation (the
# benchmark's own CPU time would make the times depend on the machine), and
# SimGrid's Full update: its default Lazy one can exceed link capacities
# when comms start at one instant, as the benchmark's do (doc/validation.md).
COMMON = ["--cfg=network/crosstraffic:0", "--cfg=smpi/bw-factor:0:1", "--cfg=smpi/lat-factor:0:1",
          "--cfg=smpi/simulate-computation:no", "--cfg=network/optim:Full", "--log=root.thres:warning"]


def model_args(model, technology, platform):
    """technology: NAME[:PARAM=VALUE...] (the testbed's)."""
    args = [f"--cfg=network/model:{model}"]
    if model == "contention":
        name, *pairs = technology.split(":")
        args.append(f"--cfg=contention/technology:{name}")
        args += [f"--cfg=contention/{name}/{k}:{v}" for k, v in (p.split("=", 1) for p in pairs)]
    elif model == "loggps":
        # LogGPS with the testbed's figures, derived by the model from each
        # route (L its latency, g = G its bandwidth's inverse) and SMPI's
        # overheads (0 here); it sets its own factors and refuses
        # smpi/lat-factor.
        return args + [o for o in COMMON if not o.startswith(("--cfg=smpi/bw-factor", "--cfg=smpi/lat-factor"))]
    return args + COMMON


def style_platform(platform, style, gen, out_dir, name):
    """The platform of a testbed in a platform style: the shipped file when it
    already is that style, else the generator's output for the options in its
    header with --sharing STYLE. None when the style does not exist for that
    layout (fatpipe is single-switch only)."""
    opts = dict(platform.gen_options or [])
    if platform.style == style:
        return platform
    if platform.gen_options is None:
        raise InputError(f"{platform.path}: no generator options in its header, cannot derive the {style} style")
    if style == "fatpipe" and opts.get("layout") == "hierarchical":
        return None
    args = [gen]
    for key, value in platform.gen_options:
        if key == "sharing" or (style == "fatpipe" and key in ("bb-bw", "bb-lat", "limiter")):
            continue
        args += [f"--{key}", value]
    path = os.path.join(out_dir, f"{name}-{style}.xml")
    args += ["--sharing", style, "-o", path]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise InputError(f"{platform.path}: deriving the {style} style failed: {r.stderr.strip()}")
    derived = Platform(path)
    # A header the file's elements no longer match (an edited copy given
    # with --platform): the style's column silently held the times of
    # another platform (its latency, bandwidth or hosts).
    mine, theirs = _links(platform), _links(derived)
    if any(abs(a - b) > 1e-9 * max(abs(a), abs(b)) for a, b in zip(mine, theirs)) or mine[2:] != theirs[2:]:
        raise InputError(f"{platform.path}: its <cluster> elements (node links {mine[0]:.12g} B/s, {mine[1]:.12g} s, "
                         f"hosts {'+'.join(map(str, mine[2:]))}) differ from the generator options in its header "
                         f"({theirs[0]:.12g} B/s, {theirs[1]:.12g} s, hosts {'+'.join(map(str, theirs[2:]))}), from "
                         f"which the {style} style is derived; accepted: a header that says how the file was made "
                         f"(regenerate it with contention-platform-gen)")
    return derived


def _links(platform):
    """(node bandwidth, node latency, hosts of each group): what a derived
    style keeps of the platform it stands for."""
    return (platform.bw, platform.lat) + tuple(len(g) for g in platform.groups)


class Run:
    """One smpirun: a graph (tuple of (id, src, dst, size)) on a platform
    under a model. After execute(): times {comm id: seconds} or error."""

    def __init__(self, graph, platform, model, technology):
        self.graph, self.platform, self.model, self.technology = graph, platform, model, technology
        self.times, self.error, self.log = None, None, None

    def key(self):
        return (self.graph, self.platform.path, self.model, self.technology)


# The simulations running (pid -> Popen), each in its own process group
# (setsid): a Ctrl-C or a SIGTERM reaches this process only, which kills
# them.
_running = {}
_lock = threading.Lock()
_stopping = threading.Event()

# Every run's processes carry the mark "TOKEN.INDEX" (run_watchdog.MARK):
# those that left its process group are ended with the run, and by the
# watchdog if this process is killed.
_TOKEN = f"{os.getpid()}-{secrets.token_hex(6)}"
_watchdog = run_watchdog.Watchdog(_TOKEN + ".")  # kills the runs if this process is killed (called with _lock held)


class _Stopped(Exception):
    """A run not started: the validation was stopped."""


def execute(runs, bench_run, work, jobs, timeout=DEFAULT_TIMEOUT):
    """Runs every Run (in parallel, jobs at a time), each killed after
    timeout seconds of wall time; fills times or error. Ctrl-C, SIGTERM
    or SIGHUP kill the running simulations, start no other, and end the
    process with one line and status 128 + the signal (the runs used to go
    on to the last one, Ctrl-C waiting for all of them)."""
    os.makedirs(work, exist_ok=True)
    pool = ThreadPoolExecutor(max_workers=jobs)
    # The first signal stops the runs, a second one during that stop is
    # ignored; a signal ignored at start (nohup's SIGHUP) stays ignored.
    handlers = stopping.stop_on_first_signal(KeyboardInterrupt, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
    try:
        futures = [pool.submit(_one, run, i, bench_run, work, timeout) for i, run in enumerate(runs)]
        for f in futures:
            f.result()
    except KeyboardInterrupt as e:
        signum = e.args[0] if e.args else signal.SIGINT
        with _lock:
            _stopping.set()
            for pid in list(_running):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        pool.shutdown(wait=True, cancel_futures=True)
        print(f"validate: stopped by signal {int(signum)}; the running simulations were killed", file=sys.stderr)
        raise SystemExit(128 + int(signum)) from None
    # (not on the way out after a signal: a default handler back in place
    # let a later signal end the process with its own status)
    for s, h in handlers.items():
        signal.signal(s, h)
    pool.shutdown()


def _run_bounded(cmd, env, timeout, index, tmp):
    """(status, stdout, stderr) of cmd, or status None if it ran longer than
    timeout: then its whole process group (smpirun and its ranks) is killed.
    The run ends when its first process ends, and so do its others, in its
    group or out of it (setsid): its output went through pipes read to
    their end, which such a process held open, so the run was killed at
    the timeout (FAILED though its simulation had ended, the validation
    waiting then for that process, for ever for a daemon); they outlived
    it too. The output goes to files in tmp instead."""
    mark = f"{_TOKEN}.{index}"
    paths = os.path.join(tmp, "run.stdout"), os.path.join(tmp, "run.stderr")
    with open(paths[0], "wb") as fo, open(paths[1], "wb") as fe:
        with _lock:  # the stop either sees this run or comes before it starts
            if _stopping.is_set():
                raise _Stopped()
            p = _watchdog.popen(cmd, mark, stdout=fo, stderr=fe, env=env)
            _running[p.pid] = p
        try:
            timed_out = _wait_bounded(p, timeout, mark)
        finally:
            with _lock:
                del _running[p.pid]
                _watchdog.watch("-", p.pid)
    texts = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            texts.append(f.read())
    return (None if timed_out else p.returncode), texts[0], texts[1]


def _wait_bounded(p, timeout, mark):
    """Waits for p's end, killing its group once timeout has passed; then
    ends what is left of the run. -> whether it was killed at the timeout."""
    deadline = time.monotonic() + timeout
    exited, timed_out = threading.Event(), threading.Event()

    def bound():  # (in steps of MAX_WAIT: Python's waits refuse longer ones)
        while not exited.wait(min(max(deadline - time.monotonic(), 0), MAX_WAIT)):
            if time.monotonic() >= deadline:
                with _lock:
                    if not exited.is_set():
                        try:
                            os.killpg(p.pid, signal.SIGKILL)
                            timed_out.set()
                        except ProcessLookupError:
                            pass
                return

    timer = threading.Thread(target=bound, daemon=True)
    timer.start()
    # Its end seen, not yet reaped: its pid, the group's number, stays
    # taken while the group is killed.
    os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
    with _lock:
        exited.set()
    run_watchdog.end_leftovers(p.pid, mark)
    p.wait()
    timer.join()
    return timed_out.is_set()


def _one(run, index, bench_run, work, timeout):
    base = os.path.join(work, f"run{index:04d}")
    # Every file of a run in UTF-8, as the data files it comes from, whatever
    # the locale: under an ASCII one a comm named 'é' was a UnicodeEncodeError
    # traceback; under Latin-1 its time was read back under another name.
    with open(base + ".graph", "w", encoding="utf-8") as f:
        f.writelines(" ".join(c) + "\n" for c in run.graph)
    tmp = base + ".tmp"
    if any(c.isspace() for c in tmp):  # smpirun splits the hostfile path it gets there: every run failed
        tmp = tempfile.mkdtemp(prefix=f"validate-run{index:04d}-", dir="/tmp")
    os.makedirs(tmp, exist_ok=True)
    graph = base + ".graph"
    if any(c.isspace() for c in graph):  # SimGrid 4.0's smpirun splits the program's arguments too
        graph = os.path.join(tmp, "run.graph")
        shutil.copyfile(base + ".graph", graph)
    # smpirun copies the program into TMPDIR: a private one per run keeps
    # parallel runs from using each other's copies.
    env = dict(os.environ, TMPDIR=tmp)
    cmd = [bench_run, graph, "-platform", run.platform.path] + \
        model_args(run.model, run.technology, run.platform)
    run.log = base + ".log"
    with open(base + ".cmd", "w", encoding="utf-8", errors="surrogateescape") as f:  # (an --out path that is not UTF-8)
        f.write(" ".join(cmd) + "\n")
    try:
        status, stdout, stderr = _run_bounded(cmd, env, timeout, index, tmp)
    except _Stopped:
        return
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    with open(run.log, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(stdout + stderr)
    if status is None:
        run.error = f"killed after {timeout:g} s of wall time (--timeout)"
        return
    if status != 0:
        run.error = f"smpirun failed (status {status})"
        return
    times = {}
    lines = stdout.splitlines()
    if "comm,src,dst,size,start,finish" in lines:
        for line in lines[lines.index("comm,src,dst,size,start,finish") + 1:]:
            f = line.split(",")
            try:
                times[f[0]] = float(f[5]) - float(f[4])
            except (IndexError, ValueError):
                run.error = f"unreadable output line '{line}'"
                return
    missing = [c[0] for c in run.graph if c[0] not in times]
    if missing:
        run.error = f"no time for comm {missing[0]} in the output"
    else:
        run.times = times
