//===- SymbolRename.h - rename symbols together with their debug info -----===//

#ifndef TILECHECK_DIALECT_CUDATILE_TRANSFORMS_SYMBOLRENAME_H
#define TILECHECK_DIALECT_CUDATILE_TRANSFORMS_SYMBOLRENAME_H

#include "mlir/IR/SymbolTable.h"

namespace tilecheck::cuda_tile {

/// Renames `symbol` to `newName`. When the symbol's location is a di_loc in
/// a di_subprogram, every reference to that subprogram inside `scope`
/// (attributes and locations) is replaced by a copy with the new linkage
/// name. `scope` must enclose `symbol` (unless the symbol has no parent);
/// otherwise an error is emitted and nothing changes. With `symbolTable`,
/// uses of the symbol are renamed too.
llvm::LogicalResult renameSymbolAndDebugScope(mlir::SymbolOpInterface symbol,
                                              mlir::StringAttr newName,
                                              mlir::Operation *scope,
                                              mlir::SymbolTable *symbolTable);

} // namespace tilecheck::cuda_tile

#endif // TILECHECK_DIALECT_CUDATILE_TRANSFORMS_SYMBOLRENAME_H
