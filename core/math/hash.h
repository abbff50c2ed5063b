/* Integer hashing for seeded, order-free noise.
 *
 * Every random decision in Tessera goes through these pure functions of
 * (seed, integer coordinates): no tables filled from rand(), no state, so any
 * sample can be computed alone, on any thread, on any platform, and gives the
 * same answer in every later version.  The mixer is a 32-bit avalanche
 * (multiply-xorshift, constants from Chris Wellons' "hash prospector"). */
#ifndef TSR_HASH_H
#define TSR_HASH_H

#include <glib.h>

/* The mixer's steps on h, a guint32 or (in the vector kernels,
 * noise-vec.h) a vector of them: one definition, the same bits. */
#define TSR_MIX32_STEPS(h) \
  ((h) ^= (h) >> 16, (h) *= 0x21f0aaadu, (h) ^= (h) >> 15, \
   (h) *= 0x735a2d97u, (h) ^= (h) >> 15)

/* Each coordinate joins the hash of the previous ones through its own odd
 * multiplier (x: an added constant instead).  The *_STEP macros are the
 * one definition of these steps, for guint32 and for vectors of guint32;
 * mix is tsr_mix32 or its vector twin, u the coordinate as unsigned. */
#define TSR_HASH_X 0x9e3779b9u
#define TSR_HASH_Y 0x85ebca6bu
#define TSR_HASH_Z 0xc2b2ae35u
#define TSR_HASH_W 0x27d4eb2fu

#define TSR_HASH1_STEP(mix, seed, u)   mix ((seed) ^ mix ((u) + TSR_HASH_X))
#define TSR_HASH_NEXT_STEP(mix, h, u, k) mix ((h) ^ ((u) * (k)))

static inline guint32
tsr_mix32 (guint32 h)
{
  TSR_MIX32_STEPS (h);
  return h;
}

static inline guint32
tsr_hash1 (guint32 seed, gint32 x)
{
  return TSR_HASH1_STEP (tsr_mix32, seed, (guint32) x);
}

/* tsr_hash2 (s, x, y) == tsr_hash2_from1 (tsr_hash1 (s, x), y), and
 * likewise for 3 and 4, so that row loops can share the hash of a column
 * between corners. */
static inline guint32
tsr_hash2_from1 (guint32 h1, gint32 y)
{
  return TSR_HASH_NEXT_STEP (tsr_mix32, h1, (guint32) y, TSR_HASH_Y);
}

static inline guint32
tsr_hash3_from2 (guint32 h2, gint32 z)
{
  return TSR_HASH_NEXT_STEP (tsr_mix32, h2, (guint32) z, TSR_HASH_Z);
}

static inline guint32
tsr_hash4_from3 (guint32 h3, gint32 w)
{
  return TSR_HASH_NEXT_STEP (tsr_mix32, h3, (guint32) w, TSR_HASH_W);
}

static inline guint32
tsr_hash2 (guint32 seed, gint32 x, gint32 y)
{
  return tsr_hash2_from1 (tsr_hash1 (seed, x), y);
}

static inline guint32
tsr_hash3 (guint32 seed, gint32 x, gint32 y, gint32 z)
{
  return tsr_hash3_from2 (tsr_hash2 (seed, x, y), z);
}

static inline guint32
tsr_hash4 (guint32 seed, gint32 x, gint32 y, gint32 z, gint32 w)
{
  return tsr_hash4_from3 (tsr_hash3 (seed, x, y, z), w);
}

/* A hash as a float in [0, 1), using its top 24 bits (exact in a float). */
static inline float
tsr_hash_unit (guint32 h)
{
  return (float) (h >> 8) * (1.0f / 16777216.0f);
}

/* Wrap an integer lattice coordinate into [0, period); period 0 = no wrap. */
static inline gint32
tsr_wrap (gint32 i, gint32 period)
{
  if (period <= 0)
    return i;
  i %= period;
  return i < 0 ? i + period : i;
}

#endif
