/* Mnemonics (Alt+letter access keys) chosen among the letters no other
 * widget of the dialog uses, so Alt+letter never has to cycle between two
 * widgets.  Labels are translated, so letters are Unicode: Latin, Greek and
 * Cyrillic letters can be typed on their keyboards; a label with none free
 * (e.g. Chinese or Korean) gets GIMP's " (_X)" suffix with a free Latin
 * letter. */
#ifndef TSR_MNEMONIC_H
#define TSR_MNEMONIC_H

#include <glib.h>

G_BEGIN_DECLS

#define TSR_MNEMONICS_MAX 128

typedef struct
{
  gunichar used[TSR_MNEMONICS_MAX];   /* lower case */
  guint    n_used;
} TsrMnemonics;

/* The letters GimpProcedureDialog's own buttons hold (OK, Cancel, Reset,
 * Help, Load and Save Settings): no argument's label takes them. */
#define TSR_MNEMONICS_BUTTONS "ochrls"
/* The letter of the dialog's "_Preview" toggle, which the widgets it adds
 * beside the arguments leave free too. */
#define TSR_MNEMONIC_PREVIEW  "p"

/* Marks the letter c (any case) as used; anything but a letter is ignored. */
void  tsr_mnemonics_use    (TsrMnemonics *m, gunichar c);

/* Marks each ASCII letter of letters as used. */
void  tsr_mnemonics_use_all (TsrMnemonics *m, const char *letters);

/* label (plain text) with an underscore before its first letter not used
 * yet, which becomes used (or " (_X)" appended, see above); no mnemonic when
 * nothing is free.  Underscores of label are doubled, so they show as they
 * are. */
char *tsr_mnemonics_label  (TsrMnemonics *m, const char *label);

/* label that may already carry a mnemonic ("_x"): that one is kept and
 * marked used; otherwise one is placed as tsr_mnemonics_label does. */
char *tsr_mnemonics_assign (TsrMnemonics *m, const char *label);

/* label without its mnemonic: "_x" -> "x", "__" -> "_". */
char *tsr_mnemonics_strip  (const char *label);

G_END_DECLS

#endif
