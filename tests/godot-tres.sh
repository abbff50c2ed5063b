#!/bin/sh
# Godot 4 loads the TileSet `tessera render --wang corner` writes beside its
# atlas (.tres): headless, in a throw-away project where the editor first
# imports the atlas, a script loads the resource and checks what a
# TileMapLayer paints terrain with: one terrain set in Match Corners mode
# with two terrains, one atlas source of 16 tiles of the set's size on the
# 128-pixel atlas, every corner colouring once, and neighbours in the
# atlas sharing their corners (across its wrap too).
#   godot-tres.sh TESSERA        (TESSERA_GODOT: the Godot 4 binary; default godot)
set -eu
cli=$1
godot=${TESSERA_GODOT:-godot}
if ! command -v "$godot" >/dev/null 2>&1 ||
   ! "$godot" --headless --version 2>/dev/null | grep -q '^4\.'; then
  echo "SKIP: no Godot 4 (Debian 14 \"forky\": apt-get install godot; or TESSERA_GODOT=BINARY)"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/home" "$dir/project"
printf 'config_version=5\n' >"$dir/project/project.godot"
"$cli" render clouds palette=grass --size 32x32 --wang corner --terrain sand \
  --output "$dir/project/set.png"
cat >"$dir/project/check.gd" <<'GD'
extends SceneTree

const CORNERS = [TileSet.CELL_NEIGHBOR_TOP_LEFT_CORNER, TileSet.CELL_NEIGHBOR_TOP_RIGHT_CORNER,
		TileSet.CELL_NEIGHBOR_BOTTOM_LEFT_CORNER, TileSet.CELL_NEIGHBOR_BOTTOM_RIGHT_CORNER]

# The tile's corner colours as bits: 1 top left, 2 top right, 4 bottom
# left, 8 bottom right.
func corners(src, at):
	var d = src.get_tile_data(at, 0)
	var bits = 0
	for k in 4:
		bits |= d.get_terrain_peering_bit(CORNERS[k]) << k
	return bits

# What is wrong with the set, or "".
func check():
	var ts = load("res://set.tres")
	if ts == null or not (ts is TileSet):
		return "set.tres is no TileSet"
	if ts.get_terrain_sets_count() != 1 or ts.get_terrain_set_mode(0) != TileSet.TERRAIN_MODE_MATCH_CORNERS:
		return "not one terrain set matching corners"
	if ts.get_terrains_count(0) != 2:
		return "not two terrains"
	if ts.get_source_count() != 1:
		return "not one source"
	var src = ts.get_source(ts.get_source_id(0))
	if not (src is TileSetAtlasSource) or src.texture == null:
		return "no atlas source with its texture"
	if src.texture.get_size() != Vector2(128, 128) or src.texture_region_size != Vector2i(32, 32):
		return "not the 128-pixel atlas of 32-pixel tiles"
	if src.get_tiles_count() != 16:
		return "not 16 tiles"
	var seen = {}
	for x in 4:
		for y in 4:
			var here = corners(src, Vector2i(x, y))
			var right = corners(src, Vector2i((x + 1) % 4, y))
			var below = corners(src, Vector2i(x, (y + 1) % 4))
			seen[here] = true
			if ((here >> 1) & 1) != (right & 1) or ((here >> 3) & 1) != ((right >> 2) & 1):
				return "tiles %d,%d and the one right of it do not share corners" % [x, y]
			if ((here >> 2) & 1) != (below & 1) or ((here >> 3) & 1) != ((below >> 1) & 1):
				return "tiles %d,%d and the one below it do not share corners" % [x, y]
	if seen.size() != 16:
		return "not every corner colouring once"
	return ""

func _init():
	var wrong = check()
	if wrong != "":
		printerr("godot-tres: ", wrong)
		quit(1)
		return
	print("Godot ", Engine.get_version_info().string, " loaded the corner set")
	quit(0)
GD
cd "$dir/project"
# the editor imports set.png (a texture is read through its import)
HOME=$dir/home timeout 240 "$godot" --headless --path . --import >"$dir/import.log" 2>&1 ||
  { cat "$dir/import.log" >&2; echo "godot-tres: Godot's import failed" >&2; exit 1; }
HOME=$dir/home timeout 120 "$godot" --headless --path . --script check.gd >"$dir/check.log" 2>&1 ||
  { cat "$dir/check.log" >&2; exit 1; }
if grep -q 'ERROR' "$dir/check.log"; then
  cat "$dir/check.log" >&2
  echo "godot-tres: Godot reported errors" >&2
  exit 1
fi
grep 'loaded the corner set' "$dir/check.log"
