//===- Passes.td - cuda_tile passes ------------------------*- tablegen -*-===//
//
// Passes over the cuda_tile dialect. Passes named `test-*` exist to exercise
// utilities from lit tests; they are registered in tilec-opt only.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_TRANSFORMS_PASSES_TD
#define TILECHECK_CUDATILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestDebugInfoUpdateSymbolName
    : Pass<"test-debuginfo-update-symbol-name", "::mlir::ModuleOp"> {
  let summary = "Renames one symbol and the linkage name of its debug scope";
  let description = [{
    Exercises `renameSymbolAndDebugScope`: the symbol named by
    `symbol-to-rename` (a nested reference written `outer::inner`) gets
    `new-name`; the di_subprogram on its location gets the new linkage name
    everywhere inside `scope` (default: the whole module), and with
    `update-uses` the symbol's uses are renamed as well.
  }];
  let options = [
    Option<"symbolToRename", "symbol-to-rename", "std::string", "",
           "Nested symbol to rename, e.g. outer::middle::inner">,
    Option<"scope", "scope", "std::string", "",
           "Nested symbol of the op within which references are updated">,
    Option<"newName", "new-name", "std::string", "",
           "New name of the innermost symbol">,
    Option<"updateUses", "update-uses", "bool", "false",
           "Also rename the uses of the symbol">,
  ];
}

#endif // TILECHECK_CUDATILE_TRANSFORMS_PASSES_TD
