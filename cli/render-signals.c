/* Signals and progress of `tessera render`: Ctrl-C, kill and hang-up
 * cancel the render through a flag the scheduler and the writers read; a
 * terminal sees the percentage. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "cli-render.h"

static volatile sig_atomic_t interrupted = 0;

static void
on_signal (int sig)
{
  interrupted = sig;
}

/* Ctrl-C, kill and hang-up cancel the render; signals ignored by whoever
 * started us (nohup, a shell's background job) stay ignored.  A write past
 * the file-size limit (ulimit -f) must fail with EFBIG, to be reported and
 * cleaned up like a full disk, not kill us with SIGXFSZ and leave the
 * temporary file behind. */
void
cli_catch_signals (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  struct sigaction action, old;
  struct rlimit files;

  signal (SIGXFSZ, SIG_IGN);
  /* A set of files stays unnamed while its descriptors are open
   * (file-set.h): allow as many as the system lets us. */
  if (getrlimit (RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max)
    {
      files.rlim_cur = files.rlim_max;
      (void) setrlimit (RLIMIT_NOFILE, &files);
    }
  memset (&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset (&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    if (sigaction (signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction (signals[i], &action, NULL);
}

/* Die of the signal that interrupted us, as the shell expects. */
static void
reraise_signal (int sig)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset (&action.sa_mask);
  sigaction (sig, &action, NULL);
  raise (sig);
}

void
cli_progress_clear (Progress *p)
{
  if (p->shown >= 0)
    {
      fputs ("\r\033[K", stderr);
      fflush (stderr);
      p->shown = -1;
    }
}

/* Says what became of output, then dies of the signal that came. */
int
cli_stop_interrupted (const char *what)
{
  cli_error (CLI_EXIT_FAILURE, "interrupted; %s", what);
  reraise_signal (interrupted);
  return CLI_EXIT_FAILURE;
}

const volatile sig_atomic_t *
cli_interrupted (void)
{
  return &interrupted;
}

gboolean
cli_render_progress (double fraction, gpointer user_data)
{
  Progress *p = user_data;

  if (interrupted)
    return FALSE;

  if (p->tty)
    {
      int percent = (int) CLAMP (fraction * 100.0, 0.0, 100.0);

      if (percent != p->shown)
        {
          fprintf (stderr, "\rtessera: rendering %s: %3d%%", p->output, percent);
          fflush (stderr);
          p->shown = percent;
        }
    }
  return TRUE;
}
