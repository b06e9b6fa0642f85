#!/usr/bin/env python3
"""Grouped bar chart (SVG, no dependencies) of compare-models.sh results:
one group per workload, one bar per model, simulated time normalised to the
first model of each group so workloads of different lengths share an axis."""
import csv
import sys

def main(src, dst):
    rows = list(csv.DictReader(open(src)))
    workloads = list(dict.fromkeys(r["workload"] for r in rows))
    models = list(dict.fromkeys(r["model"] for r in rows))
    t = {(r["workload"], r["model"]): float(r["simulated_s"]) for r in rows}
    colors = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d"]
    W, H, left, top, bottom = 760, 360, 60, 40, 60
    ref = {w: t.get((w, models[0])) for w in workloads}
    vals = [t[(w, m)] / ref[w] for w in workloads for m in models if (w, m) in t and ref[w]]
    ymax = max(vals + [1.0]) * 1.1
    gw = (W - left - 20) / max(len(workloads), 1)
    bw = gw * 0.8 / max(len(models), 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W/2}" y="20" text-anchor="middle" font-size="14">Simulated time relative to {models[0]}</text>']
    y0 = H - bottom
    scale = (y0 - top) / ymax
    for k in range(0, int(ymax * 4) + 1):
        y = y0 - k * 0.25 * scale
        out.append(f'<line x1="{left}" x2="{W-20}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left-6}" y="{y+4:.1f}" text-anchor="end">{k*0.25:.2f}</text>')
    for i, w in enumerate(workloads):
        x = left + i * gw + gw * 0.1
        for j, m in enumerate(models):
            if (w, m) not in t or not ref[w]:
                continue
            v = t[(w, m)] / ref[w]
            out.append(f'<rect x="{x + j*bw:.1f}" y="{y0 - v*scale:.1f}" width="{bw*0.9:.1f}" '
                       f'height="{v*scale:.1f}" fill="{colors[j % len(colors)]}"><title>{w} {m}: '
                       f'{t[(w, m)]:.6f} s</title></rect>')
        out.append(f'<text x="{left + i*gw + gw/2:.1f}" y="{y0+18}" text-anchor="middle">{w}</text>')
    for j, m in enumerate(models):
        x = left + j * 110
        out.append(f'<rect x="{x}" y="{H-22}" width="12" height="12" fill="{colors[j % len(colors)]}"/>')
        out.append(f'<text x="{x+16}" y="{H-12}">{m}</text>')
    out.append("</svg>")
    open(dst, "w").write("\n".join(out) + "\n")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
