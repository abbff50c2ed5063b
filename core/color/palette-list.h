/* The `palette` parameter's choices, in order, each palette with its
 * colours: one line (or block) each, from which come TsrPalette
 * (ramp.h), the choices' names (params.c) and the stops (ramp.c).
 *   CHOICE  (ID, "name", label)             a choice without stops of its own
 *   PALETTE (ID, "name", label, stops...)   stops { position, 0xRRGGBB }, opaque,
 *                                           from value 0 to value 1 */
#ifndef TSR_PALETTE_LIST_H
#define TSR_PALETTE_LIST_H

#define TSR_PALETTES(CHOICE, PALETTE)                                         \
  /* the pattern's own (TsrPattern.palette) */                                \
  CHOICE (AUTO, "auto", N_("Pattern's own"))                                  \
  /* color1 to color2 */                                                      \
  CHOICE (COLORS, "colors", N_("Two colors"))                                 \
  /* Perlin 1985's marble: white stone, grey-green veins. */                  \
  PALETTE (MARBLE, "marble", N_("Marble"),                                    \
           { 0.00f, 0x3b4540 }, { 0.10f, 0x6f7a72 }, { 0.30f, 0xb9bdb5 },     \
           { 0.60f, 0xe4e2da }, { 1.00f, 0xf8f6f0 })                          \
  /* Dark latewood to pale earlywood, after GIMP's varnished "Wood"       \
   * photograph: red-brown pores, orange wood, yellow where it is pale. */   \
  PALETTE (WOOD, "wood", N_("Wood"),                                          \
           { 0.00f, 0x6a3006 }, { 0.20f, 0x944d0e }, { 0.38f, 0xac601a },     \
           { 0.55f, 0xba792c }, { 0.70f, 0xc99240 }, { 0.85f, 0xd4aa59 },     \
           { 1.00f, 0xe2c071 })                                               \
  PALETTE (SKY, "sky", N_("Sky"),                                             \
           { 0.00f, 0x2a5ca8 }, { 0.45f, 0x6f9fd8 }, { 0.75f, 0xdfe9f5 },     \
           { 1.00f, 0xffffff })                                               \
  PALETTE (FIRE, "fire", N_("Fire"),                                          \
           { 0.00f, 0x000000 }, { 0.35f, 0x8a1200 }, { 0.60f, 0xe85d00 },     \
           { 0.85f, 0xffc21a }, { 1.00f, 0xfffbe0 })                          \
  /* Deep water in the troughs to sunlit foam on the crests. */               \
  PALETTE (WATER, "water", N_("Water"),                                       \
           { 0.00f, 0x06264a }, { 0.35f, 0x0d4f7c }, { 0.65f, 0x2f8fb0 },     \
           { 0.88f, 0x9fd6e0 }, { 1.00f, 0xeefaff })                          \
  /* Woods by species, latewood (0) to earlywood (1), after photographs of    \
   * oiled planks. */                                                         \
  /* Oak: pale and quiet, after GIMP's "Wood" photograph (wood5.pat), a    \
   * little green in its tan; the dark end only for knots and the deepest  \
   * pores. */                                                                \
  PALETTE (OAK, "oak", N_("Oak"),                                             \
           { 0.00f, 0x7b5e3e }, { 0.20f, 0xa88e6b }, { 0.35f, 0xb29a75 },     \
           { 0.50f, 0xbaa27c }, { 0.62f, 0xc2ab85 }, { 0.75f, 0xc8b28d },     \
           { 0.88f, 0xcdb892 }, { 1.00f, 0xd4c19b })                          \
  /* Walnut: red-brown, after GIMP's "Walnut" burl photograph. */          \
  PALETTE (WALNUT, "walnut", N_("Walnut"),                                    \
           { 0.000f, 0x140704 }, { 0.285f, 0x40180f }, { 0.415f, 0x56291a },  \
           { 0.555f, 0x6a3923 }, { 0.725f, 0x844a2b }, { 0.900f, 0x93593c },  \
           { 1.000f, 0x9c6444 })                                              \
  PALETTE (PINE, "pine", N_("Pine"),                                          \
           { 0.00f, 0x8a5526 }, { 0.30f, 0xb98448 }, { 0.60f, 0xdcb27a },     \
           { 0.85f, 0xecd0a0 }, { 1.00f, 0xf3ddb4 })                          \
  /* Cherry: orange, after GIMP's "Burlwood" photograph; its darkest (a  \
   * burl's eyes) greyer and olive, not a deeper red. */                     \
  PALETTE (CHERRY, "cherry", N_("Cherry"),                                    \
           { 0.00f, 0x453527 }, { 0.15f, 0x6a3c22 }, { 0.30f, 0x84441f },     \
           { 0.60f, 0xa85e30 }, { 0.85f, 0xbf7a42 }, { 1.00f, 0xcc8d52 })     \
  /* Stones, vein (0) to body (1). */                                         \
  /* White stone with grey veins (GIMP's marble2). */                        \
  PALETTE (STATUARIO, "statuario", N_("Statuario"),                           \
           { 0.00f, 0x67696b }, { 0.30f, 0x999a9b }, { 0.60f, 0xcdcdcb },     \
           { 0.82f, 0xe9e7e2 }, { 1.00f, 0xf8f7f3 })                          \
  /* Pale grey stone with a net of white calcite veins (GIMP's marble1):     \
   * the veins lighter than the stone. */                                     \
  PALETTE (CARRARA, "carrara", N_("Carrara"),                                 \
           { 0.00f, 0xffffff }, { 0.30f, 0xf9f9f8 }, { 0.60f, 0xefefee },     \
           { 0.80f, 0xe2e2e1 }, { 1.00f, 0xd3d3d2 })                          \
  /* Cream stone, beige and blue-grey figuring (GIMP's marble3). */          \
  PALETTE (CALACATTA, "calacatta", N_("Calacatta"),                           \
           { 0.00f, 0x7a7e90 }, { 0.20f, 0x989cab }, { 0.45f, 0xbdb8b4 },     \
           { 0.70f, 0xd8d0c5 }, { 1.00f, 0xece7df })                                               \
  /* Black stone with white veins. */                                         \
  PALETTE (NERO_MARQUINA, "nero-marquina", N_("Nero Marquina"),               \
           { 0.00f, 0xf2f0ec }, { 0.20f, 0xc4c2be }, { 0.45f, 0x4a4a4c },     \
           { 0.62f, 0x262628 }, { 0.80f, 0x121214 }, { 1.00f, 0x060607 })     \
  /* Dark green serpentine, mottled, with pale veins. */                      \
  PALETTE (VERDE, "verde", N_("Verde"),                                       \
           { 0.00f, 0xe4ece4 }, { 0.12f, 0x98b8a2 }, { 0.35f, 0x2e5a44 },     \
           { 0.62f, 0x132e22 }, { 1.00f, 0x356650 })                          \
  /* Pale pink stone with dark red cracks (GIMP's pink_marble). */            \
  PALETTE (ROSA_PORTOGALLO, "rosa-portogallo", N_("Rosa Portogallo"),         \
           { 0.00f, 0x8e4a4a }, { 0.20f, 0xb07678 }, { 0.45f, 0xd8ada4 },     \
           { 0.72f, 0xe6cbbd }, { 1.00f, 0xeef0f2 })                          \
  /* Light on a pool's floor: the blue floor in shade to the caustics'        \
   * pale light (GIMP's pool.pat). */                                         \
  PALETTE (POOL, "pool", N_("Pool"),                                          \
           { 0.00f, 0x34509a }, { 0.40f, 0x5670b2 }, { 0.62f, 0x748ec4 },     \
           { 0.85f, 0x9ab1dc }, { 1.00f, 0xd8e3f8 })                          \
  /* Terrain for 2D maps: meadow grass, shaded blades to sunlit tips. */      \
  PALETTE (GRASS, "grass", N_("Grass"),                                       \
           { 0.00f, 0x2c4a17 }, { 0.30f, 0x3f6b20 }, { 0.60f, 0x5a8c2c },     \
           { 0.85f, 0x7aa83c }, { 1.00f, 0x9cc25a })                          \
  /* Dry sand, damp hollows to pale crests. */                                \
  PALETTE (SAND, "sand", N_("Sand"),                                          \
           { 0.00f, 0x9c7f4e }, { 0.30f, 0xbf9f66 }, { 0.60f, 0xd8bd83 },     \
           { 0.85f, 0xe8d3a0 }, { 1.00f, 0xf2e4bd })                          \
  /* Fired clay, burnt (0) to pale (1), after photographs of red brick      \
   * walls (GIMP's brick.pat). */                                             \
  PALETTE (BRICK, "brick", N_("Brick"),                                       \
           { 0.00f, 0x3e2620 }, { 0.25f, 0x6e3a2c }, { 0.50f, 0x92503c },     \
           { 0.75f, 0xab6c52 }, { 1.00f, 0xc49478 })                          \
  /* Weathered granite and basalt setts, dark (0) to pale (1). */             \
  PALETTE (STONE, "stone", N_("Stone"),                                       \
           { 0.00f, 0x3e3c39 }, { 0.30f, 0x615d57 }, { 0.60f, 0x85807a },     \
           { 0.85f, 0xa39d94 }, { 1.00f, 0xb9b3a8 })                          \
  /* Old, weathered brick, after GIMP's brick.pat: dull red-brown clay,     \
   * near black in the joints' shade, tan to buff where pale (the hue of each \
   * wanders further with color-variation). */                                \
  PALETTE (OLD_BRICK, "old-brick", N_("Old brick"),                           \
           { 0.00f, 0x1a1011 }, { 0.10f, 0x3e2622 }, { 0.22f, 0x6e4538 },     \
           { 0.38f, 0x925c4a }, { 0.55f, 0xa4725a }, { 0.75f, 0xb59378 },     \
           { 1.00f, 0xcdbda5 })                                               \
  /* Amboyna burl: orange, after GIMP's "Burlwood" photograph (its colours \
   * at the quantiles of the burl's values with eye-clusters=1), greyer    \
   * brown in the eyes. */                                                  \
  PALETTE (AMBOYNA, "amboyna", N_("Amboyna"),                                 \
           { 0.000f, 0x4e3226 }, { 0.260f, 0x703b1e }, { 0.345f, 0x824521 },  \
           { 0.420f, 0x924f25 }, { 0.505f, 0xa95924 }, { 0.615f, 0xae6930 },  \
           { 0.740f, 0xbc783c }, { 0.865f, 0xc08545 }, { 1.000f, 0xc8955a })

#endif
