/* Palettes follow the pattern: see palette-follow.h.
 *
 * Only a change of the pattern alone is the user choosing another
 * pattern: a preset, Reset or Load Settings changes the pattern with many
 * other values in one batch of notifications, and what the batch set (its
 * palette included) stays.  So the changes are collected and judged once
 * the batch is over, in an idle. */
#include "config.h"

#include "tessera.h"
#include "palette-follow.h"
#include "procedure-args.h"

#define NO_PICK (-1)

struct _TsrPaletteFollow
{
  GimpProcedureConfig *config;
  int                 *picked;      /* per pattern: palette, or NO_PICK */
  GHashTable          *changed;     /* property names since the last idle */
  guint                idle;
};

static int
choice (GimpProcedureConfig *config, const char *name)
{
  return gimp_procedure_config_get_choice_id (config, name);
}

static gboolean
judge (gpointer data)
{
  TsrPaletteFollow *f = data;
  const char       *palette_name = tsr_params[TSR_P_PALETTE].name;
  const int         pattern = choice (f->config, TSR_ARG_PATTERN);
  const int         palette = choice (f->config, palette_name);
  const gboolean    pattern_alone = g_hash_table_size (f->changed) == 1
                                    && g_hash_table_contains (f->changed, TSR_ARG_PATTERN);

  f->idle = 0;
  g_hash_table_remove_all (f->changed);
  if (pattern < 0 || (guint) pattern >= tsr_n_patterns)
    return G_SOURCE_REMOVE;
  if (pattern_alone)
    {
      const int want = f->picked[pattern] != NO_PICK ? f->picked[pattern] : TSR_PALETTE_AUTO;

      if (want != palette)
        g_object_set (f->config, palette_name, tsr_palette_choices[want].name, NULL);
    }
  else
    f->picked[pattern] = palette;   /* chosen, or brought by a batch, for this pattern */
  return G_SOURCE_REMOVE;
}

static void
on_notify (TsrPaletteFollow *f, GParamSpec *pspec)
{
  g_hash_table_add (f->changed, (gpointer) g_param_spec_get_name (pspec));
  if (f->idle == 0)
    f->idle = g_idle_add (judge, f);
}

TsrPaletteFollow *
tsr_palette_follow_new (GimpProcedureConfig *config)
{
  TsrPaletteFollow *f = g_new0 (TsrPaletteFollow, 1);
  const int         pattern = choice (config, TSR_ARG_PATTERN);

  f->config = g_object_ref (config);
  f->changed = g_hash_table_new (g_str_hash, g_str_equal);
  f->picked = g_new (int, tsr_n_patterns);
  for (guint i = 0; i < tsr_n_patterns; i++)
    f->picked[i] = NO_PICK;
  /* what the dialog opens with is the user's own choice for its pattern */
  if (pattern >= 0 && (guint) pattern < tsr_n_patterns)
    f->picked[pattern] = choice (config, tsr_params[TSR_P_PALETTE].name);
  g_signal_connect_swapped (config, "notify", G_CALLBACK (on_notify), f);
  return f;
}

void
tsr_palette_follow_free (TsrPaletteFollow *f)
{
  if (f == NULL)
    return;
  g_signal_handlers_disconnect_by_data (f->config, f);
  if (f->idle != 0)
    g_source_remove (f->idle);
  g_hash_table_unref (f->changed);
  g_object_unref (f->config);
  g_free (f->picked);
  g_free (f);
}
