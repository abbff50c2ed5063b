/* Named presets: a pattern and a few KEY=VALUE settings, as data.
 *
 * Keys and values are those of the command line (tsr_settings_parse), so a
 * preset reads like a CLI call and is checked against the core's table by
 * the same parser.  Applying a preset starts from the pattern's defaults,
 * so it looks the same whatever was set before; only the seed and the
 * tiling (which belong to the user's image) are kept. */
#ifndef TSR_PRESETS_H
#define TSR_PRESETS_H

#include <glib.h>

#include "texture/texture.h"

G_BEGIN_DECLS

typedef struct
{
  const char        *name;      /* stable id: "white-marble" */
  const char        *label;     /* translatable (N_): "White marble" */
  const char        *pattern;   /* a tsr_patterns[] name */
  const char *const *values;    /* "key=value" strings, NULL-terminated */
} TsrPreset;

extern const TsrPreset tsr_presets[];
extern const guint     tsr_n_presets;

const TsrPreset *tsr_preset_lookup (const char *name);   /* NULL if unknown */

/* The parameters a preset leaves as they were: seed and tiling. */
gboolean tsr_preset_keeps (TsrParamId id);

/* Replaces *s by the preset (keeping what tsr_preset_keeps says from *s).
 * On error (a bad table entry) *s is left unchanged. */
gboolean tsr_preset_apply (const TsrPreset *preset, TsrSettings *s, GError **error);

/* The preset under a caller's own values, for a front-end that cannot
 * tell which values were given: a PDB call hands the plug-in every
 * argument, those left out at their defaults.  *s becomes the preset (as
 * tsr_preset_apply makes it from `given`: seed and tiling kept), then
 * every parameter whose value in `given` is not its table default
 * (tsr_params[].def; a colour within half an 8-bit level of it counts as
 * the default) takes that value, as a KEY=VALUE word after `tessera
 * render --preset` would.  So a value equal to the default cannot override
 * the preset.  given's pattern is not read: the preset's is used.  On
 * error *s is left unchanged. */
gboolean tsr_preset_apply_under (const TsrPreset *preset, const TsrSettings *given,
                                 TsrSettings *s, GError **error);

G_END_DECLS

#endif
