"""Text for a person's terminal, shared by the campaign and validate.py:
file names and inputs made visible on one line, and a standard output
that never ends a report in an encoding traceback."""
import codecs
import errno
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
