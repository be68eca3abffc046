// Tile IR bytecode is accepted as input: a seed kernel written as bytecode
// compiles to the same module as its text (up to the module name, which
// bytecode does not store).

// RUN: tilec-translate --mlir-to-tileirbc %S/../../corpus/seeds/saxpy.mlir -o %t.tileirbc
// RUN: tilec -O0 --emit mlir %t.tileirbc | FileCheck %s
// RUN: tilec -O2 --emit mlir %t.tileirbc | tilec-opt | FileCheck %s
// RUN: tilec -O0 --emit mlir %t.tileirbc | sed 's/@kernels/@saxpy/' > %t.from-bc.mlir
// RUN: tilec -O0 --emit mlir %S/../../corpus/seeds/saxpy.mlir > %t.from-text.mlir
// RUN: diff %t.from-bc.mlir %t.from-text.mlir

// CHECK: cuda_tile.module @kernels
// CHECK: entry @saxpy(
// CHECK: fma
// CHECK: store_view_tko
