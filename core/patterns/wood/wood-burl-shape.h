/* The burl's constants its colour map's row kernel (wood-burl-rows.c)
 * shares with wood-burl.c, where the rest of them are. */
#ifndef TSR_WOOD_BURL_SHAPE_H
#define TSR_WOOD_BURL_SHAPE_H

/* A burl is darker than the board around it: its value scaled by this. */
#define BURL_TONE 0.78
/* Chatoyance: ± this much of the value as the fibre turns. */
#define SHEEN 0.18
/* How much a crevice's depth varies along it with the mottle (0: none):
 * crevices of one depth everywhere read as a net of worms. */
#define CREVICE_VARY 0.8
/* The crevices between the lumps: how wide, in the lump noise's values
 * about its zero, and how much that varies with the cluster field (± of
 * it): cells of one outline everywhere read as a net. */
#define CREVICE_WIDTH 0.5
#define CREVICE_SPREAD 0.6
/* How far into a lump its lighter middle reaches, in the same values. */
#define LUMP_BODY 0.6
/* How much of an eye's darkness the growth lines carry (the lines run
 * through it and ring it): an eye of the figure, not a dot on it. */
#define EYE_LINES 0.5
/* How deep the growth lines are, of their own profile's depth, about its
 * mean: across a burl's lumps they are faint. */
#define LINES_DEPTH 0.45
#define LINES_MEAN 0.85
/* The pale flashes (eye-clusters, wood-burl.c): where the mottle, less
 * PALE_SHUNS times the clusters, passes PALE_AT, PALE_EDGE of its values
 * wide. */
#define PALE_AT 0.2
#define PALE_EDGE 0.06
#define PALE_SHUNS 1.0

/* exp (-z) for z >= 0, the crevices' and lumps' bells, in float (the
 * value's row kernel's v_burl_expf_neg):
 * z clamped to 80, z = k ln 2 - r with k = round (z / ln 2) (ln 2 in two
 * parts, k ln2_hi exact), e^r Horner to degree 6 (within 1.2e-7 of it for
 * |r| <= ln 2 / 2) and 2^-k from its exponent bits. */
#define BURL_EXPF_MAX 80.0f
#define BURL_EXPF_INV_LN2 1.44269504f
#define BURL_EXPF_LN2_HI 0.693145751953125f    /* 0x3f317200 */
#define BURL_EXPF_LN2_LO 1.42860677e-06f
#define BURL_EXPF_POLY(r)                                                  \
  (1.0f + (r) * (1.0f + (r) * (1.0f / 2 + (r) * (1.0f / 6 + (r) * (1.0f / 24 \
   + (r) * (1.0f / 120 + (r) * (1.0f / 720)))))))

#endif
