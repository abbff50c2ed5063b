/* The parameter frames: see dialog-groups.h.
 *
 * No widget is built by hand: each parameter's widget is the one
 * GimpProcedureDialog derives from its argument, asked for as a spin scale
 * (numbers with a slider-sized range), a label spin (seed, tile sizes), a
 * combo box (choices), a check button or a colour button. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "dialog-groups.h"
#include "param-rules.h"
#include "procedure-args.h"
#include "tile-set-options.h"

/* Ranges wider than this get a spin button, not a slider. */
#define SLIDER_MAX_RANGE 4096.0
/* Sliders of wider ranges (scale: 1 .. 16384 pixels) cover this much,
 * with a gamma so small values get most of the travel; the spin button
 * still takes any value. */
#define SLIDER_SOFT_MAX 1024.0

struct _TsrDialogGroups
{
  char                *group_ids[TSR_GROUP_COUNT];   /* "tessera-group-NAME" */
  GimpProcedureDialog *dialog;
  GimpProcedureConfig *config;
  GtkWidget           *frames[TSR_GROUP_COUNT];
  GtkWidget           *boxes[TSR_GROUP_COUNT];
  GtkWidget           *widgets[TSR_P_COUNT];
  GtkWidget           *set_widgets[TSR_SET_ARGS];   /* tile-set-options.h */
  GtkWidget           *pattern;
};

const char *
tsr_dialog_group_id (TsrDialogGroups *g, TsrParamGroup group)
{
  return (guint) group < TSR_GROUP_COUNT ? g->group_ids[group] : NULL;
}

static GtkWidget *
param_widget (GimpProcedureDialog *dialog, const TsrParamSpec *spec)
{
  GtkWidget *w;

  switch (spec->type)
    {
    case TSR_TYPE_INT:
    case TSR_TYPE_DOUBLE:
      if (spec->max - spec->min > SLIDER_MAX_RANGE && spec->type == TSR_TYPE_INT)
        return gimp_procedure_dialog_get_widget (dialog, spec->name, GIMP_TYPE_LABEL_SPIN);
      w = gimp_procedure_dialog_get_widget (dialog, spec->name, GIMP_TYPE_SPIN_SCALE);
      if (spec->max - spec->min > SLIDER_MAX_RANGE && GIMP_IS_SPIN_SCALE (w))
        {
          gimp_spin_scale_set_scale_limits (GIMP_SPIN_SCALE (w), spec->min,
                                            MIN (spec->max, spec->min + SLIDER_SOFT_MAX));
          gimp_spin_scale_set_gamma (GIMP_SPIN_SCALE (w), 2.0);
        }
      return w;
    case TSR_TYPE_CHOICE:
      return gimp_procedure_dialog_get_widget (dialog, spec->name, GTK_TYPE_COMBO_BOX);
    case TSR_TYPE_BOOL:
    case TSR_TYPE_COLOR:
    default:
      return gimp_procedure_dialog_get_widget (dialog, spec->name, G_TYPE_NONE);
    }
}

/* A group whose first parameter is a switch (Tiling: "tileable") gets it
 * as the frame's title, which makes the rest sensitive only when on. */
static const TsrParamSpec *
title_switch (TsrParamGroup group)
{
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].group == group)
      return tsr_params[i].type == TSR_TYPE_BOOL ? &tsr_params[i] : NULL;
  return NULL;
}

TsrDialogGroups *
tsr_dialog_groups_new (GimpProcedureDialog *dialog, GimpProcedureConfig *config)
{
  TsrDialogGroups *g = g_new0 (TsrDialogGroups, 1);
  gboolean         watched[TSR_P_COUNT] = { FALSE };

  g->dialog = dialog;
  g->config = g_object_ref (config);
  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    g->group_ids[group] = g_strconcat ("tessera-group-",
                                       tsr_param_group ((TsrParamGroup) group)->name, NULL);

  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    {
      const TsrParamSpec *title = title_switch ((TsrParamGroup) group);
      char               *box_id = g_strconcat (g->group_ids[group], "-box", NULL);
      char               *title_id = NULL;
      GList              *names = NULL;

      /* The pattern selector heads the Pattern group. */
      if (group == TSR_GROUP_PATTERN)
        names = g_list_append (names, (gpointer) TSR_ARG_PATTERN);
      for (guint i = 0; i < TSR_P_COUNT; i++)
        if (tsr_params[i].group == (TsrParamGroup) group && &tsr_params[i] != title)
          {
            g->widgets[i] = param_widget (dialog, &tsr_params[i]);
            names = g_list_append (names, (gpointer) tsr_params[i].name);
          }
      /* The plug-in's own options where they belong. */
      if (group == TSR_GROUP_SURFACE)
        {
          names = g_list_append (names, (gpointer) TSR_ARG_MATERIAL);
          names = g_list_append (names, (gpointer) TSR_ARG_MATERIAL_NAMING);
        }
      if (group == TSR_GROUP_ANIMATION)
        names = g_list_append (names, (gpointer) TSR_ARG_FRAMES);
      if (group == TSR_GROUP_TILING)
        {
          for (guint k = 0; k < TSR_SET_ARGS; k++)
            {
              g->set_widgets[k] = param_widget (dialog, &tsr_tile_set_args[k]);
              names = g_list_append (names, (gpointer) tsr_tile_set_args[k].name);
            }
        }
      if (group == TSR_GROUP_PATTERN)
        g->pattern = gimp_procedure_dialog_get_widget (dialog, TSR_ARG_PATTERN,
                                                       GTK_TYPE_COMBO_BOX);

      g->boxes[group] = gimp_procedure_dialog_fill_box_list (dialog, box_id, names);
      if (title != NULL)
        {
          g->widgets[title->id] = param_widget (dialog, title);
          title_id = g_strdup (title->name);
        }
      else
        {
          title_id = g_strconcat (g->group_ids[group], "-title", NULL);
          gimp_procedure_dialog_get_label (dialog, title_id,
                                           _(tsr_param_group_label ((TsrParamGroup) group)),
                                           FALSE, FALSE);
        }
      g->frames[group] = gimp_procedure_dialog_fill_frame (dialog, g->group_ids[group],
                                                           title_id, FALSE, box_id);
      g_list_free (names);
      g_free (box_id);
      g_free (title_id);
    }

  g_signal_connect_swapped (config, "notify::" TSR_ARG_PATTERN,
                            G_CALLBACK (tsr_dialog_groups_update), g);
  g_signal_connect_swapped (config, "notify::" TSR_ARG_GRADIENT,
                            G_CALLBACK (tsr_dialog_groups_update), g);
  {
    char *signal = g_strconcat ("notify::", tsr_tile_set_args[TSR_SET_ARG_KIND].name, NULL);

    g_signal_connect_swapped (config, signal, G_CALLBACK (tsr_dialog_groups_update), g);
    g_free (signal);
  }
  /* Re-check the rules when a parameter they read changes: a rule's
   * input, or the choice that makes a pattern borrow a group (face). */
  for (guint i = 0; i < TSR_P_COUNT * (tsr_n_patterns + 1); i++)
    {
      const TsrParamId id = (TsrParamId) (i % TSR_P_COUNT);
      const guint p = i / TSR_P_COUNT;
      TsrParamId input = tsr_param_when_input (tsr_params[id].when);
      int choice;

      if (p > 0 && !tsr_pattern_borrows (tsr_patterns[p - 1], id, &input, &choice))
        continue;

      if (input != TSR_P_COUNT && !watched[input])
        {
          char *signal = g_strconcat ("notify::", tsr_params[input].name, NULL);
          g_signal_connect_swapped (config, signal, G_CALLBACK (tsr_dialog_groups_update), g);
          g_free (signal);
          watched[input] = TRUE;
        }
    }
  tsr_dialog_groups_update (g);
  return g;
}

void
tsr_dialog_groups_free (TsrDialogGroups *g)
{
  if (g == NULL)
    return;
  g_signal_handlers_disconnect_by_data (g->config, g);
  g_object_unref (g->config);
  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    g_free (g->group_ids[group]);
  g_free (g);
}

GtkWidget *
tsr_dialog_groups_get_box (TsrDialogGroups *g, TsrParamGroup group)
{
  return (guint) group < TSR_GROUP_COUNT ? g->boxes[group] : NULL;
}

static guint
widget_mnemonic (GtkWidget *w)
{
  GList *labels;
  guint  keyval = GDK_KEY_VoidSymbol;

  if (GIMP_IS_LABELED (w))
    return gtk_label_get_mnemonic_keyval (GTK_LABEL (gimp_labeled_get_label (GIMP_LABELED (w))));
  if (GIMP_IS_SPIN_SCALE (w))
    return gimp_spin_scale_get_mnemonic_keyval (GIMP_SPIN_SCALE (w));
  labels = gtk_widget_list_mnemonic_labels (w);
  if (labels != NULL && GTK_IS_LABEL (labels->data))
    keyval = gtk_label_get_mnemonic_keyval (GTK_LABEL (labels->data));
  g_list_free (labels);
  return keyval;
}

void
tsr_dialog_groups_used_mnemonics (TsrDialogGroups *g, TsrMnemonics *m)
{
  /* GimpProcedureDialog's buttons (OK, Cancel, Reset, Help, Load/Save
   * Settings) and the preview's "Preview". */
  tsr_mnemonics_use_all (m, TSR_MNEMONICS_BUTTONS TSR_MNEMONIC_PREVIEW);
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (g->widgets[i] != NULL)
      tsr_mnemonics_use (m, gdk_keyval_to_unicode (widget_mnemonic (g->widgets[i])));
  for (guint k = 0; k < TSR_SET_ARGS; k++)
    if (g->set_widgets[k] != NULL)
      tsr_mnemonics_use (m, gdk_keyval_to_unicode (widget_mnemonic (g->set_widgets[k])));
  if (g->pattern != NULL)
    tsr_mnemonics_use (m, gdk_keyval_to_unicode (widget_mnemonic (g->pattern)));
}

static int
choice_index (GimpProcedureConfig *config, const char *name)
{
  return gimp_procedure_config_get_choice_id (config, name);
}

void
tsr_dialog_groups_update (TsrDialogGroups *g)
{
  TsrRuleState st;
  char        *gradient = NULL;
  int          pattern = choice_index (g->config, TSR_ARG_PATTERN);

  g_object_get (g->config, TSR_ARG_GRADIENT, &gradient, NULL);
  st.pattern = pattern >= 0 ? (guint) pattern : 0;
  st.choices = tsr_when_defaults ();
  for (guint i = 0; i < TSR_P_COUNT; i++)
    if (tsr_params[i].type == TSR_TYPE_CHOICE)
      tsr_when_set (&st.choices, (TsrParamId) i, choice_index (g->config, tsr_params[i].name));
  st.choices.ramp = gradient != NULL && gradient[0] != '\0';
  g_free (gradient);

  for (guint i = 0; i < TSR_P_COUNT; i++)
    {
      gboolean applies = tsr_rule_param_applies (&st, (TsrParamId) i);

      if (g->widgets[i] == NULL)
        continue;
      /* Colours stay in view (greyed): the frame keeps its shape as the
       * palette changes.  Elsewhere what does not apply goes away. */
      if (tsr_params[i].group == TSR_GROUP_COLOR)
        gtk_widget_set_sensitive (g->widgets[i], applies);
      else
        gtk_widget_set_visible (g->widgets[i], applies);
    }
  /* the set's own arguments: what the chosen set reads */
  for (guint k = 0; k < TSR_SET_ARGS; k++)
    gtk_widget_set_visible (g->set_widgets[k],
                            tsr_tile_set_arg_applies (
                              choice_index (g->config, tsr_tile_set_args[TSR_SET_ARG_KIND].name),
                              k));
  for (int group = 0; group < TSR_GROUP_COUNT; group++)
    gtk_widget_set_visible (g->frames[group],
                            tsr_rule_group_applies (&st, (TsrParamGroup) group));
}
