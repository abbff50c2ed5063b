/* tessera:texture, a GEGL render operation: the core's texture as a source
 * of non-linear sRGB float RGBA on the canvas (0, 0, width, height).  GEGL
 * decides tiles and threads; every pixel is the core's pixel, so any ROI
 * and any split gives the CLI's and the plug-in's bits. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <gegl-plugin.h>

#include "op-properties.h"
#include "texture-op.h"

typedef struct
{
  GeglOperationPointRender parent_instance;
  TsrOpValues              values;      /* what the properties say */
  GMutex                   lock;        /* guards built and texture */
  TsrOpValues              built;       /* what texture was made from */
  TsrTexture             **texture;     /* a shared box; NULL: none yet or bad values */
} TsrTextureOp;

typedef struct
{
  GeglOperationPointRenderClass parent_class;
} TsrTextureOpClass;

G_DEFINE_DYNAMIC_TYPE (TsrTextureOp, tsr_texture_op, GEGL_TYPE_OPERATION_POINT_RENDER)

#define TSR_TEXTURE_OP(obj) (G_TYPE_CHECK_INSTANCE_CAST ((obj), tsr_texture_op_get_type (), TsrTextureOp))

/* Textures are shared between prepare, which replaces them when a property
 * changed, and the threads still rendering with the previous one. */
static void
texture_box_clear (gpointer box)
{
  tsr_texture_free (*(TsrTexture **) box);
}

static TsrTexture **
texture_box_new (TsrTexture *tex)
{
  TsrTexture **box = g_atomic_rc_box_new (TsrTexture *);

  *box = tex;
  return box;
}

static void
texture_box_release (TsrTexture **box)
{
  if (box != NULL)
    g_atomic_rc_box_release_full (box, texture_box_clear);
}

static TsrTexture **
acquire_texture (TsrTextureOp *self)
{
  TsrTexture **box;

  g_mutex_lock (&self->lock);
  box = self->texture ? g_atomic_rc_box_acquire (self->texture) : NULL;
  g_mutex_unlock (&self->lock);
  return box;
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
  TsrTexture  **stale = NULL;

  gegl_operation_set_format (operation, "output", babl_format ("R'G'B'A float"));

  g_mutex_lock (&self->lock);
  if (self->texture == NULL || memcmp (&self->built, &self->values, sizeof self->built) != 0)
    {
      g_autoptr (GError) error = NULL;
      TsrTexture *tex = tsr_texture_new (&self->values.settings, self->values.width,
                                         self->values.height, NULL, &error);

      /* Out-of-range values never get here (the properties' ranges refuse
       * them), so this is a defect worth a warning; the output is then
       * transparent rather than a guess. */
      if (tex == NULL)
        g_warning ("tessera:texture: %s", error->message);
      stale = self->texture;
      self->texture = tex ? texture_box_new (tex) : NULL;
      self->built = self->values;
    }
  g_mutex_unlock (&self->lock);
  texture_box_release (stale);
}

static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const TsrOpValues *v = &TSR_TEXTURE_OP (operation)->values;

  return (GeglRectangle) { 0, 0, v->width, v->height };
}

/* Mipmap level L (zoomed-out canvas views) wants pixel (x, y) of the texture
 * scaled by 1 / 2^L: each output pixel is the texture's pixel at the centre
 * of the 2^L x 2^L block it stands for, as GEGL's own render operations
 * sample. */
static void
render_level (const TsrTexture *tex, float *out, const GeglRectangle *roi, int level)
{
  const int factor = 1 << level;
  const int n = roi->width * factor;
  float    *row = g_new (float, 4 * (gsize) n);

  for (int r = 0; r < roi->height; r++)
    {
      float *dst = out + 4 * (gsize) r * (gsize) roi->width;

      tsr_texture_eval_rgba_row (tex, roi->x * factor, (roi->y + r) * factor + factor / 2,
                                 n, row);
      for (int i = 0; i < roi->width; i++)
        memcpy (dst + 4 * i, row + 4 * ((gsize) i * factor + factor / 2), 4 * sizeof (float));
    }
  g_free (row);
}

static gboolean
process (GeglOperation *operation, void *out_buf, glong n_pixels,
         const GeglRectangle *roi, gint level)
{
  TsrTexture **box = acquire_texture (TSR_TEXTURE_OP (operation));
  float       *out = out_buf;

  if (box == NULL)
    {
      memset (out, 0, 4 * sizeof (float) * (gsize) n_pixels);
      return TRUE;
    }
  if (level > 0)
    render_level (*box, out, roi, level);
  else
    for (int r = 0; r < roi->height; r++)
      tsr_texture_eval_rgba_row (*box, roi->x, roi->y + r, roi->width,
                                 out + 4 * (gsize) r * (gsize) roi->width);
  texture_box_release (box);
  return TRUE;
}

static void
finalize (GObject *object)
{
  TsrTextureOp *self = TSR_TEXTURE_OP (object);

  texture_box_release (self->texture);
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
    "gimp:menu-label",    _("Tessera Texture (Live Filter)…"),
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
