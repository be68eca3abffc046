//===- CudaTileParserRobustnessTest.cpp - bad input never crashes ---------===//
//
// Truncated and garbled programs must produce a located diagnostic and a
// failed parse, never a crash or an accepted module. RapidCheck cuts and
// corrupts a realistic kernel at random points.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

using namespace mlir;

namespace {

/// A small kernel using only structure and arith ops (always registered).
constexpr const char *kKernel = R"mlir(
cuda_tile.module @m {
  entry @k(%a: !cuda_tile.tile<ptr<f32>>) optimization_hints=<sm_100 = {occupancy = 2}> {
    return
  }
  testing$func @f(%x: !cuda_tile.tile<4x8xf32>, %i: !cuda_tile.tile<16xi32>) {
    %0 = addf %x, %x rounding<zero> : tile<4x8xf32>
    %1 = addi %i, %i overflow<no_wrap> : tile<16xi32>
  }
}
)mlir";

struct ParseOutcome {
  bool parsed = false;
  unsigned errors = 0;
  bool allLocated = true;
};

ParseOutcome parseText(MLIRContext &ctx, const std::string &text) {
  ParseOutcome out;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error) {
      ++out.errors;
      out.allLocated &= isa<FileLineColLoc>(d.getLocation());
    }
    return success();
  });
  OwningOpRef<Operation *> op = parseSourceString(text, ParserConfig(&ctx));
  out.parsed = static_cast<bool>(op);
  return out;
}

class ParserRobustness : public ::testing::Test {
protected:
  ParserRobustness() {
    DialectRegistry registry;
    tilecheck::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  MLIRContext ctx;
};

TEST_F(ParserRobustness, ReferenceKernelParses) {
  ParseOutcome out = parseText(ctx, kKernel);
  EXPECT_TRUE(out.parsed);
  EXPECT_EQ(out.errors, 0u);
}

TEST_F(ParserRobustness, TruncatedKernelIsRejectedWithLocation) {
  std::string text = kKernel;
  // The last closing brace ends the module; any shorter prefix is incomplete.
  size_t end = text.rfind('}');
  rc::check("every truncation fails with a located error", [&] {
    size_t cut = *rc::gen::inRange<size_t>(1, end);
    ParseOutcome out = parseText(ctx, text.substr(0, cut));
    RC_ASSERT(!out.parsed);
    RC_ASSERT(out.errors >= 1u);
    RC_ASSERT(out.allLocated);
  });
}

TEST_F(ParserRobustness, GarbledKernelNeverCrashes) {
  std::string text = kKernel;
  rc::check("random byte corruption yields success or a located error", [&] {
    std::string mutated = text;
    int edits = *rc::gen::inRange(1, 6);
    for (int i = 0; i < edits; ++i) {
      size_t at = *rc::gen::inRange<size_t>(0, mutated.size());
      mutated[at] = *rc::gen::element<char>('{', '}', '<', '>', '%', ':', 'x',
                                            '0', '?', '"', '\0', '\xff', ' ');
    }
    ParseOutcome out = parseText(ctx, mutated);
    if (!out.parsed) {
      RC_ASSERT(out.errors >= 1u);
      RC_ASSERT(out.allLocated);
    }
  });
}

} // namespace
