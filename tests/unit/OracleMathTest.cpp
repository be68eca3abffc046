//===- OracleMathTest.cpp - math op semantics -----------------------------===//
//
// sqrt/floor/ceil are exact and checked bit for bit under every rounding
// mode. The transcendental ops are libm's, so their tests use inputs whose
// results are exact in every libm (exp(0), log2(8), pow(2, 10), ...) or
// the correctly rounded constants glibc is known to return, plus the
// special values (NaN, inf, -0) and f16/bf16 evaluated in f32 then rounded.
//
//===----------------------------------------------------------------------===//

#include "OracleNumericTestUtil.h"

#include <cmath>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleMath : public OracleNumericTest {
protected:
  bool unary(const std::string &opText, const std::string &ty) {
    return defineOp("%a: " + ty, ty, opText);
  }
};

TEST_F(OracleMath, SqrtF32EveryRoundingMode) {
  // sqrt(2) = 0x3fb504f3.5..: nearest and the downward modes keep ...f3,
  // +inf rounds up. sqrt(3) = 0x3fddb3d7.7.. likewise; sqrt(4) is exact.
  struct Case {
    const char *mode;
    Bits expected;
  } cases[] = {
      {"", {0x3fb504f3, 0x3fddb3d7, 0x40000000, 0x80000000}},
      {" rounding<zero>", {0x3fb504f3, 0x3fddb3d7, 0x40000000, 0x80000000}},
      {" rounding<negative_inf>",
       {0x3fb504f3, 0x3fddb3d7, 0x40000000, 0x80000000}},
      {" rounding<positive_inf>",
       {0x3fb504f4, 0x3fddb3d8, 0x40000000, 0x80000000}},
      {" rounding<approx>", {0x3fb504f3, 0x3fddb3d7, 0x40000000, 0x80000000}}};
  for (const Case &c : cases) {
    ASSERT_TRUE(unary(std::string("sqrt %a") + c.mode + " : tile<4xf32>",
                      "tile<4xf32>"));
    EXPECT_EQ(
        bitsOf(run({tileOfBits(
            F32, {4}, {0x40000000, 0x40400000, 0x40800000, 0x80000000})})),
        c.expected)
        << c.mode;
  }
}

TEST_F(OracleMath, SqrtF64AndF16DirectedModes) {
  // sqrt(2) in f64: nearest 0x3ff6a09e667f3bcd lies above the root.
  ASSERT_TRUE(unary("sqrt %a rounding<zero> : tile<1xf64>", "tile<1xf64>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {1}, {2})})),
            (Bits{0x3ff6a09e667f3bccull}));
  ASSERT_TRUE(
      unary("sqrt %a rounding<positive_inf> : tile<1xf64>", "tile<1xf64>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {1}, {2})})),
            (Bits{0x3ff6a09e667f3bcdull}));
  // sqrt(2) in f16: 1.4140625 (0x3da8) lies below the root.
  ASSERT_TRUE(unary("sqrt %a : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {1}, {2})})), (Bits{0x3da8}));
  ASSERT_TRUE(
      unary("sqrt %a rounding<positive_inf> : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {1}, {2})})), (Bits{0x3da9}));
  ASSERT_TRUE(
      unary("sqrt %a rounding<negative_inf> : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {1}, {2})})), (Bits{0x3da8}));
}

TEST_F(OracleMath, SqrtSpecialValuesAndFlushToZero) {
  // -1 -> NaN, -0 -> -0, +inf -> +inf, subnormal 2^-148 -> 2^-74.
  Bits in = {0xbf800000, 0x80000000, 0x7f800000, 0x00000002};
  ASSERT_TRUE(unary("sqrt %a rounding<zero> : tile<4xf32>", "tile<4xf32>"));
  Tile r = run({tileOfBits(F32, {4}, in)});
  EXPECT_TRUE(std::isnan(valueAt(r, 0)));
  EXPECT_EQ(bitsAt(r, 1), 0x80000000u);
  EXPECT_EQ(bitsAt(r, 2), 0x7f800000u);
  EXPECT_EQ(bitsAt(r, 3), 0x1a800000u); // 2^-74
  ASSERT_TRUE(unary("sqrt %a flush_to_zero : tile<4xf32>", "tile<4xf32>"));
  EXPECT_EQ(bitsAt(run({tileOfBits(F32, {4}, in)}), 3), 0u);
}

TEST_F(OracleMath, FloorCeilKeepTheSignOfZero) {
  auto in = [] {
    return std::vector<Tile>{tileOf(F32, {4}, {-1.5, -0.5, 2.5, 3})};
  };
  ASSERT_TRUE(unary("floor %a : tile<4xf32>", "tile<4xf32>"));
  EXPECT_EQ(bitsOf(run(in())),
            (Bits{0xc0000000, 0xbf800000, 0x40000000, 0x40400000}));
  ASSERT_TRUE(unary("ceil %a : tile<4xf32>", "tile<4xf32>"));
  // ceil(-0.5) = -0.
  EXPECT_EQ(bitsOf(run(in())),
            (Bits{0xbf800000, 0x80000000, 0x40400000, 0x40400000}));
  ASSERT_TRUE(unary("ceil %a : tile<2xbf16>", "tile<2xbf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(BF16, {2}, {-0.5, 1.25})})),
            (Bits{0x8000, 0x4000}));
}

TEST_F(OracleMath, ExactTranscendentalValues) {
  struct Case {
    const char *op;
    double in, out;
  } cases[] = {{"exp", 0, 1},     {"exp2", 3, 8},    {"exp2", -1, 0.5},
               {"log", 1, 0},     {"log2", 8, 3},    {"log2", 0.25, -2},
               {"sin", 0, 0},     {"cos", 0, 1},     {"tan", 0, 0},
               {"sinh", 0, 0},    {"cosh", 0, 1},    {"tanh", 0, 0},
               {"rsqrt", 4, 0.5}, {"rsqrt", 0.25, 2}};
  for (const char *ty : {"f32", "f64", "f16", "bf16"}) {
    ElemType e = *parseElemType(ty);
    std::string t = std::string("tile<1x") + ty + ">";
    for (const Case &c : cases) {
      ASSERT_TRUE(unary(std::string(c.op) + " %a : " + t, t));
      EXPECT_EQ(valueAt(run({tileOf(e, {1}, {c.in})}), 0), c.out)
          << c.op << "(" << c.in << ") in " << ty;
    }
  }
}

TEST_F(OracleMath, SpecialValues) {
  double inf = INFINITY;
  ASSERT_TRUE(unary("log %a : tile<4xf32>", "tile<4xf32>"));
  Tile r = run({tileOf(F32, {4}, {-1, 0, inf, NAN})});
  EXPECT_TRUE(std::isnan(valueAt(r, 0)));
  EXPECT_EQ(bitsAt(r, 1), 0xff800000u); // log(0) = -inf
  EXPECT_EQ(bitsAt(r, 2), 0x7f800000u);
  EXPECT_TRUE(std::isnan(valueAt(r, 3)));
  ASSERT_TRUE(unary("exp %a : tile<4xf64>", "tile<4xf64>"));
  r = run({tileOf(F64, {4}, {-inf, inf, 1000, -1000})});
  EXPECT_EQ(bitsOf(r),
            (Bits{0, 0x7ff0000000000000ull, 0x7ff0000000000000ull, 0}));
  ASSERT_TRUE(unary("rsqrt %a : tile<2xf32>", "tile<2xf32>"));
  r = run({tileOfBits(F32, {2}, {0x00000000, 0x80000000})});
  EXPECT_EQ(bitsOf(r), (Bits{0x7f800000, 0xff800000})); // 1/+-0
  ASSERT_TRUE(unary("tanh %a rounding<approx> : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {inf, -inf})})),
            (Bits{0x3f800000, 0xbf800000}));
}

TEST_F(OracleMath, Exp2FlushToZero) {
  // 2^-130 is subnormal in f32 (0x00080000): flushed with the modifier.
  ASSERT_TRUE(unary("exp2 %a : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {-130, -126})})),
            (Bits{0x00080000, 0x00800000}));
  ASSERT_TRUE(unary("exp2 %a flush_to_zero : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {-130, -126})})),
            (Bits{0, 0x00800000}));
}

TEST_F(OracleMath, HalfIsComputedInF32ThenRounded) {
  // e = 2.71828..: the f16 neighbours are 2.716796875 and 2.71875 (0x4170).
  ASSERT_TRUE(unary("exp %a : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {1}, {1})})), (Bits{0x4170}));
  // bf16: e rounds to 2.71875 as well (0x402e).
  ASSERT_TRUE(unary("exp %a : tile<1xbf16>", "tile<1xbf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(BF16, {1}, {1})})), (Bits{0x402e}));
}

TEST_F(OracleMath, PowAndAtan2ArgumentOrder) {
  ASSERT_TRUE(defineOp("%a: tile<4xf32>, %b: tile<4xf32>", "tile<4xf32>",
                       "pow %a, %b : tile<4xf32>"));
  Tile r = run(
      {tileOf(F32, {4}, {2, -2, 9, 1}), tileOf(F32, {4}, {10, 3, 0.5, NAN})});
  EXPECT_EQ(bitsOf(r), (Bits{0x44800000, 0xc1000000, 0x40400000, 0x3f800000}));
  // atan2 %x, %y is the angle of x / y: atan2(1, 1) = pi/4, atan2(1, 0) =
  // pi/2, atan2(0, -1) = pi, atan2(-0, 1) = -0 (f32 roundings of pi/4 etc.).
  ASSERT_TRUE(defineOp("%a: tile<4xf32>, %b: tile<4xf32>", "tile<4xf32>",
                       "atan2 %a, %b : tile<4xf32>"));
  r = run({tileOfBits(F32, {4}, {0x3f800000, 0x3f800000, 0, 0x80000000}),
           tileOf(F32, {4}, {1, 0, -1, 1})});
  EXPECT_EQ(bitsOf(r), (Bits{0x3f490fdb, 0x3fc90fdb, 0x40490fdb, 0x80000000}));
  ASSERT_TRUE(defineOp("%a: tile<1xf64>, %b: tile<1xf64>", "tile<1xf64>",
                       "atan2 %a, %b : tile<1xf64>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {1}, {1}), tileOf(F64, {1}, {0})})),
            (Bits{0x3ff921fb54442d18ull})); // pi/2
}

TEST_F(OracleMath, LibmValuesWithinOneUlp) {
  // Values only checked to an ulp: the policy is a tolerance, and these
  // make sure the right function is wired to each op.
  struct Case {
    const char *op;
    double in, out;
  } cases[] = {{"sin", 1, 0.8414709848078965},  {"cos", 1, 0.5403023058681398},
               {"tan", 1, 1.5574077246549023},  {"sinh", 1, 1.1752011936438014},
               {"cosh", 1, 1.5430806348152437}, {"tanh", 1, 0.7615941559557649},
               {"log", 2, 0.6931471805599453},  {"exp", 1, 2.718281828459045}};
  for (const Case &c : cases) {
    ASSERT_TRUE(unary(std::string(c.op) + " %a : tile<1xf64>", "tile<1xf64>"));
    double v = valueAt(run({tileOf(F64, {1}, {c.in})}), 0);
    EXPECT_LE(std::fabs(v - c.out), std::nextafter(c.out, INFINITY) - c.out)
        << c.op;
  }
}

} // namespace
