#!/usr/bin/env python3
"""Runs the commands of the documentation's checked blocks and compares their
output with what the documentation prints.

usage: doccheck.py --source SRC --build BUILD [--no-simgrid] [--list] FILE.md...

A checked block is a fenced code block right after a line
    <!-- doc-check -->            or   <!-- doc-check: OPTION ... -->
(invisible once rendered). In the block, a line "$ COMMAND" is a command (a
line ending with a backslash continues it); the lines after it, up to the
next command, are its expected output. A line "..." stands for any number of
output lines (none included); every other line must equal the output line
(trailing blanks ignored). A command with no expected line only has to exit
as expected. Options:
    stderr      compare stdout and stderr together (default: stdout only)
    exit=N      every command of the block must exit with N (default 0)
    simgrid     needs the SimGrid plugin: skipped with --no-simgrid
    timeout=S   seconds for the whole block (default 120)

The commands of one block run in one shell (an export holds for the next
command), in a scratch directory that holds a link to every top-level entry
of SRC and `build` -> BUILD: the documentation's paths (build/bin/...,
platforms/...) work whatever the build directory, and files the commands
write stay out of the tree. Prints one line per block, then the differences;
exit status 1 if any block fails, 2 on a usage error or a malformed block.
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile

MARK = re.compile(r"^<!--\s*doc-check(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)")


class Block:
    def __init__(self, path, line, options, lines):
        self.path, self.line, self.options, self.lines = path, line, options, lines
        self.commands = []  # [(line number, command, [expected lines])]


def die(msg):
    sys.stderr.write(f"doccheck: {msg}\n")
    sys.exit(2)


def parse_options(path, line, text):
    opts = {"stderr": False, "exit": 0, "simgrid": False, "timeout": 120}
    for word in (text or "").split():
        if word in ("stderr", "simgrid"):
            opts[word] = True
        elif re.fullmatch(r"exit=\d+", word):
            opts["exit"] = int(word[5:])
        elif re.fullmatch(r"timeout=\d+", word):
            opts["timeout"] = int(word[8:])
        else:
            die(f"{path}:{line}: unknown doc-check option '{word}' "
                "(accepted: stderr, exit=N, simgrid, timeout=S)")
    return opts


def find_blocks(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    blocks = []
    i = 0
    while i < len(lines):
        m = MARK.match(lines[i])
        if not m:
            i += 1
            continue
        mark_line = i + 1
        opts = parse_options(path, mark_line, m.group(1))
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        f = FENCE.match(lines[j]) if j < len(lines) else None
        if not f:
            die(f"{path}:{mark_line}: doc-check mark not followed by a fenced code block")
        indent, fence = f.group(1), f.group(2)
        body = []
        k = j + 1
        while k < len(lines) and not lines[k].strip().startswith(fence):
            body.append((k + 1, lines[k][len(indent):] if lines[k].startswith(indent) else lines[k].lstrip()))
            k += 1
        if k == len(lines):
            die(f"{path}:{j + 1}: code block never closed")
        b = Block(path, j + 1, opts, body)
        split_commands(b)
        blocks.append(b)
        i = k + 1
    return blocks


def split_commands(b):
    cmd = None
    for n, text in b.lines:
        if cmd is not None and cmd[1].endswith("\\") and not cmd[2]:
            cmd[1] = cmd[1] + "\n" + text  # bash joins backslash-newline
            continue
        if text.startswith("$ "):
            cmd = [n, text[2:], []]
            b.commands.append(cmd)
        elif cmd is None:
            if text.strip():
                die(f"{b.path}:{n}: output before the first '$ ' command of the block")
        else:
            cmd[2].append(text.rstrip())
    if not b.commands:
        die(f"{b.path}:{b.line}: checked block without a '$ ' command")


def matches(expected, actual):
    """Expected lines, with '...' for any run of lines and 'text...' for a line
    starting with text, against actual lines."""
    memo = {}

    def m(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            r = j == len(actual)
        elif expected[i] == "...":
            r = any(m(i + 1, k) for k in range(j, len(actual) + 1))
        elif j == len(actual):
            r = False
        else:
            e = expected[i]
            same = actual[j].startswith(e[:-3]) if e.endswith("...") else e == actual[j]
            r = same and m(i + 1, j + 1)
        memo[(i, j)] = r
        return r

    return m(0, 0)


def run_block(b, source, build, tmp_root):
    work = tempfile.mkdtemp(prefix="block-", dir=tmp_root)
    for entry in os.listdir(source):
        if entry in (".git", "build") or entry.startswith("build-") or entry == "Testing":
            continue
        os.symlink(os.path.join(source, entry), os.path.join(work, entry))
    os.symlink(build, os.path.join(work, "build"))
    marker = "@@doccheck@@"
    script = []
    for i, (_, cmd, _) in enumerate(b.commands):
        redirect = " 2>&1" if b.options["stderr"] else ""
        script.append(f"echo '{marker} {i}'")
        script.append(f"{{\n{cmd}\n}}{redirect}")
        script.append(f"echo \"{marker} rc $?\"")
    path = os.path.join(work, ".doccheck.sh")
    with open(path, "w") as f:
        f.write("\n".join(script) + "\n")
    try:
        p = subprocess.run(["bash", path], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=b.options["timeout"])
    except subprocess.TimeoutExpired:
        return [f"{b.path}:{b.line}: timed out after {b.options['timeout']} s"]
    out = p.stdout.decode("utf-8", "replace").split("\n")
    results = {}
    cur = None
    for line in out:
        if line.startswith(marker + " rc "):
            results[cur][1] = int(line.split()[-1])
            cur = None
        elif line.startswith(marker + " "):
            cur = int(line.split()[-1])
            results[cur] = [[], None]
        elif cur is not None:
            results[cur][0].append(line.rstrip())
    errors = []
    for i, (n, cmd, expected) in enumerate(b.commands):
        got, rc = results.get(i, [[], None])
        shown = cmd.replace("\n", " ")
        if rc is None:
            errors.append(f"{b.path}:{n}: `{shown}` did not complete\n{p.stderr.decode('utf-8', 'replace')}")
            break
        if rc != b.options["exit"]:
            errors.append(f"{b.path}:{n}: `{shown}` exited with {rc}, the block expects {b.options['exit']}\n"
                          + "\n".join(got[-20:]))
        if expected and not matches(expected, got):
            diff = difflib.unified_diff(expected, got, "documented", "actual", lineterm="", n=2)
            errors.append(f"{b.path}:{n}: `{shown}` prints something else than documented:\n" + "\n".join(diff))
    return errors


def main(argv):
    source = build = None
    files = []
    no_simgrid = listing = False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--source", "--build"):
            if i + 1 == len(argv):
                die(f"{a} needs a directory")
            if a == "--source":
                source = os.path.abspath(argv[i + 1])
            else:
                build = os.path.abspath(argv[i + 1])
            i += 2
            continue
        if a == "--no-simgrid":
            no_simgrid = True
        elif a == "--list":
            listing = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a.startswith("-"):
            die(f"unknown option '{a}' (accepted: --source, --build, --no-simgrid, --list)")
        else:
            files.append(a)
        i += 1
    if not files:
        die("give the Markdown files to check")
    blocks = [b for f in files for b in find_blocks(f)]
    if listing:
        for b in blocks:
            print(f"{b.path}:{b.line}: {len(b.commands)} command(s)" + (" [simgrid]" if b.options["simgrid"] else ""))
        return 0
    if not source or not build:
        die("--source and --build are required")
    failed = 0
    with tempfile.TemporaryDirectory(prefix="doccheck-") as tmp:
        for b in blocks:
            if b.options["simgrid"] and no_simgrid:
                print(f"{b.path}:{b.line}: skipped (needs the SimGrid plugin)")
                continue
            errors = run_block(b, source, build, tmp)
            if errors:
                failed += 1
                print(f"{b.path}:{b.line}: FAILED")
                for e in errors:
                    print("  " + e.replace("\n", "\n  "))
            else:
                print(f"{b.path}:{b.line}: ok ({len(b.commands)} command(s))")
    print(f"{len(blocks) - failed} of {len(blocks)} checked blocks match the documentation")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
