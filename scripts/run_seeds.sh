#!/usr/bin/env bash
# The main job until the differential harness exists: set up, build, then run
# every seed kernel under corpus/seeds through tilec-opt (parse, verify, print,
# re-parse to a fixed point) and on the reference interpreter against its
# NumPy reference, and write a short report to reports/seeds.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
opt="$root/build/bin/tilec-opt"
report="$root/reports/seeds.txt"
mkdir -p "$root/reports"
pass=0; fail=0
{
  echo "seed kernels through tilec-opt ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
  for f in "$root"/corpus/seeds/*.mlir; do
    name=$(basename "$f")
    if first=$("$opt" "$f" 2>&1) && second=$(printf '%s\n' "$first" | "$opt" - 2>&1) \
        && [ "$first" = "$second" ]; then
      echo "  ok    $name ($(grep -c '' <<<"$first") lines)"; pass=$((pass + 1))
    else
      echo "  FAIL  $name"; "$opt" "$f" 2>&1 | head -3 | sed 's/^/        /'; fail=$((fail + 1))
    fi
  done
  echo "$pass passed, $fail failed"
  echo
  echo "seed kernels on the reference interpreter (tile-run) vs NumPy"
  python3 "$root/scripts/seed_oracle.py" --tile-run "$root/build/bin/tile-run" \
      --seeds "$root/corpus/seeds" | sed 's/^/  /' || fail=$((fail + 1))
  echo "$fail" > "$root/reports/.seeds_failed"
} | tee "$report"
fail=$(cat "$root/reports/.seeds_failed"); rm -f "$root/reports/.seeds_failed"
[ "$fail" -eq 0 ]
