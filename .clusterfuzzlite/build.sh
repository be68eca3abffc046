#!/bin/bash -eu
# ClusterFuzzLite build (runs in the image of .clusterfuzzlite/Dockerfile):
# the four libFuzzer targets with their seed corpora and dictionary in $OUT.
#
# The targets link the shared libMLIR/libLLVM of LLVM 22 (as every tilecheck
# build does), built with the same clang 22; ClusterFuzzLite's own sanitizer
# and coverage flags ($CFLAGS/$CXXFLAGS) are kept, and the targets add
# -fsanitize=fuzzer,address,undefined themselves (fuzz/targets/CMakeLists.txt).
# The runner image has no LLVM, so the shared libraries the targets need
# (other than the C library's) are copied to $OUT/lib and found through
# RUNPATH $ORIGIN/lib.
export CC=clang-22 CXX=clang++-22
cmake -G Ninja -S "$SRC/tilecheck" -B build-cflite \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTILECHECK_SANITIZE=ON \
  -DTILECHECK_BUILD_FUZZERS=ON -DTILECHECK_TEST_HOOKS=OFF \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS"
targets="tilec-parse-fuzzer tilec-diff-fuzzer tilec-interp-fuzzer tilec-sched-fuzzer"
ninja -C build-cflite $targets

mkdir -p "$OUT/lib"
for t in $targets; do
  cp "build-cflite/bin/$t" "$OUT/"
  ldd "build-cflite/bin/$t" | awk '/=> \// { print $3 }' | while read -r lib; do
    case "$(basename "$lib")" in
      libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libgcc_s.so*) ;;
      *) cp -nL "$lib" "$OUT/lib/" ;;
    esac
  done
  patchelf --set-rpath '$ORIGIN/lib' "$OUT/$t"
done

corpus="$SRC/tilecheck/corpus/fuzz"
for pair in parse:tilec-parse-fuzzer diff:tilec-diff-fuzzer \
            interp:tilec-interp-fuzzer sched:tilec-sched-fuzzer; do
  dir=${pair%%:*}; t=${pair#*:}
  (cd "$corpus/$dir" && zip -qr "$OUT/${t}_seed_corpus.zip" .)
done
cp "$corpus/parse.dict" "$OUT/tilec-parse-fuzzer.dict"
# The options fuzz_smoke.sh uses: leaks of process-lifetime MLIR contexts
# are not bugs, and libMLIR is not instrumented (no manual poisoning).
for pair in tilec-parse-fuzzer:20000 tilec-diff-fuzzer:256 \
            tilec-interp-fuzzer:512 tilec-sched-fuzzer:512; do
  t=${pair%%:*}
  printf '[libfuzzer]\nmax_len = %s\n[asan]\ndetect_leaks = 0\nallow_user_poisoning = 0\n' \
    "${pair#*:}" > "$OUT/$t.options"
done
