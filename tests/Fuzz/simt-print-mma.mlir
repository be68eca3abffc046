// What a kernel prints from a value the SIMT executor computes only within
// a tolerance (a tensor-core dot: its sums round differently from the
// interpreter's sequential FMAs) may differ in the last digits: the engine
// compares such printed text with the numbers masked, the values being
// checked through the buffers (fuzz/lib/Compare.cpp). --bit-exact keeps the
// exact comparison, and the digits do differ here.
// RUN: tile-diff %s --grid 1 --only-config compiler=simt,sm_80,O0 | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets
// RUN: not tile-diff %s --grid 1 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s --check-prefix=EXACT
// EXACT: culprit=backend (simt): print_tko output differs
cuda_tile.module @m {
  entry @k() {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<2048xi32>
    %h = constant <i32: 2654435761> : tile<2048xi32>
    %x = muli %i, %h : tile<2048xi32>
    %s = constant <i32: 16> : tile<2048xi32>
    %y = shri %x, %s signed : tile<2048xi32>
    %f = itof %y signed : tile<2048xi32> -> tile<2048xf32>
    %sc = constant <f32: 0.0001> : tile<2048xf32>
    %fs = mulf %f, %sc : tile<2048xf32>
    %hf = ftof %fs : tile<2048xf32> -> tile<2048xf16>
    %a1 = extract %hf[%zero] : tile<2048xf16> -> tile<1024xf16>
    %one = constant <i32: 1> : tile<i32>
    %b1 = extract %hf[%one] : tile<2048xf16> -> tile<1024xf16>
    %a = reshape %a1 : tile<1024xf16> -> tile<16x64xf16>
    %b = reshape %b1 : tile<1024xf16> -> tile<64x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
    %t = print_tko "%.9e\n", %d : tile<16x16xf32> -> token
    return
  }
}
