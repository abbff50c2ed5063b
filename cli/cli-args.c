/* Error reporting and strict number parsing for the command line. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "texture/texture.h"

int
cli_error (int status, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* One line, whatever the message (GError texts, file names) contains. */
  for (char *p = message; *p; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';

  fprintf (stderr, "tessera: %s\n", message);
  fflush (stderr);
  g_free (message);
  return status;
}

int
cli_stdout_done (void)
{
  /* a write that failed earlier leaves only the error flag behind */
  if (fflush (stdout) != 0 || ferror (stdout))
    return cli_error (CLI_EXIT_FAILURE, "cannot write to standard output");
  return CLI_EXIT_OK;
}

gboolean
cli_parse_uint (const char *text, guint64 max, guint64 *value)
{
  /* Refuses signs, spaces and other bases: digits only. */
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL);
}

gboolean
cli_parse_double (const char *text, double *value)
{
  char *end = NULL;
  double v;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;

  errno = 0;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;

  *value = v;
  return TRUE;
}

gboolean
cli_parse_size (const char *text, int *width, int *height)
{
  const char *x;
  char *w_text;
  guint64 w, h;
  gboolean ok;

  if (text == NULL)
    return FALSE;

  x = strchr (text, 'x');
  if (x == NULL)
    x = strchr (text, 'X');
  if (x == NULL)
    return FALSE;

  w_text = g_strndup (text, (gsize) (x - text));
  ok = cli_parse_uint (w_text, TSR_MAX_SIZE, &w) &&
       cli_parse_uint (x + 1, TSR_MAX_SIZE, &h) &&
       w >= 1 && h >= 1;
  g_free (w_text);

  if (!ok)
    return FALSE;

  *width = (int) w;
  *height = (int) h;
  return TRUE;
}
