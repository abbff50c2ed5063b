/* The dialog's preview: see dialog-preview.h.
 *
 * On the main thread: read the config into TsrSettings with the plug-in's
 * own reader (so the texture is the one OK renders: same settings, same
 * canvas = the drawable's size, same gradient ramp), make the texture once
 * to learn whether it is refused, describe the view as a job and submit
 * it; draw whichever result comes back for the newest job.  Coalescing:
 * changes only mark the preview dirty; one idle checks and submits. */
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

/* The views, in the order of their buttons. */
typedef enum { VIEW_FIT, VIEW_2X2, VIEW_100, N_VIEWS } View;
static const char *const view_ids[N_VIEWS] = { "fit", "2x2", "100" };

struct _TsrDialogPreview
{
  GimpProcedureDialog *dialog;
  GimpProcedureConfig *config;
  GimpDrawable        *drawable;
  GtkWidget           *preview;       /* GimpDrawablePreview */
  GtkWidget           *views[N_VIEWS];  /* radio buttons */
  GtkWidget           *limit_note;    /* shown when the scale is past the limit */
  GtkWidget           *refusal_note;  /* why the settings cannot render */
  char                *refusal;       /* its text, NULL when they can */
  char                *run_refusal;   /* found by OK's run, until a change */
  GCallback            changed;
  gpointer             changed_data;

  /* the last picture drawn, to show dimmed (not current) when refused */
  guchar              *last;
  int                  last_w, last_h, last_x, last_y;
  gsize                last_stride;
  gboolean             last_fitted;
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
  /* A gradient GIMP does not know is refused (submit says so). */
  p->ramp_ok = tsr_ramp_from_gradient (gradient, &p->ramp, NULL);
}

/* Said where the user is looking, as the CLI says it: a scale past half
 * the tile does not make features larger when tiling. */
static void
show_feature_limit (TsrDialogPreview *p, const TsrTexture *tex)
{
  double w, h;

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

static View
current_view (TsrDialogPreview *p)
{
  for (int v = 0; v < N_VIEWS; v++)
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (p->views[v])))
      return (View) v;
  return VIEW_FIT;
}

/* Draws pixels (a result of the view now shown) where they belong. */
static void
draw (TsrDialogPreview *p, const guchar *pixels, int width, int height, gsize stride,
      gboolean fitted)
{
  GimpPreview *preview = GIMP_PREVIEW (p->preview);

  if (fitted)
    gimp_preview_area_draw (GIMP_PREVIEW_AREA (gimp_preview_get_area (preview)),
                            0, 0, width, height, p->type, pixels, (gint) stride);
  else
    gimp_preview_draw_buffer (preview, pixels, (gint) stride);
}

/* Not current: the last picture washed out towards grey, or grey alone
 * when the view has moved since; never a blank. */
static void
draw_not_current (TsrDialogPreview *p)
{
  GimpPreview *preview = GIMP_PREVIEW (p->preview);
  const int    colors = p->channels == 2 || p->channels == 4 ? p->channels - 1 : p->channels;
  const gboolean fitted = current_view (p) != VIEW_100;
  int          x, y, w, h;
  gboolean     same_view;
  guchar      *dim;

  gimp_preview_get_position (preview, &x, &y);
  gimp_preview_get_size (preview, &w, &h);
  if (w <= 0 || h <= 0)
    return;
  same_view = p->last != NULL && p->last_w == w && p->last_h == h && p->last_fitted == fitted
              && (fitted || (p->last_x == x && p->last_y == y));
  dim = g_malloc ((gsize) h * w * p->channels);

  /* faded to a low-contrast grey, with diagonal hatching */
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++)
      for (int c = 0; c < p->channels; c++)
        {
          const gsize  at = (gsize) j * w * p->channels + (gsize) i * p->channels + c;
          const guchar v = same_view ? p->last[(gsize) j * p->last_stride
                                               + (gsize) i * p->channels + c]
                                     : c < colors ? 0x80 : 0xff;
          const int    hatch = (i + j) % 12 < 2 ? 28 : 0;

          dim[at] = c < colors ? (guchar) (0x70 + v / 5 - hatch) : v;
        }
  draw (p, dim, w, h, (gsize) w * p->channels, fitted);
  g_free (dim);
}

static void
set_refusal (TsrDialogPreview *p, const char *why)
{
  if (g_strcmp0 (why, p->refusal) == 0)
    return;
  g_free (p->refusal);
  p->refusal = g_strdup (why);
  gtk_dialog_set_response_sensitive (GTK_DIALOG (p->dialog), GTK_RESPONSE_OK, why == NULL);
  if (why != NULL)
    {
      char *text = g_markup_printf_escaped ("<b>%s</b>\n%s", _("These settings cannot render:"),
                                            why);

      gtk_label_set_markup (GTK_LABEL (p->refusal_note), text);
      gtk_widget_show (p->refusal_note);
      g_free (text);
    }
  else
    gtk_widget_hide (p->refusal_note);
  if (p->changed != NULL)
    ((void (*) (gpointer)) p->changed) (p->changed_data);
}

/* The texture OK would render into the layer (tile 0 of a set), made to
 * learn whether the settings are refused and why. */
static TsrTexture *
check_texture (const TsrPreviewJob *job, GError **error)
{
  TsrTexture *tex;

  tex = tsr_texture_new_tile (&job->settings, job->canvas_w, job->canvas_h,
                              job->use_ramp ? &job->ramp : NULL,
                              job->tile.kind != TSR_TILES_NONE ? &job->tile : NULL, error);
  if (tex != NULL && job->with_terrain && !tsr_texture_set_terrain (tex, &job->terrain, error))
    g_clear_pointer (&tex, tsr_texture_free);
  return tex;
}

static gboolean
submit (gpointer data)
{
  TsrDialogPreview *p = data;
  TsrPreviewJob    *job;
  GError           *error = NULL;
  TsrTexture       *tex = NULL;
  char             *gradient;
  View              view = current_view (p);

  p->idle = 0;
  job = g_new0 (TsrPreviewJob, 1);
  if (tsr_settings_from_config (p->config, &job->settings, &error))
    {
      gradient = tsr_gradient_from_config (p->config);
      if (gradient[0] != '\0')
        {
          update_ramp (p, gradient);
          job->use_ramp = p->ramp_ok;
          if (p->ramp_ok)
            job->ramp = p->ramp;
          else
            g_set_error (&error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                         _("GIMP has no gradient named \"%s\""), gradient);
        }
      g_free (gradient);
    }
  if (error == NULL)
    {
      set_tile (p->config, job);
      job->canvas_w = gimp_drawable_get_width (p->drawable);
      job->canvas_h = gimp_drawable_get_height (p->drawable);
      tex = check_texture (job, &error);
    }
  show_feature_limit (p, tex);
  tsr_texture_free (tex);
  if (error != NULL || p->run_refusal != NULL)
    {
      set_refusal (p, error != NULL ? error->message : p->run_refusal);
      draw_not_current (p);
      g_clear_error (&error);
      g_free (job);
      return G_SOURCE_REMOVE;
    }
  set_refusal (p, NULL);
  if (!gimp_preview_get_update (GIMP_PREVIEW (p->preview)))
    {
      g_free (job);
      return G_SOURCE_REMOVE;
    }

  gimp_preview_get_position (GIMP_PREVIEW (p->preview), &job->x, &job->y);
  gimp_preview_get_size (GIMP_PREVIEW (p->preview), &job->width, &job->height);
  job->tiled = view != VIEW_100;
  job->copies = view == VIEW_2X2 ? 2 : 1;
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

/* A change of the settings: a refusal of OK's run no longer holds. */
static void
on_config_changed (TsrDialogPreview *p)
{
  g_clear_pointer (&p->run_refusal, g_free);
  schedule (p);
}

static void
on_ready (const TsrPreviewResult *r, gpointer data)
{
  TsrDialogPreview *p = data;
  GimpPreview      *preview = GIMP_PREVIEW (p->preview);
  int               x, y, w, h;

  if (r->error != NULL)
    set_refusal (p, r->error->message);
  /* a render of settings from before the refusal is not current either */
  if (p->refusal != NULL)
    {
      draw_not_current (p);
      return;
    }
  gimp_preview_get_position (preview, &x, &y);
  gimp_preview_get_size (preview, &w, &h);
  /* The view moved or was resized: its own render is on its way. */
  if (w != r->width || h != r->height
      || (!r->job->tiled && (x != r->job->x || y != r->job->y)))
    return;

  draw (p, r->pixels, r->width, r->height, r->rowstride, r->job->tiled);
  g_free (p->last);
  p->last = g_memdup2 (r->pixels, (gsize) r->height * r->rowstride);
  p->last_w = r->width;
  p->last_h = r->height;
  p->last_x = r->job->x;
  p->last_y = r->job->y;
  p->last_stride = r->rowstride;
  p->last_fitted = r->job->tiled;
}

static GtkWidget *
view_buttons (TsrDialogPreview *p, TsrMnemonics *mnemonics)
{
  const char *labels[N_VIEWS] = { N_("Whole tile"), N_("Tiled 2×2"), N_("100 %") };
  const char *tips[N_VIEWS] = {
    N_("The whole tile (the layer, or its tile period), scaled to fit"),
    N_("One tile repeated 2 × 2, scaled to fit, to check that it has no seams"),
    N_("The layer's own pixels, one for one: scroll to see the rest")
  };
  GtkWidget  *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GSList     *group = NULL;

  gtk_style_context_add_class (gtk_widget_get_style_context (row), "linked");
  for (int v = 0; v < N_VIEWS; v++)
    {
      char *label = tsr_mnemonics_label (mnemonics, _(labels[v]));

      p->views[v] = gtk_radio_button_new_with_mnemonic (group, label);
      g_free (label);
      group = gtk_radio_button_get_group (GTK_RADIO_BUTTON (p->views[v]));
      gtk_toggle_button_set_mode (GTK_TOGGLE_BUTTON (p->views[v]), FALSE);
      gtk_widget_set_tooltip_text (p->views[v], _(tips[v]));
      gtk_widget_set_name (p->views[v], view_ids[v]);
      gtk_box_pack_start (GTK_BOX (row), p->views[v], TRUE, TRUE, 0);
      g_signal_connect_swapped (p->views[v], "toggled", G_CALLBACK (schedule), p);
    }
  gtk_widget_show_all (row);
  return row;
}

static GtkWidget *
note_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_can_focus (label, FALSE);
  return label;
}

TsrDialogPreview *
tsr_dialog_preview_new (GimpProcedureDialog *dialog,
                        GimpProcedureConfig *config,
                        GimpDrawable        *drawable,
                        TsrMnemonics        *mnemonics)
{
  TsrDialogPreview *p = g_new0 (TsrDialogPreview, 1);
  GtkWidget        *box;

  p->dialog = dialog;
  p->config = g_object_ref (config);
  p->drawable = g_object_ref (drawable);
  set_format (p);

  p->preview = gimp_procedure_dialog_get_drawable_preview (dialog, PREVIEW_ID, drawable);
  set_preview_size (p->preview, PREVIEW_SIZE);
  box = gimp_procedure_dialog_fill_box (dialog, PREVIEW_BOX_ID, PREVIEW_ID, NULL);
  gtk_widget_set_valign (box, GTK_ALIGN_START);
  gtk_box_pack_start (GTK_BOX (box), view_buttons (p, mnemonics), FALSE, FALSE, 0);

  p->refusal_note = note_label ();
  gtk_widget_set_name (p->refusal_note, "tessera-refusal");
  gtk_box_pack_start (GTK_BOX (box), p->refusal_note, FALSE, FALSE, 0);
  p->limit_note = note_label ();
  gtk_box_pack_start (GTK_BOX (box), p->limit_note, FALSE, FALSE, 0);

  p->renderer = tsr_preview_renderer_new (0, on_ready, p);
  g_signal_connect_swapped (p->preview, "invalidated", G_CALLBACK (schedule), p);
  g_signal_connect_swapped (config, "notify", G_CALLBACK (on_config_changed), p);
  schedule (p);
  return p;
}

void
tsr_dialog_preview_refuse (TsrDialogPreview *p, const char *why)
{
  g_free (p->run_refusal);
  p->run_refusal = g_strdup (why);
  schedule (p);
}

const char *
tsr_dialog_preview_refusal (TsrDialogPreview *p)
{
  return p->refusal;
}

const char *
tsr_dialog_preview_view (TsrDialogPreview *p)
{
  return view_ids[current_view (p)];
}

GtkWidget *
tsr_dialog_preview_view_button (TsrDialogPreview *p, int i, const char **id)
{
  if (i < 0 || i >= N_VIEWS)
    return NULL;
  *id = view_ids[i];
  return p->views[i];
}

GtkWidget *
tsr_dialog_preview_area (TsrDialogPreview *p)
{
  return gimp_preview_get_area (GIMP_PREVIEW (p->preview));
}

void
tsr_dialog_preview_on_change (TsrDialogPreview *p, GCallback changed, gpointer data)
{
  p->changed = changed;
  p->changed_data = data;
}

void
tsr_dialog_preview_free (TsrDialogPreview *p)
{
  if (p == NULL)
    return;
  g_signal_handlers_disconnect_by_data (p->config, p);
  g_signal_handlers_disconnect_by_data (p->preview, p);
  for (int v = 0; v < N_VIEWS; v++)
    g_signal_handlers_disconnect_by_data (p->views[v], p);
  if (p->idle != 0)
    g_source_remove (p->idle);
  tsr_preview_renderer_free (p->renderer);
  g_object_unref (p->config);
  g_object_unref (p->drawable);
  g_free (p->ramp_name);
  g_free (p->refusal);
  g_free (p->run_refusal);
  g_free (p->last);
  g_free (p);
}
