/* Which links of a platform are a host's own ("node links").
 *
 * The penalty rules describe what happens at a node's network card, so
 * under the contention model the links that carry one host's traffic only
 * (its private link or up/down pair, its limiter link) are governed by the
 * penalties, while links shared by several hosts (backbones, cabinet uplinks,
 * switch-to-switch links) keep the simulator's max-min sharing. This module
 * tells them apart from a sample of routes, with no knowledge of the
 * simulator: hosts and links are dense indices chosen by the caller.
 *
 * Rule. A link belongs to host h when every sampled route that crosses it
 * starts or ends at h. Routes sampled between h and two partners (the next
 * two hosts, cg_nodelinks_partner) and back make each host's own links meet
 * routes to at least two different peers, so a destination's link seen on
 * the route h -> p is also seen on a route p' -> p and is not taken for h's.
 * With two hosts only every link lies between the same two endpoints; the
 * route's first half is then the source's and its second half the
 * destination's (a middle link of an odd-length route stays shared).
 * A host's own link carries all its traffic one way, so it must also lie
 * on every sampled route of the host that way: a switch-to-switch link of a
 * fat tree that the sample crossed towards one host only is shared.
 *
 * A link of h seen on routes leaving h is one of its "out" links, on routes
 * entering h one of its "in" links (a SHARED private link or a limiter is
 * both). A host with no out link or no in link cannot be told apart from
 * its neighbours: cg_nodelinks_resolved() says so. */
#ifndef CONTENTION_NODELINKS_H
#define CONTENTION_NODELINKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CG_NO_HOST UINT32_MAX

typedef struct cg_nodelinks cg_nodelinks;

/* A classifier for hosts 0..host_count-1 and links 0..link_count-1. */
cg_nodelinks *cg_nodelinks_create(size_t host_count, size_t link_count);
void cg_nodelinks_destroy(cg_nodelinks *n);

/* The k-th sampling partner of host h (k = 1, 2) among host_count hosts:
 * (h + k) mod host_count, or CG_NO_HOST when there are fewer than k + 1
 * hosts. Sample the routes h -> partner and partner -> h for both partners
 * of every host. */
uint32_t cg_nodelinks_partner(size_t host_count, uint32_t h, unsigned k);

/* Records one route src -> dst (src != dst): its links in route order.
 * Returns 0, or -1 if an index is out of range or src == dst. */
int cg_nodelinks_add_route(cg_nodelinks *n, uint32_t src, uint32_t dst, const uint32_t *links, size_t count);

/* Classifies the links from the routes recorded so far. Call once, after
 * the last cg_nodelinks_add_route. */
void cg_nodelinks_finish(cg_nodelinks *n);

/* The host that owns link l, or CG_NO_HOST (shared, or never seen). */
uint32_t cg_nodelinks_owner(const cg_nodelinks *n, uint32_t l);
/* Host h's own links seen on routes leaving it / entering it, in increasing
 * link index; *count receives their number. */
const uint32_t *cg_nodelinks_out(const cg_nodelinks *n, uint32_t h, size_t *count);
const uint32_t *cg_nodelinks_in(const cg_nodelinks *n, uint32_t h, size_t *count);
/* 1 if h has at least one out and one in link, else 0. */
int cg_nodelinks_resolved(const cg_nodelinks *n, uint32_t h);

#ifdef __cplusplus
}
#endif
#endif
