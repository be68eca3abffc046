//===- NvTileAS.h - nv_tileas dialect -------------------------------------===//
//
// Single include for users of the nv_tileas dialect. Its types are
// nv_tileaa's (compiler/docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H
#define TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"

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
} // namespace tilecheck::nv_tileas

#endif // TILECHECK_DIALECT_NVTILEAS_IR_NVTILEAS_H
