// A finding of a file launched from its seed header (seed-header.mlir)
// stores the generated inputs with it, and its manifest runs on tile-run.
// The wrong result comes from the test-only miscompile hook.
// REQUIRES: test-hooks

// tilecheck: entry=@scale grid=2,1,1
// tilecheck: arg0 = scalar i32 3
// tilecheck: arg1 = buffer i32[16] in
// tilecheck: arg2 = buffer i32[16] out

// RUN: rm -rf %t.findings
// RUN: env TILECHECK_TEST_CHILD_FAULT=miscompile@convert-cuda-tile-to-tileaa not tile-diff %s --only-config O0 --findings %t.findings | FileCheck %s --check-prefix=FOUND
// FOUND: finding: wrong-result {{.*}} culprit=convert-cuda-tile-to-tileaa (checkpoint)
// FOUND: 1 programs checked, 1 findings in 1 buckets
// RUN: cat %t.findings/wrong-result-*-1/manifest.json | FileCheck %s --check-prefix=MANIFEST
// MANIFEST: "3",
// MANIFEST-NEXT: "@arg1.npy",
// MANIFEST-NEXT: "zeros:i32:16"
// RUN: tile-run --manifest %t.findings/wrong-result-*-1/manifest.json

cuda_tile.module @m {
  entry @scale(%k: tile<i32>, %in: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ti = make_tensor_view %in, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %to = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>
    %po = make_partition_view %to : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>
    %tok = make_token : token
    %x, %t1 = load_view_tko weak %pi[%bx] token = %tok : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<8xi32>
    %y = muli %x, %kb : tile<8xi32>
    %z = addi %y, %kb : tile<8xi32>
    %t2 = store_view_tko weak %z, %po[%bx] token = %t1 : tile<8xi32>, partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
