#!/bin/sh
# loggps_profile.sh BIN_DIR
# network/model:loggps reads the platform's bandwidths once, as written,
# and gives every link a bandwidth no comm reaches; a bandwidth profile
# must change no LogGPS time. Hosts a..d with SPLITDUPLEX links behind a
# SHARED backbone whose profile halves it from 0.5 ms to 1.5 ms; a -> b
# and c -> d, 8 MiB each. The profile's events shifted the max-min weight
# of the comms (network/weight-S), which took them out of the latency
# phase where their whole LogGPS time is spent: SimGrid reported a
# deadlock at 4.35 ms (exit 2); with weight-S at 0 the events gave the
# links their real bandwidths back, and the comms took 12.86 ms instead
# of 4.29 ms. The times with and without the profile must be identical,
# single- and multi-port.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=1958863858
printf '0 2938295787\n0.0005 1469147893\n0.0015 2938295787\n' >"$tmp/dip.txt"
platform() { # OUT PROFILE-ATTRIBUTE
  {
    echo "<?xml version='1.0'?>"
    echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
    echo '<platform version="4.1"><zone id="z" routing="Full">'
    for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\" core=\"8\"/>"; done
    for h in a b c d; do echo "  <link id=\"l$h\" bandwidth=\"${B}Bps\" latency=\"1us\" sharing_policy=\"SPLITDUPLEX\"/>"; done
    echo "  <link id=\"bb\" bandwidth=\"2938295787Bps\" latency=\"2us\"$2/>"
    for s in a b c d; do for d in a b c d; do
      [ $s = $d ] || echo "  <route src=\"$s\" dst=\"$d\" symmetrical=\"NO\"><link_ctn id=\"l$s\" direction=\"UP\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$d\" direction=\"DOWN\"/></route>"
    done; done
    echo '</zone></platform>'
  } >"$1"
}
platform "$tmp/plain.xml" ""
platform "$tmp/profile.xml" ' bandwidth_file="dip.txt"'
printf 'ab a b 8MiB 0\ncd c d 8MiB 0\n' >"$tmp/graph"
fails=0
for ports in single multi; do
  for p in plain profile; do
    "$bin/contention-bench-run" "$tmp/graph" -platform "$tmp/$p.xml" --cfg=network/model:loggps \
      --cfg=loggps/ports:$ports --cfg=smpi/simulate-computation:0 --log=root.thres:warning >"$tmp/$p" 2>"$tmp/err" ||
      { cat "$tmp/err"; echo "FAIL $ports $p: the run failed"; fails=$((fails + 1)); }
  done
  if cmp -s "$tmp/plain" "$tmp/profile" && [ "$(wc -l <"$tmp/plain")" -eq 3 ]; then
    echo "$ports-port: same times with the profile: $(tail -n 2 "$tmp/profile" | cut -d, -f1,6 | tr '\n' ' ')"
  else
    echo "FAIL $ports-port: without the profile:"; cat "$tmp/plain"; echo "with it:"; cat "$tmp/profile"
    fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
