// f4E2M1FN loaded from views on the LLVM backend: memory packs two 4-bit
// elements per byte, low nibble first (the spec's layout, and tileiras's),
// so a thread loads its element's byte and shifts its nibble down
// (compiler/docs/Backend.md, "4-bit elements"). The SIMT executor computes
// it bit for bit as the interpreter does (oracle/README.md). The buffer
// holds 40 codes, every code at odd and even positions; the kernel reads
//  - a 1-D view of the first 37 elements through a 64-element tile, with
//    padding zero and with padding nan (f4 has no NaN: every bit set, the
//    interpreter's unspecified pattern);
//  - a 4x4 tile at column 4 of a 4x8 view whose rows lie 10 elements
//    (5 bytes) apart, and the same tile transposed by dim_map;
//  - 8 elements behind a pointer moved by an even offset (byte 3).
// RUN: python3 -c "import numpy as n; n.save('%t.f4.npy', (n.arange(40) * 7 %% 16).astype(n.uint8))"
// RUN: tile-diff %s --entry k --grid 1 --arg @%t.f4.npy --arg zeros:f32:64 --arg zeros:f32:64 --arg zeros:f32:16 --arg zeros:f32:16 --arg zeros:f32:8 --arg 37 --only-config compiler=simt,sm_80,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry k --grid 1 --arg @%t.f4.npy --arg zeros:f32:64 --arg zeros:f32:64 --arg zeros:f32:16 --arg zeros:f32:16 --arg zeros:f32:8 --arg 37 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry k --grid 1 --arg @%t.f4.npy --arg zeros:f32:64 --arg zeros:f32:64 --arg zeros:f32:16 --arg zeros:f32:16 --arg zeros:f32:8 --arg 37 --only-config compiler=simt,sm_100,O2,reg2reg=0 --bit-exact -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
//
// @stores: weak f4 stores, each element rewriting its byte with the other
// nibble kept (low nibbles first, then the high ones), into zeroed f4
// buffers: the 64-element tile through a view of 37 (the nibble past the
// edge stays 0), and the 4x4 tile transposed into a 4x8 view whose rows lie
// 9 elements apart, so odd rows start at a high nibble and one byte holds
// elements of two threads; plus a packed f4 global read back as f32.
// RUN: tile-diff %s --entry stores --grid 1 --arg @%t.f4.npy --arg zeros:f4E2M1FN:40 --arg zeros:f4E2M1FN:40 --arg zeros:f32:8 --arg 37 --only-config compiler=simt,sm_80,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry stores --grid 1 --arg @%t.f4.npy --arg zeros:f4E2M1FN:40 --arg zeros:f4E2M1FN:40 --arg zeros:f32:8 --arg 37 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry stores --grid 1 --arg @%t.f4.npy --arg zeros:f4E2M1FN:40 --arg zeros:f4E2M1FN:40 --arg zeros:f32:8 --arg 37 --only-config compiler=simt,sm_100,O2,reg2reg=0 --bit-exact -v | FileCheck %s
// RUN: tile-run %s --entry stores --grid 1 --arg @%t.f4.npy --arg zeros:f4E2M1FN:40 --arg zeros:f4E2M1FN:40 --arg zeros:f32:8 --arg 37 --out-dir %t.stores
// RUN: python3 -c "import numpy as n; d='%t.stores/'; a=n.load(d+'arg1.npy').view(n.uint8); b=n.load(d+'arg2.npy').view(n.uint8); print(a[34:40].tolist(), b[4:8].tolist(), b[9+4:9+8].tolist(), b[36:40].tolist()); print(n.load(d+'arg3.npy').tolist())" | FileCheck %s --check-prefix=STORED
// Elements 34..36 (codes 14 5 12), nothing past 36; row 0 of the stored 4x4 tile is
// column 0 of the loaded one (elements 4, 14, 24, 34: codes 12 2 8 14),
// row 1 its column 1 (codes 3 9 15 5).
// STORED: [14, 5, 12, 0, 0, 0] [12, 2, 8, 14] [3, 9, 15, 5] [0, 0, 0, 0]
// STORED-NEXT: [0.5, -1.0, 6.0, -0.0, 1.5, -6.0, 3.0, -3.0]
//
// @alloca: the low nibbles of four bytes of an f4 alloca stored and read
// back (the byte rewrite reads the high nibbles, never written: the SIMT
// executor gives a module with 4-bit allocas zeroed scratch).
// RUN: tile-diff %s --entry alloca --grid 2 --arg zeros:f32:8 --only-config compiler=simt,sm_80,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry alloca --grid 2 --arg zeros:f32:8 --only-config compiler=simt,sm_100,O3 --bit-exact -v | FileCheck %s
//
// The code: the byte at element offset / 2, its nibble at bit
// (offset % 2) * 4, one element at a time.
// RUN: tilec --emit llvm --gpu-name sm_80 %s -o - | FileCheck %s --check-prefix=LLVM
// LLVM: %[[BYTE:.*]] = lshr i64 %[[OFF:.*]], 1
// LLVM: %[[SHIFT:.*]] = and i8 %{{.*}}, 4
// LLVM: load i8, ptr addrspace(1)
// LLVM: %[[DOWN:.*]] = lshr i8 %{{.*}}, %[[SHIFT]]
// LLVM: and i8 %[[DOWN]], 15
//
// The interpreter's values: codes 0 7 14 5 12 3 10 1 ... are 0 6 -4 3 -2
// 1.5 -1 0.5; past element 36 the zero and the unspecified (-6) padding.
// RUN: tile-run %s --entry k --grid 1 --arg @%t.f4.npy --arg zeros:f32:64 --arg zeros:f32:64 --arg zeros:f32:16 --arg zeros:f32:16 --arg zeros:f32:8 --arg 37 --out-dir %t.out
// RUN: python3 -c "import numpy as n; d='%t.out/'; a=n.load(d+'arg1.npy'); b=n.load(d+'arg2.npy'); print(a[:8].tolist(), a[36:38].tolist(), b[36:38].tolist()); print(n.load(d+'arg3.npy').reshape(4,4)[1].tolist(), n.load(d+'arg4.npy').reshape(4,4)[:,1].tolist()); print(n.load(d+'arg5.npy').tolist())" | FileCheck %s --check-prefix=VALUES
// VALUES: [0.0, 6.0, -4.0, 3.0, -2.0, 1.5, -1.0, 0.5] [-2.0, 0.0] [-2.0, -6.0]
// Row 1 of the 4x4 tile: elements 14..17 (codes 2 9 0 7); the transposed
// tile's column 1 is the same row.
// VALUES-NEXT: [1.0, -0.5, 0.0, 6.0] [1.0, -0.5, 0.0, 6.0]
// Elements 6..13: codes 10 1 8 15 6 13 4 11.
// VALUES-NEXT: [-1.0, 0.5, -0.0, -6.0, 4.0, -3.0, 2.0, -1.5]
cuda_tile.module @m {
  entry @k(%in: tile<ptr<f4E2M1FN>>, %o0: tile<ptr<f32>>, %o1: tile<ptr<f32>>,
           %o2: tile<ptr<f32>>, %o3: tile<ptr<f32>>, %o4: tile<ptr<f32>>,
           %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %v = make_tensor_view %in, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf4E2M1FN, strides=[1]>
    %pz = make_partition_view %v : partition_view<tile=(64), padding_value = zero, tensor_view<?xf4E2M1FN, strides=[1]>>
    %pn = make_partition_view %v : partition_view<tile=(64), padding_value = nan, tensor_view<?xf4E2M1FN, strides=[1]>>
    %a, %ta = load_view_tko weak %pz[%zero] : partition_view<tile=(64), padding_value = zero, tensor_view<?xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %b, %tb = load_view_tko weak %pn[%zero] : partition_view<tile=(64), padding_value = nan, tensor_view<?xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %v2 = make_tensor_view %in, shape = [4, 8], strides = [10, 1] : tensor_view<4x8xf4E2M1FN, strides=[10,1]>
    %p2 = make_partition_view %v2 : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[10,1]>>
    %c, %tc = load_view_tko weak %p2[%zero, %one] : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[10,1]>>, tile<i32> -> tile<4x4xf4E2M1FN>, token
    %p3 = make_partition_view %v2 : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[10,1]>, dim_map=[1, 0]>
    %d, %td = load_view_tko weak %p3[%one, %zero] : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[10,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x4xf4E2M1FN>, token
    %six = constant <i32: 6> : tile<i32>
    %q = offset %in, %six : tile<ptr<f4E2M1FN>>, tile<i32> -> tile<ptr<f4E2M1FN>>
    %v4 = make_tensor_view %q, shape = [8], strides = [1] : tensor_view<8xf4E2M1FN, strides=[1]>
    %p4 = make_partition_view %v4 : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>
    %e, %te = load_view_tko weak %p4[%zero] : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    %fa = ftof %a : tile<64xf4E2M1FN> -> tile<64xf32>
    %fb = ftof %b : tile<64xf4E2M1FN> -> tile<64xf32>
    %fc = ftof %c : tile<4x4xf4E2M1FN> -> tile<4x4xf32>
    %fd = ftof %d : tile<4x4xf4E2M1FN> -> tile<4x4xf32>
    %fe = ftof %e : tile<8xf4E2M1FN> -> tile<8xf32>
    %w0 = make_tensor_view %o0, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %q0 = make_partition_view %w0 : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %s0 = store_view_tko weak %fa, %q0[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %w1 = make_tensor_view %o1, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %q1 = make_partition_view %w1 : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %s1 = store_view_tko weak %fb, %q1[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %w2 = make_tensor_view %o2, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %q2 = make_partition_view %w2 : partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>
    %s2 = store_view_tko weak %fc, %q2[%zero, %zero] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    %w3 = make_tensor_view %o3, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %q3 = make_partition_view %w3 : partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>
    %s3 = store_view_tko weak %fd, %q3[%zero, %zero] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    %w4 = make_tensor_view %o4, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q4 = make_partition_view %w4 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %s4 = store_view_tko weak %fe, %q4[%zero] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  global @lut <f4E2M1FN: [0.5, -1.0, 6.0, -0.0, 1.5, -6.0, 3.0, -3.0]> : tile<8xf4E2M1FN>

  entry @stores(%in: tile<ptr<f4E2M1FN>>, %o0: tile<ptr<f4E2M1FN>>,
                %o1: tile<ptr<f4E2M1FN>>, %o2: tile<ptr<f32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %v = make_tensor_view %in, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf4E2M1FN, strides=[1]>
    %pz = make_partition_view %v : partition_view<tile=(64), padding_value = zero, tensor_view<?xf4E2M1FN, strides=[1]>>
    %a, %ta = load_view_tko weak %pz[%zero] : partition_view<tile=(64), padding_value = zero, tensor_view<?xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %v2 = make_tensor_view %in, shape = [4, 8], strides = [10, 1] : tensor_view<4x8xf4E2M1FN, strides=[10,1]>
    %p2 = make_partition_view %v2 : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[10,1]>>
    %c, %tc = load_view_tko weak %p2[%zero, %one] : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[10,1]>>, tile<i32> -> tile<4x4xf4E2M1FN>, token
    %w0 = make_tensor_view %o0, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf4E2M1FN, strides=[1]>
    %q0 = make_partition_view %w0 : partition_view<tile=(64), tensor_view<?xf4E2M1FN, strides=[1]>>
    %s0 = store_view_tko weak %a, %q0[%zero] : tile<64xf4E2M1FN>, partition_view<tile=(64), tensor_view<?xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %w1 = make_tensor_view %o1, shape = [4, 8], strides = [9, 1] : tensor_view<4x8xf4E2M1FN, strides=[9,1]>
    %q1 = make_partition_view %w1 : partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[9,1]>, dim_map=[1, 0]>
    %s1 = store_view_tko weak %c, %q1[%one, %zero] : tile<4x4xf4E2M1FN>, partition_view<tile=(4x4), tensor_view<4x8xf4E2M1FN, strides=[9,1]>, dim_map=[1, 0]>, tile<i32> -> token
    %g = get_global @lut : tile<ptr<f4E2M1FN>>
    %vg = make_tensor_view %g, shape = [8], strides = [1] : tensor_view<8xf4E2M1FN, strides=[1]>
    %pg = make_partition_view %vg : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>
    %e, %te = load_view_tko weak %pg[%zero] : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    %fe = ftof %e : tile<8xf4E2M1FN> -> tile<8xf32>
    %w2 = make_tensor_view %o2, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q2 = make_partition_view %w2 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %s2 = store_view_tko weak %fe, %q2[%zero] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @alloca(%o: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %p = alloca num_elem = 8, alignment = 16 : tile<ptr<f4E2M1FN>>
    %c = constant <f4E2M1FN: [[1.0], [2.0], [3.0], [-4.0]]> : tile<4x1xf4E2M1FN>
    %v = make_tensor_view %p, shape = [4, 2], strides = [2, 1] : tensor_view<4x2xf4E2M1FN, strides=[2,1]>
    %q = make_partition_view %v : partition_view<tile=(4x1), tensor_view<4x2xf4E2M1FN, strides=[2,1]>>
    %t0 = store_view_tko weak %c, %q[%zero, %zero] : tile<4x1xf4E2M1FN>, partition_view<tile=(4x1), tensor_view<4x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    %x, %t1 = load_view_tko weak %q[%zero, %zero] token = %t0 : partition_view<tile=(4x1), tensor_view<4x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> tile<4x1xf4E2M1FN>, token
    %f = ftof %x : tile<4x1xf4E2M1FN> -> tile<4x1xf32>
    %r = reshape %f : tile<4x1xf32> -> tile<4xf32>
    %w = make_tensor_view %o, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pw = make_partition_view %w : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %t2 = store_view_tko weak %r, %pw[%bx] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
