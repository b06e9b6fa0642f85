# Sourced by receiver_profile.sh and profile_link_order.sh, with $platform
# (bw-profile.xml) and $tmp set: writes $tmp/plat.xml, bw-profile.xml with
# its bandwidth profile moved from the sender's link (la) to the
# receiver's (lb: B halves from 4 ms to 8 ms), and sets $want, the time a
# lone 20 MiB comm a -> b takes on it (when the integral of B(t) reaches
# 20 MiB).
sed -e 's| bandwidth_file="bw-profile-la.txt"||' \
  -e 's|\(<link id="lb" .*\)/>|\1 bandwidth_file="bw-profile-la.txt"/>|' "$platform" >"$tmp/plat.xml"
grep -q '<link id="lb" .*bandwidth_file="bw-profile-la.txt"' "$tmp/plat.xml" || { echo "FAIL: no profile on lb"; exit 1; }
cp "$(dirname "$platform")/bw-profile-la.txt" "$tmp/"
want=$(awk 'BEGIN { B = 1958863858; left = 20971520; t = 0
  n = split("0.004 0.008 1e9", end, " "); split("1 0.5 1", f, " ")
  for (i = 1; i <= n; i++) { r = B * f[i]; d = end[i] - t
    if (left <= r * d) { printf "%.9g", t + left / r; exit }
    left -= r * d; t = end[i] } }')
