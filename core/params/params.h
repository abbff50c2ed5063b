/* The parameters of every pattern, as data generated from param-list.h.
 *
 * The CLI's `list` and KEY=VALUE parser, the plug-in's PDB arguments and
 * the dialog's widgets are all generated from tsr_params[]. */
#ifndef TSR_PARAMS_H
#define TSR_PARAMS_H

#include <glib.h>

#include "params/choice.h"
#include "noise/noise.h"
#include "params/param-list.h"

G_BEGIN_DECLS

#define TSR_PARAM_ID_NUMBER(group, ID, ...) TSR_P_##ID,
#define TSR_PARAM_ID_CHOICE(group, ID, ...) TSR_P_##ID,
#define TSR_PARAM_ID_COLOR(group, ID, ...)  TSR_P_##ID,
typedef enum
{
  TSR_PARAMS (TSR_PARAM_ID_NUMBER, TSR_PARAM_ID_CHOICE, TSR_PARAM_ID_COLOR)
  TSR_P_COUNT
} TsrParamId;
#undef TSR_PARAM_ID_NUMBER
#undef TSR_PARAM_ID_CHOICE
#undef TSR_PARAM_ID_COLOR

typedef enum
{
  TSR_TYPE_DOUBLE,
  TSR_TYPE_INT,
  TSR_TYPE_BOOL,
  TSR_TYPE_CHOICE,
  TSR_TYPE_COLOR
} TsrParamType;
#define TSR_TYPE_COUNT (TSR_TYPE_COLOR + 1)

/* Where a parameter sits in the dialog. */
#define TSR_GROUP_ID(ID, ...) TSR_GROUP_##ID,
typedef enum
{
  TSR_PARAM_GROUPS (TSR_GROUP_ID)
  TSR_GROUP_COUNT
} TsrParamGroup;
#undef TSR_GROUP_ID

/* When a parameter has an effect (for the pattern that reads it): a rule
 * is data, read the same way by every front-end (patterns.h). */
typedef enum
{
  TSR_WHEN_ALWAYS,
  TSR_WHEN_FRACTAL,  /* the pattern sums octaves of a chosen basis */
  TSR_WHEN_NO_RAMP,  /* no ramp (a GIMP gradient) overrides the palette */
  TSR_WHEN_CHOICE    /* another parameter's choice in effect is one of a set */
} TsrWhenKind;

typedef struct
{
  TsrWhenKind kind;
  TsrParamId  input;    /* TSR_WHEN_CHOICE: the choice parameter it reads */
  guint32     choices;  /* ... and the choices it applies for, bit c for choice c */
} TsrParamWhen;

/* The WHEN column of param-list.h: ALWAYS, FRACTAL, NO_RAMP, or
 * IF (INPUT, choice, ...): when the choice in effect of parameter INPUT is
 * one of up to seven enum values. */
#define TSR_WHEN_COLUMN_ALWAYS  { TSR_WHEN_ALWAYS, TSR_P_COUNT, 0 }
#define TSR_WHEN_COLUMN_FRACTAL { TSR_WHEN_FRACTAL, TSR_P_COUNT, 0 }
#define TSR_WHEN_COLUMN_NO_RAMP { TSR_WHEN_NO_RAMP, TSR_P_COUNT, 0 }
#define TSR_WHEN_COLUMN_IF(INPUT, ...) \
  { TSR_WHEN_CHOICE, TSR_P_##INPUT, TSR_CHOICE_BITS (__VA_ARGS__) }
#define TSR_CHOICE_BIT(c) (1u << (c))
#define TSR_CHOICE_BITS_2(a, b)       (TSR_CHOICE_BIT (a) | TSR_CHOICE_BIT (b))
#define TSR_CHOICE_BITS_3(a, b, c)    (TSR_CHOICE_BITS_2 (a, b) | TSR_CHOICE_BIT (c))
#define TSR_CHOICE_BITS_4(a, b, c, d) (TSR_CHOICE_BITS_3 (a, b, c) | TSR_CHOICE_BIT (d))
#define TSR_CHOICE_BITS_5(a, b, c, d, e) (TSR_CHOICE_BITS_4 (a, b, c, d) | TSR_CHOICE_BIT (e))
#define TSR_CHOICE_BITS_6(a, b, c, d, e, f) \
  (TSR_CHOICE_BITS_5 (a, b, c, d, e) | TSR_CHOICE_BIT (f))
#define TSR_CHOICE_BITS_7(a, b, c, d, e, f, g) \
  (TSR_CHOICE_BITS_6 (a, b, c, d, e, f) | TSR_CHOICE_BIT (g))
#define TSR_CHOICE_BITS_PICK(_1, _2, _3, _4, _5, _6, _7, NAME, ...) NAME
#define TSR_CHOICE_BITS(...)                                                    \
  TSR_CHOICE_BITS_PICK (__VA_ARGS__, TSR_CHOICE_BITS_7, TSR_CHOICE_BITS_6,      \
                        TSR_CHOICE_BITS_5,                                      \
                        TSR_CHOICE_BITS_4, TSR_CHOICE_BITS_3, TSR_CHOICE_BITS_2, \
                        TSR_CHOICE_BIT, _) (__VA_ARGS__)

typedef struct
{
  const char    *name;    /* "marble" */
  const char    *label;   /* N_ */
  gboolean       owned;   /* holds one pattern's own parameters */
} TsrGroupInfo;


typedef struct
{
  float r, g, b, a;    /* non-linear sRGB, 0..1 */
} TsrColor;

typedef struct
{
  TsrParamId       id;
  const char      *name;         /* CLI key and PDB argument: [a-z0-9-]+ */
  const char      *label;        /* translatable (N_) */
  const char      *description;  /* translatable (N_) */
  TsrParamType     type;
  TsrParamGroup    group;
  TsrParamWhen     when;
  double           min, max;     /* inclusive; choices: 0..n-1, bools 0..1 */
  double           def;          /* default (choice: index) */
  const TsrChoice *choices;      /* TSR_TYPE_CHOICE only */
  guint            n_choices;
  TsrColor         def_color;    /* TSR_TYPE_COLOR only */
} TsrParamSpec;

extern const TsrParamSpec tsr_params[TSR_P_COUNT];

/* The choice parameters' enums and choices, in the order of the enums
 * (param-list.h; the bases', interpolations' and cell distances' are in
 * noise.h, the palettes' in ramp.h). */
#define TSR_CHOICE_DECLARE(Type, names, LIST, COUNT) \
  TSR_CHOICE_ENUM (Type, LIST, COUNT) extern const TsrChoice names[COUNT];
TSR_CHOICE_LISTS (TSR_CHOICE_DECLARE)
#undef TSR_CHOICE_DECLARE

extern const TsrChoice tsr_interp_choices[TSR_INTERP_COUNT];
extern const TsrChoice tsr_cells_choices[TSR_CELLS_COUNT];
extern const TsrChoice tsr_palette_choices[];   /* ramp.h: TSR_PALETTE_COUNT */

const TsrParamSpec *tsr_param_lookup (const char *name);

/* A colour from another space's conversion, whose rounding may land a hair
 * outside 0 .. 1 (which the core refuses), clamped into range. */
TsrColor            tsr_color_clamped (const float rgba[4]);
const TsrGroupInfo *tsr_param_group (TsrParamGroup group);
const char         *tsr_param_group_label (TsrParamGroup group); /* N_ */

/* Index of a choice by name, or -1. */
int                 tsr_param_choice_index (const TsrParamSpec *spec,
                                            const char *name);

/* The parameter whose choice the rule `when` reads (basis, palette, ...),
 * or TSR_P_COUNT when it reads none: a dialog re-checks its rules when that
 * parameter changes. */
TsrParamId          tsr_param_when_input (TsrParamWhen when);

/* ---- by type: the one place that knows what each type means as text -- */

/* "number", "integer", "boolean", "choice", "color". */
const char *tsr_param_type_name (TsrParamType type);

/* The values a parameter takes, for people: "0 .. 1", "perlin, simplex",
 * "true, false", "#rrggbb, #rrggbbaa, black, white". */
char       *tsr_param_range_text (const TsrParamSpec *spec);

G_END_DECLS

#endif
