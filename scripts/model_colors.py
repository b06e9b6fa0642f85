"""One colour per network model in every figure of the project (the
validation chart, the campaign figures, the LoP plots, the penalty
summary), from the Okabe-Ito palette, which stays distinct for the common
colour-vision deficiencies and in grey print. Import it from a script
outside scripts/ with sys.path.insert(0, <repository>/scripts)."""

# The models of scripts/validate.py and scripts/compare-models.sh.
MODELS = {
    "contention": "#D55E00",  # vermilion: the model of this project
    "SMPI": "#0072B2",        # blue
    "CM02": "#009E73",        # bluish green
    "LV08": "#CC79A7",        # reddish purple
    "IB": "#E69F00",          # orange
    "loggps": "#56B4E9",      # sky blue
}
# What the models are compared with.
MEASURED = "#000000"  # measured times, and a paper's own model
REFERENCE = "#555555"  # reference lines (ratio 1, ideal scaling)
GRID = "#dddddd"
# Series that are not models (other models, LoP posting modes, ...), in turn.
OTHERS = ["#8C564B", "#7F7F7F", "#17BECF", "#BCBD22"]


def color(model, index=0):
    """The colour of a model; a model not in MODELS gets OTHERS[index]."""
    return MODELS.get(model, OTHERS[index % len(OTHERS)])


def colors(models):
    """{model: colour} for a list of models, the unknown ones in turn."""
    out, k = {}, 0
    for m in models:
        if m in MODELS:
            out[m] = MODELS[m]
        else:
            out[m] = OTHERS[k % len(OTHERS)]
            k += 1
    return out
