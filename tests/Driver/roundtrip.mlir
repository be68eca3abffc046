// --print-pipeline's text fed back through --pass-pipeline builds the same
// pipeline: printing it again gives the identical string, for every tier,
// every stage this build emits, with and without line info. Compiling with
// the printed text gives the same module as compiling with the tier.

// RUN: sh -c 'for o in 0 1 2 3; do for e in mlir tileaa tileas; do for l in "" --emit-line-info; do tilec --print-pipeline -O$o --emit $e $l --pipeline-strategy unspecialize > %t.a || exit 1; tilec --print-pipeline --pass-pipeline "$(cat %t.a)" > %t.b || exit 1; cmp %t.a %t.b || exit 1; echo "same O$o $e $l"; done; done; done' | FileCheck %s
// CHECK-COUNT-24: same O{{[0-3]}} {{mlir|tileaa|tileas}}
// CHECK-NOT: same

// RUN: tilec -O2 --emit tileas %s -o %t.tier
// RUN: tilec --print-pipeline -O2 --emit tileas > %t.pipeline
// RUN: sh -c 'tilec --emit tileas --pass-pipeline "$(cat %t.pipeline)" %s -o %t.text'
// RUN: diff %t.tier %t.text

cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %v, %tok = load_view_tko weak %p[%bid] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %w = addf %v, %v rounding<nearest_even> : tile<128xf32>
    %t2 = store_view_tko weak %w, %p[%bid] token = %tok : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
