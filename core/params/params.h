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
 * one of the enum values listed, any number of them. */
#define TSR_WHEN_COLUMN_ALWAYS  { TSR_WHEN_ALWAYS, TSR_P_COUNT, 0 }
#define TSR_WHEN_COLUMN_FRACTAL { TSR_WHEN_FRACTAL, TSR_P_COUNT, 0 }
#define TSR_WHEN_COLUMN_NO_RAMP { TSR_WHEN_NO_RAMP, TSR_P_COUNT, 0 }
#define TSR_WHEN_COLUMN_IF(INPUT, ...) \
  { TSR_WHEN_CHOICE, TSR_P_##INPUT, TSR_CHOICE_BITS (__VA_ARGS__) }
/* Any number of choices up to the 32 a mask holds (a choice of 32 or more
 * does not compile: the shift is too wide): TSR_CHOICE_BITS_k ORs the bit
 * of its first choice into those of the other k - 1. */
#define TSR_CHOICE_BIT(c) (1u << (c))
#define TSR_CHOICE_BITS_1(a) TSR_CHOICE_BIT (a)
#define TSR_CHOICE_BITS_2(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_1 (__VA_ARGS__))
#define TSR_CHOICE_BITS_3(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_2 (__VA_ARGS__))
#define TSR_CHOICE_BITS_4(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_3 (__VA_ARGS__))
#define TSR_CHOICE_BITS_5(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_4 (__VA_ARGS__))
#define TSR_CHOICE_BITS_6(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_5 (__VA_ARGS__))
#define TSR_CHOICE_BITS_7(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_6 (__VA_ARGS__))
#define TSR_CHOICE_BITS_8(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_7 (__VA_ARGS__))
#define TSR_CHOICE_BITS_9(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_8 (__VA_ARGS__))
#define TSR_CHOICE_BITS_10(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_9 (__VA_ARGS__))
#define TSR_CHOICE_BITS_11(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_10 (__VA_ARGS__))
#define TSR_CHOICE_BITS_12(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_11 (__VA_ARGS__))
#define TSR_CHOICE_BITS_13(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_12 (__VA_ARGS__))
#define TSR_CHOICE_BITS_14(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_13 (__VA_ARGS__))
#define TSR_CHOICE_BITS_15(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_14 (__VA_ARGS__))
#define TSR_CHOICE_BITS_16(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_15 (__VA_ARGS__))
#define TSR_CHOICE_BITS_17(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_16 (__VA_ARGS__))
#define TSR_CHOICE_BITS_18(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_17 (__VA_ARGS__))
#define TSR_CHOICE_BITS_19(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_18 (__VA_ARGS__))
#define TSR_CHOICE_BITS_20(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_19 (__VA_ARGS__))
#define TSR_CHOICE_BITS_21(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_20 (__VA_ARGS__))
#define TSR_CHOICE_BITS_22(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_21 (__VA_ARGS__))
#define TSR_CHOICE_BITS_23(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_22 (__VA_ARGS__))
#define TSR_CHOICE_BITS_24(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_23 (__VA_ARGS__))
#define TSR_CHOICE_BITS_25(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_24 (__VA_ARGS__))
#define TSR_CHOICE_BITS_26(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_25 (__VA_ARGS__))
#define TSR_CHOICE_BITS_27(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_26 (__VA_ARGS__))
#define TSR_CHOICE_BITS_28(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_27 (__VA_ARGS__))
#define TSR_CHOICE_BITS_29(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_28 (__VA_ARGS__))
#define TSR_CHOICE_BITS_30(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_29 (__VA_ARGS__))
#define TSR_CHOICE_BITS_31(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_30 (__VA_ARGS__))
#define TSR_CHOICE_BITS_32(a, ...) (TSR_CHOICE_BIT (a) | TSR_CHOICE_BITS_31 (__VA_ARGS__))
#define TSR_CHOICE_BITS_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, NAME, ...) NAME
#define TSR_CHOICE_BITS(...) \
  TSR_CHOICE_BITS_PICK (__VA_ARGS__, TSR_CHOICE_BITS_32, TSR_CHOICE_BITS_31, TSR_CHOICE_BITS_30, TSR_CHOICE_BITS_29, TSR_CHOICE_BITS_28, TSR_CHOICE_BITS_27, TSR_CHOICE_BITS_26, TSR_CHOICE_BITS_25, TSR_CHOICE_BITS_24, TSR_CHOICE_BITS_23, TSR_CHOICE_BITS_22, TSR_CHOICE_BITS_21, TSR_CHOICE_BITS_20, TSR_CHOICE_BITS_19, TSR_CHOICE_BITS_18, TSR_CHOICE_BITS_17, TSR_CHOICE_BITS_16, TSR_CHOICE_BITS_15, TSR_CHOICE_BITS_14, TSR_CHOICE_BITS_13, TSR_CHOICE_BITS_12, TSR_CHOICE_BITS_11, TSR_CHOICE_BITS_10, TSR_CHOICE_BITS_9, TSR_CHOICE_BITS_8, TSR_CHOICE_BITS_7, TSR_CHOICE_BITS_6, TSR_CHOICE_BITS_5, TSR_CHOICE_BITS_4, TSR_CHOICE_BITS_3, TSR_CHOICE_BITS_2, TSR_CHOICE_BITS_1, _) (__VA_ARGS__)

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
