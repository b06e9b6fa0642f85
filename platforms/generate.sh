#!/bin/sh
# Rewrites the shipped platforms with contention-platform-gen. Each file's
# header records where its figures come from (the papers: doc/references.md;
# doc/platforms.md) and the options that produced it; the platforms tests
# check that the files still match the generator.
# usage: platforms/generate.sh PATH/TO/contention-platform-gen
set -eu
gen=${1:?usage: $0 PATH/TO/contention-platform-gen}
dir=$(dirname "$0")

# The measured testbeds as a user describes them: a <cluster> whose node
# links carry the measured bandwidth of one comm alone, a switch that does
# not limit (FATPIPE backbone), a realistic latency.
"$gen" --nodes 9 --cores 8 --speed 1Gf --bw 1958863858.96Bps --lat 1.25us --bb-bw 1958863858.96Bps --bb-lat 0s \
  --id ib-testbed --prefix node- --first 1 -o "$dir/ib-testbed.xml" \
  --comment "InfiniBand testbed of seed 000 (Martinasso and Mehaut, Euro-Par 2011), section 4.1: nodes of" \
  --comment "8 cores with Mellanox MT26418 cards; the paper's runs use 9 nodes on one switch (the whole" \
  --comment "testbed has 34 nodes on 3 switches). Node links: the effective bandwidth measured with one comm" \
  --comment "alone, 1.82 GiB/s (printed GB/s), alpha = 5.105e-10 s/B (section 5), i.e. 1958863858.96 B/s:" \
  --comment "one 20 MiB comm alone takes the paper's T_ref = 0.010706 s. Switch: a FATPIPE backbone at the" \
  --comment "same rate, so it never limits (one non-blocking switch). Latency: the paper neglects it; the" \
  --comment "era's InfiniBand one-way latency of a 1-byte MPI message, 5.06 us, is the smallest the LoP fits" \
  --comment "of seed 004 imply (its 2009 Mellanox cluster); 1.25 us per node link gives it under SMPI's" \
  --comment "default smpi/lat-factor (2.01467 below 257 B): 2 x 1.25 x 2.01467 us. It adds 0.05 percent" \
  --comment "to a 20 MiB comm. Host speed: not given, 1 Gf per core assumed."

"$gen" --nodes 53 --cores 2 --speed 2Gf --bw 84033613.445Bps --lat 12.41us --bb-bw 84033613.445Bps --bb-lat 0s \
  --id gige-testbed --prefix node- --first 1 -o "$dir/gige-testbed.xml" \
  --comment "Gigabit Ethernet cluster of seed 001 (Vienne et al., IEEE Cluster 2008), section IV.C: IBM eServer" \
  --comment "326, 53 nodes of 2 AMD Opteron 248 at 2 GHz, Broadcom BCM5704 cards, MPICH, fat tree. Node" \
  --comment "links: the bandwidth of one comm alone, 4 MB in t_ref = 0.0476 s (Fig. 4, t_ref inferred from" \
  --comment "the printed predictions, doc/technologies.md), i.e. 84033613.445 B/s. Switch: a FATPIPE" \
  --comment "backbone at the same rate, so it never limits. Latency: 50 us one way for a 1-byte MPI message," \
  --comment "typical of MPI over TCP on Gigabit Ethernet of that time (assumed: the paper prints none; it" \
  --comment "adds 0.1 percent to a 4 MB comm), i.e. 12.41 us per node link under SMPI's default" \
  --comment "smpi/lat-factor (2 x 12.41 x 2.01467 us). Host speed: 1 flop per cycle assumed (2 Gf per core)."

"$gen" --nodes 53 --cores 2 --speed 2Gf --bw 84033613.445Bps --lat 12.41us --limiter 1.54 \
  --bb-bw 84033613.445Bps --bb-lat 0s --id gige-testbed --prefix node- --first 1 -o "$dir/gige-testbed-limiter.xml" \
  --comment "The Gigabit Ethernet cluster of seed 001 (Vienne et al., IEEE Cluster 2008) as gige-testbed.xml," \
  --comment "plus each node's card duplex limit: a limiter link of 1.54 x the node bandwidth shared by all the" \
  --comment "flows to and from the node, the value that best fits the paper's Fig. 2 penalties of a node that" \
  --comment "sends and receives at once (schemes 5, 6; doc/validation.md). The SMPI paper (Degomme et al.)" \
  --comment "measures the same effect on another Gigabit Ethernet cluster: Bs + Br = 1.5 B."

"$gen" --nodes 72 --cores 2 --speed 2Gf --bw 247MBps --lat 0.794us --bb-bw 247MBps --bb-lat 0s \
  --id myrinet-testbed --prefix node- --first 1 -o "$dir/myrinet-testbed.xml" \
  --comment "Myrinet 2000 cluster of seed 001 (Vienne et al., IEEE Cluster 2008), section IV.C: IBM eServer" \
  --comment "325, 72 nodes of 2 AMD Opteron 246 at 2 GHz, Myrinet 2000 cards, MPI MX, fat tree. The paper" \
  --comment "prints no bandwidth nor message size for its Myrinet runs (only ratios, and t_ref = 0.0355 s in" \
  --comment "Fig. 7): node links at 247 MB/s and 3.2 us one way (0.794 us per node link, x 2.01467, SMPI's default smpi/lat-factor for small messages) are Myricom's figures" \
  --comment "for MX-2G on Myrinet 2000 one-port NICs (D cards). Switch: a FATPIPE backbone at the same" \
  --comment "rate, so it never limits. Host speed: 1 flop per cycle assumed (2 Gf per core)."

# The FATPIPE zone: every node link FATPIPE, so SimGrid shares nothing and
# the contention model is the only limit (the predictor's own setting).
"$gen" --sharing fatpipe --nodes 9 --cores 8 --speed 1Gf --bw 1958863858.96Bps --lat 1.25us \
  --id ib-testbed --prefix node- --first 1 -o "$dir/ib-testbed-9.xml" \
  --comment "InfiniBand testbed of seed 000 (Martinasso and Mehaut, Euro-Par 2011), section 4.1, as the" \
  --comment "predictor sees it: 9 nodes of 8 cores, every node link 1/alpha = 1958863858.96 B/s (section 5)," \
  --comment "latency 1.25 us per node link as in ib-testbed.xml. The links are FATPIPE in a Full zone, so SimGrid never" \
  --comment "shares them: only the contention model limits a flow. (SimGrid 3.32 ignores FATPIPE on cluster" \
  --comment "private links.) The platform a user writes for this testbed is ib-testbed.xml. Intra-host" \
  --comment "comms have no route: they cost only the SMPI per-message overheads. Host speed 1 Gf assumed."

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
  --bw 940Mbps --lat 49.64us --bb-bw 9.4Gbps --bb-lat 6.204us \
  --id two-rack --prefix node- --first 1 -o "$dir/two-rack.xml" \
  --comment "Two-rack hierarchical Ethernet cluster of seed 002 (Zhu, Lastovetsky, Ali, Riesen), sections 3-5:" \
  --comment "two racks of up to 15 nodes, each a dual-socket six-core Xeon X5670 at 2.93 GHz with a 1 Gb NIC," \
  --comment "top-of-rack switches joined by a 10 Gb optical backbone. Bandwidths are the measured ones (section" \
  --comment "5): 940 Mbps for one flow alone on a NIC, 9.4 Gbps in aggregate on the backbone. Full duplex:" \
  --comment "every NIC and every rack uplink is SPLITDUPLEX, no limiter (seed 002 finds none). Each rack is" \
  --comment "its own cluster zone: the hier-ethernet technology takes a host's rack from its zone." \
  --comment "Latency: RTT between racks is 450 us (section 3), 225 us one way, which a 1-byte MPI message" \
  --comment "takes under SMPI's default smpi/lat-factor (2.01467 below 257 B) with 2 x 49.64 us (NICs," \
  --comment "assumed split) + 2 x 6.204 us (rack uplinks): (99.28 + 12.408) x 2.01467 = 225.0 us; the" \
  --comment "measured round trip is not counted twice. Host speed assumed 1 flop per cycle."

"$gen" --layout hierarchical --cabinets 4 --nodes 32 --cores 2 --speed 1Gf \
  --bw 1Gbps --lat 50us --limiter 1.5 --bb-bw 8Gbps --bb-lat 5us \
  --id tibidabo --prefix tibidabo- --first 1 -o "$dir/tibidabo.xml" \
  --comment "Tibidabo-like ARM cluster for the BigDFT study of seed 003, section VI: NVIDIA Tegra2 nodes" \
  --comment "(dual-core ARM Cortex-A9) with a 1 GbE NIC on PCI Express, connected hierarchically with 48-port" \
  --comment "1 GbE switches. Assumed (the paper gives no more): 128 nodes (its largest run), 4 leaf switches" \
  --comment "of 32 nodes, each leaf joined to a root switch by 8 trunked 1 GbE ports (32 + 8 of 48 ports)," \
  --comment "hence 8 Gbps cabinet uplinks; 1 Gf per core (1 GHz); the graphene limiter factor 1.5 for the" \
  --comment "node links; 50 us per node link (a slow ARM TCP stack) and 5 us per switch uplink."
