// A program with undefined behaviour (a division by zero) is a generator
// bug: one input-ub finding, culprit "input", whatever the matrix, stored
// and replayable like any other finding.

// The output buffer comes from a .npy file (written by tile-run, which
// writes buffers even after UB): `--arg @FILE` reaches tile-diff verbatim
// and the stored finding carries its own copy.
// RUN: rm -rf %t.findings %t.npy
// RUN: not tile-run %s --grid 1 --arg 5 --arg zeros:i32:8 --out-dir %t.npy
// RUN: sh -c 'tile-diff %s --grid 1 --arg 5 --arg @%t.npy/arg1.npy --findings %t.findings; echo "exit=$?"' | FileCheck %s
// CHECK: finding: input-ub [[SIG:[0-9a-f]{16}]] {{.*}} culprit=input: {{.*}}divi by zero
// CHECK-NEXT: stored in {{.*}}input-ub-[[SIG]]-1
// CHECK-NEXT: 1 programs checked, 1 findings in 1 buckets
// CHECK-NEXT: exit=1

// RUN: sh -c 'tile-diff --repro %t.findings/input-ub-*-1; echo "exit=$?"' | FileCheck %s --check-prefix=REPRO
// REPRO: reproduces: input-ub
// REPRO: exit=0

// The stored manifest runs with tile-run and shows the same UB (exit 3).
// RUN: cat %t.findings/input-ub-*-1/manifest.json | FileCheck %s --check-prefix=MANIFEST-ARGS
// MANIFEST-ARGS: "@arg1.npy"
// RUN: test -f %t.findings/input-ub-*-1/arg1.npy
// RUN: sh -c 'tile-run --manifest %t.findings/input-ub-*-1/manifest.json; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=MANIFEST
// MANIFEST: divi by zero
// MANIFEST: exit=3

cuda_tile.module @m {
  entry @k(%n: tile<i32>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %z = constant <i32: 0> : tile<8xi32>
    %v = divi %nb, %z signed : tile<8xi32>
    %tok = make_token : token
    %t2 = store_view_tko weak %v, %p[%bx] token = %tok : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
