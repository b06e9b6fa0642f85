#!/usr/bin/env python3
"""Time to read a campaign file whose one line is MB megabytes long (an
smpirun-option line with one long word), for MB = 1 2 5 by default.

usage: python3 bench/campaign-parse/bench_campaign_parse.py [MB ...] [--shlex]

Prints one line per size: the size, the seconds campaign_file.parse took
(best of 3) and the rate. --shlex times shlex.split on the same line
instead, the reading campaign files had before, which grows each word one
character at a time (quadratic: expect minutes at 2 MB)."""
import os
import shlex
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "campaign"))
import campaign_file  # noqa: E402


def main(argv):
    use_shlex = "--shlex" in argv
    sizes = [a for a in argv if a != "--shlex"] or ["1", "2", "5"]
    for a in sizes:
        try:
            mb = float(a)
        except ValueError:
            mb = -1
        if not 0 < mb <= 1024:
            sys.stderr.write(f"bench_campaign_parse: size '{a}': expected megabytes in (0, 1024]\n")
            return 2
    with tempfile.TemporaryDirectory() as d:
        for a in sizes:
            n = int(float(a) * (1 << 20))
            line = "smpirun-option --cfg=smpi/comment:" + "x" * n
            path = os.path.join(d, "long.campaign")
            with open(path, "w") as f:
                f.write(line + "\n")
            best = float("inf")
            for _ in range(1 if use_shlex else 3):
                t0 = time.perf_counter()
                words = shlex.split(line, comments=True) if use_shlex else \
                    campaign_file.parse(path, d)["smpirun_args"]
                best = min(best, time.perf_counter() - t0)
            assert len(words[-1]) >= n
            how = "shlex.split" if use_shlex else "campaign_file.parse"
            print(f"{a:>5} MB line: {best:8.3f} s with {how} ({n / best / 1e6:7.1f} MB/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
