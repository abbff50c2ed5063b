/* A linear-light sRGB ICC profile, built from its few numbers.
 * Layout and tag types per ICC.1:2022 (v4.4), written as version 4.3. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "icc-profile.h"

#define HEADER_SIZE 128

/* D50, the profile connection space's white. */
static const double d50[3] = { 0.9642, 1.0, 0.8249 };

/* sRGB (IEC 61966-2-1) red, green and blue, Bradford-adapted from D65 to
 * D50: the columns of the RGB -> XYZ(D50) matrix. */
static const double colorants[3][3] = {
  { 0.4360747, 0.2225045, 0.0139322 },
  { 0.3850649, 0.7168786, 0.0971045 },
  { 0.1430804, 0.0606169, 0.7141733 },
};

/* The Bradford adaptation D65 -> D50 (the chad tag), row-major. */
static const double bradford_d65_to_d50[9] = {
   1.0478112, 0.0228866, -0.0501270,
   0.0295424, 0.9904844, -0.0170491,
  -0.0092345, 0.0150436,  0.7521316,
};

static const char description[] = "Linear sRGB (Tessera)";
static const char copyright[] = "No copyright, use freely";

static void
put_u16 (GByteArray *b, guint16 v)
{
  guint8 bytes[2] = { (guint8) (v >> 8), (guint8) v };
  g_byte_array_append (b, bytes, 2);
}

static void
put_u32 (GByteArray *b, guint32 v)
{
  guint8 bytes[4] = { (guint8) (v >> 24), (guint8) (v >> 16), (guint8) (v >> 8), (guint8) v };
  g_byte_array_append (b, bytes, 4);
}

static void
put_sig (GByteArray *b, const char sig[4])
{
  g_byte_array_append (b, (const guint8 *) sig, 4);
}

static void
put_s15f16 (GByteArray *b, double v)
{
  put_u32 (b, (guint32) (gint32) lround (v * 65536.0));
}

static void
set_u32 (GByteArray *b, gsize at, guint32 v)
{
  b->data[at] = (guint8) (v >> 24);
  b->data[at + 1] = (guint8) (v >> 16);
  b->data[at + 2] = (guint8) (v >> 8);
  b->data[at + 3] = (guint8) v;
}

/* Tag data starts on 4-byte boundaries, and the profile ends on one. */
static void
pad4 (GByteArray *b)
{
  static const guint8 zero = 0;

  while (b->len % 4)
    g_byte_array_append (b, &zero, 1);
}

/* multiLocalizedUnicodeType, one en-US record of ASCII text. */
static void
put_mluc (GByteArray *b, const char *text)
{
  gsize n = strlen (text);

  put_sig (b, "mluc");
  put_u32 (b, 0);
  put_u32 (b, 1);          /* records */
  put_u32 (b, 12);         /* record size */
  put_u16 (b, 0x656e);     /* "en" */
  put_u16 (b, 0x5553);     /* "US" */
  put_u32 (b, (guint32) (2 * n));
  put_u32 (b, 28);         /* offset of the string from the tag start */
  for (gsize i = 0; i < n; i++)
    put_u16 (b, (guchar) text[i]);
}

static void
put_xyz (GByteArray *b, const double xyz[3])
{
  put_sig (b, "XYZ ");
  put_u32 (b, 0);
  for (int i = 0; i < 3; i++)
    put_s15f16 (b, xyz[i]);
}

typedef enum { DESC, CPRT, WTPT, CHAD, RXYZ, GXYZ, BXYZ, TRC, N_DATA } TagData;

guint8 *
icc_linear_srgb_profile (gsize *length)
{
  /* Tag signature -> its data; the three TRCs share one identity curve. */
  static const struct { char sig[5]; TagData data; } tags[] = {
    { "desc", DESC }, { "cprt", CPRT }, { "wtpt", WTPT }, { "chad", CHAD },
    { "rXYZ", RXYZ }, { "gXYZ", GXYZ }, { "bXYZ", BXYZ },
    { "rTRC", TRC }, { "gTRC", TRC }, { "bTRC", TRC },
  };
  const guint n_tags = G_N_ELEMENTS (tags);
  GByteArray *b = g_byte_array_new ();
  guint32 offset[N_DATA], size[N_DATA];
  GChecksum *md5;
  guint8 digest[16];
  gsize digest_len = sizeof digest;
  guint8 scratch[HEADER_SIZE];

  /* Header; the size is filled in at the end. */
  put_u32 (b, 0);
  put_u32 (b, 0);                          /* preferred CMM */
  put_u32 (b, 0x04300000);                 /* version 4.3 */
  put_sig (b, "mntr");
  put_sig (b, "RGB ");
  put_sig (b, "XYZ ");
  put_u16 (b, 2025); put_u16 (b, 1); put_u16 (b, 1);   /* fixed date: */
  put_u16 (b, 0); put_u16 (b, 0); put_u16 (b, 0);      /* same bytes always */
  put_sig (b, "acsp");
  put_u32 (b, 0);                          /* platform */
  put_u32 (b, 0);                          /* flags */
  put_u32 (b, 0);                          /* manufacturer */
  put_u32 (b, 0);                          /* model */
  put_u32 (b, 0); put_u32 (b, 0);          /* attributes */
  put_u32 (b, 0);                          /* perceptual intent */
  for (int i = 0; i < 3; i++)
    put_s15f16 (b, d50[i]);                /* PCS illuminant */
  put_u32 (b, 0);                          /* creator */
  g_byte_array_set_size (b, HEADER_SIZE);  /* profile ID (later), reserved */
  memset (b->data + 84, 0, HEADER_SIZE - 84);

  /* Tag table, offsets filled in below. */
  put_u32 (b, n_tags);
  for (guint i = 0; i < n_tags; i++)
    {
      put_sig (b, tags[i].sig);
      put_u32 (b, 0);
      put_u32 (b, 0);
    }

  for (int d = 0; d < N_DATA; d++)
    {
      pad4 (b);
      offset[d] = b->len;
      switch ((TagData) d)
        {
        case DESC: put_mluc (b, description); break;
        case CPRT: put_mluc (b, copyright); break;
        case WTPT: put_xyz (b, d50); break;
        case CHAD:
          put_sig (b, "sf32");
          put_u32 (b, 0);
          for (int i = 0; i < 9; i++)
            put_s15f16 (b, bradford_d65_to_d50[i]);
          break;
        case RXYZ: put_xyz (b, colorants[0]); break;
        case GXYZ: put_xyz (b, colorants[1]); break;
        case BXYZ: put_xyz (b, colorants[2]); break;
        case TRC:
          put_sig (b, "curv");
          put_u32 (b, 0);
          put_u32 (b, 0);          /* no entries: the identity */
          break;
        case N_DATA: break;
        }
      size[d] = b->len - offset[d];
    }
  pad4 (b);

  for (guint i = 0; i < n_tags; i++)
    {
      set_u32 (b, HEADER_SIZE + 4 + 12 * i + 4, offset[tags[i].data]);
      set_u32 (b, HEADER_SIZE + 4 + 12 * i + 8, size[tags[i].data]);
    }
  set_u32 (b, 0, b->len);

  /* Profile ID: MD5 of the profile with flags, intent and ID zeroed (they
   * already are, but say so). */
  memcpy (scratch, b->data, HEADER_SIZE);
  memset (scratch + 44, 0, 4);
  memset (scratch + 64, 0, 4);
  memset (scratch + 84, 0, 16);
  md5 = g_checksum_new (G_CHECKSUM_MD5);
  g_checksum_update (md5, scratch, HEADER_SIZE);
  g_checksum_update (md5, b->data + HEADER_SIZE, b->len - HEADER_SIZE);
  g_checksum_get_digest (md5, digest, &digest_len);
  g_checksum_free (md5);
  memcpy (b->data + 84, digest, 16);

  *length = b->len;
  return g_byte_array_free (b, FALSE);
}
