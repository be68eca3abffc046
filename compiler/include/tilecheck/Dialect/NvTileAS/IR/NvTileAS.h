//===- NvTileAS.h - nv_tileas dialect -------------------------------------===//
//
// Single include for users of the nv_tileas dialect. Its types are
// nv_tileaa's (compiler/docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H
#define TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"

#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilecheck/Dialect/NvTileAS/IR/NvTileASDialect.h.inc"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASTypes.h.inc"

namespace tilecheck::nv_tileas {
/// The memory of alloc_tensor's buffers, which no op but alloc_tensor,
/// copy and smem_load reaches (their effects' resource).
struct SharedMemoryResource
    : mlir::SideEffects::Resource::Base<SharedMemoryResource> {
  llvm::StringRef getName() final { return "<nv_tileas buffers>"; }
};
} // namespace tilecheck::nv_tileas

#define GET_OP_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASOps.h.inc"

namespace tilecheck::nv_tileas {
/// Shared memory one tile block may use (bytes); alloc_tensor must fit.
inline constexpr int64_t kSharedMemoryBytes = 232448;

/// Bytes one element of a tile takes in memory and in a register, as the
/// interpreter and the backend hold it: tf32 as its f32 pattern (4),
/// sub-byte and i1 elements a byte each, pointers 8.
int64_t storageBytes(mlir::Type elem);

//===----------------------------------------------------------------------===//
// Layouts (compiler/docs/Lowering.md, "Layouts"; Layouts.cpp)
//===----------------------------------------------------------------------===//

/// Unit attribute layout assignment puts on an nv_tileaa.func: every tensor
/// in its body has a layout, and the verifier checks the layout rules there.
inline constexpr llvm::StringLiteral kLayoutsAttrName = "nv_tileas.layouts";

/// Layout conversions materialized by tileas-materialize-convert-layout
/// (compiler/docs/Lowering.md, "Materializing layout conversions"): the
/// chosen plan (an AtomPlanAttr) on the op that carries the value on, the
/// per-element register copy root that tileas-unroll-register-loops tags,
/// and the reader of a conversion done on bytes.
inline constexpr llvm::StringLiteral kAtomPlanAttrName = "nv_tileas.atom_plan";
inline constexpr llvm::StringLiteral kRootRegToRegCopyAttrName =
    "nv_tileas.root_reg_to_reg_copy_op";
inline constexpr llvm::StringLiteral kReinterpretByteAttrName =
    "nv_tileas.reinterpret_byte";
/// Seed 001's hand-off attribute (i32) on pipeline regions and steps: the
/// pipeline stage a producer or consumer belongs to (written by
/// tileas-materialize-schedule, carried or written by
/// tileas-materialize-async).
inline constexpr llvm::StringLiteral kPipelineStageAttrName = "pipeline_stage";
/// The LLVM loop annotation tileas-unroll-register-loops puts on a
/// per-element copy root (seed 000's key), for the loop the backend makes.
inline constexpr llvm::StringLiteral kLoopAnnotationAttrName =
    "loop_annotation";
/// The plan tags (seed 001's AtomPlan::tag).
inline constexpr unsigned kRegToRegPlan = 0;
inline constexpr unsigned kSmemStagingPlan = 1;

/// The layout of a tensor type (its encoding); null for other types and
/// tensors without one.
LayoutKindAttr getLayout(mlir::Type type);

/// `type` with layout `kind` as its encoding.
mlir::RankedTensorType withLayout(mlir::RankedTensorType type, LayoutKind kind);

/// mma_a, mma_b and mma_c.
bool isFragmentLayout(LayoutKind kind);

/// The layout an MMA op's operand (or, for nullopt, its result) must be in:
/// lhs mma_a, rhs mma_b, accumulator and result mma_c, block-scale tiles
/// reg, for rank-2 products. nullopt for every other op and operand, which
/// share one layout with the op's other tensors.
std::optional<LayoutKind> requiredLayout(mlir::Operation *op,
                                         std::optional<unsigned> operand);

/// The layout rules on every op nested in `root`: each tensor (block
/// arguments included) has a layout; an op's tensor operands and results
/// share one layout, except convert_layout, what requiredLayout fixes, and
/// terminators and region-branching ops (scf), which forward each value to
/// a result or block argument of its own type.
mlir::LogicalResult verifyLayouts(mlir::Operation *root);

//===----------------------------------------------------------------------===//
// Access widths (compiler/docs/Backend.md, "Vector accesses"; AccessWidth.cpp)
//===----------------------------------------------------------------------===//

/// Bytes the address `ptr` (a scalar !nv_tileaa.ptr) is known to be a
/// multiple of: the largest divisor of the nv_tileas.assume div_by ops it
/// passes through, at least the pointee's size (1 for other values).
uint64_t knownPointerAlignment(mlir::Value ptr);

/// The widest vector, in elements, that a tiled_load or tiled_store of
/// `view` may move per access, at most `maxBytes` wide: the largest power of
/// two w such that every w consecutive elements of a tile's row-major order
/// that start at a multiple of w lie next to each other in memory (the
/// tile's last dimension has stride 1), start at an address that is a
/// multiple of w elements, and are in bounds all together or not at all.
/// Proven from the view's type (static shape and strides) and the memref's
/// base pointer (knownPointerAlignment); 1 when nothing is proven (gather/
/// scatter views, dynamic sizes or strides, i1 and narrow float elements, a
/// view that does not come from nv_tileas.view of nv_tileas.make_memref).
unsigned provenAccessWidth(mlir::Value view, unsigned maxBytes = 16);
} // namespace tilecheck::nv_tileas

#endif // TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H
