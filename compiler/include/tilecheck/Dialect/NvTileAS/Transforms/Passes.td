//===- Passes.td - nv_tileas passes ------------------------*- tablegen -*-===//
//
// The TileAS scheduling passes (seed 000, "Generate Schedule"; seed 004 for
// the generators). compiler/docs/Scheduling.md describes the library they
// call and the attributes they read and write.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_PASSES_TD
#define TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileASPrepareForScheduling
    : Pass<"tileas-prepare-for-scheduling", "::mlir::ModuleOp"> {
  let summary = "The last TileAS cleanup before schedule generation";
  let description = [{
    Seed 000's six stages in their fixed order; the ones this compiler has
    material for are real, the others are not built (compiler/docs/
    Scheduling.md, "Prepare for scheduling"):

    1. tiled load/store view decomposition: not built (no nv_tileas op
       reshapes a tiled view; a view is always made from its memref).
    2. atom vector-size refinement: the `copy_atom` of every tiled_load and
       tiled_store (family "tiled") gets the widest vector width
       nv_tileas::provenAccessWidth proves for its view, at most the
       target's vector bytes (16 on sm_80 through sm_120) and never wider
       than the witness tileaa-assign-atoms chose. Weakly ordered accesses
       only; others get width 1. The backend moves that many elements per
       access (compiler/docs/Backend.md, "Vector accesses").
    3. slice/fuse marking: not built (no upstream pass discovers hints).
    4. scheduling canonicalizer: every scf.for with a non-negative
       constant lower bound and a constant trip count of 2 to
       `unroll-max-trips` whose body has 2 to `unroll-max-ops` ops (its
       yield included), none with a region or a memory effect, and whose
       unrolled step and bound fit its induction variable, is unrolled
       completely (upstream scf::loopUnrollFull), so the scheduler sees
       straight-line code.
       Loops that touch memory stay: the schedule consumers may pipeline
       them. Shared-memory buffers (alloc_tensor, copy, smem_load: a
       staged layout conversion) do not count as memory here.
    5. memory layout compaction: the `alloc_tensor` buffers of each
       function get new offsets so that buffers whose live ranges do not
       overlap share bytes. A buffer is live from its alloc_tensor to the
       end of the last op of its block that contains a use; buffers in
       different agents of one agent_switch always interfere (agents run
       at once). Largest first, each at the lowest 16-byte aligned offset
       free of the interfering buffers placed before it. A function whose
       buffers reach an op other than copy and smem_load, that still has
       an nv_tileaa.execute, or whose footprint would not shrink, keeps its
       offsets. Pipeline slots are not buffers: the backend gives them an
       area of their own. Sound because every op on these buffers
       conflicts with every other in the schedules' dependence graphs
       (ScheduleIR.cpp, `conflict`): no later pass reorders them.
    6. TMA box-dimension refresh: not built (no TMA op yet).

    Statistics (`-mlir-pass-statistics`): accesses refined, accesses made
    vector, loops unrolled.
  }];
  let options = [
    Option<"unrollMaxTrips", "unroll-max-trips", "unsigned", "4",
           "the largest constant trip count of a tiny loop (0: no unrolling)">,
    Option<"unrollMaxOps", "unroll-max-ops", "unsigned", "16",
           "the most ops a tiny loop's body may have, its yield included">,
  ];
  let statistics = [
    Statistic<"numRefined", "refined-atoms",
              "tiled accesses whose copy_atom width changed">,
    Statistic<"numVector", "vector-atoms",
              "tiled accesses left with a width above 1">,
    Statistic<"numUnrolled", "unrolled-loops", "tiny loops unrolled">,
    Statistic<"numMoved", "moved-buffers",
              "alloc_tensor buffers given a new offset">,
    Statistic<"numBytesSaved", "saved-bytes",
              "shared-memory bytes the compaction saved, over all functions">,
  ];
}

def TileASGenerateSchedule
    : Pass<"tileas-generate-schedule", "::mlir::ModuleOp"> {
  let summary = "Schedules every scf.for body and records the schedule";
  let description = [{
    Reads the compute capability (the kernel spec of the enclosing function,
    else the module's `nv_tileaa.compute_capability`), builds the machine
    model, and for every `scf.for` body builds the dependence graph (SSA
    uses, declared memory effects, iter_args carried to the next
    iteration), reads the `tileas.schedule.constraint.*` attributes, picks a
    generator, schedules, checks the schedule against the graph and the
    model (legalization), and writes it as attributes:
    `tileas.schedule.stage`/`order` on every body op (and `cycle` for
    modulo schedules), `tileas.schedule.generator`/`ii`/`mii` on the loop.

    With `scheduler=serial` every loop gets the serial generator; with any
    other value (unknown values fall back to `cost`) seed 004's selector
    decides per loop. `scheduler=exact` (not seed 004's) adds the exact
    search after the cost-based ladder: an II the ladder gives up on is
    decided by a complete search (`exact-search-budget` placements, 200,000
    unless set), which finds the schedules the ladder misses. Errors: "failed to get compute capability", "failed
    to find a schedule", "failed to legalize schedule" (with the checker's
    findings as notes).

    `trace=FILE` writes the schedules as Chrome tracing JSON (issue time,
    latency, dependences, atoms); tracing never changes a schedule.
  }];
  let options = [
    Option<"scheduler", "scheduler", "std::string", "\"cost\"",
           "serial | cost | exact (unknown values select cost)">,
    Option<"maxConstraintIterations", "max-constraint-iterations", "unsigned",
           "2", "ladders per II (cost): each after the first places the ops "
           "the previous one could not seat first">,
    Option<"rrtSizeThreshold", "rrt-size-threshold", "unsigned", "0",
           "reservation-table rows above which time runs in coarser units "
           "(0: never compress)">,
    Option<"serialThreshold", "serial-threshold", "unsigned", "8",
           "loops with fewer ops get the serial generator (cost)">,
    Option<"maxII", "max-ii", "unsigned", "0",
           "the largest II tried (0: no limit)">,
    Option<"exactSearchBudget", "exact-search-budget", "uint64_t", "0",
           "not seed 004's: after the ladder fails at an II, search that II "
           "exactly with at most this many placements (loops without "
           "constraints; 0: the ladder alone)">,
    Option<"trace", "trace", "std::string", "\"\"",
           "write a Chrome trace of the schedules to this file">,
  ];
}

def TileASPrintSchedule
    : Pass<"tileas-print-schedule", "::mlir::ModuleOp"> {
  let summary = "Prints the schedule of every scheduled loop and checks it";
  let description = [{
    For every `scf.for` carrying `tileas.schedule.generator` (written by
    tileas-generate-schedule or by hand), rebuilds the dependence graph,
    reads the schedule back from the attributes, and prints it in (stage,
    order) order to stdout with the checker's verdict ("valid" or each
    problem), so hand-written schedules can be tested. Then what the
    schedule support bodies make of it: per stage, its ops (node indices)
    by role (`stage 1: load 0; store 2;`), each result read in a later
    stage (`crossing 0#0 stage 0 -> 1..2`: node 0's result 0, defined in
    stage 0, read in stages 1 to 2) and the stage pairs in stage order
    (`pair 0 -> 1: 0->1 2->0 d1`: the edges joining them, with their
    distance when above 0).
  }];
}

def TileASUnspecializedPipeline
    : Pass<"tileas-unspecialized-pipeline", "::mlir::ModuleOp"> {
  let summary = "Software-pipelines scheduled loops (prologue, steady state, "
                "epilogue) in one agent";
  let description = [{
    Seed 001's TileASUnspecializedPipeline: turns the modulo schedule that
    tileas-generate-schedule recorded on an `scf.for` into code. Ops run in
    the stage their schedule gives them (`tileas.schedule.stage`, capped at
    `num-stages - 1`), so the steady-state loop overlaps stage k of
    iteration i with stage k+1 of iteration i-1; the prologue fills the
    pipeline and the epilogue drains it. The expansion is upstream MLIR's
    `scf::pipelineForLoop`; this pass supplies the schedule: the kernel order
    sorts ops by their row in the reservation table (cycle - stage * II),
    later stages first within a row, and every dependence of the body's
    graph (data, memory, iter_args) is checked against that order before
    anything changes.

    Loops are left unchanged when `num-stages` is at most 1, when their
    schedule uses one stage (every serial schedule), when the schedule does
    not pass the checker, or when the trip count is not a constant larger
    than the deepest stage. A loop whose schedule attributes are incomplete
    (an op without a stage: a pass between tileas-generate-schedule and
    this one did not preserve the schedule) is an error, seed 003's rule.
    When the expansion fails the loop stays as it was, with the remark
    "Failed to pipeline loop". A pipelined loop carries
    `tileas.pipeline.num_stages` instead of its schedule; the ops of its
    prologue and epilogue lose their placements. With `remarks`, every
    scheduled loop gets a remark saying what happened to it ("pipelined
    with N stages", "not pipelined: ..."), which scripts/schedule_stats.py
    counts.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", "2",
           "the deepest pipeline (stages); 1 or 0 leaves every loop as is">,
    Option<"remarks", "remarks", "bool", "false",
           "a remark on every scheduled loop: pipelined (with its stages) "
           "or why not">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileASMaterializeSchedule
    : Pass<"tileas-materialize-schedule", "::mlir::ModuleOp"> {
  let summary = "Meterialize the pipeline schedule to generate warp-specialized or unspecialized IR";
  let description = [{
    Seed 001's TileASMaterializeSchedule (the summary above is the seed's
    description string, typo included). It invents no schedule: it reads
    the one tileas-generate-schedule recorded on an `scf.for` and turns its
    stage 0 loads into the producer of async pipelines
    (`nv_tileas.async.pipeline.*`, one pipeline per loaded value, one slot
    per stage), the rest of the body into their consumer.

    - AWS (default, `use-AUS=false`): an `agent_switch` with a producer
      agent (a loop of the loads, each in a `produce_one`) and a consumer
      agent (the loop, reading each loaded value with `consume_one`, and
      everything after it in the function), running concurrently.
    - AUS (`use-AUS=true`): one agent; the producer runs `stages - 1`
      iterations ahead (a prologue loop, then one guarded production per
      steady-state iteration) through the same pipelines.

    The producer is the backward slice, within stage 0, of the stage 0
    loads (read-only or pure ops whose operands come from outside the loop,
    the induction variable or the slice). Pure ops of the slice that the
    consumer needs are recomputed there; only loaded values cross.

    Loops are left as they are (silently, or with a remark under
    `remarks`) when their schedule has one stage, fails the checker, has no
    stage 0 load, a loaded value that cannot cross (not a tensor or scalar),
    a memory dependence between the loads and another op of the loop (a
    store the loads could overtake), an unsigned comparison, or (AWS) when
    the loop is not in its function's top-level block, the function already
    has agents, or the function returns a value computed after the loop.
    An op without placement in a scheduled loop is seed 003's error.

    AWS also evaluates seed 001's dual-SIMT heuristic, (double)stages >
    (totalWork / iters) * 0.6 (totalWork: the body's latencies under the
    target's machine model; iters: the constant trip count, at least 1),
    writes the decision back to `use-dual-simt` and records it on the
    agent_switch as `tileas.dual_simt`; a second compute agent is not
    split out (compiler/docs/Scheduling.md, "Materialization").
  }];
  let options = [
    Option<"useAUS", "use-AUS", "bool", "false",
           "materialize in one agent (AUS) instead of producer and consumer "
           "agents (AWS)">,
    Option<"useDualSimt", "use-dual-simt", "bool", "true",
           "AWS: the dual-SIMT decision (the heuristic overwrites it)">,
    Option<"remarks", "remarks", "bool", "false",
           "a remark on every scheduled loop: materialized (AWS/AUS, "
           "stages, pipelines) or why not">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileASMaterializeConvertLayout
    : Pass<"tileas-materialize-convert-layout", "::mlir::ModuleOp"> {
  let summary = "Decomposes every nv_tileas.convert_layout into a register "
                "copy or shared-memory staging";
  let description = [{
    Seed 001's TileASMaterializeConvertLayout. Every `convert_layout`,
    collected bottom-up, gets the decomposition plans the target's
    catalogue lists for its element type and layouts (compiler/docs/
    Lowering.md, "Materializing layout conversions"), sorted by efficiency
    (stable); the first feasible one is applied and recorded on the op that
    carries the value on (`nv_tileas.atom_plan`):

    - tag 0, direct: the conversion stays one `convert_layout` (the layouts
      share a distribution over the threads) moving 16-byte atoms; feasible
      when `reg2reg-vec-size` is at least 16.
    - tag 0, per element: one element per atom, feasible when
      `reg2reg-vec-size` is at least the element's bytes; the
      `convert_layout` is marked `nv_tileas.root_reg_to_reg_copy_op` and
      the backend moves it element by element in a loop
      (tileas-unroll-register-loops tags that loop for unrolling).
    - tag 1, staging: an `alloc_tensor` (at most 48 KiB; its own 16-byte
      aligned offset after the function's previous buffers, all within the
      block's shared memory, until tileas-prepare-for-scheduling's
      compaction lets the buffers never live at once share bytes), a
      `copy` of the source into it and a `smem_load` at the destination
      layout; numbers only.

    It runs right before tileas-prepare-for-scheduling and
    tileas-generate-schedule, so schedules place the staging ops and the
    specialization passes clone them with the loop.

    Register plans exist between register layouts (reg, mma_a/b/c); a
    conversion from or to smem or tmem has the staging plan only, and tmem
    exists on sm_100 only. Sub-byte floats have no per-element plan and
    cannot be staged unless `reinterpret-to-i8` turns them into bytes
    (`nv_tileas.pack` / `unpack`; byte-sized f8 formats through
    `arith.bitcast`), recorded as `nv_tileas.reinterpret_byte` on the
    reader. When no plan is listed or none is feasible, the op gets
    "failed to query target spec for convert_layout" (seed 001, verbatim)
    and the pass fails once every op was visited.

    Statistics (`-mlir-pass-statistics`, in LLVM builds with statistics;
    Debian's has none, so scripts count the plans in the IR): conversions
    per plan, reinterpreted ones, failures.
  }];
  let options = [
    Option<"reg2regVecSize", "reg2reg-vec-size", "unsigned", "16",
           "cap on a register-to-register copy atom, in bytes">,
    Option<"reinterpretToI8", "reinterpret-to-i8", "bool", "false",
           "reinterpret f8, f6 and f4 tensors as i8 so that staging happens "
           "at byte granularity">,
  ];
  let statistics = [
    Statistic<"numDirect", "direct", "conversions kept as one 16-byte-atom "
              "register copy (tag 0)">,
    Statistic<"numPerElement", "per-element", "conversions moved one element "
              "at a time (tag 0, root_reg_to_reg_copy_op)">,
    Statistic<"numStaged", "staged", "conversions staged through shared "
              "memory (tag 1)">,
    Statistic<"numReinterpreted", "reinterpreted", "conversions done on bytes "
              "(reinterpret-to-i8)">,
    Statistic<"numFailed", "failed", "conversions without a feasible plan">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileASQueueToPipeline
    : Pass<"tileas-queue-to-pipeline", "::mlir::ModuleOp"> {
  let summary = "Rewrites nv_tileaa queues and execute into async pipelines and agent_switch";
  let description = [{
    Seed 001's queue-to-pipeline rewrite (compiler/docs/Lowering.md,
    "Queues to pipelines"):
    - `queue.create : queue<T, D>` becomes
      `async.pipeline.create_pipeline : pipeline<T, D>`;
    - an `execute` directly in a function body becomes an
      `async.pipeline.agent_switch` whose first agent is the execute's
      region and whose second agent is everything after it in the
      function (the rest of the function cannot return values);
    - `queue.put %q[%k], %v` becomes `produce_one` yielding `%v`, and
      `queue.get %q[%k]` a `consume_one` yielding the stage's value, at a
      pipeline iterator;
    - `mark_for_reuse` of queues is dropped (a buffer-assignment hint
      with no effect on values).
    Iterators replace iteration numbers: the iteration of every queue op
    must be a counter of the scf.for whose body holds the op (an iter_arg
    that starts at 0 and is yielded plus 1). Each pipeline the loop uses
    gets a `create_iterator` before the loop and an iterator iter_arg that
    the body yields incremented, so producer and consumer regions carry
    consistent iterators across the loop. Anything else (an iteration that
    is not such a counter, a pipeline used twice in one loop, an execute
    nested in other ops or a second execute in a function) is an error
    naming the op; the queues of a function that failed are left as they
    were.
  }];
}

def TileASMaterializeAsync
    : Pass<"tileas-materialize-async", "::mlir::ModuleOp"> {
  let summary = "Injects async tokens, future waits, producer and consumer handshakes";
  let description = [{
    Seed 001's TileASMaterializeAsync (compiler/docs/Lowering.md,
    "Materializing async handshakes"), on the pipeline regions that
    tileas-queue-to-pipeline and tileas-materialize-schedule leave. Every
    scf.for whose body holds `produce_one` or `consume_one` (an
    async-bearing loop, innermost first) is reissued with a token
    iter-arg seeded by `create_none` (its position recorded as
    `token_iter_idx` on the loop), and each region op becomes its
    handshake:
    - consumer: `consumer_wait`, `consumer_read`, the region's ops,
      `consumer_release`, `async.wait` of the loop's token;
    - producer: `producer_acquire`, the region's ops, `producer_write`,
      `producer_commit`, `async.wait` of the loop's token.
    Each step carries `pipeline_stage` (0 producer, 1 consumer) and each
    write a `producer_kind`: the copy atom family of the load that made
    the value ("tiled", "gather", "tma"), else "sync". After the loop, its
    tensor results go through `async.to_async` and `async.future_wait`
    and the final token through `async.wait`, so the code after it sees
    synchronized values.
    AsyncWaitOpRemoval then drops every `async.wait` that follows another
    wait of the same token in the same block with nothing between them
    using the token. The reconciler checks, over the whole module, that
    every pipeline is written by one kind of producer; otherwise it emits
    seed 001's "there are two `produce-one-like` operations using
    different instructions to generate data into the same pipeline. It's a
    bug of MaterializeAsync Pass." and the pass fails after the walk.
    Loops without pipeline regions are left as they are.
  }];
}

def TileASOptimizePipelineRegion
    : Pass<"tileas-optimize-pipeline-region", "::mlir::ModuleOp"> {
  let summary =
      "Optimize the region scope of tileas.async.pipeline.produce_one/consume_one ops";
  let description = [{
    Seed 001's TileASOptimizePipelineRegion (the summary is the seed's
    description string). Every `produce_one` and `consume_one` region keeps
    the backward slice of its yield's operands (operands of ops nested in a
    slice op count), which stops at exactly three boundaries: a block
    argument, a value defined outside the region, a sibling `produce_one`.
    The ops are collected in source order and visited back to front. The
    region's other ops can only be dead (its values leave through the
    yield alone) and are erased; a region where one of them may touch
    memory is unshrinkable and stays unchanged. No options.

    The driver runs it after the pipeline-specialization pass (and after
    the queued loads' rewrite), before tileas-materialize-async expands the
    regions. Statistics: regions shrunk, ops erased, unshrinkable regions.
  }];
  let statistics = [
    Statistic<"numShrunk", "shrunk-regions", "regions that lost ops">,
    Statistic<"numErased", "erased-ops", "ops erased from regions">,
    Statistic<"numUnshrinkable", "unshrinkable-regions",
              "regions left unchanged: an op outside the slice touches memory">,
  ];
}

def TileASUnrollRegisterLoops
    : Pass<"tileas-unroll-register-loops", "::mlir::ModuleOp"> {
  let summary = "Unroll loops that access slices of register tensors";
  let description = [{
    Seed 000's TileASUnrollRegisterLoops (the summary is the seed's
    description string). Every op tileas-materialize-convert-layout marked
    `nv_tileas.root_reg_to_reg_copy_op` gets
    `loop_annotation = #llvm.loop_annotation<unroll = <enable>>`; the
    backend puts it on the element-by-element loop it lowers the op to, so
    LLVM's loop unroller unrolls that loop and the per-thread arrays it
    copies through become registers instead of local memory. No options.

    Statistics (in LLVM builds with statistics): ops tagged.
  }];
  let statistics = [
    Statistic<"numTagged", "tagged", "register copy roots tagged">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_PASSES_TD
