#!/usr/bin/env python3
# An assignment, not a docstring: python -OO (PYTHONOPTIMIZE=2) drops
# docstrings, and --help, which prints this text, ended in a traceback.
__doc__ = """Summary of a penalty trace (--cfg=contention/trace:FILE), per host and over time.

usage: scripts/penalty-summary.py TRACE.csv [--bins N] [--top N] [--svg FILE]

Reads the CSV rows time,comm,src,dst,penalty,bound,event (doc/simgrid-plugin.md,
"Penalty CSV trace"). Each comm holds the penalty of its last start/update row
until its end, failed or suspended row (a suspended comm counts again from the
update row of its resume; a comm with no end row, from a run that stopped, is
closed at the last time of the file and counted as unfinished, a suspended
one too). Prints:

  * totals: comms, hosts, simulated span, share of comm-time spent under a
    penalty > 1, time-weighted mean and largest penalty;
  * per host, as sender (out) and receiver (in): comms, time-weighted mean
    penalty of its comms, largest penalty, share of its comm-time under a
    penalty > 1; hosts sorted by mean outgoing penalty, --top N of them
    (default 20; 0 = all);
  * over time, in N bins of equal length (default 20): mean number of active
    comms, time-weighted mean penalty, largest penalty.

--svg FILE draws both (penalty over time, mean penalty per host) as an SVG
with no dependency. "Time-weighted": a comm counts for as long as it runs at
each penalty, so a 1 s comm at penalty 4 weighs 1000 times a 1 ms one.
"""
import sys

# A Ctrl-C while Python loads the modules is one line, not a traceback.
try:
    import codecs
    import csv
    import os
    import re
    import signal
except KeyboardInterrupt:
    sys.stderr.write("penalty-summary: interrupted\n")
    sys.exit(130)


class Acc:
    """Time-weighted penalty statistics of a set of comm segments."""

    def __init__(self):
        self.comms = 0
        self.time = 0.0      # comm-seconds
        self.integral = 0.0  # penalty x comm-seconds
        self.contended = 0.0  # comm-seconds under a penalty > 1
        self.max = 0.0

    def add(self, dt, penalty):
        self.time += dt
        self.integral += dt * penalty
        if penalty > 1:
            self.contended += dt
        if penalty > self.max:
            self.max = penalty

    def mean(self):
        return self.integral / self.time if self.time > 0 else 0.0

    def share(self):
        return 100.0 * self.contended / self.time if self.time > 0 else 0.0


# Largest time (s) and penalty taken: the time-weighted sums of a trace stay
# far from overflowing, and the tables keep their columns. (A simulated
# time past 1e15 s, 30 million years, is a damaged trace.)
MAX_VALUE = 1e15
MAX_BINS = 100000
# A time or penalty: ASCII decimal, an exponent allowed ('nan', 'inf' go
# to the range checks).
NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|[-+]?(nan|inf|infinity)", re.ASCII | re.I)
MAX_LINE = 1 << 20  # bytes of one line: 7 fields within the csv module's 128 KiB each


def die(msg, status=1):
    """One error line; status 1 for a bad trace or a failed write, 2 for a
    bad option."""
    if "console" in globals():  # (imported first thing, but a Ctrl-C may come before)
        msg = console.shown(msg)  # a file name with a line end: still one line
    sys.stderr.write(f"penalty-summary: {msg}\n")
    sys.exit(status)


def usage(msg):
    die(msg, 2)


def parse_args(argv):
    opts = {"bins": 20, "top": 20, "svg": None, "trace": None}
    given = set()  # a second --bins, --top or --svg silently replaced the first
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            sys.exit(0)
        if a in ("--bins", "--top", "--svg"):
            if i + 1 == len(argv):
                usage(f"{a} needs a value (see --help)")
            v = argv[i + 1]
            if a in given:
                usage(f"{a} is given twice (accepted: one {a})")
            given.add(a)
            if a == "--svg":
                if not v:  # '' drew no figure, silently
                    usage("--svg '': expected a file path")
                opts["svg"] = v
            else:
                # ASCII digits only: int() took '1_0' as 10, ' 5' as 5 and '٣' as 3
                if not re.fullmatch(r"-?[0-9]+", v, re.ASCII):
                    usage(f"{a} '{v}': expected a whole number")
                opts[a[2:]] = int(v)
                if not 1 <= opts["bins"] <= MAX_BINS or opts["top"] < 0:
                    bound = f"at least 1 and at most {MAX_BINS}" if a == "--bins" else "0 or more"
                    usage(f"{a} '{v}': expected {bound}")
            i += 2
        elif a.startswith("-"):
            usage(f"unknown option '{a}'; accepted: --bins N, --top N, --svg FILE, --help")
        elif opts["trace"] is None:
            opts["trace"] = a
            i += 1
        else:
            usage(f"one trace file only ('{opts['trace']}' and '{a}')")
    if opts["trace"] is None:
        usage("give a trace file (--cfg=contention/trace:FILE of a run); see --help")
    # (the figure replaced the trace it was drawn from, exit 0)
    if opts["svg"] and same_file(opts["svg"], opts["trace"]):
        usage(f"--svg '{opts['svg']}' is the trace file itself (accepted: another path; the figure would replace "
              f"the trace)")
    return opts


def same_file(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): the trace's error comes later
        return False


def text_lines(path, f):
    """The lines of binary file f as text: UTF-8 (a leading byte order mark
    dropped), no NUL byte; else one error line naming the line."""
    n = 0
    while True:
        raw = f.readline(MAX_LINE + 1)  # bounded: /dev/zero is one endless line
        if not raw:
            return
        n += 1
        if len(raw) > MAX_LINE:
            die(f"{path}:{n}: line longer than {MAX_LINE >> 20} MiB (a penalty trace is CSV text)")
        if n == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8):]
        if b"\0" in raw:
            die(f"{path}:{n}: NUL byte in the line (a penalty trace is CSV text)")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            die(f"{path}:{n}: not UTF-8 text (a penalty trace is CSV text)")


def csv_rows(path, lines):
    """(first line, row) for the CSV rows of lines; a line the csv module
    refuses (a field over its size limit, a carriage return inside a field)
    ends in one error line. (A row's line, not its number: a quoted field
    holding a line end made the rows after it named one line short.)"""
    reader = csv.reader(lines)
    while True:
        first = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            die(f"{path}:{reader.line_num}: not a CSV row of a penalty trace ({str(e).split(' - ')[0]})")
        yield first, row


def read_segments(path):
    """Returns (segments, hosts, t_begin, t_end, unfinished, ncomms, sent,
    recv): a segment is (t0, t1, src, dst, penalty); sent and recv count the
    comms each host started and received. One pass: a trace read twice from
    a pipe (/dev/stdin, <(...)) was empty the second time, and a trace still
    being written gave counts of another version of it."""
    expected = ["time", "comm", "src", "dst", "penalty", "bound", "event"]
    try:
        f = open(path, "rb")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    with f:
        rows = csv_rows(path, text_lines(path, f))
        header = next(rows, (None, None))[1]
        if header is None:
            die(f"{path}: empty file (a penalty trace starts with the line {','.join(expected)})")
        if header != expected:
            die(f"{path}:1: not a penalty trace: header {','.join(header or [])!r}, "
                f"expected {','.join(expected)!r}")
        live = {}  # comm -> [t, src, dst, penalty]
        suspended = {}  # comm -> (src, dst, time of its suspension): out of the graph until its next update
        segments = []
        hosts = set()
        seen = set()
        sent, recv = {}, {}
        t_last = 0.0
        for line, row in rows:
            if len(row) != 7:
                die(f"{path}:{line}: {len(row)} fields, expected 7")
            try:
                # Decimal numbers as the plugin writes them: float() also
                # took '1_0' (10), ' 2' and Arabic-Indic digits, silently.
                if not (NUMBER.fullmatch(row[0]) and NUMBER.fullmatch(row[4])):
                    raise ValueError(row[0])
                t, penalty = float(row[0]), float(row[4])
            except ValueError:
                die(f"{path}:{line}: time '{row[0]}' or penalty '{row[4]}' is not a number (accepted: numbers "
                    f"of seconds and penalties from 0 to {MAX_VALUE:g})")
            # float() takes 'nan' and 'inf': a mean over them is no summary.
            if not 0 <= t <= MAX_VALUE:  # (also nan and inf)
                die(f"{path}:{line}: time '{row[0]}' is not a number of seconds from 0 to {MAX_VALUE:g}")
            if not 0 <= penalty <= MAX_VALUE:
                die(f"{path}:{line}: penalty '{row[4]}' is not a number from 0 to {MAX_VALUE:g}")
            comm, src, dst, event = row[1], row[2], row[3], row[6]
            if t < t_last:
                die(f"{path}:{line}: time {row[0]} goes back (previous {t_last:g})")
            t_last = t
            if event in ("start", "update"):
                if event == "start" and comm in live:
                    die(f"{path}:{line}: start of comm {comm}, which is already running (started at "
                        f"{live[comm][0]:g} s)")
                if event == "start" and comm in suspended:  # (its end closed the suspension, not this start)
                    die(f"{path}:{line}: start of comm {comm}, which is suspended (since {suspended[comm][2]:g} s; "
                        f"accepted: an update row resumes it)")
                if event == "update" and comm in suspended:  # resumed
                    s, d, _ = suspended[comm]
                    if (src, dst) != (s, d):
                        die(f"{path}:{line}: update of comm {comm} from {src} to {dst}, which runs from {s} to {d}")
                    del suspended[comm]
                elif comm in live:
                    t0, s, d, p = live[comm]
                    if (src, dst) != (s, d):  # its later segments were counted for other hosts
                        die(f"{path}:{line}: update of comm {comm} from {src} to {dst}, which runs from {s} to {d}")
                    segments.append((t0, t, s, d, p))
                elif event == "update":
                    die(f"{path}:{line}: update of comm {comm} before its start")
                if event == "start":
                    sent[src] = sent.get(src, 0) + 1
                    recv[dst] = recv.get(dst, 0) + 1
                live[comm] = [t, src, dst, penalty]
                hosts.update((src, dst))
                seen.add(comm)
            elif event in ("end", "failed") and comm in suspended:  # nothing ran since its suspension
                s, d, _ = suspended[comm]
                if (src, dst) != (s, d):
                    die(f"{path}:{line}: {event} of comm {comm} from {src} to {dst}, which runs from {s} to {d}")
                del suspended[comm]
            elif event in ("end", "failed", "suspended"):  # its running segment ends
                what = "suspension" if event == "suspended" else event
                if comm not in live:
                    die(f"{path}:{line}: {what} of comm {comm}, which is not running")
                t0, s, d, p = live.pop(comm)
                if (src, dst) != (s, d):
                    die(f"{path}:{line}: {what} of comm {comm} from {src} to {dst}, which runs from {s} to {d}")
                segments.append((t0, t, s, d, p))
                if event == "suspended":
                    suspended[comm] = (s, d, t)
            else:
                die(f"{path}:{line}: unknown event '{event}' (accepted: start, update, end, failed, suspended)")
        for t0, s, d, p in live.values():
            segments.append((t0, t_last, s, d, p))
    t_begin = min((s[0] for s in segments), default=0.0)
    # (a comm still suspended has no end row either: unfinished too)
    return segments, sorted(hosts), t_begin, t_last, len(live) + len(suspended), len(seen), sent, recv


def summarise(segments, hosts, t_begin, t_end, nbins):
    total = Acc()
    out = {h: Acc() for h in hosts}
    inc = {h: Acc() for h in hosts}
    width = (t_end - t_begin) / nbins if t_end > t_begin else 0.0
    bins = [Acc() for _ in range(nbins)]
    # The bins a segment covers whole (its interior) are added once per bin
    # at the end, from running counts and sums, their largest penalty by
    # painting: bin by bin for every segment, a trace of 2000 comms that
    # ran from its start to its end took 283 s under --bins 100000
    # (comms x bins); the same figures now take 2.5 s.
    interior = []  # (penalty, first bin, last bin)
    starts, ends = [0] * (nbins + 1), [0] * (nbins + 1)
    sums = [0] * (nbins + 1)  # penalties as exact_sum() integers: a running float sum lost 1 beside 1e15
    for t0, t1, s, d, p in segments:
        dt = t1 - t0
        total.add(dt, p)
        out[s].add(dt, p)
        inc[d].add(dt, p)
        if width > 0:
            first = min(int((t0 - t_begin) / width), nbins - 1)
            last = min(int((t1 - t_begin) / width), nbins - 1)
            if dt == 0:  # (one bin; it counts for the bin's largest)
                edge(bins[first], t0, t1, t_begin + first * width, t_begin + (first + 1) * width, p, True)
                continue
            b = first
            while b <= last and not t0 <= t_begin + b * width:  # (edge bins: the segment's own ends)
                edge(bins[b], t0, t1, t_begin + b * width, t_begin + (b + 1) * width, p, False)
                b += 1
            e = last
            while e >= b and not t_begin + (e + 1) * width <= t1:
                edge(bins[e], t0, t1, t_begin + e * width, t_begin + (e + 1) * width, p, False)
                e -= 1
            if b <= e:  # bins b..e lie inside [t0, t1]
                interior.append((p, b, e))
                starts[b] += 1
                ends[e + 1] += 1
                exact = exact_sum(p)
                sums[b] += exact
                sums[e + 1] -= exact
    fill_interior(bins, interior, starts, ends, sums, t_begin, width)
    return total, out, inc, bins, width


# Every finite double is a whole number of 2**-1074: sums of penalties in
# that unit are exact, whatever their magnitudes.
UNIT = 1 << 1074


def exact_sum(p):
    """p as a whole number of 2**-1074."""
    n, d = p.as_integer_ratio()
    return n * (UNIT // d)


def edge(acc, t0, t1, lo, hi, p, empty):
    """A segment's share of a bin [lo, hi) it does not cover whole."""
    lo, hi = max(t0, lo), min(t1, hi)
    if hi > lo:
        acc.add(hi - lo, p)
    elif empty:  # (a segment of 0 s counts for its bin's largest)
        acc.max = max(acc.max, p)


def fill_interior(bins, interior, starts, ends, sums, t_begin, width):
    """Adds the segments' whole bins: each bin's length times the number of
    segments covering it, and their penalties' sum (the ones > 1 counted
    apart); its largest penalty from the segments by decreasing penalty,
    each bin taken by the first that covers it."""
    n = len(bins)
    above = [0] * (n + 1)  # segments of penalty > 1, as starts - ends
    for p, b, e in interior:
        if p > 1:
            above[b] += 1
            above[e + 1] -= 1
    largest = [None] * n
    nxt = list(range(n + 1))  # the first bin at or after i without its largest

    def free(i):
        root = i
        while nxt[root] != root:
            root = nxt[root]
        while nxt[i] != root:
            nxt[i], i = root, nxt[i]
        return root

    for p, b, e in sorted(interior, key=lambda x: -x[0]):
        i = free(b)
        while i <= e:
            largest[i] = p
            nxt[i] = i + 1
            i = free(i + 1)
    count = contended = psum = 0
    for i in range(n):
        count += starts[i] - ends[i]
        contended += above[i]
        psum += sums[i]
        length = (t_begin + (i + 1) * width) - (t_begin + i * width)
        if count and length > 0:
            acc = bins[i]
            acc.time += count * length
            acc.integral += psum / UNIT * length
            acc.contended += contended * length
            acc.max = max(acc.max, largest[i])


def time_unit(span):
    """(factor, name) that writes times of this span (s) as 0.1 to 1000."""
    for factor, name in ((1, "s"), (1e3, "ms"), (1e6, "µs")):
        if span * factor >= 1:
            return factor, name
    return 1e9, "ns"


def svg(path, bins, t_begin, width, ranked, out):
    sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
    import model_colors
    from svg_text import xml_text
    W, H, left, right = 760, 640, 70, 20
    top1, h1 = 48, 200   # penalty over time
    top2, h2 = 360, 180  # mean penalty per host
    largest, mean = model_colors.OTHERS[0], model_colors.color("contention")
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W/2}" y="20" text-anchor="middle" font-size="14">Penalty over simulated time '
         '(time-weighted mean and largest, per bin)</text>']
    ymax = max([b.max for b in bins] + [1.0]) * 1.1
    x0, x1 = left, W - right
    y0 = top1 + h1

    def y(v, top, h, vmax):
        return top + h - v / vmax * h

    for k in range(0, int(ymax) + 1, max(1, int(ymax) // 5)):
        s.append(f'<line x1="{x0}" x2="{x1}" y1="{y(k, top1, h1, ymax):.1f}" y2="{y(k, top1, h1, ymax):.1f}" '
                 f'stroke="{model_colors.GRID}"/>')
        s.append(f'<text x="{x0-6}" y="{y(k, top1, h1, ymax)+4:.1f}" text-anchor="end">{k}</text>')
    s.append(f'<text x="16" y="{top1 + h1 / 2}" transform="rotate(-90 16 {top1 + h1 / 2})" '
             'text-anchor="middle">penalty (1 = alone)</text>')
    n = len(bins)
    bw = (x1 - x0) / n
    for name, color, get in (("largest", largest, lambda b: b.max), ("mean", mean, lambda b: b.mean())):
        pts = " ".join(f"{x0 + (i + 0.5) * bw:.1f},{y(get(b), top1, h1, ymax):.1f}" for i, b in enumerate(bins))
        s.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2"><title>{name}</title></polyline>')
    s.append(f'<line x1="{x0}" x2="{x1}" y1="{y0}" y2="{y0}" stroke="black"/>')
    factor, unit = time_unit(max(abs(t_begin), abs(t_begin + n * width)))
    for i in range(0, 5):
        t = t_begin + n * width * i / 4
        s.append(f'<line x1="{x0 + (x1 - x0) * i / 4:.1f}" x2="{x0 + (x1 - x0) * i / 4:.1f}" y1="{y0}" '
                 f'y2="{y0 + 4}" stroke="black"/>')
        s.append(f'<text x="{x0 + (x1 - x0) * i / 4:.1f}" y="{y0 + 16}" text-anchor="middle">{t * factor:.4g}</text>')
    s.append(f'<text x="{(x0 + x1) / 2}" y="{y0 + 34}" text-anchor="middle">simulated time ({unit})</text>')
    s.append(f'<text x="{x1}" y="{top1 - 6}" text-anchor="end"><tspan fill="{largest}">largest</tspan> '
             f'<tspan fill="{mean}">mean</tspan></text>')
    # Per host.
    s.append(f'<text x="{W/2}" y="{top2 - 16}" text-anchor="middle" font-size="14">Time-weighted mean penalty '
             f'of each host\'s outgoing comms ({len(ranked)} hosts, largest first)</text>')
    hmax = max([out[h].mean() for h in ranked] + [1.0]) * 1.1
    yb = top2 + h2
    for k in range(0, int(hmax) + 1, max(1, int(hmax) // 5)):
        s.append(f'<line x1="{x0}" x2="{x1}" y1="{y(k, top2, h2, hmax):.1f}" y2="{y(k, top2, h2, hmax):.1f}" '
                 f'stroke="{model_colors.GRID}"/>')
        s.append(f'<text x="{x0-6}" y="{y(k, top2, h2, hmax)+4:.1f}" text-anchor="end">{k}</text>')
    s.append(f'<text x="16" y="{top2 + h2 / 2}" transform="rotate(-90 16 {top2 + h2 / 2})" '
             'text-anchor="middle">mean penalty</text>')
    gw = (x1 - x0) / max(len(ranked), 1)
    for i, h in enumerate(ranked):
        v = out[h].mean()
        s.append(f'<rect x="{x0 + i * gw + gw * 0.1:.1f}" y="{y(v, top2, h2, hmax):.1f}" width="{gw * 0.8:.1f}" '
                 f'height="{yb - y(v, top2, h2, hmax):.1f}" fill="{mean}"><title>{xml_text(h)}: {v:.4g}</title></rect>')
        if len(ranked) <= 40:
            s.append(f'<text transform="translate({x0 + (i + 0.5) * gw:.1f},{yb + 8}) rotate(45)" font-size="9">'
                     f'{xml_text(h if len(h) <= 14 else h[:13] + "…")}</text>')
    s.append(f'<line x1="{x0}" x2="{x1}" y1="{yb}" y2="{yb}" stroke="black"/>')
    s.append(f'<text x="{(x0 + x1) / 2}" y="{H - 8}" text-anchor="middle">sending host</text>')
    s.append("</svg>")
    try:
        # UTF-8, the encoding of an SVG without a declaration, whatever the
        # locale: an ASCII one ended in a traceback on its 'µs', a Latin-1
        # one wrote bytes no viewer read.
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(s) + "\n")
    except OSError as e:
        die(f"--svg {path}: {e.strerror}")


def main(argv):
    o = parse_args(argv)
    segments, hosts, t_begin, t_end, unfinished, ncomms, sent, recv = read_segments(o["trace"])
    total, out, inc, bins, width = summarise(segments, hosts, t_begin, t_end, o["bins"])
    print(f"trace {console.shown(o['trace'])}: {ncomms} comms between {len(hosts)} hosts, "
          f"{t_begin:.6f} to {t_end:.6f} s simulated"
          + (f", {unfinished} unfinished" if unfinished else ""))
    print(f"comm-time under a penalty > 1: {total.share():.1f} %; time-weighted mean penalty {total.mean():.4f}, "
          f"largest {total.max:.4f}")
    ranked = sorted(hosts, key=lambda h: (-out[h].mean(), h))
    shown = ranked if o["top"] == 0 else ranked[:o["top"]]
    print()
    print(f"per host ({len(shown)} of {len(hosts)}, by mean outgoing penalty):")
    print(f"{'host':<16} {'sent':>6} {'mean_out':>9} {'max_out':>8} {'>1_out%':>8} "
          f"{'recv':>6} {'mean_in':>9} {'max_in':>8} {'>1_in%':>8}")
    for h in shown:
        # (a name holding a line end, an XML id "b&#10;c", split its row in
        # two; a terminal escape went to the terminal: escaped, as in the
        # error lines)
        print(f"{console.shown(h):<16} {sent.get(h, 0):>6} {out[h].mean():>9.4f} {out[h].max:>8.4f} {out[h].share():>8.1f} "
              f"{recv.get(h, 0):>6} {inc[h].mean():>9.4f} {inc[h].max:>8.4f} {inc[h].share():>8.1f}")
    print()
    print(f"over time ({o['bins']} bins of {width:.6g} s):")
    print(f"{'begin':>12} {'end':>12} {'active':>9} {'mean':>9} {'largest':>9}")
    for i, b in enumerate(bins):
        active = b.time / width if width > 0 else 0.0
        print(f"{t_begin + i * width:>12.6f} {t_begin + (i + 1) * width:>12.6f} {active:>9.3f} "
              f"{b.mean():>9.4f} {b.max:>9.4f}")
    if o["svg"]:
        svg(o["svg"], bins, t_begin, width, ranked if o["top"] == 0 else ranked[:max(o["top"], 1)], out)
        print(f"\nplot: {o['svg']}")


if __name__ == "__main__":
    try:  # (a Ctrl-C while the handler is set was a traceback)
        # (a closed or read-only standard error: usage errors exited 1, not 2)
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "campaign"))
        import console
        import stopping
        console.open_closed_stderr()
        # SIGTERM and SIGHUP stop it as Ctrl-C (they killed it with no
        # line); the first one only, one ignored at start (nohup) stays so.
        stopping.stop_on_first_signal(KeyboardInterrupt, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends quietly
        if sys.stdout is None:  # closed at start (>&-): the report went nowhere, then a traceback
            die("standard output: Bad file descriptor (closed when the program started)")
        # A host name the output's encoding lacks (PYTHONIOENCODING=ascii, a
        # Latin-1 locale) with a backslash escape, as the campaign's labels:
        # the report ended in a UnicodeEncodeError traceback.
        console.escape_stdout()
        main(sys.argv[1:])
        sys.stdout.flush()
    except OSError as e:  # a full disk, a closed descriptor
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's flush: no second report
        die(f"standard output: {e.strerror or e}")
    except KeyboardInterrupt as e:  # a signal while a large trace is read: one line, not a traceback
        print("penalty-summary: interrupted", file=sys.stderr)
        sys.exit(128 + int(e.args[0] if e.args else signal.SIGINT))
