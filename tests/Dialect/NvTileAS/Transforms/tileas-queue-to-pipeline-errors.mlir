// RUN: tilec-opt --tileas-queue-to-pipeline --split-input-file --verify-diagnostics %s

#reg = #nv_tileas<layout reg>
nv_tileaa.func @not_a_counter(%v: tensor<4xf32, #reg>, %n: i32) -> tensor<4xf32, #reg> {
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{cannot rewrite the queue op into a pipeline stage: its iteration is not a counter of the loop around it (an iter_arg from 0, plus 1 each iteration)}}
  nv_tileaa.queue.put %q[%c0], %v : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
  // expected-error @+1 {{its iteration is not a counter of the loop around it}}
  %r = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
  nv_tileaa.return %r : tensor<4xf32, #reg>
}

// -----

#reg = #nv_tileas<layout reg>
nv_tileaa.func @counts_by_two(%v: tensor<4xf32, #reg>, %n: i32) {
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    // expected-error @+1 {{its iteration is not a counter of the loop around it}}
    nv_tileaa.queue.put %q[%k], %v : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
    // expected-error @+1 {{its iteration is not a counter of the loop around it}}
    %r = nv_tileaa.queue.get %q[%k] : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
    %next = arith.addi %k, %c2 : i32
    scf.yield %next : i32
  }
  nv_tileaa.return
}

// -----

#reg = #nv_tileas<layout reg>
nv_tileaa.func @twice(%v: tensor<4xf32, #reg>, %n: i32) {
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    nv_tileaa.queue.put %q[%k], %v : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
    // expected-error @+1 {{cannot rewrite the queue op into a pipeline stage: the loop already uses this queue}}
    %r = nv_tileaa.queue.get %q[%k] : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  nv_tileaa.return
}

// -----

#reg = #nv_tileas<layout reg>
nv_tileaa.func @nested(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{cannot rewrite execute into agent_switch: it is not directly in the function body}}
    nv_tileaa.execute {
      nv_tileaa.execute.yield
    }
  }
  nv_tileaa.return
}

// -----

#reg = #nv_tileas<layout reg>
nv_tileaa.func @returns_after(%v: tensor<4xf32, #reg>) -> tensor<4xf32, #reg> {
  // expected-error @+1 {{cannot rewrite execute into agent_switch: the function returns a value computed after it}}
  nv_tileaa.execute {
    nv_tileaa.execute.yield
  }
  %w = arith.addf %v, %v : tensor<4xf32, #reg>
  nv_tileaa.return %w : tensor<4xf32, #reg>
}

// -----

#reg = #nv_tileas<layout reg>
nv_tileaa.func @queue_argument(%q: !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, %v: tensor<4xf32, #reg>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    // expected-error @+1 {{cannot rewrite the queue op into a pipeline stage: its queue is not created in this function}}
    nv_tileaa.queue.put %q[%k], %v : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  nv_tileaa.return
}

// -----

#reg = #nv_tileas<layout reg>
nv_tileaa.func @created_after_the_agent(%v: tensor<4xf32, #reg>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  nv_tileaa.execute {
    nv_tileaa.execute.yield
  }
  // expected-error @+1 {{cannot rewrite the queue into a pipeline: it is not created in the function body before the agents}}
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    nv_tileaa.queue.put %q[%k], %v : !nv_tileaa.queue<tensor<4xf32, #reg>, 2>, i32
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @two_agents() {
  nv_tileaa.execute {
    nv_tileaa.execute.yield
  }
  // expected-error @+1 {{cannot rewrite execute into agent_switch: the function already starts an agent}}
  nv_tileaa.execute {
    nv_tileaa.execute.yield
  }
  nv_tileaa.return
}
