//===- OracleUpstreamTest.cpp - upstream arith and math semantics ---------===//
//
// The arith and math ops that nv_tileas programs use, on builtin tensors and
// bare scalars, inside an nv_tileaa.func. Hand-computed expectations, edge
// cases first: overflow flags, division by zero and MIN / -1, the rounding
// of each division form, shifts by the width, NaN and signed zeros through
// every min/max form and cmpf predicate, out-of-range fptosi, double
// rounding traps in sitofp and truncf, fastmath promises. Results are
// compared bit for bit.
//
//===----------------------------------------------------------------------===//

#include "OracleNumericTestUtil.h"

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleUpstream : public OracleNumericTest {
protected:
  OracleUpstream() { harness = Harness::NvTileaa; }
};

Tile scalar(ElemType t, double v) { return tileOf(t, {}, {v}); }
Tile scalarBits(ElemType t, uint64_t b) { return tileOfBits(t, {}, {b}); }

const uint64_t kF32NaN = 0x7fc00000, kF32NegZero = 0x80000000;

//===-- integers ----------------------------------------------------------===//

TEST_F(OracleUpstream, AddiOnScalarsWrapsWithoutFlags) {
  ASSERT_TRUE(bin("arith.addi %a, %b : i32", "i32"));
  Tile r = run({scalar(I32, 2147483647), scalar(I32, 1)});
  EXPECT_EQ(r.rank(), 0u);
  EXPECT_EQ(intsOf(r), (Ints{-2147483648ll}));
}

TEST_F(OracleUpstream, AddiNswIsPoisonOnSignedOverflow) {
  ASSERT_TRUE(
      bin("arith.addi %a, %b overflow<nsw> : tensor<2xi32>", "tensor<2xi32>"));
  // -1 + 1 wraps unsigned, not signed: fine under nsw.
  EXPECT_EQ(intsOf(run({tileOf(I32, {2}, {-1, 5}), tileOf(I32, {2}, {1, 6})})),
            (Ints{0, 11}));
  expectUB({tileOf(I32, {2}, {0, 2147483647}), tileOf(I32, {2}, {0, 1})},
           "2147483647 + 1 at element 1");
}

TEST_F(OracleUpstream, MuliNuwIsPoisonOnUnsignedOverflow) {
  ASSERT_TRUE(
      bin("arith.muli %a, %b overflow<nuw> : tensor<2xi8>", "tensor<2xi8>"));
  // 127 * 2 = 254 fits unsigned i8 (it wraps signed).
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {127, 3}), tileOf(I8, {2}, {2, 5})})),
            (Ints{-2, 15}));
  expectUB({tileOf(I8, {2}, {16, 1}), tileOf(I8, {2}, {16, 1})},
           "no_unsigned_wrap");
}

TEST_F(OracleUpstream, ShliByTheWidthIsPoison) {
  ASSERT_TRUE(bin("arith.shli %a, %b : tensor<2xi32>", "tensor<2xi32>"));
  EXPECT_EQ(intsOf(run({tileOf(I32, {2}, {1, 3}), tileOf(I32, {2}, {31, 2})})),
            (Ints{-2147483648ll, 12}));
  expectUB({tileOf(I32, {2}, {1, 1}), tileOf(I32, {2}, {0, 32})},
           ">= bit width 32");
}

TEST_F(OracleUpstream, ShrsiAndShruiReadTheSignBitDifferently) {
  ASSERT_TRUE(bin("arith.shrsi %a, %b : tensor<2xi8>", "tensor<2xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-8, -128}), tileOf(I8, {2}, {1, 7})})),
            (Ints{-4, -1}));
  ASSERT_TRUE(bin("arith.shrui %a, %b : tensor<2xi8>", "tensor<2xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-8, -128}), tileOf(I8, {2}, {1, 7})})),
            (Ints{124, 1}));
}

TEST_F(OracleUpstream, DivisionFormsRoundAsNamed) {
  // 7 / -2 = -3.5 and -7 / 2 = -3.5: toward zero -3, ceil -3, floor -4.
  Tile lhs = tileOf(I32, {3}, {7, -7, 6});
  Tile rhs = tileOf(I32, {3}, {-2, 2, 3});
  for (auto [op, want] : {std::pair{"divsi", Ints{-3, -3, 2}},
                          std::pair{"ceildivsi", Ints{-3, -3, 2}},
                          std::pair{"floordivsi", Ints{-4, -4, 2}},
                          std::pair{"remsi", Ints{1, -1, 0}}}) {
    ASSERT_TRUE(bin(std::string("arith.") + op + " %a, %b : tensor<3xi32>",
                    "tensor<3xi32>"));
    EXPECT_EQ(intsOf(run({lhs, rhs})), want) << op;
  }
}

TEST_F(OracleUpstream, UnsignedDivisionReadsUnsigned) {
  // i8 -1 is 255: 255 / 2 = 127, ceil 128 (-128 as i8), 255 % 7 = 3.
  Tile lhs = tileOf(I8, {2}, {-1, 7});
  Tile rhs = tileOf(I8, {2}, {2, 7});
  ASSERT_TRUE(bin("arith.divui %a, %b : tensor<2xi8>", "tensor<2xi8>"));
  EXPECT_EQ(intsOf(run({lhs, rhs})), (Ints{127, 1}));
  ASSERT_TRUE(bin("arith.ceildivui %a, %b : tensor<2xi8>", "tensor<2xi8>"));
  EXPECT_EQ(intsOf(run({lhs, rhs})), (Ints{-128, 1}));
  ASSERT_TRUE(bin("arith.remui %a, %b : tensor<2xi8>", "tensor<2xi8>"));
  EXPECT_EQ(intsOf(run({lhs, tileOf(I8, {2}, {7, 4})})), (Ints{3, 3}));
}

TEST_F(OracleUpstream, DivisionByZeroAndSignedOverflowAreUB) {
  ASSERT_TRUE(bin("arith.divui %a, %b : i32", "i32"));
  expectUB({scalar(I32, 5), scalar(I32, 0)}, "by zero");
  ASSERT_TRUE(bin("arith.divsi %a, %b : i32", "i32"));
  expectUB({scalar(I32, -2147483648ll), scalar(I32, -1)}, "overflow");
  ASSERT_TRUE(bin("arith.floordivsi %a, %b : i32", "i32"));
  expectUB({scalar(I32, -2147483648ll), scalar(I32, -1)}, "overflow");
  ASSERT_TRUE(bin("arith.ceildivsi %a, %b : i32", "i32"));
  expectUB({scalar(I32, 1), scalar(I32, 0)}, "by zero");
  ASSERT_TRUE(bin("arith.remsi %a, %b : i32", "i32"));
  expectUB({scalar(I32, 1), scalar(I32, 0)}, "by zero");
  // MLIR names only division by zero for remsi: MIN rem -1 is 0.
  EXPECT_EQ(intsOf(run({scalar(I32, -2147483648ll), scalar(I32, -1)})),
            (Ints{0}));
}

TEST_F(OracleUpstream, MinMaxSignedAndUnsigned) {
  Tile lhs = tileOf(I8, {2}, {-1, 3});
  Tile rhs = tileOf(I8, {2}, {1, 4});
  for (auto [op, want] :
       {std::pair{"maxsi", Ints{1, 4}}, std::pair{"maxui", Ints{-1, 4}},
        std::pair{"minui", Ints{1, 3}}}) {
    ASSERT_TRUE(bin(std::string("arith.") + op + " %a, %b : tensor<2xi8>",
                    "tensor<2xi8>"));
    EXPECT_EQ(intsOf(run({lhs, rhs})), want) << op;
  }
}

TEST_F(OracleUpstream, ExtendedArithmeticGivesBothHalves) {
  ASSERT_TRUE(defineNv("%a: i8, %b: i8", "i1",
                       "%s, %r = arith.addui_extended %a, %b : i8, i1"));
  // 200 + 100 = 300 = 256 + 44: carry out.
  EXPECT_EQ(intsOf(run({scalar(I8, 200), scalar(I8, 100)})), (Ints{-1}));
  EXPECT_EQ(intsOf(run({scalar(I8, 100), scalar(I8, 27)})), (Ints{0}));
  ASSERT_TRUE(defineNv("%a: i8, %b: i8", "i8",
                       "%lo, %r = arith.mulsi_extended %a, %b : i8"));
  // -128 * -128 = 16384 = 0x4000: high byte 64.
  EXPECT_EQ(intsOf(run({scalar(I8, -128), scalar(I8, -128)})), (Ints{64}));
  // -1 * 1 = -1: the high byte is all ones.
  EXPECT_EQ(intsOf(run({scalar(I8, -1), scalar(I8, 1)})), (Ints{-1}));
  ASSERT_TRUE(defineNv("%a: i8, %b: i8", "i8",
                       "%lo, %r = arith.mului_extended %a, %b : i8"));
  // 255 * 255 = 65025 = 0xfe01.
  EXPECT_EQ(intsOf(run({scalar(I8, -1), scalar(I8, -1)})), (Ints{-2}));
}

TEST_F(OracleUpstream, CmpiPredicatesOnBothReadings) {
  Tile lhs = tileOf(I8, {3}, {-1, 2, 5});
  Tile rhs = tileOf(I8, {3}, {1, 2, 4});
  ASSERT_TRUE(bin("arith.cmpi slt, %a, %b : tensor<3xi8>", "tensor<3xi8>",
                  "tensor<3xi1>"));
  EXPECT_EQ(intsOf(run({lhs, rhs})), (Ints{-1, 0, 0}));
  ASSERT_TRUE(bin("arith.cmpi ult, %a, %b : tensor<3xi8>", "tensor<3xi8>",
                  "tensor<3xi1>"));
  EXPECT_EQ(intsOf(run({lhs, rhs})), (Ints{0, 0, 0}));
  ASSERT_TRUE(bin("arith.cmpi uge, %a, %b : tensor<3xi8>", "tensor<3xi8>",
                  "tensor<3xi1>"));
  EXPECT_EQ(intsOf(run({lhs, rhs})), (Ints{-1, -1, -1}));
}

TEST_F(OracleUpstream, SelectWithScalarOrTensorCondition) {
  ASSERT_TRUE(defineNv("%c: i1, %a: tensor<2xi32>, %b: tensor<2xi32>",
                       "tensor<2xi32>",
                       "%r = arith.select %c, %a, %b : tensor<2xi32>"));
  Tile a = tileOf(I32, {2}, {1, 2}), b = tileOf(I32, {2}, {3, 4});
  EXPECT_EQ(intsOf(run({scalar(I1, 1), a, b})), (Ints{1, 2}));
  EXPECT_EQ(intsOf(run({scalar(I1, 0), a, b})), (Ints{3, 4}));
  ASSERT_TRUE(defineNv("%c: tensor<2xi1>, %a: tensor<2xi32>, %b: tensor<2xi32>",
                       "tensor<2xi32>",
                       "%r = arith.select %c, %a, %b : tensor<2xi1>, "
                       "tensor<2xi32>"));
  EXPECT_EQ(intsOf(run({tileOf(I1, {2}, {0, 1}), a, b})), (Ints{3, 2}));
}

TEST_F(OracleUpstream, IntegerCasts) {
  ASSERT_TRUE(un("arith.extsi %a : i8 to i32", "i8", "i32"));
  EXPECT_EQ(intsOf(run({scalar(I8, -1)})), (Ints{-1}));
  ASSERT_TRUE(un("arith.extui %a : i8 to i32", "i8", "i32"));
  EXPECT_EQ(intsOf(run({scalar(I8, -1)})), (Ints{255}));
  ASSERT_TRUE(un("arith.trunci %a : i32 to i8", "i32", "i8"));
  EXPECT_EQ(intsOf(run({scalar(I32, 0x1ff)})), (Ints{-1}));
  ASSERT_TRUE(un("arith.trunci %a overflow<nuw> : i32 to i8", "i32", "i8"));
  EXPECT_EQ(intsOf(run({scalar(I32, 255)})), (Ints{-1}));
  expectUB({scalar(I32, 256)}, "no_unsigned_wrap");
  ASSERT_TRUE(un("arith.trunci %a overflow<nsw> : i32 to i8", "i32", "i8"));
  EXPECT_EQ(intsOf(run({scalar(I32, -128)})), (Ints{-128}));
  expectUB({scalar(I32, 128)}, "no_signed_wrap");
  ASSERT_TRUE(un("arith.index_cast %a : i32 to index", "i32", "index"));
  EXPECT_EQ(bitsOf(run({scalar(I32, -1)})), (Bits{~0ull}));
  ASSERT_TRUE(un("arith.index_castui %a : i32 to index", "i32", "index"));
  EXPECT_EQ(bitsOf(run({scalar(I32, -1)})), (Bits{0xffffffffull}));
  ASSERT_TRUE(un("arith.index_cast %a : index to i8", "index", "i8"));
  EXPECT_EQ(intsOf(run({scalar(I64, 0x180)})), (Ints{-128}));
}

TEST_F(OracleUpstream, ConstantsOfScalarsAndTensors) {
  ASSERT_TRUE(
      defineNv("", "tensor<3xi16>",
               "%r = arith.constant dense<[1, -2, 3]> : tensor<3xi16>"));
  EXPECT_EQ(intsOf(run({})), (Ints{1, -2, 3}));
  ASSERT_TRUE(defineNv("", "f32", "%r = arith.constant -0.0 : f32"));
  EXPECT_EQ(bitsOf(run({})), (Bits{kF32NegZero}));
  ASSERT_TRUE(defineNv("", "tensor<2xf16>",
                       "%r = arith.constant dense<1.5> : tensor<2xf16>"));
  EXPECT_EQ(bitsOf(run({})), (Bits{0x3e00, 0x3e00}));
}

//===-- floats ------------------------------------------------------------===//

TEST_F(OracleUpstream, AddfRoundsToNearestEven) {
  ASSERT_TRUE(bin("arith.addf %a, %b : tensor<2xf32>", "tensor<2xf32>"));
  // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: even is 1. 1 + 3*2^-24 is
  // a tie between 1 + 2^-23 and 1 + 2^-22: even is 1 + 2^-22.
  Tile r =
      run({tileOf(F32, {2}, {1.0, 1.0}),
           tileOf(F32, {2}, {std::ldexp(1.0, -24), 3 * std::ldexp(1.0, -24)})});
  EXPECT_EQ(bitsOf(r), (Bits{0x3f800000, 0x3f800002}));
}

TEST_F(OracleUpstream, F16ArithmeticRoundsOnce) {
  ASSERT_TRUE(bin("arith.mulf %a, %b : f16", "f16"));
  // 65504 * 2 overflows f16 to +inf.
  EXPECT_EQ(bitsOf(run({scalar(F16, 65504), scalar(F16, 2)})), (Bits{0x7c00}));
  ASSERT_TRUE(bin("arith.divf %a, %b : f64", "f64"));
  EXPECT_EQ(bitsOf(run({scalar(F64, 1), scalar(F64, 0)})),
            (Bits{0x7ff0000000000000ull}));
}

TEST_F(OracleUpstream, RemfHasTheSignOfTheDividend) {
  ASSERT_TRUE(bin("arith.remf %a, %b : tensor<2xf32>", "tensor<2xf32>"));
  Tile r = run({tileOf(F32, {2}, {-7, 7}), tileOf(F32, {2}, {2, -2})});
  EXPECT_EQ(bitsOf(r), (Bits{0xbf800000, 0x3f800000}));
}

TEST_F(OracleUpstream, NegfFlipsOnlyTheSignBit) {
  ASSERT_TRUE(un("arith.negf %a : tensor<2xf32>", "tensor<2xf32>"));
  Tile r = run({tileOfBits(F32, {2}, {0x7fc00001, 0})});
  EXPECT_EQ(bitsOf(r), (Bits{0xffc00001, kF32NegZero}));
}

// The sign of a one-byte float is its top bit, except in f4E2M1FN, whose
// four bits are the low half of the byte; f8E8M0FNU has no sign. (negf and
// absf once read and wrote one-byte floats eight bytes at a time.)
TEST_F(OracleUpstream, NegfAndAbsfOnNarrowFloatsFindTheirSignBit) {
  ASSERT_TRUE(un("arith.negf %a : tensor<3xf8E4M3FN>", "tensor<3xf8E4M3FN>"));
  EXPECT_EQ(
      bitsOf(run({tileOfBits(ElemType::F8E4M3FN, {3}, {0x38, 0x7f, 0x00})})),
      (Bits{0xb8, 0xff, 0x80}));
  ASSERT_TRUE(un("math.absf %a : tensor<2xf8E5M2>", "tensor<2xf8E5M2>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(ElemType::F8E5M2, {2}, {0xbc, 0x3c})})),
            (Bits{0x3c, 0x3c}));
  ASSERT_TRUE(un("arith.negf %a : tensor<2xf4E2M1FN>", "tensor<2xf4E2M1FN>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(ElemType::F4E2M1FN, {2}, {0x2, 0x0})})),
            (Bits{0xa, 0x8}));
  ASSERT_TRUE(un("math.absf %a : tensor<2xf4E2M1FN>", "tensor<2xf4E2M1FN>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(ElemType::F4E2M1FN, {2}, {0xa, 0x2})})),
            (Bits{0x2, 0x2}));
  ASSERT_TRUE(un("arith.negf %a : tensor<1xf8E8M0FNU>", "tensor<1xf8E8M0FNU>"));
  std::optional<RunFailure> f =
      evalFailure("f", {tileOfBits(ElemType::F8E8M0FNU, {1}, {0x7f})});
  ASSERT_TRUE(f.has_value());
  EXPECT_NE(f->message.find("f8E8M0FNU has no sign bit"), std::string::npos)
      << f->message;
}

TEST_F(OracleUpstream, MaximumfPropagatesNaNAndOrdersZeros) {
  Tile lhs = tileOfBits(F32, {3}, {kF32NaN, kF32NegZero, 0x3f800000});
  Tile rhs = tileOfBits(F32, {3}, {0x3f800000, 0, kF32NaN});
  ASSERT_TRUE(bin("arith.maximumf %a, %b : tensor<3xf32>", "tensor<3xf32>"));
  Tile r = run({lhs, rhs});
  EXPECT_TRUE(std::isnan(r.get<float>(0)));
  EXPECT_EQ(bitsAt(r, 1), 0u); // +0 > -0
  EXPECT_TRUE(std::isnan(r.get<float>(2)));
  ASSERT_TRUE(bin("arith.minimumf %a, %b : tensor<3xf32>", "tensor<3xf32>"));
  r = run({lhs, rhs});
  EXPECT_TRUE(std::isnan(r.get<float>(0)));
  EXPECT_EQ(bitsAt(r, 1), kF32NegZero);
  EXPECT_TRUE(std::isnan(r.get<float>(2)));
}

TEST_F(OracleUpstream, MaxnumfReturnsTheNumber) {
  Tile lhs = tileOfBits(F32, {3}, {kF32NaN, 0x40000000, 0x3f800000});
  Tile rhs = tileOfBits(F32, {3}, {0x3f800000, 0x3f800000, kF32NaN});
  ASSERT_TRUE(bin("arith.maxnumf %a, %b : tensor<3xf32>", "tensor<3xf32>"));
  EXPECT_EQ(bitsOf(run({lhs, rhs})),
            (Bits{0x3f800000, 0x40000000, 0x3f800000}));
  ASSERT_TRUE(bin("arith.minnumf %a, %b : tensor<3xf32>", "tensor<3xf32>"));
  EXPECT_EQ(bitsOf(run({lhs, rhs})),
            (Bits{0x3f800000, 0x3f800000, 0x3f800000}));
}

TEST_F(OracleUpstream, CmpfPredicatesWithNaNAndZeros) {
  // Pairs: (NaN, 1), (-0, +0), (1, 2).
  Tile lhs = tileOfBits(F32, {3}, {kF32NaN, kF32NegZero, 0x3f800000});
  Tile rhs = tileOfBits(F32, {3}, {0x3f800000, 0, 0x40000000});
  auto cmp = [&](const std::string &pred) {
    EXPECT_TRUE(bin("arith.cmpf " + pred + ", %a, %b : tensor<3xf32>",
                    "tensor<3xf32>", "tensor<3xi1>"));
    return intsOf(run({lhs, rhs}));
  };
  EXPECT_EQ(cmp("oeq"), (Ints{0, -1, 0}));
  EXPECT_EQ(cmp("ueq"), (Ints{-1, -1, 0}));
  EXPECT_EQ(cmp("one"), (Ints{0, 0, -1}));
  EXPECT_EQ(cmp("une"), (Ints{-1, 0, -1}));
  EXPECT_EQ(cmp("olt"), (Ints{0, 0, -1}));
  EXPECT_EQ(cmp("uge"), (Ints{-1, -1, 0}));
  EXPECT_EQ(cmp("ord"), (Ints{0, -1, -1}));
  EXPECT_EQ(cmp("uno"), (Ints{-1, 0, 0}));
  EXPECT_EQ(cmp("false"), (Ints{0, 0, 0}));
  EXPECT_EQ(cmp("true"), (Ints{-1, -1, -1}));
}

TEST_F(OracleUpstream, FastmathNnanAndNinfArePromises) {
  ASSERT_TRUE(bin("arith.addf %a, %b fastmath<nnan> : f32", "f32"));
  EXPECT_EQ(bitsOf(run({scalar(F32, 1), scalar(F32, 2)})), (Bits{0x40400000}));
  expectUB({scalarBits(F32, kF32NaN), scalar(F32, 2)},
           "fastmath<nnan> violated: operand 0 is NaN");
  // inf - inf: the operands are fine under nnan, the result is not.
  expectUB({scalarBits(F32, 0x7f800000), scalarBits(F32, 0xff800000)},
           "result 0 is NaN");
  ASSERT_TRUE(bin("arith.mulf %a, %b fastmath<ninf> : f32", "f32"));
  expectUB({scalar(F32, 3e38), scalar(F32, 10)}, "result 0 is infinite");
  // Flags that only license other results change nothing.
  ASSERT_TRUE(bin("arith.addf %a, %b fastmath<fast> : f32", "f32"));
  EXPECT_EQ(bitsOf(run({scalar(F32, 1), scalar(F32, 2)})), (Bits{0x40400000}));
}

//===-- float casts -------------------------------------------------------===//

TEST_F(OracleUpstream, FptosiTruncatesAndOutOfRangeIsPoison) {
  ASSERT_TRUE(un("arith.fptosi %a : tensor<2xf32> to tensor<2xi32>",
                 "tensor<2xf32>", "tensor<2xi32>"));
  EXPECT_EQ(intsOf(run({tileOf(F32, {2}, {-2.7, 2147483520.0})})),
            (Ints{-2, 2147483520ll}));
  expectUB({tileOf(F32, {2}, {0, 2147483648.0})}, "fptosi of");
  expectUB({tileOfBits(F32, {2}, {0, kF32NaN})}, "element 1");
  ASSERT_TRUE(un("arith.fptoui %a : f32 to i8", "f32", "i8"));
  EXPECT_EQ(intsOf(run({scalar(F32, 255.9)})), (Ints{-1}));
  expectUB({scalar(F32, -1)}, "fptoui of");
  // -0.5 truncates to 0, which fits.
  EXPECT_EQ(intsOf(run({scalar(F32, -0.5)})), (Ints{0}));
}

TEST_F(OracleUpstream, IntToFloatRoundsToNearestEven) {
  ASSERT_TRUE(un("arith.sitofp %a : i32 to f32", "i32", "f32"));
  // 2^24 + 1 is a tie between 2^24 and 2^24 + 2: even is 2^24.
  EXPECT_EQ(bitsOf(run({scalar(I32, 16777217)})), (Bits{0x4b800000}));
  EXPECT_EQ(bitsOf(run({scalar(I32, -3)})), (Bits{0xc0400000}));
  ASSERT_TRUE(un("arith.uitofp %a : i8 to f32", "i8", "f32"));
  EXPECT_EQ(bitsOf(run({scalar(I8, -1)})), (Bits{0x437f0000})); // 255
  ASSERT_TRUE(un("arith.sitofp %a : i1 to f32", "i1", "f32"));
  EXPECT_EQ(bitsOf(run({scalar(I1, 1)})), (Bits{0xbf800000})); // -1
}

TEST_F(OracleUpstream, TruncfHonoursItsRoundingMode) {
  ASSERT_TRUE(un("arith.truncf %a : f32 to f16", "f32", "f16"));
  // 65520 is halfway between 65504 and 65536 (inf): even rounds up.
  EXPECT_EQ(bitsOf(run({scalar(F32, 65520)})), (Bits{0x7c00}));
  ASSERT_TRUE(un("arith.truncf %a toward_zero : f32 to f16", "f32", "f16"));
  EXPECT_EQ(bitsOf(run({scalar(F32, 65520)})), (Bits{0x7bff}));
  ASSERT_TRUE(un("arith.truncf %a downward : f32 to f16", "f32", "f16"));
  EXPECT_EQ(bitsOf(run({scalar(F32, -1.0 - std::ldexp(1.0, -12))})),
            (Bits{0xbc01}));
  // 1 + 2^-11 is a tie in f16: even gives 1, away gives 1 + 2^-10.
  ASSERT_TRUE(un("arith.truncf %a : f32 to f16", "f32", "f16"));
  EXPECT_EQ(bitsOf(run({scalar(F32, 1.0 + std::ldexp(1.0, -11))})),
            (Bits{0x3c00}));
  ASSERT_TRUE(un("arith.truncf %a to_nearest_away : f32 to f16", "f32", "f16"));
  EXPECT_EQ(bitsOf(run({scalar(F32, 1.0 + std::ldexp(1.0, -11))})),
            (Bits{0x3c01}));
  ASSERT_TRUE(un("arith.extf %a : f16 to f64", "f16", "f64"));
  EXPECT_EQ(bitsOf(run({scalarBits(F16, 0x0001)})),
            (Bits{0x3e70000000000000ull})); // 2^-24, exact
}

TEST_F(OracleUpstream, BitcastKeepsTheBits) {
  ASSERT_TRUE(un("arith.bitcast %a : tensor<2xf32> to tensor<2xi32>",
                 "tensor<2xf32>", "tensor<2xi32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {1.0, -2.0})})),
            (Bits{0x3f800000, 0xc0000000}));
}

//===-- math --------------------------------------------------------------===//

TEST_F(OracleUpstream, SqrtIsCorrectlyRounded) {
  ASSERT_TRUE(un("math.sqrt %a : tensor<3xf32>", "tensor<3xf32>"));
  Tile r = run({tileOfBits(F32, {3}, {0x40000000, kF32NegZero, 0xbf800000})});
  EXPECT_EQ(bitsAt(r, 0), 0x3fb504f3u); // sqrt(2)
  EXPECT_EQ(bitsAt(r, 1), kF32NegZero);
  EXPECT_TRUE(std::isnan(r.get<float>(2)));
}

TEST_F(OracleUpstream, FmaRoundsOnce) {
  ASSERT_TRUE(defineNv("%a: f32, %b: f32, %c: f32", "f32",
                       "%r = math.fma %a, %b, %c : f32"));
  // (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; a separate multiply
  // would round the product to 1 and give 0.
  Tile r = run({scalar(F32, 1 + std::ldexp(1.0, -23)),
                scalar(F32, 1 - std::ldexp(1.0, -23)), scalar(F32, -1)});
  EXPECT_EQ(r.get<float>(0), -std::ldexp(1.0f, -46));
}

TEST_F(OracleUpstream, RoundingFunctions) {
  Tile x = tileOf(F32, {4}, {2.5, -2.5, 3.5, -2.7});
  for (auto [op, want] :
       {std::pair{"round",
                  Bits{0x40400000, 0xc0400000, 0x40800000, 0xc0400000}},
        std::pair{"roundeven",
                  Bits{0x40000000, 0xc0000000, 0x40800000, 0xc0400000}},
        std::pair{"trunc",
                  Bits{0x40000000, 0xc0000000, 0x40400000, 0xc0000000}},
        std::pair{"floor",
                  Bits{0x40000000, 0xc0400000, 0x40400000, 0xc0400000}}}) {
    ASSERT_TRUE(
        un(std::string("math.") + op + " %a : tensor<4xf32>", "tensor<4xf32>"));
    EXPECT_EQ(bitsOf(run({x})), want) << op;
  }
  ASSERT_TRUE(un("math.roundeven %a : f32", "f32"));
  EXPECT_EQ(bitsOf(run({scalar(F32, -0.5)})), (Bits{kF32NegZero}));
}

TEST_F(OracleUpstream, SignOps) {
  ASSERT_TRUE(bin("math.copysign %a, %b : tensor<2xf32>", "tensor<2xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {2}, {1.0, -2.0}),
                        tileOfBits(F32, {2}, {kF32NegZero, 0})})),
            (Bits{0xbf800000, 0x40000000}));
  ASSERT_TRUE(un("math.absf %a : f32", "f32"));
  EXPECT_EQ(bitsOf(run({scalarBits(F32, 0xffc00001)})), (Bits{0x7fc00001}));
  ASSERT_TRUE(un("math.absi %a : tensor<2xi8>", "tensor<2xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-128, -5})})), (Ints{-128, 5}));
}

TEST_F(OracleUpstream, BitCounts) {
  Tile x = tileOfBits(I32, {3}, {0, 1, 0xf0});
  ASSERT_TRUE(un("math.ctlz %a : tensor<3xi32>", "tensor<3xi32>"));
  EXPECT_EQ(intsOf(run({x})), (Ints{32, 31, 24}));
  ASSERT_TRUE(un("math.cttz %a : tensor<3xi32>", "tensor<3xi32>"));
  EXPECT_EQ(intsOf(run({x})), (Ints{32, 0, 4}));
  ASSERT_TRUE(un("math.ctpop %a : tensor<3xi32>", "tensor<3xi32>"));
  EXPECT_EQ(intsOf(run({x})), (Ints{0, 1, 4}));
  ASSERT_TRUE(un("math.ctlz %a : i8", "i8"));
  EXPECT_EQ(intsOf(run({scalar(I8, 1)})), (Ints{7}));
}

TEST_F(OracleUpstream, Classification) {
  // NaN, -inf, 1, the smallest f32 subnormal, -0.
  Tile x =
      tileOfBits(F32, {5}, {kF32NaN, 0xff800000, 0x3f800000, 1, kF32NegZero});
  auto cls = [&](const std::string &op) {
    EXPECT_TRUE(un("math." + op + " %a : tensor<5xf32>", "tensor<5xf32>",
                   "tensor<5xi1>"));
    return intsOf(run({x}));
  };
  EXPECT_EQ(cls("isnan"), (Ints{-1, 0, 0, 0, 0}));
  EXPECT_EQ(cls("isinf"), (Ints{0, -1, 0, 0, 0}));
  EXPECT_EQ(cls("isfinite"), (Ints{0, 0, -1, -1, -1}));
  EXPECT_EQ(cls("isnormal"), (Ints{0, 0, -1, 0, 0}));
}

TEST_F(OracleUpstream, IntegerPower) {
  ASSERT_TRUE(bin("math.ipowi %a, %b : tensor<5xi8>", "tensor<5xi8>"));
  // 3^4 = 81, 2^8 wraps to 0, 2^-1 = 0, (-1)^-3 = -1, 1^-5 = 1.
  EXPECT_EQ(intsOf(run({tileOf(I8, {5}, {3, 2, 2, -1, 1}),
                        tileOf(I8, {5}, {4, 8, -1, -3, -5})})),
            (Ints{81, 0, 0, -1, 1}));
  expectUB(
      {tileOf(I8, {5}, {1, 1, 1, 1, 0}), tileOf(I8, {5}, {1, 1, 1, 1, -1})},
      "ipowi of 0 to the negative power -1 at element 4");
  ASSERT_TRUE(
      defineNv("%a: f32, %b: i32", "f32", "%r = math.fpowi %a, %b : f32, i32"));
  EXPECT_EQ(run({scalar(F32, 2), scalar(I32, -2)}).get<float>(0), 0.25f);
  EXPECT_EQ(run({scalar(F32, -3), scalar(I32, 3)}).get<float>(0), -27.0f);
}

TEST_F(OracleUpstream, ClampfPinsToTheBounds) {
  ASSERT_TRUE(defineNv("%v: tensor<4xf32>, %lo: tensor<4xf32>, "
                       "%hi: tensor<4xf32>",
                       "tensor<4xf32>",
                       "%r = math.clampf %v to [%lo, %hi] : tensor<4xf32>"));
  Tile r =
      run({tileOfBits(F32, {4}, {0xc0a00000, 0x3f000000, 0x40e00000, kF32NaN}),
           tileOf(F32, {4}, {0}), tileOf(F32, {4}, {1})});
  EXPECT_EQ(bitsAt(r, 0), 0u);
  EXPECT_EQ(bitsAt(r, 1), 0x3f000000u);
  EXPECT_EQ(bitsAt(r, 2), 0x3f800000u);
  EXPECT_TRUE(std::isnan(r.get<float>(3)));
}

TEST_F(OracleUpstream, TranscendentalsAtExactPoints) {
  ASSERT_TRUE(un("math.exp %a : tensor<2xf64>", "tensor<2xf64>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(F64, {2}, {0, 0xfff0000000000000ull})})),
            (Bits{0x3ff0000000000000ull, 0}));
  ASSERT_TRUE(un("math.log1p %a : f32", "f32"));
  EXPECT_EQ(bitsOf(run({scalarBits(F32, kF32NegZero)})), (Bits{kF32NegZero}));
  ASSERT_TRUE(un("math.erf %a : f16", "f16"));
  EXPECT_EQ(bitsOf(run({scalarBits(F16, 0x7c00)})), (Bits{0x3c00})); // 1
  ASSERT_TRUE(bin("math.atan2 %a, %b : f32", "f32"));
  // atan2(+0, -1) = pi, rounded to f32.
  EXPECT_EQ(bitsOf(run({scalar(F32, 0), scalar(F32, -1)})), (Bits{0x40490fdb}));
  ASSERT_TRUE(defineNv("%a: f32", "f32", "%s, %r = math.sincos %a : f32"));
  EXPECT_EQ(bitsOf(run({scalar(F32, 0)})), (Bits{0x3f800000})); // cos 0
}

} // namespace
