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

#endif // TILECHECK_CONVERSION_PASSES_TD
