// tile-run on a kernel whose tile blocks run agents: a producer agent
// (nv_tileaa.execute) feeds the block through a two-slot queue. The result
// does not depend on the interleaving (--agent-seed).

// RUN: tile-run %s --entry k --grid 2 | FileCheck %s
// RUN: tile-run %s --entry k --grid 2 --agent-seed 7 | FileCheck %s
// RUN: tile-run %s --entry k --grid 2 --agent-seed 12345 --block-order 3 | FileCheck %s
// CHECK-DAG: block 0 sum 140
// CHECK-DAG: block 1 sum 148

// A consumer that waits for a value nobody puts is a deadlock: undefined
// behaviour.
// RUN: not tile-run %s --entry stuck --grid 1 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: not tile-run %s --entry stuck --grid 1 --agent-seed 1 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: undefined behaviour: 'nv_tileaa.queue.get': deadlock: no agent of the tile block can proceed: agent 0 (the tile block) is blocked in 'nv_tileaa.queue.get' at {{.*}}; agent 1 (nv_tileaa.execute at {{.*}}) is blocked in 'nv_tileaa.queue.get' at

module {
  // Sum of i*i + x for i in [0, 8), x the block id.
  nv_tileaa.func @k() attributes {nv_tileaa.kernel} {
    %x, %y, %z = "nv_tileaa.get_tile_block_id"() : () -> (i32, i32, i32)
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 2>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c8 = "nv_tileaa.constant"() <{value = dense<8> : tensor<i32>}> : () -> i32
    nv_tileaa.execute {
      "scf.for"(%c0, %c8, %c1) ({
      ^bb0(%i: i32):
        %sq = "nv_tileaa.muli"(%i, %i) : (i32, i32) -> i32
        %v = "nv_tileaa.addi"(%sq, %x) : (i32, i32) -> i32
        nv_tileaa.queue.put %q[%i], %v : !nv_tileaa.queue<i32, 2>, i32
        "scf.yield"() : () -> ()
      }) : (i32, i32, i32) -> ()
      nv_tileaa.execute.yield
    }
    %sum = "scf.for"(%c0, %c8, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %v = nv_tileaa.queue.get %q[%i] : !nv_tileaa.queue<i32, 2>, i32
      %s = "nv_tileaa.addi"(%acc, %v) : (i32, i32) -> i32
      "scf.yield"(%s) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %t = "nv_tileaa.print_tko"(%x, %sum) <{str = "block %d sum %d\n", operandSegmentSizes = array<i32: 2, 0>}> : (i32, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }

  nv_tileaa.func @stuck() attributes {nv_tileaa.kernel} {
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 1>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    nv_tileaa.execute {
      %v = nv_tileaa.queue.get %q[%c1] : !nv_tileaa.queue<i32, 1>, i32
      nv_tileaa.execute.yield
    }
    %w = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<i32, 1>, i32
    nv_tileaa.return
  }
}
