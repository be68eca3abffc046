//===- OracleDefaultAttrsTest.cpp - Default-valued attributes removed -----===//
//
// Regression tests for what tilec-interp-fuzzer found first: an op whose
// default-valued attribute was removed in memory (`removeAttr`) verified,
// and then the generated getters dereferenced null (nv_tileaa.muli's
// overflow in the interpreter, nv_tileaa.addf's rounding in its own
// verifier, nv_tileaa.global's alignment, arith.addi's overflowFlags).
// Now the verifier rejects it on our dialects and the interpreter refuses
// it with a clean error on upstream ones.
//
//===----------------------------------------------------------------------===//

#include "OracleNumericTestUtil.h"

#include "tilecheck/Dialect/DefaultValuedAttrs.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleDefaultAttrs : public OracleNumericTest {
protected:
  /// The first op named `name` of the parsed module.
  mlir::Operation *first(llvm::StringRef name) {
    mlir::Operation *found = nullptr;
    module->walk([&](mlir::Operation *op) {
      if (!found && op->getName().getStringRef() == name)
        found = op;
    });
    EXPECT_TRUE(found) << name.str();
    return found;
  }

  /// The verifier's first error on the module, "" when it verifies.
  std::string verifyError() {
    std::string message;
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      if (message.empty())
        message = d.str();
      return mlir::success();
    });
    if (mlir::succeeded(mlir::verify(module.get())))
      return "";
    return message;
  }
};

TEST_F(OracleDefaultAttrs, DefaultValuedAttributesAreKnownPerOp) {
  auto of = [&](const char *op) {
    return tilecheck::defaultValuedAttrNames(mlir::OperationName(op, &ctx));
  };
  EXPECT_EQ(of("arith.addi"), (std::vector<std::string>{"overflowFlags"}));
  EXPECT_EQ(of("nv_tileaa.addi"), (std::vector<std::string>{"overflow"}));
  EXPECT_EQ(of("cuda_tile.addi"), (std::vector<std::string>{"overflow"}));
  // No default-valued attribute: nothing can be missing.
  EXPECT_EQ(of("arith.constant"), (std::vector<std::string>{}));
}

TEST_F(OracleDefaultAttrs, OurVerifierRejectsARemovedDefault) {
  ASSERT_TRUE(defineNv("%a: tensor<2xi32>, %b: tensor<2xi32>", "tensor<2xi32>",
                       "%r = nv_tileaa.muli %a, %b : tensor<2xi32>"));
  EXPECT_EQ(verifyError(), "");
  first("nv_tileaa.muli")->removeAttr("overflow");
  EXPECT_EQ(verifyError(),
            "'nv_tileaa.muli' op requires attribute 'overflow' (a "
            "default-valued attribute may be omitted in the text form, "
            "never absent from the op)");
  // nv_tileaa.addf's own verifier reads the rounding mode: the trait runs
  // first.
  ASSERT_TRUE(defineNv("%a: tensor<2xf32>, %b: tensor<2xf32>", "tensor<2xf32>",
                       "%r = nv_tileaa.addf %a, %b : tensor<2xf32>"));
  first("nv_tileaa.addf")->removeAttr("rounding_mode");
  EXPECT_NE(verifyError().find("requires attribute 'rounding_mode'"),
            std::string::npos)
      << verifyError();
}

TEST_F(OracleDefaultAttrs, TheInterpreterRefusesAnUpstreamOpWithoutItsDefault) {
  ASSERT_TRUE(
      defineNv("%a: i32, %b: i32", "i32", "%r = arith.addi %a, %b : i32"));
  first("arith.addi")->removeAttr("overflowFlags");
  // arith's verifier accepts it; the interpreter must not crash on it.
  EXPECT_EQ(verifyError(), "");
  std::optional<RunFailure> f = evalFailure(
      "f", {tileOf(ElemType::I32, {}, {1}), tileOf(ElemType::I32, {}, {2})});
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, FailureKind::Error);
  EXPECT_EQ(f->message, "'arith.addi' lacks its default-valued attribute "
                        "'overflowFlags'");
}

} // namespace
