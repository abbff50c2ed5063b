/* Golden checksums: a small render of every pattern (and a few variants)
 * must not change by a single bit unless the change is intended.  An
 * intended change updates the table below (run with TESSERA_GOLDEN_PRINT=1
 * to print it) and says why in its commit message.
 *
 * A 48x32 texture never takes the paths that only large renders switch on
 * (marble's slow-field grid, octaves cut to the pixel's footprint), so a
 * line may instead name a larger texture and where its 48x32 window lies:
 * "@texture=2048x2048 @at=512,768" among the settings. */
#include <stdio.h>
#include <string.h>
#include "test-helpers.h"

typedef struct
{
  const char *pattern;
  const char *settings;   /* space-separated key=value */
  const char *sha256;     /* of the 48x32 RGBA float render, first 16 hex digits */
} Golden;

static const Golden golden[] = {
#include "golden.inc"
};

static char *
checksum (const char *pattern, const char *settings)
{
  TsrSettings s;
  TsrTexture *tex;
  float buf[48 * 32 * 4];
  char **kvs = g_strsplit (settings, " ", -1);
  char *sum, *head;
  int width = 48, height = 32, x = 0, y = 0;

  g_assert_true (tsr_settings_init (&s, pattern, NULL));
  for (guint i = 0; kvs[i] && *kvs[i]; i++)
    {
      if (g_str_has_prefix (kvs[i], "@texture="))
        g_assert_cmpint (sscanf (kvs[i], "@texture=%dx%d", &width, &height), ==, 2);
      else if (g_str_has_prefix (kvs[i], "@at="))
        g_assert_cmpint (sscanf (kvs[i], "@at=%d,%d", &x, &y), ==, 2);
      else
        {
          char **kv = g_strsplit (kvs[i], "=", 2);
          g_assert_true (tsr_settings_parse (&s, kv[0], kv[1], NULL));
          g_strfreev (kv);
        }
    }
  g_assert_true (x >= 0 && y >= 0 && x + 48 <= width && y + 32 <= height);
  tex = tsr_texture_new (&s, width, height, NULL, NULL);
  g_assert_nonnull (tex);
  g_assert_true (tsr_render (tex, x, y, 48, 32, buf, 48 * 4, 1, NULL, NULL, NULL));
  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) buf, sizeof buf);
  head = g_strndup (sum, 16);
  g_free (sum);
  g_strfreev (kvs);
  tsr_texture_free (tex);
  return head;
}

static void
test_golden (void)
{
  gboolean print = g_getenv ("TESSERA_GOLDEN_PRINT") != NULL;
  int failures = 0;

  for (guint i = 0; i < G_N_ELEMENTS (golden); i++)
    {
      char *sum = checksum (golden[i].pattern, golden[i].settings);
      if (print)
        g_print ("  { \"%s\", \"%s\", \"%s\" },\n", golden[i].pattern, golden[i].settings, sum);
      else if (strcmp (sum, golden[i].sha256) != 0)
        {
          g_printerr ("golden: %s [%s]: %s, expected %s\n", golden[i].pattern,
                      golden[i].settings, sum, golden[i].sha256);
          failures++;
        }
      g_free (sum);
    }
  g_assert_cmpint (failures, ==, 0);
}

/* Every pattern in the table has a golden entry. */
static void
test_every_pattern_covered (void)
{
  for (guint p = 0; p < tsr_n_patterns; p++)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (golden); i++)
        found |= strcmp (golden[i].pattern, tsr_patterns[p]->name) == 0;
      if (!found)
        g_error ("pattern %s has no golden checksum", tsr_patterns[p]->name);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/golden/checksums", test_golden);
  g_test_add_func ("/core/golden/every-pattern", test_every_pattern_covered);
  return g_test_run ();
}
