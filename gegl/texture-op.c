/* tessera:texture, a GEGL render operation: the core's texture as a source
 * of non-linear sRGB float RGBA on the canvas (0, 0, width, height).  GEGL
 * decides tiles and threads; every pixel is the core's pixel, so any ROI
 * and any split gives the CLI's and the plug-in's bits.  A render at a
 * mipmap level (a GEGL client zoomed out with mipmap rendering on; GIMP's
 * canvas asks for level 0 at every zoom) gets the core's zoomed texture:
 * one band-limited sample a shown pixel.  A texture of opaque greys goes
 * out as Y' float, its pixels still exactly (babl copies Y' into R', G'
 * and B', alpha 1): a quarter of the memory GEGL's buffers take, and a
 * cheaper conversion where GIMP composites it onto a layer. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gegl-plugin.h>

#include "op-properties.h"
#include "texture-op.h"

/* The textures of one set of values: full size, made by prepare, and the
 * zoomed-out levels, each made when a view first asks for it. */
typedef struct
{
  TsrOpValues values;
  GMutex      lock;                              /* guards zoomed */
  TsrTexture *zoomed[TSR_MAX_ZOOM_LEVEL + 1];    /* [0]: full size; NULL: not yet */
} Textures;

typedef struct
{
  GeglOperationPointRender parent_instance;
  TsrOpValues              values;      /* what the properties say */
  GMutex                   lock;        /* guards built, textures and problem */
  TsrOpValues              built;       /* what textures was made from */
  Textures                *textures;    /* shared, counted; NULL: none yet or bad values */
  char                    *problem;     /* why built cannot render; NULL: it can, or told */
} TsrTextureOp;

typedef struct
{
  GeglOperationPointRenderClass parent_class;
} TsrTextureOpClass;

G_DEFINE_DYNAMIC_TYPE (TsrTextureOp, tsr_texture_op, GEGL_TYPE_OPERATION_POINT_RENDER)

#define TSR_TEXTURE_OP(obj) (G_TYPE_CHECK_INSTANCE_CAST ((obj), tsr_texture_op_get_type (), TsrTextureOp))

/* Textures are shared between prepare, which replaces them when a property
 * changed, and the threads still rendering with the previous ones. */
static void
textures_clear (gpointer data)
{
  Textures *t = data;

  for (int l = 0; l <= TSR_MAX_ZOOM_LEVEL; l++)
    tsr_texture_free (t->zoomed[l]);
  g_mutex_clear (&t->lock);
}

static Textures *
textures_new (const TsrOpValues *values, TsrTexture *full_size)
{
  Textures *t = g_atomic_rc_box_new0 (Textures);

  t->values = *values;
  g_mutex_init (&t->lock);
  t->zoomed[0] = full_size;
  return t;
}

static void
textures_release (Textures *t)
{
  if (t != NULL)
    g_atomic_rc_box_release_full (t, textures_clear);
}

static Textures *
acquire_textures (TsrTextureOp *self)
{
  Textures *t;

  g_mutex_lock (&self->lock);
  t = self->textures ? g_atomic_rc_box_acquire (self->textures) : NULL;
  g_mutex_unlock (&self->lock);
  return t;
}

/* The texture of mipmap level `level`; NULL only if it cannot be made,
 * which the full-size one's values rule out. */
static const TsrTexture *
texture_at_level (Textures *t, int level)
{
  TsrTexture *tex;

  level = MIN (level, TSR_MAX_ZOOM_LEVEL);
  g_mutex_lock (&t->lock);
  if (t->zoomed[level] == NULL)
    t->zoomed[level] = tsr_texture_new_zoomed (&t->values.settings, t->values.width,
                                               t->values.height, NULL, level, NULL);
  tex = t->zoomed[level];
  g_mutex_unlock (&t->lock);
  return tex;
}

static void
set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  if (!tsr_op_values_set_property (&TSR_TEXTURE_OP (object)->values, id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  if (!tsr_op_values_get_property (&TSR_TEXTURE_OP (object)->values, id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
prepare (GeglOperation *operation)
{
  TsrTextureOp *self = TSR_TEXTURE_OP (operation);
  Textures     *stale = NULL;
  gboolean      grey;

  g_mutex_lock (&self->lock);
  if (self->textures == NULL || memcmp (&self->built, &self->values, sizeof self->built) != 0)
    {
      g_autoptr (GError) error = NULL;
      TsrTexture *tex = tsr_texture_new (&self->values.settings, self->values.width,
                                         self->values.height, NULL, &error);

      /* Out-of-range values never get here (the properties' ranges refuse
       * them); what does is a combination the pattern cannot draw at this
       * size (bricks' counts, a gap as wide as the pieces).  It is named
       * when it is rendered (process), not here: a client setting
       * properties one at a time (a script applying a preset) passes
       * through such combinations on its way to one that renders.  The
       * output is then transparent rather than a guess. */
      g_clear_pointer (&self->problem, g_free);
      if (tex == NULL)
        self->problem = g_strdup (error->message);
      stale = self->textures;
      self->textures = tex ? textures_new (&self->values, tex) : NULL;
      self->built = self->values;
    }
  grey = self->textures != NULL && tsr_texture_is_opaque_grey (self->textures->zoomed[0]);
  g_mutex_unlock (&self->lock);
  gegl_operation_set_format (operation, "output",
                             babl_format (grey ? "Y' float" : "R'G'B'A float"));
  textures_release (stale);
}

static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const TsrOpValues *v = &TSR_TEXTURE_OP (operation)->values;

  return (GeglRectangle) { 0, 0, v->width, v->height };
}

/* Rows of a grey texture's R channel into out, a row of roi->width floats
 * after the other: RGBA a band of rows at a time in scratch memory GEGL
 * keeps from call to call (no fresh pages), so rows stay shared. */
#define GREY_BAND_ROWS 64

static void
eval_grey_rows (const TsrTexture *tex, const GeglRectangle *roi, float *out)
{
  const int   band = MIN (GREY_BAND_ROWS, roi->height);
  const gsize row_px = (gsize) roi->width;
  float      *rgba = gegl_scratch_new (float, 4 * row_px * (gsize) band);

  for (int y = 0; y < roi->height; y += band)
    {
      const int rows = MIN (band, roi->height - y);

      tsr_texture_eval_rgba_rows (tex, roi->x, roi->y + y, roi->width, rows, rgba, 4 * row_px);
      for (gsize i = 0; i < row_px * (gsize) rows; i++)
        out[row_px * (gsize) y + i] = rgba[4 * i];
    }
  gegl_scratch_free (rgba);
}

/* The problem of the values being rendered, named once for them. */
static void
tell_problem (TsrTextureOp *self)
{
  char *problem;

  g_mutex_lock (&self->lock);
  problem = g_steal_pointer (&self->problem);
  g_mutex_unlock (&self->lock);
  if (problem != NULL)
    g_warning ("tessera:texture: %s", problem);
  g_free (problem);
}

/* At mipmap level L (a zoomed-out view) roi is in shown pixels, each
 * standing for 2^L x 2^L texture pixels: the zoomed texture evaluates one
 * sample a shown pixel, band-limited to it (texture-zoomed.h). */
static gboolean
process (GeglOperation *operation, void *out_buf, glong n_pixels,
         const GeglRectangle *roi, gint level)
{
  Textures         *t = acquire_textures (TSR_TEXTURE_OP (operation));
  const TsrTexture *tex = t ? texture_at_level (t, level) : NULL;
  const int         channels = babl_format_get_n_components (
                                 gegl_operation_get_format (operation, "output"));
  float            *out = out_buf;

  if (t == NULL)
    tell_problem (TSR_TEXTURE_OP (operation));
  if (tex == NULL)
    memset (out, 0, (gsize) channels * sizeof (float) * (gsize) n_pixels);
  else if (channels == 1)
    eval_grey_rows (tex, roi, out);
  else
    /* the whole tile at once: the core shares work across its rows */
    tsr_texture_eval_rgba_rows (tex, roi->x, roi->y, roi->width, roi->height, out,
                                4 * (gsize) roi->width);
  textures_release (t);
  return TRUE;
}

static void
finalize (GObject *object)
{
  TsrTextureOp *self = TSR_TEXTURE_OP (object);

  textures_release (self->textures);
  g_free (self->problem);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (tsr_texture_op_parent_class)->finalize (object);
}

static void
tsr_texture_op_init (TsrTextureOp *self)
{
  g_mutex_init (&self->lock);
  tsr_op_values_init (&self->values);
}

static void
tsr_texture_op_class_init (TsrTextureOpClass *klass)
{
  GObjectClass                  *object_class = G_OBJECT_CLASS (klass);
  GeglOperationClass            *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationPointRenderClass *render_class = GEGL_OPERATION_POINT_RENDER_CLASS (klass);

  object_class->set_property = set_property;
  object_class->get_property = get_property;
  object_class->finalize = finalize;
  tsr_op_install_properties (object_class);

  operation_class->prepare = prepare;
  operation_class->get_bounding_box = get_bounding_box;
  operation_class->threaded = TRUE;
  render_class->process = process;

  gegl_operation_class_set_keys (operation_class,
    "name",               "tessera:texture",
    "title",              _("Tessera Texture"),
    "categories",         "render",
    "position-dependent", "true",
    "gimp:menu-path",     "<Image>/Filters/Render",
    "gimp:menu-label",    _("Tessera: Live Filter (Editable)…"),
    "description",
      _("Procedural, exactly seamless textures (marble, wood, clouds, noise) "
        "as an editable, non-destructive filter"),
    NULL);
}

static void
tsr_texture_op_class_finalize (TsrTextureOpClass *klass)
{
  (void) klass;
}

void
tsr_texture_op_register (GTypeModule *module)
{
  tsr_texture_op_register_type (module);
}
