#!/bin/sh
# The README's parameter tables are the CLI's `list --markdown`, verbatim:
# a parameter added to the core's table must show up in the README too.
#   readme-params.sh TESSERA README.md
set -eu
cli=$1 readme=$2
expected=$(mktemp) actual=$(mktemp)
trap 'rm -f "$expected" "$actual"' EXIT
"$cli" list --markdown >"$expected"
sed -n '/^Generated from the core.s tables/,/^## Speed/p' "$readme" | sed '1,2d;$d' |
  sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$actual"
if ! diff -u "$expected" "$actual"; then
  echo "README.md's parameter tables differ from 'tessera list --markdown' (update the README)" >&2
  exit 1
fi
