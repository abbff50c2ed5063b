/* tessera sample BASIS X Y [Z [W]] [seed=N]
 *
 * One raw noise value (tsr_noise_sample), printed with 17 significant
 * digits so that it reads back as the same double. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tessera.h"
#include "cli.h"

static char *
basis_names (void)
{
  GString *names = g_string_new (NULL);

  for (int b = 0; b < TSR_BASIS_COUNT; b++)
    g_string_append_printf (names, "%s%s", b ? ", " : "", tsr_basis_name ((TsrBasis) b));
  return g_string_free (names, FALSE);
}

int
cli_sample (int argc, char **argv)
{
  TsrBasis basis;
  double p[4];
  int dims = 0;
  guint64 seed = 0;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  int status;

  /* Options only before BASIS: a coordinate such as -1.5 is no option. */
  if (!cli_options_parse ("sample", NULL, TRUE, &argc, &argv, &status))
    return status;
  if (argc < 2)
    return cli_error (CLI_EXIT_USAGE, "sample: missing BASIS (usage: tessera sample BASIS X Y [Z [W]] [seed=N])");

  if (!tsr_basis_from_name (argv[1], &basis))
    {
      char *names = basis_names ();
      status = cli_error (CLI_EXIT_USAGE, "unknown basis '%s' (one of: %s)", argv[1], names);
      g_free (names);
      return status;
    }

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];

      if (strncmp (arg, "seed=", 5) == 0)
        {
          if (!cli_parse_uint (arg + 5, G_MAXUINT32, &seed))
            return cli_error (CLI_EXIT_USAGE, "seed: expected an integer in 0 .. %u, got '%s'",
                              G_MAXUINT32, arg + 5);
        }
      else if (strchr (arg, '=') != NULL)
        return cli_error (CLI_EXIT_USAGE, "sample: unknown argument '%s' (only seed=N)", arg);
      else if (dims == 4)
        return cli_error (CLI_EXIT_USAGE, "sample: too many coordinates at '%s' (2 to 4)", arg);
      else if (!cli_parse_double (arg, &p[dims++]))
        return cli_error (CLI_EXIT_USAGE, "sample: coordinate '%s' is not a finite number", arg);
    }

  if (dims < 2)
    return cli_error (CLI_EXIT_USAGE, "sample: expected 2 to 4 coordinates, got %d", dims);

  /* "%.17g" in the C locale whatever the environment. */
  g_ascii_formatd (buf, sizeof buf, "%.17g",
                   tsr_noise_sample (basis, (guint32) seed, dims, p));
  printf ("%s\n", buf);

  return cli_stdout_done ();
}
