/* A preset as command-line words, for the tools that render the README's
 * pictures (tools/materials): the presets are listed once, in
 * frontend/presets.c.
 *
 *   preset-words NAME      -> "PATTERN KEY=VALUE ..." on one line
 *
 * Exit status 2 and one line naming it for an unknown preset. */
#include <stdio.h>

#include "presets.h"

int
main (int argc, char **argv)
{
  const TsrPreset *preset = argc == 2 ? tsr_preset_lookup (argv[1]) : NULL;

  if (preset == NULL)
    {
      fprintf (stderr, "%s: %s\n", argv[0],
               argc == 2 ? "no such preset" : "usage: preset-words NAME");
      return 2;
    }
  printf ("%s", preset->pattern);
  for (guint i = 0; preset->values[i] != NULL; i++)
    printf (" %s", preset->values[i]);
  printf ("\n");
  return 0;
}
