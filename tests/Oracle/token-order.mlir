// Token order within a tile block (Memory.h, BlockOrder; TokenOrder.h).
// At the cuda_tile level tokens, not program order, order one tile block's
// memory ops, and "weak operations cannot be used to communicate ...
// between fragments of the same tile block which are not ordered by token
// order" (the Tile IR memory model). The interpreter reports, as undefined
// behaviour, a store that changes a byte an earlier store of the block
// wrote and a load of such a byte, when no chain of tokens (through
// join_tokens, print_tko, loops) leads from the earlier store and one of
// the two is weak. A mutant of session 18's hunt that pointed one store at
// another's address gave a false wrong-result finding against tileiras
// before this (reports/tileiras-hunt.md, section 6).

// Two stores of different values, unordered: undefined (exit 3), with the
// earlier store named.
// RUN: bash -c "tile-run %s --entry=waw --grid 1 --arg zeros:i32:8; test \$? -eq 3"
// RUN: not tile-run %s --entry=waw --grid 1 --arg zeros:i32:8 2>&1 | FileCheck %s --check-prefix=WAW
// WAW: token-order.mlir:[[L2:[0-9]+]]:11: undefined behaviour: 'cuda_tile.store_view_tko': unordered accesses: tile block 0 writes 0x{{[0-9a-f]+}} ('arg0' + 0), which an earlier store of the same tile block wrote with another value, and no token orders the two stores (the store: 'cuda_tile.store_view_tko' at {{.*}}token-order.mlir:{{[0-9]+}}:11) (element 0)

// --no-race-check turns the check off.
// RUN: tile-run %s --entry=waw --grid 1 --arg zeros:i32:8 --no-race-check

// Ordered by the first store's token, or writing the same value: defined.
// RUN: tile-run %s --entry=waw_ordered --grid 1 --arg zeros:i32:8 --out-dir %t.ordered
// RUN: tile-run %s --entry=waw_same --grid 1 --arg zeros:i32:8

// A load of the stored bytes: ordered through make_token + join_tokens, a
// print_tko and a loop's iteration values; the load after the loop takes
// no token: undefined.
// RUN: not tile-run %s --entry=raw --grid 1 --arg zeros:i32:8 --arg zeros:i32:8 --arg 3 2>&1 | FileCheck %s --check-prefix=RAW
// RAW: gen [7, 7, 7, 7, 7, 7, 7, 7]
// RAW-NEXT: gen [7, 7, 7, 7, 7, 7, 7, 7]
// RAW-NEXT: gen [7, 7, 7, 7, 7, 7, 7, 7]
// RAW-NEXT: token-order.mlir:{{[0-9]+}}:{{[0-9]+}}: undefined behaviour: 'cuda_tile.load_view_tko': unordered accesses: tile block 0 reads 0x{{[0-9a-f]+}} ('arg0' + 0), which an earlier store of the same tile block wrote, and no token orders the load after that store (the store: 'cuda_tile.store_view_tko' at

// Relaxed (strong) accesses at tile-block scope may meet unordered: they
// are not weak. A weak load of a relaxed store's bytes is not.
// RUN: tile-run %s --entry=strong --grid 1 --arg zeros:i32:8 --arg zeros:i32:8 --arg 0
// RUN: not tile-run %s --entry=strong --grid 1 --arg zeros:i32:8 --arg zeros:i32:8 --arg 1 2>&1 | FileCheck %s --check-prefix=STRONG
// STRONG: 'cuda_tile.load_view_tko': unordered accesses: tile block 0 reads

// A store after a load of the same bytes is not reported: its value may
// depend on the load's, which orders the two without a token (data
// dependences are not tracked): after an unordered load, and after a load
// ordered after an earlier store (read-modify-write with no token on the
// second store; found by review).
// RUN: tile-run %s --entry=war --grid 1 --arg zeros:i32:8
// RUN: tile-run %s --entry=rmw --grid 1 --arg zeros:i32:8

// A store that leaves the bytes as they were is no write here: a later
// load ordered after the first of two equal stores, or a load of bytes a
// store left at the harness's contents, reads the same value whatever the
// order.
// RUN: tile-run %s --entry=equal_then_load --grid 1 --arg zeros:i32:8 --arg zeros:i32:8

// Lower levels order memory by their own means: the same program lowered
// to nv_tileaa is not checked against its tokens.
// RUN: tilec --emit tileaa %s -o %t.aa.mlir
// RUN: tile-run %t.aa.mlir --entry=waw --grid 1 --arg zeros:i32:8

// tile-diff: the reference's undefined behaviour is the input's (a
// generator bug).
// RUN: not tile-diff %s --entry=waw --grid 1 --arg zeros:i32:8 --only-config sm_100,O0 | FileCheck %s --check-prefix=DIFF
// DIFF: finding: input-ub {{.*}} culprit=input: {{.*}}unordered accesses

cuda_tile.module @m {
  entry @waw(%out: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %a = constant <i32: 1> : tile<8xi32>
    %b = constant <i32: 2> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %t0 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %b, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @waw_ordered(%out: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %a = constant <i32: 1> : tile<8xi32>
    %b = constant <i32: 2> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %t0 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %b, %pv[%z] token = %t0 : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @waw_same(%out: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %a = constant <i32: 1> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %t0 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @raw(%out: tile<ptr<i32>>, %res: tile<ptr<i32>>, %n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<i32>
    %a = constant <i32: 7> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %tr = make_tensor_view %res, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pr = make_partition_view %tr : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %t0 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %m = make_token : token
    %j = join_tokens %m, %t0 : token
    %r = for %i in (%z to %n, step %o) : tile<i32> iter_values(%t = %j) -> (token) {
      %p = print_tko "gen %d\n", %a token = %t : tile<8xi32> -> token
      %x, %t2 = load_view_tko weak %pv[%z] token = %p : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
      %t3 = store_view_tko weak %x, %pr[%z] token = %t2 : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
      continue %t3 : token
    }
    %y, %t4 = load_view_tko weak %pv[%z] : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    return
  }
  entry @strong(%out: tile<ptr<i32>>, %res: tile<ptr<i32>>, %weakload: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %a = constant <i32: 3> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %tr = make_tensor_view %res, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pr = make_partition_view %tr : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %t0 = store_view_tko relaxed tl_blk %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %c = cmpi equal %weakload, %z, signed : tile<i32> -> tile<i1>
    %x = if %c -> (tile<8xi32>) {
      %x1, %t1 = load_view_tko relaxed tl_blk %pv[%z] : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
      yield %x1 : tile<8xi32>
    } else {
      %x2, %t2 = load_view_tko weak %pv[%z] : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
      yield %x2 : tile<8xi32>
    }
    %t3 = store_view_tko weak %x, %pr[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @rmw(%out: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %t0 = store_view_tko weak %o, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %x, %t1 = load_view_tko weak %pv[%z] token = %t0 : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %y = addi %x, %o : tile<8xi32>
    %t2 = store_view_tko weak %y, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @equal_then_load(%out: tile<ptr<i32>>, %res: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %a = constant <i32: 5> : tile<8xi32>
    %zero = constant <i32: 0> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %tr = make_tensor_view %res, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pr = make_partition_view %tr : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    // Zeros over the harness's zeros, then a load with no token.
    %t0 = store_view_tko weak %zero, %pr[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %w, %tw = load_view_tko weak %pr[%z] : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    // Two equal stores, the load ordered after the first only.
    %t1 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %a, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %x, %t3 = load_view_tko weak %pv[%z] token = %t1 : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    return
  }
  entry @war(%out: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<8xi32>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %x, %t0 = load_view_tko weak %pv[%z] : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %y = addi %x, %o : tile<8xi32>
    %t1 = store_view_tko weak %y, %pv[%z] : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
