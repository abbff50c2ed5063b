/* The parameters of every pattern, described once, as data.
 *
 * The CLI's `list` and KEY=VALUE parser, the plug-in's PDB arguments and
 * the dialog's widgets are all generated from tsr_params[]: adding a
 * parameter is adding one entry here (and reading it in a pattern). */
#ifndef TSR_PARAMS_H
#define TSR_PARAMS_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  /* common to every pattern */
  TSR_P_SEED,
  TSR_P_TILEABLE,
  TSR_P_PERIOD_W,
  TSR_P_PERIOD_H,
  TSR_P_DISTORTION,
  /* noise and fractal */
  TSR_P_BASIS,
  TSR_P_SCALE,
  TSR_P_OCTAVES,
  TSR_P_PERSISTENCE,
  TSR_P_LACUNARITY,
  TSR_P_INTERPOLATION,
  TSR_P_SMOOTHING,
  TSR_P_CELLS_MODE,
  TSR_P_JITTER,
  /* marble */
  TSR_P_VEINS,
  TSR_P_VEIN_ANGLE,
  TSR_P_VEIN_SHARPNESS,
  TSR_P_TURBULENCE,
  /* wood */
  TSR_P_RINGS,
  TSR_P_RING_NOISE,
  TSR_P_GRAIN,
  TSR_P_GRAIN_STRETCH,
  TSR_P_CENTER_X,
  TSR_P_CENTER_Y,
  /* colour */
  TSR_P_PALETTE,
  TSR_P_COLOR1,
  TSR_P_COLOR2,
  TSR_P_REVERSE,
  TSR_P_COUNT
} TsrParamId;

typedef enum
{
  TSR_TYPE_DOUBLE,
  TSR_TYPE_INT,
  TSR_TYPE_BOOL,
  TSR_TYPE_CHOICE,
  TSR_TYPE_COLOR
} TsrParamType;

/* Where a parameter sits in the dialog. */
typedef enum
{
  TSR_GROUP_PATTERN,
  TSR_GROUP_NOISE,
  TSR_GROUP_MARBLE,
  TSR_GROUP_WOOD,
  TSR_GROUP_TILING,
  TSR_GROUP_COLOR,
  TSR_GROUP_COUNT
} TsrParamGroup;

typedef struct
{
  const char *name;    /* machine name, e.g. "quintic" */
  const char *label;   /* translatable (N_), e.g. "Quintic" */
} TsrChoice;

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
  double           min, max;     /* inclusive; choices: 0..n-1, bools 0..1 */
  double           def;          /* default (choice: index) */
  const TsrChoice *choices;      /* TSR_TYPE_CHOICE only */
  guint            n_choices;
  TsrColor         def_color;    /* TSR_TYPE_COLOR only */
} TsrParamSpec;

extern const TsrParamSpec tsr_params[TSR_P_COUNT];

const TsrParamSpec *tsr_param_lookup (const char *name);
const char         *tsr_param_group_label (TsrParamGroup group); /* N_ */

/* Index of a choice by name, or -1. */
int                 tsr_param_choice_index (const TsrParamSpec *spec,
                                            const char *name);

G_END_DECLS

#endif
