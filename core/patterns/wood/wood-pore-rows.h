/* The plank's pore lines for a colour map, in kernels compiled once per
 * instruction set like the noise rows (core/meson.build): the numbers of
 * the rows a run of samples reads, as a table; and each (sample, row)
 * pair whose tent may cover the sample's footprint (wood-pore-lines.c
 * lists them) its streak's swell (where no row above had it) and its
 * tent's cover.  wood-pore-lines.c
 * sums the pairs per sample. */
#ifndef TSR_WOOD_PORE_ROWS_H
#define TSR_WOOD_PORE_ROWS_H

#include <glib.h>

#include "patterns/wood/wood-internal.h"

G_BEGIN_DECLS

/* What the kernels read of the wood's state (WoodState's fields). */
typedef struct
{
  guint32 pore_seed;
  int     pore_rows, dash_cells;
  double  dash_length;
} WoodPoreLinesRow;

/* The numbers of rows j0, j0 + 1 ... (WoodPoreRow's), one an index. */
typedef struct
{
  guint32 *seed;
  double  *centre, *width, *strength, *phase, *cut;
} WoodPoreTable;

/* The pairs, one an index: the sample's (into x and its footprint: lo ..
 * hi in rows, and how much its tents thin) and the row's (into the
 * table). */
typedef struct
{
  const gint32        *sample, *row;
  const double        *x, *lo, *hi, *thin;
  const WoodPoreTable *table;
} WoodPorePairs;

/* Each sample's footprint from its row coordinate q and footprint wq (in
 * rows): lo .. hi, how much its tents thin, how far its lines fade to
 * their mean, the box's width w, and the rows that may reach it, first ..
 * first + count - 1 (none where the lines are faded out). */
typedef struct
{
  const double *q, *wq;
  double       *lo, *hi, *thin, *fade, *w;
  gint32       *first, *count;
} WoodPoreSpans;

/* The spans of samples 0 .. n - 1 and more up to a whole number of
 * vectors (q and wq read, the rest written, that far), and the first and
 * last row any of them reads (jmin > jmax: none); FALSE where a count is
 * out of 0 .. 6 (the rest then undefined). */
typedef gboolean (*WoodPoreSpansFn) (const WoodPoreSpans *spans, gsize n, gint32 *jmin,
                                     gint32 *jmax);
/* The pairs of samples 0 .. n - 1 (their spans, a whole number of
 * vectors of them: counts 0 past n) whose rows, row j at j - j0 in the
 * table, may cover the sample's footprint, into sample[] and row[] in
 * the order of the samples and then their rows (both with room for
 * WOOD_PORE_PAD more, which may be written); returns how many. */
typedef gsize (*WoodPoreListFn) (const WoodPoreSpans *spans, gsize n, gint32 j0,
                                 const WoodPoreTable *table, gint32 *sample, gint32 *row);
/* Rows j0 .. j0 + n - 1 into the table, and more up to a whole number of
 * vectors (the table has room for WOOD_PORE_PAD more). */
typedef void (*WoodPoreTableFn) (const WoodPoreLinesRow *row, gint32 j0, gsize n,
                                 const WoodPoreTable *table);
/* The swells the memo has of pairs 0 .. np - 1 (their samples from
 * `start` in its rows, row r of the table row j0 + r) into s[], and the
 * pairs it has not (s[] there undefined) into miss[] in order; returns
 * how many.  The pairs are padded to a whole number of WOOD_PORE_PAD, s
 * has room for that many. */
typedef gsize (*WoodPoreRecallFn) (const WoodPorePairs *pairs, gsize np, gint32 j0,
                                   const WoodPoreMemo *memo, gsize start, double *s,
                                   gint32 *miss);
/* Pair i's streak's swell at its sample's x into s[i] for i < n, n a
 * whole number of WOOD_PORE_PAD (the caller pads). */
typedef void (*WoodPoreSwellFn) (const WoodPoreLinesRow *row, const WoodPorePairs *pairs,
                                 gsize n, double *s);
/* Pair i's darkness times its tent's cover at its swell s[i] (0 where
 * the streak breaks: what the sample's sum adds) into term[i] for i < n,
 * n as above. */
typedef void (*WoodPoreTermsFn) (const WoodPorePairs *pairs, const double *s, gsize n,
                                 double *term);

void wood_pore_table_base (const WoodPoreLinesRow *row, gint32 j0, gsize n,
                           const WoodPoreTable *table);
void wood_pore_table_avx2 (const WoodPoreLinesRow *row, gint32 j0, gsize n,
                           const WoodPoreTable *table);
void wood_pore_table_avx512 (const WoodPoreLinesRow *row, gint32 j0, gsize n,
                             const WoodPoreTable *table);
gboolean wood_pore_spans_base (const WoodPoreSpans *spans, gsize n, gint32 *jmin,
                               gint32 *jmax);
gboolean wood_pore_spans_avx2 (const WoodPoreSpans *spans, gsize n, gint32 *jmin,
                               gint32 *jmax);
gboolean wood_pore_spans_avx512 (const WoodPoreSpans *spans, gsize n, gint32 *jmin,
                                 gint32 *jmax);
gsize wood_pore_list_base (const WoodPoreSpans *spans, gsize n, gint32 j0,
                           const WoodPoreTable *table, gint32 *sample, gint32 *row);
gsize wood_pore_list_avx2 (const WoodPoreSpans *spans, gsize n, gint32 j0,
                           const WoodPoreTable *table, gint32 *sample, gint32 *row);
gsize wood_pore_list_avx512 (const WoodPoreSpans *spans, gsize n, gint32 j0,
                             const WoodPoreTable *table, gint32 *sample, gint32 *row);
gsize wood_pore_recall_base (const WoodPorePairs *pairs, gsize np, gint32 j0,
                             const WoodPoreMemo *memo, gsize start, double *s, gint32 *miss);
gsize wood_pore_recall_avx2 (const WoodPorePairs *pairs, gsize np, gint32 j0,
                             const WoodPoreMemo *memo, gsize start, double *s, gint32 *miss);
gsize wood_pore_recall_avx512 (const WoodPorePairs *pairs, gsize np, gint32 j0,
                               const WoodPoreMemo *memo, gsize start, double *s,
                               gint32 *miss);
void wood_pore_swell_base (const WoodPoreLinesRow *row, const WoodPorePairs *pairs, gsize n,
                           double *s);
void wood_pore_swell_avx2 (const WoodPoreLinesRow *row, const WoodPorePairs *pairs, gsize n,
                           double *s);
void wood_pore_swell_avx512 (const WoodPoreLinesRow *row, const WoodPorePairs *pairs, gsize n,
                             double *s);
void wood_pore_terms_base (const WoodPorePairs *pairs, const double *s, gsize n, double *term);
void wood_pore_terms_avx2 (const WoodPorePairs *pairs, const double *s, gsize n, double *term);
void wood_pore_terms_avx512 (const WoodPorePairs *pairs, const double *s, gsize n,
                             double *term);

/* The widest vector's lanes: the pairs are padded to whole ones of it,
 * the table has room for as many rows more. */
#define WOOD_PORE_PAD 16

#define WOOD_PORE_SPANS_NAME_(isa) wood_pore_spans_##isa
#define WOOD_PORE_SPANS_NAME(isa)  WOOD_PORE_SPANS_NAME_ (isa)
#define WOOD_PORE_LIST_NAME_(isa)  wood_pore_list_##isa
#define WOOD_PORE_LIST_NAME(isa)   WOOD_PORE_LIST_NAME_ (isa)
#define WOOD_PORE_TABLE_NAME_(isa) wood_pore_table_##isa
#define WOOD_PORE_TABLE_NAME(isa)  WOOD_PORE_TABLE_NAME_ (isa)
#define WOOD_PORE_RECALL_NAME_(isa) wood_pore_recall_##isa
#define WOOD_PORE_RECALL_NAME(isa)  WOOD_PORE_RECALL_NAME_ (isa)
#define WOOD_PORE_SWELL_NAME_(isa) wood_pore_swell_##isa
#define WOOD_PORE_SWELL_NAME(isa)  WOOD_PORE_SWELL_NAME_ (isa)
#define WOOD_PORE_TERMS_NAME_(isa) wood_pore_terms_##isa
#define WOOD_PORE_TERMS_NAME(isa)  WOOD_PORE_TERMS_NAME_ (isa)

G_END_DECLS

#endif
