#include <string.h>

#include "photo/seamless-set.h"
#include "math/hash.h"
#include "texture/texture.h"

/* What the seeds of the set's quilts are told apart by. */
/* Cells each way at least: a ring and two inside, so that the inside, which
 * differs from tile to tile, is at least a quarter of a tile. */
#define SET_MIN_CELLS 4

enum { SALT_COLOUR = 1, SALT_ACROSS = 16, SALT_DOWN = 24, SALT_CORNER_TILE = 32,
       SALT_VARIANT = 64 };

typedef struct
{
  const TsrImage *photo;
  TsrQuiltParams  q;
  TsrQuiltGrid    grid;
  int             width, height;
  guint8         *cells;     /* n_cols x n_rows TsrQuiltCell */
} SetMaker;

static int
n_cells (const SetMaker *m)
{
  return m->grid.n_cols * m->grid.n_rows;
}

/* Every cell `kind`; then the ring fixed when ring. */
static void
mark_cells (SetMaker *m, TsrQuiltCell kind, gboolean ring)
{
  const int nc = m->grid.n_cols, nr = m->grid.n_rows;

  memset (m->cells, kind, n_cells (m));
  if (ring)
    for (int j = 0; j < nr; j++)
      for (int i = 0; i < nc; i++)
        if (i == 0 || j == 0 || i == nc - 1 || j == nr - 1)
          m->cells[j * nc + i] = TSR_QUILT_FIXED;
}

static void
set_cell (SetMaker *m, int i, int j, TsrQuiltCell kind)
{
  m->cells[j * m->grid.n_cols + i] = kind;
}

/* Quilts the cells marked to place into tile with the seed of `salt`. */
static void
quilt (SetMaker *m, TsrImage *tile, guint32 salt, guint8 *written)
{
  TsrQuiltParams q = m->q;

  q.seed = salt == 0 ? m->q.seed : tsr_hash1 (m->q.seed, (gint32) salt);
  tsr_quilt_cells (m->photo, tile, &m->grid, m->cells, &q, written);
}

/* Copies the pixels of rectangle [x0, x1) x [y0, y1) of src into dst
 * that lie in [mx0, mx1) x [my0, my1) or are flagged in written (may be
 * NULL). */
static void
copy_part (TsrImage *dst, const TsrImage *src, const guint8 *written, int x0, int y0, int x1,
           int y1, int mx0, int my0, int mx1, int my1)
{
  const int C = dst->channels;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const gsize at = (gsize) y * dst->width + x;

        if ((x >= mx0 && x < mx1 && y >= my0 && y < my1) || (written != NULL && written[at]))
          memcpy (dst->pixels + at * C, src->pixels + at * C, sizeof (float) * C);
      }
}

/* Cell (i, j) of src into dst. */
static void
copy_cell (const SetMaker *m, TsrImage *dst, const TsrImage *src, int i, int j)
{
  const TsrQuiltGrid *g = &m->grid;

  copy_part (dst, src, NULL, g->col_start[i], g->row_start[j], g->col_start[i + 1],
             g->row_start[j + 1], 0, 0, dst->width, dst->height);
}

static TsrImage *
blank (const SetMaker *m)
{
  return tsr_image_new (m->width, m->height, m->photo->channels, NULL);
}

/* A quilted edge and where its patches wrote. */
typedef struct
{
  TsrImage *tile;
  guint8   *written;
} Edge;

/* The edge between corner colours a and b, across the tile (down with
 * `down`): the cells on either side of the tile's wrap, between the
 * blocks of corner a (at the tile's start) and b (at its end) of the
 * plain tiles base[]. */
static Edge
quilt_edge (SetMaker *m, TsrImage *const base[2], int a, int b, gboolean down)
{
  const int last_c = m->grid.n_cols - 1, last_r = m->grid.n_rows - 1;
  Edge e = { blank (m), g_new0 (guint8, (gsize) m->width * m->height) };

  mark_cells (m, TSR_QUILT_EMPTY, FALSE);
  for (int side = 0; side < 2; side++)
    for (int end = 0; end < 2; end++)
      {
        /* across: columns 0 and last are the ends, rows 0 and last the
         * sides of the wrap; down the other way round */
        const int i = down ? (side ? last_c : 0) : (end ? last_c : 0);
        const int j = down ? (end ? last_r : 0) : (side ? last_r : 0);

        copy_cell (m, e.tile, base[end ? b : a], i, j);
        set_cell (m, i, j, TSR_QUILT_FIXED);
      }
  for (int k = 1; k < (down ? last_r : last_c); k++)
    for (int side = 0; side < 2; side++)
      set_cell (m, down ? (side ? last_c : 0) : k, down ? k : (side ? last_r : 0),
                TSR_QUILT_PLACE);
  quilt (m, e.tile, (down ? SALT_DOWN : SALT_ACROSS) + 2 * a + b, e.written);
  return e;
}

/* Corner tile `id`: its corners' blocks, its edges, and its inside. */
static TsrImage *
corner_tile (SetMaker *m, TsrImage *const base[2], Edge across[2][2], Edge down[2][2],
             const TsrTileId *id)
{
  const TsrQuiltGrid *g = &m->grid;
  const int last_c = g->n_cols - 1, last_r = g->n_rows - 1, W = m->width, H = m->height;
  const guint8 *c = id->corner;
  TsrImage *tile = blank (m);
  /* each edge: its corners, then where it lies: top, bottom, left, right */
  const int ends[4][2] = { { c[TSR_CORNER_TL], c[TSR_CORNER_TR] },
                           { c[TSR_CORNER_BL], c[TSR_CORNER_BR] },
                           { c[TSR_CORNER_TL], c[TSR_CORNER_BL] },
                           { c[TSR_CORNER_TR], c[TSR_CORNER_BR] } };
  const int band[4][4] = {
    { 0, 0, W, g->row_start[1] }, { 0, g->row_start[last_r], W, H },
    { 0, 0, g->col_start[1], H }, { g->col_start[last_c], 0, W, H },
  };
  guint index = 0;

  copy_cell (m, tile, base[c[TSR_CORNER_TL]], 0, 0);
  copy_cell (m, tile, base[c[TSR_CORNER_TR]], last_c, 0);
  copy_cell (m, tile, base[c[TSR_CORNER_BL]], 0, last_r);
  copy_cell (m, tile, base[c[TSR_CORNER_BR]], last_c, last_r);
  for (int k = 0; k < 4; k++)
    {
      const gboolean is_down = k >= 2;
      const int a = ends[k][0], b = ends[k][1];
      /* an edge of one colour is that colour's plain tile's own */
      const Edge *e = a == b ? NULL : is_down ? &down[a][b] : &across[a][b];
      const TsrImage *src = e != NULL ? e->tile : base[a];
      const int *r = band[k];

      /* the edge's own cells, and what its patches wrote into the corners' */
      copy_part (tile, src, e != NULL ? e->written : NULL, r[0], r[1], r[2], r[3],
                 is_down ? 0 : g->col_start[1], is_down ? g->row_start[1] : 0,
                 is_down ? W : g->col_start[last_c], is_down ? g->row_start[last_r] : H);
    }
  for (int k = 0; k < 4; k++)
    index |= (guint) c[k] << k;
  mark_cells (m, TSR_QUILT_PLACE, TRUE);
  quilt (m, tile, SALT_CORNER_TILE + index, NULL);
  return tile;
}

static gboolean
maker_init (SetMaker *m, const TsrImage *photo, int width, int height,
            const TsrSeamlessSettings *s, TsrImage **evened, GError **error)
{
  memset (m, 0, sizeof *m);
  m->width = width;
  m->height = height;
  if (!tsr_seamless_check (photo->width, photo->height, width, height, error)
      || (m->photo = tsr_seamless_prepare (photo, s, &m->q, evened, error)) == NULL)
    return FALSE;
  if (!tsr_quilt_grid_init (&m->grid, m->photo, width, height, &m->q, SET_MIN_CELLS))
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   "a tile set of %dx%d tiles: each tile needs %d cells of at least two "
                   "pixels a side each way; make the tiles larger", width, height,
                   SET_MIN_CELLS);
      return FALSE;
    }
  m->cells = g_malloc (n_cells (m));
  return TRUE;
}

static void
maker_clear (SetMaker *m)
{
  tsr_quilt_grid_clear (&m->grid);
  g_free (m->cells);
}

int
tsr_seamless_set_edge (const TsrImage *photo, int width, int height,
                       const TsrSeamlessSettings *s)
{
  g_autoptr (TsrImage) evened = NULL;
  SetMaker m;
  int depth;

  if (!maker_init (&m, photo, width, height, s, &evened, NULL))
    return 0;
  depth = MIN (MIN (m.grid.col_start[1], width - m.grid.col_start[m.grid.n_cols - 1]),
               MIN (m.grid.row_start[1], height - m.grid.row_start[m.grid.n_rows - 1]))
          - m.grid.overlap;
  maker_clear (&m);
  return depth;
}

TsrImage **
tsr_seamless_tile_set (const TsrImage *photo, int width, int height,
                       const TsrSeamlessSettings *s, const TsrTileId *ids, int n,
                       GError **error)
{
  g_autoptr (TsrImage) evened = NULL;
  TsrImage *base[2] = { NULL, NULL };
  Edge across[2][2], down[2][2];
  TsrImage **tiles;
  SetMaker m;

  memset (across, 0, sizeof across);
  memset (down, 0, sizeof down);

  if (!maker_init (&m, photo, width, height, s, &evened, error))
    return NULL;
  tiles = g_new0 (TsrImage *, n);
  for (int c = 0; c < (ids[0].kind == TSR_TILES_CORNERS ? 2 : 1); c++)
    {
      base[c] = blank (&m);
      mark_cells (&m, TSR_QUILT_PLACE, FALSE);
      quilt (&m, base[c], c == 0 ? 0 : SALT_COLOUR, NULL);
    }
  if (ids[0].kind == TSR_TILES_CORNERS)
    for (int a = 0; a < 2; a++)
      {
        across[a][1 - a] = quilt_edge (&m, base, a, 1 - a, FALSE);
        down[a][1 - a] = quilt_edge (&m, base, a, 1 - a, TRUE);
      }
  for (int k = 0; k < n; k++)
    if (ids[k].kind == TSR_TILES_CORNERS)
      tiles[k] = corner_tile (&m, base, across, down, &ids[k]);
    else
      {
        tiles[k] = blank (&m);
        memcpy (tiles[k]->pixels, base[0]->pixels,
                sizeof (float) * width * height * photo->channels);
        if (ids[k].variant > 0)
          {
            mark_cells (&m, TSR_QUILT_PLACE, TRUE);
            quilt (&m, tiles[k], SALT_VARIANT + ids[k].variant, NULL);
          }
      }
  for (int c = 0; c < 2; c++)
    {
      tsr_image_free (base[c]);
      for (int d = 0; d < 2; d++)
        {
          tsr_image_free (across[c][d].tile);
          g_free (across[c][d].written);
          tsr_image_free (down[c][d].tile);
          g_free (down[c][d].written);
        }
    }
  maker_clear (&m);
  return tiles;
}
