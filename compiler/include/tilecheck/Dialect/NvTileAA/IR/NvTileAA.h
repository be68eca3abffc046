//===- NvTileAA.h - nv_tileaa dialect -------------------------------------===//
//
// Single include for users of the nv_tileaa dialect: dialect, enums,
// attributes, types and ops (compiler/docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAA_IR_NVTILEAA_H
#define TILECHECK_DIALECT_NVTILEAA_IR_NVTILEAA_H

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/Mirror/MirrorAsm.h"
#include "tilecheck/Dialect/Mirror/MirrorSupport.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAADialect.h.inc"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAATypes.h.inc"

#define GET_OP_CLASSES
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAOps.h.inc"

namespace tilecheck::nv_tileaa {
/// Name of the unit attribute that marks kernels.
inline constexpr llvm::StringLiteral kKernelAttrName = "nv_tileaa.kernel";
/// Name of the kernel-spec attribute ConvertTileAAToTileAS attaches.
inline constexpr llvm::StringLiteral kKernelSpecAttrName =
    "nv_tileaa.kernel_spec";
} // namespace tilecheck::nv_tileaa

#endif // TILECHECK_DIALECT_NVTILEAA_IR_NVTILEAA_H
