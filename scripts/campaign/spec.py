"""The items a campaign is made of (programs, platforms, rank counts, network
models) and how each one is written, on the command line and in campaign
files alike. Every bad item raises CampaignError with a one-line message that
names where it came from (an option or file:line) and what is accepted."""
import os
import re
import shutil
from dataclasses import dataclass, field

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PLATFORM = os.path.join(REPO, "smpi-examples", "workloads", "default-cluster.xml")
# The default platform's hosts (node-0..7, 4 cores each), for its generated hostfile.
DEFAULT_HOSTS = [f"node-{i}" for i in range(8) for _ in range(4)]
BUILTIN_KERNELS = ("ft", "cg", "lu", "bigdft")
# False under --check-options, which may run before the build.
REQUIRE_BUILT = True
DEFAULT_MODELS = ("contention", "SMPI", "CM02", "LV08", "IB", "loggps")
DEFAULT_RANKS = (32,)
# Rank counts accepted: SimGrid's own counters overflow far past this, and a
# simulation of a million ranks already needs tens of GB.
MAX_RANKS = 1000000
# Wall time after which a run is killed when the campaign sets none (one
# hanging run must not hang the campaign); --timeout / 'timeout' override it.
DEFAULT_TIMEOUT = 3600.0
# Largest --timeout: Python's timers refuse waits past about 9.2e9 s (an
# OverflowError in the timer's thread left the run unbounded).
MAX_TIMEOUT = 1e8
# smpirun options that name a file every run writes: with runs at once, their
# path must hold RUN_PLACEHOLDER, replaced by each run's number.
OUTPUT_KEYS = ("contention/trace", "tracing/filename")
OUTPUT_OPTIONS = ("-trace-file",)
RUN_PLACEHOLDER = "{run}"
# Models whose own options may be written without their prefix
# (contention:technology=gige is --cfg=contention/technology:gige).
OPTION_PREFIX = {"contention": "contention", "loggps": "loggps"}
LABEL = re.compile(r"^([A-Za-z0-9_.+-]+)=(.+)$")


class CampaignError(Exception):
    """A bad option or campaign line: the message is the whole explanation."""


@dataclass
class Program:
    label: str
    argv: list  # absolute path of the binary, then its arguments


@dataclass
class Platform:
    label: str
    path: str
    hostfile: str  # absolute path, or "" for the default platform's generated one
    hostfile_label: str


@dataclass
class Model:
    label: str
    name: str  # the network/model value
    cfg: list = field(default_factory=list)  # smpirun options of this model
    where: str = ""  # option or file:line, for errors found later


def text_of(name):
    """A label taken from a file name or an argument, as text: a byte that
    is not UTF-8 (a Latin-1 file name 'pr\\xf6g', or any non-ASCII name
    under LC_ALL=C) is Python's surrogate escape, which the UTF-8 row
    files refused (a UnicodeEncodeError traceback, the run's row lost); it
    is written \\xNN instead."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def split_label(text, where=""):
    """'LABEL=rest' -> (LABEL, rest); anything else -> (None, text). A label
    of other characters (no '/' or ':' before its '=', so no path or model
    option) is refused: 'débit=./app' was looked for as a file, 'débit=SMPI'
    was called a bad model name, neither saying what a label may hold."""
    m = LABEL.match(text)
    if m:
        return m.group(1), m.group(2)
    left, eq, _ = text.partition("=")
    if eq and left and not any(c in left for c in "/:"):
        raise CampaignError(f"{where}: label '{left}' of '{text}' (accepted: a LABEL of ASCII letters, digits and "
                            f"_ . + -, as in LABEL=...)")
    return None, text


def resolve(base, path):
    """path (~ expanded) from base, absolute, as the kernel finds it: a '..'
    after a symbolic link is the parent of the link's target. (os.path.
    normpath drops a name and its '..' as text: 'lnk/../app' was the ./app
    of base, another program than the shell runs.) The part up to the last
    '..' is resolved on the file system, the rest taken as it is."""
    full = os.path.join(base, os.path.expanduser(path))
    parts = full.split("/")
    if ".." not in parts:
        return os.path.normpath(full)  # ('.' and '//' only: no name dropped)
    last = len(parts) - parts[::-1].index("..")
    return os.path.normpath(os.path.join(os.path.realpath("/".join(parts[:last])), *parts[last:]))


def parse_program(words, where, base, build):
    """words: [LABEL=]COMMAND ARGS... -> Program. COMMAND is a built-in kernel
    name, a path (from base) or an executable on PATH."""
    if not words:
        raise CampaignError(f"{where}: program expects a command, e.g. './app --size 10' or a built-in kernel "
                            f"({', '.join(BUILTIN_KERNELS)})")
    label, cmd = split_label(words[0], where)
    if cmd in BUILTIN_KERNELS:
        path = os.path.join(build, "bin", "workloads", f"{cmd}_like")
        if REQUIRE_BUILT and not os.access(path, os.X_OK):
            raise CampaignError(f"{where}: built-in kernel '{cmd}' is not built ({path} missing; run scripts/setup.sh "
                                f"or set BUILD_DIR)")
    elif "/" in cmd:
        path = resolve(base, cmd)
        if not os.path.isfile(path):
            raise CampaignError(f"{where}: program '{cmd}' not found (looked for {path})")
        if not os.access(path, os.X_OK):
            raise CampaignError(f"{where}: program '{cmd}' is not executable ({path})")
    else:
        path = shutil.which(cmd)
        if not path:
            raise CampaignError(f"{where}: program '{cmd}' is neither a built-in kernel ({', '.join(BUILTIN_KERNELS)}) "
                                f"nor an executable on PATH; give a path such as ./{cmd}")
        path = os.path.abspath(path)
    return Program(label or text_of(os.path.basename(cmd)), [path] + list(words[1:]))


def parse_platform(text, hostfile, where, base):
    """A platform file (or 'default') and its hostfile (None: generated, for
    the default platform only) -> Platform."""
    path = DEFAULT_PLATFORM if text == "default" else resolve(base, text)
    if not os.path.isfile(path):
        raise CampaignError(f"{where}: platform file '{text}' not found (looked for {path}); "
                            f"accepted: a SimGrid platform file or 'default'")
    label = text_of(os.path.splitext(os.path.basename(path))[0])
    if hostfile is None:
        if os.path.realpath(path) != os.path.realpath(DEFAULT_PLATFORM):
            raise CampaignError(f"{where}: platform '{text}' needs a hostfile (only the default platform has a "
                                f"generated one)")
        return Platform(label, path, "", "generated")
    hpath = resolve(base, hostfile)
    if not os.path.isfile(hpath):
        raise CampaignError(f"{where}: hostfile '{hostfile}' not found (looked for {hpath})")
    return Platform(label, path, hpath, text_of(os.path.basename(hpath)))


def parse_ranks(words, where, ranks=None, seen=None):
    """Rank counts (1..MAX_RANKS, each once), appended to ranks if given
    (seen: the set of ranks, kept by a caller that adds many lines)."""
    if not words:
        raise CampaignError(f"{where}: expects at least one rank count, e.g. 4 16")
    ranks = [] if ranks is None else ranks
    seen = set(ranks) if seen is None else seen
    for w in words:
        if not re.fullmatch(r"[1-9][0-9]*", w) or len(w) > len(str(MAX_RANKS)) or int(w) > MAX_RANKS:
            shown = w if len(w) <= 40 else w[:40] + "..."
            raise CampaignError(f"{where}: rank counts are integers from 1 to {MAX_RANKS}, got '{shown}'")
        if int(w) in seen:
            raise CampaignError(f"{where}: rank count {w} is given twice")
        seen.add(int(w))
        ranks.append(int(w))
    return ranks


def parse_model(text, extra, where):
    """[LABEL=]NAME[:key=value,...] plus extra smpirun options -> Model.
    A key without '/' belongs to the model (contention/, loggps/); a key with
    one is any SimGrid option (smpi/bw-factor=1)."""
    label, spec = split_label(text, where)
    name, _, opts = spec.partition(":")
    if not re.fullmatch(r"[A-Za-z0-9_.+-]+", name):
        raise CampaignError(f"{where}: model '{text}' must start with a network model name, e.g. contention, SMPI, "
                            f"contention:technology=gige, gige=contention:technology=gige")
    # The table's reference is the row labelled contention, the figures'
    # SMPI: 'SMPI=CM02' drew CM02's times as SMPI's, 'contention=SMPI' alike.
    if label in DEFAULT_MODELS + ("Constant",) and name != label:
        raise CampaignError(f"{where}: label '{label}' of '{text}' is the name of another network model, which the "
                            f"table and figures take it for (accepted: another LABEL for '{name}', e.g. "
                            f"my-{name}={spec})")
    cfg = []
    for item in opts.split(",") if opts else []:
        key, eq, value = item.partition("=")
        if not eq or not key or not value:
            raise CampaignError(f"{where}: model option '{item}' of '{text}' expects key=value, "
                                f"e.g. contention:technology=gige")
        if "/" not in key:
            if name not in OPTION_PREFIX:
                raise CampaignError(f"{where}: model '{name}' has no options of its own ('{key}'); give a full "
                                    f"SimGrid key such as {name}:network/crosstraffic=0 (short keys: "
                                    f"{', '.join(OPTION_PREFIX)})")
            key = f"{OPTION_PREFIX[name]}/{key}"
        if any(c.startswith(f"--cfg={key}:") for c in cfg):  # SimGrid took the last one, silently
            raise CampaignError(f"{where}: model option '{item.partition('=')[0]}' of '{text}' is given twice "
                                f"(accepted: each key once)")
        cfg.append(f"--cfg={key}:{value}")
    return Model(label or text_of(spec if not extra else f"{spec} {' '.join(extra)}"), name, cfg + list(extra), where)


def check_unique(items, what, where, seen=None):
    """The last item's label is not an earlier one's. seen: the earlier
    labels, kept by a caller that adds many items (linear overall)."""
    seen = {it.label for it in items[:-1]} if seen is None else seen
    if items[-1].label in seen:
        raise CampaignError(f"{where}: two {what}s are labelled '{items[-1].label}'; name them with LABEL=...")
    seen.add(items[-1].label)


def check_unique_platforms(platforms, where, seen=None):
    p = platforms[-1]
    seen = {(q.label, q.hostfile_label) for q in platforms[:-1]} if seen is None else seen
    if (p.label, p.hostfile_label) in seen:
        raise CampaignError(f"{where}: platform '{p.label}' with hostfile '{p.hostfile_label}' is given twice "
                            f"(or two files share these names)")
    seen.add((p.label, p.hostfile_label))


# A plain decimal number: float() also takes '1_0' (10), ' 5' and '٣' (3),
# which a typo then passed as a timeout, silently.
DECIMAL = re.compile(r"([0-9]*\.?[0-9]+|[0-9]+\.)([eE][-+]?[0-9]+)?", re.ASCII)


def parse_timeout(text, where):
    try:
        v = float(text) if DECIMAL.fullmatch(text) else -1
    except ValueError:
        v = -1
    if not 0 < v <= MAX_TIMEOUT:  # (also nan and inf)
        raise CampaignError(f"{where}: timeout is a positive number of seconds up to {MAX_TIMEOUT:g}, got '{text}'")
    return v
