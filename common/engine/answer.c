/* The answer a solver hook fills (spec.h): its fields in JSON order. */
#include "spec.h"

#include <stdio.h>
#include <string.h>

void gt_answer_clear(gt_answer *a)
{
    a->solution[0] = 0;
    a->message[0] = 0;
    a->distance = 0;
    a->flags = 0;
    a->n_fields = 0;
}

/* The next free field, keyed, or NULL when the list is full. */
static gt_answer_field *next_field(gt_answer *a, const char *key, int type)
{
    if (a->n_fields >= GT_ANSWER_FIELDS_MAX)
        return NULL;
    gt_answer_field *f = &a->fields[a->n_fields++];
    f->key = key;
    f->type = type;
    f->i = 0;
    f->r = 0;
    f->text[0] = 0;
    return f;
}

void gt_answer_put_int(gt_answer *a, const char *key, int64_t v)
{
    gt_answer_field *f = next_field(a, key, GT_FIELD_INT);
    if (f)
        f->i = v;
}

void gt_answer_put_real(gt_answer *a, const char *key, double v)
{
    gt_answer_field *f = next_field(a, key, GT_FIELD_REAL);
    if (f)
        f->r = v;
}

void gt_answer_put_text(gt_answer *a, const char *key, const char *v)
{
    gt_answer_field *f = next_field(a, key, GT_FIELD_TEXT);
    if (f)
        snprintf(f->text, sizeof f->text, "%s", v);
}

void gt_answer_put_bool(gt_answer *a, const char *key, int v)
{
    gt_answer_field *f = next_field(a, key, GT_FIELD_BOOL);
    if (f)
        f->i = v != 0;
}

void gt_answer_put_null(gt_answer *a, const char *key)
{
    next_field(a, key, GT_FIELD_NULL);
}

const gt_answer_field *gt_answer_get(const gt_answer *a, const char *key)
{
    for (int i = 0; i < a->n_fields; i++)
        if (!strcmp(a->fields[i].key, key))
            return &a->fields[i];
    return NULL;
}

int gt_answer_put_json(gt_answer *a, const char *key, const char *json)
{
    if (strlen(json) >= GT_ANSWER_TEXT_MAX)
        return GT_ERR_RANGE;
    gt_answer_field *f = next_field(a, key, GT_FIELD_JSON);
    if (f)
        memcpy(f->text, json, strlen(json) + 1);
    return GT_OK;
}
