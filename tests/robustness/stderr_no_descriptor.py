"""A standard error whose write fails (here /dev/full) while no descriptor
is left (ulimit -n reached, as campaign.few_descriptors does): the
scripts' stderr (console.open_closed_stderr) dropped the message by
opening /dev/null, and that open raised EMFILE from the print itself.
The message now goes nowhere; the program goes on.
usage: stderr_no_descriptor.py SOURCE_DIR"""
import os
import resource
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "scripts", "campaign"))
import console  # noqa: E402

console.open_closed_stderr()
sys.stderr._stream = open("/dev/full", "w")
# (a low limit: the loop below takes every descriptor left)
resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
fds = []
try:
    while True:
        fds.append(os.open(os.devnull, os.O_RDONLY))
except OSError:
    pass
try:
    print("progress", file=sys.stderr, flush=True)
    outcome = None
except OSError as e:
    outcome = e
for fd in fds:
    os.close(fd)
if outcome is not None:
    print(f"FAIL: the message raised {outcome!r}")
    sys.exit(1)
print("a failed standard error with no descriptor left: the message dropped")
