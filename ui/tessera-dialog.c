/* The plug-in's dialog: a GimpProcedureDialog built from the procedure's
 * arguments (which procedure-args.c derives from the core's tables), so
 * Reset, Load/Save Settings and last-used values come with it.  Added by
 * hand only what no argument gives: the preview, the "Tiled 2x2" view,
 * the pattern thumbnails, the presets, "New seed" and the gradient chooser.
 *
 *   [ preview        ] [ Pattern  ] [ Marble / Wood ]
 *   [ [x] tiled 2x2  ] [ Noise    ] [ Tiling        ]
 *                                   [ Color         ]
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "config-writer.h"
#include "dialog-groups.h"
#include "dialog-preview.h"
#include "gradient-widget.h"
#include "mnemonic.h"
#include "param-rules.h"
#include "pattern-thumbnails.h"
#include "preset-buttons.h"
#include "procedure-args.h"
#include "settings-from-config.h"
#include "tessera-dialog.h"

#define THUMBNAIL_SIZE 48

/* Which column each group's frame goes in: the groups come from the
 * core's table, the layout is the dialog's.  Pattern and noise on the left;
 * a pattern's own group, tiling and colour on the right. */
static int
group_column (TsrParamGroup group)
{
  return group == TSR_GROUP_PATTERN || group == TSR_GROUP_NOISE ? 0 : 1;
}

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

/* "New seed", with a mnemonic free in the dialog and Ctrl+N, a shortcut
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

/* The Pattern frame: thumbnails in the selector, the presets under it, and
 * "New seed" beside the seed. */
static void
dress_pattern_group (GimpProcedureDialog *dialog, GimpProcedureConfig *config,
                     GtkWidget *box, TsrMnemonics *mnemonics)
{
  GtkWidget  *pattern = gimp_procedure_dialog_get_widget (dialog, TSR_ARG_PATTERN,
                                                          GTK_TYPE_COMBO_BOX);
  GtkWidget  *seed = gimp_procedure_dialog_get_widget (dialog, tsr_params[TSR_P_SEED].name,
                                                       G_TYPE_NONE);
  GtkWidget  *combo = GIMP_IS_LABEL_STRING_WIDGET (pattern)
                      ? gimp_label_string_widget_get_widget (GIMP_LABEL_STRING_WIDGET (pattern))
                      : NULL;
  GtkWidget  *presets, *row;

  if (GTK_IS_COMBO_BOX (combo))
    {
      GHashTable *thumbnails = tsr_pattern_thumbnails_new (THUMBNAIL_SIZE);
      tsr_pattern_thumbnails_attach (GTK_COMBO_BOX (combo), thumbnails);
      g_hash_table_unref (thumbnails);
    }

  presets = tsr_preset_buttons_new (config);
  gtk_box_pack_start (GTK_BOX (box), presets, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (box), presets, 1);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_object_ref (seed);
  gtk_container_remove (GTK_CONTAINER (box), seed);
  gtk_box_pack_start (GTK_BOX (row), seed, TRUE, TRUE, 0);
  g_object_unref (seed);
  gtk_box_pack_start (GTK_BOX (row), new_seed_button (dialog, config, mnemonics),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), row, FALSE, FALSE, 0);
  gtk_widget_show_all (row);
}

/* The Color frame: GIMP's gradient chooser after the palette, labelled
 * with the `gradient` argument's label. */
static void
dress_color_group (GimpProcedureConfig *config, GtkWidget *box, TsrMnemonics *mnemonics)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config),
                                                    TSR_ARG_GRADIENT);
  char       *plain, *label;
  GtkWidget  *gradient;

  /* The argument's own mnemonic was chosen within its group; choose one
   * free in the whole dialog instead. */
  plain = tsr_mnemonics_strip (pspec != NULL ? g_param_spec_get_nick (pspec) : _("Gradient"));
  label = tsr_mnemonics_label (mnemonics, plain);
  gradient = tsr_gradient_widget_new (config, label);
  g_free (plain);
  g_free (label);

  gtk_box_pack_start (GTK_BOX (box), gradient, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (box), gradient, 1);
}

gboolean
tessera_dialog_run (GimpProcedure       *procedure,
                    GimpProcedureConfig *config,
                    GimpDrawable        *drawable)
{
  GimpProcedureDialog *dialog;
  TsrDialogGroups     *groups;
  TsrDialogPreview    *preview = NULL;
  GList               *columns[2] = { NULL, NULL };
  GList               *main_ids = NULL;
  GtkWidget           *main_box;
  TsrMnemonics         mnemonics = { { 0 }, 0 };
  gboolean             ok;

  gimp_ui_init ("tessera");
  colors_from_context_on_first_use (config);

  dialog = GIMP_PROCEDURE_DIALOG (gimp_procedure_dialog_new (procedure, config,
                                                             _("Tessera Textures")));
  groups = tsr_dialog_groups_new (dialog, config);
  tsr_dialog_groups_used_mnemonics (groups, &mnemonics);
  dress_pattern_group (dialog, config, tsr_dialog_groups_get_box (groups, TSR_GROUP_PATTERN),
                       &mnemonics);
  dress_color_group (config, tsr_dialog_groups_get_box (groups, TSR_GROUP_COLOR), &mnemonics);

  if (drawable != NULL)
    {
      preview = tsr_dialog_preview_new (dialog, config, drawable, &mnemonics);
      main_ids = g_list_append (main_ids, (gpointer) "tessera-preview-box");
    }
  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    {
      int c = group_column ((TsrParamGroup) group);
      columns[c] = g_list_append (columns[c],
                                  (gpointer) tsr_dialog_group_id (groups, (TsrParamGroup) group));
    }
  for (int c = 0; c < 2; c++)
    {
      char      *id = g_strdup_printf ("tessera-column-%d", c);
      GtkWidget *column = gimp_procedure_dialog_fill_box_list (dialog, id, columns[c]);

      gtk_widget_set_valign (column, GTK_ALIGN_START);
      g_free (id);
    }
  main_ids = g_list_append (main_ids, (gpointer) "tessera-column-0");
  main_ids = g_list_append (main_ids, (gpointer) "tessera-column-1");

  main_box = gimp_procedure_dialog_fill_box_list (dialog, "tessera-main", main_ids);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (main_box), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (main_box), 12);
  gimp_procedure_dialog_fill (dialog, "tessera-main", NULL);

  /* fill_box shows every child: hide again what does not apply. */
  tsr_dialog_groups_update (groups);

  ok = gimp_procedure_dialog_run (dialog);

  tsr_dialog_preview_free (preview);
  tsr_dialog_groups_free (groups);
  gtk_widget_destroy (GTK_WIDGET (dialog));
  g_list_free (columns[0]);
  g_list_free (columns[1]);
  g_list_free (main_ids);
  return ok;
}
