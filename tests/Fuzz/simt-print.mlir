// print_tko in the LLVM backend: the tile arguments through the scratch
// buffer, thread 0 of each tile block printing with CUDA's vprintf (one
// call per literal piece, bracket, separator and element); the SIMT
// executor's vprintf must print what the interpreter prints, block by
// block (a 2x2 grid): integers signed and unsigned in several widths, i1,
// %c, floats of every width with flags, width and precision, f8 through
// f64, 1-D and 2-D tiles, a one-element tile, scalars, and "%%".
// RUN: tile-run %s --grid 2,2 --arg zeros:i32:1 | FileCheck %s --check-prefix=OUT
// RUN: tile-run %s --grid 2,2 --arg zeros:i32:1 --executor simt | FileCheck %s --check-prefix=OUT
// RUN: tile-diff %s --grid 2,2 --arg zeros:i32:1 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s
// RUN: tile-diff %s --grid 2,2 --arg zeros:i32:1 --only-config compiler=simt,sm_100,O3 -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// OUT: block 0 0: ints [-3, -2, -1, 0, 1, 2, 3, 4] unsigned [253, 254, 255, 0, 1, 2, 3, 4] hex [fffffffffffffffd, fffffffffffffffe, ffffffffffffffff, 0, 1, 2, 3, 4]
// OUT-NEXT: bools {{\[\[}}1, 0], [1, 0]] chars [A, B, C, D] one {{\[\[}}7]] 100%
// OUT-NEXT: floats [-1.500e+00, -7.500e-01, 0.000e+00, 7.500e-01] [   -1.50,    -0.75,     0.00,     0.75] [-1.5, -0.75, 0, 0.75]
// OUT-NEXT: f8 [0x1.8p+0, -0x1p+1] f64 3.14159
// OUT-NEXT: nans [-nan, nan] [-nan, nan]
// OUT-NEXT: block 1 0: ints [-3, -2, -1, 0, 1, 2, 3, 4] unsigned [253, 254, 255, 0, 1, 2, 3, 4] hex [fffffffffffffffd, fffffffffffffffe, ffffffffffffffff, 0, 1, 2, 3, 4]
// OUT: block 0 1:
// OUT: block 1 1:
cuda_tile.module @m {
  entry @k(%unused: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<8xi32>
    %c3 = constant <i32: 3> : tile<8xi32>
    %s = subi %i, %c3 : tile<8xi32>
    %s8 = trunci %s : tile<8xi32> -> tile<8xi8>
    %s64 = exti %s signed : tile<8xi32> -> tile<8xi64>
    %t0 = print_tko "block %d %d: ints %d unsigned %u hex %x\n", %bx, %by, %s8, %s8, %s64 : tile<i32>, tile<i32>, tile<8xi8>, tile<8xi8>, tile<8xi64> -> token
    %b = constant <i1: [[true, false], [true, false]]> : tile<2x2xi1>
    %ch = constant <i32: [65, 66, 67, 68]> : tile<4xi32>
    %one = constant <i16: 7> : tile<1x1xi16>
    %t1 = print_tko "bools %d chars %c one %d 100%%\n", %b, %ch, %one token = %t0 : tile<2x2xi1>, tile<4xi32>, tile<1x1xi16> -> token
    %i4 = iota : tile<4xi32>
    %c2 = constant <i32: 2> : tile<4xi32>
    %d = subi %i4, %c2 : tile<4xi32>
    %f = itof %d signed : tile<4xi32> -> tile<4xf32>
    %q = constant <f32: 0.75> : tile<4xf32>
    %fq = mulf %f, %q : tile<4xf32>
    %h = ftof %fq : tile<4xf32> -> tile<4xf16>
    %bf = ftof %fq : tile<4xf32> -> tile<4xbf16>
    %t2 = print_tko "floats %.3e %8.2f %g\n", %fq, %h, %bf token = %t1 : tile<4xf32>, tile<4xf16>, tile<4xbf16> -> token
    %e = constant <f16: [1.5, -2.0]> : tile<2xf16>
    %e8 = ftof %e : tile<2xf16> -> tile<2xf8E4M3FN>
    %pi = constant <f64: 3.14159265358979> : tile<f64>
    %t3 = print_tko "f8 %a f64 %.5f\n", %e8, %pi token = %t2 : tile<2xf8E4M3FN>, tile<f64> -> token
    %nan = constant <f32: [0xFFC00000, 0x7FC00000]> : tile<2xf32>
    %hnan = ftof %nan : tile<2xf32> -> tile<2xf16>
    %t4 = print_tko "nans %f %f\n", %nan, %hnan token = %t3 : tile<2xf32>, tile<2xf16> -> token
    return
  }
}
