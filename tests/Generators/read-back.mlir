// pReadBack (memory and pipeline presets): a view store's tile is loaded
// back through the same view, ordered after the store by its token, and
// stored again to an output of its own; a compiler that moved the load
// above the store would read the output's zeros. Seed 34732 of `memory`.
// Half the read-backs go through a second, column-major view of the same
// bytes and so load the transposed tile (seed 35724 of `memory`, below).
// RUN: rm -rf %t && tile-gen --seed 34732 --policy memory -o %t
// RUN: FileCheck %s --input-file %t/34732/program.mlir
// CHECK: [[T:%t[0-9]+]] = store_view_tko weak %v{{[0-9]+}}, [[PV:%pv[0-9]+]][%bx, %by] token = %t{{[0-9]+}} :
// CHECK-NEXT: [[RB:%rb[0-9]+]], [[RT:%t[0-9]+]] = load_view_tko weak [[PV]][%bx, %by] token = [[T]] :
// CHECK-NEXT: [[V:%v[0-9]+]] = reshape [[RB]]
// CHECK: store_ptr_tko weak %ptr{{[0-9]+}}, [[V]], %p{{[0-9]+}} token = [[RT]] :
// The interpreter and the compiled configurations agree.
// RUN: tile-diff --manifest %t/34732 --only-config sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,stages=3 -v | FileCheck %s --check-prefix=DIFF
// RUN: tile-diff --manifest %t/34732 --only-config compiler=simt,sm_90,O2 -v | FileCheck %s --check-prefix=DIFF
// DIFF: ok {{.*}}34732
// DIFF: 1 programs checked, 0 findings in 0 buckets
// Without the token the load is unordered: undefined behaviour.
// RUN: cp -r %t/34732 %t/unordered
// RUN: sed -e 's/\(load_view_tko weak %%pv[0-9]*\[%%bx, %%by\]\) token = %%t[0-9]*/\1/' %t/34732/program.mlir > %t/unordered/program.mlir
// RUN: not tile-run --manifest %t/unordered 2>&1 | FileCheck %s --check-prefix=UB
// UB: unordered accesses: tile block {{[0-9]+}} reads
// The transposed read-back: the 16x32 i8 tile stored through a row-major
// view comes back as 32x16 through the column-major view of %arg2.
// RUN: tile-gen --seed 35724 --policy memory -o %t
// RUN: FileCheck %s --check-prefix=TR --input-file %t/35724/program.mlir
// TR: [[T:%t[0-9]+]] = store_view_tko {{.*}} : tile<16x32xi8>, partition_view<tile=(16x32), tensor_view<16x32xi8, strides=[32,1]>>
// TR-NEXT: [[TV:%tv[0-9]+]] = make_tensor_view %arg2, shape = [32, 16], strides = [1, 32] : tensor_view<32x16xi8, strides=[1,32]>
// TR-NEXT: [[PV:%pv[0-9]+]] = make_partition_view [[TV]]
// TR-NEXT: %rb{{[0-9]+}}, %t{{[0-9]+}} = load_view_tko {{.*}} [[PV]][%by, %bx] token = [[T]] : {{.*}} -> tile<32x16xi8>, token
// RUN: tile-diff --manifest %t/35724 --only-config sm_100,O3,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus -v | FileCheck %s --check-prefix=DIFF2
// RUN: tile-diff --manifest %t/35724 --only-config compiler=simt,sm_80,O2 -v | FileCheck %s --check-prefix=DIFF2
// DIFF2: ok {{.*}}35724
// DIFF2: 1 programs checked, 0 findings in 0 buckets
