"""SVG chart of scripts/validate.py (no dependencies): one row group per
dataset, one horizontal bar per model giving E_abs on a log axis, and the
paper's own model as a black diamond, read like a figure of the papers."""
import math

import model_colors
from svg_text import xml_text
from validate_report import pct

LO = 0.01  # % : smaller errors (and 0) are drawn at the axis start


def write_svg(path, datasets, models, lookup, paper_eabs, worse=lambda r: False):
    """lookup(ds, model) -> Result or None; paper_eabs(ds) -> (value, source);
    worse(result) -> whether another model does better (the contention
    model's bar gets a red '!'). A dataset used to fit parameters (ds.fit)
    is labelled '[fit]'."""
    colors = model_colors.colors(models)
    values = [lookup(ds, m).eabs() for ds in datasets for m in models
              if lookup(ds, m) is not None and lookup(ds, m).error is None]
    values += [paper_eabs(ds)[0] for ds in datasets if paper_eabs(ds)[0] is not None]
    # The axis ends at the decade above the largest error, at most 1e308,
    # the largest a double holds: an error past it (inf, when a tiny
    # measured time's E_rel overflows) is drawn at the end. (log10(inf)
    # ended the report in an OverflowError traceback, no chart.)
    top_value = max([v for v in values if math.isfinite(v)] + [LO])
    hi = 10.0 ** min(308, max(2, math.ceil(math.log10(top_value))))
    # The dataset names end at the axis: room for the longest (0.6 em a glyph).
    left = max(250, int(7.2 * max([len(ds.name) for ds in datasets] + [0])) + 24)
    W, right, top, bar, gap = left + 730, 40, 78, 4, 8
    group = bar * len(models) + gap
    plot_h = group * len(datasets)
    H = top + plot_h + 146
    x0, x1 = left, W - right

    def x(v):
        v = min(max(v, LO), hi)
        return x0 + (math.log10(v) - math.log10(LO)) / (math.log10(hi) - math.log10(LO)) * (x1 - x0)

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" '
         f'font-size="12">', f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="15">Simulated against measured times '
         f'of the papers\' contention graphs</text>',
         f'<text x="{W / 2}" y="40" text-anchor="middle" fill="#444">smpirun on the testbeds\' &lt;cluster&gt; '
         f'platforms, SMPI factors 1, no cross-traffic (doc/validation.md)</text>']
    for i, ds in enumerate(datasets):
        y = top + i * group
        if i % 2 == 0:
            o.append(f'<rect x="{x0 - left + 4}" y="{y - gap / 2:.1f}" width="{x1 - x0 + left - 4}" '
                     f'height="{group}" fill="#f3f3f3"/>')
        o.append(f'<text x="{x0 - 8}" y="{y + bar * len(models) / 2 + 4:.1f}" text-anchor="end">{xml_text(ds.name)}'
                 f'{" [fit]" if getattr(ds, "fit", "") else ""}</text>')
    decade = LO
    while decade <= hi * 1.0001:
        xv = x(decade)
        o.append(f'<line x1="{xv:.1f}" x2="{xv:.1f}" y1="{top - gap}" y2="{top + plot_h}" stroke="#bbb"/>')
        o.append(f'<text x="{xv:.1f}" y="{top - gap - 6}" text-anchor="middle">{decade:g}</text>')
        o.append(f'<text x="{xv:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{decade:g}</text>')
        decade *= 10
    for i, ds in enumerate(datasets):
        y = top + i * group
        done = [lookup(ds, m) for m in models if lookup(ds, m) is not None and lookup(ds, m).error is None]
        if done and all(r.eabs() < LO for r in done):
            o.append(f'<text x="{x0 + 6}" y="{y + bar * len(models) / 2 + 4:.1f}" fill="#444">below {LO:g} % '
                     f'for every model</text>')
        for j, m in enumerate(models):
            r = lookup(ds, m)
            if r is None:
                continue
            yb = y + j * bar
            if r.error is not None:
                o.append(f'<text x="{x0 + 4}" y="{yb + bar:.1f}" font-size="8" fill="red">{m} FAILED</text>')
                continue
            e = r.eabs()
            o.append(f'<rect x="{x0}" y="{yb:.1f}" width="{x(e) - x0:.1f}" height="{bar - 0.5}" '
                     f'fill="{colors[m]}"><title>{xml_text(ds.name)}, {m}: E_abs {pct(e)} %</title></rect>')
            if worse(r):
                o.append(f'<text x="{x(e) + 3:.1f}" y="{yb + bar + 1:.1f}" font-size="9" font-weight="bold" '
                         f'fill="red">!<title>{xml_text(ds.name)}: another model does better than {m}</title></text>')
        pv = paper_eabs(ds)[0]
        if pv is not None:
            xc, yc = x(pv), y + bar * len(models) / 2
            o.append(f'<path d="M{xc:.1f},{yc - 5:.1f} l5,5 l-5,5 l-5,-5 z" fill="{model_colors.MEASURED}"><title>{xml_text(ds.name)}, '
                     f'the paper\'s model: E_abs {pct(pv)} %</title></path>')
    o.append(f'<line x1="{x0}" x2="{x0}" y1="{top - gap}" y2="{top + plot_h}" stroke="black"/>')
    o.append(f'<text x="{(x0 + x1) / 2}" y="{top + plot_h + 36}" text-anchor="middle">E_abs (%), log scale: '
             f'mean over the comms of |T_sim - T_meas| / T_meas</text>')
    o.append(f'<text x="{(x0 + x1) / 2}" y="{top + plot_h + 52}" text-anchor="middle" font-size="10" '
             f'fill="#444">(errors below {LO:g} % drawn at {LO:g})</text>')
    ly = top + plot_h + 74
    for j, m in enumerate(models):
        lx = left + j * 90
        o.append(f'<rect x="{lx}" y="{ly}" width="12" height="12" fill="{colors[m]}"/>')
        o.append(f'<text x="{lx + 16}" y="{ly + 10}">{m}</text>')
    lx = left + len(models) * 90
    o.append(f'<path d="M{lx + 6},{ly} l6,6 l-6,6 l-6,-6 z" fill="black"/>')
    o.append(f'<text x="{lx + 16}" y="{ly + 10}">the paper\'s own model</text>')
    o.append(f'<text x="{left}" y="{ly + 32}" fill="#444">[fit]: parameters were fitted on this dataset '
             f'(the others are held out)</text>')
    o.append(f'<text x="{left}" y="{ly + 48}" fill="#444"><tspan fill="red" font-weight="bold">!</tspan>: '
             f'another model does better than this one</text>')
    o.append("</svg>")
    # UTF-8, the encoding of an SVG without a declaration, whatever the locale.
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("\n".join(o) + "\n")
