"""A process that outlives its parent and kills the parent's runs.

The campaign and validate.py start each simulation in its own process group
(setsid: out of reach of the terminal's signals), and stop them on any
catchable end. A parent killed with SIGKILL (or by the OOM killer) gets no
such chance: its runs would go on unbounded, their timers gone with it.
The watchdog reads "+PGID" / "-PGID" lines (a run started / ended) and, at
the end of its input (the parent's death closes it), kills the process
groups still listed.
"""

import subprocess
import sys

_SOURCE = r"""
import os, signal, sys
live = set()
for line in sys.stdin:
    (live.add if line[0] == "+" else live.discard)(int(line[1:]))
for pgid in live:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass
"""


class Watchdog:
    """Started at the first run; the caller serialises watch() calls."""

    def __init__(self):
        self._proc = None

    def watch(self, op, pgid):
        """Run group pgid started ('+') or ended ('-')."""
        try:
            if self._proc is None:
                self._proc = subprocess.Popen([sys.executable, "-c", _SOURCE], stdin=subprocess.PIPE,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
                                              start_new_session=True)
            self._proc.stdin.write(f"{op}{pgid}\n")
            self._proc.stdin.flush()
        except OSError:  # no watchdog: a catchable stop still kills the runs
            pass
