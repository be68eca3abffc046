//===- SymbolRename.cpp - rename symbols together with their debug info ---===//

#include "tilecheck/Dialect/CudaTile/Transforms/SymbolRename.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/AttrTypeSubElements.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

LogicalResult tilecheck::cuda_tile::renameSymbolAndDebugScope(
    SymbolOpInterface symbol, StringAttr newName, Operation *scope,
    SymbolTable *symbolTable) {
  if (symbol->getParentOp() && !scope->isAncestor(symbol)) {
    InFlightDiagnostic diag = symbol.emitError()
                              << "attempted to update symbol names in a scope "
                                 "that did not enclose the symbol itself";
    diag.attachNote(scope->getLoc()) << "scope defined here";
    return diag;
  }
  // SymbolTable::rename updates the uses and the symbol itself.
  if (symbolTable && failed(symbolTable->rename(symbol, newName)))
    return failure();
  symbol.setName(newName);

  auto di = dyn_cast<DILocAttr>(symbol->getLoc());
  auto oldScope = di ? dyn_cast<DISubprogramAttr>(di.getScope())
                     : DISubprogramAttr();
  if (!oldScope)
    return success();
  DISubprogramAttr newScope = oldScope.withLinkageName(newName);
  // Lexical blocks and di_locs nest the subprogram, so replace it wherever
  // it occurs, locations included.
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](DISubprogramAttr attr) -> DISubprogramAttr {
    return attr == oldScope ? newScope : attr;
  });
  replacer.recursivelyReplaceElementsIn(scope, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/true);
  return success();
}
