/* The core marks its user-visible strings for translation but never
 * translates them: it knows nothing of locales.  The plug-in and the dialog
 * translate them through the "tessera" gettext domain. */
#ifndef TSR_I18N_H
#define TSR_I18N_H

#ifndef N_
#define N_(s) (s)
#endif

#endif
