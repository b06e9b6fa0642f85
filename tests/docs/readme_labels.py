#!/usr/bin/env python3
"""The README's list of CTest labels is the build's.

usage: readme_labels.py README.md (--build BUILD [--ctest CTEST] | --labels L,...) [--optional L,...]

README.md's "What is here" table says, in the `tests/` row, which labels
`ctest -L LABEL` takes. A label listed there that no test carries makes that
command run nothing with exit status 0; a label the tests carry that the row
does not name is one a reader cannot find. Reads the row's backquoted words
up to the closing '|', takes the build's labels from `ctest --print-labels`
(or --labels, for the probe), prints each difference on one line and exits 1
if there is one; 2 on a usage error or a README without the row. A label of
--optional (one that a build option registers, such as valgrind) may be
listed without being carried.
"""
import re
import subprocess
import sys


def usage(msg):
    sys.stderr.write(f"readme_labels: {msg}\n"
                     "usage: readme_labels.py README.md (--build BUILD [--ctest CTEST] | --labels L,...) "
                     "[--optional L,...]\n")
    sys.exit(2)


def documented(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        usage(f"{path}: {e.strerror}")
    for line in lines:
        if line.startswith("| `tests/` |"):
            return set(re.findall(r"`([a-z][a-z0-9_-]*)`", line.split("|")[2]))
    sys.stderr.write(f"readme_labels: {path}: no '| `tests/` |' row listing the labels\n")
    sys.exit(2)


def built(ctest, build):
    out = subprocess.run([ctest, "--test-dir", build, "--print-labels"], capture_output=True, text=True)
    if out.returncode != 0:
        usage(f"{ctest} --test-dir {build} --print-labels failed: {out.stderr.strip()}")
    text = out.stdout.split("All Labels:", 1)
    return set(text[1].split()) if len(text) == 2 else set()


def main(argv):
    if len(argv) < 2:
        usage("missing README.md")
    readme, args = argv[1], argv[2:]
    opts = {}
    while args:
        if args[0] not in ("--build", "--ctest", "--labels", "--optional") or len(args) < 2:
            usage(f"bad argument '{args[0]}'")
        opts[args[0]] = args[1]
        args = args[2:]
    if ("--labels" in opts) == ("--build" in opts):
        usage("give one of --build and --labels")
    doc = documented(readme)
    have = (set(filter(None, opts["--labels"].split(","))) if "--labels" in opts
            else built(opts.get("--ctest", "ctest"), opts["--build"]))
    optional = set(filter(None, opts.get("--optional", "").split(",")))
    bad = 0
    for label in sorted(doc - have - optional):
        print(f"{readme}: label '{label}' is listed but no test carries it (ctest -L {label} runs nothing)")
        bad = 1
    for label in sorted(have - doc):
        print(f"{readme}: label '{label}' is carried by tests but not listed in the `tests/` row")
        bad = 1
    if not bad:
        print(f"the {len(doc)} labels of {readme} are the build's")
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
