// tile-run --interleavings N runs the program once per interleaving of each
// tile block's agents, one block at a time (depth first over the choices at
// every point where more than one of its agents can proceed, at most N runs
// per block; the other blocks take the default schedule), and requires the same
// buffers and printed output from every one; the first that fails is
// reported.
//
// The producer/consumer kernel of tile-run-agents.mlir computes the same
// sums under the first 200 interleavings of each of its two tile blocks
// (there are many more).
// RUN: tile-run %S/tile-run-agents.mlir --entry k --grid 2 --interleavings 200 2>%t.err | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=SOME < %t.err
// SAME-DAG: block 0 sum 140
// SAME-DAG: block 1 sum 148
// SOME: tile-run: 400 interleavings over 2 tile blocks (stopped at --interleavings runs per block; more exist) gave the same result
//
// @small passes two values through a one-slot queue: few enough
// interleavings to visit them all.
// RUN: tile-run %s --entry small --grid 1 --interleavings 1000 2>%t.small | FileCheck %s --check-prefix=SMALL
// RUN: FileCheck %s --check-prefix=ALL < %t.small
// SMALL: sum 7
// ALL: tile-run: 3 interleavings over 1 tile block (all of them) gave the same result
// With two tile blocks they are explored one after the other, 3 + 3 runs
// (not 3 x 3).
// RUN: tile-run %s --entry small --grid 2 --interleavings 1000 2>&1 >/dev/null | FileCheck %s --check-prefix=TWOBLOCKS
// TWOBLOCKS: tile-run: 6 interleavings over 2 tile blocks (all of them) gave the same result
//
// A limit below their number stops early and says so.
// RUN: tile-run %S/tile-run-agents.mlir --entry k --grid 2 --interleavings 3 2>&1 >/dev/null | FileCheck %s --check-prefix=LIMIT
// LIMIT: tile-run: 6 interleavings over 2 tile blocks (stopped at --interleavings runs per block; more exist) gave the same result
//
// Undefined behaviour in one interleaving (here a deadlock, in the first)
// is the program's: reported with the interleaving's number, exit 3.
// RUN: not tile-run %S/tile-run-agents.mlir --entry stuck --grid 1 --interleavings 50 2>&1 | FileCheck %s --check-prefix=STUCK
// STUCK: tile-run: interleaving 1: {{.*}}undefined behaviour: 'nv_tileaa.queue.get': deadlock
//
// Two agents that print without synchronizing: the order of the lines
// depends on the interleaving, which is undefined behaviour here.
// RUN: not tile-run %s --entry racy --grid 1 --interleavings 10 2>&1 | FileCheck %s --check-prefix=RACY
// RACY: tile-run: undefined behaviour: the result depends on the interleaving of agents: interleaving 2 (tile block 0) differs from the first: it prints different output

module {
  nv_tileaa.func @small() attributes {nv_tileaa.kernel} {
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 1>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c3 = "nv_tileaa.constant"() <{value = dense<3> : tensor<i32>}> : () -> i32
    %c4 = "nv_tileaa.constant"() <{value = dense<4> : tensor<i32>}> : () -> i32
    nv_tileaa.execute {
      nv_tileaa.queue.put %q[%c0], %c3 : !nv_tileaa.queue<i32, 1>, i32
      nv_tileaa.queue.put %q[%c1], %c4 : !nv_tileaa.queue<i32, 1>, i32
      nv_tileaa.execute.yield
    }
    %a = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<i32, 1>, i32
    %b = nv_tileaa.queue.get %q[%c1] : !nv_tileaa.queue<i32, 1>, i32
    %s = "nv_tileaa.addi"(%a, %b) : (i32, i32) -> i32
    %t = "nv_tileaa.print_tko"(%s) <{str = "sum %d\n", operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @racy() attributes {nv_tileaa.kernel} {
    nv_tileaa.execute {
      %t = "nv_tileaa.print_tko"() <{str = "agent\n", operandSegmentSizes = array<i32: 0, 0>}> : () -> !nv_tileaa.mem_token
      nv_tileaa.execute.yield
    }
    %t = "nv_tileaa.print_tko"() <{str = "block\n", operandSegmentSizes = array<i32: 0, 0>}> : () -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

// --interleavings replaces the seeded schedule and needs the interpreter.
// RUN: not tile-run %s --entry small --grid 1 --interleavings 5 --agent-seed 1 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not tile-run - --entry small --grid 1 --interleavings 5 < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// USAGE: tile-run: --interleavings explores the interpreter's agent schedules; it takes neither --agent-seed nor --executor
// STDIN: tile-run: --interleavings runs the program many times and needs a file, not standard input
