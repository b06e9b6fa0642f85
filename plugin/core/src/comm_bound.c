/* The comm-rate policy shared by the SimGrid binding and its tests. */
#include "contention/comm_bound.h"

double cg_comm_bound(double base_bound, double bandwidth, double penalty)
{
  double b = bandwidth / penalty;
  return base_bound > 0 && base_bound < b ? base_bound : b;
}

double cg_node_bandwidth(double src_out, double dst_in)
{
  return src_out < dst_in ? src_out : dst_in;
}
