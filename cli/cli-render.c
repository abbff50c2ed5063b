/* tessera render PATTERN [KEY=VALUE ...] --size WxH --output FILE
 *                [--region WxH+X+Y] [--depth 8|16|32] [--compression 0-9]
 *                [--quality 1-100] [--threads N] [--frames N]
 * tessera render PATTERN [KEY=VALUE ...] --size WxH --material DIR/NAME
 *                [--naming PRESET|TEMPLATE] ...    (cli-material.c)
 *                [--variants N | --wang corner [--terrain PALETTE]] [--tiles]
 *
 * Everything is checked — settings, size, texture, output name — before
 * the output is opened (render-args.c), so a bad argument never creates or
 * touches a file; then one of three writers: a material set
 * (cli-material.c), a tile set (render-tile-set.c) or the frames, one
 * image each (render-frames.c, render-bands.c). */
#include "config.h"

#include "cli.h"
#include "render-args.h"

static int
render (const RenderArgs *a)
{
  RenderPlan plan;
  FileSet *files;
  int status;

  if ((status = render_args_check (a, &plan)) != CLI_EXIT_OK)
    {
      render_plan_clear (&plan);
      return status;
    }
  files = g_steal_pointer (&plan.files);   /* the writers take it */
  if (a->material != NULL)
    status = cli_render_material (a, &plan, files);
  else if (plan.tile_kind != TSR_TILES_NONE)
    status = cli_render_tile_set (a, &plan, files);
  else
    status = cli_write_frames (&plan.settings, plan.width, plan.height, a->output, plan.frames,
                               plan.format, &plan.options, &plan.region, &plan.content,
                               plan.threads, files);
  render_plan_clear (&plan);
  return status;
}

int
cli_render (int argc, char **argv)
{
  RenderArgs args = { 0 };
  int status;

  args.assignments = g_ptr_array_new ();
  if (render_args_collect (argc, argv, &args, &status))
    status = render (&args);
  render_args_clear (&args);
  return status;
}
