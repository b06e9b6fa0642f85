/* The elements and attributes of a scenario file: the rules the loader
 * enforces, in one table. doc/scenario.dtd states the same rules for
 * editors; tests/tools/check_dtd.c checks that the two agree. */
#ifndef CONTENTION_TOOLS_SCENARIO_SCHEMA_H
#define CONTENTION_TOOLS_SCENARIO_SCHEMA_H

#include <stddef.h>

typedef struct schema_attr {
  const char *name;
  int required;
} schema_attr;

typedef struct schema_element {
  const char *name;
  const schema_attr *attrs; /* ends with a NULL name */
} schema_element;

/* <scenario>, <host>, <comm>, then a NULL name. <scenario> is the root and
 * holds <host>* then <comm>*; <host> and <comm> are empty. */
extern const schema_element scenario_schema[];

/* The element named `name`, or NULL. */
const schema_element *schema_find(const char *name);
/* Index of attribute `name` in e->attrs, or -1. */
int schema_attr_index(const schema_element *e, const char *name);
/* "a, b, c": the attributes of e (only the required ones if required_only). */
void schema_attr_list(const schema_element *e, int required_only, char *buf, size_t len);

#endif
