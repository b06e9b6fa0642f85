/* The scenario file's elements and attributes (see scenario_schema.h). */
#include "scenario_schema.h"

#include <stdio.h>
#include <string.h>

static const schema_attr scenario_attrs[] = {{"bandwidth", 1}, {"version", 0}, {NULL, 0}};
static const schema_attr host_attrs[] = {{"id", 1}, {"rack", 1}, {NULL, 0}};
static const schema_attr comm_attrs[] = {{"id", 1},        {"src", 1},       {"dst", 1},
                                         {"size", 1},      {"start", 0},     {"penalties", 0},
                                         {"later-penalties", 0}, {"measured", 0}, {NULL, 0}};

const schema_element scenario_schema[] = {
    {"scenario", scenario_attrs}, {"host", host_attrs}, {"comm", comm_attrs}, {NULL, NULL}};

const schema_element *schema_find(const char *name)
{
  for (const schema_element *e = scenario_schema; e->name; e++)
    if (strcmp(e->name, name) == 0)
      return e;
  return NULL;
}

int schema_attr_index(const schema_element *e, const char *name)
{
  for (int i = 0; e->attrs[i].name; i++)
    if (strcmp(e->attrs[i].name, name) == 0)
      return i;
  return -1;
}

void schema_attr_list(const schema_element *e, int required_only, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; e->attrs[i].name && used < len; i++) {
    if (required_only && !e->attrs[i].required)
      continue;
    int w = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", e->attrs[i].name);
    if (w < 0)
      break;
    used += (size_t)w;
  }
}
