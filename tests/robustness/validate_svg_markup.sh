#!/bin/sh
# validate_svg_markup.sh SRC BUILD: a dataset named with '<' and '&' (a
# name is any word of the dataset list) went into validation.svg as
# markup: a chart no viewer opened ("mismatched tag"). The chart parses
# and the name is its text.
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
printf 'testbed ib platforms/ib-testbed.xml infiniband\ndataset A<B&C ib data/seed000-fig4-graph-a.xml\n' > list.txt
BUILD_DIR=$2 python3 "$src/scripts/validate.py" --manifest "$tmp/list.txt" --models contention --styles none \
  --out "$tmp/out" > stdout 2> err
rc=$?
[ $rc = 0 ] || { cat err; echo "FAIL: exit status $rc, want 0"; exit 1; }
python3 -c 'import sys, xml.etree.ElementTree as E
t = [e.text for e in E.parse(sys.argv[1]).iter() if e.text]
sys.exit(0 if "A<B&C" in t else "the name is not a text of the chart")' out/validation.svg || exit 1
echo "a dataset name with '<' and '&': the chart parses, the name is its text"
