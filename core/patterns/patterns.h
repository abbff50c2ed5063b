/* The patterns: a file (pattern-*.c) defines a TsrPattern named
 * tsr_pattern_NAME, and one line of param-list.h's TSR_PATTERNS lists it;
 * the table below is generated from that list, and the build compiles the
 * files it names.  Which parameters a pattern reads follows from
 * its basis and its own group (params.h): nothing is listed twice. */
#ifndef TSR_PATTERNS_H
#define TSR_PATTERNS_H

#include <glib.h>
#include "noise/noise.h"
#include "params/params.h"
#include "color/ramp.h"

G_BEGIN_DECLS

typedef struct _TsrTexture TsrTexture;

/* Maximum samples per evaluation call: scratch space lives on the stack. */
#define TSR_CHUNK 256

/* The pattern sums octaves of the `basis` parameter's noise. */
#define TSR_BASIS_CHOSEN (-1)

/* Prepare (once per texture, settings already validated) the pattern's
 * state, tex->state (state_size bytes, zeroed); see texture-internal.h. */
typedef void (*TsrPatternPrepare) (TsrTexture *tex);
/* Evaluate n <= TSR_CHUNK samples at texture coordinates (x[i], y[i]), in
 * pixels of the texture canvas (after domain warp), into out[i] in [0, 1]. */
typedef void (*TsrPatternEval) (const TsrTexture *tex,
                                const double *x, const double *y,
                                gsize n, float *out);

/* The same values (bit for bit) and their gradient per pixel of the
 * texture coordinates, gx[i] = d out / dx, gy[i] = d out / dy, computed
 * analytically (noise gradients through the pattern's recipe). */
typedef void (*TsrPatternEvalGrad) (const TsrTexture *tex,
                                    const double *x, const double *y,
                                    gsize n, float *out, float *gx, float *gy);

/* eval (the same bits) of `rows` rows of n <= TSR_CHUNK samples, row k at
 * (x[i], y[k]) into out + k * stride: a block of texture rows (no domain
 * warp) shares the work that depends on x alone.  With gx and gy not NULL,
 * eval_grad's gradient too, at the same places. */
typedef void (*TsrPatternEvalRows) (const TsrTexture *tex, const double *x,
                                    const double *y, gsize rows, gsize n,
                                    float *out, float *gx, float *gy,
                                    gsize stride);

/* Each of n <= TSR_CHUNK points' piece's own two random numbers for the
 * colours' drift (color-drift.h), hue[i] and sat[i] in [-1, 1], at texture
 * positions (x[i], y[i]) (moved as eval's are), whose colour values (the
 * ramp's positions) are v[i]: 0 where the point is not on a piece (the
 * mortar). */
typedef void (*TsrPatternPieceTint) (const TsrTexture *tex, const double *x,
                                     const double *y, gsize n, const float *v,
                                     float *hue, float *sat);

/* How rough a pattern's surface is where its value is 0 and where it is
 * 1, as fractions of the user's range (roughness-min .. roughness-max),
 * linearly between: the parts the palettes draw dark (marble's veins,
 * wood's latewood lines and pores) are a pattern's low values. */
typedef struct
{
  float at_0, at_1;
} TsrRoughness;
/* Whether the settings make a texture the pattern can draw at the
 * texture's resolved tile period (tex->period_w, tex->period_h; called
 * before prepare): FALSE with an error naming the impossible combination
 * (a count a layout cannot tile, a gap wider than the pieces). */
typedef gboolean (*TsrPatternCheck) (const TsrTexture *tex, GError **error);

/* Which tile sets (tile-set.h) a pattern makes.  It can when every field
 * it draws is lattice noise that tile sets fix near the edges, read within
 * a known reach of where it shows, or the same periodic function in every
 * tile (banded marble's stripes, water's wave sources and caustic
 * networks, wood's knots, eyes, years and trees, the layouts of bricks and
 * stones, whose pieces inside a tile take its own look). */
typedef enum
{
  TSR_TILE_SETS_NONE,       /* no tile set */
  TSR_TILE_SETS_VARIANTS,   /* variants, not corner tiles */
  TSR_TILE_SETS_ALL         /* variants and corner (Wang) tiles */
} TsrTileSets;

/* Patterns define theirs with designated initialisers: a field left out
 * is NULL or 0, and each field's comment says what that means. */
typedef struct
{
  const char       *name;         /* "marble" */
  const char       *label;        /* N_("Marble") */
  const char       *description;  /* N_(...) */
  int               basis;        /* a TsrBasis, or TSR_BASIS_CHOSEN */
  int               own_group;    /* TsrParamGroup of its own parameters, or -1 */
  TsrPalette        palette;      /* what palette=auto means for it */
  gsize             state_size;   /* bytes of tex->state */
  /* NULL: state_size; else the bytes of tex->state for this texture (its
   * settings and period resolved, called before prepare): a pattern
   * that keeps a table of its tile's cells in its state */
  gsize           (*state_size_for) (const TsrTexture *tex);
  TsrPatternPrepare prepare;
  TsrPatternEval    eval;
  /* NULL where the recipe has edges everywhere, and a texture may say so
   * too (tex->slopes_over_pixel: banded marble): the maps then take the
   * slope of the pure function over each pixel, from its values at the
   * pixel's corners. */
  TsrPatternEvalGrad eval_grad;
  /* NULL: eval (eval_grad) row by row; set only with eval_grad */
  TsrPatternEvalRows eval_rows;
  /* NULL: roughness follows the value (0: smoothest, 1: roughest). */
  const TsrRoughness *roughness;
  /* NULL, or what palette=auto means for these parameter values (a style
   * with colours of its own): `palette` then only stands for them in the
   * parameters' rules, which tell no two palettes apart */
  TsrPalette (*style_palette) (const double *value);
  /* NULL: every valid setting can be drawn at any size */
  TsrPatternCheck   check;
  /* The tile sets it makes; 0, none. */
  TsrTileSets       tile_sets;
  /* NULL, or what these settings cannot make of the tile set asked for,
   * in the pattern's own words (wood's burl makes no corner tiles). */
  TsrPatternCheck   tile_check;
  /* An owned group it reads besides its own, shared with the pattern that
   * owns it (bricks reads stones' pieces); 0, the shared PATTERN group,
   * for none. */
  int               second_group;
  /* Groups of other patterns it reads while one of its choices makes a
   * part of it that pattern (bricks' face=wood reads the wood group): the
   * group, the choice parameter and the choice; a group of 0 ends the
   * list.  Their parameters apply only then (tsr_pattern_param_applies). */
  struct
  {
    int        group;
    TsrParamId input;
    int        choice;
  }                 borrows[3];
  /* FALSE: the value is both the height and the ramp's position.  TRUE:
   * the values are heights (height, normal, occlusion, curvature), and
   * with tex->color_values set the ramp's positions instead (texture.c
   * keeps a view of each kind): colour and relief apart, as for bricks,
   * whose tone does not lower a piece. */
  gboolean          color_apart;
  /* NULL: the colours drift by the fields alone; else each pixel's own
   * hue and saturation numbers besides (a brick's, a wood fibre's) */
  TsrPatternPieceTint piece_tint;
} TsrPattern;

extern const TsrPattern *const tsr_patterns[];
extern const guint             tsr_n_patterns;

const TsrPattern *tsr_pattern_lookup (const char *name);   /* NULL if unknown */
int               tsr_pattern_index  (const char *name);   /* -1 if unknown */

/* Whether the pattern reads the parameter at all (for some value of the
 * others). */
gboolean          tsr_pattern_uses   (const TsrPattern *pattern, TsrParamId id);

/* What the parameters' `when` rules read (params.h): the choice index of
 * every choice parameter, and whether a ramp overrides the palette. */
typedef struct
{
  int      choice[TSR_P_COUNT];   /* TSR_TYPE_CHOICE parameters only */
  gboolean ramp;
} TsrWhenChoices;

/* Every choice at its default, no ramp. */
TsrWhenChoices    tsr_when_defaults  (void);

/* Sets the choice of the choice parameter id. */
void              tsr_when_set       (TsrWhenChoices *c, TsrParamId id, int choice);

/* The choice of parameter `input` in effect in the pattern when `chosen`
 * is picked, -1 for none: a pattern built on one basis keeps it whatever
 * the basis parameter says, palette auto is the pattern's own palette, and
 * a ramp leaves no palette in effect.  Any other choice is as chosen. */
int               tsr_pattern_choice_in_effect (const TsrPattern *pattern, TsrParamId input,
                                                int chosen, gboolean ramp);

/* Whether the pattern reads the parameter through one of its borrowed
 * groups (TsrPattern.borrows): TRUE with the choice parameter and the
 * choice that make it read. */
gboolean          tsr_pattern_borrows (const TsrPattern *pattern, TsrParamId id,
                                       TsrParamId *input, int *choice);

/* Whether the parameter changes the pattern's pixels given those choices:
 * its pattern reads it, its `when` rule holds, and for a borrowed one the
 * borrowing choice is made. */
gboolean          tsr_pattern_param_applies (const TsrPattern *pattern, TsrParamId id,
                                             const TsrWhenChoices *c);

/* The choices of the parameter its rule reads (tsr_param_when_input) for
 * which parameter id has an effect in the pattern, the other choices at
 * their defaults (a borrowed parameter's borrowing choice made): bit c
 * for choice c.  0 when it has none; when its rule
 * reads no choice, bit 0 whenever it has an effect. */
guint32           tsr_pattern_param_choices (const TsrPattern *pattern, TsrParamId id);

/* The palette in effect when `chosen` is picked (auto: the pattern's own). */
TsrPalette        tsr_pattern_palette (const TsrPattern *pattern, TsrPalette chosen);

G_END_DECLS

#endif
