#define _POSIX_C_SOURCE 200809L /* strtok_r */
/* Scenario loader: libxml2 parse, DTD validation, then semantic checks that
 * a DTD cannot express (numbers, duplicates, references). */
#include "scenario.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/units.h"
#include "scenario_dtd.h"

/* First libxml2 error of the current load, with its line. */
typedef struct xml_error {
  char msg[512];
  int line;
  int set;
} xml_error;

static void on_xml_error(void *ctx, xmlErrorPtr e)
{
  xml_error *x = ctx;
  if (x->set || !e || e->level < XML_ERR_ERROR)
    return;
  x->set = 1;
  x->line = e->line;
  if (!x->line && e->node && ((xmlNodePtr)e->node)->type == XML_ELEMENT_NODE)
    x->line = xmlGetLineNo((xmlNodePtr)e->node);
  snprintf(x->msg, sizeof x->msg, "%s", e->message ? e->message : "XML error");
  size_t n = strlen(x->msg); /* libxml2 messages end with a newline */
  while (n && (x->msg[n - 1] == '\n' || x->msg[n - 1] == ' '))
    x->msg[--n] = '\0';
}

static int fail(char *err, size_t errlen, const char *file, int line, const char *fmt, ...)
{
  char buf[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  snprintf(err, errlen, "%s:%d: %s", file, line, buf);
  return -1;
}

static char *dup_str(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = cg_xmalloc(n);
  memcpy(d, s, n);
  return d;
}

static char *attr(xmlNodePtr n, const char *name)
{
  xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
  if (!v)
    return NULL;
  char *s = dup_str((const char *)v);
  xmlFree(v);
  return s;
}

static long find_name(char **names, size_t n, const char *s)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0)
      return (long)i;
  return -1;
}

static cg_host host_index(scenario *sc, const char *name)
{
  long i = find_name(sc->hosts, sc->host_count, name);
  if (i >= 0)
    return (cg_host)i;
  sc->hosts = cg_xrealloc(sc->hosts, (sc->host_count + 1) * sizeof *sc->hosts);
  sc->racks = cg_xrealloc(sc->racks, (sc->host_count + 1) * sizeof *sc->racks);
  sc->hosts[sc->host_count] = dup_str(name);
  sc->racks[sc->host_count] = -1;
  return (cg_host)sc->host_count++;
}

/* Parses a quantity attribute; `required` attributes were checked by the
 * DTD, optional ones absent keep *out. */
static int quantity(const scenario *sc, xmlNodePtr n, const char *name, cg_unit_kind kind,
                    const char *what, double *out, char *err, size_t errlen)
{
  char *v = attr(n, name);
  if (!v)
    return 0;
  char e[384];
  int rc = cg_parse_quantity(v, kind, out, e, sizeof e);
  free(v);
  if (rc)
    return fail(err, errlen, sc->file, xmlGetLineNo(n), "attribute '%s' of %s: %s", name, what, e);
  return 0;
}

/* Parses a space-separated list of penalties (each finite and >= 1). */
static int penalty_list(const scenario *sc, xmlNodePtr n, const char *name, const char *what,
                        double **out, size_t *count, char *err, size_t errlen)
{
  char *v = attr(n, name);
  if (!v)
    return 0;
  size_t cap = 0;
  char *save = NULL;
  for (char *tok = strtok_r(v, " \t\n,", &save); tok; tok = strtok_r(NULL, " \t\n,", &save)) {
    char *end;
    double p = strtod(tok, &end);
    if (end == tok || *end || !(p >= 1.0) || p > 1e300) {
      fail(err, errlen, sc->file, xmlGetLineNo(n),
           "attribute '%s' of %s: '%s' is not a penalty (expected numbers >= 1, space separated)",
           name, what, tok);
      free(v);
      return -1;
    }
    cg_grow((void **)out, &cap, *count + 1, sizeof **out);
    (*out)[(*count)++] = p;
  }
  free(v);
  if (*count == 0 && strcmp(name, "penalties") == 0)
    return fail(err, errlen, sc->file, xmlGetLineNo(n), "attribute '%s' of %s is empty", name, what);
  return 0;
}

static int load_host(scenario *sc, xmlNodePtr n, char ***racks, size_t *nracks, char *err,
                     size_t errlen)
{
  char *id = attr(n, "id"), *rack = attr(n, "rack");
  int rc = 0;
  if (find_name(sc->hosts, sc->host_count, id) >= 0) {
    rc = fail(err, errlen, sc->file, xmlGetLineNo(n), "duplicate host id '%s'", id);
  } else {
    cg_host h = host_index(sc, id);
    long r = find_name(*racks, *nracks, rack);
    if (r < 0) {
      *racks = cg_xrealloc(*racks, (*nracks + 1) * sizeof **racks);
      (*racks)[*nracks] = dup_str(rack);
      r = (long)(*nracks)++;
    }
    sc->racks[h] = (int)r;
  }
  free(id);
  free(rack);
  return rc;
}

static int load_comm(scenario *sc, xmlNodePtr n, char *err, size_t errlen)
{
  scenario_comm *c = &sc->comms[sc->comm_count];
  memset(c, 0, sizeof *c);
  c->measured = -1;
  c->line = xmlGetLineNo(n);
  c->id = attr(n, "id");
  sc->comm_count++; /* owned from now on, freed by scenario_free */
  for (size_t i = 0; i + 1 < sc->comm_count; i++)
    if (strcmp(sc->comms[i].id, c->id) == 0)
      return fail(err, errlen, sc->file, c->line, "duplicate comm id '%s' (first on line %d)", c->id,
                  sc->comms[i].line);
  if (!*c->id)
    return fail(err, errlen, sc->file, c->line, "attribute 'id' of comm is empty");
  char what[300];
  snprintf(what, sizeof what, "comm '%s'", c->id);
  char *src = attr(n, "src"), *dst = attr(n, "dst");
  int empty = !*src || !*dst;
  const char *which = !*src ? "src" : "dst";
  if (!empty) {
    c->src = host_index(sc, src);
    c->dst = host_index(sc, dst);
  }
  free(src);
  free(dst);
  if (empty)
    return fail(err, errlen, sc->file, c->line, "attribute '%s' of %s is empty", which, what);
  if (quantity(sc, n, "size", CG_UNIT_SIZE, what, &c->size, err, errlen) ||
      quantity(sc, n, "start", CG_UNIT_TIME, what, &c->start, err, errlen) ||
      quantity(sc, n, "measured", CG_UNIT_TIME, what, &c->measured, err, errlen) ||
      penalty_list(sc, n, "penalties", what, &c->penalties, &c->penalty_count, err, errlen) ||
      penalty_list(sc, n, "later-penalties", what, &c->later, &c->later_count, err, errlen))
    return -1;
  c->has_later = xmlHasProp(n, (const xmlChar *)"later-penalties") != NULL;
  return 0;
}

static int validate(xmlDocPtr doc, const char *path, xml_error *xe, char *err, size_t errlen)
{
  xmlParserInputBufferPtr buf =
      xmlParserInputBufferCreateMem((const char *)scenario_dtd, (int)scenario_dtd_len,
                                    XML_CHAR_ENCODING_NONE);
  xmlDtdPtr dtd = buf ? xmlIOParseDTD(NULL, buf, XML_CHAR_ENCODING_NONE) : NULL;
  if (!dtd)
    return fail(err, errlen, path, 0, "internal error: cannot parse the embedded scenario DTD");
  xmlValidCtxtPtr vc = xmlNewValidCtxt();
  int ok = vc && xmlValidateDtd(vc, doc, dtd);
  xmlFreeValidCtxt(vc);
  xmlFreeDtd(dtd);
  if (!ok)
    return fail(err, errlen, path, xe->line, "%s (see doc/scenario.dtd)",
                xe->set ? xe->msg : "document does not follow the scenario DTD");
  return 0;
}

int scenario_load(const char *path, scenario *sc, char *err, size_t errlen)
{
  memset(sc, 0, sizeof *sc);
  sc->file = dup_str(path);
  xml_error xe = {0};
  xmlSetStructuredErrorFunc(&xe, on_xml_error);
  xmlSetGenericErrorFunc(NULL, NULL);
  int rc = -1;
  char **racks = NULL;
  size_t nracks = 0;
  xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING);
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  if (!doc || !root) {
    FILE *f = fopen(path, "r");
    if (!f)
      fail(err, errlen, path, 0, "cannot open the scenario file");
    else
      fail(err, errlen, path, xe.line, "malformed XML: %s", xe.set ? xe.msg : "no root element");
    if (f)
      fclose(f);
    goto out;
  }
  if (strcmp((const char *)root->name, "scenario") != 0) {
    fail(err, errlen, path, xmlGetLineNo(root), "root element is <%s>, expected <scenario>",
         (const char *)root->name);
    goto out;
  }
  size_t ncomms = 0;
  for (xmlNodePtr n = root->children; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE)
      continue;
    const char *name = (const char *)n->name;
    if (strcmp(name, "comm") != 0 && strcmp(name, "host") != 0) {
      fail(err, errlen, path, xmlGetLineNo(n), "unknown element <%s> (accepted: host, comm)", name);
      goto out;
    }
    ncomms += strcmp(name, "comm") == 0;
  }
  if (validate(doc, path, &xe, err, errlen))
    goto out;
  if (ncomms == 0) {
    fail(err, errlen, path, xmlGetLineNo(root), "empty scenario: at least one <comm> is required");
    goto out;
  }
  if (quantity(sc, root, "bandwidth", CG_UNIT_BANDWIDTH, "scenario", &sc->bandwidth, err, errlen))
    goto out;
  if (!(sc->bandwidth > 0)) {
    fail(err, errlen, path, xmlGetLineNo(root),
         "attribute 'bandwidth' of scenario must be > 0 (bytes per second, or with a unit such as 1.82GiBps)");
    goto out;
  }
  sc->comms = cg_xcalloc(ncomms, sizeof *sc->comms);
  for (xmlNodePtr n = root->children; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE)
      continue;
    if (strcmp((const char *)n->name, "host") == 0 ? load_host(sc, n, &racks, &nracks, err, errlen)
                                                   : load_comm(sc, n, err, errlen))
      goto out;
  }
  sc->all_given = sc->all_measured = 1;
  for (size_t i = 0; i < sc->comm_count; i++) {
    sc->all_given &= sc->comms[i].penalties != NULL;
    sc->all_measured &= sc->comms[i].measured >= 0;
  }
  for (size_t i = 0; i < sc->comm_count; i++)
    if (sc->comms[i].penalties && !sc->all_given) {
      size_t j = 0;
      while (sc->comms[j].penalties)
        j++;
      fail(err, errlen, path, sc->comms[j].line,
           "comm '%s' has no 'penalties' while comm '%s' has: give them for every comm or for none",
           sc->comms[j].id, sc->comms[i].id);
      goto out;
    }
  rc = 0;
out:
  for (size_t i = 0; i < nracks; i++)
    free(racks[i]);
  free(racks);
  if (doc)
    xmlFreeDoc(doc);
  xmlSetStructuredErrorFunc(NULL, NULL);
  if (rc)
    scenario_free(sc);
  return rc;
}

void scenario_free(scenario *sc)
{
  for (size_t i = 0; i < sc->comm_count; i++) {
    free(sc->comms[i].id);
    free(sc->comms[i].penalties);
    free(sc->comms[i].later);
  }
  for (size_t i = 0; i < sc->host_count; i++)
    free(sc->hosts[i]);
  free(sc->comms);
  free(sc->hosts);
  free(sc->racks);
  free(sc->file);
  memset(sc, 0, sizeof *sc);
}
