/* "auto" for 0: see auto-value.h. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimpui.h>

#include "auto-value.h"

gboolean
tsr_auto_value_applies (const TsrParamSpec *spec)
{
  return spec->id == TSR_P_SCALE || spec->id == TSR_P_PERIOD_W || spec->id == TSR_P_PERIOD_H;
}

static gboolean
on_output (GtkSpinButton *spin, gpointer data G_GNUC_UNUSED)
{
  if (gtk_spin_button_get_value (spin) != 0.0)
    return FALSE;
  /* the spin button's own text, so its width stays that of numbers */
  gtk_entry_set_text (GTK_ENTRY (spin), _("auto"));
  return TRUE;
}

static gint
on_input (GtkSpinButton *spin, gdouble *value, gpointer data G_GNUC_UNUSED)
{
  const char *text = gtk_entry_get_text (GTK_ENTRY (spin));
  char       *folded = g_utf8_casefold (g_strstrip (g_strdup (text)), -1);
  char       *word = g_utf8_casefold (_("auto"), -1);
  gboolean    is_auto = folded[0] == '\0' || g_strcmp0 (folded, word) == 0
                        || g_strcmp0 (folded, "auto") == 0;

  g_free (folded);
  g_free (word);
  if (!is_auto)
    return FALSE;
  *value = 0.0;
  return TRUE;
}

void
tsr_auto_value_attach (GtkWidget *widget)
{
  GtkWidget *spin = widget;

  if (GIMP_IS_LABEL_SPIN (widget))
    spin = gimp_label_spin_get_spin_button (GIMP_LABEL_SPIN (widget));
  if (!GTK_IS_SPIN_BUTTON (spin))
    return;
  g_signal_connect (spin, "output", G_CALLBACK (on_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_input), NULL);
  {
    gboolean shown = FALSE;

    g_signal_emit_by_name (spin, "output", &shown);
  }
}
