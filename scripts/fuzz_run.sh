#!/usr/bin/env bash
# The main job: set up, build, then a short differential fuzzing run with a
# report. tile-diff checks every seed kernel and generated programs of every
# generator preset over the default configuration matrix (O0-O3 x both
# schedulers at sm_100, two pipelined configurations, ptxas on our PTX, and
# our PTX run on the CPU SIMT executor at sm_100 O3 and sm_80 O0): each
# configuration is compiled in an isolated child, interpreted after every
# pass (or, for simt, its PTX executed) and compared with the interpreter on
# the input.
# Findings go to findings/ (deduplicated, one directory each, with the command
# that replays it); the report goes to reports/fuzz-run.md.
#
# Environment: FUZZ_SEED (first generator seed; default: derived from the UTC
# date, so daily runs explore new programs and the report names the seed),
# FUZZ_COUNT (programs per preset, default 100), FUZZ_JOBS (default: cores),
# FUZZ_MATRIX (default, full or sample; default: default).
# Exit status: 0 no finding, 1 findings, 2 the run itself failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"

bin="$root/build/bin"
seed=${FUZZ_SEED:-$(( $(date -u +%s) / 86400 * 1000 ))}
count=${FUZZ_COUNT:-100}
jobs=${FUZZ_JOBS:-$(nproc)}
matrix=${FUZZ_MATRIX:-default}
findings="$root/findings"
report="$root/reports/fuzz-run.md"
mkdir -p "$root/reports" "$findings"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

total_programs=0; total_findings=0; status=0
# Whether the matrix has NVIDIA's tileiras as a second compiler, and which
# release (tile-diff -v names it; without it the default matrix is tilec's).
probe=$(mktemp -d)
tileiras_note=$("$bin/tile-diff" "$root/corpus/seeds/vector_add.mlir" --matrix "$matrix" \
    --findings "$probe" -v 2>&1 | grep -m1 -E '^note: .*tileiras' || true)
rm -rf "$probe"
tileiras_note=${tileiras_note#note: }
tileiras_note=${tileiras_note:-tileiras not found, tilec only}
rows=""
run() { # label, tile-diff arguments...
  local label=$1; shift
  local start end line rc=0
  start=$(date +%s.%N)
  "$bin/tile-diff" --matrix "$matrix" --findings "$findings" --jobs "$jobs" "$@" \
      >"$log" 2>&1 || rc=$?
  end=$(date +%s.%N)
  line=$(grep -E '^[0-9]+ programs checked, [0-9]+ findings in [0-9]+ buckets' "$log" | tail -1 || true)
  if [ -z "$line" ] || [ "$rc" -gt 1 ]; then
    echo "tile-diff failed for $label (exit $rc):" >&2; tail -20 "$log" >&2
    exit 2
  fi
  local p f b
  read -r p f b < <(sed -E 's/^([0-9]+) programs checked, ([0-9]+) findings in ([0-9]+) buckets.*/\1 \2 \3/' <<<"$line")
  total_programs=$((total_programs + p)); total_findings=$((total_findings + f))
  rows+="| $label | $p | $f | $b | $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s |"$'\n'
  echo "$label: $line"
}

for kernel in "$root"/corpus/seeds/*.mlir; do
  run "seed $(basename "$kernel" .mlir)" "$kernel"
done
for preset in ints floats-exact floats memory control mma full pipeline; do
  run "generated, $preset (seeds $seed..$((seed + count - 1)))" \
      --generate --seed "$seed" --count "$count" --policy "$preset"
done

buckets=$("$bin/tile-diff" --findings "$findings" --list-buckets 2>&1 || true)
[ "$total_findings" -gt 0 ] && status=1
{
  echo "# Differential fuzzing run"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), \`scripts/fuzz_run.sh\` at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)."
  echo "Matrix \`$matrix\`, generator seeds from $seed, $count programs per preset, $jobs jobs."
  echo "Second compiler under test: $tileiras_note."
  echo "Replay any finding with \`build/bin/tile-diff --repro findings/<dir>\`."
  echo
  echo "| programs | checked | findings | buckets | time |"
  echo "|---|---|---|---|---|"
  printf '%s' "$rows"
  echo
  echo "**$total_programs programs checked, $total_findings findings.**"
  echo
  echo "## Buckets in findings/"
  echo
  echo '```'
  echo "${buckets:-none}"
  echo '```'
} > "$report"
echo "report: $report"
exit $status
