#!/usr/bin/env bash
# Every seed kernel must parse, verify, print and re-parse to a fixed point.
# Usage: check_seeds.sh TILEC_OPT [SEED_DIR]
set -u
opt=$1
dir=${2:-$(cd "$(dirname "$0")/.." && pwd)/corpus/seeds}
pass=0; fail=0
for f in "$dir"/*.mlir; do
  if first=$("$opt" "$f" 2>&1) && second=$(printf '%s\n' "$first" | "$opt" - 2>&1) \
      && [ "$first" = "$second" ]; then
    pass=$((pass + 1))
  else
    echo "FAIL: $f"; "$opt" "$f" 2>&1 | head -3; fail=$((fail + 1))
  fi
done
echo "seeds: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -ge 10 ]
