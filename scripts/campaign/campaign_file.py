"""Reads a campaign file: one 'key value...' line per item, '#' comments,
shell-like quoting; paths are relative to the file's own directory.
Documented in doc/comparison.md ("Campaign files"). UTF-8 text (a leading
byte order mark is dropped); time linear in the file size."""
import codecs
import os
import re
import shlex

import spec
from spec import CampaignError

KEYS = ("program", "platform", "ranks", "model", "timeout", "smpirun", "smpirun-option", "slurm")
SLURM_KEYS = ("partition", "time", "option", "setup", "max-parallel")
# Keys that take one value (the others add to a list).
SINGLE_KEYS = ("timeout", "smpirun")
SINGLE_SLURM_KEYS = ("partition", "time", "max-parallel")
# Slurm --time formats: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS.
# The most a campaign file may hold: /dev/zero or a wrong file of gigabytes
# is refused at once instead of filling the memory.
MAX_BYTES = 16 << 20
# (ASCII digits: \d alone takes '٣', which sbatch refuses at submission.)
SLURM_TIME = re.compile(r"^(\d+|\d+:\d\d|\d+:\d\d:\d\d|\d+-\d+|\d+-\d+:\d\d|\d+-\d+:\d\d:\d\d)$", re.ASCII)


def empty_settings():
    return {"programs": [], "platforms": [], "ranks": [], "models": [], "timeout": None, "smpirun": None,
            "smpirun_args": [], "slurm": empty_slurm()}


def empty_slurm():
    return {"partition": None, "time": None, "options": [], "setup": [], "max_parallel": None}


def parse_slurm(words, slurm, where):
    """slurm KEY VALUE... -> slurm settings (shared with the command line)."""
    if not words or words[0] not in SLURM_KEYS:
        got = words[0] if words else ""
        raise CampaignError(f"{where}: unknown slurm setting '{got}' (accepted: {', '.join(SLURM_KEYS)})")
    key, rest = words[0], words[1:]
    if not rest or (key != "setup" and "" in rest):  # (an empty one reached sbatch: '#SBATCH --partition=')
        raise CampaignError(f"{where}: slurm {key} expects a value{', got an empty one' if rest else ''}")
    if key != "setup" and any(c in w for w in rest for c in "\n\r"):
        # a line end in an #SBATCH line made the rest a command of the job script
        raise CampaignError(f"{where}: slurm {key} holds a line end; accepted: a value on one line")
    if key == "setup":
        slurm["setup"].append(shlex.join(rest) if len(rest) > 1 else rest[0])
    elif key == "option":
        slurm["options"].extend(rest)
    elif len(rest) != 1:
        raise CampaignError(f"{where}: slurm {key} expects one value, got {len(rest)}")
    elif key == "time":
        if not SLURM_TIME.match(rest[0]):
            raise CampaignError(f"{where}: slurm time '{rest[0]}' is not a Slurm time (accepted: MINUTES, MM:SS, "
                                f"HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS)")
        slurm["time"] = rest[0]
    elif key == "max-parallel":
        if not re.fullmatch(r"[1-9][0-9]*", rest[0]):
            raise CampaignError(f"{where}: slurm max-parallel expects a positive integer, got '{rest[0]}'")
        slurm["max_parallel"] = int(rest[0])
    else:
        slurm["partition"] = rest[0]


# One piece of a line, as a POSIX shell reads it: blanks, a comment, a
# '...' or "..." string, a backslash escape, or plain characters. A '#'
# starts a comment at the start of a word only, as in a shell (shlex.split
# also ends the line at 'a#b': './app --color=#fff' lost '#fff' silently,
# while --program kept it). shlex itself grows each word one character at
# a time, in time quadratic in the word's length.
PIECE = re.compile(r"""(?P<blank>[ \t\r\n]+)|(?P<comment>\#)|'(?P<single>[^']*)'|"(?P<double>(?:[^"\\]|\\.)*)"|"""
                   r"""\\(?P<escaped>.)|(?P<plain>[^ \t\r\n'"\\\#]+)""", re.S)
DOUBLE_ESCAPE = re.compile(r'\\(["\\])')  # inside "...", only \" and \\ are escapes


def split_words(line):
    """A line -> its words, as a POSIX shell splits them (shlex.split(line,
    comments=True) but for a '#' inside a word, which is kept)."""
    words, parts, quoted, i = [], [], False, 0
    while i < len(line):
        m = PIECE.match(line, i)
        if m is None:
            raise ValueError("No escaped character" if line[i] == "\\" else "No closing quotation")
        kind, i = m.lastgroup, m.end()
        if kind == "comment" and (parts or quoted):  # inside a word: a character of it
            parts.append("#")
        elif kind in ("blank", "comment"):
            if parts or quoted:
                words.append("".join(parts))
            parts, quoted = [], False
            if kind == "comment":
                return words
        elif kind == "double":
            parts.append(DOUBLE_ESCAPE.sub(r"\1", m.group(kind)))
            quoted = True
        else:
            parts.append(m.group(kind))
            quoted = quoted or kind == "single"
    if parts or quoted:
        words.append("".join(parts))
    return words


def read_lines(path):
    """The file's lines: UTF-8 text without NUL bytes, else one-line errors."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise CampaignError(f"campaign file '{path}': {e.strerror}")
    if len(data) > MAX_BYTES:
        raise CampaignError(f"campaign file '{path}': more than {MAX_BYTES >> 20} MiB (a campaign file is text: "
                            f"'key value...' lines)")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise CampaignError(f"{path}:{line}: not UTF-8 text (byte 0x{data[e.start]:02X}); save the campaign file as "
                            f"UTF-8")
    nul = text.find("\0")
    if nul >= 0:
        raise CampaignError(f"{path}:{text.count(chr(10), 0, nul) + 1}: NUL byte in the line (a campaign file is "
                            f"text: 'key value...' lines)")
    # A carriage return ends a line only before a newline (CRLF): a file
    # with CR line ends would read as one line, its keys as arguments of
    # the first one.
    cr = text.replace("\r\n", "\n").find("\r")
    if cr >= 0:
        line = text.replace("\r\n", "\n").count("\n", 0, cr) + 1
        raise CampaignError(f"{path}:{line}: carriage return inside the line (accepted line ends: LF or CR LF; "
                            f"save the campaign file with these)")
    lines = text.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def parse(path, build):
    """Campaign file -> settings dict (lists empty when the file does not set them)."""
    lines = read_lines(path)
    base = os.path.dirname(os.path.abspath(path))
    s = empty_settings()
    seen = {"programs": set(), "platforms": set(), "ranks": set(), "models": set()}
    keys = 0
    once = {}  # single-valued key -> its first line: a second one would silently replace it
    for n, line in enumerate(lines, 1):
        where = f"{path}:{n}"
        try:
            words = split_words(line)
        except ValueError as e:
            raise CampaignError(f"{where}: {e} (quote arguments with '...' or \"...\")")
        if not words:
            continue
        key, rest = words[0], words[1:]
        if key not in KEYS:
            shown = key if len(key) <= 40 else key[:40] + "..."
            raise CampaignError(f"{where}: unknown key '{shown}' (accepted: {', '.join(KEYS)})")
        single = key if key in SINGLE_KEYS else f"slurm {rest[0]}" if key == "slurm" and rest[:1] and rest[0] in \
            SINGLE_SLURM_KEYS else None
        if single in once:
            raise CampaignError(f"{where}: '{single}' is given twice (first at line {once[single]}); accepted: one "
                                f"'{single}' line")
        if single:
            once[single] = n
        if key == "program":
            s["programs"].append(spec.parse_program(rest, where, base, build))
            spec.check_unique(s["programs"], "program", where, seen["programs"])
        elif key == "platform":
            if len(rest) not in (1, 2):
                raise CampaignError(f"{where}: platform expects a platform file (or 'default') and a hostfile")
            s["platforms"].append(spec.parse_platform(rest[0], rest[1] if len(rest) == 2 else None, where, base))
            spec.check_unique_platforms(s["platforms"], where, seen["platforms"])
        elif key == "ranks":
            spec.parse_ranks(rest, where, s["ranks"], seen["ranks"])
        elif key == "model":
            if not rest:
                raise CampaignError(f"{where}: model expects [LABEL=]NAME[:key=value,...] [smpirun options]")
            s["models"].append(spec.parse_model(rest[0], rest[1:], where))
            spec.check_unique(s["models"], "model", where, seen["models"])
        elif key == "timeout":
            if len(rest) != 1:
                raise CampaignError(f"{where}: timeout expects one number of seconds")
            s["timeout"] = spec.parse_timeout(rest[0], where)
        elif key == "smpirun":
            if len(rest) != 1:
                raise CampaignError(f"{where}: smpirun expects one launcher path")
            s["smpirun"] = spec.resolve(base, rest[0]) if "/" in rest[0] else rest[0]
        elif key == "smpirun-option":
            if not rest:
                raise CampaignError(f"{where}: smpirun-option expects smpirun options, e.g. --cfg=smpi/host-speed:1Gf")
            s["smpirun_args"] += rest
        else:
            parse_slurm(rest, s["slurm"], where)
        keys += 1
    if keys == 0:  # an empty or truncated file would silently run the whole default campaign
        raise CampaignError(f"{path}: no 'key value...' line (an empty campaign file; keys: {', '.join(KEYS)})")
    return s
