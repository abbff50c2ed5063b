#!/bin/sh
# docs/parameters.md's tables are the CLI's `list --markdown`, verbatim, below
# its "Generated from the core's tables" line: a parameter added to the core's
# table must show up in the docs too.
#   readme-params.sh TESSERA docs/parameters.md
set -eu
cli=$1 page=$2
expected=$(mktemp) actual=$(mktemp)
trap 'rm -f "$expected" "$actual"' EXIT
"$cli" list --markdown >"$expected"
sed -n '/^Generated from the core.s tables/,$p' "$page" | sed '1,2d' >"$actual"
if ! diff -u "$expected" "$actual"; then
  echo "$page's tables differ from 'tessera list --markdown' (regenerate them below its 'Generated from' line)" >&2
  exit 1
fi
