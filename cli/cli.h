/* Shared pieces of the `tessera` command-line renderer.
 *
 * Exit statuses: CLI_EXIT_OK on success, CLI_EXIT_USAGE (2) for bad
 * arguments — reported as exactly one line on stderr naming the argument,
 * before any file is created — and CLI_EXIT_FAILURE (1) for runtime
 * failures such as an unwritable output. */
#ifndef TSR_CLI_H
#define TSR_CLI_H

#include <glib.h>

G_BEGIN_DECLS

enum
{
  CLI_EXIT_OK      = 0,
  CLI_EXIT_FAILURE = 1,
  CLI_EXIT_USAGE   = 2
};

/* The commands; argv[0] is the command name ("list", "presets", "render", "sample"). */
int cli_list   (int argc, char **argv);
int cli_presets (int argc, char **argv);
int cli_render (int argc, char **argv);
int cli_sample (int argc, char **argv);
int cli_seamless (int argc, char **argv);

/* Print the usage text on stdout; returns the exit status. */
int cli_help (void);

/* Reads argv's options, entries (G_OPTION_ENTRY_NULL-terminated, or NULL)
 * and -h/--help, with GOption; argv[0] is the command.  An option's value
 * is the next word whatever it reads like ("--output -h" names a file).
 * Values are best read as G_OPTION_ARG_FILENAME: the bytes as typed, with
 * no conversion from the locale's charset.  With stop_at_operand, options
 * end at the first other word.  What is not an option is left in argv, or
 * in a G_OPTION_REMAINING entry.  Returns TRUE to go on; FALSE when done —
 * help printed or the bad argument reported in one line — with *status
 * the exit status. */
gboolean cli_options_parse (const char *command, const GOptionEntry *entries,
                            gboolean stop_at_operand, int *argc, char ***argv, int *status);

/* Print "tessera: MESSAGE" as one line on stderr (any newline or control
 * character in MESSAGE becomes a space) and return status. */
int      cli_error (int status, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* After printing on stdout: flushes it; CLI_EXIT_OK if everything printed
 * reached it, else says why (a full disk, a closed pipe) and returns
 * CLI_EXIT_FAILURE. */
int      cli_stdout_done (void);

/* Strict parsers: the whole string must be the number, no sign, no
 * surrounding space.  They return FALSE for anything else. */
gboolean cli_parse_uint   (const char *text, guint64 max, guint64 *value);
/* A finite double in the C locale ("1.5", "-2e3"); refuses NaN and inf. */
gboolean cli_parse_double (const char *text, double *value);
/* "WxH" with both sides in 1 .. TSR_MAX_SIZE. */
gboolean cli_parse_size   (const char *text, int *width, int *height);

G_END_DECLS

#endif
