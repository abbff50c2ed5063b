/* Tile sets in the plug-in: see tile-set-targets.h. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera.h"
#include "render-drawable.h"
#include "tile-atlas.h"
#include "tile-set-options.h"
#include "tile-set-targets.h"

typedef struct
{
  TsrTileKind  kind;
  int          n;
  TsrSetLayout layout;
  gboolean     with_terrain;
  TsrRamp      terrain;
} SetRequest;

static int
config_choice (GimpProcedureConfig *config, const TsrParamSpec *spec)
{
  return gimp_procedure_config_get_choice_id (config, spec->name);
}

/* What the arguments ask for; FALSE with an error for a combination the
 * sets do not take. */
static gboolean
read_request (GimpProcedureConfig *config, GArray *extras, const TsrSettings *s,
              SetRequest *req, GError **error)
{
  const TsrSetChoice set = config_choice (config, &tsr_tile_set_args[TSR_SET_ARG_KIND]);
  const char        *terrain =
    tsr_tile_terrain_palette (config_choice (config, &tsr_tile_set_args[TSR_SET_ARG_TERRAIN]));
  gboolean           ok = TRUE;

  memset (req, 0, sizeof *req);
  g_object_get (config, tsr_tile_set_args[TSR_SET_ARG_VARIANTS].name, &req->n, NULL);
  req->kind = set == TSR_SET_VARIANTS ? TSR_TILES_VARIANTS
              : set == TSR_SET_CORNERS ? TSR_TILES_CORNERS : TSR_TILES_NONE;
  req->layout = config_choice (config, &tsr_tile_set_args[TSR_SET_ARG_LAYOUT]);
  if (req->kind == TSR_TILES_CORNERS)
    req->n = TSR_CORNER_TILES;
  if (terrain != NULL)
    {
      if (req->kind != TSR_TILES_CORNERS)
        {
          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       _("tile-terrain: the second material needs tile-set \"corners\""));
          ok = FALSE;
        }
      else if (!(ok = req->with_terrain = tile_atlas_terrain_ramp (s, terrain, &req->terrain,
                                                                   error)))
        g_prefix_error (error, "%s: ", tsr_tile_set_args[TSR_SET_ARG_TERRAIN].name);
    }
  if (ok && req->kind != TSR_TILES_NONE && extras->len > 0)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                   _("tile-set: not with frames or material layers"));
      ok = FALSE;
    }
  return ok;
}

/* A tile layer's name: the variant's index, or the corners' colours in
 * the order top left, top right, bottom left, bottom right. */
static char *
tile_name (const TsrTileId *id)
{
  if (id->kind == TSR_TILES_VARIANTS)
    return g_strdup_printf (_("Variant %u"), id->variant);
  return g_strdup_printf (_("Corners %u%u%u%u"), id->corner[TSR_CORNER_TL],
                          id->corner[TSR_CORNER_TR], id->corner[TSR_CORNER_BL],
                          id->corner[TSR_CORNER_BR]);
}

/* The set's textures for one target, tile_w x tile_h each. */
static gboolean
make_atlas (TileAtlas *atlas, const SetRequest *req, const TsrTarget *t, int tile_w,
            int tile_h, const TsrSettings *s, const TsrRamp *ramp, GError **error)
{
  guint capacity;

  tile_atlas_layout (atlas, req->kind, req->n, tile_w, tile_h);
  if (!tile_atlas_make (atlas, s, ramp, req->with_terrain ? &req->terrain : NULL,
                        tsr_drawable_levels (t->drawable), error))
    return FALSE;
  capacity = tsr_texture_tile_capacity (atlas->tex[0]);
  if ((guint) req->n > capacity)
    {
      g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
                   _("tile-variants %d: the tile's lattices can tell only %u apart (a "
                     "larger tile or a smaller scale)"), req->n, capacity);
      tile_atlas_clear (atlas);
      return FALSE;
    }
  return TRUE;
}

/* Tiles 1 .. n - 1 as copies of the target's layer; the target is tile 0.
 * The atlas' textures pass to the targets. */
static void
tiles_as_layers (TileAtlas *atlas, TsrTarget *t, guint owner, GArray *extras)
{
  tsr_texture_free (t->texture);
  t->texture = atlas->tex[0];
  t->name = tile_name (&atlas->id[0]);
  for (int k = 1; k < atlas->n; k++)
    {
      TsrExtra e = { .owner = owner, .frame = 0, .map = -1 };
      char    *name = tile_name (&atlas->id[k]);

      e.target.texture = atlas->tex[k];
      e.target.area = t->area;
      /* a copy keeps what lies outside the selection, as the target does */
      e.target.drawable = GIMP_DRAWABLE (gimp_layer_copy (GIMP_LAYER (t->drawable)));
      gimp_item_set_name (GIMP_ITEM (e.target.drawable), name);
      g_free (name);
      g_array_append_val (extras, e);
    }
}

/* Each place of the atlas as a target of its own on the layer, for the
 * part of the place inside the layer's selection. */
static void
tiles_as_atlas (TileAtlas *atlas, const TsrTarget *layer, GArray *out)
{
  for (int k = 0; k < atlas->n; k++)
    {
      TsrTarget     place = *layer;
      GeglRectangle r = { (k % atlas->columns) * atlas->tile_w,
                          (k / atlas->columns) * atlas->tile_h, atlas->tile_w,
                          atlas->tile_h };

      if (!gegl_rectangle_intersect (&place.area, &layer->area, &r))
        {
          tsr_texture_free (atlas->tex[k]);
          continue;
        }
      place.texture = atlas->tex[k];
      place.origin_x = r.x;
      place.origin_y = r.y;
      g_array_append_val (out, place);
    }
}

/* The atlas' tile size for a layer; FALSE with an error when the layer
 * cannot be divided into its places. */
static gboolean
atlas_tile_size (const SetRequest *req, GimpDrawable *d, int *tile_w, int *tile_h,
                 GError **error)
{
  TileAtlas layout;
  const int w = gimp_drawable_get_width (d), h = gimp_drawable_get_height (d);

  tile_atlas_layout (&layout, req->kind, req->n, 1, 1);
  *tile_w = w / layout.columns;
  *tile_h = h / layout.rows;
  if (w % layout.columns == 0 && h % layout.rows == 0)
    return TRUE;
  g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_SIZE,
               _("tile-layout atlas: a %d x %d layer does not divide into the set's %d x %d "
                 "tiles (its width a multiple of %d, its height of %d)"),
               w, h, layout.columns, layout.rows, layout.columns, layout.rows);
  return FALSE;
}

gboolean
tsr_tile_set_targets (GimpProcedureConfig *config, GArray *targets, GArray *extras,
                      const TsrSettings *settings, const TsrRamp *ramp, GError **error)
{
  SetRequest req;
  GArray    *places;
  TileAtlas  atlas;
  int        tile_w, tile_h;

  if (!read_request (config, extras, settings, &req, error))
    return FALSE;
  if (req.kind == TSR_TILES_NONE)
    return TRUE;

  /* everything checked and made before any target changes */
  places = g_array_new (FALSE, TRUE, sizeof (TileAtlas));
  for (guint i = 0; i < targets->len; i++)
    {
      const TsrTarget *t = &g_array_index (targets, TsrTarget, i);

      if (req.layout == TSR_SET_AS_LAYERS && !GIMP_IS_LAYER (t->drawable))
        {
          char *name = gimp_item_get_name (GIMP_ITEM (t->drawable));

          g_set_error (error, TSR_ERROR, TSR_ERROR_INVALID_VALUE,
                       _("'%s' is not a layer: a tile set's tiles are added as layers "
                         "(tile-layout atlas fills it instead)"), name);
          g_free (name);
          break;
        }
      if (req.layout == TSR_SET_AS_LAYERS)
        {
          tile_w = gimp_drawable_get_width (t->drawable);
          tile_h = gimp_drawable_get_height (t->drawable);
        }
      else if (!atlas_tile_size (&req, t->drawable, &tile_w, &tile_h, error))
        break;
      if (!make_atlas (&atlas, &req, t, tile_w, tile_h, settings, ramp, error))
        break;
      g_array_append_val (places, atlas);
    }
  if (places->len < targets->len)
    {
      for (guint i = 0; i < places->len; i++)
        tile_atlas_clear (&g_array_index (places, TileAtlas, i));
      g_array_unref (places);
      return FALSE;
    }

  if (req.layout == TSR_SET_AS_LAYERS)
    for (guint i = 0; i < targets->len; i++)
      tiles_as_layers (&g_array_index (places, TileAtlas, i),
                       &g_array_index (targets, TsrTarget, i), i, extras);
  else
    {
      GArray *layers = g_array_copy (targets);

      g_array_set_size (targets, 0);
      for (guint i = 0; i < layers->len; i++)
        {
          TsrTarget *layer = &g_array_index (layers, TsrTarget, i);

          tiles_as_atlas (&g_array_index (places, TileAtlas, i), layer, targets);
          tsr_texture_free (layer->texture);
        }
      g_array_unref (layers);
    }
  g_array_unref (places);
  return TRUE;
}
