/* Pattern thumbnails: see pattern-thumbnails.h. */
#include "config.h"

#include "tessera.h"
#include "pattern-thumbnails.h"
#include "pixel-convert.h"

/* What makes a small tile read as its pattern: the defaults are sized for
 * layers, not 48-pixel tiles. */
static const char *const thumbnail_values[] = {
  "tileable=true", "period-w=0", "period-h=0", "scale=40", "rings=4", "veins=2",
  "grain-stretch=6", NULL,
};

GdkPixbuf *
tsr_thumbnail_new (const TsrSettings *s, int size, int supersample)
{
  const int   big = size * supersample;
  GError     *error = NULL;
  TsrTexture *tex = tsr_texture_new (s, big, big, NULL, &error);
  GdkPixbuf  *pixbuf;
  float      *rgba;
  guchar     *pixels;
  int         stride;

  if (tex == NULL)
    {
      g_warning ("tessera: thumbnail: %s", error->message);
      g_error_free (error);
      return NULL;
    }
  rgba = g_new (float, (gsize) big * big * 4);
  if (!tsr_render (tex, 0, 0, big, big, rgba, (gsize) big * 4, 0, NULL, NULL, &error))
    {
      g_warning ("tessera: thumbnail: %s", error->message);
      g_error_free (error);
      g_free (rgba);
      tsr_texture_free (tex);
      return NULL;
    }

  pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, size, size);
  pixels = gdk_pixbuf_get_pixels (pixbuf);
  stride = gdk_pixbuf_get_rowstride (pixbuf);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        float sum[4] = { 0, 0, 0, 0 };

        for (int j = 0; j < supersample; j++)
          for (int i = 0; i < supersample; i++)
            {
              const float *p = rgba + ((gsize) (y * supersample + j) * big
                                       + (gsize) (x * supersample + i)) * 4;
              for (int c = 0; c < 4; c++)
                sum[c] += p[c];
            }
        for (int c = 0; c < 4; c++)
          pixels[y * stride + x * 4 + c] = tsr_quantize (sum[c] / (supersample * supersample));
      }
  g_free (rgba);
  tsr_texture_free (tex);
  return pixbuf;
}

GHashTable *
tsr_pattern_thumbnails_new (int size)
{
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);

  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      TsrSettings s;
      GdkPixbuf  *pixbuf;

      if (!tsr_settings_init (&s, tsr_patterns[p]->name, NULL))
        continue;
      for (guint i = 0; thumbnail_values[i] != NULL; i++)
        {
          char **kv = g_strsplit (thumbnail_values[i], "=", 2);
          tsr_settings_parse (&s, kv[0], kv[1], NULL);
          g_strfreev (kv);
        }
      pixbuf = tsr_thumbnail_new (&s, size, 2);
      if (pixbuf != NULL)
        g_hash_table_insert (table, (gpointer) tsr_patterns[p]->name, pixbuf);
    }
  return table;
}

static void
thumbnail_cell_data (GtkCellLayout   *layout G_GNUC_UNUSED,
                     GtkCellRenderer *cell,
                     GtkTreeModel    *model,
                     GtkTreeIter     *iter,
                     gpointer         data)
{
  GHashTable *thumbnails = data;
  char       *name = NULL;

  gtk_tree_model_get (model, iter, 0, &name, -1);
  g_object_set (cell, "pixbuf",
                name != NULL ? g_hash_table_lookup (thumbnails, name) : NULL, NULL);
  g_free (name);
}

void
tsr_pattern_thumbnails_attach (GtkComboBox *combo, GHashTable *thumbnails)
{
  GtkCellRenderer *cell = gtk_cell_renderer_pixbuf_new ();

  gtk_cell_renderer_set_padding (cell, 2, 2);
  gtk_cell_layout_pack_start (GTK_CELL_LAYOUT (combo), cell, FALSE);
  gtk_cell_layout_reorder (GTK_CELL_LAYOUT (combo), cell, 0);
  gtk_cell_layout_set_cell_data_func (GTK_CELL_LAYOUT (combo), cell, thumbnail_cell_data,
                                      g_hash_table_ref (thumbnails),
                                      (GDestroyNotify) g_hash_table_unref);
}
