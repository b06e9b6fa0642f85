"""The project states current facts, not its own history: no text file of the
tree (documentation, comments, scripts, tests, data) talks about the work's
sittings or carries a dated paragraph.
usage: no_diary.py DIR     checks every text file under DIR
       no_diary.py --probe checks a file of such lines it writes itself, and
                           fails unless every one of them is found
Fails with FILE:LINE: the line, for each hit. The patterns are assembled from
pieces so that this file does not match them itself."""
import os
import re
import sys
import tempfile

WORD = "ses" + "sion"
ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
            "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth "
            "thirtieth fortieth fiftieth").split()
MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December"
          "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec")
PATTERNS = [
    # the word itself, alone or plural (start_new_<word>= of Python's
    # subprocess is an identifier, not a word, and is not matched)
    ("work-sitting talk", re.compile(r"(?<![A-Za-z0-9_])" + WORD + r"s?(?![A-Za-z0-9_])", re.I)),
    # "the twenty-third ...", "in the 38th ...": a numbered sitting
    ("numbered sitting", re.compile(r"\b(?:(?:twenty|thirty|forty|fifty)-)?(?:" + "|".join(ORDINALS)
                                    + r")\s+(?:" + WORD + r"|sitting|round of work)\b", re.I)),
    # an ISO date: a dated paragraph or note
    ("dated text", re.compile(r"(?<![0-9A-Za-z])(?:19|20)[0-9]{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])(?![0-9])")),
    # a month name, a day and a year, in either order
    ("dated text", re.compile(r"\b(?:" + MONTHS + r")\.? [0-9]{1,2},? (?:19|20)[0-9]{2}\b|\b[0-9]{1,2} (?:" + MONTHS
                              + r")\.? (?:19|20)[0-9]{2}\b")),
]
SKIP_DIRS = {".git", "Testing", "__pycache__"}


def text_files(top):
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("build"))
        for f in sorted(files):
            path = os.path.join(d, f)
            try:
                with open(path, "rb") as fh:
                    head = fh.read(8192)
            except OSError:
                continue
            if b"\0" in head or f.endswith((".gz", ".pdf", ".png")):
                continue
            yield path


def hits(top):
    out = []
    for path in text_files(top):
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                for what, pat in PATTERNS:
                    if pat.search(line):
                        out.append(f"{os.path.relpath(path, top)}:{n}: {what}: {line.strip()[:160]}")
                        break
    return out


def main(argv):
    if argv == ["--probe"]:
        lines = [f"Measured in the thirty-eighth {WORD} with build x.", f"Since the 2nd {WORD}s, ...",
                 "Twenty-first sit" + "ting: the figures.", "Measured again on 2026-11-" + "27 with the build.",
                 "Measured on November 2" + "8, 2026 at noon.", "Run on 27 Nov 202" + "6.",
                 f"# The {WORD.capitalize()} record is gone."]
        clean = ["start_new_" + WORD + "=True", "seed 2024; ranks 2026", "version 3.32-1", "May 2 hosts send 2026 bytes"]
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "probe.md"), "w") as f:
                f.write("\n".join(lines + clean) + "\n")
            found = hits(d)
        want = len(lines)
        if len(found) != want:
            print(f"FAIL: the probe's {want} diary lines gave {len(found)} hits:")
            print("\n".join(found))
            return 1
        print(f"ok: the probe's {want} diary lines found, its {len(clean)} clean lines left alone")
        return 0
    if len(argv) != 1 or not os.path.isdir(argv[0]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    found = hits(argv[0])
    if found:
        print("FAIL: history in the project (state current facts; the history is git's):")
        print("\n".join(found))
        return 1
    print("ok: no talk of the work's sittings and no dated paragraph in the project")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
