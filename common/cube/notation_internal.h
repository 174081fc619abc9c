/* Shared between the move reader (notation.c) and the alg expander (alg.c). */
#ifndef GODTAB_NOTATION_INTERNAL_H
#define GODTAB_NOTATION_INTERNAL_H

#include "gt_error.h"
#include "notation.h"

/* Reads one move at *p (not whitespace) into t and advances; its amount
 * ("R2", "R3'", "R4") is t->quarters mod 4, 0 for none. GT_OK or
 * GT_ERR_PARSE naming the token. */
int gt_notation_read_move(int n, const char *text, const char **p, unsigned allow, gt_turn *t,
                          gt_parse_error *err);

#endif
