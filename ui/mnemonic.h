/* Mnemonics for the few widgets the dialog adds by hand, chosen among the
 * letters no other widget of the dialog uses, so Alt+letter never has to
 * cycle between two widgets. */
#ifndef TSR_MNEMONIC_H
#define TSR_MNEMONIC_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gboolean used[26];   /* a .. z */
} TsrMnemonics;

/* Marks the letter of keyval (any case) as used; other keys are ignored. */
void  tsr_mnemonics_use   (TsrMnemonics *m, guint keyval);

/* label (plain text) with an underscore before its first letter not used
 * yet, which becomes used; no mnemonic when every letter is taken.
 * Underscores of label are doubled, so they show as they are. */
char *tsr_mnemonics_label (TsrMnemonics *m, const char *label);

/* label without its mnemonic: "_x" -> "x", "__" -> "_". */
char *tsr_mnemonics_strip (const char *label);

G_END_DECLS

#endif
