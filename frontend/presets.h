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

G_END_DECLS

#endif
