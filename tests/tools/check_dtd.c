/* doc/scenario.dtd documents the rules that the loader enforces from
 * tools/common/scenario_schema.c: this test fails when the two disagree
 * (an element or attribute in one only, a different "required", or another
 * content model). */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <stdio.h>
#include <string.h>

#include "scenario_schema.h"

static int failures = 0;

static void mismatch(const char *what)
{
  fprintf(stderr, "check_dtd: %s\n", what);
  failures++;
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: check_dtd scenario.dtd\n");
    return 2;
  }
  xmlDtdPtr dtd = xmlParseDTD(NULL, (const xmlChar *)argv[1]);
  if (!dtd) {
    fprintf(stderr, "check_dtd: cannot parse %s\n", argv[1]);
    return 1;
  }
  char msg[512];
  for (const schema_element *e = scenario_schema; e->name; e++) {
    xmlElementPtr d = xmlGetDtdElementDesc(dtd, (const xmlChar *)e->name);
    if (!d) {
      snprintf(msg, sizeof msg, "element <%s> of the loader is not in the DTD", e->name);
      mismatch(msg);
      continue;
    }
    int is_root = e == &scenario_schema[0];
    char model[256] = "";
    /* Deprecated by libxml2 2.14, with no replacement for a DTD's content model. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    if (d->content)
      xmlSnprintfElementContent(model, sizeof model, d->content, 1);
#pragma GCC diagnostic pop
    if (is_root ? strcmp(model, "(host* , comm*)") != 0 : d->etype != XML_ELEMENT_TYPE_EMPTY) {
      snprintf(msg, sizeof msg, "content of <%s> in the DTD is '%s', the loader wants %s", e->name,
               model, is_root ? "(host* , comm*)" : "EMPTY");
      mismatch(msg);
    }
    for (const schema_attr *a = e->attrs; a->name; a++) {
      xmlAttributePtr ad = xmlGetDtdAttrDesc(dtd, (const xmlChar *)e->name, (const xmlChar *)a->name);
      if (!ad) {
        snprintf(msg, sizeof msg, "attribute %s of <%s> is not in the DTD", a->name, e->name);
        mismatch(msg);
      } else if ((ad->def == XML_ATTRIBUTE_REQUIRED) != a->required || ad->defaultValue) {
        snprintf(msg, sizeof msg, "attribute %s of <%s>: the DTD says %s, the loader %s", a->name,
                 e->name, ad->def == XML_ATTRIBUTE_REQUIRED ? "#REQUIRED" : "not required",
                 a->required ? "required" : "#IMPLIED");
        mismatch(msg);
      }
    }
  }
  for (xmlNodePtr n = dtd->children; n; n = n->next) {
    if (n->type == XML_ELEMENT_DECL && !schema_find((const char *)n->name)) {
      snprintf(msg, sizeof msg, "element <%s> of the DTD is unknown to the loader", (const char *)n->name);
      mismatch(msg);
    } else if (n->type == XML_ATTRIBUTE_DECL) {
      xmlAttributePtr ad = (xmlAttributePtr)n;
      const schema_element *e = schema_find((const char *)ad->elem);
      if (!e || schema_attr_index(e, (const char *)ad->name) < 0) {
        snprintf(msg, sizeof msg, "attribute %s of <%s> in the DTD is unknown to the loader",
                 (const char *)ad->name, (const char *)ad->elem);
        mismatch(msg);
      }
    } else if (n->type == XML_ENTITY_DECL) {
      mismatch("the DTD declares an entity; the loader accepts none");
    }
  }
  xmlFreeDtd(dtd);
  xmlCleanupParser();
  if (failures == 0)
    printf("check_dtd: %s matches the loader's schema\n", argv[1]);
  return failures != 0;
}
