#!/usr/bin/env python3
"""One damaged input of scripts/validate.py (issue: a traceback instead of an
error line). Usage: damaged_input.py VALIDATE WORKDIR CASE [PREDICT]

Builds, under WORKDIR/CASE, a one-dataset list (Vienne et al. 2008 Fig. 2 scheme 2,
GigE) with the damage CASE names, runs validate.py on it with a build
directory that holds no tool (so any check left for after the first run
would end in 'not built' instead; with PREDICT, that directory holds
this contention-predict only, which checks the data files), and checks: the exit status, stderr is
exactly one line, that line contains the expected text, no traceback."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "data", "seed001-fig2", "scheme2-gige.xml")
PLATFORM = os.path.join(ROOT, "platforms", "gige-testbed.xml")


def setup(work, case):
    """Returns (extra arguments, expected status, expected text)."""
    data = open(DATA).read()
    platform = PLATFORM
    line = f"dataset s2 gige {os.path.join(work, 'data.xml')} unit=tref"
    args, out = [], os.path.join(work, "out")
    if case == "measured_zero":
        data = data.replace('measured="1.5"', 'measured="0"', 1)
        want = (1, "data.xml:12: attribute 'measured' of comm 'a' must be > 0 (a relative error divides by it)")
    elif case == "measured_huge":
        data = data.replace('measured="1.5"', 'measured="1e999"', 1)
        want = (1, "data.xml:12: attribute 'measured' of comm 'a': '1e999' overflows a double")
    elif case == "size_huge":
        data = data.replace('size="20MiB"', 'size="1e400"', 1)
        want = (1, "data.xml:12: attribute 'size' of comm 'a': '1e400' overflows a double")
    elif case == "size_fraction":
        data = data.replace('size="20MiB"', 'size="1.5B"', 1)
        want = (1, "comm 'a': size: '1.5B' is 1.5 bytes (accepted: a whole number of bytes)")
    elif case == "bad_radical":
        text = open(PLATFORM).read()
        start = text.index('radical="') + len('radical="')
        end = text.index('"', start)
        platform = os.path.join(work, "platform.xml")
        with open(platform, "w") as f:
            f.write(text[:start] + "0-x" + text[end:])
        want = (1, "radical '0-x' (accepted: FIRST-LAST, integers with FIRST <= LAST)")
    elif case == "expect_zero":
        line = f"dataset s2 gige {os.path.join(work, 'data.xml')} expect-mbps=0"
        want = (1, "expect-mbps=0: accepted: a positive number or fraction a/b")
    elif case == "latin1_manifest":
        line = "# d\xe9bit\n" + line
        want = (1, "manifest.txt:2: byte 0xe9 is not UTF-8 (accepted: UTF-8 text)")
    elif case == "out_unusable":
        args = ["--out", "/dev/full/x"]
        want = (2, "--out: cannot create the output directory /dev/full/x: Not a directory")
    elif case == "disk_full":
        os.makedirs(out)
        os.symlink("/dev/full", os.path.join(out, "eabs.csv"))
        want = (1, "eabs.csv: cannot write: No space left on device")
    elif case == "measured_subnormal":  # 1 / 1e-310 overflows: E_rel was inf
        data = data.replace('measured="1.5"', 'measured="1e-310"', 1)
        want = (1, "data.xml:12: attribute 'measured' of comm 'a': '1e-310' is too small")
    elif case == "penalties_partial":  # checked by the predictor (PREDICT), as a scenario
        data = data.replace('measured="1.5"', 'measured="1.5" penalties="1 2"', 1)
        want = (1, "data.xml:13: comm 'b' has no 'penalties' while comm 'a' has: give them for every comm or for "
                   "none (the data file of ")
    elif case == "expect_with_measured":  # the comms' measured times were silently replaced
        line = f"dataset s2 gige {os.path.join(work, 'data.xml')} expect-mbps=100"
        want = (1, "comm 'a': has measured= but ")
    elif case == "expect_tiny":  # 20 MiB at 1e-300 Mbps: 1.7e302 s (1e-310: inf, E_rel nan)
        data = data.replace(' measured="1.5"', "")
        line = f"dataset s2 gige {os.path.join(work, 'data.xml')} expect-mbps=1e-300"
        want = (1, "expect-mbps=1e-300: comm 'a' would take 1.67772e+302 s (accepted: a rate giving each comm a "
                   "time up")
    elif case == "fit_twice":
        line += " fit=beta,beta"
        want = (1, "fit=beta,beta: 'beta' is given twice (accepted: each parameter once)")
    elif case == "eabs_underscore":  # Python's float() read '1_0' as 10
        line += " paper-eabs=1_0"
        want = (1, "paper-eabs=1_0: accepted: a non-negative percentage")
    elif case == "attribute_misspelt":  # 'mesured': the comm ran with expect-mbps or no measured time
        data = data.replace('measured="1.5"', 'mesured="1.5"', 1)
        want = (1, "data.xml:12: unknown attribute 'mesured' of <comm> (accepted: id, src, dst, size, start,")
    elif case == "host_twice":  # the last rack silently won
        data = data.replace("<comm ", '<host id="n0" rack="r1"/><host id="n0" rack="r2"/>\n  <comm ', 1)
        want = (1, "data.xml:12: duplicate host id 'n0' (the data file of ")
    elif case == "host_without_rack":
        data = data.replace("<comm ", '<host id="n0"/>\n  <comm ', 1)
        want = (1, "data.xml:12: <host> lacks the attribute 'rack' (required: id, rack)")
    elif case == "host_after_comm":
        data = data.replace("</scenario>", '  <host id="n0" rack="r1"/>\n</scenario>', 1)
        want = (1, "data.xml:14: <host> after a <comm>: declare the hosts first")
    elif case == "text_in_scenario":
        data = data.replace("</scenario>", "  stray text\n</scenario>", 1)
        want = (1, "data.xml:14: unexpected text 'stray text' in the scenario")
    else:
        sys.exit(f"damaged_input.py: unknown case '{case}'")
    with open(os.path.join(work, "data.xml"), "w") as f:
        f.write(data)
    with open(os.path.join(work, "manifest.txt"), "wb") as f:
        f.write(f"testbed gige {platform} gige\n{line}\n".encode("latin-1"))
    if "--out" not in args:
        args += ["--out", out]
    return args, want


def main():
    validate, work, case = sys.argv[1:4]
    work = os.path.join(work, case)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    args, (status, text) = setup(work, case)
    env = dict(os.environ, BUILD_DIR=os.path.join(work, "no-build"))
    if len(sys.argv) > 4:
        os.makedirs(os.path.join(work, "no-build", "bin"))
        os.symlink(sys.argv[4], os.path.join(work, "no-build", "bin", "contention-predict"))
    r = subprocess.run([sys.executable, validate, "--manifest", os.path.join(work, "manifest.txt"),
                        "--models", "contention", "--styles", "none"] + args,
                       capture_output=True, text=True, env=env)
    lines = r.stderr.splitlines()
    problems = []
    if r.returncode != status:
        problems.append(f"exit status {r.returncode}, expected {status}")
    if "Traceback" in r.stderr:
        problems.append("a traceback")
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected 1")
    if text not in r.stderr:
        problems.append(f"stderr lacks '{text}'")
    if problems:
        print(f"{case}: " + "; ".join(problems) + "\n--- stderr:\n" + r.stderr)
        return 1
    print(f"{case}: {lines[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
