/* See seamless-preview.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "layer-photo.h"
#include "seamless-args.h"
#include "seamless-preview.h"
#include "tiled-preview.h"

#define PREVIEW_SIZE 320

typedef struct _Job Job;

struct _TsrSeamlessPreview
{
  int                  refs;         /* the dialog's, and a job's under way */
  gboolean             closed;
  GimpProcedureDialog *dialog;
  GimpProcedureConfig *config;
  TsrLayerSamples      sm;
  TsrImage            *photo;        /* NULL: photo_refusal says why */
  char                *photo_refusal;
  const Babl          *fish;         /* the photograph's floats -> display bytes */
  GtkWidget           *box, *area, *note;
  TsrImage            *tile;         /* shown; kept to draw again at another size */
  GThread             *thread;       /* making a tile */
  gboolean             again;        /* the settings changed meanwhile */
  guint                idle;
  char                *report;
};

struct _Job
{
  TsrSeamlessPreview *p;
  TsrSeamlessCall     call;
  int                 width, height;
  TsrImage           *tile;
  GError             *error;
  double              seconds;
};

static void
unref (TsrSeamlessPreview *p)
{
  if (--p->refs > 0)
    return;
  tsr_image_free (p->photo);
  tsr_image_free (p->tile);
  g_free (p->photo_refusal);
  g_free (p->report);
  g_free (p);
}

static void
say (TsrSeamlessPreview *p, const char *text, gboolean refused)
{
  gtk_dialog_set_response_sensitive (GTK_DIALOG (p->dialog), GTK_RESPONSE_OK, !refused);
  if (refused)
    {
      char *markup = g_markup_printf_escaped ("<b>%s</b>\n%s",
                                              _("These settings cannot make a tile:"), text);

      gtk_label_set_markup (GTK_LABEL (p->note), markup);
      g_free (markup);
    }
  else
    gtk_label_set_text (GTK_LABEL (p->note), text);
}

/* For the GUI tests: what was drawn (see seamless-preview.h). */
static void
write_report (TsrSeamlessPreview *p, const TsrTiledLayout *l, guchar *view)
{
  g_autofree char *png = g_strconcat (p->report, ".png", NULL);
  g_autofree char *text = NULL;
  GdkPixbuf *pb = gdk_pixbuf_new_from_data (view, GDK_COLORSPACE_RGB, TRUE, 8, l->view_w,
                                            l->view_h, l->view_w * 4, NULL, NULL);
  TsrSeamlessCall call;

  tsr_seamless_from_config (p->config, &call);
  gdk_pixbuf_save (pb, png, "png", NULL, NULL);
  g_object_unref (pb);
  text = g_strdup_printf ("tile=%d %d\nseed=%.0f\nview=%d %d\ncell=%d %d %d %d\n",
                          p->tile->width, p->tile->height, call.settings.value[TSR_SP_SEED],
                          l->view_w, l->view_h, l->x0, l->y0, l->cell_w, l->cell_h);
  g_file_set_contents (p->report, text, -1, NULL);
}

/* The tile shown, 2 × 2, scaled to the area (nearest sample). */
static void
draw (TsrSeamlessPreview *p)
{
  const TsrImage *t = p->tile;
  const guchar background[4] = { 0x50, 0x50, 0x50, 0xff };
  GtkAllocation a;
  TsrTiledLayout l;
  guchar *cell, *view;
  float *row;

  gtk_widget_get_allocation (p->area, &a);
  if (t == NULL || a.width < 2 || a.height < 2)
    return;
  tsr_tiled_layout (a.width, a.height, t->width, t->height, &l);
  cell = g_malloc ((gsize) l.cell_w * l.cell_h * 4);
  row = g_new (float, (gsize) l.cell_w * t->channels);
  for (int cy = 0; cy < l.cell_h; cy++)
    {
      const float *src = t->pixels + (gsize) tsr_tiled_source (cy, l.cell_h, t->height)
                                     * t->width * t->channels;

      for (int cx = 0; cx < l.cell_w; cx++)
        for (int c = 0; c < t->channels; c++)
          row[cx * t->channels + c] = src[tsr_tiled_source (cx, l.cell_w, t->width)
                                          * t->channels + c];
      babl_process (p->fish, row, cell + (gsize) cy * l.cell_w * 4, l.cell_w);
    }
  view = g_malloc ((gsize) l.view_w * l.view_h * 4);
  tsr_tiled_compose (&l, cell, (gsize) l.cell_w * 4, 4, background, view,
                     (gsize) l.view_w * 4);
  gimp_preview_area_draw (GIMP_PREVIEW_AREA (p->area), 0, 0, l.view_w, l.view_h,
                          GIMP_RGBA_IMAGE, view, l.view_w * 4);
  if (p->report != NULL)
    write_report (p, &l, view);
  g_free (view);
  g_free (row);
  g_free (cell);
}

static void start (TsrSeamlessPreview *p);

/* On the main thread: the job's tile shown, unless the settings changed
 * since (then the newest are made next). */
static gboolean
finished (gpointer data)
{
  Job *job = data;
  TsrSeamlessPreview *p = job->p;

  if (p->thread != NULL)
    g_thread_join (p->thread);
  p->thread = NULL;
  if (!p->closed && p->again)
    start (p);
  else if (!p->closed && job->error != NULL)
    say (p, job->error->message, TRUE);
  else if (!p->closed)
    {
      char *text = g_strdup_printf (_("The tile, %d × %d pixels, repeated 2 × 2 (made in "
                                      "%.2f s)"), job->width, job->height, job->seconds);

      tsr_image_free (p->tile);
      p->tile = g_steal_pointer (&job->tile);
      say (p, text, FALSE);
      g_free (text);
      draw (p);
    }
  tsr_image_free (job->tile);
  g_clear_error (&job->error);
  g_free (job);
  unref (p);
  return G_SOURCE_REMOVE;
}

static gpointer
work (gpointer data)
{
  Job *job = data;
  gint64 t0 = g_get_monotonic_time ();

  job->tile = tsr_seamless (job->p->photo, job->width, job->height, &job->call.settings,
                            &job->error);
  job->seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_idle_add (finished, job);
  return NULL;
}

static void
start (TsrSeamlessPreview *p)
{
  g_autoptr (GError) error = NULL;
  Job *job;

  p->again = FALSE;
  if (p->thread != NULL)
    {
      p->again = TRUE;
      return;
    }
  if (p->photo == NULL)
    {
      say (p, p->photo_refusal, TRUE);
      return;
    }
  job = g_new0 (Job, 1);
  job->p = p;
  tsr_seamless_from_config (p->config, &job->call);
  job->width = job->call.width != 0 ? job->call.width : p->photo->width;
  job->height = job->call.height != 0 ? job->call.height : p->photo->height;
  if (!tsr_seamless_check (p->photo->width, p->photo->height, job->width, job->height, &error))
    {
      say (p, error->message, TRUE);
      g_free (job);
      return;
    }
  say (p, _("Making the tile…"), FALSE);
  p->refs++;
  p->thread = g_thread_new ("tessera-seamless-preview", work, job);
}

static gboolean
on_idle (gpointer data)
{
  TsrSeamlessPreview *p = data;

  p->idle = 0;
  start (p);
  return G_SOURCE_REMOVE;
}

static void
schedule (TsrSeamlessPreview *p)
{
  if (p->idle == 0)
    p->idle = g_idle_add (on_idle, p);
}

static void
read_photo (TsrSeamlessPreview *p, GimpDrawable *drawable)
{
  g_autoptr (GError) error = NULL;
  GeglRectangle area;

  if (!gimp_drawable_mask_intersect (drawable, &area.x, &area.y, &area.width, &area.height))
    {
      p->photo_refusal = g_strdup (_("the selection does not touch the layer"));
      return;
    }
  tsr_layer_samples (drawable, &p->sm);
  p->fish = babl_fish (p->sm.floats, babl_format ("R'G'B'A u8"));
  if ((p->photo = tsr_layer_photo_read (drawable, &area, &p->sm, &error)) == NULL)
    p->photo_refusal = g_strdup (error->message);
}

TsrSeamlessPreview *
tsr_seamless_preview_new (GimpProcedureDialog *dialog, GimpProcedureConfig *config,
                          GimpDrawable *drawable)
{
  TsrSeamlessPreview *p = g_new0 (TsrSeamlessPreview, 1);
  const char *report = g_getenv ("TESSERA_DIALOG_REPORT");

  p->refs = 1;
  p->dialog = dialog;
  p->config = config;
  p->report = report != NULL && report[0] != '\0' ? g_strdup (report) : NULL;
  read_photo (p, drawable);

  p->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  p->area = gimp_preview_area_new ();
  gtk_widget_set_size_request (p->area, PREVIEW_SIZE, PREVIEW_SIZE);
  gtk_widget_set_name (p->area, "tessera-seamless-preview");
  p->note = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (p->note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (p->note), 40);
  gtk_label_set_xalign (GTK_LABEL (p->note), 0.0);
  gtk_box_pack_start (GTK_BOX (p->box), p->area, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (p->box), p->note, FALSE, FALSE, 0);
  gtk_widget_show_all (p->box);

  g_signal_connect_swapped (p->area, "size-allocate", G_CALLBACK (draw), p);
  g_signal_connect_swapped (config, "notify", G_CALLBACK (schedule), p);
  schedule (p);
  return p;
}

GtkWidget *
tsr_seamless_preview_widget (TsrSeamlessPreview *p)
{
  return p->box;
}

void
tsr_seamless_preview_free (TsrSeamlessPreview *p)
{
  if (p == NULL)
    return;
  p->closed = TRUE;
  g_signal_handlers_disconnect_by_data (p->config, p);
  g_signal_handlers_disconnect_by_data (p->area, p);
  if (p->idle != 0)
    g_source_remove (p->idle);
  if (p->thread != NULL)
    g_thread_join (p->thread);
  p->thread = NULL;
  unref (p);
}
