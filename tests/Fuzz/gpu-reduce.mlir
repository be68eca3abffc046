// scripts/gpu_reduce.py: the reduction of a GPU finding in rounds, each
// asking the GPU about a batch of candidates through launch bundles. Here
// the GPU is a stand-in whose kernels write nothing
// (Inputs/fake-gpu-launch.py), so the case's output is wrong on it and
// stays wrong while the stored values are not all zero; the bundles go to
// it and the results come back through scripts/gpu_bundles.py, as on a
// real GPU machine (to-gpu/run-on-gpu.sh, without its --probe).

// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/../../scripts/gpu_reduce.py prepare %t/r1 --case %S/Inputs/gpu-reduce --config compiler=gpu,sm_90,O3 --bin %bindir --jobs 2 | FileCheck %s --check-prefix=PREP1
// PREP1: gpu_bundles: {{.*}}bundles.tar.xz
// PREP1: gpu_reduce: {{[0-9]+}} candidates of a 12-op case
// RUN: cp -r %t/r1/to-gpu %t/gpu1
// RUN: bash -c "cd %t/gpu1 && python3 gpu_bundles.py extract bundles.tar.xz && python3 %S/Inputs/fake-gpu-launch.py bundles && python3 gpu_bundles.py results %t/out1 bundles" | FileCheck %s --check-prefix=RES
// RES: gpu_bundles: 0 outputs kept, {{[0-9]+}} unchanged left out
// RUN: python3 %S/../../scripts/gpu_reduce.py select %t/r1 --results %t/out1 --bin %bindir --jobs 2 | FileCheck %s --check-prefix=SEL1
// SEL1: gpu_bundles: unpacked 1 piece(s)
// SEL1: gpu_reduce: {{[0-9]+}} of {{[0-9]+}} candidates interesting; best {{.*}}: 12 -> {{[0-9]}} ops in {{.*}}r1/best
// The case is wrong on the stand-in, and so is the best candidate, with
// the same signature.
// RUN: bash -c "test -s %t/r1/signature"
// RUN: bash -c "env TILECHECK_GPU_LAUNCH=replay:%t/r1/bundles %bindir/tile-diff --manifest %t/r1/best --only-config compiler=gpu,sm_90,O3 --print-signature | tail -1 | diff - %t/r1/signature"

// The second round also tries the unions of the first round's interesting
// chunks (on its input) and the chain of the passes whose all-sites
// candidate kept the bug (on its best), and shrinks the case again.
// RUN: bash -c "python3 %S/../../scripts/gpu_reduce.py prepare %t/r2 --case %t/r1/best --config compiler=gpu,sm_90,O3 --signature \$(cat %t/r1/signature) --union-from %t/r1 --bin %bindir --jobs 2" | FileCheck %s --check-prefix=PREP2
// PREP2: r2/unions and {{[0-9]+}} of --sites
// PREP2: r2/chains and {{[0-9]+}} of --chain
// PREP2: gpu_reduce: {{[0-9]+}} candidates of a {{[0-9]}}-op case
// RUN: cp -r %t/r2/to-gpu %t/gpu2
// RUN: bash -c "cd %t/gpu2 && python3 gpu_bundles.py extract bundles.tar.xz && python3 %S/Inputs/fake-gpu-launch.py bundles && python3 gpu_bundles.py results %t/out2 bundles"
// RUN: python3 %S/../../scripts/gpu_reduce.py select %t/r2 --results %t/out2 --bin %bindir --jobs 2 | FileCheck %s --check-prefix=SEL2
// SEL2: gpu_reduce: {{[0-9]+}} of {{[0-9]+}} candidates interesting; best

// A round's results that are missing are an error, not an empty round.
// RUN: not python3 %S/../../scripts/gpu_reduce.py select %t/r2 --results %t/nothing --bin %bindir 2>&1 | FileCheck %s --check-prefix=NORES
// NORES: no results.tar.xz.a* in

// tile-reduce --candidates on its own: a bad site list, a second test, a
// pass that does not exist and --sites without --candidates are usage
// errors (exit 2).
// RUN: bash -c "%bindir/tile-reduce --candidates --sites=delete-ops:1,x %S/Inputs/gpu-reduce -o %t/bad 2>&1; test \$? -eq 2" | FileCheck %s --check-prefix=BADSITES
// BADSITES: --sites=delete-ops:1,x: not a site list (PASS:I,J,...)
// RUN: bash -c "%bindir/tile-reduce --candidates --test true %S/Inputs/gpu-reduce -o %t/bad 2>&1; test \$? -eq 2" | FileCheck %s --check-prefix=TWO
// TWO: give exactly one of --test, --tile-diff, --crash, --candidates
// RUN: bash -c "%bindir/tile-reduce --candidates --chain=remove-dead,no-such-pass %S/Inputs/gpu-reduce -o %t/bad 2>&1; test \$? -eq 2" | FileCheck %s --check-prefix=NOPASS
// NOPASS: no reduction named 'no-such-pass'
// RUN: bash -c "%bindir/tile-reduce --test true --sites=drop-args:0 %S/Inputs/gpu-reduce -o %t/bad 2>&1; test \$? -eq 2" | FileCheck %s --check-prefix=NOCAND
// NOCAND: --sites and --chain go with --candidates
