"""Runs one simulation of a plan: smpirun in its own process group (so a
timeout kills the whole run), wall time and peak memory from wait4, then
the outcome read from the exit status and the output. Stores the row in
DIR/runs/NNNN.csv and the output in DIR/logs/NNNN.out and .err."""
import errno
import os
import re
import secrets
# os.wait4 imports 'resource' (its rusage type) at its first call: an
# import then failing for want of a descriptor (too many open files)
# ended the campaign in an ImportError traceback. Imported here, first.
import resource  # noqa: F401
import signal
import threading
import time

import results
import run_watchdog

# Anywhere on its line: after a program's own text that had no line end
# (progress dots on stderr) it is not at the start of one, and the run was
# 'failed' with no time.
SIM_TIME = re.compile(r"\[([0-9]+\.[0-9]+)\] Simulated time: ")
CHECKSUM = re.compile(r"^workload,[^,\n]*,[0-9]+,[^,\n]*,([^,\s]+)\s*$", re.M)
# SimGrid 3.32's smpirun exits 0 after these: they mark a failed run too.
ABORT = "MPI_Abort was called"
DEADLOCK = "Deadlock detected"
# SimGrid's log prefix ("[0.000000] ./src/x.cpp:12: [cat/CRITICAL] "), dropped from notes.
LOG_PREFIX = re.compile(r"^(\[[^]]*\] )?(\S+:[0-9]+: )?\[[^]]+\] ")
ERROR_LINE = re.compile(r"CRITICAL|[Ee]rror|[Uu]nknown|[Aa]ccepted|not found|Cannot|Segmentation|Aborted")
TAIL_BYTES = 8 << 20
NO_TIME = "no 'Simulated time' line in the output"
LINE_HEAD = 200  # characters at each end of a line scan_whole() searches

_running = {}  # pid -> Popen, for kill_all()
_stopped = set()  # pids killed by kill_all(): their runs are 'interrupted'
_stopping = threading.Event()  # set by kill_all(): no run starts any more
_lock = threading.Lock()
_started = []  # a run was started (the line for a signal outside the runs says whether any was killed)


def any_started():
    return bool(_started)

# Every run's processes carry MARK "TOKEN.INDEX" (TOKEN: this process's);
# those that left the run's process group are ended with the run, and by
# the watchdog if the campaign is killed.
_TOKEN = f"{os.getpid()}-{secrets.token_hex(6)}"
_watchdog = run_watchdog.Watchdog(_TOKEN + ".")  # kills the runs if the campaign is killed (called with _lock held)


def mark(what):
    """The MARK word of this campaign's run (or planning call) what."""
    return f"{_TOKEN}.{what}"


def start_watched(argv, cwd, out, err, word):
    """Popen of argv marked with word, in its own process group, known to
    the watchdog before it runs (behind a Gate), as a run is: for the
    planning's calls of smpirun. unwatch(pid) once it has ended."""
    with _lock:
        return _watchdog.popen(argv, word, cwd, out, err)


def unwatch(pid):
    with _lock:
        _watchdog.watch("-", pid)


class NotStarted(Exception):
    """The campaign was stopped before this run started."""


def log_paths(out, index):
    base = os.path.join(out, "logs", f"{index:04d}")
    return base + ".out", base + ".err"


def read_tail(path):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - TAIL_BYTES))
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def scan_whole(path):
    """(the last 'Simulated time' of a whole log or None, the ABORT or
    DEADLOCK text it holds or ''), read a MiB at a time: the last TAIL_BYTES
    alone missed a time line followed by more output (leaked handles
    listed, a wrapper's report at exit), and the run was 'failed'. A line
    is searched for the time by its first and last LINE_HEAD characters
    (SMPI's text ends its line, after whatever the program left on it
    without a line end): memory stays bounded on a line of gigabytes."""
    last, head, tail, before, failed = None, "", "", "", ""

    def line_time(head, tail):
        found = SIM_TIME.findall(tail) or SIM_TIME.findall(head)
        return found[-1] if found else None
    try:
        with open(path, "rb") as f:
            while True:
                chunk = f.read(1 << 20)
                if not chunk:
                    break
                text = chunk.decode("ascii", errors="replace")
                window = before + text  # (a marker across two reads)
                failed = failed or next((m for m in (ABORT, DEADLOCK) if m in window), "")
                before = text[-64:]
                lines = text.split("\n")
                for i, piece in enumerate(lines):
                    if len(head) < LINE_HEAD:
                        head += piece[:LINE_HEAD - len(head)]
                    tail = (tail + piece[-LINE_HEAD:])[-LINE_HEAD:]
                    if i < len(lines) - 1:  # the line ends here
                        last = line_time(head, tail) or last
                        head, tail = "", ""
            if head:  # a last line without its line end
                last = line_time(head, tail) or last
    except OSError:
        pass
    return last, failed


def first_error(text):
    for line in text.splitlines():
        if ERROR_LINE.search(line) and not line.lstrip().startswith("->"):
            return LOG_PREFIX.sub("", line.strip())[:200]
    return ""


# Errors of Popen that are the campaign's lack of a resource (descriptors,
# processes, memory), not the run's: a 'failed' row (exit status 127) was
# a finished run, never run again by --resume once the limit was raised.
# The campaign stops instead, one line, as when it cannot open a log.
SHORTAGE = (errno.EMFILE, errno.ENFILE, errno.EAGAIN, errno.ENOMEM)


def execute(argv, cwd, timeout, out_path, err_path, index=0):
    """-> (exit code or -signal, timed out?, interrupted?, wall seconds, peak
    RSS KiB); NotStarted once the campaign is stopped. When the run's first
    process ends, the others end too: those still in its process group (a
    child left in the background) and those that left it (setsid), found
    by their MARK; they went on running after the run, and after the
    campaign."""
    timed_out = threading.Event()
    word = mark(index)
    with open(out_path, "w") as fo, open(err_path, "w") as fe:
        t0 = time.monotonic()
        with _lock:  # kill_all() either sees this run or has already stopped the campaign
            if _stopping.is_set():
                raise NotStarted()
            try:
                p = _watchdog.popen(argv, word, cwd, fo, fe)
            except OSError as e:
                if e.errno in SHORTAGE:  # the campaign's own limit, not the run's: it would count as finished
                    raise OSError(e.errno, f"cannot start a run: {e.strerror}", argv[0]) from None
                # (e.filename: the runs' directory when it is gone, not smpirun)
                fe.write(f"compare-models: error: cannot start {argv[0]}: {e.filename or argv[0]}: {e.strerror}\n")
                return 127, False, False, 0.0, 0
            _running[p.pid] = p
            if not _started:
                _started.append(p.pid)

        exited = threading.Event()  # its end seen: a timer firing then finds a zombie, no run to time out

        def kill():
            with _lock:
                if p.pid in _running and not exited.is_set():
                    try:
                        os.killpg(p.pid, signal.SIGKILL)
                        timed_out.set()
                    except ProcessLookupError:  # ended just now
                        pass

        timer = threading.Timer(timeout, kill) if timeout else None
        if timer:
            timer.daemon = True  # (an error below left it to keep the process alive up to the timeout)
            timer.start()
        try:
            # Its end seen, not yet reaped: its pid, the group's number,
            # stays taken while the group is killed.
            os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
            with _lock:
                exited.set()
            run_watchdog.end_leftovers(p.pid, word)
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            if timer:
                timer.cancel()
            with _lock:
                del _running[p.pid]
                _watchdog.watch("-", p.pid)
                stopped = p.pid in _stopped
        wall = time.monotonic() - t0
    p.returncode = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return p.returncode, timed_out.is_set() and not stopped, stopped, wall, usage.ru_maxrss


def kill_all():
    """Stops the campaign (Ctrl-C, SIGTERM): kills every running simulation,
    whose run is then 'interrupted', and starts no other."""
    with _lock:
        _stopping.set()
        for pid in list(_running):
            try:
                os.killpg(pid, signal.SIGKILL)
                _stopped.add(pid)
            except ProcessLookupError:
                pass


def outcome(code, timed_out, timeout, out_text, err_text, interrupted=False):
    """-> (status, simulated time or '', note)."""
    times = SIM_TIME.findall(err_text) or SIM_TIME.findall(out_text)
    if interrupted:
        return "interrupted", "", "killed when the campaign was stopped; --resume runs it again"
    if timed_out:
        return "timeout", "", f"killed after {timeout:g} s"
    # (The project's launchers also exit non-zero after these two.)
    if ABORT in err_text:
        return "failed", "", "MPI_Abort was called"
    if DEADLOCK in err_text:
        return "failed", "", "deadlock detected by SimGrid"
    if code != 0:
        how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
        err = first_error(err_text)
        return "failed", "", f"{how}: {err}" if err else how
    if not times:
        return "failed", "", NO_TIME
    return "ok", times[-1], ""


def run(plan, index, out):
    """Runs plan['runs'][index]; returns its result row (also stored), or
    None if the campaign was stopped before it started."""
    r = plan["runs"][index]
    out_path, err_path = log_paths(out, index)
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    try:
        code, timed_out, stopped, wall, rss = execute(r["argv"], plan["cwd"], plan["timeout"], out_path, err_path, index)
    except NotStarted:
        return None
    out_text, err_text = read_tail(out_path), read_tail(err_path)
    status, sim, note = outcome(code, timed_out, plan["timeout"], out_text, err_text, stopped)
    if status == "failed" and note == NO_TIME:  # the time line further back than the tails
        (err_time, err_failed), (out_time, _) = scan_whole(err_path), scan_whole(out_path)
        if err_failed:  # (SimGrid's smpirun exits 0 after these: the run failed, its time or not)
            status, sim, note = outcome(code, timed_out, plan["timeout"], "", err_failed, stopped)
        elif err_time or out_time:
            status, sim, note = "ok", err_time or out_time, ""
    sums = CHECKSUM.findall(out_text)
    row = dict(row_of(r), status=status, exit_code=code, simulated_s=sim,
               checksum=sums[-1] if sums and status == "ok" else "", note=note, wall_s=f"{wall:.3f}",
               peak_rss_kib=rss)
    results.store_run(out, row)
    return row


def row_of(r):
    """The columns a run's row takes from the plan."""
    return {"run": r["index"], "program": r["program"], "platform": r["platform"], "hostfile": r["hostfile"],
            "ranks": r["ranks"], "model": r["model"]}


def store_interrupted(plan, index, out):
    """The row of a run stopped before it started (a Slurm task cancelled
    early): 'interrupted', as if it had been killed."""
    row = dict(row_of(plan["runs"][index]), status="interrupted", exit_code="", simulated_s="", checksum="",
               note="stopped before it started; --resume runs it", wall_s="", peak_rss_kib="")
    results.store_run(out, row)
    return row
