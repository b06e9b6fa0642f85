#!/bin/sh
# Rewrites the shipped platforms with contention-platform-gen. Each file's
# header records where its figures come from (the papers: doc/references.md;
# doc/platforms.md) and the options that produced it; the platforms tests
# check that the files still match the generator.
# usage: platforms/generate.sh PATH/TO/contention-platform-gen
set -eu
gen=${1:?usage: $0 PATH/TO/contention-platform-gen}
dir=$(dirname "$0")

for n in 9 34; do
  "$gen" --sharing fatpipe --nodes $n --cores 8 --speed 1Gf --bw 1958863858.96Bps --lat 0s \
    --id ib-testbed --prefix node- --first 1 -o "$dir/ib-testbed-$n.xml" \
    --comment "InfiniBand testbed of seed 000 (Martinasso and Mehaut, Euro-Par 2011), section 4.1:" \
    --comment "$n nodes of 8 cores on one switch. The paper's runs use 9 nodes of one switch; the whole" \
    --comment "testbed has 34 nodes on 3 switches, modelled here as one switch (an assumption)." \
    --comment "Effective bandwidth 1.82 GiB/s (printed GB/s), alpha = 5.105e-10 s/B (section 5):" \
    --comment "every node link is 1/alpha = 1958863858.96 B/s, so one 20 MiB comm alone takes 0.010706 s." \
    --comment "Latency: the paper neglects it (0 s here). Host speed: not given, 1 Gf per core assumed." \
    --comment "The links are FATPIPE in a Full zone, so SimGrid never shares them: the contention model" \
    --comment "is the only limit. (SimGrid 3.32 ignores FATPIPE on cluster private links.) Intra-host" \
    --comment "comms have no route: they cost only the SMPI per-message overheads."
done

"$gen" --layout hierarchical --nodes 39,35,30,40 --cores 4 --speed 2.53Gf \
  --bw 1Gbps --lat 24us --limiter 1.5 --bb-bw 10Gbps --bb-lat 10us --bb-limiter 13Gbps \
  --id graphene --prefix graphene- --first 1 -o "$dir/graphene.xml" \
  --comment "graphene (Grid'5000 Nancy) as modelled in seed 003 (SMPI hybrid model paper), section IV:" \
  --comment "144 quad-core 2.53 GHz Xeon X3440 nodes in four cabinets (IV, Fig. 2); 1 Gb node links" \
  --comment "made of an uplink, a downlink and a limiter link of 1.5 x B shared by all the node's flows" \
  --comment "(IV.B); cabinets joined by 10 Gb links, also uplink, downlink and a 13 Gb limiter (IV.B, Fig. 5)." \
  --comment "Cabinet sizes 39, 35, 30, 40 (graphene-1..39, 40..74, 75..104, 105..144) are assumed: the paper" \
  --comment "only says 144 nodes in four cabinets, 19 = half the first cabinet, and nodes 40 and 104 in" \
  --comment "different cabinets. Assumed: 1 flop per cycle (2.53 Gf per core), 24 us per node link (48 us" \
  --comment "one way inside a cabinet), 10 us per cabinet uplink. No loopback: SimGrid routes comms" \
  --comment "inside a host through its own links."

"$gen" --layout hierarchical --cabinets 2 --nodes 15 --cores 12 --speed 2.93Gf \
  --bw 1Gbps --lat 100us --bb-bw 10Gbps --bb-lat 12.5us \
  --id two-rack --prefix node- --first 1 -o "$dir/two-rack.xml" \
  --comment "Two-rack hierarchical Ethernet cluster of seed 002 (Zhu, Lastovetsky, Ali, Riesen), sections 3-5:" \
  --comment "two racks of up to 15 nodes, each a dual-socket six-core Xeon X5670 at 2.93 GHz with a 1 Gb NIC," \
  --comment "top-of-rack switches joined by a 10 Gb optical backbone (measured 9.4 Gbps in aggregate, 940" \
  --comment "Mbps per flow: about 94 percent of nominal, the SMPI bandwidth factor does the rest). Full duplex:" \
  --comment "every NIC and every rack uplink is SPLITDUPLEX, no limiter (seed 002 finds none). Each rack is" \
  --comment "its own cluster zone: the hier-ethernet technology takes a host's rack from its zone." \
  --comment "Latency: RTT between racks is 450 us (section 3), so 225 us one way = 2 x 100 us (NICs, assumed" \
  --comment "split) + 2 x 12.5 us (rack uplinks). Host speed assumed 1 flop per cycle."

"$gen" --layout hierarchical --cabinets 4 --nodes 32 --cores 2 --speed 1Gf \
  --bw 1Gbps --lat 50us --limiter 1.5 --bb-bw 8Gbps --bb-lat 5us \
  --id tibidabo --prefix tibidabo- --first 1 -o "$dir/tibidabo.xml" \
  --comment "Tibidabo-like ARM cluster for the BigDFT study of seed 003, section VI: NVIDIA Tegra2 nodes" \
  --comment "(dual-core ARM Cortex-A9) with a 1 GbE NIC on PCI Express, connected hierarchically with 48-port" \
  --comment "1 GbE switches. Assumed (the paper gives no more): 128 nodes (its largest run), 4 leaf switches" \
  --comment "of 32 nodes, each leaf joined to a root switch by 8 trunked 1 GbE ports (32 + 8 of 48 ports)," \
  --comment "hence 8 Gbps cabinet uplinks; 1 Gf per core (1 GHz); the graphene limiter factor 1.5 for the" \
  --comment "node links; 50 us per node link (a slow ARM TCP stack) and 5 us per switch uplink."
