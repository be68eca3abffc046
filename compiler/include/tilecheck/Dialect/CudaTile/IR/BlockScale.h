//===- BlockScale.h - The operand rules of block-scaled MMA -----*- C++ -*-===//
//
// One definition of what block-scaled MMA accepts beyond the lhs/rhs/acc
// shapes, shared by cuda_tile.mmaf_scaled and seed 001's block-scaled MMA
// verifier on nv_tileaa.mma_block_scale and nv_tileas.block_scaled_mma.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_CUDATILE_IR_BLOCKSCALE_H
#define TILECHECK_DIALECT_CUDATILE_IR_BLOCKSCALE_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace tilecheck::cuda_tile {

/// Checks, for lhs (MxK or BxMxK), rhs (KxN), lhs_scale (MxS) and rhs_scale
/// (SxN) of one rank: the scale shapes against the operands'; one scale
/// element type for both; the scale type against the operand type
/// (f8E4M3FN scales: f4E2M1FN operands; f8E8M0FNU: f8E4M3FN, f8E5M2 or
/// f4E2M1FN); S divides K; and the block K / S the combination supports
/// (f8: 32; f4E2M1FN: 16 with f8E4M3FN scales, 16 or 32 with f8E8M0FNU).
/// `emitError` starts the diagnostic of the first violation.
mlir::LogicalResult verifyBlockScaledOperands(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError, mlir::Type elem,
    mlir::Type lhsScaleElem, mlir::Type rhsScaleElem,
    llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs,
    llvm::ArrayRef<int64_t> lhsScale, llvm::ArrayRef<int64_t> rhsScale);

} // namespace tilecheck::cuda_tile

#endif // TILECHECK_DIALECT_CUDATILE_IR_BLOCKSCALE_H
