/* Mnemonics for translated labels: see mnemonic.h. */
#include <string.h>

#include "mnemonic.h"

static gboolean
is_used (const TsrMnemonics *m, gunichar c)
{
  for (guint i = 0; i < m->n_used; i++)
    if (m->used[i] == c)
      return TRUE;
  return FALSE;
}

void
tsr_mnemonics_use (TsrMnemonics *m, gunichar c)
{
  if (!g_unichar_isalpha (c))
    return;
  c = g_unichar_tolower (c);
  if (!is_used (m, c) && m->n_used < TSR_MNEMONICS_MAX)
    m->used[m->n_used++] = c;
}

/* Letters a keyboard of that script types directly. */
static gboolean
typeable (gunichar c)
{
  return g_unichar_isalpha (c) && (c < 0x250 || (c >= 0x370 && c < 0x530));
}

static gboolean
free_letter (const TsrMnemonics *m, gunichar c)
{
  return typeable (c) && !is_used (m, g_unichar_tolower (c));
}

static char *
place (TsrMnemonics *m, const char *label, gboolean double_underscores)
{
  GString *out = g_string_sized_new (strlen (label) + 8);
  gboolean placed = FALSE, foreign = FALSE;

  for (const char *p = label; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (!placed && free_letter (m, c))
        {
          tsr_mnemonics_use (m, c);
          g_string_append_c (out, '_');
          placed = TRUE;
        }
      foreign |= g_unichar_isalpha (c) && !typeable (c);
      if (c == '_' && double_underscores)
        g_string_append_c (out, '_');
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  if (!placed && foreign)
    for (gunichar c = 'a'; c <= 'z'; c++)
      if (!is_used (m, c))
        {
          tsr_mnemonics_use (m, c);
          g_string_append_printf (out, " (_%c)", g_ascii_toupper ((char) c));
          break;
        }
  return g_string_free (out, FALSE);
}

void
tsr_mnemonics_use_all (TsrMnemonics *m, const char *letters)
{
  for (const char *c = letters; *c; c++)
    tsr_mnemonics_use (m, (gunichar) *c);
}

char *
tsr_mnemonics_label (TsrMnemonics *m, const char *label)
{
  return place (m, label, TRUE);
}

char *
tsr_mnemonics_assign (TsrMnemonics *m, const char *label)
{
  for (const char *u = strchr (label, '_'); u != NULL; u = strchr (u + 2, '_'))
    {
      if (u[1] == '_')
        continue;
      if (u[1] != '\0')
        {
          tsr_mnemonics_use (m, g_utf8_get_char (u + 1));
          return g_strdup (label);
        }
      break;
    }
  return place (m, label, FALSE);
}

char *
tsr_mnemonics_strip (const char *label)
{
  GString *out = g_string_sized_new (strlen (label));

  for (const char *p = label; *p; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '\0')
            break;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}
