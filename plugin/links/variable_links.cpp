#include "variable_links.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace contention_sg {
namespace {

using simgrid::s4u::Link;

struct State {
  bool crosstraffic = false;
  /* The link of each constraint met in a variable whose terms matched its
   * comm's routes (a link's constraint never changes). */
  std::unordered_map<const void*, Link*> link_of;
  /* scratch */
  std::vector<Link*> route, back;
  std::vector<double> weights;
};
State st;

/* Adds a route's links to `links` / st.weights as SimGrid's expand does:
 * a link already there gets the weight added (a FATPIPE link: the larger
 * one). */
void add_route(const std::vector<Link*>& route, double weight, std::vector<Link*>& links)
{
  for (Link* l : route) {
    size_t i = 0;
    while (i < links.size() && links[i] != l)
      i++;
    if (i == links.size()) {
      links.push_back(l);
      st.weights.push_back(weight);
    } else if (l->get_sharing_policy() == Link::SharingPolicy::FATPIPE)
      st.weights[i] = std::max(st.weights[i], weight);
    else
      st.weights[i] += weight;
  }
}

/* `links` from the terms' constraints already met; false if one is new. */
bool links_known(const std::vector<compat::VariableTerm>& terms, std::vector<Link*>& links)
{
  links.clear();
  for (const compat::VariableTerm& t : terms) {
    auto it = st.link_of.find(t.constraint);
    if (it == st.link_of.end())
      return false;
    links.push_back(it->second);
  }
  return true;
}

/* `links` and st.weights from the comm's routes, in SimGrid's order. */
void links_from_routes(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst, std::vector<Link*>& links)
{
  st.route.clear();
  st.back.clear();
  links.clear();
  st.weights.clear();
  src->route_to(dst, st.route, nullptr);
  add_route(st.route, 1.0, links);
  if (st.crosstraffic) {
    dst->route_to(src, st.back, nullptr);
    add_route(st.back, compat::CROSSTRAFFIC_WEIGHT, links);
  }
}

/* Every term as the routes say: same count, each weight that of its link. */
bool terms_match(const std::vector<compat::VariableTerm>& terms, const std::vector<Link*>& links)
{
  if (terms.size() != links.size())
    return false;
  for (size_t i = 0; i < terms.size(); i++)
    if (std::fabs(terms[i].weight - st.weights[i]) > 1e-12 * st.weights[i])
      return false;
  return true;
}

} // namespace

void variable_links_start(bool crosstraffic)
{
  st.crosstraffic = crosstraffic;
}

bool variable_links(const std::vector<compat::VariableTerm>& terms, const simgrid::s4u::Host* src,
                    const simgrid::s4u::Host* dst, std::vector<Link*>& links)
{
  if (links_known(terms, links))
    return true;
  links_from_routes(src, dst, links);
  if (not terms_match(terms, links))
    return false;
  for (size_t i = 0; i < links.size(); i++)
    st.link_of.emplace(terms[i].constraint, links[i]);
  return true;
}

void variable_links_end()
{
  st = State();
}

} // namespace contention_sg
