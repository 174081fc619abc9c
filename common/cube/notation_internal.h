/* Shared between the move reader (notation.c) and the alg expander (alg.c). */
#ifndef GODTAB_NOTATION_INTERNAL_H
#define GODTAB_NOTATION_INTERNAL_H

#include "gt_error.h"
#include "notation.h"

/* Fills err for the token of `length` bytes at start (in text); returns GT_ERR_PARSE. */
int gt_notation_fail(gt_parse_error *err, const char *text, const char *start, int length, const char *why);

/* Reads one move at *p (not whitespace) into t and advances; its amount
 * ("R2", "R3'", "R4") is t->quarters mod 4, 0 for none. GT_OK or
 * GT_ERR_PARSE naming the token. */
int gt_notation_read_move(int n, const char *text, const char **p, unsigned allow, gt_turn *t,
                          gt_parse_error *err);

/* Reads an amount at p: digits (1 if none) then an optional prime, which
 * negates it. *why is NULL or the reason it is refused (a leading zero, past
 * 100,000). Returns the end. */
const char *gt_notation_read_amount(const char *p, long *amount, const char **why);

#endif
