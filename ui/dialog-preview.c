/* The dialog's preview: see dialog-preview.h.
 *
 * On the main thread: read the config into TsrSettings with the plug-in's
 * own reader (so the texture is the one OK renders: same settings, same
 * canvas = the drawable's size, same gradient ramp), describe the view as a
 * job and submit it; draw whichever result comes back for the newest job.
 * Coalescing: changes only mark the preview dirty; one idle submits. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "dialog-preview.h"
#include "gradient-ramp.h"
#include "preview-renderer.h"
#include "settings-from-config.h"
#include "tile-atlas.h"
#include "tile-set-options.h"

#define PREVIEW_ID     "tessera-preview"
#define PREVIEW_BOX_ID "tessera-preview-box"
#define PREVIEW_SIZE   300
#define COARSE_BLOCK   4

struct _TsrDialogPreview
{
  GimpProcedureConfig *config;
  GimpDrawable        *drawable;
  GtkWidget           *preview;       /* GimpDrawablePreview */
  GtkWidget           *tiled;         /* check button */
  GtkWidget           *limit_note;    /* shown when the scale is past the limit */
  TsrPreviewRenderer  *renderer;
  guint                idle;

  GimpImageType        type;          /* of the bytes drawn */
  int                  channels;
  TsrPixelConvert      convert;       /* NULL for RGB(A) */
  const Babl          *fish;          /* gray drawables */

  char                *ramp_name;     /* the gradient last sampled */
  gboolean             ramp_ok;
  TsrRamp              ramp;
};

/* Gray drawables: babl turns the core's colours into gray as it does for
 * OK, which hands babl the same sRGB float RGBA for the drawable's format. */
static void
convert_with_babl (const float *rgba, guchar *out, int n, gpointer data)
{
  babl_process ((const Babl *) data, rgba, out, n);
}

static void
set_format (TsrDialogPreview *p)
{
  const Babl *format = gimp_drawable_get_format (p->drawable);
  const char *gray = NULL;

  p->type = gimp_drawable_type (p->drawable);
  switch (p->type)
    {
    case GIMP_GRAY_IMAGE:
      p->channels = 1, gray = "Y' u8";
      break;
    case GIMP_GRAYA_IMAGE:
      p->channels = 2, gray = "Y'A u8";
      break;
    case GIMP_RGBA_IMAGE:
      p->channels = 4;
      break;
    case GIMP_RGB_IMAGE:
    default:
      p->type = GIMP_RGB_IMAGE;
      p->channels = 3;
      break;
    }
  if (gray != NULL)
    {
      p->fish = babl_fish (babl_format ("R'G'B'A float"),
                           babl_format_with_space (gray, format));
      p->convert = convert_with_babl;
    }
}

/* GimpDrawablePreview sizes its area from its "size" style property (at
 * most the layer's size): ask for a larger view than the default 200. */
static void
set_preview_size (GtkWidget *preview, int size)
{
  GtkCssProvider *css = gtk_css_provider_new ();
  char           *text = g_strdup_printf ("* { -GimpPreview-size: %d; }", size);

  gtk_css_provider_load_from_data (css, text, -1, NULL);
  gtk_style_context_add_provider (gtk_widget_get_style_context (preview),
                                  GTK_STYLE_PROVIDER (css),
                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (css);
  g_free (text);
}

static void
update_ramp (TsrDialogPreview *p, const char *gradient)
{
  if (g_strcmp0 (gradient, p->ramp_name) == 0)
    return;
  g_free (p->ramp_name);
  p->ramp_name = g_strdup (gradient);
  /* A gradient GIMP does not know makes OK fail with a message; the
   * preview shows the palette meanwhile. */
  p->ramp_ok = tsr_ramp_from_gradient (gradient, &p->ramp, NULL);
}

/* Said where the user is looking, as the CLI says it: a scale past half
 * the tile does not make features larger when tiling. */
static void
show_feature_limit (TsrDialogPreview *p, const TsrSettings *s, int width, int height)
{
  TsrTexture *tex = tsr_texture_new (s, width, height, NULL, NULL);
  double      w, h;

  if (tex != NULL && tsr_texture_feature_limit (tex, &w, &h))
    {
      char *text = g_strdup_printf (_("Scale is more than half the tile: when tiling, "
                                      "features are at most %g × %g pixels"), w, h);
      gtk_label_set_text (GTK_LABEL (p->limit_note), text);
      gtk_widget_show (p->limit_note);
      g_free (text);
    }
  else
    gtk_widget_hide (p->limit_note);
  tsr_texture_free (tex);
}

/* With corner tiles as layers the layer gets tile 0, all corners of
 * colour 0 (the first material with terrain): the preview shows it.
 * Variants' tile 0 is the plain texture; an atlas is shown as the plain
 * texture too. */
static void
set_tile (GimpProcedureConfig *config, TsrPreviewJob *job)
{
  const TsrParamSpec *a = tsr_tile_set_args;
  const char         *terrain =
    tsr_tile_terrain_palette (gimp_procedure_config_get_choice_id (config,
                                                                    a[TSR_SET_ARG_TERRAIN].name));

  if (gimp_procedure_config_get_choice_id (config, a[TSR_SET_ARG_KIND].name) != TSR_SET_CORNERS
      || gimp_procedure_config_get_choice_id (config, a[TSR_SET_ARG_LAYOUT].name)
         != TSR_SET_AS_LAYERS)
    return;
  job->tile = tsr_tile_corner (0);
  job->with_terrain = terrain != NULL
                      && tile_atlas_terrain_ramp (&job->settings, terrain, &job->terrain, NULL);
}

static gboolean
submit (gpointer data)
{
  TsrDialogPreview *p = data;
  TsrPreviewJob    *job;
  GError           *error = NULL;
  char             *gradient;

  p->idle = 0;
  if (!gimp_preview_get_update (GIMP_PREVIEW (p->preview)))
    return G_SOURCE_REMOVE;

  job = g_new0 (TsrPreviewJob, 1);
  if (!tsr_settings_from_config (p->config, &job->settings, &error))
    {
      /* Only a value the PDB let through would do this: show nothing new. */
      g_printerr ("tessera: preview: %s\n", error->message);
      g_error_free (error);
      g_free (job);
      return G_SOURCE_REMOVE;
    }
  gradient = tsr_gradient_from_config (p->config);
  if (gradient[0] != '\0')
    {
      update_ramp (p, gradient);
      job->use_ramp = p->ramp_ok;
      if (p->ramp_ok)
        job->ramp = p->ramp;
    }
  g_free (gradient);

  set_tile (p->config, job);
  job->canvas_w = gimp_drawable_get_width (p->drawable);
  job->canvas_h = gimp_drawable_get_height (p->drawable);
  show_feature_limit (p, &job->settings, job->canvas_w, job->canvas_h);
  gimp_preview_get_position (GIMP_PREVIEW (p->preview), &job->x, &job->y);
  gimp_preview_get_size (GIMP_PREVIEW (p->preview), &job->width, &job->height);
  job->tiled = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (p->tiled));
  job->channels = p->channels;
  job->convert = p->convert;
  job->convert_data = (gpointer) p->fish;
  memset (job->background, 0x50, sizeof job->background);
  if (p->channels == 2 || p->channels == 4)
    job->background[p->channels - 1] = 0xff;   /* opaque */
  job->coarse = COARSE_BLOCK;

  if (job->width > 0 && job->height > 0)
    tsr_preview_renderer_submit (p->renderer, job);
  g_free (job);
  return G_SOURCE_REMOVE;
}

static void
schedule (TsrDialogPreview *p)
{
  if (p->idle == 0)
    p->idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, submit, p, NULL);
}

static void
on_ready (const TsrPreviewResult *r, gpointer data)
{
  TsrDialogPreview *p = data;
  GimpPreview      *preview = GIMP_PREVIEW (p->preview);
  int               x, y, w, h;

  if (r->error != NULL)
    return;
  gimp_preview_get_position (preview, &x, &y);
  gimp_preview_get_size (preview, &w, &h);
  /* The view moved or was resized: its own render is on its way. */
  if (w != r->width || h != r->height
      || (!r->job->tiled && (x != r->job->x || y != r->job->y)))
    return;

  if (r->job->tiled)
    gimp_preview_area_draw (GIMP_PREVIEW_AREA (gimp_preview_get_area (preview)),
                            0, 0, r->width, r->height, p->type,
                            r->pixels, (gint) r->rowstride);
  else
    gimp_preview_draw_buffer (preview, r->pixels, (gint) r->rowstride);
}

TsrDialogPreview *
tsr_dialog_preview_new (GimpProcedureDialog *dialog,
                        GimpProcedureConfig *config,
                        GimpDrawable        *drawable,
                        TsrMnemonics        *mnemonics)
{
  TsrDialogPreview *p = g_new0 (TsrDialogPreview, 1);
  GtkWidget        *box;
  char             *label;

  p->config = g_object_ref (config);
  p->drawable = g_object_ref (drawable);
  set_format (p);

  p->preview = gimp_procedure_dialog_get_drawable_preview (dialog, PREVIEW_ID, drawable);
  set_preview_size (p->preview, PREVIEW_SIZE);
  box = gimp_procedure_dialog_fill_box (dialog, PREVIEW_BOX_ID, PREVIEW_ID, NULL);
  gtk_widget_set_valign (box, GTK_ALIGN_START);

  label = tsr_mnemonics_label (mnemonics, _("Show tiled 2×2"));
  p->tiled = gtk_check_button_new_with_mnemonic (label);
  g_free (label);
  gtk_widget_set_tooltip_text (p->tiled,
                               _("Show one tile of the texture (its period) repeated "
                                 "2 × 2, scaled to fit, to check that it has no seams"));
  gtk_box_pack_start (GTK_BOX (box), p->tiled, FALSE, FALSE, 0);
  gtk_widget_show (p->tiled);

  p->limit_note = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (p->limit_note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (p->limit_note), 40);
  gtk_label_set_xalign (GTK_LABEL (p->limit_note), 0.0);
  gtk_box_pack_start (GTK_BOX (box), p->limit_note, FALSE, FALSE, 0);

  p->renderer = tsr_preview_renderer_new (0, on_ready, p);
  g_signal_connect_swapped (p->tiled, "toggled", G_CALLBACK (schedule), p);
  g_signal_connect_swapped (p->preview, "invalidated", G_CALLBACK (schedule), p);
  g_signal_connect_swapped (config, "notify", G_CALLBACK (schedule), p);
  schedule (p);
  return p;
}

void
tsr_dialog_preview_free (TsrDialogPreview *p)
{
  if (p == NULL)
    return;
  g_signal_handlers_disconnect_by_data (p->config, p);
  g_signal_handlers_disconnect_by_data (p->preview, p);
  g_signal_handlers_disconnect_by_data (p->tiled, p);
  if (p->idle != 0)
    g_source_remove (p->idle);
  tsr_preview_renderer_free (p->renderer);
  g_object_unref (p->config);
  g_object_unref (p->drawable);
  g_free (p->ramp_name);
  g_free (p);
}
