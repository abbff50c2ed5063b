/* Every parameter of every pattern, declared once (X-macro lists, like
 * GEGL's property_*() chant: one line a parameter, the rest generated).
 *
 * From these lines come the ids (TSR_P_SEED ...), the table rows
 * (tsr_params[]), the named fields of the per-area structs the patterns
 * read (TsrMarbleParams ...), and through the table the CLI's list and
 * parser, the PDB arguments, the dialog's widgets, the GEGL properties and
 * the README's tables.  Adding a parameter is adding one line here (and its
 * translations); the order of the lines is the order of the PDB arguments.
 *
 * A line:
 *   NUMBER (GROUP, ID, field, "name", TYPE, min, max, default, WHEN,
 *           label, description)        TYPE: INT, DOUBLE or BOOL (0 .. 1)
 *   CHOICE (GROUP, ID, field, "name", choices, default, WHEN, label, description)
 *   RGBA   (GROUP, ID, field, "name", r, g, b, WHEN, label, description)
 * GROUP is the dialog frame (params.h); a pattern reads the parameters of
 * the shared groups and of its own group (marble reads MARBLE).  WHEN says
 * when the parameter has any effect (params.h, TsrParamWhen): ALWAYS,
 * FRACTAL (the pattern's basis is the `basis` parameter), NO_RAMP (no GIMP
 * gradient), or IF (INPUT, choices...): only for those choices of the
 * choice parameter INPUT, e.g. IF (CUT, TSR_WOOD_PLANK).  The dialog and
 * GIMP's filter dialog hide the others, and nothing else decides it. */
#ifndef TSR_PARAM_LIST_H
#define TSR_PARAM_LIST_H

/* ---- the patterns, in the order every front-end lists and numbers them:
 *   PATTERN (name, "file")
 * file (under core/) defines the TsrPattern tsr_pattern_NAME.  core/meson.build
 * reads these lines to compile the files (one line a pattern, as written
 * here), and patterns.c makes the table from them. */
#define TSR_PATTERNS(PATTERN)                             \
  PATTERN (perlin,     "patterns/pattern-noise.c")        \
  PATTERN (simplex,    "patterns/pattern-noise.c")        \
  PATTERN (value,      "patterns/pattern-noise.c")        \
  PATTERN (cells,      "patterns/pattern-noise.c")        \
  PATTERN (clouds,     "patterns/pattern-noise.c")        \
  PATTERN (turbulence, "patterns/pattern-noise.c")        \
  PATTERN (ridged,     "patterns/pattern-noise.c")        \
  PATTERN (marble,     "patterns/marble/pattern-marble.c")\
  PATTERN (wood,       "patterns/wood/pattern-wood.c")    \
  PATTERN (water,      "patterns/water/pattern-water.c")  \
  PATTERN (bricks,     "patterns/pieces/pattern-bricks.c")\
  PATTERN (stones,     "patterns/pieces/pattern-bricks.c")\
  PATTERN (slate,      "patterns/rock/pattern-slate.c")  \
  PATTERN (cracks,     "patterns/rock/pattern-cracks.c")

/* ---- the choices of the choice parameters, one list each, in the order
 * of their enum:  X (ENUM_VALUE, "name", label).  From a list come its
 * enum and its names (noise.h and noise.c; params.h and params.c through
 * TSR_CHOICE_LISTS below).  The palettes, whose lines carry their colours, are
 * palette-list.h. */

/* The noise bases; each also has its raw samples and row kernels
 * (noise-kernels.h, named by STEM), in noise-STEM.c and noise-STEM-rows.c,
 * which core/meson.build compiles as it reads these lines, and its output's
 * standard deviation (measured over 512k samples; fractal.c normalises
 * sums by it):
 *   X (ENUM_VALUE, "name", label, STEM, std) */
#define TSR_BASIS_LIST(X)                                           \
  X (TSR_BASIS_PERLIN,  "perlin",  N_("Perlin"),  perlin,  0.31)    \
  X (TSR_BASIS_SIMPLEX, "simplex", N_("Simplex"), simplex, 0.54)    \
  X (TSR_BASIS_VALUE,   "value",   N_("Value"),   value,   0.43)    \
  X (TSR_BASIS_CELLS,   "cells",   N_("Cells"),   cells,   0.25)

/* Interpolation between lattice values of value noise (Elias); cubic is
 * Catmull-Rom through 4 neighbours, quintic 6t^5 - 15t^4 + 10t^3. */
#define TSR_INTERP_LIST(X)                                \
  X (TSR_INTERP_LINEAR,  "linear",  N_("Linear"))         \
  X (TSR_INTERP_COSINE,  "cosine",  N_("Cosine"))         \
  X (TSR_INTERP_CUBIC,   "cubic",   N_("Cubic"))          \
  X (TSR_INTERP_QUINTIC, "quintic", N_("Quintic"))

/* Which distance of cellular (Worley) noise is returned. */
#define TSR_CELLS_LIST(X)                                          \
  X (TSR_CELLS_F1,          "f1",    N_("Nearest (F1)"))           \
  X (TSR_CELLS_F2,          "f2",    N_("Second nearest (F2)"))    \
  X (TSR_CELLS_F2_MINUS_F1, "f2-f1", N_("Cracks (F2 - F1)"))

#define TSR_WOOD_CUT_LIST(X)                                \
  X (TSR_WOOD_PLANK, "plank", N_("Plank (side grain)"))     \
  X (TSR_WOOD_END,   "end",   N_("End grain"))              \
  X (TSR_WOOD_LOG,   "log",   N_("Log (one centre)"))       \
  X (TSR_WOOD_BURL,  "burl",  N_("Burl"))

#define TSR_MARBLE_STYLE_LIST(X)                               \
  X (TSR_MARBLE_VEINED, "veined", N_("Veined"))                \
  X (TSR_MARBLE_BANDED, "banded", N_("Banded (Perlin 1985)"))

#define TSR_WATER_STYLE_LIST(X)                                    \
  X (TSR_WATER_CAUSTICS, "caustics", N_("Caustics (pool floor)"))  \
  X (TSR_WATER_RIPPLES,  "ripples",  N_("Wind ripples"))           \
  X (TSR_WATER_RINGS,    "rings",    N_("Rings (Perlin 1985)"))

/* How the pieces of a built-up surface are laid (pattern `bricks`). */
#define TSR_BRICK_LAYOUT_LIST(X)                                     \
  X (TSR_LAYOUT_RUNNING,     "running",     N_("Running bond"))      \
  X (TSR_LAYOUT_STACK,       "stack",       N_("Stack bond"))        \
  X (TSR_LAYOUT_ENGLISH,     "english",     N_("English bond"))      \
  X (TSR_LAYOUT_FLEMISH,     "flemish",     N_("Flemish bond"))      \
  X (TSR_LAYOUT_HERRINGBONE, "herringbone", N_("Herringbone"))       \
  X (TSR_LAYOUT_BASKET,      "basket",      N_("Basket weave"))      \
  X (TSR_LAYOUT_HEXAGON,     "hexagon",     N_("Hexagon tiles"))

/* What a piece's face is made of (patterns `bricks` and `stones`). */
#define TSR_PIECE_FACE_LIST(X)                          \
  X (TSR_FACE_PLAIN,  "plain",  N_("Plain"))            \
  X (TSR_FACE_WOOD,   "wood",   N_("Wood"))             \
  X (TSR_FACE_MARBLE, "marble", N_("Marble"))

/* What the image holds (the `map` parameter).  Roughness, ambient
 * occlusion, curvature and the packed maps are PBR material data
 * (material-maps.c); ORM is R occlusion, G roughness, B metallic (glTF,
 * Unreal, Godot), the HDRP mask R metallic, G occlusion, B detail (0),
 * A smoothness = 1 - roughness. */
#define TSR_MAP_LIST(X)                              \
  X (TSR_MAP_COLOR,  "color",  N_("Color"))          \
  X (TSR_MAP_HEIGHT, "height", N_("Height map"))     \
  X (TSR_MAP_NORMAL, "normal", N_("Normal map"))     \
  X (TSR_MAP_SHADED, "shaded", N_("Lit relief"))     \
  X (TSR_MAP_ROUGHNESS, "roughness", N_("Roughness map"))         \
  X (TSR_MAP_AO, "ao", N_("Ambient occlusion"))                   \
  X (TSR_MAP_CURVATURE, "curvature", N_("Curvature map"))         \
  X (TSR_MAP_ORM, "orm", N_("Packed occlusion, roughness, metallic (ORM)"))  \
  X (TSR_MAP_MASK_HDRP, "mask-hdrp", N_("Unity HDRP mask map"))

#define TSR_NORMAL_FORMAT_LIST(X)                           \
  X (TSR_NORMAL_OPENGL,  "opengl",  N_("OpenGL (Y up)"))    \
  X (TSR_NORMAL_DIRECTX, "directx", N_("DirectX (Y down)"))

/* The lists above that are not the noise's (noise.h declares those):
 * L (Enum type, names' array, list, count); params.h and params.c make
 * each one's enum and names. */
#define TSR_CHOICE_LISTS(L)                                                               \
  L (TsrWoodCut, tsr_wood_cut_choices, TSR_WOOD_CUT_LIST, TSR_WOOD_CUT_COUNT)             \
  L (TsrMarbleStyle, tsr_marble_style_choices, TSR_MARBLE_STYLE_LIST,                    \
     TSR_MARBLE_STYLE_COUNT)                                                              \
  L (TsrWaterStyle, tsr_water_style_choices, TSR_WATER_STYLE_LIST,                       \
     TSR_WATER_STYLE_COUNT)                                                               \
  L (TsrBrickLayout, tsr_brick_layout_choices, TSR_BRICK_LAYOUT_LIST,                   \
     TSR_BRICK_LAYOUT_COUNT)                                                              \
  L (TsrPieceFace, tsr_piece_face_choices, TSR_PIECE_FACE_LIST, TSR_PIECE_FACE_COUNT)     \
  L (TsrMap, tsr_map_choices, TSR_MAP_LIST, TSR_MAP_COUNT)                                \
  L (TsrNormalFormat, tsr_normal_format_choices, TSR_NORMAL_FORMAT_LIST,                  \
     TSR_NORMAL_FORMAT_COUNT)

/* ---- the parameters */

/* Read by every pattern: its identity and tiling. */
#define TSR_PARAMS_COMMON(NUMBER, CHOICE, RGBA)                                         \
  NUMBER (PATTERN, SEED, seed, "seed", INT, 0, G_MAXINT32, 0, ALWAYS,                    \
          N_("Random seed"),                                                             \
          N_("Picks one of many different textures with the same settings"))            \
  NUMBER (TILING, TILEABLE, tileable, "tileable", BOOL, 0, 1, 1, ALWAYS,                 \
          N_("Tileable"),                                                                \
          N_("Make the texture repeat seamlessly across its tile period"))               \
  NUMBER (TILING, PERIOD_W, period_w, "period-w", INT, 0, 524288, 0, ALWAYS,             \
          N_("Tile width"),                                                              \
          N_("Width in pixels after which the texture repeats (0: the image width)"))    \
  NUMBER (TILING, PERIOD_H, period_h, "period-h", INT, 0, 524288, 0, ALWAYS,             \
          N_("Tile height"),                                                             \
          N_("Height in pixels after which the texture repeats (0: the image height)"))  \
  NUMBER (NOISE, DISTORTION, distortion, "distortion", DOUBLE, 0, 4, 0, ALWAYS,          \
          N_("Distortion"),                                                              \
          N_("How far a second noise pushes the pattern around, in feature sizes"))

/* The noise a pattern is built from. */
#define TSR_PARAMS_NOISE(NUMBER, CHOICE, RGBA)                                          \
  CHOICE (NOISE, BASIS, basis, "basis", tsr_basis_choices, 0, FRACTAL,                   \
          N_("Noise"), N_("The kind of noise the pattern is built from"))                \
  NUMBER (NOISE, SCALE, scale, "scale", DOUBLE, 0, 16384, 0, ALWAYS,                     \
          N_("Scale"),                                                                   \
          N_("Size of the largest features, in pixels (0: automatic, 128 or a quarter "  \
             "of the tile's shorter side, whichever is smaller)"))                       \
  NUMBER (NOISE, STRETCH, stretch, "stretch", DOUBLE, 0.125, 8, 1, ALWAYS,               \
          N_("Stretch"),                                                                 \
          N_("How much wider than tall the features are (1: as wide as tall)"))          \
  NUMBER (NOISE, OCTAVES, octaves, "octaves", INT, 1, 12, 6, FRACTAL,                    \
          N_("Detail"),                                                                  \
          N_("Number of octaves: layers of finer and finer noise added together"))       \
  NUMBER (NOISE, PERSISTENCE, persistence, "persistence", DOUBLE, 0, 1, 0.5, FRACTAL,    \
          N_("Roughness"),                                                               \
          N_("Persistence: the strength of each octave relative to the previous one"))   \
  NUMBER (NOISE, LACUNARITY, lacunarity, "lacunarity", DOUBLE, 1, 4, 2, FRACTAL,         \
          N_("Lacunarity"), N_("How much finer each octave is than the previous one"))   \
  CHOICE (NOISE, INTERPOLATION, interpolation, "interpolation", tsr_interp_choices, 3,   \
          IF (BASIS, TSR_BASIS_VALUE),                                                   \
          N_("Interpolation"), N_("How value noise blends between its lattice points"))  \
  NUMBER (NOISE, SMOOTHING, smoothing, "smoothing", BOOL, 0, 1, 0,                       \
          IF (BASIS, TSR_BASIS_VALUE),                                                   \
          N_("Smooth lattice"),                                                          \
          N_("Average each value-noise lattice point with its neighbours"))              \
  CHOICE (NOISE, CELLS_MODE, cells_mode, "cells-mode", tsr_cells_choices, 0,             \
          IF (BASIS, TSR_BASIS_CELLS),                                                   \
          N_("Cell distance"),                                                           \
          N_("Which distance to the cells' feature points is shown"))                    \
  NUMBER (NOISE, JITTER, jitter, "jitter", DOUBLE, 0, 1, 1, IF (BASIS, TSR_BASIS_CELLS), \
          N_("Cell irregularity"), N_("How far feature points stray from a regular grid"))

#define TSR_PARAMS_MARBLE(NUMBER, CHOICE, RGBA)                                         \
  CHOICE (MARBLE, STYLE, style, "style", tsr_marble_style_choices, 0, ALWAYS,            \
          N_("Style"),                                                                   \
          N_("Veined: branching veins flowing through a cloudy stone; banded: Perlin "   \
             "1985's parallel bands twisted by turbulence"))                             \
  NUMBER (MARBLE, VEINS, veins, "veins", DOUBLE, 0.5, 64, 3, ALWAYS,                     \
          N_("Veins"),                                                                   \
          N_("Banded: number of vein bands across the tile; veined: how many main "      \
             "veins cross it"))                                                          \
  NUMBER (MARBLE, VEIN_ANGLE, vein_angle, "vein-angle", DOUBLE, -180, 180, 30,           \
          IF (STYLE, TSR_MARBLE_BANDED),                                                 \
          N_("Vein direction"), N_("Direction of the bands' veins, in degrees"))         \
  NUMBER (MARBLE, VEIN_SHARPNESS, vein_sharpness, "vein-sharpness", DOUBLE, 1, 16, 2,    \
          ALWAYS, N_("Vein sharpness"), N_("Higher values make thinner, crisper veins")) \
  NUMBER (MARBLE, TURBULENCE, turbulence, "turbulence", DOUBLE, 0, 8, 1, ALWAYS,         \
          N_("Turbulence"), N_("How strongly turbulence twists and folds the veins"))

#define TSR_PARAMS_WOOD(NUMBER, CHOICE, RGBA)                                           \
  CHOICE (WOOD, CUT, cut, "cut", tsr_wood_cut_choices, 0, ALWAYS,                        \
          N_("Cut"),                                                                     \
          N_("Plank: the face of a flat-sawn board, growth lines along the fibre; end "  \
             "grain: the round rings of sawn trees packed in the tile; log: one "        \
             "tree's rings around the tile's centre; burl: a burl's face, growth lines " \
             "swirling around dark eyes in a mottled figure (walnut, elm, maple burl)"))  \
  NUMBER (WOOD, RINGS, rings, "rings", DOUBLE, 1, 200, 24, ALWAYS,                       \
          N_("Rings"),                                                                   \
          N_("Number of growth rings down the tile (plank, burl), from each tree's "     \
             "centre to its edge (end grain), or from the centre to the tile's nearest " \
             "edge (log)"))                                                              \
  NUMBER (WOOD, RING_NOISE, ring_noise, "ring-noise", DOUBLE, 0, 4, 0.6, ALWAYS,         \
          N_("Ring wobble"),                                                             \
          N_("How much noise bends the rings: on a plank, into the arches of the "       \
             "board's figure; in a burl, into its swirls"))                              \
  NUMBER (WOOD, KNOTS, knots, "knots", INT, 0, 12, 2, IF (CUT, TSR_WOOD_PLANK),          \
          N_("Knots"), N_("Number of knots in each tile of a plank"))                    \
  NUMBER (WOOD, KNOT_SIZE, knot_size, "knot-size", DOUBLE, 0.25, 4, 1,                   \
          IF (CUT, TSR_WOOD_PLANK),                                                      \
          N_("Knot size"), N_("Size of a plank's knots, relative to the scale"))         \
  NUMBER (WOOD, GRAIN, grain, "grain", DOUBLE, 0, 1, 0.35, ALWAYS,                       \
          N_("Grain"), N_("Strength of the fine grain along the fibre"))                 \
  NUMBER (WOOD, GRAIN_STRETCH, grain_stretch, "grain-stretch", DOUBLE, 1, 64, 12, ALWAYS,\
          N_("Grain stretch"),                                                           \
          N_("How much longer grain streaks are than they are wide"))                    \
  NUMBER (WOOD, CENTER_X, center_x, "center-x", DOUBLE, 0, 1, 0.5,                       \
          IF (CUT, TSR_WOOD_LOG),                                                        \
          N_("Centre X"),                                                                \
          N_("Horizontal position of the log's centre, as a fraction of the tile"))      \
  NUMBER (WOOD, CENTER_Y, center_y, "center-y", DOUBLE, 0, 1, 0.5,                       \
          IF (CUT, TSR_WOOD_LOG),                                                        \
          N_("Centre Y"),                                                                \
          N_("Vertical position of the log's centre, as a fraction of the tile"))      \
  NUMBER (WOOD, EYE_CLUSTERS, eye_clusters, "eye-clusters", DOUBLE, 0, 1, 0,             \
          IF (CUT, TSR_WOOD_BURL),                                                       \
          N_("Eye clusters"),                                                            \
          N_("How tightly a burl's eyes gather: 0 scatters them through a lumpy "        \
             "figure (walnut burl); towards 1 they crowd into clusters of ringed eyes "  \
             "with pale flashes of wood between (amboyna, redwood burl)"))

#define TSR_PARAMS_WATER(NUMBER, CHOICE, RGBA)                                          \
  CHOICE (WATER, WATER_STYLE, water_style, "water-style", tsr_water_style_choices, 0,    \
          ALWAYS, N_("Style"),                                                           \
          N_("Caustics: the bright network of light on a pool's floor; ripples: a "     \
             "wind-rippled surface; rings: waves spreading from scattered sources"))     \
  NUMBER (WATER, WAVES, waves, "waves", INT, 1, 64, 8, IF (WATER_STYLE, TSR_WATER_RINGS),\
          N_("Wave sources"),                                                            \
          N_("Number of points the waves spread from, scattered over the tile"))         \
  NUMBER (WATER, WIND_ANGLE, wind_angle, "wind-angle", DOUBLE, -180, 180, -60,           \
          IF (WATER_STYLE, TSR_WATER_RIPPLES), N_("Wind direction"),                     \
          N_("Where the wind blows to, in degrees counter-clockwise from the right: "   \
             "the ripples' crests lie across it"))                                       \
  NUMBER (WATER, CREST, crest, "crest", DOUBLE, 0, 1, 0.5, ALWAYS,                       \
          N_("Crest sharpness"),                                                         \
          N_("0: round, sine-like waves; 1: sharp crests between flat troughs "          \
             "(caustics: broad or thin lines of light)"))                                \
  NUMBER (WATER, RIPPLES, ripples, "ripples", DOUBLE, 0, 1, 0.15, ALWAYS,                \
          N_("Ripples"), N_("Strength of the fine noise ruffling the waves"))

#define TSR_PARAMS_CLOUDS(NUMBER, CHOICE, RGBA)                                         \
  NUMBER (CLOUDS, COVERAGE, coverage, "coverage", DOUBLE, 0, 1, 1, ALWAYS,               \
          N_("Cloud cover"),                                                             \
          N_("How much of the sky the clouds cover: lower values leave clear sky "       \
             "between them (1: all of it, soft clouds everywhere)"))

/* Bricks' own: how the pieces are laid. */
#define TSR_PARAMS_BRICKS(NUMBER, CHOICE, RGBA)                                         \
  CHOICE (BRICKS, LAYOUT, layout, "layout", tsr_brick_layout_choices, 0, ALWAYS,         \
          N_("Layout"),                                                                  \
          N_("How the pieces are laid: running, stack, English or Flemish bond, "        \
             "herringbone, basket weave, or hexagon tiles"))                             \
  NUMBER (BRICKS, OFFSET, offset, "offset", DOUBLE, 0, 1, 0.5,                           \
          IF (LAYOUT, TSR_LAYOUT_RUNNING),                                               \
          N_("Row offset"),                                                              \
          N_("How far every other row is shifted, in piece lengths (0.5: half a "        \
             "brick)"))                                                                  \
  NUMBER (BRICKS, ROW_SHIFT, row_shift, "row-shift", DOUBLE, 0, 1, 0,                    \
          IF (LAYOUT, TSR_LAYOUT_RUNNING),                                               \
          N_("Random row shift"),                                                        \
          N_("How far each row is shifted at random, in piece lengths"))                 \
  NUMBER (BRICKS, PIECE_RATIO, piece_ratio, "piece-ratio", INT, 2, 8, 2,                 \
          IF (LAYOUT, TSR_LAYOUT_HERRINGBONE, TSR_LAYOUT_BASKET),                        \
          N_("Piece length"),                                                            \
          N_("How many times longer than wide a piece is (herringbone), or how many "    \
             "pieces lie side by side in a square (basket weave)"))

/* The pieces of the built-up patterns (bricks, stones) and the mortar
 * between them. */
#define TSR_PARAMS_PIECES(NUMBER, CHOICE, RGBA)                                         \
  NUMBER (PIECES, COLUMNS, columns, "columns", INT, 1, 1024, 3, ALWAYS,                  \
          N_("Columns"),                                                                 \
          N_("Pieces across the tile (herringbone and basket weave: piece widths)"))     \
  NUMBER (PIECES, ROWS, rows, "rows", INT, 1, 1024, 6, ALWAYS,                           \
          N_("Rows"),                                                                    \
          N_("Rows of pieces down the tile (herringbone and basket weave: piece "        \
             "widths)"))                                                                 \
  NUMBER (PIECES, GAP, gap, "gap", DOUBLE, 0, 256, 2, ALWAYS,                            \
          N_("Gap"), N_("Width of the mortar or grout between pieces, in pixels"))       \
  NUMBER (PIECES, BEVEL, bevel, "bevel", DOUBLE, 0, 256, 2, ALWAYS,                      \
          N_("Bevel"),                                                                   \
          N_("Width of the rounded slope from a piece's edge up to its face, in pixels " \
             "(0: sharp edges)"))                                                        \
  NUMBER (PIECES, ROUNDNESS, roundness, "roundness", DOUBLE, 0, 1, 0.15, ALWAYS,         \
          N_("Corner roundness"),                                                        \
          N_("How round the pieces' corners are (1: as round as the piece allows)"))     \
  CHOICE (PIECES, FACE, face, "face", tsr_piece_face_choices, 0, ALWAYS,                 \
          N_("Face"),                                                                    \
          N_("What each piece is made of: plain with fine grit, a board of wood, or a "  \
             "cut of marble"))                                                           \
  NUMBER (PIECES, PIECE_TONE, piece_tone, "piece-tone", DOUBLE, 0, 1, 0.35, ALWAYS,      \
          N_("Color variation"),                                                         \
          N_("How much the pieces' colours differ, within the palette"))                 \
  NUMBER (PIECES, TILT, tilt, "tilt", DOUBLE, 0, 1, 0.2, ALWAYS,                         \
          N_("Tilt"),                                                                    \
          N_("How far each piece leans and sits proud or sunk at random"))               \
  NUMBER (PIECES, FACE_RELIEF, face_relief, "face-relief", DOUBLE, 0, 1, 0.25, ALWAYS,   \
          N_("Face relief"),                                                             \
          N_("How much the face's grit, grain or veins show in the height and normal "   \
             "maps (the colours show them whole)"))                                      \
  NUMBER (PIECES, WEAR, wear, "wear", DOUBLE, 0, 1, 0.3, ALWAYS,                         \
          N_("Edge wear"), N_("How much noise eats into the pieces' edges"))             \
  NUMBER (PIECES, GRIT, grit, "grit", DOUBLE, 0, 1, 0.3, ALWAYS,                         \
          N_("Grit"),                                                                    \
          N_("Strength of the fine noise on plain faces and in the mortar"))             \
  RGBA (PIECES, MORTAR_COLOR, mortar_color, "mortar-color", 184 / 255.0f, 176 / 255.0f,      \
        163 / 255.0f, ALWAYS,    \
        N_("Mortar color"), N_("Color of the mortar or grout between the pieces"))    \
  NUMBER (PIECES, IRREGULARITY, irregularity, "irregularity", DOUBLE, 0, 1, 0, ALWAYS,   \
          N_("Irregularity"),                                                            \
          N_("How much the pieces differ in length and sit askew in their rows (bricks), " \
             "or differ in size (stones), as hand-laid pieces do; the tile still "        \
             "repeats exactly"))                                                         \
  NUMBER (PIECES, DOME, dome, "dome", DOUBLE, 0, 1, 0, ALWAYS,                           \
          N_("Dome"),                                                                    \
          N_("How far the middle of each piece rises over its edges, as on cobbles "     \
             "(in the height and normal maps)"))

/* How values become colours. */
#define TSR_PARAMS_COLOR(NUMBER, CHOICE, RGBA)                                          \
  CHOICE (COLOR, PALETTE, palette, "palette", tsr_palette_choices, 0, NO_RAMP,           \
          N_("Palette"), N_("Colours the pattern's values are mapped to"))               \
  RGBA (COLOR, COLOR1, color1, "color1", 0, 0, 0, IF (PALETTE, TSR_PALETTE_COLORS),      \
         N_("First color"), N_("Color of the lowest values (two-color palette)"))        \
  RGBA (COLOR, COLOR2, color2, "color2", 1, 1, 1, IF (PALETTE, TSR_PALETTE_COLORS),      \
         N_("Second color"), N_("Color of the highest values (two-color palette)"))      \
  NUMBER (COLOR, REVERSE, reverse, "reverse", BOOL, 0, 1, 0, ALWAYS,                     \
          N_("Reverse colors"), N_("Run the palette from its end to its start"))         \
  NUMBER (COLOR, DITHER, dither, "dither", BOOL, 0, 1, 0, ALWAYS,                        \
          N_("Dither"),                                                                  \
          N_("In 8- and 16-bit images, add an ordered pattern of less than one level "  \
             "so smooth gradients do not show bands"))                                  \
  NUMBER (COLOR, COLOR_VARIATION, color_variation, "color-variation", DOUBLE, 0, 1, 0,   \
          ALWAYS, N_("Hue and saturation drift"),                                        \
          N_("How far hue and saturation wander apart from lightness, in broad patches " \
             "and from piece to piece, as in a photograph (0: every colour straight "    \
             "from the palette)"))

/* What the image holds: the colours, or the surface the pattern's values
 * describe as heights (Perlin 1985's bump textures). */
#define TSR_PARAMS_SURFACE(NUMBER, CHOICE, RGBA)                                        \
  CHOICE (SURFACE, MAP, map, "map", tsr_map_choices, 0, ALWAYS,                          \
          N_("Map"),                                                                     \
          N_("What the image holds: the colors, the height, the normal map, the "        \
             "colors lit as a relief, or a material's roughness, ambient occlusion, "     \
             "curvature or packed maps"))                                                \
  NUMBER (SURFACE, NORMAL_STRENGTH, normal_strength, "normal-strength", DOUBLE, 0, 256, \
          16, IF (MAP, TSR_MAP_COLOR, TSR_MAP_NORMAL, TSR_MAP_SHADED, TSR_MAP_AO,         \
                  TSR_MAP_CURVATURE, TSR_MAP_ORM, TSR_MAP_MASK_HDRP), N_("Relief depth"),  \
          N_("Height of the surface from its lowest to its highest point, in pixels: "   \
             "higher is steeper"))                                                       \
  CHOICE (SURFACE, NORMAL_FORMAT, normal_format, "normal-format",                        \
          tsr_normal_format_choices, 0,                                                  \
          IF (MAP, TSR_MAP_NORMAL), N_("Normal map format"),                             \
          N_("OpenGL: green grows towards the top of the image (Y up); DirectX: green "  \
             "grows towards the bottom"))                                                \
  NUMBER (SURFACE, LIGHT_ANGLE, light_angle, "light-angle", DOUBLE, -180, 180, 135,      \
          IF (MAP, TSR_MAP_SHADED), N_("Light direction"),                               \
          N_("Where the light comes from, in degrees counter-clockwise from the right")) \
  NUMBER (SURFACE, LIGHT_ELEVATION, light_elevation, "light-elevation", DOUBLE, 0, 90,  \
          45, IF (MAP, TSR_MAP_SHADED), N_("Light elevation"),                           \
          N_("How high the light stands above the surface, in degrees"))                \
  NUMBER (SURFACE, ROUGHNESS_MIN, roughness_min, "roughness-min", DOUBLE, 0, 1, 0.05,    \
          IF (MAP, TSR_MAP_ROUGHNESS, TSR_MAP_ORM, TSR_MAP_MASK_HDRP),                  \
          N_("Smoothest"),                                                               \
          N_("Roughness of the pattern's smoothest parts (polished stone, earlywood; "   \
             "a noise's low values)"))                                                             \
  NUMBER (SURFACE, ROUGHNESS_MAX, roughness_max, "roughness-max", DOUBLE, 0, 1, 0.9,     \
          IF (MAP, TSR_MAP_ROUGHNESS, TSR_MAP_ORM, TSR_MAP_MASK_HDRP),                  \
          N_("Roughest"),                                                                \
          N_("Roughness of the pattern's roughest parts (veins, latewood and pores; "    \
             "a noise's high values)"))                                                            \
  NUMBER (SURFACE, METALLIC, metallic, "metallic", DOUBLE, 0, 1, 0,                      \
          IF (MAP, TSR_MAP_ORM, TSR_MAP_MASK_HDRP), N_("Metallic"),                      \
          N_("How metallic the whole surface is, for the packed maps (0: not at all)"))  \
  NUMBER (SURFACE, AO_RADIUS, ao_radius, "ao-radius", INT, 1, 64, 16,                    \
          IF (MAP, TSR_MAP_COLOR, TSR_MAP_SHADED, TSR_MAP_AO, TSR_MAP_ORM,                \
              TSR_MAP_MASK_HDRP), N_("Occlusion radius"),                                \
          N_("How far around each pixel the relief may hide the sky, in pixels"))        \
  NUMBER (SURFACE, AO_STRENGTH, ao_strength, "ao-strength", DOUBLE, 0, 4, 1,             \
          IF (MAP, TSR_MAP_COLOR, TSR_MAP_SHADED, TSR_MAP_AO, TSR_MAP_ORM,                \
              TSR_MAP_MASK_HDRP), N_("Occlusion strength"),                              \
          N_("How dark hollows get in the ambient occlusion (1: as the horizon hides "   \
             "the sky)"))                                                                \
  NUMBER (SURFACE, CURVATURE_STRENGTH, curvature_strength, "curvature-strength", DOUBLE, \
          0, 256, 1, IF (MAP, TSR_MAP_CURVATURE), N_("Curvature contrast"),              \
          N_("The radius of curvature, in pixels, shown 70 percent of the way to white "  \
             "(a ridge) or black (a hollow): higher shows gentler bends"))                \
  NUMBER (SURFACE, CAVITY, cavity, "cavity", DOUBLE, 0, 1, 0, IF (MAP, TSR_MAP_COLOR),   \
          N_("Cavities in the colors"),                                                  \
          N_("How much the relief's hollows (its ambient occlusion) darken the colors, " \
             "as a photograph shows them, for painting in 2D (0: an unlit base color "   \
             "for PBR)"))

/* Looping animation: every pattern changes smoothly with time, and time 1
 * is time 0 again. */
#define TSR_PARAMS_ANIMATION(NUMBER, CHOICE, RGBA)                                      \
  NUMBER (ANIMATION, TIME, time, "time", DOUBLE, 0, 1, 0, ALWAYS,                        \
          N_("Time"),                                                                    \
          N_("Moment in the texture's animation loop: 1 is the same as 0"))            \
  NUMBER (ANIMATION, RISE, rise, "rise", INT, -16, 16, 0, ALWAYS,                        \
          N_("Rise"),                                                                    \
          N_("Tile heights the texture moves up over one animation loop, as flames "    \
             "or bubbles rise; negative values move it down (needs tiling)"))            \
  NUMBER (ANIMATION, FLOW, flow, "flow", BOOL, 0, 1, 0, IF (BASIS, TSR_BASIS_SIMPLEX),   \
          N_("Flow"),                                                                    \
          N_("Simplex noise: time turns the noise's gradients instead of blending "      \
             "two noises, so the texture swirls like a flowing liquid (flow noise)"))

/* Every parameter, in table (and PDB argument) order. */
#define TSR_PARAMS(NUMBER, CHOICE, RGBA)         \
  TSR_PARAMS_COMMON (NUMBER, CHOICE, RGBA)       \
  TSR_PARAMS_NOISE (NUMBER, CHOICE, RGBA)        \
  TSR_PARAMS_MARBLE (NUMBER, CHOICE, RGBA)       \
  TSR_PARAMS_WOOD (NUMBER, CHOICE, RGBA)         \
  TSR_PARAMS_WATER (NUMBER, CHOICE, RGBA)        \
  TSR_PARAMS_CLOUDS (NUMBER, CHOICE, RGBA)       \
  TSR_PARAMS_BRICKS (NUMBER, CHOICE, RGBA)       \
  TSR_PARAMS_PIECES (NUMBER, CHOICE, RGBA)       \
  TSR_PARAMS_COLOR (NUMBER, CHOICE, RGBA)         \
  TSR_PARAMS_SURFACE (NUMBER, CHOICE, RGBA)       \
  TSR_PARAMS_ANIMATION (NUMBER, CHOICE, RGBA)

/* Each list above as a named view the patterns read (param-values.h makes
 * the struct and its reader): L (struct, reader, list). */
#define TSR_PARAM_LISTS(L)                                               \
  L (TsrCommonParams,    tsr_common_params,    TSR_PARAMS_COMMON)        \
  L (TsrNoiseParams,     tsr_noise_params,     TSR_PARAMS_NOISE)         \
  L (TsrMarbleParams,    tsr_marble_params,    TSR_PARAMS_MARBLE)        \
  L (TsrWoodParams,      tsr_wood_params,      TSR_PARAMS_WOOD)          \
  L (TsrWaterParams,     tsr_water_params,     TSR_PARAMS_WATER)         \
  L (TsrCloudsParams,    tsr_clouds_params,    TSR_PARAMS_CLOUDS)        \
  L (TsrBricksParams,    tsr_bricks_params,    TSR_PARAMS_BRICKS)        \
  L (TsrPiecesParams,    tsr_pieces_params,    TSR_PARAMS_PIECES)        \
  L (TsrColorParams,     tsr_color_params,     TSR_PARAMS_COLOR)         \
  L (TsrSurfaceParams,   tsr_surface_params,   TSR_PARAMS_SURFACE)       \
  L (TsrAnimationParams, tsr_animation_params, TSR_PARAMS_ANIMATION)

/* The dialog's frames, in order: (ID, "name", label, owner).  A group
 * owned by a pattern holds that pattern's own parameters (bricks also
 * reads stones' PIECES: TsrPattern.second_group). */
#define TSR_PARAM_GROUPS(G)                      \
  G (PATTERN, "pattern", N_("Pattern"), SHARED)  \
  G (NOISE,   "noise",   N_("Noise"),   SHARED)  \
  G (MARBLE,  "marble",  N_("Marble"),  OWNED)   \
  G (WOOD,    "wood",    N_("Wood"),    OWNED)   \
  G (WATER,   "water",   N_("Water"),   OWNED)   \
  G (CLOUDS,  "clouds",  N_("Clouds"),  OWNED)   \
  G (BRICKS,  "bricks",  N_("Bricks"),  OWNED)   \
  G (PIECES,  "pieces",  N_("Pieces"),  OWNED)   \
  G (TILING,  "tiling",  N_("Tiling"),  SHARED)  \
  G (COLOR,   "color",   N_("Color"),   SHARED)  \
  G (SURFACE, "surface", N_("Surface"), SHARED)  \
  G (ANIMATION, "animation", N_("Animation"), SHARED)

#endif
