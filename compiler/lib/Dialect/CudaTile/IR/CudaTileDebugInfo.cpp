//===- CudaTileDebugInfo.cpp - debug info scopes and their rules ----------===//
//
// Class membership of the abstract debug info attributes, and the verifier
// rules relating op locations to function scopes:
//   1. a function location with a scope must use a di_subprogram;
//   2. that subprogram's linkage name must be the function's symbol name;
//   3. ops may only carry a scope when their function has one;
//   4. an op's scope must lead to the function's subprogram;
//   5. module-level ops other than functions carry no scope.
// A scope is found through name, fused, call-site (caller) and opaque
// locations wrapped around a di_loc.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

bool DINodeAttr::classof(Attribute attr) {
  return isa<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
             DILexicalBlockAttr>(attr);
}

bool DIScopeAttr::classof(Attribute attr) {
  return isa<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
             DILexicalBlockAttr>(attr);
}

bool DILocalScopeAttr::classof(Attribute attr) {
  return isa<DISubprogramAttr, DILexicalBlockAttr>(attr);
}

/// The di_loc inside `loc`, looking through wrapper locations; a fused
/// location yields its first di_loc, a call site its caller's.
static DILocAttr findDILoc(LocationAttr loc) {
  return TypeSwitch<LocationAttr, DILocAttr>(loc)
      .Case([](DILocAttr di) { return di; })
      .Case([](NameLoc name) { return findDILoc(name.getChildLoc()); })
      .Case([](CallSiteLoc site) { return findDILoc(site.getCaller()); })
      .Case([](OpaqueLoc opaque) {
        return findDILoc(opaque.getFallbackLocation());
      })
      .Case([](FusedLoc fused) {
        for (Location part : fused.getLocations())
          if (DILocAttr di = findDILoc(part))
            return di;
        return DILocAttr();
      })
      .Default([](LocationAttr) { return DILocAttr(); });
}

/// The subprogram a local scope belongs to (null if the chain of lexical
/// blocks ends elsewhere).
static DISubprogramAttr enclosingSubprogram(Attribute scope) {
  while (auto block = dyn_cast_or_null<DILexicalBlockAttr>(scope))
    scope = block.getScope();
  return dyn_cast_or_null<DISubprogramAttr>(scope);
}

static DISubprogramAttr subprogramOf(Location loc) {
  DILocAttr di = findDILoc(loc);
  return di ? enclosingSubprogram(di.getScope()) : DISubprogramAttr();
}

LogicalResult
tilecheck::cuda_tile::verifyFunctionDebugScope(FunctionOpInterface fn) {
  DILocAttr di = findDILoc(fn.getLoc());
  if (!di)
    return success();
  auto subprogram = dyn_cast<DISubprogramAttr>(di.getScope());
  if (!subprogram)
    return fn.emitOpError()
           << "invalid function debug info scope: " << di.getScope()
           << ". Function location must have cuda_tile.di_subprogram debug "
              "info scope.";
  if (subprogram.getLinkageName().getValue() != fn.getName())
    return fn.emitOpError()
           << "invalid function debug info scope: " << subprogram
           << ". Function name \"" << fn.getName()
           << "\" does not match subprogram scope linkage name "
           << subprogram.getLinkageName() << ".";
  return success();
}

LogicalResult
tilecheck::cuda_tile::verifyFunctionBodyDebugScopes(FunctionOpInterface fn) {
  DISubprogramAttr fnScope = subprogramOf(fn.getLoc());
  Operation *fnOp = fn.getOperation();
  WalkResult walk = fnOp->walk([&](Operation *op) {
    if (op == fnOp)
      return WalkResult::advance();
    DISubprogramAttr opScope = subprogramOf(op->getLoc());
    if (!opScope || opScope == fnScope)
      return WalkResult::advance();
    if (!fnScope)
      op->emitOpError() << "invalid operation debug info scope: " << opScope
                        << ". Operation has debug info scope, but function "
                           "debug info scope is undefined.";
    else
      op->emitOpError() << "invalid operation debug info scope: " << opScope
                        << ". Operation debug info scope does not match "
                           "function debug info scope: "
                        << fnScope << ".";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult tilecheck::cuda_tile::verifyModuleDebugScopes(ModuleOp module) {
  for (Operation &op : *module.getBodyBlock()) {
    if (isa<FunctionOpInterface>(op))
      continue;
    if (DILocAttr di = findDILoc(op.getLoc()))
      return op.emitOpError() << "invalid operation debug info scope: " << di
                              << ". Global variables must not have scope.";
  }
  return success();
}
