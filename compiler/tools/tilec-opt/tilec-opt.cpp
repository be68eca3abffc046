//===- tilec-opt.cpp - mlir-opt for tilecheck's dialects ------------------===//
//
// Parses, verifies, transforms and prints programs in tilecheck's dialects.
// Only project dialects are registered (no upstream dialect zoo): startup
// stays fast and the tool accepts exactly the languages tilecheck compiles.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  tilecheck::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tilecheck optimizer driver\n", registry));
}
