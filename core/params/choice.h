/* One named value of a choice (a basis, a palette, ...), and the enum and
 * names made from a list of them (param-list.h). */
#ifndef TSR_CHOICE_H
#define TSR_CHOICE_H

typedef struct
{
  const char *name;    /* machine name, e.g. "quintic" */
  const char *label;   /* translatable (N_), e.g. "Quintic" */
} TsrChoice;

/* A list's lines as enum values, and as TsrChoice rows (extra columns
 * after the label are ignored). */
#define TSR_CHOICE_ID(id, ...) id,
#define TSR_CHOICE_ROW(id, ...) [id] = { TSR_CHOICE_NAME_LABEL_ (__VA_ARGS__, _) },
#define TSR_CHOICE_NAME_LABEL_(name, label, ...) name, label

/* typedef enum { the list's values, COUNT } Type; */
#define TSR_CHOICE_ENUM(Type, LIST, COUNT) \
  typedef enum { LIST (TSR_CHOICE_ID) COUNT } Type;

/* The list's names and labels, var[COUNT], in the order of its enum. */
#define TSR_CHOICE_NAMES(var, LIST, COUNT) \
  const TsrChoice var[COUNT] = { LIST (TSR_CHOICE_ROW) };

#endif
