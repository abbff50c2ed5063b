/* Preset buttons: see preset-buttons.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "config-writer.h"
#include "pattern-thumbnails.h"
#include "preset-buttons.h"
#include "presets.h"
#include "settings-from-config.h"

#define THUMBNAIL_SIZE 24
/* A preset is drawn at about the size of a small layer and averaged
 * down: built-up presets count their pieces for a layer (a brick wall of
 * 24-pixel tiles would be all mortar, and its bevels wider than its
 * bricks). */
#define THUMBNAIL_SUPERSAMPLE 8

static void
on_clicked (GtkButton *button, GimpProcedureConfig *config)
{
  const TsrPreset *preset = g_object_get_data (G_OBJECT (button), "tsr-preset");
  TsrSettings      s;
  GError          *error = NULL;

  /* What the preset keeps (seed, tiling) comes from the current values. */
  if (!tsr_settings_from_config (config, &s, &error)
      && !tsr_settings_init (&s, NULL, NULL))
    return;
  g_clear_error (&error);
  if (!tsr_preset_apply (preset, &s, &error))
    {
      g_warning ("tessera: %s", error->message);
      g_error_free (error);
      return;
    }
  tsr_config_write_settings (config, &s, NULL);
}

GtkWidget *
tsr_preset_buttons_new (GimpProcedureConfig *config)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 2);

  for (guint i = 0; i < tsr_n_presets; i++)
    {
      const TsrPreset *preset = &tsr_presets[i];
      GtkWidget       *button = gtk_button_new_with_label (_(preset->label));
      TsrSettings      s;
      char            *tip;

      if (tsr_settings_init (&s, NULL, NULL) && tsr_preset_apply (preset, &s, NULL))
        {
          GdkPixbuf *pixbuf;

          s.value[TSR_P_TILEABLE] = 1;
          s.value[TSR_P_SCALE] = MIN (s.value[TSR_P_SCALE], 96);
          s.value[TSR_P_RINGS] = MIN (s.value[TSR_P_RINGS], 3);
          pixbuf = tsr_thumbnail_new (&s, THUMBNAIL_SIZE, THUMBNAIL_SUPERSAMPLE);
          if (pixbuf != NULL)
            {
              gtk_button_set_image (GTK_BUTTON (button), gtk_image_new_from_pixbuf (pixbuf));
              gtk_button_set_always_show_image (GTK_BUTTON (button), TRUE);
              g_object_unref (pixbuf);
            }
        }
      tip = g_strdup_printf (_("Set every parameter but the seed and the tiling to "
                               "the preset \"%s\""), _(preset->label));
      gtk_widget_set_tooltip_text (button, tip);
      g_free (tip);
      gtk_widget_set_name (button, preset->name);
      g_object_set_data (G_OBJECT (button), "tsr-preset", (gpointer) preset);
      g_signal_connect (button, "clicked", G_CALLBACK (on_clicked), config);
      gtk_container_add (GTK_CONTAINER (flow), button);
    }
  gtk_widget_show_all (flow);
  return flow;
}
