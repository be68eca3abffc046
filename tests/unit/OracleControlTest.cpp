//===- OracleControlTest.cpp - control flow of the interpreter ------------===//
//
// if/for/loop and the signals of their terminators: yield, continue, break
// and return escaping from nested regions; the step budget that turns an
// endless loop into a reported hang. Uses only constants and control ops so
// it checks the driver, not the arithmetic.
//
//===----------------------------------------------------------------------===//

#include "OracleTestUtil.h"

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleControl : public OracleTest {
protected:
  /// Parses `module`, whose @f takes an i1 and returns an i32, and expects
  /// @f to give `whenTrue` for 1 and `whenFalse` for 0.
  void expectOnFlag(const char *module, int64_t whenTrue, int64_t whenFalse) {
    ASSERT_TRUE(parse(module));
    EXPECT_EQ(eval("f", {tileOf(ElemType::I1, {}, {1})})[0].getSInt(0),
              whenTrue);
    EXPECT_EQ(eval("f", {tileOf(ElemType::I1, {}, {0})})[0].getSInt(0),
              whenFalse);
  }
};

TEST_F(OracleControl, IfSelectsRegionAndYields) {
  expectOnFlag(R"mlir(
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>) -> tile<i32> {
    %r = if %c -> (tile<i32>) {
      %a = constant <i32: 7> : tile<i32>
      yield %a : tile<i32>
    } else {
      %b = constant <i32: -3> : tile<i32>
      yield %b : tile<i32>
    }
    return %r : tile<i32>
  }
})mlir",
               7, -3);
}

TEST_F(OracleControl, ForCarriesValuesAndBindsInductionVariable) {
  // The loop-carried value is the last induction variable seen: 2, 5, 8.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%lb: tile<i32>, %ub: tile<i32>, %s: tile<i32>) -> tile<i32> {
    %init = constant <i32: -1> : tile<i32>
    %r = for %i in (%lb to %ub, step %s) : tile<i32> iter_values(%x = %init) -> (tile<i32>) {
      continue %i : tile<i32>
    }
    return %r : tile<i32>
  }
})mlir"));
  auto run = [&](int lb, int ub, int step) {
    return eval("f", {tileOf(ElemType::I32, {}, {double(lb)}),
                      tileOf(ElemType::I32, {}, {double(ub)}),
                      tileOf(ElemType::I32, {}, {double(step)})})[0]
        .getSInt(0);
  };
  EXPECT_EQ(run(2, 10, 3), 8);
  EXPECT_EQ(run(5, 5, 1), -1);  // empty range keeps the initial value
  EXPECT_EQ(run(-4, -1, 2), -2); // signed comparison
}

TEST_F(OracleControl, ForUnsignedComparison) {
  // With unsigned comparison -1 is 0xffffffff, far above 0: no iterations
  // from 0 to -1 would run with a signed compare, many with unsigned; use a
  // lower bound just below the top so the unsigned loop runs twice.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%lb: tile<i32>, %ub: tile<i32>) -> tile<i32> {
    %one = constant <i32: 1> : tile<i32>
    %init = constant <i32: 0> : tile<i32>
    %r = for unsigned %i in (%lb to %ub, step %one) : tile<i32> iter_values(%x = %init) -> (tile<i32>) {
      continue %i : tile<i32>
    }
    return %r : tile<i32>
  }
})mlir"));
  auto out = eval("f", {tileOf(ElemType::I32, {}, {-3}),
                        tileOf(ElemType::I32, {}, {-1})});
  EXPECT_EQ(out[0].getSInt(0), -2);
}

TEST_F(OracleControl, BreakInsideIfLeavesTheLoop) {
  expectOnFlag(R"mlir(
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>) -> tile<i32> {
    %a = constant <i32: 11> : tile<i32>
    %r = loop iter_values(%x = %a) : tile<i32> -> tile<i32> {
      if %c {
        break %x : tile<i32>
      }
      %b = constant <i32: 22> : tile<i32>
      break %b : tile<i32>
    }
    return %r : tile<i32>
  }
})mlir",
               11, 22);
}

TEST_F(OracleControl, ReturnInsideIfEndsTheFunction) {
  expectOnFlag(R"mlir(
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>) -> tile<i32> {
    if %c {
      %a = constant <i32: 1> : tile<i32>
      return %a : tile<i32>
    }
    %b = constant <i32: 2> : tile<i32>
    return %b : tile<i32>
  }
})mlir",
               1, 2);
}

TEST_F(OracleControl, EndlessLoopHitsTheStepLimit) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f() {
    loop {
      continue
    }
    return
  }
})mlir"));
  std::vector<RtValue> out;
  RunOptions options;
  options.maxSteps = 1000;
  RunResult r = call("f", {}, out, options);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->kind, FailureKind::StepLimit);
  EXPECT_NE(r.failure->location.find(":"), std::string::npos);
}

TEST_F(OracleControl, GridRunsEveryBlockOnceInSeededOrder) {
  // Each block's id is observable only through memory, so this checks the
  // driver's enumeration directly through blockId results of `call`.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f() -> (tile<i32>, tile<i32>, tile<i32>) {
    %x, %y, %z = get_tile_block_id : tile<i32>
    return %x, %y, %z : tile<i32>, tile<i32>, tile<i32>
  }
})mlir"));
  std::string error;
  RunOptions options;
  options.grid = {3, 2, 2};
  Interpreter interp(module.get(), memory, options);
  mlir::Operation *fn = interp.findEntry("f", error);
  ASSERT_TRUE(fn);
  llvm::SmallVector<RtValue> out;
  ASSERT_TRUE(interp.call(fn, {}, out, {2, 1, 1}).ok());
  EXPECT_EQ(out[0].getTile().getSInt(0), 2);
  EXPECT_EQ(out[1].getTile().getSInt(0), 1);
  EXPECT_EQ(out[2].getTile().getSInt(0), 1);
}

} // namespace
