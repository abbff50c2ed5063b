/* Palettes follow the pattern: choosing another pattern (the pattern
 * alone) sets the palette to the one last picked while on that pattern (a
 * preset's counts as picked for its pattern), else to "auto", the
 * pattern's own.
 * A preset's white-marble palette no longer colours the bricks chosen
 * after it. */
#ifndef TSR_PALETTE_FOLLOW_H
#define TSR_PALETTE_FOLLOW_H

#include <libgimp/gimp.h>

G_BEGIN_DECLS

typedef struct _TsrPaletteFollow TsrPaletteFollow;

TsrPaletteFollow *tsr_palette_follow_new  (GimpProcedureConfig *config);
void              tsr_palette_follow_free (TsrPaletteFollow *follow);

G_END_DECLS

#endif
