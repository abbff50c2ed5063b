/* The gradient choice: see gradient-widget.h.
 *
 * The config's `gradient` string is the one truth: the check button is on
 * exactly when it is not empty, and the chooser shows it (or, while off,
 * the gradient that switching on would pick: the last one shown, at first
 * GIMP's active gradient).  A preset, Reset or Load Settings changing the
 * string updates both. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "procedure-args.h"
#include "gradient-widget.h"

typedef struct
{
  GimpProcedureConfig *config;
  GtkWidget           *toggle;
  GtkWidget           *chooser;
  gboolean             syncing;
} GradientWidget;

static char *
config_gradient (GradientWidget *w)
{
  char *name = NULL;

  g_object_get (w->config, TSR_ARG_GRADIENT, &name, NULL);
  return name != NULL ? name : g_strdup ("");
}

static void
set_config_gradient (GradientWidget *w)
{
  const gboolean on = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (w->toggle));
  GimpResource  *resource =
    gimp_resource_chooser_get_resource (GIMP_RESOURCE_CHOOSER (w->chooser));
  char          *name = on && resource != NULL ? gimp_resource_get_name (resource) : NULL;

  w->syncing = TRUE;
  g_object_set (w->config, TSR_ARG_GRADIENT, name != NULL ? name : "", NULL);
  w->syncing = FALSE;
  gtk_widget_set_sensitive (w->chooser, on);
  g_free (name);
}

static void
sync_from_config (GradientWidget *w)
{
  char *name;

  if (w->syncing)
    return;
  name = config_gradient (w);
  w->syncing = TRUE;
  if (name[0] != '\0')
    {
      GimpGradient *gradient = gimp_gradient_get_by_name (name);
      if (gradient != NULL)
        gimp_resource_chooser_set_resource (GIMP_RESOURCE_CHOOSER (w->chooser),
                                            GIMP_RESOURCE (gradient));
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w->toggle), name[0] != '\0');
  gtk_widget_set_sensitive (w->chooser, name[0] != '\0');
  w->syncing = FALSE;
  g_free (name);
}

static void
on_toggled (GtkToggleButton *button G_GNUC_UNUSED, GradientWidget *w)
{
  if (!w->syncing)
    set_config_gradient (w);
}

static void
on_resource_set (GimpResourceChooser *chooser G_GNUC_UNUSED,
                 GimpResource        *resource G_GNUC_UNUSED,
                 gboolean             dialog_closing G_GNUC_UNUSED,
                 GradientWidget      *w)
{
  if (!w->syncing)
    set_config_gradient (w);
}

static void
on_config_notify (GObject *config G_GNUC_UNUSED, GParamSpec *pspec G_GNUC_UNUSED,
                  GradientWidget *w)
{
  sync_from_config (w);
}

static void
gradient_widget_free (gpointer data)
{
  GradientWidget *w = data;

  g_signal_handlers_disconnect_by_data (w->config, w);
  g_object_unref (w->config);
  g_free (w);
}

GtkWidget *
tsr_gradient_widget_new (GimpProcedureConfig *config, const char *label)
{
  GradientWidget *w = g_new0 (GradientWidget, 1);
  GtkWidget      *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GimpGradient   *initial = NULL;
  char           *name;

  w->config = g_object_ref (config);

  name = config_gradient (w);
  if (name[0] != '\0')
    initial = gimp_gradient_get_by_name (name);
  if (initial == NULL)
    initial = gimp_context_get_gradient ();
  g_free (name);

  w->toggle = gtk_check_button_new_with_mnemonic (label);
  gtk_widget_set_tooltip_text (w->toggle,
                               _("Color the texture with one of GIMP's gradients "
                                 "instead of the palette"));
  gtk_box_pack_start (GTK_BOX (box), w->toggle, FALSE, FALSE, 0);

  w->chooser = gimp_gradient_chooser_new (_("Tessera: Gradient"), NULL, initial);
  gtk_widget_set_hexpand (w->chooser, TRUE);
  gtk_box_pack_start (GTK_BOX (box), w->chooser, TRUE, TRUE, 0);

  sync_from_config (w);
  g_signal_connect (w->toggle, "toggled", G_CALLBACK (on_toggled), w);
  g_signal_connect (w->chooser, "resource-set", G_CALLBACK (on_resource_set), w);
  g_signal_connect (config, "notify::" TSR_ARG_GRADIENT, G_CALLBACK (on_config_notify), w);
  g_object_set_data_full (G_OBJECT (box), "tsr-gradient-widget", w, gradient_widget_free);
  gtk_widget_show_all (box);
  return box;
}
