/* What a texture must be to make a tile set (tile-set.h), and how many
 * tiles of it can differ. */
#include <math.h>
#include <string.h>

#include "texture/texture-internal.h"

/* Patterns whose every field is either lattice noise that tile sets fix
 * near the edges, read within a known reach of where it shows, or the
 * same periodic function in every tile (banded marble's stripes, water's
 * wave sources and caustic networks, wood's knots, eyes, years and trees,
 * and the plank's fibre, read along the growth lines; the layouts of
 * bricks and stones, whose pieces inside a tile take its own look). */
static const char *const tile_patterns[] = {
  "perlin", "simplex", "value", "cells", "clouds", "turbulence", "ridged", "marble", "water",
  "wood", "bricks", "stones",
};

static gboolean
pattern_takes_tiles (const TsrPattern *p)
{
  for (guint i = 0; i < G_N_ELEMENTS (tile_patterns); i++)
    if (strcmp (p->name, tile_patterns[i]) == 0)
      return TRUE;
  return FALSE;
}

static TsrBasis
texture_basis (const TsrTexture *tex)
{
  return tex->pattern->basis != TSR_BASIS_CHOSEN ? (TsrBasis) tex->pattern->basis
                                                 : (TsrBasis) tex->noise.basis;
}

guint
tsr_texture_tile_capacity (const TsrTexture *tex)
{
  TsrFractalSpec spec;
  TsrFractal f;
  double inside = 0.0;

  tsr_texture_fractal_spec (tex, TSR_FRACTAL_FBM, TSR_SALT_SIZE_CHECK, &spec);
  spec.basis = texture_basis (tex);
  if (tex->pattern->basis != TSR_BASIS_CHOSEN)
    spec.octaves = 1;   /* the plain bases */
  if (spec.tile.id == NULL)
    return 1;
  tsr_fractal_init (&f, &spec);
  for (guint o = 0; o < f.n_octaves; o++)
    inside += tsr_tile_map_inside (&f.oct[o].noise.tile);
  /* each inside point has at least 16 ways to be (Perlin's gradients) */
  return inside >= 8.0 ? G_MAXUINT : 1u << (guint) (4.0 * inside);
}

gboolean
tsr_tile_set_check (const TsrTexture *tex, GError **error)
{
  const char *what = tex->tile.kind == TSR_TILES_CORNERS ? "corner tiles" : "variants";

  if (!pattern_takes_tiles (tex->pattern))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: pattern %s cannot make tiles that fit (patterns that can: "
                   "perlin, simplex, value, cells, clouds, turbulence, ridged, marble, water, "
                   "wood, bricks, stones)",
                   what, tex->pattern->name);
      return FALSE;
    }
  if (tex->tile.kind == TSR_TILES_CORNERS && strcmp (tex->pattern->name, "value") == 0)
    {
      /* its turned lattice shows each point twice, half a tile apart */
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: pattern value makes variants but not corner tiles (clouds "
                   "basis=value octaves=1 does)", what);
      return FALSE;
    }
  if (tex->tile.kind == TSR_TILES_CORNERS && strcmp (tex->pattern->name, "wood") == 0
      && tex->s.value[TSR_P_CUT] == TSR_WOOD_BURL)
    {
      /* an eye's cell past an edge is the cell a tile back (wood-burl.c),
       * whose cluster a corner tile keeps with the far edge's colours */
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: wood cut=burl makes variants but not corner tiles (an eye past "
                   "an edge is read on the tile's far side; cut=plank, end and log make "
                   "them)", what);
      return FALSE;
    }
  if (!tex->tileable || tex->period_w != tex->width || tex->period_h != tex->height)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: each tile is one period: needs tileable=true and period-w, "
                   "period-h 0 or the tile size", what);
      return FALSE;
    }
  if (tex->width < TSR_TILE_MIN || tex->height < TSR_TILE_MIN)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "%s: a tile of %d x %d is too small (at least %d x %d)",
                   what, tex->width, tex->height, TSR_TILE_MIN, TSR_TILE_MIN);
      return FALSE;
    }
  if (tex->tile.kind == TSR_TILES_CORNERS && strcmp (tex->pattern->name, "marble") == 0
      && tex->s.value[TSR_P_TIME] != 0)
    {
      /* veined marble's time moves fields that corner tiles do not fix
       * along shared edges (test-tile-edges finds 8 edges apart) */
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: marble with time changes the tiles' shared edges: use time=0 "
                   "(variants take time)", what);
      return FALSE;
    }
  if (tex->s.value[TSR_P_RISE] != 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: rise moves the texture across the tiles' edges: use rise=0", what);
      return FALSE;
    }
  if (tsr_texture_tile_capacity (tex) < 2)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "%s: the tile is too small for its features: every lattice point "
                   "is near an edge, so all tiles would be the same (a larger tile, "
                   "a smaller scale or less distortion)", what);
      return FALSE;
    }
  return TRUE;
}
