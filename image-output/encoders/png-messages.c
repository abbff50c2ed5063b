/* libpng's handlers: see png-messages.h. */
#include <glib.h>

#include "png-messages.h"

void
png_message_on_error (png_structp png, png_const_charp message)
{
  PngMessage *m = png_get_error_ptr (png);

  g_strlcpy (m->text, message, sizeof m->text);
  png_longjmp (png, 1);
}

void
png_message_on_warning (png_structp png, png_const_charp message)
{
  (void) png;
  (void) message;
}
