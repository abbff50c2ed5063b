#!/bin/sh
# A page's generated tables are the CLI's Markdown, verbatim, below its
# "Generated from" line: a parameter or preset added to the tables must
# show up in the docs too.
#   generated-docs.sh TESSERA PAGE COMMAND...   e.g. ... docs/parameters.md list --markdown
set -eu
cli=$1 page=$2
shift 2
expected=$(mktemp) actual=$(mktemp)
trap 'rm -f "$expected" "$actual"' EXIT
"$cli" "$@" >"$expected"
sed -n '/^Generated from /,$p' "$page" | sed '1,2d' >"$actual"
if ! diff -u "$expected" "$actual"; then
  echo "$page's tables differ from 'tessera $*' (regenerate them below its 'Generated from' line)" >&2
  exit 1
fi
