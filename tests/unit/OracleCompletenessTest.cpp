//===- OracleCompletenessTest.cpp - every op has interpreter semantics ----===//
//
// The gate that keeps the oracle complete as dialects grow: enumerate every
// operation of every dialect tilecheck registers and fail, naming them, for
// each one without registered semantics. Upstream arith and math are
// enumerated too: nv_tileas programs use them (compiler/docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <gtest/gtest.h>

#include <map>

using namespace mlir;
using namespace tilecheck::oracle;

TEST(OracleCompleteness, EveryRegisteredOpHasSemantics) {
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  registry.insert<arith::ArithDialect, math::MathDialect, scf::SCFDialect>();
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  const SemanticsRegistry &semantics = SemanticsRegistry::getDefault();
  std::vector<std::string> missing;
  unsigned count = 0;
  std::map<std::string, unsigned> perDialect;
  for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
    // Builtin ops (builtin.module, unrealized_conversion_cast) are the
    // container and glue of every program, not part of a tile dialect.
    if (name.getDialectNamespace() == "builtin")
      continue;
    // The testing ops of the test-only bytecode versions 250.x exist to
    // test the evolution of the bytecode format and mean nothing at run
    // time (TILECHECK_INCLUDE_TEST_VERSIONS).
    if (name.getStringRef().starts_with("cuda_tile.testing$bytecode_test_"))
      continue;
    // scf's parallel loops never come out of the lowering (it produces
    // scf.if, scf.for and scf.while; Upstream/ScfSemantics.cpp).
    static const llvm::StringRef parallelScf[] = {
        "scf.parallel", "scf.reduce", "scf.reduce.return", "scf.forall",
        "scf.forall.in_parallel"};
    if (llvm::is_contained(parallelScf, name.getStringRef()))
      continue;
    ++count;
    ++perDialect[name.getDialectNamespace().str()];
    if (!semantics.contains(name.getStringRef()))
      missing.push_back(name.getStringRef().str());
  }
  EXPECT_GT(count, 100u);
  // Every dialect the interpreter must run is enumerated.
  for (const char *d : {"cuda_tile", "nv_tileaa", "nv_tileas", "arith", "math"})
    EXPECT_GT(perDialect[d], 10u) << d;
  EXPECT_GT(perDialect["scf"], 4u);
  std::string list;
  for (const std::string &m : missing)
    list += "  " + m + "\n";
  EXPECT_TRUE(missing.empty()) << missing.size() << " of " << count
                               << " ops have no interpreter semantics:\n"
                               << list;
}
