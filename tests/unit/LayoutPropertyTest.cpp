//===- LayoutPropertyTest.cpp - layouts survive upstream transforms -------===//
//
// Layouts live in the nv_tileas tensor type (compiler/docs/Lowering.md,
// "Layouts"). Property: after layout assignment (convert-tileaa-to-tileas,
// at any tier), any sequence of canonicalize, CSE, loop-invariant code
// motion and inlining leaves a module that verifies (the layout rules
// included) and in which every tensor value has a layout. The programs are
// the generator's (`full` preset) and the MMA preset's.
//
// Also: the layout verifier rejects disagreeing operands and values without
// a layout, and layout assignment inserts convert_layout at MMA operands.
//
//===----------------------------------------------------------------------===//

#include "ArbitraryProgram.h"

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Generators/Generator.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Support/EnumNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <mutex>
#include <string>
#include <vector>

using namespace mlir;
using namespace tilecheck;
using tilecheck::testing::arbitraryProgram;

namespace {

enum class Transform { Canonicalize, CSE, LICM, Inline };

constexpr EnumName<Transform> kTransformNames[] = {
    {Transform::Canonicalize, "canonicalize"},
    {Transform::CSE, "cse"},
    {Transform::LICM, "loop-invariant-code-motion"},
    {Transform::Inline, "inline"}};

const char *nameOf(Transform t) {
  return tilecheck::nameOf(kTransformNames, t).data();
}

std::unique_ptr<Pass> createPass(Transform t) {
  switch (t) {
  case Transform::Canonicalize:
    return createCanonicalizerPass();
  case Transform::CSE:
    return createCSEPass();
  case Transform::LICM:
    return createLoopInvariantCodeMotionPass();
  case Transform::Inline:
    return createInlinerPass();
  }
  llvm_unreachable("unknown transform");
}

class LayoutTest : public ::testing::Test {
protected:
  LayoutTest() {
    static std::once_flag once;
    std::call_once(once, [] { registerAllPasses(); });
    DialectRegistry registry;
    registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  OwningOpRef<ModuleOp> parse(const std::string &text) {
    return parseSourceString<ModuleOp>(text, &ctx);
  }

  /// Parses `text`, appending its diagnostics to `diagnostics`.
  OwningOpRef<ModuleOp> parse(const std::string &text,
                              std::string &diagnostics) {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      diagnostics += d.str() + "\n";
      return success();
    });
    return parse(text);
  }

  /// The tensor values of `root` without a layout, printed (empty: none).
  static std::string valuesWithoutLayout(Operation *root) {
    std::string out;
    llvm::raw_string_ostream os(out);
    auto check = [&](Value v, Operation *where) {
      if (isa<RankedTensorType>(v.getType()) &&
          !nv_tileas::getLayout(v.getType()))
        os << where->getName() << ": " << v.getType() << "\n";
    };
    root->walk([&](Operation *op) {
      for (Value r : op->getResults())
        check(r, op);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Value a : block.getArguments())
            check(a, op);
    });
    return out;
  }

  MLIRContext ctx{MLIRContext::Threading::DISABLED};
};

/// The nv_tileas text of a generated program at `optLevel`, or "" when it
/// does not compile (reported by the caller).
std::string lowered(const gen::GeneratedProgram &program, unsigned optLevel,
                    std::string &diagnostics) {
  driver::CompileOptions opts;
  opts.optLevel = optLevel;
  opts.emit = driver::EmitStage::TileAS;
  driver::CompileResult r = driver::compile(program.text, opts);
  diagnostics = r.diagnostics;
  return r.ok() ? r.output : std::string();
}

TEST_F(LayoutTest, TransformsKeepLayouts) {
  auto full = llvm::cantFail(gen::presetPolicy("full"));
  auto mma = llvm::cantFail(gen::presetPolicy("mma"));
  bool ok = rc::check(
      "after layout assignment, canonicalize/CSE/LICM/inlining keep "
      "every tensor in a layout and the module valid",
      [&] {
        gen::GeneratedProgram program = arbitraryProgram(full, mma);
        unsigned optLevel = *rc::gen::inRange(0u, 4u);
        std::vector<Transform> transforms =
            *rc::gen::container<std::vector<Transform>>(
                rc::gen::element(Transform::Canonicalize, Transform::CSE,
                                 Transform::LICM, Transform::Inline));
        std::string diagnostics;
        std::string text = lowered(program, optLevel, diagnostics);
        RC_ASSERT_FALSE(text.empty());
        OwningOpRef<ModuleOp> module = parse(text);
        RC_ASSERT(module);
        RC_ASSERT(valuesWithoutLayout(*module) == "");

        PassManager pm(&ctx);
        std::string names;
        for (Transform t : transforms) {
          names += std::string(nameOf(t)) + " ";
          pm.addPass(createPass(t));
        }
        // Shown with a failing case: the pass sequence that broke it.
        RC_LOG() << "passes: " << names << "\n";
        // The pass manager verifies after every pass: the layout rules
        // run from the nv_tileas.layouts attribute of each function.
        RC_ASSERT(succeeded(pm.run(*module)));
        RC_ASSERT(valuesWithoutLayout(*module) == "");
        RC_ASSERT(succeeded(verify(*module)));
      });
  EXPECT_TRUE(ok);
}

TEST_F(LayoutTest, AssignmentPutsMmaOperandsInFragmentLayouts) {
  constexpr const char *kDot = R"mlir(
    nv_tileaa.func @k(%a: tensor<16x8xf16>, %b: tensor<8x16xf16>,
                      %c: tensor<16x16xf32>) attributes {nv_tileaa.kernel} {
      %d = "nv_tileaa.dot"(%a, %b, %c) : (tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %e = "nv_tileaa.negf"(%d) : (tensor<16x16xf32>) -> tensor<16x16xf32>
      nv_tileaa.return
    }
  )mlir";
  OwningOpRef<ModuleOp> module = parse(kDot);
  ASSERT_TRUE(module);
  auto pm = PassManager::on<ModuleOp>(&ctx);
  ASSERT_TRUE(succeeded(parsePassPipeline(
      "convert-tileaa-to-tileas{compute-capability=sm_90}", pm)));
  ASSERT_TRUE(succeeded(pm.run(*module)));
  std::vector<std::string> converted;
  module->walk([&](nv_tileas::ConvertLayoutOp op) {
    converted.push_back(
        std::string(nv_tileas::stringifyLayoutKind(
            nv_tileas::getLayout(op.getSource().getType()).getValue())) +
        "->" +
        nv_tileas::stringifyLayoutKind(
            nv_tileas::getLayout(op.getType()).getValue())
            .str());
  });
  // lhs, rhs and accumulator into fragments, the product back to reg for
  // the negation.
  EXPECT_EQ(converted, (std::vector<std::string>{"reg->mma_a", "reg->mma_b",
                                                 "reg->mma_c", "mma_c->reg"}));
  EXPECT_EQ(valuesWithoutLayout(*module), "");
}

TEST_F(LayoutTest, VerifierRejectsDisagreeingLayouts) {
  // Hand-written layout-assigned functions: every rule of Layouts.cpp.
  struct Case {
    const char *body;
    const char *message;
  };
  const Case cases[] = {
      {"%r = arith.extf %s : tensor<4xf32, #nv_tileas<layout smem>> to "
       "tensor<4xf64, #nv_tileas<layout reg>>",
       "operands and results must share one layout"},
      {"%r = arith.negf %a : tensor<4xf32, #nv_tileas<layout reg>>\n"
       "%u = arith.constant dense<1.0> : tensor<4xf32>",
       "has no layout"},
      {"%r = nv_tileas.convert_layout %a : (tensor<4xf32, #nv_tileas<layout "
       "reg>>) -> tensor<4xf32, #nv_tileas<layout smem>>",
       ""},
  };
  for (const Case &c : cases) {
    std::string text = std::string(R"mlir(
      nv_tileaa.func @f(%a: tensor<4xf32, #nv_tileas<layout reg>>,
                        %s: tensor<4xf32, #nv_tileas<layout smem>>)
          attributes {nv_tileas.layouts} {
        )mlir") + c.body +
                       R"mlir(
        nv_tileaa.return
      }
    )mlir";
    std::string diagnostics;
    OwningOpRef<ModuleOp> module = parse(text, diagnostics);
    if (*c.message == '\0') {
      EXPECT_TRUE(module) << c.body << "\n" << diagnostics;
      continue;
    }
    EXPECT_FALSE(module) << c.body;
    EXPECT_NE(diagnostics.find(c.message), std::string::npos) << c.body << "\n"
                                                              << diagnostics;
  }
}

TEST_F(LayoutTest, MmaOperandsMustBeFragments) {
  constexpr const char *kText = R"mlir(
    nv_tileaa.func @f(%a: tensor<16x8xf16, #nv_tileas<layout reg>>,
                      %b: tensor<8x16xf16, #nv_tileas<layout mma_b>>,
                      %c: tensor<16x16xf32, #nv_tileas<layout mma_c>>)
        attributes {nv_tileas.layouts} {
      %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas<atom mma_sync_f16_f16_f32>} : (tensor<16x8xf16, #nv_tileas<layout reg>>, tensor<8x16xf16, #nv_tileas<layout mma_b>>, tensor<16x16xf32, #nv_tileas<layout mma_c>>) -> tensor<16x16xf32, #nv_tileas<layout mma_c>>
      nv_tileaa.return
    }
  )mlir";
  std::string diagnostics;
  EXPECT_FALSE(parse(kText, diagnostics));
  EXPECT_NE(diagnostics.find("operand #0 must be in #nv_tileas<layout mma_a>, "
                             "not #nv_tileas<layout reg>"),
            std::string::npos)
      << diagnostics;
}

TEST_F(LayoutTest, FragmentLayoutsHoldMatrices) {
  std::string diagnostics;
  EXPECT_FALSE(parse(R"mlir(
    nv_tileaa.func @f(%a: tensor<4xf32, #nv_tileas<layout mma_a>>) {
      nv_tileaa.return
    }
  )mlir",
                     diagnostics));
  EXPECT_NE(diagnostics.find("an MMA fragment layout holds a rank-2 tensor"),
            std::string::npos)
      << diagnostics;
}

} // namespace
