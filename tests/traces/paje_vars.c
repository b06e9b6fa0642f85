/* paje_vars TRACE [PREFIX]
 * Reads a Paje trace the way a viewer does (event definitions from the
 * %EventDef header, then the events) and prints, as CSV, every change of a
 * variable whose name starts with PREFIX (default "contention_"):
 *   time,container,variable,value
 * with the container's and variable's names resolved from their aliases and
 * the value after the event (PajeSetVariable, PajeAddVariable,
 * PajeSubVariable). Ends with one line per such variable type:
 * "# declared,variable,container type it belongs to".
 * Exit status 1 with a message naming the line on a malformed trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 16
#define MAX_DEFS 64
#define MAX_FIELDS 16

typedef struct {
  char name[64];  /* e.g. PajeSetVariable */
  char id[16];    /* its number in this trace */
  int nfields;
  char fields[MAX_FIELDS][32];
} event_def;

typedef struct { char *alias, *name; } named;
typedef struct { named *v; size_t n, cap; } table;

typedef struct {
  char *container, *type;
  double value;
} var_value;

static event_def defs[MAX_DEFS];
static int ndefs;
static table containers, var_types, container_types; /* alias -> name */
static var_value *values;
static size_t nvalues, capvalues;

static void *xrealloc(void *p, size_t n)
{
  void *q = realloc(p, n);
  if (!q) {
    fprintf(stderr, "paje_vars: out of memory\n");
    exit(2);
  }
  return q;
}

static char *xstrdup(const char *s)
{
  char *d = xrealloc(NULL, strlen(s) + 1);
  strcpy(d, s);
  return d;
}

static void table_put(table *t, const char *alias, const char *name)
{
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 64;
    t->v = xrealloc(t->v, t->cap * sizeof *t->v);
  }
  t->v[t->n].alias = xstrdup(alias);
  t->v[t->n].name = xstrdup(name);
  t->n++;
}

static const char *table_get(const table *t, const char *alias)
{
  for (size_t i = t->n; i-- > 0;) /* the latest definition wins */
    if (strcmp(t->v[i].alias, alias) == 0)
      return t->v[i].name;
  return NULL;
}

/* Splits a line into tokens; "quoted strings" are one token, quotes removed. */
static int tokenize(char *line, char **tok)
{
  int n = 0;
  char *p = line;
  while (*p && n < MAX_TOKENS) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
    if (!*p)
      break;
    if (*p == '"') {
      tok[n++] = ++p;
      while (*p && *p != '"')
        p++;
    } else {
      tok[n++] = p;
      while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
        p++;
    }
    if (*p)
      *p++ = '\0';
  }
  return n;
}

static const event_def *def_of(const char *id)
{
  for (int i = 0; i < ndefs; i++)
    if (strcmp(defs[i].id, id) == 0)
      return &defs[i];
  return NULL;
}

/* The token of field `field` in an event of definition d (NULL: none). */
static const char *field(const event_def *d, char **tok, int ntok, const char *name)
{
  for (int i = 0; i < d->nfields; i++)
    if (strcmp(d->fields[i], name) == 0)
      return i + 1 < ntok ? tok[i + 1] : NULL;
  return NULL;
}

static var_value *value_of(const char *container, const char *type)
{
  for (size_t i = 0; i < nvalues; i++)
    if (strcmp(values[i].container, container) == 0 && strcmp(values[i].type, type) == 0)
      return &values[i];
  if (nvalues == capvalues) {
    capvalues = capvalues ? 2 * capvalues : 64;
    values = xrealloc(values, capvalues * sizeof *values);
  }
  values[nvalues].container = xstrdup(container);
  values[nvalues].type = xstrdup(type);
  values[nvalues].value = 0;
  return &values[nvalues++];
}

int main(int argc, char **argv)
{
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: paje_vars TRACE [PREFIX]\n");
    return 2;
  }
  const char *prefix = argc == 3 ? argv[2] : "contention_";
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    fprintf(stderr, "paje_vars: %s: cannot open\n", argv[1]);
    return 1;
  }
  char line[4096];
  long lineno = 0;
  event_def *open_def = NULL;
  table declared = {0}; /* variable alias -> parent type, for the final report */
  printf("time,container,variable,value\n");
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char *tok[MAX_TOKENS];
    if (line[0] == '#')
      continue;
    if (line[0] == '%') {
      int n = tokenize(line + 1, tok);
      if (n >= 3 && strcmp(tok[0], "EventDef") == 0) {
        if (ndefs == MAX_DEFS) {
          fprintf(stderr, "paje_vars: %s:%ld: too many event definitions\n", argv[1], lineno);
          return 1;
        }
        open_def = &defs[ndefs++];
        snprintf(open_def->name, sizeof open_def->name, "%s", tok[1]);
        snprintf(open_def->id, sizeof open_def->id, "%s", tok[2]);
        open_def->nfields = 0;
      } else if (n >= 1 && strcmp(tok[0], "EndEventDef") == 0) {
        open_def = NULL;
      } else if (n >= 2 && open_def && open_def->nfields < MAX_FIELDS) {
        snprintf(open_def->fields[open_def->nfields++], sizeof open_def->fields[0], "%s", tok[0]);
      }
      continue;
    }
    int n = tokenize(line, tok);
    if (n == 0)
      continue;
    const event_def *d = def_of(tok[0]);
    if (!d) {
      fprintf(stderr, "paje_vars: %s:%ld: event '%s' has no %%EventDef\n", argv[1], lineno, tok[0]);
      return 1;
    }
    if (strcmp(d->name, "PajeDefineContainerType") == 0) {
      const char *alias = field(d, tok, n, "Alias"), *name = field(d, tok, n, "Name");
      if (!alias || !name) {
        fprintf(stderr, "paje_vars: %s:%ld: PajeDefineContainerType without Alias or Name\n", argv[1], lineno);
        return 1;
      }
      table_put(&container_types, alias, name);
    } else if (strcmp(d->name, "PajeCreateContainer") == 0) {
      const char *alias = field(d, tok, n, "Alias"), *name = field(d, tok, n, "Name");
      if (!alias || !name) {
        fprintf(stderr, "paje_vars: %s:%ld: PajeCreateContainer without Alias or Name\n", argv[1], lineno);
        return 1;
      }
      table_put(&containers, alias, name);
    } else if (strcmp(d->name, "PajeDefineVariableType") == 0) {
      const char *alias = field(d, tok, n, "Alias"), *name = field(d, tok, n, "Name");
      const char *parent = field(d, tok, n, "Type");
      if (!alias || !name || !parent) {
        fprintf(stderr, "paje_vars: %s:%ld: PajeDefineVariableType without Alias, Type or Name\n", argv[1], lineno);
        return 1;
      }
      table_put(&var_types, alias, name);
      if (strncmp(name, prefix, strlen(prefix)) == 0)
        table_put(&declared, name, parent);
    } else if (strcmp(d->name, "PajeSetVariable") == 0 || strcmp(d->name, "PajeAddVariable") == 0 ||
               strcmp(d->name, "PajeSubVariable") == 0) {
      const char *time = field(d, tok, n, "Time"), *type = field(d, tok, n, "Type");
      const char *cont = field(d, tok, n, "Container"), *val = field(d, tok, n, "Value");
      const char *tname = type ? table_get(&var_types, type) : NULL;
      const char *cname = cont ? table_get(&containers, cont) : NULL;
      char *end;
      double v = val ? strtod(val, &end) : 0;
      if (!time || !tname || !cname || !val || *end) {
        fprintf(stderr, "paje_vars: %s:%ld: %s with an unknown type or container, or a bad value\n", argv[1], lineno,
                d->name);
        return 1;
      }
      if (strncmp(tname, prefix, strlen(prefix)) != 0)
        continue;
      var_value *cur = value_of(cname, tname);
      cur->value = d->name[4] == 'S' && d->name[5] == 'e' ? v : d->name[4] == 'A' ? cur->value + v : cur->value - v;
      printf("%s,%s,%s,%.17g\n", time, cname, tname, cur->value);
    }
  }
  fclose(f);
  for (size_t i = 0; i < declared.n; i++) {
    const char *parent = table_get(&container_types, declared.v[i].name);
    printf("# declared,%s,%s\n", declared.v[i].alias, parent ? parent : declared.v[i].name);
  }
  table *all[] = {&containers, &var_types, &container_types, &declared};
  for (size_t t = 0; t < sizeof all / sizeof all[0]; t++) {
    for (size_t i = 0; i < all[t]->n; i++) {
      free(all[t]->v[i].alias);
      free(all[t]->v[i].name);
    }
    free(all[t]->v);
  }
  for (size_t i = 0; i < nvalues; i++) {
    free(values[i].container);
    free(values[i].type);
  }
  free(values);
  return 0;
}
