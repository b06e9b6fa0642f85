/* Node-link classification (see nodelinks.h): per link, the intersection of
 * the endpoint pairs of the routes that cross it, plus a positional vote
 * for links only ever seen between the same two hosts. */
#include "contention/nodelinks.h"

#include <stdlib.h>

#include "contention/alloc.h"

enum { SEEN = 1, CONFLICT = 2, OUT_A = 4, IN_A = 8, OUT_B = 16, IN_B = 32 };

typedef struct link_rec {
  uint32_t a, b;    /* endpoints of the first route; candidates are a subset */
  uint8_t cand;     /* bit 0: a still a candidate, bit 1: b still a candidate */
  uint8_t flags;
  uint32_t vote;    /* positional owner when only a <-> b routes cross it */
  uint32_t owner;
  uint32_t routes[4]; /* routes crossing it that leave a, enter a, leave b, enter b */
} link_rec;

struct cg_nodelinks {
  size_t hosts, links;
  link_rec *rec;
  uint32_t *leaving, *entering; /* routes recorded per host */
  /* CSR lists of own links per host, filled by finish */
  size_t *out_start, *in_start;
  uint32_t *out_links, *in_links;
  int finished;
};

cg_nodelinks *cg_nodelinks_create(size_t host_count, size_t link_count)
{
  cg_nodelinks *n = cg_xcalloc(1, sizeof *n);
  n->hosts = host_count;
  n->links = link_count;
  n->rec = cg_xcalloc(link_count ? link_count : 1, sizeof *n->rec);
  for (size_t l = 0; l < link_count; l++)
    n->rec[l].owner = n->rec[l].vote = CG_NO_HOST;
  n->leaving = cg_xcalloc(host_count + 1, sizeof *n->leaving);
  n->entering = cg_xcalloc(host_count + 1, sizeof *n->entering);
  n->out_start = cg_xcalloc(host_count + 1, sizeof *n->out_start);
  n->in_start = cg_xcalloc(host_count + 1, sizeof *n->in_start);
  return n;
}

void cg_nodelinks_destroy(cg_nodelinks *n)
{
  if (!n)
    return;
  free(n->rec);
  free(n->leaving);
  free(n->entering);
  free(n->out_start);
  free(n->in_start);
  free(n->out_links);
  free(n->in_links);
  free(n);
}

uint32_t cg_nodelinks_partner(size_t host_count, uint32_t h, unsigned k)
{
  if (k == 0 || host_count < (size_t)k + 1 || h >= host_count)
    return CG_NO_HOST;
  return (uint32_t)(((size_t)h + k) % host_count);
}

/* Host that a route's own half gives link position i of count: the source
 * for the first half, the destination for the second, none in the middle. */
static uint32_t positional(uint32_t src, uint32_t dst, size_t i, size_t count)
{
  size_t twice = 2 * i, last = count - 1;
  if (twice < last)
    return src;
  if (twice > last)
    return dst;
  return CG_NO_HOST;
}

int cg_nodelinks_add_route(cg_nodelinks *n, uint32_t src, uint32_t dst, const uint32_t *links, size_t count)
{
  if (src == dst || src >= n->hosts || dst >= n->hosts || n->finished)
    return -1;
  for (size_t i = 0; i < count; i++)
    if (links[i] >= n->links)
      return -1;
  for (size_t i = 0; i < count; i++) {
    link_rec *r = &n->rec[links[i]];
    if (!(r->flags & SEEN)) {
      r->flags = SEEN;
      r->a = src;
      r->b = dst;
      r->cand = 3;
    }
    /* Intersect the candidates with {src, dst}. */
    if ((r->cand & 1) && r->a != src && r->a != dst)
      r->cand &= (uint8_t)~1u;
    if ((r->cand & 2) && r->b != src && r->b != dst)
      r->cand &= (uint8_t)~2u;
    r->flags |= (uint8_t)((r->a == src ? OUT_A : 0) | (r->a == dst ? IN_A : 0) | (r->b == src ? OUT_B : 0) |
                          (r->b == dst ? IN_B : 0));
    r->routes[0] += r->a == src;
    r->routes[1] += r->a == dst;
    r->routes[2] += r->b == src;
    r->routes[3] += r->b == dst;
    uint32_t v = positional(src, dst, i, count);
    if (v == CG_NO_HOST || (r->vote != CG_NO_HOST && r->vote != v))
      r->flags |= CONFLICT;
    else
      r->vote = v;
  }
  n->leaving[src]++;
  n->entering[dst]++;
  return 0;
}

void cg_nodelinks_finish(cg_nodelinks *n)
{
  if (n->finished)
    return;
  n->finished = 1;
  size_t *outc = n->out_start, *inc = n->in_start; /* counts first, then offsets */
  for (size_t l = 0; l < n->links; l++) {
    link_rec *r = &n->rec[l];
    if (!(r->flags & SEEN))
      continue;
    if (r->cand == 1)
      r->owner = r->a;
    else if (r->cand == 2)
      r->owner = r->b;
    else if (r->cand == 3 && !(r->flags & CONFLICT))
      r->owner = r->vote;
    if (r->owner == CG_NO_HOST)
      continue;
    int is_a = r->owner == r->a;
    /* A host's own link carries all its traffic one way: a link missing
     * from one of the owner's routes that way is not its own that way (a
     * switch-to-switch link that the sample crossed towards one host only). */
    if ((r->flags & (is_a ? OUT_A : OUT_B)) && r->routes[is_a ? 0 : 2] != n->leaving[r->owner])
      r->flags &= (uint8_t)~(is_a ? OUT_A : OUT_B);
    if ((r->flags & (is_a ? IN_A : IN_B)) && r->routes[is_a ? 1 : 3] != n->entering[r->owner])
      r->flags &= (uint8_t)~(is_a ? IN_A : IN_B);
    if (!(r->flags & (is_a ? OUT_A | IN_A : OUT_B | IN_B))) {
      r->owner = CG_NO_HOST;
      continue;
    }
    if (r->flags & (is_a ? OUT_A : OUT_B))
      outc[r->owner + 1]++;
    if (r->flags & (is_a ? IN_A : IN_B))
      inc[r->owner + 1]++;
  }
  for (size_t h = 0; h < n->hosts; h++) {
    outc[h + 1] += outc[h];
    inc[h + 1] += inc[h];
  }
  n->out_links = cg_xcalloc(outc[n->hosts] + 1, sizeof *n->out_links);
  n->in_links = cg_xcalloc(inc[n->hosts] + 1, sizeof *n->in_links);
  size_t *fo = cg_xcalloc(n->hosts + 1, sizeof *fo), *fi = cg_xcalloc(n->hosts + 1, sizeof *fi);
  for (size_t l = 0; l < n->links; l++) { /* increasing link index */
    const link_rec *r = &n->rec[l];
    if (r->owner == CG_NO_HOST)
      continue;
    int is_a = r->owner == r->a;
    if (r->flags & (is_a ? OUT_A : OUT_B))
      n->out_links[outc[r->owner] + fo[r->owner]++] = (uint32_t)l;
    if (r->flags & (is_a ? IN_A : IN_B))
      n->in_links[inc[r->owner] + fi[r->owner]++] = (uint32_t)l;
  }
  free(fo);
  free(fi);
}

uint32_t cg_nodelinks_owner(const cg_nodelinks *n, uint32_t l)
{
  return l < n->links ? n->rec[l].owner : CG_NO_HOST;
}

const uint32_t *cg_nodelinks_out(const cg_nodelinks *n, uint32_t h, size_t *count)
{
  if (!n->finished || h >= n->hosts) {
    *count = 0;
    return NULL;
  }
  *count = n->out_start[h + 1] - n->out_start[h];
  return n->out_links + n->out_start[h];
}

const uint32_t *cg_nodelinks_in(const cg_nodelinks *n, uint32_t h, size_t *count)
{
  if (!n->finished || h >= n->hosts) {
    *count = 0;
    return NULL;
  }
  *count = n->in_start[h + 1] - n->in_start[h];
  return n->in_links + n->in_start[h];
}

int cg_nodelinks_resolved(const cg_nodelinks *n, uint32_t h)
{
  size_t o, i;
  cg_nodelinks_out(n, h, &o);
  cg_nodelinks_in(n, h, &i);
  return o > 0 && i > 0;
}
