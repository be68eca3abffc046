//===- OracleCompletenessTest.cpp - every op has interpreter semantics ----===//
//
// The gate that keeps the oracle complete as dialects grow: enumerate every
// operation of every dialect tilecheck registers and fail, naming them, for
// each one without registered semantics.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Interpreter.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace tilecheck::oracle;

TEST(OracleCompleteness, EveryRegisteredOpHasSemantics) {
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  const SemanticsRegistry &semantics = SemanticsRegistry::getDefault();
  std::vector<std::string> missing;
  unsigned count = 0;
  for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
    // Builtin ops (builtin.module, unrealized_conversion_cast) are the
    // container and glue of every program, not part of a tile dialect.
    if (name.getDialectNamespace() == "builtin")
      continue;
    ++count;
    if (!semantics.contains(name.getStringRef()))
      missing.push_back(name.getStringRef().str());
  }
  EXPECT_GT(count, 100u);
  std::string list;
  for (const std::string &m : missing)
    list += "  " + m + "\n";
  EXPECT_TRUE(missing.empty()) << missing.size() << " of " << count
                               << " ops have no interpreter semantics:\n"
                               << list;
}
