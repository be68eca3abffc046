#!/bin/sh
# A stand-in for NVIDIA's tileiras that misbehaves on request, so that
# tile-diff's classification of tileiras outcomes is tested on every machine.
#   FAKE_TILEIRAS_MODE   ok (default) | crash | hang | reject | internal |
#                        unsupported
#   FAKE_TILEIRAS_LEVEL  misbehave only at this --opt-level (default: all)
#   FAKE_TILEIRAS_RELEASE  the release its --version prints (default 0.0)
#   FAKE_TILEIRAS_ENV_OUT  when set, the environment it runs in goes there
#   FAKE_TILEIRAS_VERSION  misbehave only on bytecode of this version
#                        ("13.1"; read from the file's header)
# It takes tileiras's command line: --gpu-name=..., --opt-level=N,
# the bytecode file, --output-file=F, and with --remarks-output-file=R
# writes two YAML remarks to R (a TMA load selected; at -O0 a TMA store
# refused, else selected), whatever the mode.
[ -n "$FAKE_TILEIRAS_ENV_OUT" ] && env > "$FAKE_TILEIRAS_ENV_OUT"
level=3
out=
remarks=
input=
for arg in "$@"; do
  case "$arg" in
    --remarks-output-file=*) remarks=${arg#--remarks-output-file=} ;;
    --version) echo "fake tileiras"; r=${FAKE_TILEIRAS_RELEASE:-0.0}; echo "Cuda compilation tools, release $r, V$r.0"; exit 0 ;;
    --opt-level=*) level=${arg#--opt-level=} ;;
    --output-file=*) out=${arg#--output-file=} ;;
    --*) ;;
    *) input=$arg ;;
  esac
done
# The header: 8 bytes of magic, then the major and minor version bytes.
version=$(od -An -tu1 -j8 -N2 "$input" | awk '{print $1 "." $2}')
if [ -n "$remarks" ]; then
  store="--- !Passed
Pass:            Memory
Name:            RemarkMemoryStoreInstructionSelected
Function:        k
Args:
  - Instruction: TMA Store instruction
..."
  if [ "$level" = 0 ]; then
    store="--- !Failure
Pass:            Memory
Name:            RemarkMemoryTmaStoreFailed
Function:        k
Args:
  - Reason:      base pointer not 16-byte aligned
..."
  fi
  cat > "$remarks" <<EOF
--- !Passed
Pass:            Memory
Name:            RemarkMemoryLoadInstructionSelected
Function:        k
Args:
  - Instruction: TMA Load instruction
  - Shape:       '[8]'
...
$store
EOF
fi
mode=${FAKE_TILEIRAS_MODE:-ok}
if [ -n "$FAKE_TILEIRAS_LEVEL" ] && [ "$FAKE_TILEIRAS_LEVEL" != "$level" ]; then
  mode=ok
fi
if [ -n "$FAKE_TILEIRAS_VERSION" ] && [ "$FAKE_TILEIRAS_VERSION" != "$version" ]; then
  mode=ok
fi
case "$mode" in
  ok)
    printf 'fake cubin\n' > "$out"
    exit 0 ;;
  crash)
    echo "tileiras: /build/tileir/lib/Lower.cpp:1234: void lower(): Assertion \`op != nullptr' failed." >&2
    echo "PLEASE submit a bug report to NVIDIA" >&2
    kill -ABRT $$ ;;
  hang)
    # A child of its own: tile-diff must kill the whole process group.
    sleep 600 &
    wait ;;
  reject)
    echo "/tmp/tile-diff-tileiras-x1y2z3/program.tileirbc:0:0: error: failed to legalize operation 'cuda_tile.addi' with operand %12 at 0x7ffd1234" >&2
    exit 1 ;;
  internal)
    echo "LLVM ERROR: ran out of registers during allocation in function 'k_42'" >&2
    exit 1 ;;
  unsupported)
    echo "error: 'cuda_tile.mmaf' op is not supported on sm_80" >&2
    exit 1 ;;
esac
exit 9
