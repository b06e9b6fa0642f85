/* Links hidden from SimGrid's solver under network/model:contention: SimGrid
 * is given a bandwidth no comm reaches, so its max-min never limits a comm
 * there and its solver spends almost nothing on them, while the plugin
 * keeps their real bandwidth. Node links stay hidden for the whole run
 * (node_links.hpp); shared links only while they cannot limit any comm
 * (shared_links.hpp). */
#ifndef CONTENTION_SG_HIDDEN_LINKS_HPP
#define CONTENTION_SG_HIDDEN_LINKS_HPP

#include <simgrid/forward.h>

#include <cstdint>
#include <vector>

namespace contention_sg {

/* Far above any comm's rate, low enough for lmm's relative precision. */
constexpr double UNREACHABLE_BANDWIDTH = 1e15; /* B/s */

/* The bandwidth SimGrid holds for a hidden link of real bandwidth `real`:
 * UNREACHABLE_BANDWIDTH, or 1000 x real for a link faster than 1e12 B/s (a
 * node link of 1e16 B/s hidden at 1e15 held its lone comm at 1e15 B/s,
 * ten times slower than SMPI), at most 1e-6 of the largest double; a link
 * of 0 B/s (a profile's outage) keeps 0. */
double hidden_bandwidth(double real);

/* Records the link's bandwidth and gives it hidden_bandwidth() of it. */
void hide_link(simgrid::s4u::Link* link);
/* Gives a hidden link its real bandwidth back. */
void unhide_link(simgrid::s4u::Link* link);
bool link_hidden(const simgrid::s4u::Link* link);
/* Changes whenever a link is hidden or given back: what was derived from
 * link_hidden() holds while it stays the same. */
uint64_t hidden_links_version();
/* True while the plugin itself is changing a link's bandwidth (the
 * bandwidth-change signal then is not a platform event). */
bool hiding_in_progress();

/* A link's real bandwidth: the recorded one for a hidden link, else
 * SimGrid's (between read_bandwidths_before(link, true) and (link, false):
 * the link's bandwidth before the change being reported). */
double link_bandwidth(const simgrid::s4u::Link* link);
/* Records the links' real bandwidths now (at the platform's seal): what
 * read_bandwidths_before() gives until their first change. */
void record_link_bandwidths(const std::vector<simgrid::s4u::Link*>& links);
/* SimGrid reports a bandwidth change after making it: while `on`,
 * link_bandwidth(&link) gives the link's bandwidth before the change (the
 * one recorded at its former report or at the seal; SimGrid's value for
 * a link never recorded). */
void read_bandwidths_before(const simgrid::s4u::Link& link, bool on);
/* The link's change has been handled: its real bandwidth now is what the
 * next change starts from. */
void link_bandwidth_reported(const simgrid::s4u::Link& link);
/* What SimGrid's solver holds for the link (its bandwidth, or the value
 * it is hidden at); between read_bandwidths_before(link, true) and
 * (link, false), what it held before the change being reported: SimGrid
 * 4.x tells the plugin of comm starts inside a change's signal, and a
 * start's weight is as of the start. */
double held_bandwidth_before(const simgrid::s4u::Link& link);
/* What a program reading the link's bandwidth gets (compat::on_get_bandwidth):
 * the recorded one for a hidden link, else `held`, SimGrid's. */
double real_bandwidth(const simgrid::s4u::Link& link, double held);
/* Smallest real bandwidth of the links (B/s) above 0; +inf when none: a
 * link of 0 B/s limits nothing in SimGrid's solver. WIFI links left out,
 * as from SimGrid's bound (their bandwidth is 1, no rate). */
double min_bandwidth(const std::vector<simgrid::s4u::Link*>& links);
/* The bound SimGrid gives a comm starting over the links: the smallest
 * real bandwidth, 0 (none) when one of them is at 0 B/s. */
double start_bandwidth(const std::vector<simgrid::s4u::Link*>& links);

/* A link's bandwidth changed (profile, Link::set_bandwidth): for a hidden
 * link, records the new value as its real bandwidth, to be hidden again by
 * rehide_links(). Returns true for a hidden link. (Not hidden at once:
 * SimGrid is still inside its set_bandwidth, whose bookkeeping after the
 * signal assumes the value it set.) */
bool hidden_link_bandwidth_changed(const simgrid::s4u::Link& link);
/* The bandwidth SimGrid held for a hidden link just before its change,
 * and the link's real bandwidth then (call before
 * hidden_link_bandwidth_changed): SimGrid shifts the max-min weight of the
 * comms on the link by weight-S / new - weight-S / held, where SMPI
 * shifts it by weight-S / new - weight-S / real. Held is the hidden
 * bandwidth unless the link changed since the last rehide_links(). False
 * for a link that is not hidden. */
bool hidden_link_before_change(const simgrid::s4u::Link& link, double* held, double* real);
/* Hides again the hidden links changed since the last call; run before
 * SimGrid solves. */
void rehide_links();

} // namespace contention_sg
#endif
