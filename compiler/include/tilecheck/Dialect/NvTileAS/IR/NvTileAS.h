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

#include "tilecheck/Dialect/NvTileAS/IR/NvTileASDialect.h.inc"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASTypes.h.inc"

#define GET_OP_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASOps.h.inc"

namespace tilecheck::nv_tileas {
/// Shared memory one tile block may use (bytes); alloc_tensor must fit.
inline constexpr int64_t kSharedMemoryBytes = 232448;

//===----------------------------------------------------------------------===//
// Layouts (compiler/docs/Lowering.md, "Layouts"; Layouts.cpp)
//===----------------------------------------------------------------------===//

/// Unit attribute layout assignment puts on an nv_tileaa.func: every tensor
/// in its body has a layout, and the verifier checks the layout rules there.
inline constexpr llvm::StringLiteral kLayoutsAttrName = "nv_tileas.layouts";

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
} // namespace tilecheck::nv_tileas

#endif // TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H
