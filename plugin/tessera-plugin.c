/* Tessera Textures: the GIMP 3 plug-in.  Registration and the run: read the
 * arguments, check every target, render into shadow buffers, then merge
 * them all in one undo step.  The pixels come from the core, exactly as the
 * CLI renders them. */
#include "config.h"

#include <libgimp/gimp.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "extra-layers.h"
#include "gegl-modules.h"
#include "material-export.h"
#include "preset-argument.h"
#include "gradient-ramp.h"
#include "procedure-args.h"
#include "render-drawable.h"
#include "seamless-procedure.h"
#include "settings-from-config.h"
#include "targets.h"
#include "tile-set-targets.h"
#include "tessera-dialog.h"

#define PLUG_IN_PROC "plug-in-tessera"

#define TESSERA_TYPE_PLUG_IN (tessera_plug_in_get_type ())
G_DECLARE_FINAL_TYPE (TesseraPlugIn, tessera_plug_in, TESSERA, PLUG_IN, GimpPlugIn)

struct _TesseraPlugIn
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (TesseraPlugIn, tessera_plug_in, GIMP_TYPE_PLUG_IN)

/* GIMP_MAIN's main, with GEGL's modules deferred before libgimp's threads
 * start. */
int
main (int argc, char **argv)
{
  tsr_gegl_modules_defer ();
  return gimp_main (TESSERA_TYPE_PLUG_IN, argc, argv);
}

static GimpValueArray *
fail (GimpProcedure *procedure, GimpPDBStatusType status, GError *error)
{
  if (status == GIMP_PDB_CANCEL)
    g_clear_error (&error);
  return gimp_procedure_new_return_values (procedure, status, error);
}

/* The i-th target of a call: the targets, then the extra layers'. */
static const TsrTarget *
nth_target (GArray *targets, GArray *extras, guint i)
{
  return i < targets->len ? &g_array_index (targets, TsrTarget, i)
                          : &g_array_index (extras, TsrExtra, i - targets->len).target;
}

/* GIMP 3.2's text, vector and link layers keep what they were made from.
 * A texture written into one turns it into pixels first, as GIMP's own
 * filters do to text and vector layers: otherwise the next edit of the
 * text, or a reload of a link layer's file, would silently drop the
 * texture.  Inside the caller's undo group, so Undo brings the text back. */
static void
rasterize_if_needed (GimpDrawable *drawable)
{
#if GIMP_CHECK_VERSION (3, 2, 0)
  if (GIMP_IS_RASTERIZABLE (drawable)
      && !gimp_rasterizable_is_rasterized (GIMP_RASTERIZABLE (drawable)))
    gimp_rasterizable_rasterize (GIMP_RASTERIZABLE (drawable));
#else
  (void) drawable;
#endif
}

/* Whether a target's own map can come from its material set's pass:
 * the same settings but the map and the normal format. */
static gboolean
shares_pass (const TsrTarget *t, const TsrTexture *set)
{
  const TsrSettings *own = tsr_texture_get_settings (t->texture);
  const TsrMap map = (TsrMap) own->value[TSR_P_MAP];

  return map != TSR_MAP_SHADED
         && (map != TSR_MAP_NORMAL || own->value[TSR_P_NORMAL_FORMAT]
                                        == tsr_texture_get_settings (set)->value[TSR_P_NORMAL_FORMAT]);
}

/* The whole of a target's drawable, the texture's canvas: what an
 * exported file (material-export.c) holds. */
static GeglRectangle
target_canvas (const TsrTarget *t)
{
  return (GeglRectangle) { 0, 0, gimp_drawable_get_width (t->drawable),
                           gimp_drawable_get_height (t->drawable) };
}

/* Target i and its material set (its material layers, the files of the
 * export) in one pass over the pixels; the target alone when it has no
 * set or shows what the set does not. */
static gboolean
render_target_and_set (GArray *targets, GArray *extras, GArray *exports, guint i,
                       TsrProgress *progress, GError **error)
{
  const TsrTarget *t = &g_array_index (targets, TsrTarget, i);
  const GeglRectangle canvas = target_canvas (t);
  /* the files hold the whole texture whatever the selection: with a part
   * selected, a pass of their own */
  const gboolean whole = gegl_rectangle_equal (&canvas, &t->area);
  GArray *sinks = g_array_new (FALSE, FALSE, sizeof (TsrMapSink));
  GArray *files = g_array_new (FALSE, FALSE, sizeof (TsrMapSink));
  const TsrTexture *set = NULL;
  gboolean ok = TRUE;

  for (guint k = 0; k < extras->len; k++)
    {
      const TsrExtra *e = &g_array_index (extras, TsrExtra, k);
      const TsrMapSink sink = { e->target.drawable, (TsrMap) e->map };

      if (e->owner != i || e->map < 0)
        continue;
      set = e->target.texture;
      g_array_append_val (sinks, sink);
    }
  for (guint k = 0; exports != NULL && k < exports->len; k++)
    {
      const TsrExportFile *f = &g_array_index (exports, TsrExportFile, k);
      const TsrMapSink sink = { GIMP_DRAWABLE (f->layer), f->map };

      if (f->owner == i)
        g_array_append_val (whole ? sinks : files, sink);
    }
  if (set != NULL && shares_pass (t, set))
    {
      const TsrMapSink sink = {
        t->drawable, (TsrMap) tsr_texture_get_settings (t->texture)->value[TSR_P_MAP]
      };

      g_array_append_val (sinks, sink);
    }
  else
    ok = tsr_render_to_shadow (t, progress, error);
  if (ok && set != NULL)
    ok = tsr_render_maps_to_shadows (set, &t->area, (const TsrMapSink *) sinks->data,
                                     sinks->len, progress, error);
  if (ok && set != NULL && files->len > 0)
    ok = tsr_render_maps_to_shadows (set, &canvas, (const TsrMapSink *) files->data,
                                     files->len, progress, error);
  g_array_unref (sinks);
  g_array_unref (files);
  return ok;
}

/* Render every target (the extra layers' and the exported files'
 * included) into its shadow, then put the extra layers in and merge every
 * shadow: a failure or a cancel before that leaves the image as it was. */
static GimpPDBStatusType
render_targets (GimpImage *image, GArray *targets, GArray *extras, GArray *exports,
                int frames, GError **error)
{
  TsrProgress progress = { 0, 0, 0 };
  const guint n = targets->len + extras->len;
  const TsrTarget *t;
  gboolean ok = TRUE;

  for (guint i = 0; i < n; i++)
    {
      t = nth_target (targets, extras, i);
      progress.total += (double) t->area.width * t->area.height;
    }
  for (guint k = 0; exports != NULL && k < exports->len; k++)
    {
      const GeglRectangle canvas =
        target_canvas (&g_array_index (targets, TsrTarget,
                                       g_array_index (exports, TsrExportFile, k).owner));

      progress.total += (double) canvas.width * canvas.height;
    }

  t = &g_array_index (targets, TsrTarget, 0);
  gimp_progress_init_printf (_("Rendering %s"),
                             _(tsr_texture_get_pattern (t->texture)->label));

  for (guint i = 0; ok && i < targets->len; i++)
    ok = render_target_and_set (targets, extras, exports, i, &progress, error);
  for (guint k = 0; ok && k < extras->len; k++)
    if (g_array_index (extras, TsrExtra, k).map < 0)
      ok = tsr_render_to_shadow (&g_array_index (extras, TsrExtra, k).target, &progress, error);
  if (!ok)
    {
      for (guint i = 0; i < n; i++)
        gimp_drawable_free_shadow (nth_target (targets, extras, i)->drawable);
      for (guint k = 0; exports != NULL && k < exports->len; k++)
        gimp_drawable_free_shadow (GIMP_DRAWABLE (g_array_index (exports, TsrExportFile,
                                                                 k).layer));
      gimp_progress_end ();
      return g_error_matches (*error, TSR_ERROR, TSR_ERROR_CANCELLED)
             ? GIMP_PDB_CANCEL : GIMP_PDB_EXECUTION_ERROR;
    }

  /* GIMP blends the shadow through the selection (feathering included)
   * when it merges; one group makes every drawable, and every added layer,
   * one undo step. */
  gimp_image_undo_group_start (image);
  tsr_extra_targets_insert (image, targets, extras, frames);
  for (guint i = 0; i < n; i++)
    {
      t = nth_target (targets, extras, i);
      /* an atlas' places, in a row, share their layer's shadow: one merge */
      if (i == 0 || nth_target (targets, extras, i - 1)->drawable != t->drawable)
        {
          rasterize_if_needed (t->drawable);
          gimp_drawable_merge_shadow (t->drawable, TRUE);
        }
      gimp_drawable_update (t->drawable, t->area.x, t->area.y,
                            t->area.width, t->area.height);
      if (t->name != NULL)
        gimp_item_set_name (GIMP_ITEM (t->drawable), t->name);
    }
  gimp_image_undo_group_end (image);
  gimp_progress_end ();
  return GIMP_PDB_SUCCESS;
}

/* Everything after the dialog: read the arguments, check every target,
 * render, merge.  A GIMP_PDB_CALLING_ERROR comes before anything was
 * touched. */
static GimpPDBStatusType
render_with_config (GimpImage *image, GimpDrawable **drawables, GimpProcedureConfig *config,
                    GError **error)
{
  TsrSettings       settings;
  TsrRamp           ramp;
  gboolean          use_ramp = FALSE;
  GArray           *targets;
  GimpPDBStatusType status;
  char             *gradient;
  GArray           *extras;
  gint              frames = 1;
  gboolean          material = FALSE;
  char             *naming = NULL, *folder = NULL, **names = NULL;
  GArray           *exports = NULL;
  const TsrMaterialPreset *preset;
  gboolean          inserted;

  if (!tsr_settings_from_config (config, &settings, error))
    return GIMP_PDB_CALLING_ERROR;

  gradient = tsr_gradient_from_config (config);
  if (gradient[0] != '\0')
    {
      use_ramp = tsr_ramp_from_gradient (gradient, &ramp, error);
      if (!use_ramp)
        {
          g_free (gradient);
          return GIMP_PDB_CALLING_ERROR;
        }
    }
  g_free (gradient);

  targets = tsr_targets_new (drawables, &settings, use_ramp ? &ramp : NULL,
                             &status, error);
  if (targets == NULL)
    return status;

  g_object_get (config, TSR_ARG_FRAMES, &frames, TSR_ARG_MATERIAL, &material,
                TSR_ARG_MATERIAL_NAMING, &naming, TSR_ARG_MATERIAL_FOLDER, &folder, NULL);
  preset = material ? tsr_material_preset_lookup (naming) : NULL;
  g_free (naming);
  if (folder != NULL && folder[0] != '\0')
    {
      /* the targets' names before frames rename them */
      names = g_new0 (char *, targets->len + 1);
      for (guint i = 0; i < targets->len; i++)
        names[i] = gimp_item_get_name (GIMP_ITEM (g_array_index (targets, TsrTarget, i).drawable));
      if (preset == NULL)
        g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                     _("material-folder: the set is exported with material-layers only"));
      else
        tsr_material_folder_check (folder, error);
    }
  extras = *error == NULL ? tsr_extra_targets_new (targets, &settings, use_ramp ? &ramp : NULL,
                                                   frames, preset, error)
                          : NULL;
  if (extras != NULL
      && !tsr_tile_set_targets (config, targets, extras, &settings, use_ramp ? &ramp : NULL,
                                error))
    {
      tsr_extra_targets_free (extras, FALSE);
      extras = NULL;
    }
  if (extras == NULL)
    {
      g_strfreev (names);
      g_free (folder);
      tsr_targets_free (targets);
      return GIMP_PDB_CALLING_ERROR;
    }

  if (names != NULL)
    exports = tsr_material_exports_new (targets, names, preset, &settings,
                                        use_ramp ? &ramp : NULL, folder);
  status = render_targets (image, targets, extras, exports, frames, error);
  inserted = status == GIMP_PDB_SUCCESS;
  if (inserted && exports != NULL && !tsr_material_exports_save (exports, error))
    status = GIMP_PDB_EXECUTION_ERROR;
  tsr_material_exports_free (exports);
  tsr_extra_targets_free (extras, inserted);
  g_strfreev (names);
  g_free (folder);
  tsr_targets_free (targets);
  return status;
}

static GimpValueArray *
tessera_run (GimpProcedure        *procedure,
             GimpRunMode           run_mode,
             GimpImage            *image,
             GimpDrawable        **drawables,
             GimpProcedureConfig  *config,
             gpointer              run_data G_GNUC_UNUSED)
{
  GimpPDBStatusType status;
  GError           *error = NULL;
  char             *refusal = NULL;

  tsr_gegl_start (run_mode);
  /* before the dialog, which then shows the preset's values */
  if (!tsr_config_apply_preset (config, &error))
    status = GIMP_PDB_CALLING_ERROR;
  else if (run_mode != GIMP_RUN_INTERACTIVE)
    status = render_with_config (image, drawables, config, &error);
  else
    /* Settings refused when OK ran (the dialog refuses what it can see
     * itself) bring the dialog back with the reason and every value as
     * it was, rather than end the call and lose them. */
    for (;;)
      {
        if (!tessera_dialog_run (procedure, config, drawables ? drawables[0] : NULL, refusal))
          {
            g_free (refusal);
            return fail (procedure, GIMP_PDB_CANCEL, NULL);
          }
        g_clear_pointer (&refusal, g_free);
        status = render_with_config (image, drawables, config, &error);
        if (status != GIMP_PDB_CALLING_ERROR || error == NULL)
          break;
        refusal = g_strdup (error->message);
        g_clear_error (&error);
      }
  if (status != GIMP_PDB_SUCCESS)
    return fail (procedure, status, error);

  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS, NULL);
}

static GList *
tessera_query_procedures (GimpPlugIn *plug_in G_GNUC_UNUSED)
{
  return g_list_append (g_list_append (NULL, g_strdup (PLUG_IN_PROC)),
                        g_strdup (TSR_SEAMLESS_PROC));
}

static GimpProcedure *
tessera_create_procedure (GimpPlugIn *plug_in, const gchar *name)
{
  GimpProcedure *procedure;

  /* The colour arguments' defaults are GeglColors: babl must be ready
   * (GEGL itself is started by the run, which knows what it needs). */
  babl_init ();
  if (g_strcmp0 (name, TSR_SEAMLESS_PROC) == 0)
    return tsr_seamless_procedure_new (plug_in);
  if (g_strcmp0 (name, PLUG_IN_PROC) != 0)
    return NULL;

  procedure = gimp_image_procedure_new (plug_in, name, GIMP_PDB_PROC_TYPE_PLUGIN,
                                        tessera_run, NULL, NULL);
  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE |
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLES);
  gimp_procedure_set_menu_label (procedure, _("Tessera: Render into _Layer…"));
  gimp_procedure_add_menu_path (procedure, "<Image>/Filters/Render/");
  gimp_procedure_set_documentation (procedure,
                                    _("Render procedural, seamlessly tiling textures"),
                                    _("Renders noise, clouds, turbulence, ridged fractals, "
                                      "cells, marble, wood or water into the selected layers, "
                                      "inside the selection.  The texture's canvas is each "
                                      "layer's own size, so with tiling on the layer "
                                      "repeats seamlessly."),
                                    name);
  gimp_procedure_set_attribution (procedure, "The Tessera authors",
                                  "The Tessera authors", "2026");
  tsr_procedure_add_arguments (procedure);
  return procedure;
}

/* Catalogues live in the plug-in's own folder: plug-ins/tessera/locale.
 * Without that folder (no translation installed) the strings stay English
 * and GIMP is spared a warning at every start. */
static gboolean
tessera_set_i18n (GimpPlugIn  *plug_in G_GNUC_UNUSED,
                  const gchar *procedure_name G_GNUC_UNUSED,
                  gchar      **gettext_domain,
                  gchar      **catalog_dir)
{
  char    *folder = g_path_get_dirname (gimp_get_progname ());
  char    *locale = g_build_filename (folder, "locale", NULL);
  gboolean found = g_file_test (locale, G_FILE_TEST_IS_DIR);

  g_free (folder);
  g_free (locale);
  if (!found)
    return FALSE;
  *gettext_domain = g_strdup (GETTEXT_PACKAGE);
  *catalog_dir = g_strdup ("locale");
  return TRUE;
}

static void
tessera_plug_in_class_init (TesseraPlugInClass *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = tessera_query_procedures;
  plug_in_class->create_procedure = tessera_create_procedure;
  plug_in_class->set_i18n = tessera_set_i18n;
}

static void
tessera_plug_in_init (TesseraPlugIn *plug_in G_GNUC_UNUSED)
{
}
