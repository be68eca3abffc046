// A kernel with a debug section: subprogram, nested lexical blocks, a call
// site and an unknown location among #cuda_tile.di_loc ones.
// scripts/check_bytecode_peers.py also feeds it to NVIDIA's tileiras (which
// turns the locations into line info) and tileirdisasm (which must print the
// same locations as our reader) at every version.
// RUN: tilec-translate --verify-roundtrip --mlir-print-debuginfo --bytecode-version 13.1 %s | FileCheck %s
// RUN: tilec-translate --verify-roundtrip --mlir-print-debuginfo --bytecode-version 13.2 %s | FileCheck %s
// RUN: tilec-translate --verify-roundtrip --mlir-print-debuginfo --bytecode-version 13.3 %s | FileCheck %s
// CHECK: round trip ok
#file = #cuda_tile.di_file<"scale.py" in "/work/kernels">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 10, name = "scale", linkageName = "k", compileUnit = #cu, scopeLine = 11>
#body = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 14, column = 4>
#inner = #cuda_tile.di_lexical_block<scope = #body, file = #file, line = 15>
#f10 = loc("scale.py":10:0)
#f12 = loc("scale.py":12:8)
#f14 = loc("scale.py":14:4)
#f15 = loc("scale.py":15:12)
#h3 = loc("helpers.py":3:11)
#l10 = #cuda_tile.di_loc<#f10 in #sp>
#l12 = #cuda_tile.di_loc<#f12 in #sp>
#l14 = #cuda_tile.di_loc<#f14 in #body>
#l15 = #cuda_tile.di_loc<#f15 in #inner>
#lh = #cuda_tile.di_loc<#h3 in #sp>
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]> loc(#l12)
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>> loc(#l12)
    %t = make_token : token loc(unknown)
    %c0 = constant <i32: 0> : tile<i32> loc(#l14)
    %v, %t1 = load_view_tko weak %pv[%c0] token = %t : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token loc(#l15)
    %two = constant <f32: 2.0> : tile<16xf32> loc(callsite(#lh at #l15))
    %w = mulf %v, %two : tile<16xf32> loc(callsite(#lh at #l15))
    %t2 = store_view_tko weak %w, %pv[%c0] token = %t1 : tile<16xf32>, partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token loc(#l15)
    return loc(#l14)
  } loc(#l10)
}
