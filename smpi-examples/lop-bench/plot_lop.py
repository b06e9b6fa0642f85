#!/usr/bin/env python3
"""SVG (no dependencies) of lop-bench results against the LoP paper's fit:
round time per peer (µs) against p, the fitted t(p) as a line, each
simulated series as markers; colours from scripts/model_colors.py.
usage: plot_lop.py CURVE OUT.svg LABEL=FILE.csv...  (CURVE: send, rdma-write)"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import model_colors  # noqa: E402

# The LoP paper, sec. 4.7, the fitted minimal round trips (doc/lop.md):
# t(p) = l3 + l1 / (l2 + p) + l4 (1 - exp(l5 (p - l6))), microseconds.
FITS = {"send": (22.4558, -0.0140, 9.1637, 0.0174, -0.0625, 101.3065),
        "rdma-write": (16.7937, 0.0058, 4.4642, 4.4751, -0.0642, 12.9209)}


def fit(curve, p):
    l1, l2, l3, l4, l5, l6 = FITS[curve]
    return l3 + l1 / (l2 + p) + l4 * (1 - math.exp(l5 * (p - l6)))


def main(curve, dst, series):
    data = []
    for spec in series:
        label, path = spec.split("=", 1)
        rows = list(csv.DictReader(open(path)))
        data.append((label, [(int(r["p"]), float(r["per_peer_us"])) for r in rows]))
    pmax = max(p for _, pts in data for p, _ in pts)
    ymax = max([fit(curve, p) for p in range(1, pmax + 1)] + [v for _, pts in data for _, v in pts]) * 1.1
    W, H, left, right, top, bottom = 760, 420, 70, 20, 40, 70
    sx = (W - left - right) / pmax
    sy = (H - top - bottom) / ymax
    X = lambda p: left + p * sx
    Y = lambda v: H - bottom - v * sy
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W/2}" y="20" text-anchor="middle" font-size="14">LoP {curve}: round time per peer, '
           f'simulated (contention/lop:{curve}) and the LoP paper\'s fit</text>']
    step = 5 if ymax < 60 else 10
    for k in range(0, int(ymax / step) + 1):
        y = Y(k * step)
        out.append(f'<line x1="{left}" x2="{W-right}" y1="{y:.1f}" y2="{y:.1f}" stroke="{model_colors.GRID}"/>')
        out.append(f'<text x="{left-6}" y="{y+4:.1f}" text-anchor="end">{k*step}</text>')
    for p in range(0, pmax + 1, 8):
        out.append(f'<text x="{X(p):.1f}" y="{H-bottom+16}" text-anchor="middle">{p}</text>')
    out.append(f'<text x="{W/2}" y="{H-bottom+34}" text-anchor="middle">peers p (processes each rank exchanges with)</text>')
    out.append(f'<text x="16" y="{H/2}" transform="rotate(-90 16 {H/2})" text-anchor="middle">round time per peer (µs)</text>')
    line = " ".join(f"{X(p):.1f},{Y(fit(curve, p)):.1f}" for p in range(1, pmax + 1))
    out.append(f'<polyline points="{line}" fill="none" stroke="{model_colors.MEASURED}" stroke-width="1.5"/>')
    # LoP series in turn; the contention model without LoP in its own colour.
    colors = [model_colors.color("contention") if label.startswith("contention") else model_colors.OTHERS[i % 4]
              for i, (label, _) in enumerate(data)]
    for i, (label, pts) in enumerate(data):
        c = colors[i]
        for p, v in pts:
            if i % 2 == 0:
                out.append(f'<circle cx="{X(p):.1f}" cy="{Y(v):.1f}" r="3" fill="none" stroke="{c}">'
                           f'<title>{label} p={p}: {v:.3f} µs</title></circle>')
            else:
                out.append(f'<path d="M{X(p)-3:.1f},{Y(v)-3:.1f}l6,6m0,-6l-6,6" stroke="{c}">'
                           f'<title>{label} p={p}: {v:.3f} µs</title></path>')
    legend = [("LoP paper's fit t(p)", model_colors.MEASURED)] + [(label, colors[i]) for i, (label, _) in enumerate(data)]
    for i, (label, c) in enumerate(legend):
        x = left + i * 175
        out.append(f'<rect x="{x}" y="{H-22}" width="12" height="12" fill="{c}"/>')
        out.append(f'<text x="{x+16}" y="{H-12}">{label}</text>')
    out.append("</svg>")
    open(dst, "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in FITS:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
