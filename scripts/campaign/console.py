"""Text for a person's terminal, shared by the campaign and validate.py:
file names and inputs made visible on one line, and a standard output
that never ends a report in an encoding traceback."""
import codecs
import errno
import fcntl
import os
import sys


def shown(text):
    """text with its control and invisible characters (a NUL, a byte order
    mark) written as escapes: one visible line."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def _escape(err):
    """An undecodable byte of a file name (a surrogate escape) goes out as
    that byte, a character the output's encoding lacks
    (PYTHONIOENCODING=ascii, a Latin-1 locale) as a backslash escape.
    Python's strict default ended the report in a UnicodeEncodeError
    traceback, even under a UTF-8 locale for the former."""
    text = err.object[err.start:err.end]
    return b"".join(bytes([ord(c) - 0xDC00]) if 0xDC80 <= ord(c) <= 0xDCFF else c.encode("ascii", "backslashreplace")
                    for c in text), err.end


def escape_stdout():
    """Standard output writes with _escape() where its encoding fails.
    OSError (EBADF) if it was closed when Python started (>&-): Python
    then sets sys.stdout to None, and this ended in an AttributeError
    traceback."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "Bad file descriptor (closed when the program started)", "standard output")
    codecs.register_error("contention-console", _escape)
    sys.stdout.reconfigure(errors="contention-console")


class _Nowhere:
    def write(self, text):
        return len(text)

    def flush(self):
        pass


class _Dropping:
    """A standard error whose failed writes (a full disk, a pipe whose
    reader ended: compare-models.sh 2>&1 | head) drop the message and make
    it /dev/null from then on. The first progress line that failed ended
    the campaign: its runs killed, no results.csv, nothing said."""

    def __init__(self, stream):
        self._stream = stream

    def _drop(self):
        try:
            fd = os.open(os.devnull, os.O_WRONLY)
            if fd != 2:
                os.dup2(fd, 2)
                os.close(fd)
            self._stream = open(2, "w", errors="backslashreplace", closefd=False)
        except OSError:  # (no descriptor left: the messages go nowhere)
            self._stream = _Nowhere()

    def write(self, text):
        try:
            return self._stream.write(text)
        except OSError:
            self._drop()
            return len(text)

    def flush(self):
        try:
            self._stream.flush()
        except OSError:
            self._drop()

    def __getattr__(self, name):
        return getattr(self._stream, name)


def open_closed_stderr():
    """A standard error closed when Python started (2>&-) becomes /dev/null.
    Python's sys.stderr then fails on every write (EBADF, or is None): the
    first message ended the program with exit status 1 and nothing written
    (a campaign lost every row, a usage error was not status 2), and the
    next file opened took descriptor 2, so a child's messages went into it.
    Messages are dropped, as the caller asked; statuses and results kept.
    So are they when a write fails later (_Dropping)."""
    try:  # (a wrapper script such as a pyenv shim leaves its own file there, read-only)
        writable = fcntl.fcntl(2, fcntl.F_GETFL) & os.O_ACCMODE != os.O_RDONLY
    except OSError:
        writable = False
    if not writable:
        fd = os.open(os.devnull, os.O_WRONLY)
        if fd != 2:
            os.dup2(fd, 2)
            os.close(fd)
    if not writable or sys.stderr is None:
        sys.stderr = open(2, "w", errors="backslashreplace", closefd=False)
    sys.stderr = _Dropping(sys.stderr)
