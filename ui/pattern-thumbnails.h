/* Small pictures of each pattern, rendered by the core when the dialog
 * opens (tiling on), shown in the pattern selector and on preset buttons. */
#ifndef TSR_PATTERN_THUMBNAILS_H
#define TSR_PATTERN_THUMBNAILS_H

#include <gtk/gtk.h>

#include "texture/texture.h"

G_BEGIN_DECLS

/* A size x size thumbnail of s, rendered at `supersample` times the size
 * and averaged down. */
GdkPixbuf *tsr_thumbnail_new (const TsrSettings *s, int size, int supersample);

/* A size x size thumbnail of each pattern at its defaults (a smaller
 * scale, fewer rings, so a tile shows a few features): name -> GdkPixbuf. */
GHashTable *tsr_pattern_thumbnails_new (int size);

/* Adds the thumbnails to a combo box whose model holds pattern names in
 * column 0 (GIMP's choice combo), before the labels. */
void        tsr_pattern_thumbnails_attach (GtkComboBox *combo, GHashTable *thumbnails);

G_END_DECLS

#endif
