/* The plug-in's dialog: a GimpProcedureDialog for the procedure's
 * arguments (which procedure-args.c derives from the core's tables), so
 * Reset, Load/Save Settings and last-used values come with it.
 *
 *   [ preview                     ] [ Pattern | Noise | Marble | Tiling | … ]
 *   [ Whole tile | Tiled 2×2 | 100 %] [ the page's parameters               ]
 *   [ why the settings cannot render] [                                     ]
 *   [ Load Saved Settings] [Save Settings]     [Help] [Reset] [Cancel] [OK] ]
 *
 * One group of parameters at a time, in a notebook whose pages that do not
 * apply to the pattern are hidden, keeps the dialog under 760 pixels tall
 * (a 1366 x 768 screen) at every pattern and preset, and the window gives
 * back the height of a page no longer shown. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "config-writer.h"
#include "dialog-groups.h"
#include "dialog-preview.h"
#include "dialog-report.h"
#include "gradient-widget.h"
#include "mnemonic.h"
#include "palette-follow.h"
#include "param-rules.h"
#include "pattern-thumbnails.h"
#include "preset-buttons.h"
#include "procedure-args.h"
#include "settings-from-config.h"
#include "tessera-dialog.h"

#define THUMBNAIL_SIZE 48

typedef struct
{
  GimpProcedureDialog *dialog;
  TsrDialogGroups     *groups;
  TsrDialogPreview    *preview;
  TsrPaletteFollow    *palettes;
  TsrDialogReport     *report;
  guint                fit_idle;
} Dialog;

/* On first use (nothing saved, nothing changed: every value its default)
 * the two colours are GIMP's foreground and background, as in GIMP's own
 * renderers; afterwards the last-used values win. */
static void
colors_from_context_on_first_use (GimpProcedureConfig *config)
{
  TsrSettings s;
  char       *gradient = tsr_gradient_from_config (config);
  gboolean    untouched;

  untouched = gradient[0] == '\0'
              && tsr_settings_from_config (config, &s, NULL)
              && tsr_rule_settings_untouched (&s, "clouds");
  g_free (gradient);
  if (untouched)
    {
      GeglColor *fg = gimp_context_get_foreground ();
      GeglColor *bg = gimp_context_get_background ();

      if (fg != NULL && bg != NULL)
        g_object_set (config,
                      tsr_params[TSR_P_COLOR1].name, fg,
                      tsr_params[TSR_P_COLOR2].name, bg,
                      NULL);
      g_clear_object (&fg);
      g_clear_object (&bg);
    }
}

static void
on_new_seed (GtkButton *button G_GNUC_UNUSED, GimpProcedureConfig *config)
{
  g_object_set (config, tsr_params[TSR_P_SEED].name,
                (gint) g_random_int_range (0, (gint32) tsr_params[TSR_P_SEED].max), NULL);
}

/* "New seed", with a mnemonic free on its page and Ctrl+N, a shortcut
 * no mnemonic can shadow. */
static GtkWidget *
new_seed_button (GimpProcedureDialog *dialog, GimpProcedureConfig *config,
                 TsrMnemonics *mnemonics)
{
  GtkAccelGroup *accel = gtk_accel_group_new ();
  char          *label = tsr_mnemonics_label (mnemonics, _("New seed"));
  GtkWidget     *button = gtk_button_new_with_mnemonic (label);

  g_free (label);
  gtk_widget_set_tooltip_text (button, _("Pick another random seed: same settings, "
                                         "a different texture (Ctrl+N)"));
  gtk_window_add_accel_group (GTK_WINDOW (dialog), accel);
  gtk_widget_add_accelerator (button, "clicked", accel, GDK_KEY_n, GDK_CONTROL_MASK,
                              GTK_ACCEL_VISIBLE);
  g_object_unref (accel);
  g_signal_connect (button, "clicked", G_CALLBACK (on_new_seed), config);
  return button;
}

/* The Pattern page: thumbnails in the selector, the presets under it, and
 * "New seed" beside the seed.  Returns the presets. */
static GtkWidget *
dress_pattern_page (GimpProcedureDialog *dialog, GimpProcedureConfig *config,
                    TsrDialogGroups *groups)
{
  GtkWidget    *box = tsr_dialog_groups_get_box (groups, TSR_GROUP_PATTERN);
  TsrMnemonics *mnemonics = tsr_dialog_groups_mnemonics (groups, TSR_GROUP_PATTERN);
  GtkComboBox  *combo = tsr_dialog_groups_pattern_combo (groups);
  GHashTable   *thumbnails = tsr_pattern_thumbnails_new (THUMBNAIL_SIZE);
  GtkWidget    *seed = tsr_dialog_groups_param_widget (groups, TSR_P_SEED);
  GtkWidget    *presets, *row;

  tsr_pattern_thumbnails_attach (combo, thumbnails);
  g_hash_table_unref (thumbnails);

  presets = tsr_preset_buttons_new (config);
  gtk_box_pack_start (GTK_BOX (box), presets, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (box), presets, 1);

  if (seed != NULL)
    {
      int position = 0;

      gtk_container_child_get (GTK_CONTAINER (box), seed, "position", &position, NULL);
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_object_ref (seed);
      gtk_container_remove (GTK_CONTAINER (box), seed);
      gtk_box_pack_start (GTK_BOX (row), seed, TRUE, TRUE, 0);
      g_object_unref (seed);
      gtk_box_pack_start (GTK_BOX (row), new_seed_button (dialog, config, mnemonics),
                          FALSE, FALSE, 0);
      gtk_box_pack_start (GTK_BOX (box), row, FALSE, FALSE, 0);
      gtk_box_reorder_child (GTK_BOX (box), row, position);
      gtk_widget_show_all (row);
    }
  return presets;
}

/* The Color page: GIMP's gradient chooser after the palette, labelled
 * with the `gradient` argument's label. */
static void
dress_color_page (GimpProcedureConfig *config, TsrDialogGroups *groups)
{
  GtkWidget    *box = tsr_dialog_groups_get_box (groups, TSR_GROUP_COLOR);
  TsrMnemonics *mnemonics = tsr_dialog_groups_mnemonics (groups, TSR_GROUP_COLOR);
  GParamSpec   *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config),
                                                      TSR_ARG_GRADIENT);
  char         *plain, *label;
  GtkWidget    *gradient;

  plain = tsr_mnemonics_strip (pspec != NULL ? g_param_spec_get_nick (pspec) : _("Gradient"));
  label = tsr_mnemonics_label (mnemonics, plain);
  gradient = tsr_gradient_widget_new (config, label);
  g_free (plain);
  g_free (label);

  gtk_box_pack_start (GTK_BOX (box), gradient, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (box), gradient, 1);
}

/* The window as tall as what it shows now: a page or parameter hidden
 * gives its height back (GTK only ever grows a window by itself). */
static gboolean
fit_window (gpointer data)
{
  Dialog        *d = data;
  GtkRequisition natural;
  int            width, height;

  d->fit_idle = 0;
  gtk_widget_get_preferred_size (GTK_WIDGET (d->dialog), NULL, &natural);
  gtk_window_get_size (GTK_WINDOW (d->dialog), &width, &height);
  if (height > natural.height)
    gtk_window_resize (GTK_WINDOW (d->dialog), width, natural.height);
  tsr_dialog_report_queue (d->report);
  return G_SOURCE_REMOVE;
}

static void
queue_fit (Dialog *d)
{
  if (d->fit_idle == 0)
    d->fit_idle = g_idle_add_full (G_PRIORITY_LOW, fit_window, d, NULL);
}

static void
on_refusal_changed (Dialog *d)
{
  queue_fit (d);
}

gboolean
tessera_dialog_run (GimpProcedure       *procedure,
                    GimpProcedureConfig *config,
                    GimpDrawable        *drawable,
                    const char          *refusal)
{
  Dialog        d = { 0 };
  GList        *main_ids = NULL;
  GtkWidget    *main_box, *presets;
  TsrMnemonics  view = { { 0 }, 0 };
  gboolean      ok;

  gimp_ui_init ("tessera");
  colors_from_context_on_first_use (config);

  d.dialog = GIMP_PROCEDURE_DIALOG (gimp_procedure_dialog_new (procedure, config,
                                                               _("Tessera Textures")));
  /* What every page shows with: the dialog's buttons and the preview's
   * "Preview" toggle, then the view buttons. */
  tsr_mnemonics_use_all (&view, TSR_MNEMONICS_BUTTONS TSR_MNEMONIC_PREVIEW);
  if (drawable != NULL)
    {
      d.preview = tsr_dialog_preview_new (d.dialog, config, drawable, &view);
      main_ids = g_list_append (main_ids, (gpointer) "tessera-preview-box");
    }
  else
    {
      /* an empty list would mean every argument */
      gimp_procedure_dialog_get_label (d.dialog, "tessera-no-preview", "", FALSE, FALSE);
      main_ids = g_list_append (main_ids, (gpointer) "tessera-no-preview");
    }
  d.groups = tsr_dialog_groups_new (config, &view);
  presets = dress_pattern_page (d.dialog, config, d.groups);
  dress_color_page (config, d.groups);

  main_box = gimp_procedure_dialog_fill_box_list (d.dialog, "tessera-main", main_ids);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (main_box), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (main_box), 12);
  gtk_box_pack_start (GTK_BOX (main_box), tsr_dialog_groups_notebook (d.groups),
                      TRUE, TRUE, 0);
  gimp_procedure_dialog_fill (d.dialog, "tessera-main", NULL);

  d.palettes = tsr_palette_follow_new (config);
  d.report = tsr_dialog_report_new (d.dialog, config, d.preview, d.groups, presets);
  tsr_dialog_groups_on_change (d.groups, G_CALLBACK (queue_fit), &d);
  g_signal_connect_swapped (tsr_dialog_groups_notebook (d.groups), "switch-page",
                            G_CALLBACK (queue_fit), &d);
  /* fill_box shows every child: hide again what does not apply. */
  tsr_dialog_groups_update (d.groups);
  if (d.preview != NULL)
    {
      tsr_dialog_preview_on_change (d.preview, G_CALLBACK (on_refusal_changed), &d);
      if (refusal != NULL)
        tsr_dialog_preview_refuse (d.preview, refusal);
    }

  ok = gimp_procedure_dialog_run (d.dialog);

  g_signal_handlers_disconnect_by_data (tsr_dialog_groups_notebook (d.groups), &d);
  if (d.fit_idle != 0)
    g_source_remove (d.fit_idle);
  tsr_dialog_report_free (d.report);
  tsr_palette_follow_free (d.palettes);
  tsr_dialog_preview_free (d.preview);
  tsr_dialog_groups_free (d.groups);
  gtk_widget_destroy (GTK_WIDGET (d.dialog));
  g_list_free (main_ids);
  return ok;
}
