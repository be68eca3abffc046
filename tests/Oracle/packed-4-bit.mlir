// 4-bit elements in memory: two per byte, low nibble first (the spec's
// tensor_view layout, and what tileiras's cubins read), while tiles and
// .npy files hold one per byte (oracle/README.md).
//
// @codes writes the bytes 0x21 0x43 0x65 0x07 0x98 0xba 0xdc 0xfe through
// an i8 view and reads them back through an f4E2M1FN view of the same
// memory: the codes 1 2 3 4 5 6 7 0 8 9 a b c d e f, whose values arg1
// shows. The tile goes out through an f4 buffer (arg2, unpacked by the
// harness) and through a 15-element f4 view of an i8 buffer (arg3: the
// packed bytes, the last high nibble untouched), and 8 elements come back
// from a pointer moved by an even offset (arg4).
// RUN: tile-run %s --entry=codes --grid 1 --arg zeros:i8:8 --arg zeros:f32:16 --arg zeros:f4E2M1FN:16 --arg zeros:i8:8 --arg zeros:f32:8 --out-dir %t.codes
// RUN: python3 -c "import numpy as n; d='%t.codes/'; print(n.load(d+'arg1.npy').tolist()); print([int(x) for x in n.load(d+'arg2.npy').view(n.uint8)]); print([hex(x) for x in n.load(d+'arg3.npy').view(n.uint8)]); print(n.load(d+'arg4.npy').tolist())" | FileCheck %s --check-prefix=CODES
// CODES: [0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 0.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]
// CODES-NEXT: [1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 14, 15]
// CODES-NEXT: ['0x21', '0x43', '0x65', '0x7', '0x98', '0xba', '0xdc', '0xe']
// CODES-NEXT: [3.0, 4.0, 6.0, 0.0, -0.0, -0.5, -1.0, -1.5]
//
// An f4 buffer read from a .npy file is packed for memory: the codes of
// arg2 above, stored again as bytes.
// RUN: tile-run %s --entry=bytes --grid 1 --arg @%t.codes/arg2.npy --arg zeros:i8:8 --out-dir %t.bytes
// RUN: python3 -c "import numpy as n; print([hex(x) for x in n.load('%t.bytes/arg1.npy').view(n.uint8)])" | FileCheck %s --check-prefix=BYTES
// BYTES: ['0x21', '0x43', '0x65', '0x7', '0x98', '0xba', '0xdc', '0xfe']
//
// The GPU bundle holds the packed image (8 bytes for 16 elements), and a
// result read back from it is unpacked (a made-up result: bytes 0x10 0x32
// ... are the codes 0 1 2 3 ...).
// RUN: rm -rf %t.rec && tile-run %s --executor gpu -O2 --gpu-name sm_100 --gpu-launch record:%t.rec --entry bytes --grid 1 --arg @%t.codes/arg2.npy --arg zeros:i8:8
// RUN: bash -c "cat %t.rec/*/launch.txt" | FileCheck %s --check-prefix=BUNDLE
// BUNDLE: buffer 8 contents readback
// BUNDLE-NEXT: buffer 8 zero readback
// RUN: bash -c 'python3 -c "import sys; print(open(sys.argv[1], \"rb\").read().hex())" %t.rec/*/buf0.bin' | FileCheck %s --check-prefix=IMAGE
// IMAGE: 2143650798badcfe
// RUN: bash -c 'd=$(echo %t.rec/*); printf "\x10\x32\x54\x76\x98\xba\xdc\xfe" > $d/out0.bin; printf "\x00\x00\x00\x00\x00\x00\x00\x00" > $d/out1.bin; printf "tilecheck-launch-result 1\nstatus ok\ndevice a GPU, sm_100\nout 0 out0.bin\nout 1 out1.bin\n" > $d/result.txt'
// RUN: tile-run %s --executor gpu -O2 --gpu-name sm_100 --gpu-launch replay:%t.rec --entry bytes --grid 1 --arg @%t.codes/arg2.npy --arg zeros:i8:8 --out-dir %t.replay
// RUN: python3 -c "import numpy as n; print(n.load('%t.replay/arg0.npy').view(n.uint8).tolist())" | FileCheck %s --check-prefix=REPLAY
// REPLAY: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
//
// Half a byte has no address: an odd offset of a ptr<f4E2M1FN> is
// undefined behaviour.
// RUN: not tile-run %s --entry=odd --grid 1 --arg zeros:f4E2M1FN:16 --arg 3 2>&1 | FileCheck %s --check-prefix=ODD
// ODD: undefined behaviour: 'cuda_tile.offset': offset 3 of a pointer to f4E2M1FN elements is odd: half a byte has no address (element 0)
// RUN: tile-run %s --entry=odd --grid 1 --arg zeros:f4E2M1FN:16 --arg 2
//
// Initialization is tracked per nibble: 15 elements stored into fresh
// memory leave the last byte's high nibble unwritten, and reading it is
// undefined.
// RUN: not tile-run %s --entry=uninit --grid 1 --arg uninit:f4E2M1FN:16 --arg zeros:f4E2M1FN:16 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: undefined behaviour: 'cuda_tile.load_view_tko': read of uninitialized memory at 0x{{[0-9a-f]+}} ('arg0' + 7) (element 15)
//
// The high nibble past the end of an odd-sized 4-bit buffer is out of
// bounds: 3 elements, and a 4-element tile read through a view of 4.
// RUN: not tile-run %s --entry=past --grid 1 --arg zeros:f4E2M1FN:3 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: undefined behaviour: 'cuda_tile.load_view_tko': access of the high nibble at address 0x{{[0-9a-f]+}}, past the end of 'arg0' (3 4-bit elements at 0x{{[0-9a-f]+}}) (element 3)
// RUN: tile-run %s --entry=past --grid 1 --arg zeros:f4E2M1FN:4
//
// A load of the other nibble of a byte the block stored, with no token
// between them, is no conflict: the value read does not depend on the
// order.
// RUN: tile-run %s --entry=other_half --grid 1 --arg zeros:f4E2M1FN:4
// Between tile blocks, accesses to the two nibbles of one byte conflict as
// accesses to the byte do (compiled code moves whole bytes): block 1 loads
// the high nibbles of the bytes whose low nibbles block 0 stored.
// RUN: not tile-run %s --entry=blocks --grid 2 --arg zeros:f4E2M1FN:4 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: undefined behaviour: 'cuda_tile.load_view_tko': data race: tile block 1 reads 0x{{[0-9a-f]+}} ('arg0' + 0) written by tile block 0 with weak ordering
//
// Within a block, a load of the nibbles a store wrote, with no token
// between them, is unordered, whichever nibbles that store wrote before.
// RUN: not tile-run %s --entry=same_half --grid 1 --arg zeros:f4E2M1FN:4 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: undefined behaviour: 'cuda_tile.load_view_tko': unordered accesses: tile block 0 reads 0x{{[0-9a-f]+}} ('arg0' + 0), which an earlier store of the same tile block wrote
//
// Two stores of one tile block to the two nibbles of one byte are ordered
// like two stores to the byte: without a token they conflict.
// RUN: not tile-run %s --entry=halves --grid 1 --arg zeros:f4E2M1FN:4 2>&1 | FileCheck %s --check-prefix=HALVES
// HALVES: undefined behaviour: 'cuda_tile.store_view_tko': unordered accesses: tile block 0 writes 0x{{[0-9a-f]+}} ('arg0' + 0), which an earlier store of the same tile block wrote with another value
// With the token they merge: 1.0 2.0 in the low nibbles, 3.0 4.0 in the
// high ones (codes 2 4 5 6).
// RUN: tile-run %s --entry=halves_ordered --grid 1 --arg zeros:f4E2M1FN:4 --arg zeros:i8:2 --out-dir %t.halves
// RUN: python3 -c "import numpy as n; print([hex(x) for x in n.load('%t.halves/arg1.npy').view(n.uint8)])" | FileCheck %s --check-prefix=MERGED
// MERGED: ['0x52', '0x64']
cuda_tile.module @m {
  entry @codes(%b: tile<ptr<i8>>, %o: tile<ptr<f32>>, %w: tile<ptr<f4E2M1FN>>,
               %o2: tile<ptr<i8>>, %o3: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %bytes = constant <i8: [33, 67, 101, 7, -104, -70, -36, -2]> : tile<8xi8>
    %vb = make_tensor_view %b, shape = [8], strides = [1] : tensor_view<8xi8, strides=[1]>
    %pb = make_partition_view %vb : partition_view<tile=(8), tensor_view<8xi8, strides=[1]>>
    %t0 = store_view_tko weak %bytes, %pb[%zero] : tile<8xi8>, partition_view<tile=(8), tensor_view<8xi8, strides=[1]>>, tile<i32> -> token
    %p4 = ptr_to_ptr %b : tile<ptr<i8>> -> tile<ptr<f4E2M1FN>>
    %v4 = make_tensor_view %p4, shape = [16], strides = [1] : tensor_view<16xf4E2M1FN, strides=[1]>
    %q4 = make_partition_view %v4 : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>
    %x, %t1 = load_view_tko weak %q4[%zero] token = %t0 : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<16xf4E2M1FN>, token
    %f = ftof %x : tile<16xf4E2M1FN> -> tile<16xf32>
    %vo = make_tensor_view %o, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %qo = make_partition_view %vo : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %t2 = store_view_tko weak %f, %qo[%zero] : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    %vw = make_tensor_view %w, shape = [16], strides = [1] : tensor_view<16xf4E2M1FN, strides=[1]>
    %qw = make_partition_view %vw : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>
    %t3 = store_view_tko weak %x, %qw[%zero] : tile<16xf4E2M1FN>, partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %p2 = ptr_to_ptr %o2 : tile<ptr<i8>> -> tile<ptr<f4E2M1FN>>
    %v2 = make_tensor_view %p2, shape = [15], strides = [1] : tensor_view<15xf4E2M1FN, strides=[1]>
    %q2 = make_partition_view %v2 : partition_view<tile=(16), tensor_view<15xf4E2M1FN, strides=[1]>>
    %t4 = store_view_tko weak %x, %q2[%zero] : tile<16xf4E2M1FN>, partition_view<tile=(16), tensor_view<15xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %four = constant <i32: 4> : tile<i32>
    %p8 = offset %p4, %four : tile<ptr<f4E2M1FN>>, tile<i32> -> tile<ptr<f4E2M1FN>>
    %v8 = make_tensor_view %p8, shape = [8], strides = [1] : tensor_view<8xf4E2M1FN, strides=[1]>
    %q8 = make_partition_view %v8 : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>
    %y, %t5 = load_view_tko weak %q8[%zero] token = %t0 : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    %g = ftof %y : tile<8xf4E2M1FN> -> tile<8xf32>
    %v3 = make_tensor_view %o3, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %q3 = make_partition_view %v3 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %t6 = store_view_tko weak %g, %q3[%zero] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @bytes(%w: tile<ptr<f4E2M1FN>>, %o: tile<ptr<i8>>) {
    %zero = constant <i32: 0> : tile<i32>
    %pb = ptr_to_ptr %w : tile<ptr<f4E2M1FN>> -> tile<ptr<i8>>
    %vb = make_tensor_view %pb, shape = [8], strides = [1] : tensor_view<8xi8, strides=[1]>
    %qb = make_partition_view %vb : partition_view<tile=(8), tensor_view<8xi8, strides=[1]>>
    %x, %t0 = load_view_tko weak %qb[%zero] : partition_view<tile=(8), tensor_view<8xi8, strides=[1]>>, tile<i32> -> tile<8xi8>, token
    %vo = make_tensor_view %o, shape = [8], strides = [1] : tensor_view<8xi8, strides=[1]>
    %qo = make_partition_view %vo : partition_view<tile=(8), tensor_view<8xi8, strides=[1]>>
    %t1 = store_view_tko weak %x, %qo[%zero] : tile<8xi8>, partition_view<tile=(8), tensor_view<8xi8, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @odd(%w: tile<ptr<f4E2M1FN>>, %k: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %p = offset %w, %k : tile<ptr<f4E2M1FN>>, tile<i32> -> tile<ptr<f4E2M1FN>>
    %v = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf4E2M1FN, strides=[1]>
    %q = make_partition_view %v : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>
    %x, %t0 = load_view_tko weak %q[%zero] : partition_view<tile=(8), tensor_view<8xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    return
  }

  entry @uninit(%w: tile<ptr<f4E2M1FN>>, %src: tile<ptr<f4E2M1FN>>) {
    %zero = constant <i32: 0> : tile<i32>
    %vs = make_tensor_view %src, shape = [16], strides = [1] : tensor_view<16xf4E2M1FN, strides=[1]>
    %qs = make_partition_view %vs : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>
    %x, %t0 = load_view_tko weak %qs[%zero] : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<16xf4E2M1FN>, token
    %v15 = make_tensor_view %w, shape = [15], strides = [1] : tensor_view<15xf4E2M1FN, strides=[1]>
    %q15 = make_partition_view %v15 : partition_view<tile=(16), tensor_view<15xf4E2M1FN, strides=[1]>>
    %t1 = store_view_tko weak %x, %q15[%zero] : tile<16xf4E2M1FN>, partition_view<tile=(16), tensor_view<15xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %v16 = make_tensor_view %w, shape = [16], strides = [1] : tensor_view<16xf4E2M1FN, strides=[1]>
    %q16 = make_partition_view %v16 : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>
    %y, %t2 = load_view_tko weak %q16[%zero] token = %t1 : partition_view<tile=(16), tensor_view<16xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<16xf4E2M1FN>, token
    return
  }

  entry @halves(%w: tile<ptr<f4E2M1FN>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %lo = constant <f4E2M1FN: [[1.0], [2.0]]> : tile<2x1xf4E2M1FN>
    %hi = constant <f4E2M1FN: [[3.0], [4.0]]> : tile<2x1xf4E2M1FN>
    %v = make_tensor_view %w, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xf4E2M1FN, strides=[2,1]>
    %q = make_partition_view %v : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>
    %t0 = store_view_tko weak %lo, %q[%zero, %zero] : tile<2x1xf4E2M1FN>, partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %hi, %q[%zero, %one] : tile<2x1xf4E2M1FN>, partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    return
  }

  entry @halves_ordered(%w: tile<ptr<f4E2M1FN>>, %o: tile<ptr<i8>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %lo = constant <f4E2M1FN: [[1.0], [2.0]]> : tile<2x1xf4E2M1FN>
    %hi = constant <f4E2M1FN: [[3.0], [4.0]]> : tile<2x1xf4E2M1FN>
    %v = make_tensor_view %w, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xf4E2M1FN, strides=[2,1]>
    %q = make_partition_view %v : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>
    %t0 = store_view_tko weak %lo, %q[%zero, %zero] : tile<2x1xf4E2M1FN>, partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %hi, %q[%zero, %one] token = %t0 : tile<2x1xf4E2M1FN>, partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    %pb = ptr_to_ptr %w : tile<ptr<f4E2M1FN>> -> tile<ptr<i8>>
    %vb = make_tensor_view %pb, shape = [2], strides = [1] : tensor_view<2xi8, strides=[1]>
    %qb = make_partition_view %vb : partition_view<tile=(2), tensor_view<2xi8, strides=[1]>>
    %x, %t2 = load_view_tko weak %qb[%zero] token = %t1 : partition_view<tile=(2), tensor_view<2xi8, strides=[1]>>, tile<i32> -> tile<2xi8>, token
    %vo = make_tensor_view %o, shape = [2], strides = [1] : tensor_view<2xi8, strides=[1]>
    %qo = make_partition_view %vo : partition_view<tile=(2), tensor_view<2xi8, strides=[1]>>
    %t3 = store_view_tko weak %x, %qo[%zero] : tile<2xi8>, partition_view<tile=(2), tensor_view<2xi8, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @past(%w: tile<ptr<f4E2M1FN>>) {
    %zero = constant <i32: 0> : tile<i32>
    %v = make_tensor_view %w, shape = [4], strides = [1] : tensor_view<4xf4E2M1FN, strides=[1]>
    %q = make_partition_view %v : partition_view<tile=(4), tensor_view<4xf4E2M1FN, strides=[1]>>
    %x, %t0 = load_view_tko weak %q[%zero] : partition_view<tile=(4), tensor_view<4xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<4xf4E2M1FN>, token
    return
  }

  entry @other_half(%w: tile<ptr<f4E2M1FN>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %lo = constant <f4E2M1FN: [[1.0], [2.0]]> : tile<2x1xf4E2M1FN>
    %v = make_tensor_view %w, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xf4E2M1FN, strides=[2,1]>
    %q = make_partition_view %v : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>
    %t0 = store_view_tko weak %lo, %q[%zero, %zero] : tile<2x1xf4E2M1FN>, partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    %x, %t1 = load_view_tko weak %q[%zero, %one] : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> tile<2x1xf4E2M1FN>, token
    return
  }

  entry @blocks(%w: tile<ptr<f4E2M1FN>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %lo = constant <f4E2M1FN: [[1.0], [2.0]]> : tile<2x1xf4E2M1FN>
    %v = make_tensor_view %w, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xf4E2M1FN, strides=[2,1]>
    %q = make_partition_view %v : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>
    %first = cmpi equal %bx, %zero, signed : tile<i32> -> tile<i1>
    if %first {
      %t0 = store_view_tko weak %lo, %q[%zero, %zero] : tile<2x1xf4E2M1FN>, partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    } else {
      %x, %t1 = load_view_tko weak %q[%zero, %bx] : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> tile<2x1xf4E2M1FN>, token
    }
    return
  }

  entry @same_half(%w: tile<ptr<f4E2M1FN>>) {
    %zero = constant <i32: 0> : tile<i32>
    %c = constant <f4E2M1FN: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf4E2M1FN>
    %v = make_tensor_view %w, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xf4E2M1FN, strides=[2,1]>
    %q = make_partition_view %v : partition_view<tile=(2x2), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>
    %q1 = make_partition_view %v : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>
    %t0 = store_view_tko weak %c, %q[%zero, %zero] : tile<2x2xf4E2M1FN>, partition_view<tile=(2x2), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> token
    %x, %t1 = load_view_tko weak %q1[%zero, %zero] : partition_view<tile=(2x1), tensor_view<2x2xf4E2M1FN, strides=[2,1]>>, tile<i32> -> tile<2x1xf4E2M1FN>, token
    return
  }
}
