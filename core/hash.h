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

/* The mixer's steps on h, a guint32 or (in the vector kernels of
 * noise-internal.h) a vector of them: one definition, the same bits. */
#define TSR_MIX32_STEPS(h) \
  ((h) ^= (h) >> 16, (h) *= 0x21f0aaadu, (h) ^= (h) >> 15, \
   (h) *= 0x735a2d97u, (h) ^= (h) >> 15)

static inline guint32
tsr_mix32 (guint32 h)
{
  TSR_MIX32_STEPS (h);
  return h;
}

static inline guint32
tsr_hash1 (guint32 seed, gint32 x)
{
  return tsr_mix32 (seed ^ tsr_mix32 ((guint32) x + 0x9e3779b9u));
}

static inline guint32
tsr_hash2 (guint32 seed, gint32 x, gint32 y)
{
  return tsr_mix32 (tsr_hash1 (seed, x) ^ ((guint32) y * 0x85ebca6bu));
}

static inline guint32
tsr_hash3 (guint32 seed, gint32 x, gint32 y, gint32 z)
{
  return tsr_mix32 (tsr_hash2 (seed, x, y) ^ ((guint32) z * 0xc2b2ae35u));
}

static inline guint32
tsr_hash4 (guint32 seed, gint32 x, gint32 y, gint32 z, gint32 w)
{
  return tsr_mix32 (tsr_hash3 (seed, x, y, z) ^ ((guint32) w * 0x27d4eb2fu));
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
