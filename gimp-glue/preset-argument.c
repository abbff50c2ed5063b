/* The `preset` argument: see preset-argument.h. */
#include "config.h"

#include "tessera.h"
#include "config-writer.h"
#include "preset-argument.h"
#include "presets.h"
#include "procedure-args.h"
#include "settings-from-config.h"

/* "white-marble, calacatta-marble, …": the names a batch may give. */
static char *
preset_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < tsr_n_presets; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", tsr_presets[i].name);
  return g_string_free (names, FALSE);
}

/* The procedure's default pattern (procedure-args.c) counts as not given;
 * any other must be the preset's. */
static gboolean
pattern_fits (GimpProcedureConfig *config, const TsrPreset *preset, GError **error)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config),
                                                    TSR_ARG_PATTERN);
  const char *fallback = gimp_param_spec_choice_get_default (pspec);
  char       *pattern = NULL;
  gboolean    fits;

  g_object_get (config, TSR_ARG_PATTERN, &pattern, NULL);
  fits = g_strcmp0 (pattern, fallback) == 0 || g_strcmp0 (pattern, preset->pattern) == 0;
  if (!fits)
    g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                 "preset: '%s' renders the pattern '%s', not '%s' (leave pattern out "
                 "with a preset)", preset->name, preset->pattern, pattern);
  g_free (pattern);
  return fits;
}

gboolean
tsr_config_apply_preset (GimpProcedureConfig *config, GError **error)
{
  char            *name = NULL, *gradient;
  const TsrPreset *preset;
  TsrSettings      given, s;
  gboolean         ok;

  g_object_get (config, TSR_ARG_PRESET, &name, NULL);
  if (name == NULL || name[0] == '\0')
    {
      g_free (name);
      return TRUE;
    }
  preset = tsr_preset_lookup (name);
  if (preset == NULL)
    {
      char *names = preset_names ();

      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "preset: unknown preset '%s' (the presets: %s)", name, names);
      g_free (names);
      g_free (name);
      return FALSE;
    }
  g_free (name);
  ok = pattern_fits (config, preset, error)
       && tsr_settings_read_config (config, &given, error)
       && tsr_preset_apply_under (preset, &given, &s, error);
  if (!ok)
    return FALSE;
  gradient = tsr_gradient_from_config (config);
  tsr_config_write_settings (config, &s, gradient);
  g_free (gradient);
  g_object_set (config, TSR_ARG_PRESET, "", NULL);
  return TRUE;
}
