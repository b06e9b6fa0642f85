/* The plugin's one door into SimGrid beyond its public API.
 *
 * SimGrid installs no API to add a network model, to build its SMPI model
 * from a plugin, to see a comm's network action at its start, to re-bound
 * a running comm or to take a link out of a comm's max-min variable; those
 * needs, and the API that differs between releases (factor callbacks), are
 * met here, behind version-neutral functions. Everything else in plugin
 * uses installed headers only.
 * One implementation per SimGrid release, picked by CMake:
 * sg_compat_3_32.cpp (with sg_private.hpp, the re-declared 3.32
 * internals), sg_compat_4_0.cpp and sg_compat_4_1.cpp (with
 * sg_private_4_0.hpp). doc/simgrid-plugin.md ("Version safety and
 * internals", "Porting") lists what each release still needs. */
#ifndef CONTENTION_SG_COMPAT_HPP
#define CONTENTION_SG_COMPAT_HPP

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>

#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

namespace contention_sg::compat {

using simgrid::kernel::resource::Action;
using simgrid::kernel::resource::Model;
using simgrid::s4u::Host;

/* The SimGrid release the plugin is built for (the run-time check compares
 * sg_version_get with it). */
extern const int SIMGRID_MAJOR;
extern const int SIMGRID_MINOR;
/* With network/crosstraffic, the share of a comm's rate that also loads
 * its reverse route. */
extern const double CROSSTRAFFIC_WEIGHT;
/* The names of SMPI's bandwidth and latency factor options in this release
 * (3.32: smpi/bw-factor, smpi/lat-factor; 4.x: network/bandwidth-factor,
 * network/latency-factor, whose old names are aliases that log a rename
 * notice at each read). */
extern const char* const BW_FACTOR_OPTION;
extern const char* const LAT_FACTOR_OPTION;
/* Whether this release keeps detached comms in one list that it walks at
 * every finished comm (3.32; see hold_detached_comms_aside). */
extern const bool DETACHED_COMMS_IN_A_LIST;

/* Adds a name to --cfg=network/model's table (before the Engine parses the
 * command line): `init` builds the model when the name is chosen. */
void register_network_model(const char* name, const char* description, void (*init)());
/* Repairs, when each platform is created, what this release's platform
 * loader leaves out so that the project's platforms route as under 3.32
 * (4.0 and 4.1: a <cluster>'s router has no route in the star zone the
 * cluster becomes, so a zoneRoute through it throws std::out_of_range).
 * Called once, at registration. */
void repair_platforms();
/* Builds SimGrid's own SMPI network model (every smpi/ option applies). */
void init_smpi_network_model();
/* The network model of the platform's root zone, once built. */
Model* network_model();
/* Registers a model that the engine asks for its next event before the
 * network model (the binding's flush point). */
void add_model_first(std::shared_ptr<Model> model);

/* Calls fn(action, src, dst) whenever a comm (inter-host or loopback) gets
 * its action in `model`, the network model (not for a comm that fails at
 * start). */
void on_comm_start(Model* model, void (*fn)(Action& action, const Host& src, const Host& dst));
/* Reports through on_comm_start's fn, at once, the comms started since the
 * last report that it has not reported yet (SimGrid 4.x: starts are found
 * at the solve; 3.32 reports each at its start and does nothing here). */
void report_starts();
/* Calls fn(action) when a comm's network action changes state. */
void on_comm_state_change(void (*fn)(Action& action));
/* Calls fn(action) when a comm ends while its network action has neither
 * finished nor failed, just before SimGrid frees the action: SimGrid 3.32
 * ends a comm whose wait timed out (Mailbox::get or put with a timeout,
 * Comm::wait_for) by dropping its action, without a state change. */
void on_comm_dropped(void (*fn)(Action& action));

/* Calls fn() after any action is suspended or resumed (SimGrid's
 * Action::suspend and resume, which a comm's Activity::suspend or resume
 * and its actor's reach; no signal, 3.32 to 4.1): the comm's action says
 * which by Action::is_suspended(). Defined in front of libsimgrid's, as
 * on_latency_changed. */
void on_suspension(void (*fn)());

/* Calls fn(link) when a link is turned on or off, before SimGrid fails the
 * comms of a link turned off (3.32's Link::on_state_change, 4.x's
 * Link::on_onoff). */
void on_link_onoff(void (*fn)(simgrid::s4u::Link const& link));

/* A comm's latency factor callback (size, source, destination, route's
 * links, zones crossed). */
using FactorCb = std::function<double(double, const simgrid::s4u::Host*, const simgrid::s4u::Host*,
                                      const std::vector<simgrid::s4u::Link*>&,
                                      const std::unordered_set<simgrid::s4u::NetZone*>&)>;
/* Sets the latency factor callback of the network model just built.
 * Throws std::invalid_argument when network/latency-factor (smpi/lat-factor)
 * was set on the command line. */
void set_latency_factor_cb(const FactorCb& cb);

/* The rate factor SimGrid gave a comm's action at its start: SMPI's
 * bandwidth factor for its size, or what a bandwidth-factor callback set on
 * the model returned. */
double rate_factor(const Action& action);

/* The bound SimGrid gave a comm's action at its start apart from its TCP
 * window bound (network/TCP-gamma over twice the route's latency, which
 * moves with the latency): the rate the simulator asked, or -1. */
double own_bound(const Action& action);
/* The comm's TCP window bound now: network/TCP-gamma over twice its route's
 * latency; infinity without latency or with a gamma of 0. */
double tcp_bound(const Action& action);
/* Whether SimGrid's solver still holds the comm at its own bound (the rate
 * asked, its route's slowest link at its start): SimGrid 3.32 bounds a
 * comm at min(that, TCP-gamma / (2 x route latency)) whenever the latency
 * is above 0, at its start and at each latency change, so under a gamma of
 * 0 (or below) nothing but its links bounds it; 4.0 and 4.1 leave the
 * TCP part out when gamma is not above 0. */
bool own_bound_kept(const Action& action);
/* Changes the bound of a running comm's action so that the solver re-times
 * it (also in its latency phase, and in Lazy mode); the solver's bound is
 * the lower of `bound` and the comm's TCP window bound now. */
void update_bound(Model* model, Action& action, double bound);
/* Has the solver re-time a running comm whose rate factor alone changed,
 * at the next solve, without touching its constraints: it joins the
 * model's modified-action set (Lazy mode; Full mode reads every rate at
 * every solve). A comm in its latency phase is left as it is: its factor
 * applies when the phase ends. */
void retime(Model* model, Action& action);

/* Sets a link's bandwidth without moving the max-min weight of the comms
 * crossing it (SimGrid's set_bandwidth shifts them by weight-S /
 * bandwidth, which restarts comms in their latency phase). */
void set_link_bandwidth_keeping_weights(simgrid::s4u::Link* link, double bandwidth);

/* The max-min weight (sharing penalty) SimGrid computed for a comm just
 * started, which its variable takes when its latency phase ends (or, for a
 * route without latency, at the first bandwidth change of one of its
 * links): start_weight reads it, set_start_weight replaces it. False, with
 * nothing read or changed, when the comm is not in its latency phase, its
 * action does not read as this SimGrid's (layout check), or the new weight
 * is not positive and finite. */
bool start_weight(const Action& action, double* weight);
bool set_start_weight(Action& action, double weight);

/* Moves the max-min weight (sharing penalty) SimGrid keeps for a running
 * comm, without telling the solver, for a comm on a link whose
 * Link::set_bandwidth is under way: SimGrid then adds `then` and gives the
 * solver the sum, which this makes p + shift to the last bit (p being the
 * weight now), as SMPI's one shift gives it. A bit off can decide a
 * solver tie: a variable bound at a FATPIPE link's capacity as that link
 * saturates at the same level. False, with nothing changed, when the
 * action does not read as this SimGrid's or the sum would not be positive
 * (SimGrid aborts on a negative one). */
bool shift_sharing_penalty(Action& action, double shift, double then);

/* One term of a comm's max-min variable: the constraint of one link of its
 * route or reverse route (opaque), and the comm's weight on it. */
struct VariableTerm {
  void* constraint;
  double weight;
};
/* The terms of a running comm's variable, in the order SimGrid added them
 * (its route, then its reverse route, each link once). False, with `terms`
 * empty, when the variable does not read as this SimGrid's (layout check). */
bool variable_terms(const Action& action, std::vector<VariableTerm>& terms);
/* Gives the comm a new variable with the old one's sharing penalty and
 * bound and only the terms `keep` (at least one), and frees the old one.
 * False, with nothing changed, when the variable cannot be replaced. */
bool replace_variable(Model* model, Action& action, const std::vector<VariableTerm>& keep);
/* Adds a term back to a running comm's variable. */
void add_variable_term(Model* model, Action& action, const VariableTerm& term);

/* Whether a bandwidth or latency profile (bandwidth_file, latency_file,
 * Link::set_*_profile) was given to the link. SimGrid stops at a profile
 * event only for a link some comm's variable holds (3.32 to 4.1): such a
 * link must stay in the variables. Known through SimGrid's
 * Profile::schedule, which this library interposes (sg_interposed.cpp);
 * false when SimGrid's own calls do not reach it (checked by
 * smpi.receiver_profile and smpi.receiver_latency_profile). */
bool link_has_profile(const simgrid::s4u::Link& link);
/* Whether libsimgrid's calls to Profile::schedule reach this library, so
 * that link_has_profile sees every profile: false when the program links
 * libsimgrid before the plugin, or when libsimgrid binds its own calls
 * (-Bsymbolic-functions); then no link can be known to have none
 * (smpi.profile_link_order). */
bool profiles_seen();
/* Calls `hook` with the link before each s4u::Link::set_latency, which
 * SimGrid does not signal, when libsimgrid's callers reach this library's
 * definition (sg_interposed.cpp: as for profiles_seen, whose false answer
 * means nothing is taken out of the variables). */
void on_set_latency(void (*hook)(const simgrid::s4u::Link& link));
/* Calls `hook` after each latency change of a link in SimGrid's kernel (a
 * latency_file profile's event or s4u::Link::set_latency), which SimGrid
 * does not signal; reached as on_set_latency is. */
void on_latency_changed(void (*hook)());
/* Makes `hook` answer the program's readings of a link's bandwidth
 * (s4u::Link::get_bandwidth, sg_link_get_bandwidth), given the value
 * SimGrid holds, when the program's calls reach this library's definitions
 * (sg_interposed.cpp; libsimgrid linked first: SimGrid's value). */
void on_get_bandwidth(double (*hook)(const simgrid::s4u::Link& link, double held));
/* The bandwidth SimGrid holds for the link, whatever the hook answers: the
 * plugin's own readings. */
double held_bandwidth(const simgrid::s4u::Link& link);
/* After a latency change, SimGrid re-bounds each comm of the link at
 * min(user bound, TCP-gamma / (2 x the route's latency)), the latency being
 * kept as a running sum of the changes: back at 0 it can end a little
 * below (1e-5 + 9e-5 - 9.9e-5 - 1e-6), and the negative quotient frees the
 * comm; under network/TCP-gamma:0, 3.32's quotient is 0, which frees it
 * too. Gives such a comm its user bound back (the bound update_bound
 * set); true when it did. */
bool keep_bound_below_latency_residue(Model* model, Action& action);

/* SimGrid 3.32 keeps every detached comm (SMPI's eager sends, s4u's
 * detach()) in one list for the whole simulation, and removes each
 * finished one with a walk over that list: each comm costs O(detached
 * comms in flight), a cost that grows with the square of an all-to-all's
 * size (3.34 made the list a set). From the first comm start on, holds
 * those comms aside instead, each with the reference the list held,
 * released when the comm completes; the list then only holds the comms
 * detached since the last comm start. They are handed back, in their
 * order, when the simulation ends. Comms between fixed hosts (s4u sendto),
 * which a host turned off finds in that list, stay in it. When a layout
 * check fails, nothing is moved. At each simulation end, a verbose line
 * (category contention) gives the count. Idempotent. Does nothing where
 * DETACHED_COMMS_IN_A_LIST is false (3.34 and later). */
void hold_detached_comms_aside();

} // namespace contention_sg::compat
#endif
