/* The comm-variable functions of sg_compat.hpp, the same source for every
 * supported release: the lmm members they use (sg_private.hpp and
 * sg_private_4_0.hpp, (4), (7), (9), (10)) have one layout in 3.32, 4.0
 * and 4.1. Included inside namespace contention_sg::compat by each
 * release's sg_compat_X_Y.cpp, after that release's private header and
 * its `using` of NetworkAction; not compiled alone. */

/* Action::factor_ has no getter from 3.32 to 4.1; an explicit
 * instantiation may name a private member (C++ exempts it from access
 * checks), so the member is read through its declaration in the installed
 * header, without a layout assumption. */
template <typename Tag, typename Tag::type Member> struct ExposeMember {
  friend typename Tag::type exposed(Tag) { return Member; }
};
struct ActionFactor {
  using type = double Action::*;
  friend type exposed(ActionFactor);
};
template struct ExposeMember<ActionFactor, &Action::factor_>;

double rate_factor(const Action& action)
{
  return action.*exposed(ActionFactor{});
}

/* SimGrid's TCP-window bound of a comm now: TCP-gamma / (2 x its route's
 * latency before the latency factor), none without latency or with a
 * gamma of 0 (SimGrid's "no TCP bound"; a bound of 0 would free the comm).
 * SimGrid sets it at the start and at each Link::set_latency of the route. */
double tcp_bound(const Action& action)
{
  static const double gamma = simgrid::config::get_value<double>("network/TCP-gamma");
  double lat                = static_cast<const NetworkAction&>(action).lat_current_;
  return lat > 0 && gamma > 0 ? gamma / (2 * lat) : std::numeric_limits<double>::infinity();
}

double own_bound(const Action& action)
{
  /* Comm::set_rate's value, which SimGrid keeps as the user bound (its
   * solver bound is the min with the TCP bound, which hides it when lower) */
  if (action.get_user_bound() > 0)
    return action.get_user_bound();
  double bound = action.get_bound();
  return bound > 0 && bound < tcp_bound(action) * (1 - 1e-12) ? bound : -1;
}

void update_bound(Model* model, Action& action, double bound)
{
  /* The user bound, without the TCP part: a latency change re-bounds at
   * min(this, TCP-gamma / 2 latency) and must see a fall of the latency. */
  action.set_user_bound(bound);
  model->get_maxmin_system()->update_variable_bound(action.get_variable(), std::min(bound, tcp_bound(action)));
}

bool keep_bound_below_latency_residue(Model* model, Action& action)
{
  static const double gamma = simgrid::config::get_value<double>("network/TCP-gamma");
  double bound              = action.get_user_bound();
  /* SimGrid's quotient TCP-gamma / (2 x latency) is a bound only when both
   * are positive: 3.32 also re-bounds at 0 under a gamma of 0, which frees
   * the comm as a negative residue does (4.0 and 4.1 then leave the bound
   * alone, and giving it back changes nothing). */
  if ((static_cast<const NetworkAction&>(action).lat_current_ > 0 && gamma > 0) || bound <= 0 ||
      action.get_variable() == nullptr)
    return false;
  model->get_maxmin_system()->update_variable_bound(action.get_variable(), bound);
  return true;
}

void retime(Model* model, Action& action)
{
  /* Model::next_occurring_event_lazy re-times every action of this set
   * with its current rate (variable value x factor), after bringing its
   * remains up to date at the rate it had; it skips actions in their
   * latency phase. */
  if (model->is_update_lazy() && not action.is_within_modified_set())
    model->get_modified_set()->push_back(action);
}

void set_link_bandwidth_keeping_weights(simgrid::s4u::Link* link, double bandwidth)
{
  /* network/weight-S is bound to the variable set_bandwidth reads
   * (the release's sg_private header, (7)). */
  double weight_s = simgrid::config::get_value<double>("network/weight-S");
  simgrid::config::set_value("network/weight-S", 0.0);
  link->set_bandwidth(bandwidth);
  simgrid::config::set_value("network/weight-S", weight_s);
}

namespace {
using simgrid::kernel::lmm::ElementView;
using simgrid::kernel::lmm::VariableView;

/* A comm's variable read through the release's sg_private header (10), or
 * nullptr when a check fails: the variable names its action, every element names its
 * variable and a constraint, and weighs more than 0. */
const VariableView* variable_view(const Action& action)
{
  const simgrid::kernel::lmm::Variable* var = action.get_variable();
  if (var == nullptr)
    return nullptr;
  const auto* view = reinterpret_cast<const VariableView*>(var);
  if (view->id != &action || view->cnsts.empty() || view->cnsts.size() > 4096)
    return nullptr;
  for (const ElementView& e : view->cnsts)
    if (static_cast<const void*>(e.variable) != static_cast<const void*>(var) || e.constraint == nullptr ||
        not(e.consumption_weight > 0))
      return nullptr;
  return view;
}
} // namespace

/* In its latency phase the variable weighs 0; the start weight is the
 * route's latency (at least) plus weight-S terms, finite. A comm of a
 * route without latency has no such phase: its variable weighs 1 and
 * takes the start weight at the first bandwidth change of one of its
 * links (NetworkCm02Link::set_bandwidth), as under SMPI. */
static bool before_start_weight(const Action& action)
{
  const auto& na           = static_cast<const NetworkAction&>(action);
  const VariableView* view = variable_view(action);
  bool latency_phase       = view != nullptr && view->sharing_penalty == 0 && na.lat_current_ > 0;
  bool no_latency          = view != nullptr && view->sharing_penalty == 1 && na.lat_current_ == 0;
  return (latency_phase || no_latency) && na.sharing_penalty_ >= na.lat_current_ && std::isfinite(na.sharing_penalty_);
}

bool start_weight(const Action& action, double* weight)
{
  if (not before_start_weight(action))
    return false;
  *weight = static_cast<const NetworkAction&>(action).sharing_penalty_;
  return true;
}

bool set_start_weight(Action& action, double weight)
{
  if (not before_start_weight(action) || not std::isfinite(weight) || not(weight > 0))
    return false;
  static_cast<NetworkAction&>(action).sharing_penalty_ = weight;
  return true;
}

bool shift_sharing_penalty(Action& action, double shift, double then)
{
  auto& na      = static_cast<NetworkAction&>(action);
  double target = na.sharing_penalty_ + shift;
  if (variable_view(action) == nullptr || not std::isfinite(target) || not std::isfinite(then) || not(target > 0))
    return false;
  /* SimGrid stores q + then: the q nearest target - then whose sum rounds
   * to target (a few ulps away at most), else the nearest one. */
  double q = target - then;
  for (int step = 0; step < 8 && q + then != target; step++)
    q = std::nextafter(q, q + then < target ? INFINITY : -INFINITY);
  if (not(q + then > 0))
    return false;
  na.sharing_penalty_ = q;
  return true;
}

bool variable_terms(const Action& action, std::vector<VariableTerm>& terms)
{
  terms.clear();
  const VariableView* view = variable_view(action);
  if (view == nullptr)
    return false;
  for (const ElementView& e : view->cnsts)
    terms.push_back(VariableTerm{e.constraint, e.consumption_weight});
  return true;
}

bool replace_variable(Model* model, Action& action, const std::vector<VariableTerm>& keep)
{
  const VariableView* view = variable_view(action);
  /* A staged variable waits on a concurrency limit: left to SimGrid. */
  if (keep.empty() || view == nullptr || view->staged_sharing_penalty != 0)
    return false;
  double penalty                      = view->sharing_penalty;
  double bound                        = view->bound;
  simgrid::kernel::lmm::System* sys   = model->get_maxmin_system();
  simgrid::kernel::lmm::Variable* old = action.get_variable();
  /* The old one goes first: its elements stop counting on the constraints
   * before the new one's are added. */
  sys->variable_free(old);
  simgrid::kernel::lmm::Variable* var = sys->variable_new(&action, penalty, bound, keep.size());
  for (const VariableTerm& t : keep)
    sys->expand(static_cast<simgrid::kernel::lmm::Constraint*>(t.constraint), var, t.weight);
  action.set_variable(var);
  const VariableView* check = variable_view(action);
  xbt_assert(check != nullptr && check->cnsts.size() == keep.size(),
             "contention: a comm's new max-min variable does not read back (sg_private header, (10))");
  return true;
}

void add_variable_term(Model* model, Action& action, const VariableTerm& term)
{
  model->get_maxmin_system()->expand(static_cast<simgrid::kernel::lmm::Constraint*>(term.constraint),
                                     action.get_variable(), term.weight);
}
