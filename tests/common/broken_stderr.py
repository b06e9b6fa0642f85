"""broken_stderr.py PROGRAM ARGS...: runs PROGRAM with a standard error
that is a pipe whose reader is gone (2>&1 | head after head ended), with
SIGPIPE at its default action, as a shell leaves it to its commands."""
import os
import signal
import sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)
r, w = os.pipe()
os.close(r)
os.dup2(w, 2)
os.execvp(sys.argv[1], sys.argv[1:])
