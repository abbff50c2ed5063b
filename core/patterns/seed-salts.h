/* The salts hashed with a texture's seed, one for each field or scatter
 * of points a texture draws (tsr_hash1 (seed, salt), or the seed_salt of
 * tsr_texture_fractal_spec), so that no two draw the same numbers:
 *   X (NAME, first salt, how many consecutive salts)
 * test-params checks that no two ranges meet, but for the pairs of
 * TSR_SEED_SALTS_APART, drawn by different patterns, never in one texture.
 * A salt, once used, stays: changing one changes the pixels. */
#ifndef TSR_SEED_SALTS_H
#define TSR_SEED_SALTS_H

#define TSR_SEED_SALTS(X)                                                     \
  X (SIZE_CHECK,        0,          1)  /* feature limit: draws no noise */   \
  X (NOISE_PATTERNS,    1,          1)                                        \
  X (MARBLE_BANDS,      2,          1)  /* banded marble's turbulence */     \
  X (VALUE_TURNED,      2,          1)  /* value noise's turned lattice */   \
  X (WOOD_WOBBLE,       3,          1)                                        \
  X (WOOD_GRAIN,        4,          1)                                        \
  X (WATER_RIPPLES,     5,          1)  /* rings' fine ripples */            \
  X (WOOD_DRIFT,        6,          1)                                        \
  X (WOOD_PORES,        7,          1)                                        \
  X (WIND_CHOP,         7,          1)  /* wind ripples' fine chop */        \
  X (CAUSTICS_RIPPLES,  9,          1)  /* caustics' fine noise */           \
  X (CAUSTICS_BREAKS,   10,         1)  /* caustics' dashes */               \
  X (MARBLE_WARP,       21,         1)                                        \
  X (MARBLE_BODY,       22,         1)                                        \
  X (MARBLE_FADE,       23,         1)                                        \
  X (MARBLE_SWELL,      25,         1)                                        \
  X (MARBLE_STREAKS,    26,         1)  /* soft stone's fibrous streaks */  \
  X (MARBLE_VEINS,      30,         3)  /* one a vein layer */                \
  X (MARBLE_FLOW_VEINS, 40,         3)  /* banded veins' fold fields */      \
  X (WATER_SOURCES,     0x3a7e,     1)  /* rings' sources */                 \
  X (WIND_WAVES,        0x71b5,     1)  /* wind ripples' waves */            \
  X (CAUSTICS_CELLS,    0xc4a5,     1)  /* caustics' networks and waves */   \
  X (DOMAIN_WARP,       0xd157,     1)                                        \
  X (COLOR_DRIFT,       0xd71f,     1)  /* the colours' drift fields */      \
  X (WOOD_KNOTS,        0x6b6e6f74, 1)  /* "knot" */                          \
  X (WOOD_TREES,        0x74726565, 1)  /* "tree" */                          \
  X (WOOD_YEARS,        0x79656172, 1)  /* "year" */                          \
  X (PIECES_BRICKS,     0x62726963, 1)  /* "bric": bricks' pieces */         \
  X (PIECES_GRIT,       0x67726974, 1)  /* "grit" */                          \
  X (PIECES_STAIN,      0x73746169, 1)  /* "stai": bricks' weathering */     \
  X (PIECES_STONES,     0x73746f6e, 1)  /* "ston": stones' points */         \
  X (PIECES_WEAR,       0x77656172, 1)  /* "wear" */                          \
  X (CRACKS_CELLS,      0x63726b63, 1)  /* "crkc": cracked earth's plates */ \
  X (CRACKS_FIELDS,     0x63726b66, 7)  /* "crkf": warp, widths, mottle, crumbs */ \
  X (SLATE_SLABS,       0x736c6162, 1)  /* "slab": slate's slabs */          \
  X (SLATE_FIELDS,      0x736c6166, 4)  /* "slaf": cleavage, grit, ragged edges, dirt */

/* Salts equal on purpose: X (NAME, NAME) of two patterns' own fields. */
#define TSR_SEED_SALTS_APART(X) X (MARBLE_BANDS, VALUE_TURNED) X (WOOD_PORES, WIND_CHOP)

#define TSR_SALT_VALUE_(NAME, first, n) TSR_SALT_##NAME = first,
enum { TSR_SEED_SALTS (TSR_SALT_VALUE_) };
#undef TSR_SALT_VALUE_

#endif
