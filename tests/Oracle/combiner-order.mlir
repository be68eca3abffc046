// tile-run --check-combiner-order (RunOptions::checkCombinerOrder): the
// body of a reduce or scan runs again with each (element, accumulator) pair
// swapped, and a body that is not commutative on the values it combines is
// undefined behaviour: its result depends on the combination order, which
// the spec leaves unspecified. tile-diff turns the check on for mutants; a
// mutant of the seed reduce_sum_max (session 20's GPU hunt) whose `addi`
// lost its element operand returned the identity on the interpreter and an
// element on tileiras's cubin, a wrong result that was no bug.

// RUN: bash -c "tile-run %s --entry=keeps_acc --grid 1 --arg zeros:i32:8 --check-combiner-order; test \$? -eq 3"
// RUN: not tile-run %s --entry=keeps_acc --grid 1 --arg zeros:i32:8 --check-combiner-order 2>&1 | FileCheck %s --check-prefix=UB
// UB: the body is not commutative on the values it combines: ({{.*}}) yields {{.*}}, swapped {{.*}}; the result depends on the unspecified combination order

// Without the check the interpreter folds in its one order and exits 0.
// RUN: tile-run %s --entry=keeps_acc --grid 1 --arg zeros:i32:8

// Commutative bodies pass: a sum and a scan of maxima.
// RUN: tile-run %s --entry=sum --grid 1 --arg zeros:i32:8 --check-combiner-order
// RUN: tile-run %s --entry=scan_max --grid 1 --arg zeros:i32:8 --check-combiner-order

cuda_tile.module @m {
  entry @keeps_acc(%out: tile<ptr<i32>>) {
    %bz = constant <i32: 0> : tile<i32>
    %i = iota : tile<8xi32>
    %r = reduce %i dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
    (%e: tile<i32>, %a: tile<i32>) {
      %s = addi %bz, %a : tile<i32>
      yield %s : tile<i32>
    }
    %p = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %r1 = reshape %r : tile<i32> -> tile<1xi32>
    %t = store_ptr_tko weak %p, %r1 : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
  entry @sum(%out: tile<ptr<i32>>) {
    %i = iota : tile<8xi32>
    %r = reduce %i dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
    (%e: tile<i32>, %a: tile<i32>) {
      %s = addi %e, %a : tile<i32>
      yield %s : tile<i32>
    }
    %p = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %r1 = reshape %r : tile<i32> -> tile<1xi32>
    %t = store_ptr_tko weak %p, %r1 : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
  entry @scan_max(%out: tile<ptr<i32>>) {
    %i = iota : tile<8xi32>
    %r = scan %i dim=0 reverse=false identities=[-2147483648 : i32] : tile<8xi32> -> tile<8xi32>
    (%e: tile<i32>, %a: tile<i32>) {
      %s = maxi %e, %a signed : tile<i32>
      yield %s : tile<i32>
    }
    %p0 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %p1 = broadcast %p0 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %p2 = offset %p1, %i : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %t = store_ptr_tko weak %p2, %r : tile<8xptr<i32>>, tile<8xi32> -> token
    return
  }
}
