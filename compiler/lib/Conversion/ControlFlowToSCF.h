//===- ControlFlowToSCF.h - cuda_tile control flow to scf -------*- C++ -*-===//
//
// Internal to compiler/lib/Conversion: the patterns of
// convert-cuda-tile-to-tileaa that map cuda_tile's structured control flow
// to upstream scf, and the early-exit lowering they rely on.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_LIB_CONVERSION_CONTROLFLOWTOSCF_H
#define TILECHECK_LIB_CONVERSION_CONTROLFLOWTOSCF_H

#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck::conversion {

/// if/yield, for/continue and canonical loop bodies to scf.if, scf.for and
/// scf.while (run lowerEarlyExits first).
void populateControlFlowToSCFPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// cuda-tile-lower-early-exits on every loop and function under `root`.
mlir::LogicalResult lowerEarlyExits(mlir::Operation *root);

} // namespace tilecheck::conversion

#endif // TILECHECK_LIB_CONVERSION_CONTROLFLOWTOSCF_H
