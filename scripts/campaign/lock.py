"""One campaign at a time in a results directory: DIR/campaign.lock, held
with flock while the campaign runs or collects (a Slurm campaign: while it
plans; its collect job takes it when the tasks have ended). The kernel drops
the lock when its process ends, however it ends, so a crash leaves no lock
that blocks. (Slurm tasks write their own row only and take no lock.)"""
import atexit
import fcntl
import os

from spec import CampaignError

NAME = "campaign.lock"
_held = []  # the open lock files, kept until the process ends


class Busy(Exception):
    """Another process holds the lock; owner says which, for a message."""

    def __init__(self, owner):
        super().__init__(owner)
        self.owner = owner


def take(out, name):
    """Takes the flock of OUT/name for the rest of the process (OUT made if
    needed), or raises Busy; OSError (naming the file) if it cannot be
    opened. The file holds the owner's process id, for the other's message."""
    path = os.path.join(out, name)
    try:
        os.makedirs(out, exist_ok=True)
        f = open(path, "a+")
    except OSError as e:
        raise OSError(e.errno, e.strerror, e.filename or path) from None
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.seek(0)
        owner = f.read().strip()
        f.close()
        raise Busy(f"process {owner}" if owner.isdigit() else f"see {path}") from None
    try:  # who holds it, for the message above; the lock works without
        f.truncate(0)
        # Straight to the descriptor: a failed buffered write (a full disk,
        # ulimit -f) would be flushed again, and reported, at exit.
        os.write(f.fileno(), f"{os.getpid()}\n".encode())
    except OSError:
        pass
    if not _held:  # closed before the interpreter's end (a ResourceWarning, a traceback under -W error)
        atexit.register(release)
    _held.append(f)


def hold(out):
    """Takes DIR's campaign lock for the rest of the process, or refuses."""
    try:
        take(out, NAME)
    except Busy as e:
        raise CampaignError(f"results directory '{out}' is in use by another campaign ({e.owner}): wait for it "
                            f"to end, or give another --out DIR") from None


def release():
    """Drops the locks this process holds (before waiting on Slurm, whose
    collect job takes the lock)."""
    while _held:
        _held.pop().close()
