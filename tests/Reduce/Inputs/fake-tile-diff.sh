#!/bin/sh
# Stands in for tile-diff --print-signature: a "wrong result in divi" finding
# exists at opt level 1 or above (O1..O3 in --only-config), else none.
while [ $# -gt 0 ]; do
  case "$1" in
    --manifest) manifest="$2"; shift;;
    --only-config) config="$2"; shift;;
  esac
  shift
done
dir=$(dirname "$manifest")
echo "checking $manifest" >&2
if grep -q "= divi" "$dir/program.mlir" && echo "$config" | grep -q "O[1-3]"; then
  echo "wrong-result|divi|convert-cuda-tile-to-tileaa"
else
  echo "none"
fi
