//===- OracleConversionTest.cpp - conversion op semantics -----------------===//
//
// Hand-computed bit patterns for every float format: ties to even, the
// overflow of each format (inf, saturation, NaN), fp8 and fp4 saturation
// and NaN encodings, f8E8M0FNU's directed modes, NaN payloads through
// widening, ftoi's undefined cases, integer widening/narrowing with flags,
// bitcasts, pointer casts and the byte layout of pack/unpack.
//
//===----------------------------------------------------------------------===//

#include "OracleNumericTestUtil.h"

#include "llvm/ADT/APSInt.h"

#include <cmath>
#include <random>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleConversion : public OracleNumericTest {
protected:
  /// `<op> %a<mods> : from -> to` as a one-op function.
  bool conv(const std::string &op, const std::string &from,
            const std::string &to, const std::string &mods = "") {
    return un(op + " %a" + mods + " : " + from + " -> " + to, from, to);
  }
};

const double kInf = INFINITY;

//===-- ftof --------------------------------------------------------------===//

TEST_F(OracleConversion, F32ToF16TiesOverflowAndSubnormals) {
  ASSERT_TRUE(conv("ftof", "tile<8xf32>", "tile<8xf16>"));
  // 65520 is the tie between 65504 and 2^16 (inf): even goes to inf.
  // 2^-25 ties 0 and 2^-24 -> 0; 3*2^-26 -> 2^-24.
  Tile r = run({tileOf(F32, {8},
                       {65520, 65519, 1.0 / 3, std::ldexp(1.0, -25),
                        3 * std::ldexp(1.0, -26), -0.0, -kInf, 1})});
  EXPECT_EQ(bitsOf(r), (Bits{0x7c00, 0x7bff, 0x3555, 0x0000, 0x0001, 0x8000,
                             0xfc00, 0x3c00}));
}

TEST_F(OracleConversion, F32ToBF16TiesToEven) {
  ASSERT_TRUE(conv("ftof", "tile<4xf32>", "tile<4xbf16>"));
  Tile r = run(
      {tileOfBits(F32, {4}, {0x3f808000, 0x3f818000, 0x3f808001, 0x7f7fffff})});
  EXPECT_EQ(bitsOf(r), (Bits{0x3f80, 0x3f82, 0x3f81, 0x7f80}));
}

TEST_F(OracleConversion, F32ToF8E4M3FNSaturatesAndHasOneNaN) {
  ASSERT_TRUE(conv("ftof", "tile<16xf32>", "tile<16xf8E4M3FN>"));
  Tile in = tileOf(F32, {16},
                   {448, 464, 480, 1000, -1000, kInf, -kInf, 0, 0,
                    std::ldexp(1.0, -9), std::ldexp(1.0, -10), 0, -0.0, 1, 17,
                    -3 * std::ldexp(1.0, -10)});
  in.set<uint32_t>(7, 0x7fc00000); // NaN
  in.set<uint32_t>(8, 0xffc00000); // -NaN
  // 464 ties 448 (mantissa 110) and 480 (the NaN slot): even -> 448.
  // Overflow and infinities saturate to +-448; every NaN becomes 0x7f.
  // 17 ties 16 and 18 -> 16; -1.5 subnormal units tie 1 and 2 -> 2.
  EXPECT_EQ(bitsOf(run({in})),
            (Bits{0x7e, 0x7e, 0x7e, 0x7e, 0xfe, 0x7e, 0xfe, 0x7f, 0x7f, 0x01,
                  0x00, 0x00, 0x80, 0x38, 0x58, 0x82}));
}

TEST_F(OracleConversion, F32ToF8E5M2SaturatesInfinities) {
  ASSERT_TRUE(conv("ftof", "tile<8xf32>", "tile<8xf8E5M2>"));
  Tile in = tileOf(F32, {8},
                   {57344, 61440, kInf, 0, 1, -kInf, std::ldexp(1.0, -16),
                    std::ldexp(1.0, -17)});
  in.set<uint32_t>(3, 0x7fc00000);
  EXPECT_EQ(bitsOf(run({in})),
            (Bits{0x7b, 0x7b, 0x7b, 0x7f, 0x3c, 0xfb, 0x01, 0x00}));
}

TEST_F(OracleConversion, F32ToF4E2M1FN) {
  ASSERT_TRUE(conv("ftof", "tile<8xf32>", "tile<8xf4E2M1FN>"));
  // Grid 0, 0.5, 1, 1.5, 2, 3, 4, 6. 7 and 100 saturate to 6; 5 ties 4 and
  // 6 -> 4 (0x6); 0.25 ties 0 and 0.5 -> 0; 0.75 ties 0.5 and 1 -> 1.
  EXPECT_EQ(
      bitsOf(run({tileOf(F32, {8}, {6, 7, 100, -100, kInf, 5, 0.75, -0.25})})),
      (Bits{0x7, 0x7, 0x7, 0xf, 0x7, 0x6, 0x2, 0x8}));
  Tile nan = tileOf(F32, {8}, {0});
  nan.set<uint32_t>(3, 0x7fc00000);
  expectUB({nan}, "f4E2M1FN (no NaN encoding) at element 3");
}

TEST_F(OracleConversion, F32ToF8E8M0FNUDirectedModes) {
  Tile in = tileOf(F32, {8},
                   {3, 1, 0.75, 1.5 * std::ldexp(1.0, 127), 0, kInf,
                    std::ldexp(1.0, -127), std::ldexp(1.0, -130)});
  in.set<uint32_t>(4, 0x7fc00000);
  ASSERT_TRUE(
      conv("ftof", "tile<8xf32>", "tile<8xf8E8M0FNU>", " rounding<zero>"));
  EXPECT_EQ(bitsOf(run({in})),
            (Bits{0x80, 0x7f, 0x7e, 0xfe, 0xff, 0xff, 0x00, 0x00}));
  ASSERT_TRUE(conv("ftof", "tile<8xf32>", "tile<8xf8E8M0FNU>",
                   " rounding<positive_inf>"));
  EXPECT_EQ(bitsOf(run({in})),
            (Bits{0x81, 0x7f, 0x7f, 0xff, 0xff, 0xff, 0x00, 0x00}));
  expectUB({tileOf(F32, {8}, {1, 1, 0, 1, 1, 1, 1, 1})},
           "no zero or negative values");
  expectUB({tileOf(F32, {8}, {-2})}, "at element 0");
}

TEST_F(OracleConversion, NarrowFormatsWidenExactly) {
  ASSERT_TRUE(conv("ftof", "tile<4xf8E4M3FN>", "tile<4xf32>"));
  Tile r = run({tileOfBits(ElemType::F8E4M3FN, {4}, {0x7f, 0x01, 0x7e, 0x80})});
  EXPECT_TRUE(std::isnan(valueAt(r, 0)));
  EXPECT_EQ(bitsAt(r, 1), 0x3b000000u); // 2^-9
  EXPECT_EQ(bitsAt(r, 2), 0x43e00000u); // 448
  EXPECT_EQ(bitsAt(r, 3), 0x80000000u);
  // NaN payloads move to the top of the wider significand.
  ASSERT_TRUE(conv("ftof", "tile<2xf16>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(F16, {2}, {0x7e01, 0xfc00})})),
            (Bits{0x7fc02000, 0xff800000}));
  ASSERT_TRUE(conv("ftof", "tile<2xf32>", "tile<2xf64>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(F32, {2}, {0x7fc00001, 0x00000001})})),
            (Bits{0x7ff8000020000000ull, 0x36a0000000000000ull})); // 2^-149
}

TEST_F(OracleConversion, F64ToF32AndTF32) {
  ASSERT_TRUE(conv("ftof", "tile<4xf64>", "tile<4xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {4},
                               {1 + std::ldexp(1.0, -24),
                                1 + std::ldexp(1.0, -24) + std::ldexp(1.0, -40),
                                1e39, -1e-50})})),
            (Bits{0x3f800000, 0x3f800001, 0x7f800000, 0x80000000}));
  // tf32 keeps 10 fraction bits; results as 19-bit patterns.
  ASSERT_TRUE(conv("ftof", "tile<4xf32>", "tile<4xtf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(
                F32, {4},
                {1 + std::ldexp(1.0, -11), 1 + 3 * std::ldexp(1.0, -11),
                 1 + std::ldexp(1.0, -11) + std::ldexp(1.0, -20), -2})})),
            (Bits{0x1fc00, 0x1fc02, 0x1fc01, 0x60000}));
}

TEST_F(OracleConversion, HalfFormatsConvertLikeAPFloat) {
  // Every f16 and bf16 bit pattern to f32 and to the other 16-bit format,
  // and random f32 patterns to both, against APFloat's nearest-even
  // conversion (NaNs compared as NaN).
  auto check = [&](ElemType from, ElemType to, const Bits &bits) {
    std::string ft = std::string("tile<65536x") + name(from).str() + ">";
    std::string tt = std::string("tile<65536x") + name(to).str() + ">";
    ASSERT_TRUE(conv("ftof", ft, tt));
    Tile in = tileOfBits(from, {65536}, bits);
    Tile r = run({in});
    for (int64_t i = 0; i < 65536; ++i) {
      llvm::APFloat x = in.getFloat(i);
      bool lost;
      x.convert(*semantics(to), llvm::APFloat::rmNearestTiesToEven, &lost);
      if (x.isNaN()) {
        ASSERT_TRUE(std::isnan(valueAt(r, i))) << std::hex << bits[i];
        continue;
      }
      ASSERT_EQ(bitsAt(r, i), x.bitcastToAPInt().getZExtValue())
          << name(from).str() << " -> " << name(to).str() << " of " << std::hex
          << bits[i];
    }
  };
  Bits all(65536);
  for (uint64_t i = 0; i < 65536; ++i)
    all[i] = i;
  check(F16, F32, all);
  check(BF16, F32, all);
  check(F16, BF16, all);
  check(BF16, F16, all);
  check(F16, F64, all);
  std::mt19937_64 rng(7);
  Bits f32(65536);
  for (uint64_t &b : f32) {
    b = rng() & 0xffffffffu;
    // Half the samples in f16's range, where the rounding decisions are.
    if (b & 1)
      b = (b & 0x80000000u) | (0x33000000u + (b & 0x0fffffffu) % 0x0c000000u);
  }
  check(F32, F16, f32);
  check(F32, BF16, f32);
}

//===-- ftoi / itof -------------------------------------------------------===//

TEST_F(OracleConversion, FtoiTruncatesTowardZero) {
  ASSERT_TRUE(conv("ftoi", "tile<4xf32>", "tile<4xi32>", " signed"));
  EXPECT_EQ(intsOf(run({tileOf(F32, {4}, {2.9, -2.9, -0.5, 2147483520})})),
            (Ints{2, -2, 0, 2147483520}));
  ASSERT_TRUE(conv("ftoi", "tile<4xf32>", "tile<4xi32>", " unsigned"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {4}, {4294967040.0, 0.9, -0.9, 1})})),
            (Bits{0xffffff00u, 0, 0, 1}));
  ASSERT_TRUE(conv("ftoi", "tile<2xf64>", "tile<2xi64>", " unsigned"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {2}, {18446744073709549568.0, 3.5})})),
            (Bits{0xfffffffffffff800ull, 3}));
  ASSERT_TRUE(conv("ftoi", "tile<2xf16>", "tile<2xi8>", " signed"));
  EXPECT_EQ(intsOf(run({tileOf(F16, {2}, {127.875, -128})})),
            (Ints{127, -128}));
  ASSERT_TRUE(conv("ftoi", "tile<2xf32>", "tile<2xi1>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {-1, 0.5})})), (Bits{1, 0}));
}

TEST_F(OracleConversion, FtoiNaNInfAndOutOfRangeAreUB) {
  ASSERT_TRUE(conv("ftoi", "tile<2xf32>", "tile<2xi32>", " signed"));
  expectUB({tileOf(F32, {2}, {0, 2147483648.0})}, "at element 1");
  expectUB({tileOf(F32, {2}, {NAN, 0})}, "outside signed i32 at element 0");
  expectUB({tileOf(F32, {2}, {-kInf, 0})}, "at element 0");
  expectUB({tileOf(F32, {2}, {-2147483904.0, 0})}, "at element 0");
  ASSERT_TRUE(conv("ftoi", "tile<2xf32>", "tile<2xi32>", " unsigned"));
  expectUB({tileOf(F32, {2}, {0, -1})}, "outside unsigned i32 at element 1");
  ASSERT_TRUE(conv("ftoi", "tile<2xf64>", "tile<2xi64>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {2}, {-9223372036854775808.0, 0})})),
            (Bits{0x8000000000000000ull, 0}));
  expectUB({tileOf(F64, {2}, {9223372036854775808.0, 0})}, "at element 0");
  ASSERT_TRUE(conv("ftoi", "tile<2xf16>", "tile<2xi8>", " signed"));
  expectUB({tileOf(F16, {2}, {128, 0})}, "at element 0");
  ASSERT_TRUE(conv("ftoi", "tile<2xf32>", "tile<2xi1>", " signed"));
  expectUB({tileOf(F32, {2}, {0, 1})}, "at element 1");
}

TEST_F(OracleConversion, ItofRoundsToNearestEven) {
  ASSERT_TRUE(conv("itof", "tile<4xi32>", "tile<4xf32>", " signed"));
  EXPECT_EQ(
      bitsOf(run({tileOf(I32, {4}, {16777217, 16777219, -1, 2147483647})})),
      (Bits{0x4b800000, 0x4b800002, 0xbf800000, 0x4f000000}));
  ASSERT_TRUE(conv("itof", "tile<2xi32>", "tile<2xf32>", " unsigned"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {2}, {-1, 3})})),
            (Bits{0x4f800000, 0x40400000}));
  ASSERT_TRUE(conv("itof", "tile<2xi64>", "tile<2xf64>", " unsigned"));
  EXPECT_EQ(bitsOf(run({tileOfBits(I64, {2}, {~0ull, (1ull << 53) + 1})})),
            (Bits{0x43f0000000000000ull, 0x4340000000000000ull}));
  ASSERT_TRUE(conv("itof", "tile<4xi32>", "tile<4xf16>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {4}, {65520, 65519, -70000, 2049})})),
            (Bits{0x7c00, 0x7bff, 0xfc00, 0x6800}));
  ASSERT_TRUE(conv("itof", "tile<2xi32>", "tile<2xbf16>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {2}, {257, 259})})),
            (Bits{0x4380, 0x4382}));
  ASSERT_TRUE(conv("itof", "tile<2xi1>", "tile<2xf32>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(I1, {2}, {1, 0})})), (Bits{0xbf800000, 0}));
  ASSERT_TRUE(conv("itof", "tile<2xi1>", "tile<2xf32>", " unsigned"));
  EXPECT_EQ(bitsOf(run({tileOf(I1, {2}, {1, 0})})), (Bits{0x3f800000, 0}));
}

TEST_F(OracleConversion, ItofOverflowIntoFormatsWithoutInf) {
  // f8E4M3FN has no inf: overflow gives its NaN 0x7f, whatever the sign.
  ASSERT_TRUE(conv("itof", "tile<4xi16>", "tile<4xf8E4M3FN>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(I16, {4}, {1000, -1000, 448, 17})})),
            (Bits{0x7f, 0x7f, 0x7e, 0x58}));
  // f4E2M1FN has neither inf nor NaN: it saturates.
  ASSERT_TRUE(conv("itof", "tile<4xi8>", "tile<4xf4E2M1FN>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(I8, {4}, {100, -100, 5, 3})})),
            (Bits{0x7, 0xf, 0x6, 0x5}));
}

TEST_F(OracleConversion, Fp8RoundTripsThroughF32) {
  // Every f8E4M3FN/f8E5M2/f4E2M1FN encoding widens to f32 and narrows back
  // to itself; NaNs come back as the canonical 0x7f and f8E5M2's infinities
  // as its largest finite value (satfinite).
  struct Case {
    ElemType e;
    int64_t count;
  } cases[] = {{ElemType::F8E4M3FN, 256},
               {ElemType::F8E5M2, 256},
               {ElemType::F4E2M1FN, 16}};
  for (const Case &c : cases) {
    std::string ft =
        "tile<" + std::to_string(c.count) + "x" + name(c.e).str() + ">";
    std::string mid = "tile<" + std::to_string(c.count) + "xf32>";
    ASSERT_TRUE(parse("cuda_tile.module @m {\n testing$func @f(%a: " + ft +
                      ") -> " + ft + " {\n  %w = ftof %a : " + ft + " -> " +
                      mid + "\n  %r = ftof %w : " + mid + " -> " + ft +
                      "\n  return %r : " + ft + "\n }\n}"));
    Bits all(c.count);
    for (int64_t i = 0; i < c.count; ++i)
      all[i] = i;
    Tile in = tileOfBits(c.e, {c.count}, all);
    Tile r = run({in});
    for (int64_t i = 0; i < c.count; ++i) {
      llvm::APFloat v = in.getFloat(i);
      uint64_t expect = v.isNaN()        ? 0x7fu
                        : v.isInfinity() ? (v.isNegative() ? 0xfbu : 0x7bu)
                                         : uint64_t(i);
      EXPECT_EQ(bitsAt(r, i), expect) << name(c.e).str() << " " << i;
    }
  }
}

TEST_F(OracleConversion, IntFloatConversionsMatchAPFloat) {
  // Random integers (all magnitudes) to every arithmetic float type under
  // both signednesses, and exactly representable floats back, against
  // APFloat.
  std::mt19937_64 rng(3);
  const int64_t n = 4096;
  Bits ints(n);
  for (uint64_t &v : ints)
    v = rng() >> (rng() % 64);
  for (ElemType to : {F16, BF16, F32, F64}) {
    for (bool sgn : {true, false}) {
      std::string tt = "tile<4096x" + name(to).str() + ">";
      ASSERT_TRUE(
          conv("itof", "tile<4096xi64>", tt, sgn ? " signed" : " unsigned"));
      Tile r = run({tileOfBits(I64, {n}, ints)});
      for (int64_t i = 0; i < n; ++i) {
        llvm::APFloat f(*semantics(to));
        f.convertFromAPInt(llvm::APInt(64, ints[i]), sgn,
                           llvm::APFloat::rmNearestTiesToEven);
        ASSERT_EQ(bitsAt(r, i), f.bitcastToAPInt().getZExtValue())
            << "itof " << (sgn ? "signed " : "unsigned ") << ints[i] << " to "
            << name(to).str();
      }
    }
  }
  // ftoi: truncation of random finite f64 values within i32 range.
  std::vector<double> ds(n);
  for (double &d : ds)
    d = std::ldexp(double(int64_t(rng() % 2000001) - 1000000),
                   int(rng() % 21) - 10);
  ASSERT_TRUE(conv("ftoi", "tile<4096xf64>", "tile<4096xi32>", " signed"));
  Tile r = run({tileOf(F64, {n}, ds)});
  for (int64_t i = 0; i < n; ++i) {
    llvm::APSInt v(32, /*isUnsigned=*/false);
    bool exact;
    llvm::APFloat(ds[i]).convertToInteger(v, llvm::APFloat::rmTowardZero,
                                          &exact);
    ASSERT_EQ(r.getSInt(i), v.getSExtValue()) << ds[i];
  }
}

//===-- integer width -----------------------------------------------------===//

TEST_F(OracleConversion, ExtiSignedness) {
  ASSERT_TRUE(conv("exti", "tile<2xi8>", "tile<2xi32>", " signed"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-128, 127})})), (Ints{-128, 127}));
  ASSERT_TRUE(conv("exti", "tile<2xi8>", "tile<2xi32>", " unsigned"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-128, 127})})), (Ints{128, 127}));
  ASSERT_TRUE(conv("exti", "tile<2xi1>", "tile<2xi8>", " signed"));
  EXPECT_EQ(bitsOf(run({tileOf(I1, {2}, {1, 0})})), (Bits{0xff, 0}));
  ASSERT_TRUE(conv("exti", "tile<2xi4>", "tile<2xi8>", " signed"));
  EXPECT_EQ(intsOf(run({tileOfBits(I4, {2}, {0x8, 0x7})})), (Ints{-8, 7}));
  ASSERT_TRUE(conv("exti", "tile<2xi4>", "tile<2xi8>", " unsigned"));
  EXPECT_EQ(intsOf(run({tileOfBits(I4, {2}, {0x8, 0x7})})), (Ints{8, 7}));
}

TEST_F(OracleConversion, TrunciKeepsLowBitsAndChecksFlags) {
  ASSERT_TRUE(conv("trunci", "tile<4xi32>", "tile<4xi8>"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {4}, {0x1ff, -1, 200, 0x100})})),
            (Bits{0xff, 0xff, 0xc8, 0}));
  ASSERT_TRUE(
      conv("trunci", "tile<4xi32>", "tile<4xi8>", " overflow<no_signed_wrap>"));
  EXPECT_EQ(intsOf(run({tileOf(I32, {4}, {-1, -128, 127, 0})})),
            (Ints{-1, -128, 127, 0}));
  expectUB({tileOf(I32, {4}, {0, 255, 0, 0})},
           "255 does not fit i8 at element 1");
  expectUB({tileOf(I32, {4}, {0, 0, -129, 0})}, "at element 2");
  ASSERT_TRUE(conv("trunci", "tile<4xi32>", "tile<4xi8>",
                   " overflow<no_unsigned_wrap>"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {4}, {200, 255, 0, 1})})),
            (Bits{200, 255, 0, 1}));
  expectUB({tileOf(I32, {4}, {-1, 0, 0, 0})}, "no_unsigned_wrap");
  ASSERT_TRUE(
      conv("trunci", "tile<2xi32>", "tile<2xi1>", " overflow<no_signed_wrap>"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {2}, {-1, 0})})), (Bits{1, 0}));
  expectUB({tileOf(I32, {2}, {1, 0})}, "at element 0");
  ASSERT_TRUE(conv("trunci", "tile<2xi8>", "tile<2xi4>"));
  EXPECT_EQ(bitsOf(run({tileOf(I8, {2}, {0x17, -1})})), (Bits{0x7, 0xf}));
}

//===-- bit reinterpretation ----------------------------------------------===//

TEST_F(OracleConversion, BitcastKeepsBits) {
  ASSERT_TRUE(conv("bitcast", "tile<2xf32>", "tile<2xi32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {1, -0.0})})),
            (Bits{0x3f800000, 0x80000000}));
  ASSERT_TRUE(conv("bitcast", "tile<2xi16>", "tile<2xbf16>"));
  EXPECT_EQ(valueAt(run({tileOfBits(I16, {2}, {0x3f80, 0xc000})}), 1), -2.0);
  ASSERT_TRUE(conv("bitcast", "tile<2xf16>", "tile<2xbf16>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(F16, {2}, {0x7e01, 0x3c00})})),
            (Bits{0x7e01, 0x3c00}));
}

TEST_F(OracleConversion, PointerCastsKeepTheAddress) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<2xi64>) -> tile<2xi64> {
    %p = int_to_ptr %a : tile<2xi64> -> tile<2xptr<f32>>
    %q = ptr_to_ptr %p : tile<2xptr<f32>> -> tile<2xptr<i8>>
    %r = ptr_to_int %q : tile<2xptr<i8>> -> tile<2xi64>
    return %r : tile<2xi64>
  }
})mlir"));
  EXPECT_EQ(bitsOf(run({tileOfBits(I64, {2}, {0x123456789abcdef0ull, 0})})),
            (Bits{0x123456789abcdef0ull, 0}));
}

TEST_F(OracleConversion, PackIsLittleEndianLowNibbleFirst) {
  ASSERT_TRUE(conv("pack", "tile<4xi4>", "tile<2xi8>"));
  EXPECT_EQ(bitsOf(run({tileOf(I4, {4}, {1, 2, 3, -1})})), (Bits{0x21, 0xf3}));
  ASSERT_TRUE(conv("pack", "tile<2xf16>", "tile<4xi8>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {2}, {1, -2})})),
            (Bits{0x00, 0x3c, 0x00, 0xc0}));
  ASSERT_TRUE(conv("pack", "tile<8xi1>", "tile<1xi8>"));
  EXPECT_EQ(bitsOf(run({tileOf(I1, {8}, {1, 0, 0, 0, 0, 0, 0, 1})})),
            (Bits{0x81}));
}

TEST_F(OracleConversion, UnpackInvertsPack) {
  ASSERT_TRUE(conv("unpack", "tile<2xi8>", "tile<4xi4>"));
  EXPECT_EQ(intsOf(run({tileOfBits(I8, {2}, {0x21, 0xf3})})),
            (Ints{1, 2, 3, -1}));
  ASSERT_TRUE(conv("unpack", "tile<2xi8>", "tile<4xf4E2M1FN>"));
  Tile r = run({tileOfBits(I8, {2}, {0x72, 0x9f})});
  EXPECT_EQ(bitsOf(r), (Bits{0x2, 0x7, 0xf, 0x9}));
  EXPECT_EQ(valueAt(r, 1), 6.0);
  EXPECT_EQ(valueAt(r, 3), -0.5);
  ASSERT_TRUE(conv("unpack", "tile<4xi8>", "tile<1xf32>"));
  EXPECT_EQ(valueAt(run({tileOfBits(I8, {4}, {0, 0, 0x80, 0x3f})}), 0), 1.0);
}

} // namespace
