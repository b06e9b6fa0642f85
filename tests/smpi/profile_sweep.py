#!/usr/bin/env python3
"""profile_sweep.py BIN_DIR CASES SEED: random two-comm cases under bandwidth
profiles, each run under SMPI and under contention in both node-link modes.

Four hosts a, b, c, d behind a backbone bb of 100 MB/s (FATPIPE twice in
three, else SHARED); a's and b's links at 10 GB/s, c's and d's at 200
MB/s, each at a latency of 0, 10 or 50 us. Each link gets, with
probability one half, 1 to 4 bandwidth events in [0, 20 ms). s4u_rate_comm
sends 2 MB a -> b and 1 MB c -> d from 0, 1 or 2.5 ms, without a rate or at
30 MB/s. Every comm's time must be SMPI's within a relative 1e-6: where
no penalty applies, the plugin must give the base model's times. Prints
one line per difference (with the case's links), then the count; exit 1
when any differs or a run fails."""
import os
import random
import subprocess
import sys
import tempfile


def platform(rnd, d):
    events = {}
    for link in ("la", "lb", "lc", "ld", "bb"):
        if rnd.random() < 0.5:
            times = sorted(rnd.uniform(0, 0.02) for _ in range(rnd.randint(1, 4)))
            bws = [rnd.choice([1e7, 2e7, 5e7, 8e7, 1e8, 2e8, 1e9, 1e10]) for _ in times]
            events[link] = "".join(f"{t:.6f} {bw}\n" for t, bw in zip(times, bws))
    lat = {link: rnd.choice(["0s", "0s", "50us", "10us"]) for link in ("la", "lb", "lc", "ld")}
    bw = {"la": "10GBps", "lb": "10GBps", "lc": "200MBps", "ld": "200MBps"}
    policy = rnd.choice(["FATPIPE", "FATPIPE", "SHARED"])
    lines = ["<?xml version='1.0'?>", '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">',
             '<platform version="4.1"><zone id="z" routing="Full">']
    lines += [f'<host id="{h}" speed="1Gf"/>' for h in "abcd"]
    for link in ("la", "lb", "lc", "ld"):
        f = f' bandwidth_file="{link}.txt"' if link in events else ""
        lines.append(f'<link id="{link}" bandwidth="{bw[link]}" latency="{lat[link]}"{f}/>')
    f = ' bandwidth_file="bb.txt"' if "bb" in events else ""
    lines.append(f'<link id="bb" bandwidth="100MBps" latency="0s" sharing_policy="{policy}"{f}/>')
    for s, t in ("ab", "ac", "ad", "bc", "bd", "cd"):
        lines.append(f'<route src="{s}" dst="{t}"><link_ctn id="l{s}"/><link_ctn id="bb"/>'
                     f'<link_ctn id="l{t}"/></route>')
    lines.append("</zone></platform>")
    for link, text in events.items():
        with open(os.path.join(d, f"{link}.txt"), "w") as out:
            out.write(text)
    with open(os.path.join(d, "p.xml"), "w") as out:
        out.write("\n".join(lines))
    return f"events={events} latencies={lat} backbone={policy}"


def run(binary, d, start, rate, extra):
    cmd = [binary, os.path.join(d, "p.xml"), start, rate, "--cfg=network/crosstraffic:0",
           "--cfg=smpi/bw-factor:0:1", "--cfg=smpi/lat-factor:0:1", "--cfg=network/optim:Full",
           "--log=root.thres:warning"] + extra
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(extra)}: exit {r.returncode}: {r.stderr.strip()}")
    return dict(line.split(",") for line in r.stdout.split())


def main():
    if len(sys.argv) != 4:
        print("usage: profile_sweep.py BIN_DIR CASES SEED", file=sys.stderr)
        return 2
    binary = os.path.join(sys.argv[1], "s4u_rate_comm")
    cases, rnd = int(sys.argv[2]), random.Random(int(sys.argv[3]))
    modes = {"SMPI": ["--cfg=network/model:SMPI"]}
    for m in ("penalty", "maxmin"):
        modes[m] = ["--cfg=network/model:contention", f"--cfg=contention/node-links:{m}"]
    bad = 0
    for i in range(cases):
        with tempfile.TemporaryDirectory() as d:
            what = platform(rnd, d)
            start, rate = rnd.choice(["0", "0.001", "0.0025"]), rnd.choice(["-1", "-1", "3e7"])
            try:
                times = {m: run(binary, d, start, rate, extra) for m, extra in modes.items()}
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                print(f"case {i}: run failed: {e} ({what})")
                bad += 1
                continue
        ref = times["SMPI"]
        for m in ("penalty", "maxmin"):
            for comm in ("ab", "cd"):
                got, want = float(times[m].get(comm, "nan")), float(ref.get(comm, "nan"))
                if not abs(got - want) <= 1e-6 * want:
                    bad += 1
                    print(f"case {i} node-links:{m} {comm}: {got} s, SMPI {want} s; start {start}, "
                          f"rate {rate}, {what}")
    print(f"{cases} cases, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
