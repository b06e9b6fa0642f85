# Sourced by the smpi tests that compare a time with SMPI's: needs $tmp
# and $fails. against_smpi WHAT GOT REF prints both times and their
# relative difference, and counts a failure (printing $tmp/err, the run's
# stderr) when REF is not positive or the difference is above 1e-6.
against_smpi() {
  awk -v what="$1" -v g="$2" -v r="$3" 'BEGIN {
    d = (g - r) / r; if (d < 0) d = -d
    printf "%s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, g, r, d; exit !(r > 0 && d <= 1e-6) }' ||
    { fails=$((fails + 1)); cat "$tmp/err" 2>/dev/null; }
}
