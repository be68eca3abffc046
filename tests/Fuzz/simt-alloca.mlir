// alloca in the LLVM backend: each alloca is an offset in its tile block's
// region of the global scratch the kernel takes as one more parameter
// (compiler/docs/Backend.md, "Kernel ABI"); the launcher (the SIMT
// executor here) passes grid-size times the bytes per block. Two allocas
// of different types and alignments in a 2x3 grid: every block writes its
// own values, reads them back and stores them. Regions that overlapped
// would be a data race between blocks (the executor reports it); values
// read back from a wrong place would differ from the interpreter's.
// RUN: tile-diff %s --grid 2,3 --arg zeros:f32:384 --arg zeros:i16:192 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s
// RUN: tile-diff %s --grid 2,3 --arg zeros:f32:384 --arg zeros:i16:192 --only-config compiler=simt,sm_90,O3 -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// RUN: tilec --emit ptx --gpu-name sm_80 --launch-info %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: launch: block=128,1,1 dynamic_shared_bytes={{[0-9]+}} global_scratch_bytes_per_block=512
cuda_tile.module @m {
  entry @k(%out: tile<ptr<f32>>, %out2: tile<ptr<i16>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %row = muli %by, %gx : tile<i32>
    %lin = addi %row, %bx : tile<i32>
    %a = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %b = alloca num_elem = 32, alignment = 256 : tile<ptr<i16>>
    %i = iota : tile<64xi32>
    %l1 = reshape %lin : tile<i32> -> tile<1xi32>
    %lb = broadcast %l1 : tile<1xi32> -> tile<64xi32>
    %c100 = constant <i32: 100> : tile<64xi32>
    %m = muli %lb, %c100 : tile<64xi32>
    %v = addi %m, %i : tile<64xi32>
    %vf = itof %v signed : tile<64xi32> -> tile<64xf32>
    %pa1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pa = broadcast %pa1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %pai = offset %pa, %i : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t0 = store_ptr_tko weak %pai, %vf : tile<64xptr<f32>>, tile<64xf32> -> token
    %i32 = iota : tile<32xi32>
    %lb32 = broadcast %l1 : tile<1xi32> -> tile<32xi32>
    %w = subi %i32, %lb32 : tile<32xi32>
    %w16 = trunci %w : tile<32xi32> -> tile<32xi16>
    %pb1 = reshape %b : tile<ptr<i16>> -> tile<1xptr<i16>>
    %pb = broadcast %pb1 : tile<1xptr<i16>> -> tile<32xptr<i16>>
    %pbi = offset %pb, %i32 : tile<32xptr<i16>>, tile<32xi32> -> tile<32xptr<i16>>
    %t1 = store_ptr_tko weak %pbi, %w16 token = %t0 : tile<32xptr<i16>>, tile<32xi16> -> token
    %ra, %t2 = load_ptr_tko weak %pai token = %t1 : tile<64xptr<f32>> -> tile<64xf32>, token
    %rb, %t3 = load_ptr_tko weak %pbi token = %t2 : tile<32xptr<i16>> -> tile<32xi16>, token
    %tv = make_tensor_view %out, shape = [384], strides = [1] : tensor_view<384xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<384xf32, strides=[1]>>
    %t4 = store_view_tko weak %ra, %pv[%lin] token = %t3 : tile<64xf32>, partition_view<tile=(64), tensor_view<384xf32, strides=[1]>>, tile<i32> -> token
    %tv2 = make_tensor_view %out2, shape = [192], strides = [1] : tensor_view<192xi16, strides=[1]>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(32), tensor_view<192xi16, strides=[1]>>
    %t5 = store_view_tko weak %rb, %pv2[%lin] token = %t4 : tile<32xi16>, partition_view<tile=(32), tensor_view<192xi16, strides=[1]>>, tile<i32> -> token
    return
  }
}
