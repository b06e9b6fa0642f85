/* The comm-rate policy shared by the SimGrid binding and its tests. */
#include "contention/comm_rate.h"

double cg_comm_alone(double base_bound, double bandwidth)
{
  return base_bound > 0 && base_bound < bandwidth ? base_bound : bandwidth;
}

double cg_comm_demand(double base_bound, double bandwidth, double penalty)
{
  return cg_comm_alone(base_bound, bandwidth / penalty);
}

double cg_comm_rate_factor(double base_factor, double demand, double alone)
{
  return demand == alone ? base_factor : base_factor * (demand / alone);
}

cg_solver_terms cg_comm_solver_terms(int free, double base_factor, double demand, double alone)
{
  if (free)
    return (cg_solver_terms){alone, cg_comm_rate_factor(base_factor, demand, alone)};
  return (cg_solver_terms){demand, base_factor};
}

double cg_node_bandwidth(double src_out, double dst_in)
{
  return src_out < dst_in ? src_out : dst_in;
}
