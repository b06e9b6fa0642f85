"""A process that outlives its parent and kills the parent's runs.

The campaign and validate.py start each simulation in its own process group
(setsid: out of reach of the terminal's signals), and stop them on any
catchable end. A parent killed with SIGKILL (or by the OOM killer) gets no
such chance: its runs would go on unbounded, their timers gone with it.
The watchdog reads "+PGID" / "-PGID" lines (a run started / ended) and, at
the end of its input (the parent's death closes it), kills the process
groups still listed, and with a mark the processes that carry it.

A run's processes that left its group (setsid, setpgid: a daemon it
started) are found by a mark in their environment, MARK, which every
process of the run inherits: end_marked() kills them when the run ends.
"""

import atexit
import os
import signal
import subprocess
import sys

# The environment variable that marks a run's processes: words
# "TOKEN.INDEX", one per campaign the process runs under (a campaign run by
# a run adds its own word).
MARK = "CONTENTION_CAMPAIGN_RUN"


def marked_environ(word, env=None):
    """env (default os.environ) with word added to MARK (for a run's Popen)."""
    env = os.environ if env is None else env
    former = env.get(MARK)
    return dict(env, **{MARK: f"{former} {word}" if former else word})


def _read(path):
    try:  # (another user's process, or one gone: not ours)
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def _environ(pid):
    """The environment of process pid (a string), b"" if unknown. A
    process whose first thread has ended (pthread_exit in main) shows none
    under its pid while its other threads run: theirs is read (a killed
    process, a zombie, a kernel thread has no other thread)."""
    env = _read(f"/proc/{pid}/environ")
    if env:
        return env
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return b""
    for tid in tids:
        if tid != pid:
            env = _read(f"/proc/{pid}/task/{tid}/environ")
            if env:
                return env
    return b""


def end_marked(word, prefix=False):
    """Kills (SIGKILL) every process of this user whose environment's MARK
    holds word (a word starting with it, with prefix), until none is left
    (a process forking as it is killed leaves a child). Without /proc:
    nothing."""
    key = f"{MARK}=".encode()
    wanted = word.encode(errors="surrogateescape")
    me = os.getpid()
    for _ in range(100):
        found = []
        try:
            names = os.listdir("/proc")
        except OSError:
            return
        for name in names:
            if not name.isdigit() or int(name) == me:
                continue
            env = _environ(name)
            for var in env.split(b"\0"):
                if var.startswith(key):
                    words = var[len(key):].split(b" ")
                    if wanted in words or (prefix and any(w.startswith(wanted) for w in words)):
                        found.append(int(name))
                    break
        if not found:  # (a killed process, a zombie, shows no environment)
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def end_leftovers(pgid, word):
    """Kills what is left of an ended run: its process group, then the
    processes whose MARK holds word."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:  # (none left)
        pass
    end_marked(word)


def watch_main(args):
    """The watchdog: args [MARK_PREFIX]."""
    live = set()
    for line in sys.stdin:
        (live.add if line[0] == "+" else live.discard)(int(line[1:]))
    for pgid in live:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except OSError:
            pass
    if args:
        end_marked(args[0], prefix=True)


# (this module, from its directory given as argv[1]: any path, as bytes)
_SOURCE = "import sys; sys.path.insert(0, sys.argv[1]); import run_watchdog; run_watchdog.watch_main(sys.argv[2:])"


class Watchdog:
    """start() before the first run; the caller serialises the calls."""

    def __init__(self, mark_prefix=None):
        self._proc = None
        self._closed = False  # at exit: no new watchdog
        self._mark_prefix = mark_prefix  # the runs' MARK words start with it: they are ended too

    def start(self):
        """Starts the watchdog, before the first run: started after it, it
        left a run started in between (its fork and exec take milliseconds)
        unknown to it when the parent was killed then."""
        try:
            if self._proc is None and not self._closed:
                here = os.path.dirname(os.path.abspath(__file__))
                args = [self._mark_prefix] if self._mark_prefix else []
                # (-I: the runs' directory, its cwd, is not on its path: a
                # subprocess.py there was imported instead, no watchdog)
                self._proc = subprocess.Popen([sys.executable, "-I", "-c", _SOURCE, here] + args, stdin=subprocess.PIPE,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
                                              start_new_session=True)
                # Ended before the interpreter's own end, which found it
                # running on an open pipe: ResourceWarnings, a traceback
                # under PYTHONWARNINGS=error.
                atexit.register(self.close)
        except OSError:  # no watchdog: a catchable stop still kills the runs
            pass

    def close(self):
        """Ends the watchdog as the parent's end would: the end of its input
        (it kills the groups still listed), then waits for it."""
        self._closed = True
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def popen(self, argv, word, cwd=None, stdout=None, stderr=None, env=None):
        """Popen of argv in its own process group, its processes marked
        with word (marked_environ of env), known to the watchdog before it
        runs: held behind a Gate until watch("+") is sent. The caller
        serialises the calls and sends watch("-") once it has ended."""
        self.start()
        gate = Gate()
        try:
            p = subprocess.Popen(gate.wrap(argv), cwd=cwd, stdin=gate.stdin, stdout=stdout, stderr=stderr,
                                 start_new_session=True, env=marked_environ(word, env))
        except OSError:
            gate.close()
            raise
        self.watch("+", p.pid)
        gate.open()
        return p

    def watch(self, op, pgid):
        """Run group pgid started ('+') or ended ('-')."""
        self.start()
        try:
            if self._proc is not None:
                self._proc.stdin.write(f"{op}{pgid}\n")
                self._proc.stdin.flush()
        except OSError:
            pass


class Gate:
    """Holds a run until the watchdog knows it: the run's command is started
    through `sh -c` that reads a line on its standard input, a pipe written
    once the run's group is registered, then runs the command with its
    input from /dev/null. If the parent dies before (a SIGKILL just after
    the start), the pipe ends without a line and the run exits (status 125)
    instead of running unknown to the watchdog, unbounded."""

    WRAPPER = ["/bin/sh", "-c", 'read -r _ || exit 125; exec "$@" </dev/null', "sh"]

    def __init__(self):
        self._r, self._w = os.pipe()

    def wrap(self, argv):
        """argv behind the gate (give stdin=gate.stdin to Popen)."""
        return self.WRAPPER + list(argv)

    @property
    def stdin(self):
        return self._r

    def open(self):
        """The run may go on (the watchdog knows it)."""
        self.close_read()
        try:
            os.write(self._w, b"go\n")
        finally:
            os.close(self._w)
            self._w = None

    def close_read(self):
        if self._r is not None:
            os.close(self._r)
            self._r = None

    def close(self):
        """After a failed start: both ends."""
        self.close_read()
        if self._w is not None:
            os.close(self._w)
            self._w = None
