/* Mnemonics for hand-made widgets: see mnemonic.h. */
#include <string.h>

#include "mnemonic.h"

void
tsr_mnemonics_use (TsrMnemonics *m, guint keyval)
{
  if (keyval < 128 && g_ascii_isalpha ((char) keyval))
    m->used[g_ascii_tolower ((char) keyval) - 'a'] = TRUE;
}

char *
tsr_mnemonics_label (TsrMnemonics *m, const char *label)
{
  GString *out = g_string_sized_new (strlen (label) + 4);
  gboolean placed = FALSE;

  for (const char *p = label; *p; p++)
    {
      if (!placed && g_ascii_isalpha (*p) && !m->used[g_ascii_tolower (*p) - 'a'])
        {
          m->used[g_ascii_tolower (*p) - 'a'] = TRUE;
          g_string_append_c (out, '_');
          placed = TRUE;
        }
      if (*p == '_')
        g_string_append_c (out, '_');
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
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
