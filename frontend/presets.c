/* The presets: see presets.h.  Adding one is adding an entry here; the
 * tests check that it parses, validates and only sets parameters its
 * pattern reads. */
#include <math.h>
#include <string.h>

#include "params/i18n.h"
#include "presets.h"

#define VALUES(...) (const char *const[]) { __VA_ARGS__, NULL }

const TsrPreset tsr_presets[] = {
  { "white-marble", N_("White marble"), "marble",
    VALUES ("palette=carrara", "scale=192", "octaves=7", "veins=8",
            "vein-sharpness=4", "turbulence=0.5") },
  { "calacatta-marble", N_("Calacatta marble"), "marble",
    VALUES ("palette=calacatta", "veins=2.5", "vein-sharpness=1", "turbulence=0.8",
            "color-variation=0.35") },
  { "black-marble", N_("Black marble"), "marble",
    VALUES ("palette=nero-marquina", "veins=6", "vein-sharpness=2", "turbulence=0.5") },
  { "pink-marble", N_("Pink marble"), "marble",
    VALUES ("palette=rosa-portogallo", "veins=1.3", "vein-sharpness=4", "turbulence=0.45",
            "color-variation=0.15") },
  { "oak", N_("Oak"), "wood",
    VALUES ("palette=oak", "cut=plank", "scale=160", "rings=28", "ring-noise=0.8",
            "grain=0.45", "knots=1") },
  { "burl-walnut", N_("Burl walnut"), "wood",
    VALUES ("palette=walnut", "cut=burl", "rings=30", "ring-noise=0.7") },
  /* orange, its eyes crowded in clusters with pale flashes between (GIMP's
   * "Burlwood" photograph) */
  { "amboyna-burl", N_("Amboyna burl"), "wood",
    VALUES ("palette=amboyna", "cut=burl", "rings=30", "ring-noise=0.5", "grain=0.3",
            "eye-clusters=1", "color-variation=0.2") },
  { "clouds", N_("Clouds"), "clouds",
    VALUES ("palette=colors", "color1=#8c96a4", "color2=#ffffff", "scale=160",
            "octaves=8", "persistence=0.55") },
  { "sky", N_("Sky"), "clouds",
    VALUES ("palette=sky", "scale=256", "octaves=8", "persistence=0.5", "coverage=0.5") },
  { "fire", N_("Fire"), "ridged",
    VALUES ("palette=fire", "octaves=6", "distortion=0.5", "stretch=0.3", "rise=1") },
  /* Built-up surfaces, for tiles of about 512 pixels (counts are per tile,
   * gaps in pixels). */
  { "red-brick-wall", N_("Red brick wall"), "bricks",
    VALUES ("layout=running", "columns=4", "rows=12", "gap=4", "bevel=2.5", "wear=0.5",
            "roundness=0.15", "piece-tone=0.3", "grit=0.6", "irregularity=0.7", "dome=0.15",
            "face-relief=0.12", "mortar-color=#e4dedc", "palette=old-brick",
            "color-variation=0.45", "scale=40", "tilt=0.5") },
  { "white-subway-tiles", N_("White subway tiles"), "bricks",
    VALUES ("layout=running", "columns=4", "rows=8", "gap=2", "bevel=4", "roundness=0.3",
            "wear=0", "grit=0.05", "piece-tone=0.08", "tilt=0.3", "palette=colors",
            "color1=#c8c8c2", "color2=#ffffff", "mortar-color=#d8d6d0") },
  { "herringbone-parquet", N_("Herringbone oak parquet"), "bricks",
    VALUES ("layout=herringbone", "piece-ratio=4", "columns=16", "rows=16", "face=wood",
            "gap=1", "bevel=1.5", "wear=0.1", "tilt=0.05", "mortar-color=#3b2a1c") },
  { "oak-plank-floor", N_("Oak plank floor"), "bricks",
    VALUES ("layout=running", "columns=1", "rows=8", "offset=0", "row-shift=1", "face=wood",
            "gap=1.5", "bevel=2", "wear=0.1", "tilt=0.05", "mortar-color=#2e2218") },
  { "hexagon-tiles", N_("Hexagon tiles"), "bricks",
    VALUES ("layout=hexagon", "columns=7", "rows=8", "gap=3", "bevel=3", "wear=0.1", "grit=0.1",
            "piece-tone=0.5", "palette=colors", "color1=#5d6a70", "color2=#e9e4da",
            "mortar-color=#8a8680") },
  { "cobblestones", N_("Cobblestones"), "stones",
    VALUES ("columns=8", "rows=8", "gap=4", "bevel=12", "wear=0.3", "grit=0.5",
            "piece-tone=0.5", "tilt=0.3", "irregularity=0.6", "dome=0.4",
            "mortar-color=#6f6a60") },
  /* dried mud: plates of many sizes between hairline cracks */
  { "cracked-earth", N_("Cracked earth"), "cracks",
    VALUES ("scale=48", "palette=colors", "color1=#7c2a08", "color2=#fadcb6") },
  { "carrara-floor-tiles", N_("Carrara floor tiles"), "bricks",
    VALUES ("layout=stack", "columns=3", "rows=3", "face=marble", "gap=2", "bevel=2",
            "roundness=0.05", "wear=0", "tilt=0.05", "piece-tone=0.1",
            "mortar-color=#d9d6cf") },
};

const guint tsr_n_presets = G_N_ELEMENTS (tsr_presets);

const TsrPreset *
tsr_preset_lookup (const char *name)
{
  for (guint i = 0; i < tsr_n_presets; i++)
    if (g_strcmp0 (tsr_presets[i].name, name) == 0)
      return &tsr_presets[i];
  return NULL;
}

gboolean
tsr_preset_keeps (TsrParamId id)
{
  return id == TSR_P_SEED || id == TSR_P_TILEABLE
         || id == TSR_P_PERIOD_W || id == TSR_P_PERIOD_H;
}

gboolean
tsr_preset_apply (const TsrPreset *preset, TsrSettings *s, GError **error)
{
  TsrSettings next;

  if (!tsr_settings_init (&next, preset->pattern, error))
    return FALSE;
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_preset_keeps ((TsrParamId) i))
      next.value[i] = s->value[i];

  for (guint i = 0; preset->values[i] != NULL; i++)
    {
      const char *kv = preset->values[i];
      const char *eq = strchr (kv, '=');
      char       *key;
      gboolean    ok;

      if (eq == NULL)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       "preset %s: '%s' is not KEY=VALUE", preset->name, kv);
          return FALSE;
        }
      key = g_strndup (kv, (gsize) (eq - kv));
      ok = tsr_settings_parse (&next, key, eq + 1, error);
      g_free (key);
      if (!ok)
        {
          g_prefix_error (error, "preset %s: ", preset->name);
          return FALSE;
        }
    }
  if (!tsr_settings_validate (&next, error))
    return FALSE;
  *s = next;
  return TRUE;
}

/* Whether given's value of parameter i is its table default. */
static gboolean
at_default (const TsrSettings *given, guint i)
{
  const TsrParamSpec *spec = &tsr_params[i];
  const TsrColor *c = &given->color[i], *d = &spec->def_color;
  const float half_level = 0.5f / 255.0f;

  if (spec->type != TSR_TYPE_COLOR)
    return given->value[i] == spec->def;
  return fabsf (c->r - d->r) <= half_level && fabsf (c->g - d->g) <= half_level
         && fabsf (c->b - d->b) <= half_level && fabsf (c->a - d->a) <= half_level;
}

gboolean
tsr_preset_apply_under (const TsrPreset *preset, const TsrSettings *given, TsrSettings *s,
                        GError **error)
{
  TsrSettings next = *given;

  if (!tsr_preset_apply (preset, &next, error))
    return FALSE;
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (!at_default (given, i))
      {
        next.value[i] = given->value[i];
        next.color[i] = given->color[i];
      }
  if (!tsr_settings_validate (&next, error))
    return FALSE;
  *s = next;
  return TRUE;
}
