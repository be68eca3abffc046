//===- Upstream.h - Shared helpers of the arith and math semantics --------===//
//
// Internal to oracle/lib/Interpreter/Upstream: semantics of the upstream MLIR
// `arith` and `math` ops, which ConvertTileAAToTileAS emits in nv_tileas
// programs where they mean exactly what the cuda_tile op meant, and of the
// `scf` ops that carry control flow below cuda_tile. They act on
// builtin tensors and bare scalars and reuse the cuda_tile kernels
// (CudaTile/NumericUtil.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_UPSTREAM_UPSTREAM_H
#define TILECHECK_ORACLE_UPSTREAM_UPSTREAM_H

#include "../CudaTile/NumericUtil.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tilecheck::oracle::upstream_sem {

void registerArithSemantics(SemanticsRegistry &r);
void registerMathSemantics(SemanticsRegistry &r);
void registerScfSemantics(SemanticsRegistry &r);

/// The `fastmath` flags nnan and ninf turn a NaN or infinite operand or
/// result into poison: reported as undefined behaviour once the op has
/// computed its results. The other flags (reassoc, nsz, arcp, contract,
/// afn) only license other results; the interpreter keeps the exact one.
mlir::LogicalResult checkFastMath(ExecContext &ctx, mlir::Operation *op);

/// Runs F, then checks the fastmath promises of the op.
template <OpSemanticsFn F>
mlir::LogicalResult withFastMath(ExecContext &ctx, mlir::Operation *op) {
  if (mlir::failed(F(ctx, op)))
    return mlir::failure();
  return checkFastMath(ctx, op);
}

/// Registers `fn` for the op class OpT, as for cuda_tile.
using cuda_tile_sem::add;

} // namespace tilecheck::oracle::upstream_sem

#endif // TILECHECK_ORACLE_UPSTREAM_UPSTREAM_H
