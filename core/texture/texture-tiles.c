/* What a texture must be to make a tile set (tile-set.h), and how many
 * tiles of it can differ. */
#include <math.h>

#include "texture/texture-internal.h"

/* "perlin, simplex, ...": the patterns that make tile sets of `kind`. */
static char *
tile_pattern_names (TsrTileKind kind)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < tsr_n_patterns; i++)
    if (tsr_patterns[i]->tile_sets == TSR_TILE_SETS_ALL
        || (tsr_patterns[i]->tile_sets == TSR_TILE_SETS_VARIANTS && kind != TSR_TILES_CORNERS))
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", tsr_patterns[i]->name);
  return g_string_free (names, FALSE);
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

  if (tex->pattern->tile_check != NULL && !tex->pattern->tile_check (tex, error))
    return FALSE;
  if (tex->pattern->tile_sets == TSR_TILE_SETS_NONE
      || (tex->pattern->tile_sets == TSR_TILE_SETS_VARIANTS && tex->tile.kind == TSR_TILES_CORNERS))
    {
      char *names = tile_pattern_names (tex->tile.kind);

      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   "%s: pattern %s cannot make tiles that fit (patterns that can: %s)",
                   what, tex->pattern->name, names);
      g_free (names);
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
