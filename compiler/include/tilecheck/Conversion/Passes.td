//===- Passes.td - conversions between tilecheck's dialects -*- tablegen -*-===//
//
// cuda_tile -> nv_tileaa -> nv_tileas (compiler/docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CONVERSION_PASSES_TD
#define TILECHECK_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def CudaTileLowerEarlyExits
    : Pass<"cuda-tile-lower-early-exits", "::mlir::ModuleOp"> {
  let summary = "Rewrites continue/break/return nested in `if` into flags";
  let description = [{
    Every `if` that contains an early exit of its loop or function gets a
    leading `kind : tile<i32>` result (0 fall through, 1 continue, 2 break,
    3 return) and the exit payloads; the ops after it move into
    `if kind == 0`. A scope body then leaves only through its terminator:
    `continue` ends a `for`, `return` a function, and every `loop` body
    ends in the canonical `if %b { break ... }` + `continue ...` that
    convert-cuda-tile-to-tileaa maps to one scf.while. Payloads of exits a
    path does not take are zeros. Bodies without nested exits are unchanged
    (but for the canonical loop ending).
  }];
}

def ConvertCudaTileToTileAA
    : Pass<"convert-cuda-tile-to-tileaa", "::mlir::ModuleOp"> {
  let summary = "Lowers every cuda_tile op to nv_tileaa";
  let description = [{
    Tiles become builtin tensors (rank-0 tiles scalars), pointers
    `!nv_tileaa.ptr<E, 1>`, tokens `!nv_tileaa.mem_token`, tensor views
    memrefs and the three tiled views one `!nv_tileaa.tiled_view`. Each
    `cuda_tile.module` is dissolved into the enclosing builtin module (which
    takes its name), each `entry` becomes an `nv_tileaa.func` marked
    `nv_tileaa.kernel`. Mirrored ops keep their attributes; memory ordering
    and scope are re-keyed into nv_tileaa's enums. Structured control flow
    becomes upstream scf (if, for, while) after lowering early exits as
    cuda-tile-lower-early-exits does. A full conversion: any cuda_tile op
    left is an error.
  }];
  let dependentDialects = ["::tilecheck::nv_tileaa::NvTileAADialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileAAAssignAtoms : Pass<"tileaa-assign-atoms", "::mlir::ModuleOp"> {
  let summary = "Chooses copy and reduce witnesses for nv_tileaa ops";
  let description = [{
    The layout-assignment pre-pass of seed 002: memory ops (tiled and
    pointer loads, stores and atomics) get a `copy_atom`
    (`#nv_tileaa.copy_atom<family, vector width>`), reduce and scan a
    `reduce_atom`. The family follows the access (tiled views: "tiled";
    pointers: "gather"; atomics: "atomic"; reduce/scan: "warp_shfl_xor"
    along the innermost dimension, "smem_tree" otherwise); the vector width
    is the widest power of two of at most 16 bytes dividing the contiguous
    extent. Witnesses already present are kept. ConvertTileAAToTileAS
    carries them verbatim.
  }];
  let dependentDialects = ["::tilecheck::nv_tileaa::NvTileAADialect"];
}

def TileAAQueueLoads : Pass<"tileaa-queue-loads", "::mlir::ModuleOp"> {
  let summary = "Moves a kernel loop's loads into a producer agent that feeds them through queues";
  let description = [{
    The producer side of warp specialization at the nv_tileaa level
    (compiler/docs/Lowering.md, "Queued loads"): in each kernel, the first
    scf.for directly in the function body whose body writes no memory gets
    its loads (ops that only read memory, with a tensor result and no used
    token result) moved into an `nv_tileaa.execute` agent placed before
    the loop. The agent runs the same iterations and puts the value of
    iteration k into `queue.put %q[k]` (one queue of `depth` slots per
    load); the loop takes it with `queue.get %q[k]`, k an iteration counter
    the loop carries from 0. A load qualifies when everything it depends on
    inside the loop is the induction variable or memory-effect-free ops
    directly in the body (those are cloned into the agent). Loops that
    write memory, or whose loads depend on loop-carried values, are left
    alone: the agent reads ahead of the loop, which is only the same
    program when nothing in the loop writes what it reads.
  }];
  let options = [
    Option<"depth", "depth", "unsigned", "2",
           "Slots per queue: how many iterations the producer may run ahead (1..8)">,
  ];
  let dependentDialects = ["::tilecheck::nv_tileaa::NvTileAADialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def ConvertTileAAToTileAS
    : Pass<"convert-tileaa-to-tileas", "::mlir::ModuleOp"> {
  let summary = "Lowers nv_tileaa to nv_tileas (seed 002)";
  let description = [{
    One partial conversion. Populators in the fixed order arith (mirrors to
    upstream arith where exactly equivalent), math (to upstream math where
    exactly equivalent), core (everything else to nv_tileas); nv_tileaa.func,
    nv_tileaa.return and nv_tileaa.mark_for_reuse stay legal. Before any
    pattern runs, every kernel gets `nv_tileaa.kernel_spec` with the compute
    capability of `compute-capability`. Witness attributes are carried
    verbatim, mem_semantic/mem_scope re-keyed with the same discriminant,
    dot gets an MMA atom chosen by compute capability, and
    mma_block_scale becomes block_scaled_mma only from sm_100 on.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "std::string",
           "\"sm_80\"", "Target, e.g. sm_90 (major * 10 + minor)">,
    Option<"numWarps", "num-warps", "unsigned", "4",
           "Warps per tile block recorded in the kernel spec">,
  ];
  let dependentDialects = ["::tilecheck::nv_tileas::NvTileASDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def ConvertTileASToLLVM : Pass<"convert-tileas-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Distributes nv_tileas tensors over a tile block's threads; kernels become llvm.func";
  let description = [{
    The first half of the backend (compiler/docs/Backend.md). A tile block
    runs 32 * numWarps threads (the kernel spec); every tensor becomes the
    scalars one thread holds of it under the thread map (slot s of thread
    t holds linear element (s * T + t) mod n). Element-wise arith, math and
    nv_tileas ops run once per slot; reshape and convert_layout are free;
    broadcast, permute, extract, cat, reduce, scan, dot and dot_int go
    through a dynamic shared-memory scratch buffer (`@__tilec_smem`, its
    size in the module attribute `tilec.dynamic_shared_memory`). Tiled
    loads and stores compute each element's address and bounds from the
    memref's sizes and strides (masked, padded); every memory op is
    fenced by block barriers. Kernels become `llvm.func` with
    `nvvm.kernel` and `nvvm.maxntid`; scalar arith, math and scf are left
    for tilec-finalize-llvm. An op with no lowering yet is an error that
    names it: "the LLVM backend does not lower '<op>' yet".
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
}

def TilecFinalizeLLVM : Pass<"tilec-finalize-llvm", "::mlir::ModuleOp"> {
  let summary = "Lowers the scalar scf, arith, math and cf left by convert-tileas-to-llvm to LLVM";
  let description = [{
    scf to cf, then one full conversion to the LLVM dialect with upstream
    patterns (arith, math, cf; ceil/floor division expanded). Math
    functions without an exact NVPTX instruction (exp, exp2, log, log2,
    pow, the trigonometric and hyperbolic functions, atan2) become calls
    of libdevice's `__nv_*` functions, which the PTX emitter links from
    the CUDA toolkit; f16 and bf16 arguments go through f32.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // TILECHECK_CONVERSION_PASSES_TD
