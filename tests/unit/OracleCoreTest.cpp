//===- OracleCoreTest.cpp - core ops, mma, assert/assume/print ------------===//
//
// Hand-computed expectations for the interpreter's core category: iota, the
// shape ops, reduce/scan (with bodies built from ops that do not need the
// arith semantics: yields of block arguments, and a sum done by a 1x1 mmaf),
// mmaf/mmai/mmaf_scaled, and assert, assume and print_tko. Edge cases come
// first in each test: per-step rounding of mma accumulators, -128 in mmai,
// non-existent extract blocks, and assumptions that are broken.
//
//===----------------------------------------------------------------------===//

#include "OracleTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <random>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleCore : public OracleTest {
protected:
  /// 0, 1, 2, ... as a tile of `type`.
  static Tile counting(ElemType type, llvm::ArrayRef<int64_t> shape) {
    Tile t(type, shape);
    std::vector<double> v(t.size());
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<double>(i);
    return tileOf(type, shape, v);
  }
  static std::vector<double> values(const Tile &t) {
    std::vector<double> v;
    for (int64_t i = 0; i < t.size(); ++i)
      v.push_back(valueAt(t, i));
    return v;
  }
  using V = std::vector<double>;

  /// `testing$func @<fn>(%a: <a>, %b: <b>, %c: <c>) -> <c>` that returns
  /// `<op> %a, %b, %c<flags>`: one mmaf (or mmai, whose flags are the
  /// signedness of the operands).
  static std::string mmaFunc(const std::string &fn, const std::string &a,
                             const std::string &b, const std::string &c,
                             const std::string &op = "mmaf",
                             const std::string &flags = "") {
    return "  testing$func @" + fn + "(%a: " + a + ", %b: " + b + ", %c: " + c +
           ") -> " + c + " {\n    %d = " + op + " %a, %b, %c" + flags + " : " +
           a + ", " + b + ", " + c + "\n    return %d : " + c + "\n  }\n";
  }

  /// Calls `fn` with what print_tko writes (or, given
  /// &RunOptions::assertStream, what assert writes) appended to `text`.
  RunResult callCapturing(
      llvm::StringRef fn, llvm::ArrayRef<RtValue> args,
      std::vector<RtValue> &out, std::string &text,
      llvm::raw_ostream *RunOptions::*stream = &RunOptions::printStream) {
    llvm::raw_string_ostream os(text);
    RunOptions options;
    options.*stream = &os;
    return call(fn, args, out, options);
  }
};

//===----------------------------------------------------------------------===//
// iota and shape ops
//===----------------------------------------------------------------------===//

TEST_F(OracleCore, Iota) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f() -> (tile<1xi8>, tile<4xi32>, tile<256xi8>) {
    %a = iota : tile<1xi8>
    %b = iota : tile<4xi32>
    %c = iota : tile<256xi8>
    return %a, %b, %c : tile<1xi8>, tile<4xi32>, tile<256xi8>
  }
})mlir"));
  auto out = eval("f", {});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(values(out[0]), V({0}));
  EXPECT_EQ(values(out[1]), V({0, 1, 2, 3}));
  // 256 elements of i8 read as unsigned: the last one is 255 (bits 0xff).
  EXPECT_EQ(out[2].getUInt(255), 255u);
  EXPECT_EQ(out[2].getUInt(128), 128u);
}

TEST_F(OracleCore, Permute2x4x8) {
  // Tile dimensions must be powers of two, so the three distinct extents
  // are 2, 4 and 8 (2x3x4 is not a legal tile).
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2x4x8xi32>) -> (tile<8x2x4xi32>, tile<2x8x4xi32>, tile<2x4x8xi32>) {
    %a = permute %x [2, 0, 1] : tile<2x4x8xi32> -> tile<8x2x4xi32>
    %b = permute %x [0, 2, 1] : tile<2x4x8xi32> -> tile<2x8x4xi32>
    %c = permute %x [0, 1, 2] : tile<2x4x8xi32> -> tile<2x4x8xi32>
    return %a, %b, %c : tile<8x2x4xi32>, tile<2x8x4xi32>, tile<2x4x8xi32>
  }
})mlir"));
  // x[i][j][k] = 32i + 8j + k.
  auto out = eval("f", {counting(ElemType::I32, {2, 4, 8})});
  ASSERT_EQ(out.size(), 3u);
  // a[k][i][j] = x[i][j][k]: a[0] is x[.][.][0] = 0 8 16 24 32 40 48 56,
  // a[7] is x[.][.][7].
  V a = values(out[0]);
  EXPECT_EQ(V(a.begin(), a.begin() + 8), V({0, 8, 16, 24, 32, 40, 48, 56}));
  EXPECT_EQ(V(a.end() - 8, a.end()), V({7, 15, 23, 31, 39, 47, 55, 63}));
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 4; ++j)
        EXPECT_EQ(a[(k * 2 + i) * 4 + j], 32 * i + 8 * j + k);
  // b[i][k][j] = x[i][j][k]: a transpose of each 4x8 matrix.
  V b = values(out[1]);
  EXPECT_EQ(V(b.begin(), b.begin() + 8), V({0, 8, 16, 24, 1, 9, 17, 25}));
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 8; ++k)
      for (int j = 0; j < 4; ++j)
        EXPECT_EQ(b[(i * 8 + k) * 4 + j], 32 * i + 8 * j + k);
  EXPECT_EQ(values(out[2]), values(counting(ElemType::I32, {2, 4, 8})));
}

TEST_F(OracleCore, PermuteKeepsFloatBitsExactly) {
  // Shape ops copy bytes: a NaN payload and -0.0 survive a transpose.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<1x2xf16>) -> tile<2x1xf16> {
    %a = permute %x [1, 0] : tile<1x2xf16> -> tile<2x1xf16>
    return %a : tile<2x1xf16>
  }
})mlir"));
  auto out = eval("f", {tileOfBits(ElemType::F16, {1, 2}, {0x7d01, 0x8000})});
  EXPECT_EQ(bitsAt(out[0], 0), 0x7d01u);
  EXPECT_EQ(bitsAt(out[0], 1), 0x8000u);
}

TEST_F(OracleCore, Broadcast) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%row: tile<1x4xf32>, %col: tile<2x1xi64>, %one: tile<1x1xi8>)
      -> (tile<2x4xf32>, tile<2x4xi64>, tile<1x1xi8>, tile<4x2xi8>) {
    %a = broadcast %row : tile<1x4xf32> -> tile<2x4xf32>
    %b = broadcast %col : tile<2x1xi64> -> tile<2x4xi64>
    %c = broadcast %one : tile<1x1xi8> -> tile<1x1xi8>
    %d = broadcast %one : tile<1x1xi8> -> tile<4x2xi8>
    return %a, %b, %c, %d : tile<2x4xf32>, tile<2x4xi64>, tile<1x1xi8>, tile<4x2xi8>
  }
})mlir"));
  auto out = eval("f", {tileOf(ElemType::F32, {1, 4}, {1.5, -2, 3, -0.0}),
                        tileOf(ElemType::I64, {2, 1}, {-7, 9}),
                        tileOf(ElemType::I8, {1, 1}, {-128})});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(values(out[0]), V({1.5, -2, 3, -0.0, 1.5, -2, 3, -0.0}));
  EXPECT_EQ(bitsAt(out[0], 7), 0x80000000u);
  EXPECT_EQ(values(out[1]), V({-7, -7, -7, -7, 9, 9, 9, 9}));
  EXPECT_EQ(values(out[2]), V({-128}));
  EXPECT_EQ(values(out[3]), V(8, -128));
}

TEST_F(OracleCore, Reshape) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2x4xi16>, %s: tile<f32>) -> (tile<4x2xi16>, tile<8xi16>, tile<1x1xf32>) {
    %a = reshape %x : tile<2x4xi16> -> tile<4x2xi16>
    %b = reshape %x : tile<2x4xi16> -> tile<8xi16>
    %c = reshape %s : tile<f32> -> tile<1x1xf32>
    return %a, %b, %c : tile<4x2xi16>, tile<8xi16>, tile<1x1xf32>
  }
})mlir"));
  auto out = eval("f", {counting(ElemType::I16, {2, 4}),
                        tileOf(ElemType::F32, {}, {0.25})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].shape(), llvm::ArrayRef<int64_t>({4, 2}));
  EXPECT_EQ(values(out[0]), V({0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(values(out[1]), V({0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(values(out[2]), V({0.25}));
}

TEST_F(OracleCore, CatAlongEachAxis) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xi32>, %b: tile<2x2xi32>, %c: tile<2x1xi32>)
      -> (tile<4x2xi32>, tile<2x4xi32>, tile<2x2xi32>) {
    %r0 = cat %a, %b dim = 0 : tile<2x2xi32>, tile<2x2xi32> -> tile<4x2xi32>
    %r1 = cat %a, %b dim = 1 : tile<2x2xi32>, tile<2x2xi32> -> tile<2x4xi32>
    %r2 = cat %c, %c dim = 1 : tile<2x1xi32>, tile<2x1xi32> -> tile<2x2xi32>
    return %r0, %r1, %r2 : tile<4x2xi32>, tile<2x4xi32>, tile<2x2xi32>
  }
})mlir"));
  auto out = eval("f", {tileOf(ElemType::I32, {2, 2}, {1, 2, 3, 4}),
                        tileOf(ElemType::I32, {2, 2}, {5, 6, 7, 8}),
                        tileOf(ElemType::I32, {2, 1}, {-1, -2})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(values(out[0]), V({1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(values(out[1]), V({1, 2, 5, 6, 3, 4, 7, 8}));
  EXPECT_EQ(values(out[2]), V({-1, -1, -2, -2}));
}

TEST_F(OracleCore, CatMiddleAxisOf3D) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<2x1x2xi64>, %b: tile<2x1x2xi64>) -> tile<2x2x2xi64> {
    %r = cat %a, %b dim = 1 : tile<2x1x2xi64>, tile<2x1x2xi64> -> tile<2x2x2xi64>
    return %r : tile<2x2x2xi64>
  }
})mlir"));
  auto out = eval("f", {tileOf(ElemType::I64, {2, 1, 2}, {0, 1, 2, 3}),
                        tileOf(ElemType::I64, {2, 1, 2}, {10, 11, 12, 13})});
  EXPECT_EQ(values(out[0]), V({0, 1, 10, 11, 2, 3, 12, 13}));
}

TEST_F(OracleCore, ExtractBlocks) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<4x8xi32>, %i: tile<i32>, %j: tile<i32>) -> tile<2x4xi32> {
    %b = extract %x[%i, %j] : tile<4x8xi32> -> tile<2x4xi32>
    return %b : tile<2x4xi32>
  }
})mlir"));
  auto run = [&](int i, int j) {
    return eval("f", {counting(ElemType::I32, {4, 8}),
                      tileOf(ElemType::I32, {}, {double(i)}),
                      tileOf(ElemType::I32, {}, {double(j)})});
  };
  // Block (1, 1) covers rows 2..3 and columns 4..7: x[r][c] = 8r + c.
  EXPECT_EQ(values(run(1, 1)[0]), V({20, 21, 22, 23, 28, 29, 30, 31}));
  EXPECT_EQ(values(run(0, 0)[0]), V({0, 1, 2, 3, 8, 9, 10, 11}));
  EXPECT_EQ(values(run(1, 0)[0]), V({16, 17, 18, 19, 24, 25, 26, 27}));
  // Only blocks 0..1 exist in each dimension; -1 reads as unsigned 2^32-1.
  for (auto [i, j] : {std::pair{2, 0}, std::pair{0, 2}, std::pair{-1, 0}}) {
    auto failure = evalFailure("f", {counting(ElemType::I32, {4, 8}),
                                     tileOf(ElemType::I32, {}, {double(i)}),
                                     tileOf(ElemType::I32, {}, {double(j)})});
    ASSERT_TRUE(failure) << i << "," << j;
    EXPECT_EQ(failure->kind, FailureKind::UndefinedBehavior);
    EXPECT_NE(failure->message.find("does not exist"), std::string::npos);
  }
}

//===----------------------------------------------------------------------===//
// reduce and scan
//===----------------------------------------------------------------------===//

// The body of an f32 sum for reduce and scan: a 1x1 mmaf (e * 1 + acc),
// exact for small integers, so these tests do not depend on the arith
// semantics.
const std::string kSumBody = R"mlir(
    (%e: tile<f32>, %a: tile<f32>) {
      %one = constant <f32: 1.0> : tile<1x1xf32>
      %e2 = reshape %e : tile<f32> -> tile<1x1xf32>
      %a2 = reshape %a : tile<f32> -> tile<1x1xf32>
      %s2 = mmaf %e2, %one, %a2 : tile<1x1xf32>, tile<1x1xf32>, tile<1x1xf32>
      %s = reshape %s2 : tile<1x1xf32> -> tile<f32>
      yield %s : tile<f32>
    }
)mlir";

const std::string kSumModule = R"mlir(
cuda_tile.module @m {
  testing$func @rows(%x: tile<2x4xf32>) -> (tile<4xf32>, tile<2xf32>) {
    %r0 = reduce %x dim=0 identities=[0.0 : f32] : tile<2x4xf32> -> tile<4xf32>
)mlir" + kSumBody + R"mlir(
    %r1 = reduce %x dim=1 identities=[100.0 : f32] : tile<2x4xf32> -> tile<2xf32>
)mlir" + kSumBody + R"mlir(
    return %r0, %r1 : tile<4xf32>, tile<2xf32>
  }
  testing$func @scan(%x: tile<4xf32>) -> (tile<4xf32>, tile<4xf32>) {
    %f = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<4xf32> -> tile<4xf32>
)mlir" + kSumBody + R"mlir(
    %r = scan %x dim=0 reverse=true identities=[10.0 : f32] : tile<4xf32> -> tile<4xf32>
)mlir" + kSumBody + R"mlir(
    return %f, %r : tile<4xf32>, tile<4xf32>
  }
})mlir";

TEST_F(OracleCore, ReduceSumOverEachAxis) {
  ASSERT_TRUE(parse(kSumModule));
  auto out =
      eval("rows", {tileOf(ElemType::F32, {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values(out[0]), V({6, 8, 10, 12}));
  // The identity enters once per output: 100 + 1 + 2 + 3 + 4, 100 + 26.
  EXPECT_EQ(values(out[1]), V({110, 126}));
}

TEST_F(OracleCore, ScanForwardAndReverse) {
  ASSERT_TRUE(parse(kSumModule));
  auto out = eval("scan", {tileOf(ElemType::F32, {4}, {1, 2, 3, 4})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values(out[0]), V({1, 3, 6, 10}));
  // Reverse: element i combines i..3, starting from the identity 10.
  EXPECT_EQ(values(out[1]), V({20, 19, 17, 14}));
}

TEST_F(OracleCore, ReduceFoldOrderIsAscendingFromTheIdentity) {
  // A body that keeps the element yields the last element folded (the
  // fold is ascending); one that keeps the accumulator yields the identity.
  // With two operands each pair is (element, accumulator) of its operand.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2x4xi32>, %y: tile<2x4xi8>)
      -> (tile<2xi32>, tile<2xi8>, tile<4xi32>, tile<4xi8>) {
    %a, %b = reduce %x, %y dim=1 identities=[-5 : i32, 7 : i8]
        : tile<2x4xi32>, tile<2x4xi8> -> tile<2xi32>, tile<2xi8>
    (%e0: tile<i32>, %a0: tile<i32>, %e1: tile<i8>, %a1: tile<i8>) {
      yield %e0, %a1 : tile<i32>, tile<i8>
    }
    %c, %d = reduce %x, %y dim=0 identities=[-5 : i32, 7 : i8]
        : tile<2x4xi32>, tile<2x4xi8> -> tile<4xi32>, tile<4xi8>
    (%e0: tile<i32>, %a0: tile<i32>, %e1: tile<i8>, %a1: tile<i8>) {
      yield %a0, %e1 : tile<i32>, tile<i8>
    }
    return %a, %b, %c, %d : tile<2xi32>, tile<2xi8>, tile<4xi32>, tile<4xi8>
  }
})mlir"));
  auto out = eval(
      "f", {tileOf(ElemType::I32, {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}),
            tileOf(ElemType::I8, {2, 4}, {-1, -2, -3, -4, -5, -6, -7, -8})});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(values(out[0]), V({4, 8}));
  EXPECT_EQ(values(out[1]), V({7, 7}));
  EXPECT_EQ(values(out[2]), V({-5, -5, -5, -5}));
  EXPECT_EQ(values(out[3]), V({-5, -6, -7, -8}));
}

TEST_F(OracleCore, ReduceAndScanMiddleAxisOf3D) {
  // dim=1 of a 2x2x2 tile has elements before and after it, which checks
  // the outer/inner indexing: x[i][j][k] = 4i + 2j + k.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2x2x2xf32>) -> (tile<2x2xf32>, tile<2x2x2xf32>) {
    %r = reduce %x dim=1 identities=[0.0 : f32] : tile<2x2x2xf32> -> tile<2x2xf32>
)mlir" + kSumBody + R"mlir(
    %p = scan %x dim=1 reverse=true identities=[0.0 : f32] : tile<2x2x2xf32> -> tile<2x2x2xf32>
)mlir" + kSumBody + R"mlir(
    return %r, %p : tile<2x2xf32>, tile<2x2x2xf32>
  }
})mlir"));
  auto out = eval("f", {counting(ElemType::F32, {2, 2, 2})});
  ASSERT_EQ(out.size(), 2u);
  // r[i][k] = x[i][0][k] + x[i][1][k] = 8i + 2k + 2.
  EXPECT_EQ(values(out[0]), V({2, 4, 10, 12}));
  // Reverse along j: p[i][1][k] = x[i][1][k], p[i][0][k] = r[i][k].
  EXPECT_EQ(values(out[1]), V({2, 4, 2, 3, 10, 12, 6, 7}));
}

TEST_F(OracleCore, HalfIdentityConvertsBetweenF16AndBF16) {
  // The verifier lets an f16 identity stand for a bf16 operand; the oracle
  // converts the value. 1.5 is exact in both; 0.1 rounds differently.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2xbf16>) -> (tile<bf16>, tile<bf16>) {
    %a = reduce %x dim=0 identities=[1.5 : f16] : tile<2xbf16> -> tile<bf16>
    (%e: tile<bf16>, %acc: tile<bf16>) {
      yield %acc : tile<bf16>
    }
    %b = reduce %x dim=0 identities=[0.1 : f16] : tile<2xbf16> -> tile<bf16>
    (%e: tile<bf16>, %acc: tile<bf16>) {
      yield %acc : tile<bf16>
    }
    return %a, %b : tile<bf16>, tile<bf16>
  }
})mlir"));
  auto out = eval("f", {tileOf(ElemType::BF16, {2}, {7, 8})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(valueAt(out[0], 0), 1.5);
  // f16 0.1 is 0x2e66 = 0.0999755859375; to bf16 (8 significant bits):
  // 0x3dcd = 0.10009765625 (nearest; 0x3dcc = 0.099609375 is further).
  EXPECT_EQ(bitsAt(out[1], 0), 0x3dcdu);
}

TEST_F(OracleCore, ScanStoresEveryStepInDirection) {
  // Keeping the element gives the input back; keeping the accumulator
  // gives the identity everywhere; both directions, along dim 1 of 2x4.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2x4xi16>) -> (tile<2x4xi16>, tile<2x4xi16>) {
    %a = scan %x dim=1 reverse=true identities=[3 : i16] : tile<2x4xi16> -> tile<2x4xi16>
    (%e: tile<i16>, %acc: tile<i16>) {
      yield %e : tile<i16>
    }
    %b = scan %x dim=1 reverse=false identities=[3 : i16] : tile<2x4xi16> -> tile<2x4xi16>
    (%e: tile<i16>, %acc: tile<i16>) {
      yield %acc : tile<i16>
    }
    return %a, %b : tile<2x4xi16>, tile<2x4xi16>
  }
})mlir"));
  auto out = eval("f", {counting(ElemType::I16, {2, 4})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values(out[0]), V({0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(values(out[1]), V(8, 3));
}

//===----------------------------------------------------------------------===//
// mmaf, mmai, mmaf_scaled
//===----------------------------------------------------------------------===//

TEST_F(OracleCore, MmafF16ToF32) {
  ASSERT_TRUE(parse(moduleOf(
      mmaFunc("f", "tile<2x4xf16>", "tile<4x2xf16>", "tile<2x2xf32>"))));
  // [1 2 3 0; 4 5 6 1] x [0.5 -1; 0.25 2; -0.125 1; 8 -8] + [10 20; 30 40]
  //   row 0: 0.5 + 0.5 - 0.375 + 0 = 0.625,  -1 + 4 + 3 + 0 = 6
  //   row 1: 2 + 1.25 - 0.75 + 8 = 10.5,     -4 + 10 + 6 - 8 = 4
  auto out = eval(
      "f", {tileOf(ElemType::F16, {2, 4}, {1, 2, 3, 0, 4, 5, 6, 1}),
            tileOf(ElemType::F16, {4, 2}, {0.5, -1, 0.25, 2, -0.125, 1, 8, -8}),
            tileOf(ElemType::F32, {2, 2}, {10, 20, 30, 40})});
  EXPECT_EQ(values(out[0]), V({10.625, 26, 40.5, 44}));
}

TEST_F(OracleCore, MmafF16AccumulatesInF16PerStep) {
  // Accumulating in the result type rounds after every step: 2048 + 1 is a
  // tie between 2048 and 2050 in f16 and rounds to even (2048), twice; an
  // exact sum would give 2050.
  ASSERT_TRUE(parse(moduleOf(
      mmaFunc("f", "tile<1x2xf16>", "tile<2x1xf16>", "tile<1x1xf16>"))));
  auto run = [&](double a0, double a1, double c) {
    return valueAt(eval("f", {tileOf(ElemType::F16, {1, 2}, {a0, a1}),
                              tileOf(ElemType::F16, {2, 1}, {1, 1}),
                              tileOf(ElemType::F16, {1, 1}, {c})})[0],
                   0);
  };
  EXPECT_EQ(run(1, 1, 2048), 2048);
  // 2048 + 3 = 2051 is a tie: to even 2052; + 1 = 2053 ties to 2052 again.
  EXPECT_EQ(run(3, 1, 2048), 2052);
  // Overflow to infinity: 65504 + 16 is exactly halfway to 65536 -> inf.
  EXPECT_TRUE(std::isinf(run(16, 0, 65504)));
  // Just below the halfway point it stays finite.
  EXPECT_EQ(run(15, 0, 65504), 65504);
}

TEST_F(OracleCore, MmafF32IsFusedPerStep) {
  // a*b = 1 + 2^-11 + 2^-24 is not an f32; a fused step keeps the 2^-24
  // when adding -1, a separately rounded product would lose it.
  ASSERT_TRUE(parse(moduleOf(
      mmaFunc("f", "tile<1x1xf32>", "tile<1x1xf32>", "tile<1x1xf32>"))));
  double x = 1 + std::ldexp(1.0, -12);
  auto out = eval("f", {tileOf(ElemType::F32, {1, 1}, {x}),
                        tileOf(ElemType::F32, {1, 1}, {x}),
                        tileOf(ElemType::F32, {1, 1}, {-1})});
  EXPECT_EQ(valueAt(out[0], 0), std::ldexp(1.0, -11) + std::ldexp(1.0, -24));
}

TEST_F(OracleCore, MmafBatchedAndOtherTypes) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<2x1x2xbf16>, %b: tile<2x2x1xbf16>, %c: tile<2x1x1xf32>,
                  %p: tile<1x2xf64>, %q: tile<2x1xf64>, %r: tile<1x1xf64>,
                  %s: tile<1x2xf8E4M3FN>, %t: tile<2x1xf8E4M3FN>, %u: tile<1x1xf16>,
                  %v: tile<1x2xtf32>, %w: tile<2x1xtf32>, %z: tile<1x1xf32>)
      -> (tile<2x1x1xf32>, tile<1x1xf64>, tile<1x1xf16>, tile<1x1xf32>) {
    %d = mmaf %a, %b, %c : tile<2x1x2xbf16>, tile<2x2x1xbf16>, tile<2x1x1xf32>
    %e = mmaf %p, %q, %r : tile<1x2xf64>, tile<2x1xf64>, tile<1x1xf64>
    %f = mmaf %s, %t, %u : tile<1x2xf8E4M3FN>, tile<2x1xf8E4M3FN>, tile<1x1xf16>
    %g = mmaf %v, %w, %z : tile<1x2xtf32>, tile<2x1xtf32>, tile<1x1xf32>
    return %d, %e, %f, %g : tile<2x1x1xf32>, tile<1x1xf64>, tile<1x1xf16>, tile<1x1xf32>
  }
})mlir"));
  auto out = eval("f", {tileOf(ElemType::BF16, {2, 1, 2}, {1, 2, 3, 4}),
                        tileOf(ElemType::BF16, {2, 2, 1}, {5, 6, 7, 8}),
                        tileOf(ElemType::F32, {2, 1, 1}, {0.5, -0.5}),
                        tileOf(ElemType::F64, {1, 2}, {1e300, 3}),
                        tileOf(ElemType::F64, {2, 1}, {1e-300, 0.1}),
                        tileOf(ElemType::F64, {1, 1}, {1}),
                        tileOf(ElemType::F8E4M3FN, {1, 2}, {448, -0.5}),
                        tileOf(ElemType::F8E4M3FN, {2, 1}, {2, 0.015625}),
                        tileOf(ElemType::F16, {1, 1}, {1}),
                        tileOf(ElemType::TF32, {1, 2}, {1.5, 2}),
                        tileOf(ElemType::TF32, {2, 1}, {4, -0.25}),
                        tileOf(ElemType::F32, {1, 1}, {0})});
  ASSERT_EQ(out.size(), 4u);
  // Batch 0: 1*5 + 2*6 + 0.5; batch 1: 3*7 + 4*8 - 0.5.
  EXPECT_EQ(values(out[0]), V({17.5, 52.5}));
  // f64: fma(1e300, 1e-300, 1) then fma(3, 0.1, .) in double.
  EXPECT_EQ(valueAt(out[1], 0), std::fma(3.0, 0.1, std::fma(1e300, 1e-300, 1)));
  // f8 -> f16: 1 + 896 = 897, then - 0.0078125 rounds back to 897 in f16.
  EXPECT_EQ(valueAt(out[2], 0), 897);
  EXPECT_EQ(valueAt(out[3], 0), 5.5);
}

TEST_F(OracleCore, Mmaf256CubedIsExactAndFast) {
  // Small integers keep every partial sum exact, so the expected value is
  // computable independently; the throughput is recorded (not asserted, so
  // a loaded machine cannot fail it).
  ASSERT_TRUE(parse(moduleOf(mmaFunc(
      "f", "tile<256x256xf32>", "tile<256x256xf32>", "tile<256x256xf32>"))));
  const int n = 256;
  Tile a(ElemType::F32, {n, n}), b(ElemType::F32, {n, n}),
      c(ElemType::F32, {n, n});
  for (int i = 0; i < n * n; ++i) {
    a.set<float>(i, static_cast<float>((i * 7) % 5 - 2));
    b.set<float>(i, static_cast<float>((i * 3) % 7 - 3));
    c.set<float>(i, static_cast<float>(i % 11));
  }
  auto start = std::chrono::steady_clock::now();
  auto out = eval("f", {a, b, c});
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  RecordProperty("gflops", std::to_string(2.0 * n * n * n / seconds / 1e9));
  ASSERT_EQ(out.size(), 1u);
  for (int i : {0, 1, 255, 256 * 100 + 37, 256 * 256 - 1}) {
    int r = i / n, col = i % n;
    double want = c.get<float>(i);
    for (int k = 0; k < n; ++k)
      want += static_cast<double>(a.get<float>(r * n + k)) *
              b.get<float>(k * n + col);
    EXPECT_EQ(valueAt(out[0], i), want) << i;
  }
}

TEST_F(OracleCore, MmafStepsAreCorrectlyRoundedFmas) {
  // Each accumulation step is one correctly rounded FMA in the result type.
  // Batched 1x1x1 products are single steps; compare them with APFloat's
  // fusedMultiplyAdd on random bit patterns (all exponents, subnormals,
  // signs; NaN results compare as NaN). Seeded, so reproducible.
  ASSERT_TRUE(
      parse(moduleOf(mmaFunc("h", "tile<4096x1x1xf16>", "tile<4096x1x1xf16>",
                             "tile<4096x1x1xf16>") +
                     mmaFunc("e", "tile<4096x1x1xf8E5M2>",
                             "tile<4096x1x1xf8E5M2>", "tile<4096x1x1xf16>") +
                     mmaFunc("f", "tile<4096x1x1xf32>", "tile<4096x1x1xf32>",
                             "tile<4096x1x1xf32>"))));
  struct Case {
    const char *fn;
    ElemType in, out;
  };
  std::mt19937_64 rng(20261121);
  for (Case k : {Case{"h", ElemType::F16, ElemType::F16},
                 Case{"e", ElemType::F8E5M2, ElemType::F16},
                 Case{"f", ElemType::F32, ElemType::F32}}) {
    const int64_t n = 4096;
    auto randomBits = [&](ElemType t) {
      std::vector<uint64_t> bits(n);
      unsigned w = bitWidth(t);
      for (uint64_t &b : bits) {
        b = rng() & ((1ull << w) - 1);
        // Bias half of the accumulators towards the products' magnitude
        // so that cancellation and ties are common, not just absorption.
        if (t == ElemType::F32 && (rng() & 1))
          b = (b & 0x807fffffull) | (0x3f800000ull + (rng() % 16 << 23));
      }
      return bits;
    };
    std::vector<uint64_t> a = randomBits(k.in), b = randomBits(k.in),
                          c = randomBits(k.out);
    Tile ta = tileOfBits(k.in, {n, 1, 1}, a),
         tb = tileOfBits(k.in, {n, 1, 1}, b),
         tc = tileOfBits(k.out, {n, 1, 1}, c);
    auto out = eval(k.fn, {ta, tb, tc});
    ASSERT_EQ(out.size(), 1u);
    const llvm::fltSemantics &sem = *semantics(k.out);
    for (int64_t i = 0; i < n; ++i) {
      bool lost;
      llvm::APFloat x = ta.getFloat(i), y = tb.getFloat(i);
      x.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
      y.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
      // APFloat computes this * multiplicand + addend.
      llvm::APFloat want = x;
      want.fusedMultiplyAdd(y, tc.getFloat(i),
                            llvm::APFloat::rmNearestTiesToEven);
      llvm::APFloat got = out[0].getFloat(i);
      if (want.isNaN()) {
        EXPECT_TRUE(got.isNaN()) << k.fn << " " << i;
        continue;
      }
      EXPECT_TRUE(got.bitwiseIsEqual(want))
          << k.fn << " element " << i << ": a=0x" << std::hex << a[i] << " b=0x"
          << b[i] << " c=0x" << c[i] << " got " << got.convertToDouble()
          << " want " << want.convertToDouble();
    }
  }
}

TEST_F(OracleCore, MmafPropagatesNaNAndInfinity) {
  ASSERT_TRUE(parse(moduleOf(
      mmaFunc("f", "tile<1x2xf32>", "tile<2x2xf32>", "tile<1x2xf32>"))));
  // Column 0: inf * 0 is NaN. Column 1: inf * 1 + 1 * 2 + 3 is inf.
  double inf = std::numeric_limits<double>::infinity();
  auto out = eval("f", {tileOf(ElemType::F32, {1, 2}, {inf, 1}),
                        tileOf(ElemType::F32, {2, 2}, {0, 1, 5, 2}),
                        tileOf(ElemType::F32, {1, 2}, {0, 3})});
  EXPECT_TRUE(std::isnan(valueAt(out[0], 0)));
  EXPECT_EQ(valueAt(out[0], 1), inf);
}

TEST_F(OracleCore, MmaiSignednessMixes) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<1x2xi8>, %b: tile<2x1xi8>, %c: tile<1x1xi32>)
      -> (tile<1x1xi32>, tile<1x1xi32>, tile<1x1xi32>, tile<1x1xi32>) {
    %ss = mmai %a, %b, %c signed signed : tile<1x2xi8>, tile<2x1xi8>, tile<1x1xi32>
    %su = mmai %a, %b, %c signed unsigned : tile<1x2xi8>, tile<2x1xi8>, tile<1x1xi32>
    %us = mmai %a, %b, %c unsigned signed : tile<1x2xi8>, tile<2x1xi8>, tile<1x1xi32>
    %uu = mmai %a, %b, %c unsigned unsigned : tile<1x2xi8>, tile<2x1xi8>, tile<1x1xi32>
    return %ss, %su, %us, %uu : tile<1x1xi32>, tile<1x1xi32>, tile<1x1xi32>, tile<1x1xi32>
  }
})mlir"));
  // -128 is 0x80 (128 unsigned), -1 is 0xff (255 unsigned).
  auto out = eval("f", {tileOf(ElemType::I8, {1, 2}, {-128, -1}),
                        tileOf(ElemType::I8, {2, 1}, {-128, -1}),
                        tileOf(ElemType::I32, {1, 1}, {10})});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].getSInt(0), 16384 + 1 + 10);
  EXPECT_EQ(out[1].getSInt(0), -128 * 128 + -1 * 255 + 10);
  EXPECT_EQ(out[2].getSInt(0), 128 * -128 + 255 * -1 + 10);
  EXPECT_EQ(out[3].getSInt(0), 128 * 128 + 255 * 255 + 10);
}

TEST_F(OracleCore, MmaiWrapsAndBatches) {
  ASSERT_TRUE(
      parse(moduleOf(mmaFunc("f", "tile<2x1x1xi8>", "tile<2x1x2xi8>",
                             "tile<2x1x2xi32>", "mmai", " signed signed"))));
  auto out = eval("f", {tileOf(ElemType::I8, {2, 1, 1}, {1, -3}),
                        tileOf(ElemType::I8, {2, 1, 2}, {1, -1, 5, 7}),
                        tileOf(ElemType::I32, {2, 1, 2},
                               {2147483647.0, -2147483648.0, 0, 1})});
  // INT32_MAX + 1 and INT32_MIN - 1 wrap; batch 1 is -3 * [5 7] + [0 1].
  EXPECT_EQ(values(out[0]), V({-2147483648.0, 2147483647.0, -15, -20}));
}

TEST_F(OracleCore, MmafScaledAppliesBlockScales) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<1x64xf8E4M3FN>, %b: tile<64x1xf8E4M3FN>, %c: tile<1x1xf32>,
                  %sa: tile<1x2xf8E8M0FNU>, %sb: tile<2x1xf8E8M0FNU>) -> tile<1x1xf32> {
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<1x64xf8E4M3FN>, tile<64x1xf8E4M3FN>, tile<1x1xf32>, tile<1x2xf8E8M0FNU>, tile<2x1xf8E8M0FNU>
    return %d : tile<1x1xf32>
  }
  testing$func @g(%a: tile<1x16xf4E2M1FN>, %b: tile<16x1xf4E2M1FN>, %c: tile<1x1xf32>,
                  %sa: tile<1x1xf8E4M3FN>, %sb: tile<1x1xf8E4M3FN>) -> tile<1x1xf32> {
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<1x16xf4E2M1FN>, tile<16x1xf4E2M1FN>, tile<1x1xf32>, tile<1x1xf8E4M3FN>, tile<1x1xf8E4M3FN>
    return %d : tile<1x1xf32>
  }
})mlir"));
  // Block 0 (k < 32): lhs scale 2^1, rhs scale 2^0; block 1: 2^2 and 2^-1.
  // Sum = 32 * (1*2)(1*1) + 32 * (1*4)(1*0.5) + 0.25 = 64 + 64 + 0.25.
  // E8M0 bits are the biased exponent: 2^e is e + 127.
  auto out = eval("f", {tileOf(ElemType::F8E4M3FN, {1, 64}, {1}),
                        tileOf(ElemType::F8E4M3FN, {64, 1}, {1}),
                        tileOf(ElemType::F32, {1, 1}, {0.25}),
                        tileOfBits(ElemType::F8E8M0FNU, {1, 2}, {128, 129}),
                        tileOfBits(ElemType::F8E8M0FNU, {2, 1}, {127, 126})});
  EXPECT_EQ(valueAt(out[0], 0), 128.25);
  // E8M0 0xff is NaN: the result is NaN.
  out = eval("f", {tileOf(ElemType::F8E4M3FN, {1, 64}, {1}),
                   tileOf(ElemType::F8E4M3FN, {64, 1}, {1}),
                   tileOf(ElemType::F32, {1, 1}, {0}),
                   tileOfBits(ElemType::F8E8M0FNU, {1, 2}, {127, 0xff}),
                   tileOfBits(ElemType::F8E8M0FNU, {2, 1}, {127, 127})});
  EXPECT_TRUE(std::isnan(valueAt(out[0], 0)));
  // f4 with f8E4M3FN scales: 16 * (6 * 0.5) * (-1.5 * 2) = -144.
  out = eval("g", {tileOf(ElemType::F4E2M1FN, {1, 16}, {6}),
                   tileOf(ElemType::F4E2M1FN, {16, 1}, {-1.5}),
                   tileOf(ElemType::F32, {1, 1}, {0}),
                   tileOf(ElemType::F8E4M3FN, {1, 1}, {0.5}),
                   tileOf(ElemType::F8E4M3FN, {1, 1}, {2})});
  EXPECT_EQ(valueAt(out[0], 0), -144);
  // A negative f8E4M3FN scale gives undefined values: reported.
  auto failure = evalFailure("g", {tileOf(ElemType::F4E2M1FN, {1, 16}, {6}),
                                   tileOf(ElemType::F4E2M1FN, {16, 1}, {1}),
                                   tileOf(ElemType::F32, {1, 1}, {0}),
                                   tileOf(ElemType::F8E4M3FN, {1, 1}, {-0.5}),
                                   tileOf(ElemType::F8E4M3FN, {1, 1}, {2})});
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->kind, FailureKind::UndefinedBehavior);
}

//===----------------------------------------------------------------------===//
// assert, assume, print_tko
//===----------------------------------------------------------------------===//

TEST_F(OracleCore, AssertReportsEachFalseElementAndContinues) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%c: tile<2x2xi1>) -> tile<i32> {
    assert %c, "bad value" : tile<2x2xi1>
    %r = constant <i32: 42> : tile<i32>
    return %r : tile<i32>
  }
})mlir"));
  std::string text;
  std::vector<RtValue> out;
  RunResult r = callCapturing(
      "f", {RtValue::tile(tileOf(ElemType::I1, {2, 2}, {1, 0, 1, 0}))}, out,
      text, &RunOptions::assertStream);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->kind, FailureKind::AssertFailed);
  EXPECT_NE(r.failure->message.find("bad value"), std::string::npos);
  // Execution went on to the return.
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].getTile().getSInt(0), 42);
  // One line per false element, naming message, index and block.
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
  EXPECT_NE(
      text.find("\"bad value\" at element [0, 1] in tile block (0, 0, 0)"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("at element [1, 1]"), std::string::npos) << text;

  // All true: no output, no failure.
  text.clear();
  r = callCapturing("f", {RtValue::tile(tileOf(ElemType::I1, {2, 2}, {1}))},
                    out, text, &RunOptions::assertStream);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(text.empty());
}

constexpr const char *kAssumeModule = R"mlir(
cuda_tile.module @m {
  testing$func @div(%x: tile<4xi32>) -> tile<4xi32> {
    %a = assume div_by<16>, %x : tile<4xi32>
    return %a : tile<4xi32>
  }
  testing$func @groups(%x: tile<2x4xi32>) -> tile<2x4xi32> {
    %a = assume div_by<4, every 2 along 1>, %x : tile<2x4xi32>
    return %a : tile<2x4xi32>
  }
  testing$func @ptrs(%x: tile<4xptr<f32>>) -> tile<4xptr<f32>> {
    %a = assume div_by<16, every 4 along 0>, %x : tile<4xptr<f32>>
    return %a : tile<4xptr<f32>>
  }
  testing$func @same(%x: tile<2x4xi8>) -> tile<2x4xi8> {
    %a = assume same_elements<[2, 3]>, %x : tile<2x4xi8>
    return %a : tile<2x4xi8>
  }
  testing$func @bounded(%x: tile<4xi8>) -> tile<4xi8> {
    %a = assume bounded<-2, 5>, %x : tile<4xi8>
    return %a : tile<4xi8>
  }
  testing$func @lower(%x: tile<4xi64>) -> tile<4xi64> {
    %a = assume bounded<0, ?>, %x : tile<4xi64>
    return %a : tile<4xi64>
  }
})mlir";

TEST_F(OracleCore, AssumeViolationsAreUndefinedBehaviour) {
  ASSERT_TRUE(parse(kAssumeModule));
  auto expectUb = [&](const char *fn, Tile t, const char *needle) {
    auto failure = evalFailure(fn, {std::move(t)});
    ASSERT_TRUE(failure) << fn;
    EXPECT_EQ(failure->kind, FailureKind::UndefinedBehavior) << fn;
    EXPECT_NE(failure->message.find(needle), std::string::npos)
        << fn << ": " << failure->message;
  };
  expectUb("div", tileOf(ElemType::I32, {4}, {32, -16, 8, 0}), "[2] = 8");
  // Group start 5 is not a multiple of 4.
  expectUb("groups", tileOf(ElemType::I32, {2, 4}, {4, 5, 5, 6, 8, 9, 12, 13}),
           "[0, 2] = 5");
  // Inside a group elements must increase by exactly one.
  expectUb("groups", tileOf(ElemType::I32, {2, 4}, {4, 5, 8, 9, 8, 10, 12, 13}),
           "[1, 1] = 10");
  // Pointers step by the pointee width (4 bytes for f32).
  expectUb("ptrs", tileOfBits(ElemType::Ptr, {4}, {0x100, 0x104, 0x109, 0x10c}),
           "[2] = 0x109");
  expectUb("ptrs", tileOfBits(ElemType::Ptr, {4}, {0x104, 0x108, 0x10c, 0x110}),
           "[0] = 0x104");
  // Groups are 2 x 3: columns 0..2 and the short last group, column 3.
  expectUb("same", tileOf(ElemType::I8, {2, 4}, {1, 1, 1, 2, 1, 3, 1, 2}),
           "[1, 1]");
  expectUb("same", tileOf(ElemType::I8, {2, 4}, {1, 1, 1, 2, 1, 1, 1, 3}),
           "[1, 3]");
  expectUb("bounded", tileOf(ElemType::I8, {4}, {0, 6, 1, 2}), "[1] = 6");
  expectUb("bounded", tileOf(ElemType::I8, {4}, {-3, 0, 1, 2}), "[0] = -3");
  expectUb("lower", tileOf(ElemType::I64, {4}, {5, 0, -1, 2}), "[2] = -1");
}

TEST_F(OracleCore, AssumeHoldsAndPassesTheValueThrough) {
  ASSERT_TRUE(parse(kAssumeModule));
  EXPECT_EQ(
      values(eval("div", {tileOf(ElemType::I32, {4}, {32, -16, 0, 48})})[0]),
      V({32, -16, 0, 48}));
  EXPECT_EQ(values(eval("groups", {tileOf(ElemType::I32, {2, 4},
                                          {4, 5, -8, -7, 0, 1, 12, 13})})[0]),
            V({4, 5, -8, -7, 0, 1, 12, 13}));
  auto p = eval("ptrs",
                {tileOfBits(ElemType::Ptr, {4}, {0x100, 0x104, 0x108, 0x10c})});
  EXPECT_EQ(bitsAt(p[0], 3), 0x10cu);
  EXPECT_EQ(values(eval("same", {tileOf(ElemType::I8, {2, 4},
                                        {7, 7, 7, -1, 7, 7, 7, -1})})[0]),
            V({7, 7, 7, -1, 7, 7, 7, -1}));
  EXPECT_EQ(
      values(eval("bounded", {tileOf(ElemType::I8, {4}, {-2, 5, 0, 1})})[0]),
      V({-2, 5, 0, 1}));
  EXPECT_EQ(
      values(eval("lower", {tileOf(ElemType::I64, {4}, {0, 1, 1e15, 2})})[0]),
      V({0, 1, 1e15, 2}));
}

TEST_F(OracleCore, PrintTkoFormatsTilesLikePrintf) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%v: tile<4xi32>, %s: tile<f32>, %m: tile<2x2xi8>, %b: tile<i1>, %h: tile<2xf16>) {
    %t0 = print_tko "start\n" -> token
    %t1 = print_tko "v=%d s=%.2f 100%%\n", %v, %s : tile<4xi32>, tile<f32> -> token
    %t2 = print_tko "m=%x b=%i h=%+07.1f\n", %m, %b, %h token=%t1 : tile<2x2xi8>, tile<i1>, tile<2xf16> -> token
    %t3 = print_tko "%ld|%5d|%-3u|\n", %v, %s, %m : tile<4xi32>, tile<f32>, tile<2x2xi8> -> token
    return
  }
  testing$func @g(%v: tile<2xi64>) {
    %t = print_tko "%lld %e\n", %v, %v : tile<2xi64>, tile<2xi64> -> token
    return
  }
})mlir"));
  auto args = [&] {
    std::vector<RtValue> in;
    in.push_back(RtValue::tile(tileOf(ElemType::I32, {4}, {1, -2, 3, -4})));
    in.push_back(RtValue::tile(tileOf(ElemType::F32, {}, {2.5})));
    in.push_back(RtValue::tile(tileOf(ElemType::I8, {2, 2}, {-1, 16, 0, 127})));
    in.push_back(RtValue::tile(tileOf(ElemType::I1, {}, {1})));
    in.push_back(RtValue::tile(tileOf(ElemType::F16, {2}, {-0.5, 3.25})));
    return in;
  };
  std::string text;
  std::vector<RtValue> out;
  // The third print's %5d has an f32 operand: undefined output, reported
  // after the first two lines were printed.
  RunResult r = callCapturing("f", args(), out, text);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->kind, FailureKind::UndefinedBehavior);
  EXPECT_EQ(text, "start\n"
                  "v=[1, -2, 3, -4] s=2.50 100%\n"
                  "m=[[ff, 10], [0, 7f]] b=1 h=[-0000.5, +0003.2]\n");

  // Integer tiles with a float conversion are undefined output as well.
  text.clear();
  r = callCapturing(
      "g", {RtValue::tile(tileOf(ElemType::I64, {2}, {-5, 1e12}))}, out, text);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->kind, FailureKind::UndefinedBehavior);
  EXPECT_EQ(text, "");
}

TEST_F(OracleCore, PrintTkoNestsBracketsPerDimension) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%x: tile<2x2x2xi16>, %p: tile<2xptr<f32>>) -> token {
    %t = print_tko "%d %p", %x, %p : tile<2x2x2xi16>, tile<2xptr<f32>> -> token
    return %t : token
  }
})mlir"));
  std::string text;
  std::vector<RtValue> out;
  RunResult r = callCapturing(
      "f",
      {RtValue::tile(counting(ElemType::I16, {2, 2, 2})),
       RtValue::tile(tileOfBits(ElemType::Ptr, {2}, {0x1000, 0xbeef0}))},
      out, text);
  ASSERT_TRUE(r.ok()) << r.failure->str();
  EXPECT_EQ(text, "[[[0, 1], [2, 3]], [[4, 5], [6, 7]]] [0x1000, 0xbeef0]");
}

TEST_F(OracleCore, PrintTkoLengthModifiersAndWidths) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%v: tile<2xi64>, %m: tile<2x2xi8>, %s: tile<f64>) -> token {
    %t = print_tko "%lld|%-4u|%5.1e|%o\n", %v, %m, %s, %v : tile<2xi64>, tile<2x2xi8>, tile<f64>, tile<2xi64> -> token
    return %t : token
  }
})mlir"));
  std::string text;
  std::vector<RtValue> out;
  RunResult r =
      callCapturing("f",
                    {RtValue::tile(tileOf(ElemType::I64, {2}, {-5, 1e12})),
                     RtValue::tile(tileOf(ElemType::I8, {2, 2}, {-1, 2, 3, 4})),
                     RtValue::tile(tileOf(ElemType::F64, {}, {1234.5}))},
                    out, text);
  ASSERT_TRUE(r.ok()) << r.failure->str();
  // %u of i8 -1 is the element-width unsigned value 255; %o of -5 (i64) is
  // its 64-bit pattern in octal.
  EXPECT_EQ(text, "[-5, 1000000000000]|[[255 , 2   ], [3   , 4   ]]|1.2e+03|"
                  "[1777777777777777777773, 16432451210000]\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind(), RtValue::Kind::Token);
}

} // namespace
