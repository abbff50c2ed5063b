/* libpng's error and warning handlers, for the PNG reader (image-input)
 * and writer alike.  libpng reports an error by calling its handler, which
 * must not return: the handler keeps the message in the PngMessage given
 * as the struct's error pointer and jumps back to the caller's setjmp,
 * where the caller makes its GError of the text.  Warnings are dropped:
 * libpng goes on after them. */
#ifndef TSR_PNG_MESSAGES_H
#define TSR_PNG_MESSAGES_H

#include <png.h>

typedef struct
{
  char text[256];   /* libpng's last error, "" before one */
} PngMessage;

/* For png_create_read_struct / png_create_write_struct, with a PngMessage
 * as error_ptr. */
void png_message_on_error   (png_structp png, png_const_charp message);
void png_message_on_warning (png_structp png, png_const_charp message);

#endif
