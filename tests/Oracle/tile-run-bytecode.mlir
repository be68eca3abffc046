// tile-run reads Tile IR bytecode directly: the same kernel run from text
// and from its .tileirbc form prints the same thing.

// RUN: tile-run %s --grid 2 --arg 40 | FileCheck %s
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: tile-run %t.tileirbc --grid 2 --arg 40 | FileCheck %s
// A corrupt bytecode file is an error with a message, not a crash.
// RUN: head -c 20 %t.tileirbc > %t.cut.tileirbc
// RUN: not tile-run %t.cut.tileirbc --grid 1 --arg 1 2>&1 | FileCheck %s --check-prefix=CUT

// CHECK: block 0 value 40
// CHECK: block 1 value 41
// CUT: tile-run: {{.+}}error

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %v = addi %x, %bid : tile<i32>
    %t = print_tko "block %d value %d\n", %bid, %v : tile<i32>, tile<i32> -> token
    return
  }
}
