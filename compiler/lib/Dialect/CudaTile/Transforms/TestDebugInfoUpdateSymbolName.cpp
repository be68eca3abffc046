//===- TestDebugInfoUpdateSymbolName.cpp - test pass for symbol renaming --===//
//
// `--test-debuginfo-update-symbol-name`: drives renameSymbolAndDebugScope
// from lit tests.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/Transforms/Passes.h"
#include "tilecheck/Dialect/CudaTile/Transforms/SymbolRename.h"

#include "mlir/IR/SymbolTable.h"

namespace tilecheck::cuda_tile {
#define GEN_PASS_DEF_TESTDEBUGINFOUPDATESYMBOLNAME
#include "tilecheck/Dialect/CudaTile/Transforms/Passes.h.inc"
} // namespace tilecheck::cuda_tile

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace {

/// `outer::middle::inner` as a nested symbol reference.
SymbolRefAttr parseNestedReference(MLIRContext *ctx, StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, "::");
  SmallVector<FlatSymbolRefAttr> nested;
  for (StringRef part : llvm::drop_begin(parts))
    nested.push_back(FlatSymbolRefAttr::get(ctx, part));
  return SymbolRefAttr::get(ctx, parts.front(), nested);
}

struct TestDebugInfoUpdateSymbolName
    : tilecheck::cuda_tile::impl::TestDebugInfoUpdateSymbolNameBase<TestDebugInfoUpdateSymbolName> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SymbolTableCollection tables;

    Operation *scopeOp = module;
    if (!scope.empty()) {
      SymbolRefAttr scopeRef = parseNestedReference(ctx, scope);
      scopeOp = tables.lookupSymbolIn(module, scopeRef);
      if (!scopeOp) {
        module.emitError() << "could not find symbol op with name '"
                           << scopeRef << "'";
        return signalPassFailure();
      }
    }
    SymbolRefAttr target = parseNestedReference(ctx, symbolToRename);
    auto symbol = tables.lookupSymbolIn<SymbolOpInterface>(module, target);
    if (!symbol) {
      module.emitError() << "could not find symbol op with name '" << target
                         << "'";
      return signalPassFailure();
    }
    SymbolTable &table = tables.getSymbolTable(
        symbol->getParentWithTrait<OpTrait::SymbolTable>());
    if (failed(renameSymbolAndDebugScope(symbol, StringAttr::get(ctx, newName),
                                         scopeOp,
                                         updateUses ? &table : nullptr)))
      signalPassFailure();
  }
};

} // namespace
