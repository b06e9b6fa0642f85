"""Text report of a campaign's rows: one table of simulated times per
platform and rank count (programs x models), the difference to the
contention model, and a summary that lists every run that did not succeed."""
import os

REFERENCE = "contention"


def figure(x, decimals):
    """x with that many decimals, or in %g form when that would be long
    (a value near 1e308 is not a 300-digit cell)."""
    return f"{x:.{decimals}f}" if abs(x) < 1e9 else f"{x:.6g}"


def ordered(values):
    return list(dict.fromkeys(values))


def place(row, several_hostfiles):
    where = f"{row['ranks']} ranks on {row['platform']}"
    if row["platform"] in several_hostfiles:
        where += f" (hostfile {row['hostfile']})"
    return where


def cell(row):
    if row is None:
        return "-"
    if row["status"] != "ok":
        return row["status"].upper()
    return f"{float(row['simulated_s']):.6g}"


def blocks(rows):
    """-> [(title, programs, models, {(program, model): row})] in campaign order."""
    hostfiles = {}
    for r in rows:
        hostfiles.setdefault(r["platform"], set()).add(r["hostfile"])
    several = {p for p, h in hostfiles.items() if len(h) > 1}
    out = {}
    for r in rows:
        key = (r["platform"], r["hostfile"], str(r["ranks"]))
        if key not in out:
            out[key] = (place(r, several), [], [], {})
        title, progs, models, cells = out[key]
        if r["program"] not in progs:
            progs.append(r["program"])
        if r["model"] not in models:
            models.append(r["model"])
        cells[(r["program"], r["model"])] = r
    return list(out.values())


def time_table(title, progs, models, cells):
    pw = max([len("program")] + [len(p) for p in progs])
    widths = [max(12, len(m)) for m in models]
    lines = [f"Simulated time (s), {title}:",
             f"{'program':<{pw}}" + "".join(f" {m:>{w}}" for m, w in zip(models, widths))]
    for p in progs:
        lines.append(f"{p:<{pw}}" + "".join(f" {cell(cells.get((p, m))):>{w}}" for m, w in zip(models, widths)))
    return lines


def difference_table(progs, models, cells):
    """(model - contention) / contention, for the programs where both ran."""
    if REFERENCE not in models:
        return []
    pw = max(len(p) for p in progs)
    lines = []
    for p in progs:
        ref = cells.get((p, REFERENCE))
        if not ref or ref["status"] != "ok":
            continue
        t0 = float(ref["simulated_s"])
        parts = []
        for m in models:
            r = cells.get((p, m))
            if m != REFERENCE and r and r["status"] == "ok":
                t = float(r["simulated_s"])
                if t0 > 0:
                    pct = 100 * (t - t0) / t0
                    parts.append(f"{m} {pct:+7.2f}%" if abs(pct) < 1e9 else f"{m} {pct:+.6g}%")
                else:
                    parts.append(f"{m} n/a")
        if parts:
            lines.append(f"{p:<{pw}}  " + "  ".join(parts))
    head = f"Difference to the {REFERENCE} model, (model - {REFERENCE}) / {REFERENCE}:"
    return [head] + lines if lines else []


def summary(rows, out):
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    wall = sum(float(r["wall_s"]) for r in rows if r["wall_s"] not in ("", None))
    text = ", ".join(f"{n} {s}" for s, n in counts.items())
    lines = [f"{len(rows)} run{'s' if len(rows) != 1 else ''}: {text} ({figure(wall, 1)} s of simulation wall time)"]
    bad = [r for r in rows if r["status"] != "ok"]
    if bad:
        lines.append(f"Runs that did not succeed (output in {os.path.join(out, 'logs')}/NNNN.out and .err):")
        for r in bad:
            lines.append(f"  run {int(r['run']):04d} {r['program']}, {r['ranks']} ranks on {r['platform']}, "
                         f"{r['model']}: {r['status']}: {r['note']}")
    return lines


def report(rows, out):
    lines = []
    for title, progs, models, cells in blocks(rows):
        lines += time_table(title, progs, models, cells) + [""]
        diff = difference_table(progs, models, cells)
        lines += diff + ([""] if diff else [])
    return "\n".join(lines + summary(rows, out)) + "\n"
