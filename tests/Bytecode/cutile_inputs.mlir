// Bytecode written by NVIDIA's cuTile Python (cuda-tile 1.7.0,
// export_kernel(output_format="tileir_bytecode")) reads and verifies here,
// and survives our write/read cycle: vadd at 13.3, and scale2d at 13.1 for
// sm_100 (TILE = 256; TM, TN = 32, 64; float32 arrays, int32 indices).
// Their source, for regenerating the inputs:
//   @ct.kernel
//   def vadd(a, b, out, TILE: ct.Constant[int]):
//       bid = ct.bid(0)
//       x = ct.load(a, index=(bid,), shape=(TILE,))
//       y = ct.load(b, index=(bid,), shape=(TILE,))
//       ct.store(out, index=(bid,), tile=x + y)
//
//   @ct.kernel
//   def scale2d(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
//       i = ct.bid(0)
//       j = ct.bid(1)
//       x = ct.load(a, index=(i, j), shape=(TM, TN))
//       ct.store(out, index=(i, j), tile=x * 2.0)
// scripts/check_bytecode_peers.py exports cutile_samples.py's kernels at
// every version for the same check.
// RUN: tilec-translate --tileirbc-to-mlir %S/Inputs/cutile-vadd-13.3.tileirbc | FileCheck %s --check-prefix=VADD
// RUN: tilec-translate --tileirbc-to-mlir %S/Inputs/cutile-scale2d-13.1.tileirbc | FileCheck %s --check-prefix=SCALE
// RUN: tilec-translate --tileirbc-to-mlir %S/Inputs/cutile-scale2d-13.1.tileirbc -o %t.mlir
// RUN: tilec-translate --verify-roundtrip %t.mlir | FileCheck %s --check-prefix=RT
// RUN: tilec-opt %S/Inputs/cutile-vadd-13.3.tileirbc | FileCheck %s --check-prefix=VADD
// cuTile writes a debug section: its scopes and locations read, and survive
// our write/read cycle.
// RUN: tilec-translate --tileirbc-to-mlir --mlir-print-debuginfo %S/Inputs/cutile-vadd-13.3.tileirbc -o %t.vadd.mlir
// RUN: FileCheck %s --check-prefix=DEBUG < %t.vadd.mlir
// RUN: tilec-translate --verify-roundtrip --mlir-print-debuginfo %t.vadd.mlir | FileCheck %s --check-prefix=RT

// VADD: entry @vadd_{{.*}}(%[[A:[a-z0-9]+]]: tile<ptr<f32>>, {{.*}}) optimization_hints=<default = {}>
// VADD: make_token : token
// VADD: assume bounded<0, ?>
// VADD: make_tensor_view %[[A]], shape = [%{{.*}}], strides = [%{{.*}}] : tile<i32> -> tensor_view<?xf32, strides=[?]>
// VADD: load_view_tko weak {{.*}} -> tile<256xf32>, token
// VADD: addf %{{.*}}, %{{.*}} : tile<256xf32>
// VADD: store_view_tko weak

// SCALE: entry @scale2d_{{.*}} optimization_hints=<sm_100 = {}>
// SCALE: partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,?]>>
// SCALE: constant <f32: 2.000000e+00> : tile<f32>
// SCALE: mulf %{{.*}}, %{{.*}} : tile<32x64xf32>

// RT: round trip ok

// DEBUG: addf %{{.*}}, %{{.*}} : tile<256xf32> loc(#[[ADD:loc[0-9]+]])
// DEBUG: } loc(#[[ENTRY:loc[0-9]+]])
// DEBUG-DAG: #[[FILE:di_file[0-9]*]] = #cuda_tile.di_file<"k.py" in "/tmp/wtb-ct">
// DEBUG-DAG: #[[SP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 6, name = "vadd", linkageName = "vadd_{{.*}}", compileUnit = #{{.*}}, scopeLine = 6>
// DEBUG-DAG: #[[ADDSRC:loc[0-9]+]] = loc("/tmp/wtb-ct/k.py":11:37)
// DEBUG-DAG: #[[ENTRYSRC:loc[0-9]+]] = loc("/tmp/wtb-ct/k.py":7:0)
// DEBUG-DAG: #[[ADD]] = #cuda_tile.di_loc<#[[ADDSRC]] in #[[SP]]>
// DEBUG-DAG: #[[ENTRY]] = #cuda_tile.di_loc<#[[ENTRYSRC]] in #[[SP]]>
