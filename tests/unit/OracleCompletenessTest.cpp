//===- OracleCompletenessTest.cpp - every op has interpreter semantics ----===//
//
// The gate that keeps the oracle complete as dialects grow: enumerate every
// operation of every dialect tilecheck registers and fail, naming them, for
// each one without registered semantics. Upstream arith and math are
// enumerated too: nv_tileas programs use them (compiler/docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Conversion/Spellings.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

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

// The spelling table (compiler/include/tilecheck/Dialect/Mirror/MirrorOps.def)
// and the interpreter agree: every op it names exists at the three levels,
// every upstream spelling it names is a registered op the interpreter runs,
// and every rule is one the table documents, with its reason where an op
// keeps its mirror or needs a custom builder.
TEST(OracleCompleteness, SpellingTableMatchesDialectsAndInterpreter) {
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  registry.insert<arith::ArithDialect, math::MathDialect>();
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  const SemanticsRegistry &semantics = SemanticsRegistry::getDefault();
  std::vector<tilecheck::conversion::Spelling> table =
      tilecheck::conversion::spellingTable();
  EXPECT_GE(table.size(), 80u);
  const std::set<std::string> withUpstream = {
      "Always", "Overflow", "Signed", "NearestEven", "Full", "NoFtz", "Custom"};
  std::map<std::string, unsigned> perRule;
  unsigned upstream = 0;
  for (const auto &s : table) {
    ++perRule[s.rule];
    for (const char *level : {"cuda_tile.", "nv_tileaa.", "nv_tileas."}) {
      std::string name = level + s.mnemonic;
      EXPECT_TRUE(RegisteredOperationName::lookup(name, &ctx)) << name;
      EXPECT_TRUE(semantics.contains(name)) << name;
    }
    bool needsUpstream = withUpstream.count(s.rule) != 0;
    EXPECT_TRUE(needsUpstream || s.rule == "Mirror" || s.rule == "Core")
        << s.mnemonic << ": unknown rule " << s.rule;
    EXPECT_EQ(needsUpstream, !s.upstream.empty()) << s.mnemonic;
    if (s.rule == "Mirror" || s.rule == "Custom")
      EXPECT_FALSE(s.why.empty()) << s.mnemonic << " needs its reason";
    for (const std::string &u : {s.upstream, s.alternate}) {
      if (u.empty())
        continue;
      ++upstream;
      EXPECT_TRUE(RegisteredOperationName::lookup(u, &ctx)) << u;
      EXPECT_TRUE(semantics.contains(u)) << u << " (for " << s.mnemonic << ")";
    }
  }
  EXPECT_GT(upstream, 40u);
  EXPECT_GT(perRule["Core"], 20u);
}
