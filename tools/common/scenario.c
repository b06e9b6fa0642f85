/* Scenario loader: libxml2's SAX2 push parser, fed in chunks, calls back on
 * every element; each one is checked against scenario_schema.h and turned
 * into hosts and comms at once, so the document is never held in memory.
 * Host and comm names are found through hash maps (strmap.h). */
#include "scenario.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h> /* XML_MAX_NAME_LENGTH, XML_MAX_TEXT_LENGTH */
#include <libxml/xmlerror.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/quote.h"
#include "contention/units.h"
#include "output.h"
#include "scenario_schema.h"
#include "strmap.h"

enum { CHUNK = 1 << 16, MAX_ATTRS = 8 };

typedef struct loader {
  xmlParserCtxtPtr ctxt;
  scenario *sc;
  char *err;
  size_t errlen;
  int failed;         /* err holds the first error */
  int depth;          /* open elements */
  int seen_root, seen_comm;
  int root_line;
  const char *parent; /* name of the open <host> or <comm> */
  size_t comm_cap, host_cap;
  scenario_limits limits;
  strmap host_ids;    /* host name -> index */
  strmap comm_ids;    /* comm id -> index */
  strmap rack_ids;    /* rack name -> index */
  char **racks;
  size_t rack_count, rack_cap;
} loader;

static int line_of(const loader *ld)
{
  return xmlSAX2GetLineNumber(ld->ctxt);
}

/* Records the first error, "file:line: message", and stops the parser. */
static void fail_at(loader *ld, int line, const char *fmt, ...)
{
  if (ld->failed)
    return;
  ld->failed = 1;
  char buf[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  snprintf(ld->err, ld->errlen, "%s:%d: %s", ld->sc->file, line, buf);
  if (ld->ctxt)
    xmlStopParser(ld->ctxt);
}

#define fail(ld, ...) fail_at((ld), line_of(ld), __VA_ARGS__)

static char *dup_range(const char *s, size_t n)
{
  char *d = cg_xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

/* An attribute value as written: libxml2's SAX2 hands an '&' (written
 * &amp; or &#38;) over as the text "&#38;", which was printed in ids
 * and names. A raw '&' cannot occur in a value, so every "&#38;" is one. */
static char *dup_value(const char *s, size_t n)
{
  char *d = dup_range(s, n), *w = d;
  for (const char *r = d; *r;)
    if (strncmp(r, "&#38;", 5) == 0)
      *w++ = '&', r += 5;
    else
      *w++ = *r++;
  *w = '\0';
  return d;
}

/* libxml2's messages span lines ("... !\nBytes: 0xE9 ..."); ours take one.
 * The few whose wording names libxml2 internals are restated. */
static void describe_xml_error(const xmlError *e, char *out, size_t len)
{
  const char *m = e->message ? e->message : "XML error";
  if (strstr(m, "not proper UTF-8")) {
    const char *bytes = strstr(m, "Bytes: ");
    int n = bytes ? (int)strcspn(bytes + 7, "\n") : 0;
    snprintf(out, len,
             "not UTF-8 text (bytes %.*s): save the file as UTF-8, or name its encoding in the XML "
             "declaration, e.g. <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>",
             n, bytes ? bytes + 7 : "");
  } else if (strstr(m, "Invalid bytes in character encoding")) {
    /* libxml2 2.14's wording of the same error, without the bytes. */
    snprintf(out, len,
             "not UTF-8 text: save the file as UTF-8, or name its encoding in the XML "
             "declaration, e.g. <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>");
  } else if (strstr(m, "XML_PARSE_HUGE") || strstr(m, "Huge input") || strstr(m, "too long") ||
             strstr(m, "too big") || e->code == XML_ERR_NAME_TOO_LONG) {
    snprintf(out, len,
             "past the parser's size limits (names up to %d characters, attribute values, "
             "comments and text up to %d)",
             XML_MAX_NAME_LENGTH, XML_MAX_TEXT_LENGTH);
  } else {
    snprintf(out, len, "%s", m);
  }
  size_t w = 0; /* newlines -> ", ", trailing blanks dropped */
  char tmp[512];
  for (size_t i = 0; out[i] && w + 3 < sizeof tmp; i++) {
    if (out[i] == '\n') {
      if (out[i + 1])
        tmp[w++] = ',', tmp[w++] = ' ';
    } else {
      tmp[w++] = out[i];
    }
  }
  while (w && tmp[w - 1] == ' ')
    w--;
  tmp[w] = '\0';
  snprintf(out, len, "%s", tmp);
}

/* Structured errors of the parser (and of libxml2 at large while loading):
 * the first error becomes ours; warnings are not errors. */
/* libxml2 2.12 made the structured error handler's error const. */
#if LIBXML_VERSION >= 21200
static void on_xml_error(void *ctx, const xmlError *e)
#else
static void on_xml_error(void *ctx, xmlErrorPtr e)
#endif
{
  loader *ld = ctx;
  if (ld->failed || !e || e->level < XML_ERR_ERROR)
    return;
  char msg[512];
  describe_xml_error(e, msg, sizeof msg);
  ld->failed = 1;
  snprintf(ld->err, ld->errlen, "%s:%d: malformed XML: %s", ld->sc->file, e->line, msg);
}

static void on_generic_error(void *ctx, const char *fmt, ...)
{
  (void)ctx; /* every error also reaches on_xml_error */
  (void)fmt;
}

/* Any DOCTYPE: its internal subset could declare entities (whose
 * expansion is unbounded) or attribute defaults (values nobody sees). */
static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *ext, const xmlChar *sys)
{
  (void)name, (void)ext, (void)sys;
  fail(ctx, "<!DOCTYPE> is not accepted (the tools apply the rules of doc/scenario.dtd "
            "themselves): remove the declaration");
}

static void on_text(void *ctx, const xmlChar *text, int len)
{
  loader *ld = ctx;
  const char *t = (const char *)text;
  for (int i = 0; i < len && !ld->failed; i++) {
    if (strchr(" \t\r\n", t[i]))
      continue;
    int n = 0, later_lines = 0; /* the parser's line is the text's end */
    while (i + n < len && n < 40 && !strchr("\t\r\n", t[i + n]))
      n++;
    for (int j = i; j < len; j++)
      later_lines += t[j] == '\n';
    fail_at(ld, line_of(ld) - later_lines,
            "unexpected text '%.*s' in the scenario (only <host> and <comm> elements belong there)", n,
            t + i);
  }
}

static void on_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
  (void)ctx, (void)target, (void)data; /* processing instructions are ignored */
}

/* Ids and host and rack names are printed in tables and CSV rows: they
 * must be non-empty and hold no control character (C1 ones included: NEL,
 * like U+2028 and U+2029, breaks a CSV row for Unicode line splitters such
 * as Python's str.splitlines), comma or double quote.
 * Names are compared exactly, so src=" n0" is another host than "n0":
 * a leading or trailing space, invisible in the tables, is refused. */
static int check_name(loader *ld, const char *value, const char *attr, const char *what)
{
  if (!*value) {
    fail(ld, "attribute '%s' of %s is empty", attr, what);
    return -1;
  }
  for (const unsigned char *p = (const unsigned char *)value; *p; p++)
    if (*p < 0x20 || *p == 0x7F || *p == ',' || *p == '"' || cg_utf8_line_break((const char *)p)) {
      char q[CG_QUOTE_SIZE];
      fail(ld, "attribute '%s' of %s: '%s' holds a control character, comma or double quote (names "
               "are printed in tables and CSV)",
           attr, what, cg_quote(value, q, sizeof q));
      return -1;
    }
  size_t len = strlen(value); /* a no-break space (U+00A0, from a web page) is as invisible */
  if (value[0] == ' ' || value[len - 1] == ' ' || !strncmp(value, "\xC2\xA0", 2) ||
      (len >= 2 && !strcmp(value + len - 2, "\xC2\xA0"))) {
    char q[CG_QUOTE_SIZE];
    fail(ld, "attribute '%s' of %s: '%s' starts or ends with a space (names are compared exactly, ' n0' "
             "and 'n0' would be two hosts): remove the space",
         attr, what, cg_quote(value, q, sizeof q));
    return -1;
  }
  return 0;
}

static cg_host host_index(loader *ld, const char *name)
{
  scenario *sc = ld->sc;
  size_t i;
  if (strmap_get(&ld->host_ids, name, &i))
    return (cg_host)i;
  if (sc->host_count >= ld->limits.max_hosts) {
    fail(ld, "more than %zu hosts (the limit of a scenario, see doc/scenario.md)", ld->limits.max_hosts);
    return 0;
  }
  if (sc->host_count == ld->host_cap) {
    size_t cap = ld->host_cap;
    cg_grow((void **)&sc->hosts, &ld->host_cap, sc->host_count + 1, sizeof *sc->hosts);
    cg_grow((void **)&sc->racks, &cap, sc->host_count + 1, sizeof *sc->racks);
  }
  sc->hosts[sc->host_count] = cg_xmalloc(strlen(name) + 1);
  strcpy(sc->hosts[sc->host_count], name);
  sc->racks[sc->host_count] = -1;
  strmap_put(&ld->host_ids, sc->hosts[sc->host_count], sc->host_count, NULL);
  return (cg_host)sc->host_count++;
}

/* Parses quantity attribute `value` (NULL: absent, *out unchanged). */
static int quantity(loader *ld, const char *value, const char *name, cg_unit_kind kind,
                    const char *what, double *out)
{
  if (!value)
    return 0;
  char e[384];
  if (cg_parse_quantity(value, kind, out, e, sizeof e) != 0) {
    fail(ld, "attribute '%s' of %s: %s", name, what, e);
    return -1;
  }
  return 0;
}

/* Parses a list of penalties (each finite and >= 1), separated by blanks
 * or commas. */
static int penalty_list(loader *ld, const char *value, const char *name, const char *what,
                        double **out, size_t *count)
{
  if (!value)
    return 0;
  size_t cap = 0;
  const char *p = value;
  for (;;) {
    p += strspn(p, " \t\r\n,");
    if (!*p)
      break;
    size_t n = strcspn(p, " \t\r\n,");
    char tok[160], e[256];
    snprintf(tok, sizeof tok, "%.*s", (int)(n < sizeof tok - 1 ? n : sizeof tok - 1), p);
    double v = 0;
    if (n >= sizeof tok - 1 || cg_parse_number(tok, &v, e, sizeof e) != 0 || !(v >= 1.0)) {
      fail(ld, "attribute '%s' of %s: '%s' is not a penalty (expected numbers >= 1, space "
               "separated)",
           name, what, tok);
      return -1;
    }
    cg_grow((void **)out, &cap, *count + 1, sizeof **out);
    (*out)[(*count)++] = v;
    p += n;
  }
  return 0;
}

static void load_root(loader *ld, char **a)
{
  scenario *sc = ld->sc;
  if (quantity(ld, a[0], "bandwidth", CG_UNIT_BANDWIDTH, "scenario", &sc->bandwidth))
    return;
  if (!(sc->bandwidth > 0))
    fail(ld, "attribute 'bandwidth' of scenario must be > 0 (bytes per second, or with a unit "
             "such as 1.82GiBps)");
}

static void load_host(loader *ld, char **a)
{
  const char *id = a[0], *rack = a[1];
  if (check_name(ld, id, "id", "host") || check_name(ld, rack, "rack", "host"))
    return;
  size_t first;
  if (strmap_get(&ld->host_ids, id, &first)) {
    char q[CG_QUOTE_SIZE];
    fail(ld, "duplicate host id '%s'", cg_quote(id, q, sizeof q));
    return;
  }
  cg_host h = host_index(ld, id);
  if (ld->failed)
    return;
  size_t r;
  if (!strmap_get(&ld->rack_ids, rack, &r)) {
    cg_grow((void **)&ld->racks, &ld->rack_cap, ld->rack_count + 1, sizeof *ld->racks);
    r = ld->rack_count++;
    ld->racks[r] = cg_xmalloc(strlen(rack) + 1);
    strcpy(ld->racks[r], rack);
    strmap_put(&ld->rack_ids, ld->racks[r], r, NULL);
  }
  ld->sc->racks[h] = (int32_t)r;
}

static void load_comm(loader *ld, char **a)
{
  scenario *sc = ld->sc;
  if (sc->comm_count >= ld->limits.max_comms) {
    fail(ld, "more than %zu comms (the limit of a scenario, see doc/scenario.md)", ld->limits.max_comms);
    return;
  }
  cg_grow((void **)&sc->comms, &ld->comm_cap, sc->comm_count + 1, sizeof *sc->comms);
  scenario_comm *c = &sc->comms[sc->comm_count];
  memset(c, 0, sizeof *c);
  c->measured = -1;
  c->line = line_of(ld);
  c->id = a[0];
  a[0] = NULL; /* owned by the comm, freed by scenario_free */
  sc->comm_count++;
  if (check_name(ld, c->id, "id", "comm"))
    return;
  size_t first;
  if (!strmap_put(&ld->comm_ids, c->id, sc->comm_count - 1, &first)) {
    char q[CG_QUOTE_SIZE];
    fail(ld, "duplicate comm id '%s' (first on line %d)", cg_quote(c->id, q, sizeof q),
         sc->comms[first].line);
    return;
  }
  char what[CG_QUOTE_SIZE + 16], q[CG_QUOTE_SIZE];
  snprintf(what, sizeof what, "comm '%s'", cg_quote(c->id, q, sizeof q));
  if (check_name(ld, a[1], "src", what) || check_name(ld, a[2], "dst", what))
    return;
  c->src = host_index(ld, a[1]);
  c->dst = host_index(ld, a[2]);
  if (ld->failed || quantity(ld, a[3], "size", CG_UNIT_SIZE, what, &c->size) ||
      quantity(ld, a[4], "start", CG_UNIT_TIME, what, &c->start) ||
      penalty_list(ld, a[5], "penalties", what, &c->penalties, &c->penalty_count) ||
      penalty_list(ld, a[6], "later-penalties", what, &c->later, &c->later_count) ||
      quantity(ld, a[7], "measured", CG_UNIT_TIME, what, &c->measured))
    return;
  c->has_penalties = a[5] != NULL;
  c->has_later = a[6] != NULL;
  if (a[7] && !(c->measured > 0)) {
    fail(ld, "attribute 'measured' of %s must be > 0 (a relative error divides by it)", what);
    return;
  }
  double alone = c->size / sc->bandwidth;
  if (!isfinite(c->start + alone))
    fail(ld, "%s: start + size / bandwidth overflows a double (%g + %g / %g)", what, c->start,
         c->size, sc->bandwidth);
  else if (alone > 0 && fabs((c->start + alone) - c->start - alone) > 1e-6 * alone)
    /* finish - start would lose the comm's time (a 1 ms comm at 1e300 s took 0 s) */
    fail(ld, "%s: start %g s is too large for its time alone (%g s) to be kept to 1e-6 (accepted: a start "
         "below %g s)", what, c->start, alone, alone * 1e-6 / DBL_EPSILON);
}

/* Checks name and attributes against the schema and hands the values, in
 * schema order (NULL when absent), to the element's loader. */
static void on_start(void *ctx, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri,
                     int nb_ns, const xmlChar **ns, int nb_attrs, int nb_defaulted,
                     const xmlChar **attrs)
{
  (void)uri, (void)ns, (void)nb_defaulted;
  loader *ld = ctx;
  if (ld->failed)
    return;
  int depth = ld->depth++;
  const char *name = (const char *)local;
  char qname[120];
  snprintf(qname, sizeof qname, "%s%s%.80s", prefix ? (const char *)prefix : "", prefix ? ":" : "", name);
  const schema_element *e = prefix ? NULL : schema_find(name);
  if (depth == 0) {
    if (!e || e != &scenario_schema[0]) {
      fail(ld, "root element is <%s>, expected <scenario>", qname);
      return;
    }
    ld->seen_root = 1;
    ld->root_line = line_of(ld);
  } else if (depth == 1) {
    if (!e || e == &scenario_schema[0]) {
      fail(ld, "unknown element <%s> (accepted: host, comm)", qname);
      return;
    }
  } else {
    fail(ld, "element <%s> inside <%s>: <host> and <comm> have no content", qname, ld->parent);
    return;
  }
  if (depth == 1)
    ld->parent = e->name;
  if (nb_ns > 0) {
    fail(ld, "namespace declaration on <%s> (scenario files use no namespaces)", qname);
    return;
  }
  char *val[MAX_ATTRS] = {0};
  for (int i = 0; i < nb_attrs && !ld->failed; i++) {
    const xmlChar **at = attrs + 5 * i;
    int k = at[1] ? -1 : schema_attr_index(e, (const char *)at[0]);
    if (k < 0) {
      char acc[256];
      schema_attr_list(e, 0, acc, sizeof acc);
      fail(ld, "unknown attribute '%s%s%.80s' of <%s> (accepted: %s)", at[1] ? (const char *)at[1] : "",
           at[1] ? ":" : "", (const char *)at[0], e->name, acc);
    } else {
      val[k] = dup_value((const char *)at[3], (size_t)(at[4] - at[3]));
    }
  }
  for (int k = 0; e->attrs[k].name && !ld->failed; k++)
    if (e->attrs[k].required && !val[k]) {
      char req[256];
      schema_attr_list(e, 1, req, sizeof req);
      fail(ld, "<%s> lacks the attribute '%s' (required: %s)", e->name, e->attrs[k].name, req);
    }
  if (!ld->failed) {
    if (e == &scenario_schema[0]) {
      load_root(ld, val);
    } else if (e == &scenario_schema[1]) {
      if (ld->seen_comm)
        fail(ld, "<host> after a <comm>: declare the hosts first");
      else
        load_host(ld, val);
    } else {
      ld->seen_comm = 1;
      load_comm(ld, val);
    }
  }
  for (int k = 0; k < MAX_ATTRS; k++)
    free(val[k]);
}

static void on_end(void *ctx, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri)
{
  (void)local, (void)prefix, (void)uri;
  ((loader *)ctx)->depth--;
}

/* Whole-scenario checks, once every element is in. */
static void finish(loader *ld)
{
  scenario *sc = ld->sc;
  int end = line_of(ld);
  if (!ld->seen_root) {
    fail_at(ld, end, "no <scenario> element");
    return;
  }
  if (sc->comm_count == 0) {
    fail_at(ld, ld->root_line, "empty scenario: at least one <comm> is required");
    return;
  }
  sc->all_given = sc->all_measured = 1;
  size_t with = 0, without = 0;
  for (size_t i = 0; i < sc->comm_count; i++) {
    size_t *first = sc->comms[i].has_penalties ? &with : &without;
    if (!*first)
      *first = i + 1;
    sc->all_given &= sc->comms[i].has_penalties;
    sc->all_measured &= sc->comms[i].measured > 0;
  }
  if (with && without) {
    char q1[CG_QUOTE_SIZE], q2[CG_QUOTE_SIZE];
    fail_at(ld, sc->comms[without - 1].line,
            "comm '%s' has no 'penalties' while comm '%s' has: give them for every comm or for none",
            cg_quote(sc->comms[without - 1].id, q1, sizeof q1),
            cg_quote(sc->comms[with - 1].id, q2, sizeof q2));
  }
}

static xmlSAXHandler handler(void)
{
  xmlSAXHandler h;
  memset(&h, 0, sizeof h);
  h.initialized = XML_SAX2_MAGIC;
  h.startElementNs = on_start;
  h.endElementNs = on_end;
  h.characters = on_text;
  h.cdataBlock = on_text;
  h.ignorableWhitespace = on_text;
  h.internalSubset = on_doctype;
  h.processingInstruction = on_pi;
  h.serror = on_xml_error;
  return h;
}

/* Feeds the parser from f (data == NULL) or from data[0..len). Returns 0,
 * or -1 with err set. */
static int run(loader *ld, FILE *f, const char *data, size_t len)
{
  xmlSAXHandler h = handler();
  xmlSetStructuredErrorFunc(ld, on_xml_error);
  xmlSetGenericErrorFunc(NULL, on_generic_error);
  ld->ctxt = xmlCreatePushParserCtxt(&h, ld, NULL, 0, ld->sc->file);
  if (!ld->ctxt) {
    snprintf(ld->err, ld->errlen, "%s: cannot create an XML parser", ld->sc->file);
    ld->failed = 1;
  } else {
    xmlCtxtUseOptions(ld->ctxt, XML_PARSE_NONET);
  }
  char *buf = f ? cg_xmalloc(CHUNK) : NULL;
  size_t off = 0;
  int read_errno = 0, content = 0;
  while (!ld->failed) {
    const char *chunk = data ? data + off : buf;
    size_t n = data ? (len - off < CHUNK ? len - off : CHUNK) : fread(buf, 1, CHUNK, f);
    if (n > ld->limits.max_bytes - off) { /* checked before parsing: the bound is exact */
      snprintf(ld->err, ld->errlen, "%s: more than %zu bytes (the limit of a scenario file, see doc/scenario.md)",
               ld->sc->file, ld->limits.max_bytes);
      ld->failed = 1;
      break;
    }
    off += n;
    if (!data && n < CHUNK && ferror(f)) {
      read_errno = errno ? errno : EIO;
      break;
    }
    for (size_t i = 0; i < n && !content; i++)
      content = !isspace((unsigned char)chunk[i]);
    if (n == 0 && !content) { /* libxml2 would say "Extra content at the end of the document" */
      snprintf(ld->err, ld->errlen, "%s: empty file (a scenario file holds a <scenario> element, doc/scenario.md)",
               ld->sc->file);
      ld->failed = 1;
      break;
    }
    xmlParseChunk(ld->ctxt, chunk, (int)n, n == 0);
    if (n == 0)
      break;
  }
  if (read_errno && !ld->failed) {
    snprintf(ld->err, ld->errlen, "%s: cannot read: %s", ld->sc->file, strerror(read_errno));
    ld->failed = 1;
  }
  if (!ld->failed && !ld->ctxt->wellFormed) /* every error should have reached on_xml_error */
    fail_at(ld, line_of(ld), "malformed XML");
  if (!ld->failed)
    finish(ld);
  free(buf);
  if (ld->ctxt)
    xmlFreeParserCtxt(ld->ctxt);
  xmlSetStructuredErrorFunc(NULL, NULL);
  xmlSetGenericErrorFunc(NULL, NULL);
  return ld->failed ? -1 : 0;
}

typedef struct named_host {
  const char *name;
  size_t old;
} named_host;

static int by_name(const void *a, const void *b)
{
  return strcmp(((const named_host *)a)->name, ((const named_host *)b)->name);
}

/* Numbers the hosts in name order (byte order) and the racks in order of
 * their first host, as the plugin numbers a platform's: a technology
 * breaks ties by host index (hier-ethernet's Algorithm 1 by (src, dst)),
 * so numbering them in order of appearance made the penalties depend on
 * the order of the comm lines, and differ from the plugin's. */
static void number_by_name(scenario *sc, size_t rack_count)
{
  size_t n = sc->host_count;
  if (n < 2)
    return;
  named_host *order = cg_xmalloc(n * sizeof *order);
  for (size_t i = 0; i < n; i++)
    order[i] = (named_host){sc->hosts[i], i};
  qsort(order, n, sizeof *order, by_name);
  size_t *new_of = cg_xmalloc(n * sizeof *new_of);
  char **hosts = cg_xmalloc(n * sizeof *hosts);
  int32_t *racks = cg_xmalloc(n * sizeof *racks);
  int32_t *rack_of = cg_xmalloc((rack_count ? rack_count : 1) * sizeof *rack_of);
  for (size_t r = 0; r < rack_count; r++)
    rack_of[r] = -1;
  int32_t next_rack = 0;
  for (size_t i = 0; i < n; i++) {
    size_t old = order[i].old;
    new_of[old] = i;
    hosts[i] = sc->hosts[old];
    int32_t r = sc->racks[old];
    if (r >= 0 && rack_of[r] < 0)
      rack_of[r] = next_rack++;
    racks[i] = r >= 0 ? rack_of[r] : -1;
  }
  for (size_t c = 0; c < sc->comm_count; c++) {
    sc->comms[c].src = (cg_host)new_of[sc->comms[c].src];
    sc->comms[c].dst = (cg_host)new_of[sc->comms[c].dst];
  }
  memcpy(sc->hosts, hosts, n * sizeof *hosts);
  memcpy(sc->racks, racks, n * sizeof *racks);
  free(order), free(new_of), free(hosts), free(racks), free(rack_of);
}

static int load(FILE *f, const char *data, size_t len, const scenario_limits *limits, scenario *sc,
                char *err, size_t errlen)
{
  loader ld;
  memset(&ld, 0, sizeof ld);
  ld.limits = limits ? *limits : (scenario_limits){SCENARIO_MAX_COMMS, SCENARIO_MAX_HOSTS, SCENARIO_MAX_BYTES};
  ld.sc = sc;
  ld.err = err;
  ld.errlen = errlen;
  strmap_init(&ld.host_ids);
  strmap_init(&ld.comm_ids);
  strmap_init(&ld.rack_ids);
  int rc = run(&ld, f, data, len);
  strmap_free(&ld.host_ids);
  strmap_free(&ld.comm_ids);
  strmap_free(&ld.rack_ids);
  if (rc == 0) /* once the name tables are freed: a lower peak of memory */
    number_by_name(sc, ld.rack_count);
  for (size_t i = 0; i < ld.rack_count; i++)
    free(ld.racks[i]);
  free(ld.racks);
  if (rc)
    scenario_free(sc);
  return rc;
}

static void start(scenario *sc, const char *name)
{
  memset(sc, 0, sizeof *sc);
  sc->file = tool_display_name(name); /* a newline in the name must not break a message */
}

int scenario_load(const char *path, scenario *sc, char *err, size_t errlen)
{
  return scenario_load_limited(path, NULL, sc, err, errlen);
}

int scenario_load_limited(const char *path, const scenario_limits *limits, scenario *sc, char *err,
                          size_t errlen)
{
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    char *shown = tool_display_name(path);
    snprintf(err, errlen, "%s: cannot open: %s", shown, strerror(errno));
    free(shown);
    memset(sc, 0, sizeof *sc);
    return -1;
  }
  start(sc, is_stdin ? "standard input" : path);
  errno = 0;
  int rc = load(f, NULL, 0, limits, sc, err, errlen);
  if (!is_stdin)
    fclose(f);
  return rc;
}

int scenario_parse(const char *name, const char *data, size_t len, scenario *sc, char *err,
                   size_t errlen)
{
  start(sc, name);
  return load(NULL, data ? data : "", len, NULL, sc, err, errlen);
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
