// cp.async in the async pipelines (compiler/docs/Backend.md, "Async
// pipelines"): a produced value that is the produce_one's own weak
// tiled_load, with no padding or a zero one, is copied from global memory
// straight into the pipeline slot, one cp.async per run of the thread map
// of 4, 8 or 16 bytes that provenAccessWidth proves aligned (zero-filled
// past the tensor's edge), and the producer's commit is
// cp.async.mbarrier.arrive.noinc, so the consumer's wait sees the bytes
// landed. Here the f32 tiles go 4 bytes at a time (their bases carry no
// alignment; A's last K tile is partly past the edge, its padding zero), the 16-byte aligned
// f16 tile 4 bytes (a run of two), and the relaxed load of C, an atomic,
// through registers as before. The SIMT executor faults on a read of slot
// bytes whose copy has not completed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; r = np.random.default_rng(2); [np.save('%t/' + n + '.npy', r.standard_normal(s).astype(t)) for n, s, t in [('a', (16, 60), np.float32), ('b', (64, 16), np.float32), ('c', (16, 64), np.float32), ('d', (16, 64), np.float16)]]"
// RUN: tilec %s -O2 --emit ptx --gpu-name sm_90 --scheduler cost --v2-opt-level 1 --pipeline-strategy warp-specialize | FileCheck %s --check-prefix=AWS
// AWS: .maxntid 256, 1, 1
// AWS-COUNT-3: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// AWS: cp.async.mbarrier.arrive.noinc.shared.b64
// AWS: ld.relaxed.sys.global
// RUN: tilec %s -O2 --emit ptx --gpu-name sm_90 --scheduler cost --v2-opt-level 1 --pipeline-strategy warp-specialize --materialize-schedule-use-aus | FileCheck %s --check-prefix=AUS
// AUS: cp.async.ca.shared.global
// AUS: cp.async.mbarrier.arrive.noinc.shared.b64
// RUN: tile-diff %s --entry k --grid 1 --arg @%t/a.npy --arg @%t/b.npy --arg @%t/c.npy --arg @%t/d.npy --arg zeros:f32:16x16 --only-config compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost | FileCheck %s
// RUN: tile-diff %s --entry k --grid 1 --arg @%t/a.npy --arg @%t/b.npy --arg @%t/c.npy --arg @%t/d.npy --arg zeros:f32:16x16 --only-config compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus | FileCheck %s
// Queued loads (tileaa-queue-loads, tileas-queue-to-pipeline): the loads
// move into the produce_one regions, so the weak tiled loads are copied
// by cp.async too, and the relaxed one goes through registers.
// RUN: tilec %s -O2 --emit ptx --gpu-name sm_90 --queue-loads-depth 2 | FileCheck %s --check-prefix=QUEUED
// QUEUED: cp.async.ca.shared.global
// QUEUED: cp.async.mbarrier.arrive.noinc.shared.b64
// QUEUED: ld.relaxed.sys.global
// RUN: tile-diff %s --entry k --grid 1 --arg @%t/a.npy --arg @%t/b.npy --arg @%t/c.npy --arg @%t/d.npy --arg zeros:f32:16x16 --only-config compiler=simt,sm_90,O2,queues=2 | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %d: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %pd = assume div_by<16>, %d : tile<ptr<f16>>
    %ta = make_tensor_view %a, shape = [16, 60], strides = [60, 1] : tensor_view<16x60xf32, strides=[60,1]>
    %tb = make_tensor_view %b, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %tc = make_tensor_view %c, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf32, strides=[64,1]>
    %td = make_tensor_view %pd, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf16, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(16x16), padding_value = zero, tensor_view<16x60xf32, strides=[60,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(16x16), tensor_view<64x16xf32, strides=[16,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(16x16), tensor_view<16x64xf32, strides=[64,1]>>
    %vd = make_partition_view %td : partition_view<tile=(16x16), tensor_view<16x64xf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %acc = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<16x16xf32>) {
      %x, %t0 = load_view_tko weak %va[%c0, %k] : partition_view<tile=(16x16), padding_value = zero, tensor_view<16x60xf32, strides=[60,1]>>, tile<i32> -> tile<16x16xf32>, token
      %y, %t1 = load_view_tko weak %vb[%k, %c0] : partition_view<tile=(16x16), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
      %z, %t2 = load_view_tko relaxed device %vc[%c0, %k] : partition_view<tile=(16x16), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x16xf32>, token
      %w, %t3 = load_view_tko weak %vd[%c0, %k] : partition_view<tile=(16x16), tensor_view<16x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x16xf16>, token
      %m = mmaf %x, %y, %s : tile<16x16xf32>, tile<16x16xf32>, tile<16x16xf32>
      %wf = ftof %w : tile<16x16xf16> -> tile<16x16xf32>
      %q = addf %z, %wf rounding<nearest_even> : tile<16x16xf32>
      %n = addf %m, %q rounding<nearest_even> : tile<16x16xf32>
      continue %n : tile<16x16xf32>
    }
    %to = make_tensor_view %o, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %vo = make_partition_view %to : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %t4 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
