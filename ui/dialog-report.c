/* The dialog's report for the GUI tests: see dialog-report.h. */
#include "config.h"

#include "tessera.h"
#include "dialog-report.h"
#include "procedure-args.h"
#include "settings-from-config.h"

struct _TsrDialogReport
{
  char                *path;
  GimpProcedureDialog *dialog;
  GimpProcedureConfig *config;
  TsrDialogPreview    *preview;
  TsrDialogGroups     *groups;
  GtkWidget           *presets;
  guint                idle;
  gint64               opened;   /* tells one opening's report from the next */
};

/* name=x y w h: the widget's place on the screen (root coordinates). */
static void
add_place (GString *out, const char *name, GtkWidget *w)
{
  GtkWidget    *top = gtk_widget_get_toplevel (w);
  GtkAllocation a;
  int           ox = 0, oy = 0, x = 0, y = 0;

  if (w == NULL || !gtk_widget_get_mapped (w) || gtk_widget_get_window (top) == NULL)
    return;
  gdk_window_get_origin (gtk_widget_get_window (top), &ox, &oy);
  gtk_widget_translate_coordinates (w, top, 0, 0, &x, &y);
  gtk_widget_get_allocation (w, &a);
  g_string_append_printf (out, "%s=%d %d %d %d\n", name, ox + x, oy + y, a.width, a.height);
}

/* The Alt+letter of a widget (any of GIMP's labelled kinds), 0 for none. */
static gunichar
widget_mnemonic (GtkWidget *w)
{
  GList *labels;
  guint  keyval = GDK_KEY_VoidSymbol;

  if (GIMP_IS_LABELED (w))
    keyval = gtk_label_get_mnemonic_keyval (GTK_LABEL (gimp_labeled_get_label (GIMP_LABELED (w))));
  else if (GIMP_IS_SPIN_SCALE (w))
    keyval = gimp_spin_scale_get_mnemonic_keyval (GIMP_SPIN_SCALE (w));
  else if ((labels = gtk_widget_list_mnemonic_labels (w)) != NULL)
    {
      if (GTK_IS_LABEL (labels->data))
        keyval = gtk_label_get_mnemonic_keyval (GTK_LABEL (labels->data));
      g_list_free (labels);
    }
  return keyval == GDK_KEY_VoidSymbol ? 0 : gdk_keyval_to_unicode (keyval);
}

static void
add_mnemonic (GString *out, const char *name, gunichar c)
{
  char utf8[8] = { 0 };

  if (c == 0)
    return;
  g_unichar_to_utf8 (c, utf8);
  g_string_append_printf (out, "mnemonic.%s=%s\n", name, utf8);
}

/* Each page's tab, and each parameter shown: its place and Alt+letter. */
static void
add_pages (GString *out, TsrDialogGroups *groups)
{
  GtkNotebook *notebook = GTK_NOTEBOOK (tsr_dialog_groups_notebook (groups));

  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    {
      GtkWidget *page = tsr_dialog_groups_get_box (groups, (TsrParamGroup) group);
      char      *name = g_strconcat ("tab.", tsr_param_group ((TsrParamGroup) group)->name, NULL);

      add_place (out, name, gtk_notebook_get_tab_label (notebook, page));
      g_free (name);
    }
  {
    GtkWidget *combo = GTK_WIDGET (tsr_dialog_groups_pattern_combo (groups));
    gunichar   c = gtk_widget_get_mapped (combo) ? widget_mnemonic (combo) : 0;

    add_place (out, "pattern-combo", combo);
    add_mnemonic (out, "pattern", c);
  }
  g_string_append_printf (out, "page=%s\n",
                          gtk_widget_get_name (gtk_notebook_get_nth_page (
                            notebook, gtk_notebook_get_current_page (notebook))));
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      GtkWidget *w = tsr_dialog_groups_param_widget (groups, (TsrParamId) i);
      gunichar   c = w != NULL && gtk_widget_get_mapped (w) ? widget_mnemonic (w) : 0;
      char      *name = g_strconcat ("param.", tsr_params[i].name, NULL);

      if (w != NULL)
        add_place (out, name, w);
      add_mnemonic (out, tsr_params[i].name, c);
      g_free (name);
    }
}

static void
add_settings (GString *out, GimpProcedureConfig *config)
{
  TsrSettings s;
  char       *pattern = NULL;

  g_object_get (config, TSR_ARG_PATTERN, &pattern, NULL);
  g_string_append_printf (out, "pattern=%s\n", pattern != NULL ? pattern : "");
  g_free (pattern);
  if (!tsr_settings_from_config (config, &s, NULL))
    return;
  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      char *v = tsr_settings_format (&s, (TsrParamId) i);

      g_string_append_printf (out, "value.%s=%s\n", tsr_params[i].name, v);
      g_free (v);
    }
}

static gboolean
write_report (gpointer data)
{
  TsrDialogReport *r = data;
  GtkWidget       *window = GTK_WIDGET (r->dialog);
  GtkWidget       *ok = gtk_dialog_get_widget_for_response (GTK_DIALOG (r->dialog), GTK_RESPONSE_OK);
  GString         *out = g_string_new (NULL);
  const char      *refusal = r->preview != NULL ? tsr_dialog_preview_refusal (r->preview) : NULL;
  char            *line;

  r->idle = 0;
  g_string_append_printf (out, "opening=%" G_GINT64_FORMAT "\n", r->opened);
  add_place (out, "window", window);
  add_place (out, "ok", ok);
  add_place (out, "cancel",
             gtk_dialog_get_widget_for_response (GTK_DIALOG (r->dialog), GTK_RESPONSE_CANCEL));
  g_string_append_printf (out, "ok-sensitive=%d\n", ok != NULL && gtk_widget_is_sensitive (ok));
  line = g_strdup (refusal != NULL ? refusal : "");
  g_strdelimit (line, "\n", ' ');
  g_string_append_printf (out, "refusal=%s\n", line);
  g_free (line);
  if (r->preview != NULL)
    {
      g_string_append_printf (out, "view=%s\n", tsr_dialog_preview_view (r->preview));
      for (int v = 0;; v++)
        {
          const char *id;
          GtkWidget  *button = tsr_dialog_preview_view_button (r->preview, v, &id);
          char       *name;

          if (button == NULL)
            break;
          name = g_strconcat ("view.", id, NULL);
          add_place (out, name, button);
          g_free (name);
        }
    }
  if (r->presets != NULL)
    {
      GList *children = gtk_container_get_children (GTK_CONTAINER (r->presets));

      for (GList *c = children; c != NULL; c = c->next)
        {
          GtkWidget *button = gtk_bin_get_child (GTK_BIN (c->data));
          char      *name = g_strconcat ("preset.", gtk_widget_get_name (button), NULL);

          add_place (out, name, button);
          g_free (name);
        }
      g_list_free (children);
    }
  if (r->groups != NULL)
    add_pages (out, r->groups);
  if (r->preview != NULL)
    add_place (out, "preview", tsr_dialog_preview_area (r->preview));
  add_settings (out, r->config);
  g_file_set_contents (r->path, out->str, (gssize) out->len, NULL);
  g_string_free (out, TRUE);
  return G_SOURCE_REMOVE;
}

void
tsr_dialog_report_queue (TsrDialogReport *r)
{
  /* after the layout has settled: GTK resizes at a higher priority */
  if (r != NULL && r->idle == 0)
    r->idle = g_timeout_add (100, write_report, r);
}

static void
on_size_allocate (GtkWidget *w G_GNUC_UNUSED, GdkRectangle *a G_GNUC_UNUSED,
                  TsrDialogReport *r)
{
  tsr_dialog_report_queue (r);
}

TsrDialogReport *
tsr_dialog_report_new (GimpProcedureDialog *dialog, GimpProcedureConfig *config,
                       TsrDialogPreview *preview, TsrDialogGroups *groups, GtkWidget *presets)
{
  const char      *path = g_getenv ("TESSERA_DIALOG_REPORT");
  TsrDialogReport *r;

  if (path == NULL || path[0] == '\0')
    return NULL;
  r = g_new0 (TsrDialogReport, 1);
  r->path = g_strdup (path);
  r->dialog = dialog;
  r->config = g_object_ref (config);
  r->preview = preview;
  r->groups = groups;
  r->presets = presets;
  r->opened = g_get_real_time ();
  g_signal_connect (dialog, "size-allocate", G_CALLBACK (on_size_allocate), r);
  g_signal_connect_swapped (config, "notify", G_CALLBACK (tsr_dialog_report_queue), r);
  return r;
}

void
tsr_dialog_report_free (TsrDialogReport *r)
{
  if (r == NULL)
    return;
  if (r->idle != 0)
    g_source_remove (r->idle);
  g_signal_handlers_disconnect_by_data (r->dialog, r);
  g_signal_handlers_disconnect_by_data (r->config, r);
  g_object_unref (r->config);
  g_free (r->path);
  g_free (r);
}
