/* One named value of a choice (a basis, a palette, ...). */
#ifndef TSR_CHOICE_H
#define TSR_CHOICE_H

typedef struct
{
  const char *name;    /* machine name, e.g. "quintic" */
  const char *label;   /* translatable (N_), e.g. "Quintic" */
} TsrChoice;

#endif
