// RUN: tilec-opt --cuda-tile-lower-early-exits %s | FileCheck %s
// The output verifies and a second run changes nothing.
// RUN: tilec-opt --cuda-tile-lower-early-exits %s | tilec-opt --cuda-tile-lower-early-exits | FileCheck %s
// The interpreter prints the same on the input, on the output, and after the
// whole conversion to nv_tileaa + scf.
// RUN: tile-run %s --entry exits --grid 4 > %t.in.txt
// RUN: tilec-opt --cuda-tile-lower-early-exits %s -o %t.flags.mlir
// RUN: tile-run %t.flags.mlir --entry exits --grid 4 > %t.flags.txt
// RUN: tilec-opt --convert-cuda-tile-to-tileaa %s -o %t.aa.mlir
// RUN: tile-run %t.aa.mlir --entry exits --grid 4 > %t.aa.txt
// RUN: diff %t.in.txt %t.flags.txt
// RUN: diff %t.in.txt %t.aa.txt
// RUN: FileCheck %s --check-prefix=OUT < %t.in.txt

cuda_tile.module @m {
  // A for body with an early continue: the if gets (kind, continue value)
  // in front of its results, the rest of the body runs under kind == 0.
  // CHECK-LABEL: entry @exits
  entry @exits() {
    %bid, %b1, %b2 = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c10 = constant <i32: 10> : tile<i32>
    %lim = addi %bid, %c3 : tile<i32>
    // CHECK: for
    // CHECK: %[[K:.*]]:2 = if %{{.*}} -> (tile<i32>, tile<i32>)
    // CHECK: yield %{{.*}}, %{{.*}} : tile<i32>, tile<i32>
    // CHECK: cmpi equal %[[K]]#0
    // CHECK: continue %{{.*}} : tile<i32>
    %s = for %i in (%c0 to %c10, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %r = remi %i, %c2 signed : tile<i32>
      %odd = cmpi equal %r, %c1, signed : tile<i32> -> tile<i1>
      if %odd {
        %a1 = addi %acc, %bid : tile<i32>
        continue %a1 : tile<i32>
      }
      %a2 = addi %acc, %i : tile<i32>
      continue %a2 : tile<i32>
    }

    // A loop with a break nested two ifs deep and an early continue; it
    // ends in the canonical `if %b { break }` + `continue`.
    // CHECK: loop iter_values
    // CHECK: if %{{[0-9]+}} {
    // CHECK-NEXT: break %{{.*}} : tile<i32>
    // CHECK-NEXT: }
    // CHECK-NEXT: continue
    %r2 = loop iter_values(%j = %c0, %t = %c0) : tile<i32>, tile<i32> -> tile<i32> {
      %big = cmpi greater_than_or_equal %t, %c10, signed : tile<i32> -> tile<i1>
      if %big {
        %late = cmpi greater_than %j, %lim, signed : tile<i32> -> tile<i1>
        if %late {
          break %t : tile<i32>
        }
        %j1 = addi %j, %c1 : tile<i32>
        %t1 = subi %t, %c1 : tile<i32>
        continue %j1, %t1 : tile<i32>, tile<i32>
      }
      %j2 = addi %j, %c1 : tile<i32>
      %t2 = addi %t, %c2 : tile<i32>
      continue %j2, %t2 : tile<i32>, tile<i32>
    }

    // An exit-free loop whose body ends in break runs once.
    // CHECK: loop iter_values
    // CHECK: if %{{[0-9]+}} {
    // CHECK-NEXT: break
    %r3 = loop iter_values(%x = %bid) : tile<i32> -> tile<i32> {
      %x1 = addi %x, %c10 : tile<i32>
      break %x1 : tile<i32>
    }

    %tok = print_tko "block %d: for %d loop %d once %d\n", %bid, %s, %r2, %r3 : tile<i32>, tile<i32>, tile<i32>, tile<i32> -> token

    // An early return: what follows runs under kind == 0.
    // CHECK: cmpi equal
    // CHECK: return
    %first = cmpi equal %bid, %c0, signed : tile<i32> -> tile<i1>
    if %first {
      return
    }
    %tok2 = print_tko "block %d did not return\n", %bid : tile<i32> -> token
    return
  }
}

// OUT: block 0: for 20 loop 10 once 10
// OUT-NEXT: block 1: for 25 loop 10 once 11
// OUT-NEXT: block 1 did not return
// OUT-NEXT: block 2: for 30 loop 11 once 12
// OUT-NEXT: block 2 did not return
// OUT-NEXT: block 3: for 35 loop 11 once 13
// OUT-NEXT: block 3 did not return
