//===- ReduceTest.cpp - tile-reduce: reductions, UB rejection, driver -----===//
//
// Each reduction runs alone (ReduceOptions::onlyPasses) on a small
// hand-written program with an in-process interestingness predicate; every
// test checks that the result verifies, is smaller (or simpler) in the way
// the reduction promises and is still interesting. The interpreter check
// runs for real, so a reduction that would introduce undefined behaviour
// must be rejected.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Reduce.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <map>

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::reduce;

namespace {

/// The end of an entry: stores the i32 tile `value` of `n` elements at
/// %out + %i (%i an iota of `n` elements) and returns. `more` follows the
/// value (a mask, a token) and `moreTypes` the tile types.
std::string storeAtOut(const std::string &value, int n = 16,
                       const std::string &more = "",
                       const std::string &moreTypes = "") {
  std::string ptrs = "tile<" + std::to_string(n) + "xptr<i32>>",
              ints = "tile<" + std::to_string(n) + "xi32>";
  return "    %p0 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>\n"
         "    %p1 = broadcast %p0 : tile<1xptr<i32>> -> " +
         ptrs + "\n    %p2 = offset %p1, %i : " + ptrs + ", " + ints + " -> " +
         ptrs + "\n    %t = store_ptr_tko weak %p2, " + value + more + " : " +
         ptrs + ", " + ints + moreTypes + " -> token\n    return\n  }\n}\n";
}

/// A kernel k(%out) of `body` after %i, an iota of 16 elements, ending with
/// storeAtOut(value).
std::string iotaKernel(const std::string &body, const std::string &value) {
  return R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %i = iota : tile<16xi32>)mlir" +
         body + storeAtOut(value);
}

/// Straight-line code around one `divi`, storing through a pointer.
const std::string kStraightLine = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %unused: tile<i32>) {
    %c2 = constant <i32: 2> : tile<16xi32>
    %c7 = constant <i32: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tile<16xi32>
    %i = iota : tile<16xi32>
    %a = addi %i, %c7 : tile<16xi32>
    %d = divi %a, %c2 signed : tile<16xi32>
    %m = muli %d, %c2 : tile<16xi32>
    %x = xori %m, %a : tile<16xi32>
    %dead = subi %x, %a : tile<16xi32>
)mlir" + storeAtOut("%x");

/// Control flow: an if with a divi in one branch and a remi in the other,
/// a counted loop, a store of the result.
const char *kControl = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %p = cmpi greater_than %n, %c3, signed : tile<i32> -> tile<i1>
    %r = if %p -> (tile<i32>) {
      %q = divi %n, %c3 signed : tile<i32>
      yield %q : tile<i32>
    } else {
      %s = remi %n, %c3 signed : tile<i32>
      yield %s : tile<i32>
    }
    %acc = for %iv in (%c0 to %c8, step %c1) : tile<i32> iter_values(%a = %r) -> (tile<i32>) {
      %m = muli %a, %c3 : tile<i32>
      %m2 = andi %m, %c8 : tile<i32>
      continue %m2 : tile<i32>
    }
    %z = addi %acc, %c1 : tile<i32>
    %p0 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %z1 = reshape %z : tile<i32> -> tile<1xi32>
    %t = store_ptr_tko weak %p0, %z1 : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
}
)mlir";

class ReduceTest : public ::testing::Test {
protected:
  void SetUp() override {
    registerAllDialects(registry);
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    llvm::SmallString<128> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("reduce-test", dir));
    workDir = std::string(dir);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(workDir); }

  TestCase parse(llvm::StringRef text, std::vector<std::string> args,
                 std::array<int64_t, 3> grid = {1, 1, 1}) {
    std::vector<oracle::TestArg> caseArgs;
    for (std::string &a : args)
      caseArgs.push_back(oracle::TestArg{a, nullptr});
    auto tc = parseTestCase(*context, text, "k", grid, std::move(caseArgs));
    EXPECT_TRUE(static_cast<bool>(tc)) << llvm::toString(tc.takeError());
    return std::move(*tc);
  }

  /// Reduces `tc` with `predicate` using only `passes`.
  ReduceStats reduce(TestCase &tc, std::function<bool(const Candidate &)> pred,
                     std::vector<std::string> passes,
                     bool skipInterpreter = false, bool configAware = false) {
    auto test = createPredicateTest("predicate", pred, configAware);
    ReduceOptions options;
    options.workDir = workDir;
    options.onlyPasses = std::move(passes);
    options.skipInterpreterCheck = skipInterpreter;
    auto stats = reduceTestCase(tc, *test, options);
    EXPECT_TRUE(static_cast<bool>(stats)) << llvm::toString(stats.takeError());
    EXPECT_TRUE(succeeded(verify(*tc.module)));
    EXPECT_TRUE(pred(Candidate{tc, workDir, "", ""}));
    return stats ? *stats : ReduceStats();
  }

  /// kControl reduced by `pass` alone, keeping an op named `needed`.
  TestCase reducedControl(const char *needed, const char *pass) {
    TestCase tc = parse(kControl, {"zeros:i32:1", "5"});
    reduce(tc, contains(needed), {pass});
    return tc;
  }

  static unsigned count(const TestCase &tc, llvm::StringRef opName) {
    unsigned n = 0;
    tc.module.get()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == opName)
        ++n;
    });
    return n;
  }
  /// Expects `tc` to hold each named op the given number of times.
  static void expectCounts(
      const TestCase &tc,
      std::initializer_list<std::pair<llvm::StringRef, unsigned>> counts) {
    for (auto [name, n] : counts)
      EXPECT_EQ(count(tc, name), n) << name.str();
  }

  /// The last op of type OpT in `tc` (null when there is none).
  template <typename OpT> static OpT lastOp(const TestCase &tc) {
    OpT found;
    tc.module.get()->walk([&](OpT op) { found = op; });
    return found;
  }
  static std::function<bool(const Candidate &)> contains(std::string opName) {
    return
        [opName](const Candidate &c) { return count(c.testCase, opName) > 0; };
  }

  DialectRegistry registry;
  std::unique_ptr<MLIRContext> context;
  std::string workDir;
};

TEST_F(ReduceTest, RemoveDeadDropsUnusedPureOps) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  ReduceStats stats = reduce(tc, contains("cuda_tile.divi"), {"remove-dead"});
  expectCounts(tc, {{"cuda_tile.subi", 0}, {"cuda_tile.store_ptr_tko", 1}});
  EXPECT_EQ(stats.finalOps + 1, stats.initialOps);
}

TEST_F(ReduceTest, DeleteOpsKeepsOnlyWhatTheTestNeeds) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  unsigned before = countOps(*tc.module);
  ReduceStats stats =
      reduce(tc, contains("cuda_tile.divi"), {"remove-dead", "delete-ops"});
  EXPECT_EQ(stats.initialOps, before);
  EXPECT_EQ(stats.finalOps, countOps(*tc.module));
  // entry, divi, its operands (constants: the deleted ops are replaced by
  // existing values or zero constants) and return.
  EXPECT_LE(stats.finalOps, 5u);
  expectCounts(tc, {{"cuda_tile.divi", 1}, {"cuda_tile.store_ptr_tko", 0}});
  EXPECT_GT(stats.candidatesTried, 0u);
}

TEST_F(ReduceTest, DeleteOpsOneReplacesMasksByTrue) {
  const std::string masked = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %c8 = constant <i32: 8> : tile<16xi32>
    %i = iota : tile<16xi32>
    %mask = cmpi less_than %i, %c8, signed : tile<16xi32> -> tile<16xi1>
)mlir" + storeAtOut("%i", 16, ", %mask", ", tile<16xi1>");
  TestCase tc = parse(masked, {"zeros:i32:16"});
  reduce(tc, contains("cuda_tile.store_ptr_tko"), {"delete-ops-one"});
  EXPECT_EQ(count(tc, "cuda_tile.cmpi"), 0u);
  bool maskIsTrue = false;
  tc.module->walk([&](cuda_tile::StorePtrTkoOp op) {
    DenseIntElementsAttr mask;
    maskIsTrue = op.getMask() &&
                 matchPattern(op.getMask(), m_Constant(&mask)) &&
                 mask.getSplatValue<bool>();
  });
  EXPECT_TRUE(maskIsTrue);
}

TEST_F(ReduceTest, DropTokenAndMaskFreeTheirProducers) {
  const std::string tokens = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %tok = make_token : token
    %i = iota : tile<16xi32>
    %c8 = constant <i32: 8> : tile<16xi32>
    %mask = cmpi less_than %i, %c8, signed : tile<16xi32> -> tile<16xi1>
)mlir" + storeAtOut("%i", 16, ", %mask token = %tok", ", tile<16xi1>");
  TestCase tc = parse(tokens, {"zeros:i32:16"});
  reduce(tc, contains("cuda_tile.store_ptr_tko"),
         {"drop-token", "drop-mask", "remove-dead"});
  expectCounts(tc, {{"cuda_tile.make_token", 0}, {"cuda_tile.cmpi", 0}});
}

TEST_F(ReduceTest, IfThenAndIfElseInlineOneBranch) {
  TestCase thenCase = reducedControl("cuda_tile.divi", "if-then");
  expectCounts(thenCase, {{"cuda_tile.if", 0}, {"cuda_tile.remi", 0}});

  TestCase elseCase = reducedControl("cuda_tile.remi", "if-else");
  expectCounts(elseCase, {{"cuda_tile.if", 0}, {"cuda_tile.divi", 0}});
}

TEST_F(ReduceTest, ForOnceInlinesTheBody) {
  TestCase tc = reducedControl("cuda_tile.muli", "for-once");
  expectCounts(tc, {{"cuda_tile.for", 0}, {"cuda_tile.andi", 1}});
}

TEST_F(ReduceTest, ForZeroRemovesTheLoop) {
  TestCase tc = reducedControl("cuda_tile.addi", "for-zero");
  expectCounts(tc, {{"cuda_tile.for", 0}, {"cuda_tile.muli", 0}});
}

/// A `loop` counting from 0 to `bound` (%c1 or %c4, constants of the
/// kernel) that multiplies its accumulator by 4, breaks out with it and
/// stores it.
std::string loopKernel(const std::string &bound) {
  return R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %r = loop iter_values(%i = %c0, %acc = %c1) : tile<i32>, tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %i, )mlir" +
         bound + R"mlir(, signed : tile<i32> -> tile<i1>
      if %done {
        break %acc : tile<i32>
      }
      %m = muli %acc, %c4 : tile<i32>
      %next = addi %i, %c1 : tile<i32>
      continue %next, %m : tile<i32>, tile<i32>
    }
    %p0 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %r1 = reshape %r : tile<i32> -> tile<1xi32>
    %t = store_ptr_tko weak %p0, %r1 : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
}
)mlir";
}

/// A `loop` counting to 4 that breaks out with its accumulator.
const std::string kLoop = loopKernel("%c4");

TEST_F(ReduceTest, LoopOnceThenInlineRemovesTheLoop) {
  TestCase tc = parse(kLoop, {"zeros:i32:1"});
  reduce(tc, contains("cuda_tile.muli"),
         {"loop-once", "if-else", "loop-inline"});
  expectCounts(tc, {{"cuda_tile.loop", 0},
                    {"cuda_tile.break", 0},
                    {"cuda_tile.store_ptr_tko", 1}});
}

TEST_F(ReduceTest, LoopZeroReplacesALoopByItsInitialValues) {
  const char *sameTypes = R"mlir(
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %c1 = constant <i32: 1> : tile<i32>
    %r = loop iter_values(%i = %c1) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      }
      %next = addi %i, %c1 : tile<i32>
      continue %next : tile<i32>
    }
    %s = subi %r, %n : tile<i32>
    return
  }
}
)mlir";
  TestCase tc = parse(sameTypes, {"5"});
  reduce(tc, contains("cuda_tile.subi"), {"loop-zero"});
  EXPECT_EQ(count(tc, "cuda_tile.loop"), 0u);

  // Results differ from the initial values (two carried, one result): the
  // break's carried value gives the result.
  TestCase other = parse(kLoop, {"zeros:i32:1"});
  reduce(other, contains("cuda_tile.store_ptr_tko"), {"loop-zero"});
  expectCounts(other, {{"cuda_tile.loop", 0}, {"cuda_tile.muli", 0}});
}

TEST_F(ReduceTest, UnwrapCombinerReplacesAScanByItsOperand) {
  const std::string scan = iotaKernel(R"mlir(
    %s = scan %i dim=0 reverse=false identities=[0 : i32] : tile<16xi32> -> tile<16xi32>
    (%e: tile<i32>, %a: tile<i32>) {
      %sum = addi %e, %a : tile<i32>
      yield %sum : tile<i32>
    }
)mlir",
                                      "%s");
  TestCase tc = parse(scan, {"zeros:i32:16"});
  reduce(tc, contains("cuda_tile.store_ptr_tko"), {"unwrap-combiner"});
  expectCounts(tc, {{"cuda_tile.scan", 0}, {"cuda_tile.addi", 0}});
}

TEST_F(ReduceTest, CombinerDropOperandRemovesAnUnusedScanOperand) {
  const std::string scan = iotaKernel(R"mlir(
    %s:2 = scan %i, %i dim=0 reverse=false identities=[0 : i32, 0 : i32] : tile<16xi32>, tile<16xi32> -> tile<16xi32>, tile<16xi32>
    (%e: tile<i32>, %a: tile<i32>, %e2: tile<i32>, %a2: tile<i32>) {
      %sum = addi %e, %a : tile<i32>
      %x = xori %e2, %a2 : tile<i32>
      yield %sum, %x : tile<i32>, tile<i32>
    }
)mlir",
                                      "%s#0");
  TestCase tc = parse(scan, {"zeros:i32:16"});
  reduce(tc, contains("cuda_tile.addi"), {"combiner-drop-operand"});
  cuda_tile::ScanOp op = lastOp<cuda_tile::ScanOp>(tc);
  ASSERT_TRUE(op);
  EXPECT_EQ(op->getNumOperands(), 1u);
  EXPECT_EQ(op->getNumResults(), 1u);
  EXPECT_EQ(op.getIdentities().size(), 1u);
  expectCounts(tc, {{"cuda_tile.xori", 0}, {"cuda_tile.addi", 1}});
}

TEST_F(ReduceTest, ValueToConstFoldsALoadChainIntoTheObservedValues) {
  // A load of zeros plus a broadcast argument (5) feeds the divi: with
  // the values the interpreter saw, the divi's dividend becomes the
  // constant 5 and the load with its views, the argument's reshape and
  // broadcast and the addi go.
  const std::string load = R"mlir(
cuda_tile.module @m {
  entry @k(%in: tile<ptr<i32>>, %out: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c3 = constant <i32: 3> : tile<4xi32>
    %tv = make_tensor_view %in, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %l, %tok = load_view_tko weak %pv[%c0] : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %n4 = broadcast %n1 : tile<1xi32> -> tile<4xi32>
    %x = addi %l, %n4 : tile<4xi32>
    %d = divi %x, %c3 signed : tile<4xi32>
    %i = iota : tile<4xi32>
)mlir" + storeAtOut("%d", 4);
  TestCase tc = parse(load, {"zeros:i32:4", "zeros:i32:4", "5"});
  reduce(tc, contains("cuda_tile.divi"), {"value-to-const"});
  for (const char *gone :
       {"cuda_tile.load_view_tko", "cuda_tile.make_partition_view",
        "cuda_tile.make_tensor_view", "cuda_tile.addi", "cuda_tile.iota"})
    EXPECT_EQ(count(tc, gone), 0u) << gone;
  cuda_tile::DivIOp div = lastOp<cuda_tile::DivIOp>(tc);
  ASSERT_TRUE(div);
  DenseIntElementsAttr dividend;
  ASSERT_TRUE(matchPattern(div.getLhs(), m_Constant(&dividend)));
  for (APInt v : dividend.getValues<APInt>())
    EXPECT_EQ(v.getSExtValue(), 5);
  EXPECT_EQ(count(tc, "cuda_tile.store_ptr_tko"), 1u);

  // The values are those of the run: the case's observations match it.
  ASSERT_TRUE(tc.observed);
}

TEST_F(ReduceTest, LoopExitNextLetsALoopThatRunsOnceBeInlined) {
  // The body runs once (i = 0), then the loop breaks out with the product.
  const std::string once = loopKernel("%c1");
  TestCase tc = parse(once, {"zeros:i32:1"});
  // The store must keep storing the loop's result or, once the loop is
  // gone, the product.
  auto storesProduct = [](const Candidate &c) {
    bool found = false;
    c.testCase.module.get()->walk([&](cuda_tile::StorePtrTkoOp store) {
      Operation *def = store.getValue().getDefiningOp();
      while (def && isa<cuda_tile::ReshapeOp>(def))
        def = def->getOperand(0).getDefiningOp();
      found |= def && isa<cuda_tile::MulIOp, cuda_tile::LoopOp>(def);
    });
    return found;
  };
  reduce(tc, storesProduct, {"loop-exit-next", "if-else", "loop-inline"});
  // loop-exit-next is what opens the way: without it the loop stays.
  expectCounts(
      tc,
      {{"cuda_tile.loop", 0}, {"cuda_tile.break", 0}, {"cuda_tile.muli", 1}});
}

TEST_F(ReduceTest, StoreViewToPtrReplacesTheViewChain) {
  const char *view = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %a = constant <i32: -7> : tile<1xi32>
    %b = constant <i32: 2> : tile<1xi32>
    %d = divi %a, %b signed rounding<negative_inf> : tile<1xi32>
    %tv = make_tensor_view %out, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1), tensor_view<4xi32, strides=[1]>>
    %t = store_view_tko weak %d, %pv[%c0] : tile<1xi32>, partition_view<tile=(1), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
)mlir";
  TestCase tc = parse(view, {"zeros:i32:4"});
  auto storesDivi = [](const Candidate &c) {
    return count(c.testCase, "cuda_tile.divi") == 1 &&
           count(c.testCase, "cuda_tile.store_view_tko") +
                   count(c.testCase, "cuda_tile.store_ptr_tko") ==
               1;
  };
  reduce(tc, storesDivi, {"store-view-to-ptr"});
  for (const char *gone :
       {"cuda_tile.store_view_tko", "cuda_tile.make_partition_view",
        "cuda_tile.make_tensor_view"})
    EXPECT_EQ(count(tc, gone), 0u) << gone;
  EXPECT_EQ(count(tc, "cuda_tile.store_ptr_tko"), 1u);
  EXPECT_EQ(count(tc, "cuda_tile.constant"), 2u); // the index went too
}

TEST_F(ReduceTest, ConstSplatEachSplatsTheElementThatMatters) {
  const std::string consts = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %c = constant <i32: [1, 5, 3, 5]> : tile<4xi32>
    %i = iota : tile<4xi32>
)mlir" + storeAtOut("%c", 4);
  // Interesting while some constant holds a 3 (the third element).
  auto holdsThree = [](const Candidate &c) {
    bool found = false;
    c.testCase.module.get()->walk([&](cuda_tile::ConstantOp op) {
      if (auto ints = dyn_cast<DenseIntElementsAttr>(op.getValue()))
        for (APInt v : ints.getValues<APInt>())
          found |= v == 3;
    });
    return found;
  };
  TestCase tc = parse(consts, {"zeros:i32:4"});
  reduce(tc, holdsThree, {"const-splat-each"});
  bool splatThree = false;
  tc.module->walk([&](cuda_tile::ConstantOp op) {
    DenseIntOrFPElementsAttr v = op.getValue();
    splatThree |= v.isSplat() && v.getSplatValue<APInt>() == 3;
  });
  EXPECT_TRUE(splatThree);
}

TEST_F(ReduceTest, ShapeScalarMakesSingleElementTilesRankZero) {
  const char *single = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %a = constant <i32: -7> : tile<1xi32>
    %b = constant <i32: 2> : tile<1xi32>
    %d = divi %a, %b signed rounding<negative_inf> : tile<1xi32>
    %p = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %t = store_ptr_tko weak %p, %d : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
}
)mlir";
  TestCase tc = parse(single, {"zeros:i32:1"});
  reduce(tc, contains("cuda_tile.divi"), {"shape-scalar"});
  cuda_tile::DivIOp div = lastOp<cuda_tile::DivIOp>(tc);
  ASSERT_TRUE(div);
  EXPECT_TRUE(cast<cuda_tile::TileType>(div.getType()).getShape().empty());
  // The pointer reshape is now an identity (delete-ops removes it).
  cuda_tile::ReshapeOp reshape = lastOp<cuda_tile::ReshapeOp>(tc);
  ASSERT_TRUE(reshape);
  EXPECT_EQ(reshape.getType(), reshape->getOperand(0).getType());
}

TEST_F(ReduceTest, ForTripHalfShrinksTheTripCount) {
  TestCase tc = parse(kControl, {"zeros:i32:1", "5"});
  reduce(tc, contains("cuda_tile.for"), {"for-trip-half"});
  ASSERT_EQ(count(tc, "cuda_tile.for"), 1u);
  cuda_tile::ForOp loop = lastOp<cuda_tile::ForOp>(tc);
  DenseIntElementsAttr ub;
  ASSERT_TRUE(matchPattern(loop.getUpperBound(), m_Constant(&ub)));
  EXPECT_EQ(ub.getSplatValue<APInt>().getSExtValue(), 1);
}

TEST_F(ReduceTest, ConstantsMoveTowardZeroAndSplats) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  reduce(tc, contains("cuda_tile.divi"), {"const-splat", "const-zero"});
  unsigned nonZero = 0;
  tc.module->walk([&](cuda_tile::ConstantOp op) {
    EXPECT_TRUE(op.getValue().isSplat());
    if (!op.getValue().getSplatValue<APInt>().isZero())
      ++nonZero;
  });
  // Only the divisor stays non-zero: zero would be division by zero.
  EXPECT_EQ(nonZero, 1u);
}

TEST_F(ReduceTest, UndefinedBehaviourIsRejected) {
  // The divisor must not become 0: with the interpreter check, const-zero
  // is rejected and const-one takes the divisor to 1.
  TestCase checked = parse(kStraightLine, {"zeros:i32:16", "5"});
  ReduceStats stats =
      reduce(checked, contains("cuda_tile.divi"), {"const-zero", "const-one"});
  EXPECT_GT(stats.rejectedInterpreter, 0u);
  cuda_tile::DivIOp div = lastOp<cuda_tile::DivIOp>(checked);
  DenseIntElementsAttr divisor;
  ASSERT_TRUE(matchPattern(div.getRhs(), m_Constant(&divisor)));
  EXPECT_EQ(divisor.getSplatValue<APInt>().getSExtValue(), 1);

  // Without it the same reduction divides by zero: the check is what
  // keeps the candidate out.
  TestCase unchecked = parse(kStraightLine, {"zeros:i32:16", "5"});
  reduce(unchecked, contains("cuda_tile.divi"), {"const-zero", "const-one"},
         /*skipInterpreter=*/true);
  div = lastOp<cuda_tile::DivIOp>(unchecked);
  ASSERT_TRUE(matchPattern(div.getRhs(), m_Constant(&divisor)));
  EXPECT_TRUE(divisor.getSplatValue<APInt>().isZero());
}

TEST_F(ReduceTest, OriginalWithUndefinedBehaviourIsRefused) {
  const char *ub = R"mlir(
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %d = divi %n, %c0 signed : tile<i32>
    return
  }
}
)mlir";
  TestCase tc = parse(ub, {"5"});
  auto test = createPredicateTest("divi", contains("cuda_tile.divi"));
  ReduceOptions options;
  options.workDir = workDir;
  auto stats = reduceTestCase(tc, *test, options);
  ASSERT_FALSE(static_cast<bool>(stats));
  EXPECT_NE(llvm::toString(stats.takeError()).find("undefined behaviour"),
            std::string::npos);
}

TEST_F(ReduceTest, GridShrinksToOneBlock) {
  const char *noStore = R"mlir(
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %a = addi %bx, %n : tile<i32>
    return
  }
}
)mlir";
  TestCase tc = parse(noStore, {"5"}, {6, 3, 2});
  reduce(tc, contains("cuda_tile.addi"), {"grid-one"});
  EXPECT_EQ(tc.grid, (std::array<int64_t, 3>{1, 1, 1}));

  // grid-half alone: a predicate that needs at least 3 blocks along x.
  TestCase half = parse(noStore, {"5"}, {12, 1, 1});
  reduce(half, [](const Candidate &c) { return c.testCase.grid[0] >= 3; },
         {"grid-half"});
  EXPECT_EQ(half.grid[0], 3);
}

TEST_F(ReduceTest, DropArgsRemovesUnusedArgumentsAndTheirManifestEntries) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  reduce(tc, contains("cuda_tile.divi"), {"drop-args"});
  ASSERT_EQ(tc.args.size(), 1u);
  EXPECT_EQ(tc.args[0].form, "zeros:i32:16");
  cuda_tile::EntryOp entry = lastOp<cuda_tile::EntryOp>(tc);
  EXPECT_EQ(entry.getArgumentTypes().size(), 1u);
}

TEST_F(ReduceTest, DropHintsRemovesOptimizationHints) {
  const char *hinted = R"mlir(
cuda_tile.module @m {
  entry @k(%n: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    %a = addi %n, %n : tile<i32>
    return
  }
}
)mlir";
  TestCase tc = parse(hinted, {"5"});
  reduce(tc, contains("cuda_tile.addi"), {"drop-hints"});
  cuda_tile::EntryOp entry = lastOp<cuda_tile::EntryOp>(tc);
  EXPECT_FALSE(entry.getOptimizationHints());
}

TEST_F(ReduceTest, ShapeHalfShrinksTileShapes) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  reduce(tc, contains("cuda_tile.divi"), {"const-splat", "shape-half"});
  cuda_tile::DivIOp div = lastOp<cuda_tile::DivIOp>(tc);
  auto type = cast<cuda_tile::TileType>(div.getType());
  EXPECT_LT(type.getNumElements(), 16);
}

TEST_F(ReduceTest, ConfigurationShortensWhenTheTestReadsIt) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  tc.config = "-O3 --scheduler serial --v2-opt-level 2 --gpu-name sm_100";
  auto needsOptAndScheduler = [](const Candidate &c) {
    llvm::StringRef cfg = c.testCase.config;
    return cfg.contains("-O") && cfg.contains("--scheduler");
  };
  reduce(tc, needsOptAndScheduler, {"config-drop", "config-lower"},
         /*skipInterpreter=*/false, /*configAware=*/true);
  EXPECT_EQ(tc.config, "-O0 --scheduler");

  // Not configuration-aware: the configuration is left alone.
  TestCase same = parse(kStraightLine, {"zeros:i32:16", "5"});
  same.config = "-O3 --scheduler serial";
  reduce(same, needsOptAndScheduler, {"config-drop", "config-lower"});
  EXPECT_EQ(same.config, "-O3 --scheduler serial");
}

TEST_F(ReduceTest, PipelineDropKeepsTheNeededPass) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  tc.config =
      "--pass-pipeline=builtin.module(cse,canonicalize{max-iterations=10},"
      "convert-cuda-tile-to-tileaa,cse)";
  reduce(
      tc,
      [](const Candidate &c) {
        return llvm::StringRef(c.testCase.config)
            .contains("convert-cuda-tile-to-tileaa");
      },
      {"pipeline-drop"}, false, /*configAware=*/true);
  EXPECT_EQ(tc.config,
            "--pass-pipeline=builtin.module(convert-cuda-tile-to-tileaa)");
}

TEST_F(ReduceTest, WholeReductionIsDeterministicAndSmall) {
  TestCase a = parse(kControl, {"zeros:i32:1", "5"});
  TestCase b = parse(kControl, {"zeros:i32:1", "5"});
  ReduceStats sa = reduce(a, contains("cuda_tile.divi"), {});
  ReduceStats sb = reduce(b, contains("cuda_tile.divi"), {});
  EXPECT_EQ(printProgram(*a.module), printProgram(*b.module));
  EXPECT_EQ(sa.candidatesTried, sb.candidatesTried);
  EXPECT_LT(sa.finalOps * 3, sa.initialOps);
  expectCounts(a, {{"cuda_tile.if", 0}, {"cuda_tile.for", 0}});
  EXPECT_EQ(a.args.size(), 1u); // the divi reads %n
}

TEST_F(ReduceTest, TestCasesRoundTripThroughDirectories) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  tc.config = "-O2";
  tc.seed = 42;
  tc.extra["tool_key"] = "kept";
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, workDir)));
  auto back = loadTestCase(*context, workDir);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(printProgram(*back->module), printProgram(*tc.module));
  EXPECT_EQ(back->config, "-O2");
  EXPECT_EQ(back->args.size(), 2u);
  EXPECT_EQ(back->seed, std::optional<uint64_t>(42));
  EXPECT_EQ(back->extra.getString("tool_key"), "kept");
}

/// `dir`/NAME.
static std::string under(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  return std::string(path);
}

/// Reads `dir`/NAME back as a test case (what a later round starts from).
static TestCase loadCandidate(MLIRContext &context, llvm::StringRef dir,
                              llvm::StringRef name) {
  auto tc = loadTestCase(context, under(dir, name));
  EXPECT_TRUE(static_cast<bool>(tc)) << llvm::toString(tc.takeError());
  return std::move(*tc);
}

TEST_F(ReduceTest, CandidateBatchHasEveryChunkLevelBiggestFirst) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  std::string out = under(workDir, "batch");
  ReduceOptions options;
  options.workDir = workDir;
  options.onlyPasses = {"delete-ops", "drop-args"};
  auto batch = writeCandidateBatch(tc, out, 100, options);
  ASSERT_TRUE(static_cast<bool>(batch)) << llvm::toString(batch.takeError());
  ASSERT_FALSE(batch->empty());
  // Level 0 of each pass first: all of its sites at once.
  EXPECT_EQ((*batch)[0].pass, "delete-ops");
  EXPECT_EQ((*batch)[0].first, 0u);
  unsigned deleteSites = (*batch)[0].count;
  EXPECT_GT(deleteSites, 4u);
  // Each level of a pass starts at site 0 with a chunk no bigger than the
  // level before (when that candidate was admissible); single sites come
  // last.
  std::map<std::string, unsigned> level, smallest;
  for (const BatchCandidate &c : *batch) {
    smallest[c.pass] =
        std::min(smallest.count(c.pass) ? smallest[c.pass] : c.count, c.count);
    if (c.first != 0)
      continue;
    if (level.count(c.pass))
      EXPECT_LE(c.count, level[c.pass]) << c.dir;
    level[c.pass] = c.count;
  }
  EXPECT_EQ(smallest["delete-ops"], 1u);
  EXPECT_EQ(batch->back().count, 1u);
  // drop-args has one site (the unused scalar): one candidate, which
  // drops it.
  auto dropArgs = llvm::find_if(
      *batch, [](const BatchCandidate &c) { return c.pass == "drop-args"; });
  ASSERT_NE(dropArgs, batch->end());
  TestCase dropped = loadCandidate(*context, out, dropArgs->dir);
  EXPECT_EQ(dropped.args.size(), 1u);
  // Every candidate is a test case that verifies, with its size.
  for (const BatchCandidate &c : *batch) {
    TestCase cand = loadCandidate(*context, out, c.dir);
    EXPECT_TRUE(succeeded(verify(*cand.module))) << c.dir;
    EXPECT_EQ(countOps(*cand.module), c.ops) << c.dir;
  }
  // The cap keeps the biggest chunks.
  std::string small = under(workDir, "small");
  auto capped = writeCandidateBatch(tc, small, 2, options);
  ASSERT_TRUE(static_cast<bool>(capped));
  ASSERT_EQ(capped->size(), 2u);
  EXPECT_EQ((*capped)[0].count, deleteSites);
  // Level 0 of every pass before level 1 of any.
  EXPECT_EQ((*capped)[1].pass, "drop-args");
}

TEST_F(ReduceTest, CandidateBatchOfChosenSitesAndChains) {
  TestCase tc = parse(kStraightLine, {"zeros:i32:16", "5"});
  std::string out = under(workDir, "chosen");
  ReduceOptions options;
  options.workDir = workDir;
  // remove-dead's one site (the unused `subi`) and drop-args' one site
  // (the unused scalar): two chosen lists make two candidates, nothing
  // else.
  std::vector<ChosenSites> chosen = {{"remove-dead", {0}}, {"drop-args", {0}}};
  auto batch = writeCandidateBatch(tc, out, 100, options, chosen);
  ASSERT_TRUE(static_cast<bool>(batch)) << llvm::toString(batch.takeError());
  ASSERT_EQ(batch->size(), 2u);
  EXPECT_EQ((*batch)[0].pass, "remove-dead");
  EXPECT_EQ(
      count(loadCandidate(*context, out, (*batch)[0].dir), "cuda_tile.subi"),
      0u);
  EXPECT_EQ(loadCandidate(*context, out, (*batch)[1].dir).args.size(), 1u);

  // A chain makes both changes in one candidate.
  std::string chained = under(workDir, "chain");
  std::vector<std::vector<std::string>> chains = {{"remove-dead", "drop-args"}};
  auto chain = writeCandidateBatch(tc, chained, 100, options, {}, chains);
  ASSERT_TRUE(static_cast<bool>(chain)) << llvm::toString(chain.takeError());
  ASSERT_EQ(chain->size(), 1u);
  EXPECT_EQ((*chain)[0].pass, "chain:remove-dead+drop-args");
  TestCase both = loadCandidate(*context, chained, (*chain)[0].dir);
  EXPECT_EQ(count(both, "cuda_tile.subi"), 0u);
  EXPECT_EQ(both.args.size(), 1u);

  // Names and sites that do not exist are errors, not empty batches.
  std::string bad = under(workDir, "bad");
  std::vector<ChosenSites> unknown = {{"no-such-pass", {0}}};
  auto e1 = writeCandidateBatch(tc, bad, 100, options, unknown);
  ASSERT_FALSE(static_cast<bool>(e1));
  EXPECT_NE(llvm::toString(e1.takeError()).find("no reduction named"),
            std::string::npos);
  std::vector<ChosenSites> outOfRange = {{"drop-args", {7}}};
  auto e2 = writeCandidateBatch(tc, bad, 100, options, outOfRange);
  ASSERT_FALSE(static_cast<bool>(e2));
  EXPECT_NE(llvm::toString(e2.takeError()).find("sites here"),
            std::string::npos);
}

TEST(ReduceSignature, CrashSignaturesIgnoreAddressesAndPositions) {
  const char *a =
      "tilec: Foo.cpp:12: void f(): Assertion `x < 4' failed.\n"
      "Stack dump:\n"
      " #0 0x00005555deadbeef llvm::sys::PrintStackTrace()\n"
      " #1 0x00005555aaaabbbb (anonymous)::Lower::run() /src/L.cpp:9\n";
  const char *b =
      "tilec: Foo.cpp:99: void f(): Assertion `x < 4' failed.\n"
      "Stack dump:\n"
      " #0 0x00007777deadbeef llvm::sys::PrintStackTrace()\n"
      " #1 0x00007777cccc0000 (anonymous)::Lower::run() /x/L.cpp:77\n";
  std::string sa = crashSignature(-2, true, a);
  EXPECT_EQ(sa, crashSignature(-2, true, b));
  EXPECT_EQ(sa.rfind("assert", 0), 0u);
  EXPECT_NE(sa, crashSignature(-2, true, "Assertion `y' failed.\n"));
  EXPECT_EQ(crashSignature(0, false, "ok\n"), "");
  EXPECT_EQ(crashSignature(1, false, "p.mlir:3:5: error: bad thing 7\n"),
            crashSignature(1, false, "p.mlir:9:1: error: bad thing 12\n"));
  EXPECT_NE(crashSignature(1, false, "p.mlir:3:5: error: bad thing\n"),
            crashSignature(1, false, "p.mlir:3:5: error: other thing\n"));
}

TEST(ReduceStatsTest, SummaryLine) {
  ReduceStats s;
  s.initialOps = 200;
  s.finalOps = 10;
  s.seconds = 12.34;
  s.candidatesTried = 321;
  EXPECT_EQ(s.summary(),
            "reduced 200 ops to 10 ops (5.0%) in 12.3 s, 321 candidates tried");
}

} // namespace
