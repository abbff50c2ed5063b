/* The GIMP test groups and the image checks they share. */
#ifndef TSR_TEST_GIMP_TESTS_H
#define TSR_TEST_GIMP_TESTS_H

#include "image-io.h"

/* One function per group registers its tests under /gimp/GROUP/. */
void gimp_tests_add_render (void);   /* /gimp/render/ */
void gimp_tests_add_errors (void);   /* /gimp/errors/ */
void gimp_tests_add_undo   (void);   /* /gimp/undo/   */
void gimp_tests_add_cancel (void);   /* /gimp/cancel/ */
void gimp_tests_add_bench  (void);   /* /gimp/bench/  */
void gimp_tests_add_gegl   (void);   /* /gimp/gegl/   */
void gimp_tests_add_layers (void);   /* /gimp/layers/ */
void gimp_tests_add_tiles  (void);   /* /gimp/tiles/  */
void gimp_tests_add_presets (void);  /* /gimp/presets/ */
void gimp_tests_add_seamless (void); /* /gimp/seamless/ */

/* Not flat: the first channel takes many values and spreads. */
void test_check_varied       (const char *what, const TestImage *im);
/* A float export keeps more than 256 levels. */
void test_check_float_levels (const char *what, const TestImage *im);
/* A PNG of the work folder (gimp_work_file), decoded. */
TestImage *test_load_work_png (const char *name);
/* `tessera render ARGS --output NAME` in the work folder, decoded. */
TestImage *test_cli_render    (const char *name, const char *const *args);
/* Largest difference in 8-bit levels over the RGB samples of two images of
 * one size, and how many samples differ at all. */
int        test_max_levels    (const TestImage *a, const TestImage *b, gsize *n_differ);
/* `tessera seamless IN --output OUT ARGS` (files of the work folder),
 * OUT decoded. */
TestImage *test_cli_seamless  (const char *in, const char *out, const char *const *args);
/* Same size, same samples. */
void test_check_same         (const char *what, const TestImage *a, const TestImage *b);

#endif
