// Two tile-diff processes record into one findings store at the same time:
// the SQLite transaction keeps the bucket count exact (4 + 4 findings in
// one bucket) and the examples at --max-examples, with no temporary
// directory left behind.
// REQUIRES: test-hooks

// RUN: rm -rf %t.findings
// RUN: sh -c 'for i in 1 2; do env TILECHECK_TEST_CHILD_FAULT=abort@convert-tileaa-to-tileas tile-diff %s --grid 1 --arg 5 --arg zeros:i32:8 --matrix sample --sample-size 4 --sample-seed 11 --findings %t.findings --max-examples 3 > %t.out$i & done; wait'
// RUN: tile-diff --findings %t.findings --list-buckets | FileCheck %s
// CHECK: {{^}}8 crash {{[0-9a-f]+}} convert-tileaa-to-tileas
// CHECK-NEXT: 1 buckets
// RUN: ls %t.findings | FileCheck %s --check-prefix=DIRS --implicit-check-not=.tmp-
// DIRS: crash-{{[0-9a-f]+}}-1
// DIRS-NEXT: crash-{{[0-9a-f]+}}-2
// DIRS-NEXT: crash-{{[0-9a-f]+}}-3
// DIRS-NEXT: index.sqlite

// RUN: sh -c 'tile-diff --list-buckets; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOSTORE
// NOSTORE: --list-buckets needs --findings DIR
// NOSTORE: exit=2

cuda_tile.module @m {
  entry @k(%n: tile<i32>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %a = iota : tile<8xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %v = addi %a, %nb : tile<8xi32>
    %tok = make_token : token
    %t2 = store_view_tko weak %v, %p[%bx] token = %tok : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
