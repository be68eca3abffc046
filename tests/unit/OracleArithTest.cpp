//===- OracleArithTest.cpp - integer and float arith semantics ------------===//
//
// Hand-computed expectations, edge cases first: wrap-around at each width,
// every overflow flag violated, division rounding on negative operands,
// division by zero and MIN / -1, shifts by the bit width, i1 read signed
// and unsigned; for floats every rounding mode on 1/3, flush-to-zero of
// inputs and results, NaN payloads through sign ops, IEEE-2019 max/min,
// unordered comparisons. Results are compared bit for bit.
//
//===----------------------------------------------------------------------===//

#include "OracleNumericTestUtil.h"

#include <random>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

using OracleArith = OracleNumericTest;

//===-- integers ----------------------------------------------------------===//

TEST_F(OracleArith, AddiWrapsAtTheElementWidth) {
  ASSERT_TRUE(bin("addi %a, %b : tile<4xi8>", "tile<4xi8>"));
  Tile r = run({tileOf(I8, {4}, {127, -128, -1, 100}),
                tileOf(I8, {4}, {1, -1, 1, 100})});
  EXPECT_EQ(intsOf(r), (Ints{-128, 127, 0, -56}));
}

TEST_F(OracleArith, AddiI64WrapsThroughTheTop) {
  ASSERT_TRUE(bin("addi %a, %b : tile<2xi64>", "tile<2xi64>"));
  Tile r = run({tileOfBits(I64, {2}, {0x7fffffffffffffffull, ~0ull}),
                tileOfBits(I64, {2}, {1, 2})});
  EXPECT_EQ(bitsOf(r), (Bits{0x8000000000000000ull, 1}));
}

TEST_F(OracleArith, AddiNoSignedWrapViolationIsUB) {
  ASSERT_TRUE(
      bin("addi %a, %b overflow<no_signed_wrap> : tile<2xi32>", "tile<2xi32>"));
  // Element 0 is fine: -1 + 1 = 0 (it wraps unsigned, not signed).
  EXPECT_EQ(intsOf(run({tileOf(I32, {2}, {-1, 5}), tileOf(I32, {2}, {1, 6})})),
            (Ints{0, 11}));
  expectUB({tileOf(I32, {2}, {-1, 2147483647}), tileOf(I32, {2}, {1, 1})},
           "2147483647 + 1 at element 1");
}

TEST_F(OracleArith, AddiNoUnsignedWrapViolationIsUB) {
  ASSERT_TRUE(
      bin("addi %a, %b overflow<no_unsigned_wrap> : tile<2xi8>", "tile<2xi8>"));
  // 127 + 1 wraps signed but not unsigned: allowed under nuw.
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {127, 0}), tileOf(I8, {2}, {1, 0})})),
            (Ints{-128, 0}));
  expectUB({tileOf(I8, {2}, {0, -1}), tileOf(I8, {2}, {0, 1})},
           "255 + 1 (unsigned) at element 1");
}

TEST_F(OracleArith, SubiFlags) {
  ASSERT_TRUE(
      bin("subi %a, %b overflow<no_wrap> : tile<2xi16>", "tile<2xi16>"));
  EXPECT_EQ(intsOf(run({tileOf(I16, {2}, {5, 300}), tileOf(I16, {2}, {5, 1})})),
            (Ints{0, 299}));
  expectUB({tileOf(I16, {2}, {0, 0}), tileOf(I16, {2}, {0, 1})},
           "no_unsigned_wrap");
  expectUB({tileOf(I16, {2}, {-32768, 0}), tileOf(I16, {2}, {1, 0})},
           "-32768 - 1 at element 0");
}

TEST_F(OracleArith, MuliWrapsAndChecksFlags) {
  ASSERT_TRUE(bin("muli %a, %b : tile<4xi16>", "tile<4xi16>"));
  // 256 * 128 = 32768 wraps to -32768; 65535 * 65535 (as -1 * -1) = 1.
  EXPECT_EQ(intsOf(run({tileOf(I16, {4}, {256, -1, -300, 7}),
                        tileOf(I16, {4}, {128, -1, 300, -3})})),
            (Ints{-32768, 1, -24464, -21})); // -90000 mod 65536 = -24464
  ASSERT_TRUE(
      bin("muli %a, %b overflow<no_signed_wrap> : tile<4xi16>", "tile<4xi16>"));
  expectUB({tileOf(I16, {4}, {1, 256, 0, 0}), tileOf(I16, {4}, {1, 128, 0, 0})},
           "256 * 128 at element 1");
  ASSERT_TRUE(bin("muli %a, %b overflow<no_unsigned_wrap> : tile<1xi64>",
                  "tile<1xi64>"));
  expectUB(
      {tileOfBits(I64, {1}, {1ull << 32}), tileOfBits(I64, {1}, {1ull << 32})},
      "no_unsigned_wrap");
}

TEST_F(OracleArith, MulhiiIsTheUnsignedHighHalf) {
  ASSERT_TRUE(bin("mulhii %a, %b : tile<4xi32>", "tile<4xi32>"));
  // 2^31 * 2 = 2^32 -> 1; 0xffffffff^2 = 0xfffffffe00000001 -> 0xfffffffe;
  // 3 * 5 -> 0; 0x10000 * 0x30000 = 0x300000000 -> 3.
  EXPECT_EQ(
      bitsOf(run({tileOfBits(I32, {4}, {0x80000000u, 0xffffffffu, 3, 0x10000}),
                  tileOfBits(I32, {4}, {2, 0xffffffffu, 5, 0x30000})})),
      (Bits{1, 0xfffffffeu, 0, 3}));
  ASSERT_TRUE(bin("mulhii %a, %b : tile<2xi64>", "tile<2xi64>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(I64, {2}, {~0ull, 1ull << 63}),
                        tileOfBits(I64, {2}, {~0ull, 4})})),
            (Bits{0xfffffffffffffffeull, 2}));
  ASSERT_TRUE(bin("mulhii %a, %b : tile<1xi8>", "tile<1xi8>"));
  // 200 * 200 = 40000 = 0x9c40 -> 0x9c.
  EXPECT_EQ(bitsOf(run({tileOf(I8, {1}, {-56}), tileOf(I8, {1}, {-56})})),
            (Bits{0x9c}));
}

TEST_F(OracleArith, DiviRoundingOnNegativeOperands) {
  std::vector<Tile> in = {tileOf(I32, {8}, {-7, 7, 7, -7, -6, 0, -1, 1}),
                          tileOf(I32, {8}, {2, -2, 2, -2, 3, -5, 2, -2})};
  ASSERT_TRUE(bin("divi %a, %b signed : tile<8xi32>", "tile<8xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{-3, -3, 3, 3, -2, 0, 0, 0}));
  ASSERT_TRUE(bin("divi %a, %b signed rounding<positive_inf> : tile<8xi32>",
                  "tile<8xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{-3, -3, 4, 4, -2, 0, 0, 0}));
  ASSERT_TRUE(bin("divi %a, %b signed rounding<negative_inf> : tile<8xi32>",
                  "tile<8xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{-4, -4, 3, 3, -2, 0, -1, -1}));
}

TEST_F(OracleArith, DiviUnsignedReadsTheBitsUnsigned) {
  ASSERT_TRUE(bin("divi %a, %b unsigned : tile<2xi8>", "tile<2xi8>"));
  // 0xf9 = 249 / 2 = 124; 7 / 0xfe (254) = 0.
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-7, 7}), tileOf(I8, {2}, {2, -2})})),
            (Ints{124, 0}));
  ASSERT_TRUE(bin("divi %a, %b unsigned rounding<positive_inf> : tile<2xi8>",
                  "tile<2xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-7, 7}), tileOf(I8, {2}, {2, -2})})),
            (Ints{125, 1}));
}

TEST_F(OracleArith, DiviByZeroAndMinByMinusOneAreUB) {
  ASSERT_TRUE(bin("divi %a, %b signed : tile<2xi32>", "tile<2xi32>"));
  expectUB({tileOf(I32, {2}, {1, 5}), tileOf(I32, {2}, {1, 0})},
           "divi by zero: 5 / 0 at element 1");
  expectUB({tileOf(I32, {2}, {-2147483648.0, 0}), tileOf(I32, {2}, {-1, 1})},
           "-2147483648 / -1");
  // Unsigned, the same bits are 2^31 / (2^32 - 1) = 0: defined.
  ASSERT_TRUE(bin("divi %a, %b unsigned : tile<1xi32>", "tile<1xi32>"));
  EXPECT_EQ(
      intsOf(run({tileOf(I32, {1}, {-2147483648.0}), tileOf(I32, {1}, {-1})})),
      (Ints{0}));
}

TEST_F(OracleArith, RemiTakesTheDividendsSign) {
  ASSERT_TRUE(bin("remi %a, %b signed : tile<8xi32>", "tile<8xi32>"));
  EXPECT_EQ(
      intsOf(run({tileOf(I32, {8}, {7, 7, -7, -7, -2147483648.0, 0, 5, -1}),
                  tileOf(I32, {8}, {3, -3, 3, -3, -1, 5, 5, 2})})),
      (Ints{1, 1, -1, -1, 0, 0, 0, -1}));
  ASSERT_TRUE(bin("remi %a, %b unsigned : tile<2xi8>", "tile<2xi8>"));
  // 0xf9 = 249 % 10 = 9; 7 % 0xfd (253) = 7.
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-7, 7}), tileOf(I8, {2}, {10, -3})})),
            (Ints{9, 7}));
  expectUB({tileOf(I8, {2}, {1, 1}), tileOf(I8, {2}, {0, 1})}, "remi by zero");
}

TEST_F(OracleArith, ShiftsByTheBitWidthAreUB) {
  ASSERT_TRUE(bin("shli %a, %b : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(bitsOf(run({tileOf(I32, {2}, {1, 3}), tileOf(I32, {2}, {31, 4})})),
            (Bits{0x80000000u, 48}));
  expectUB({tileOf(I32, {2}, {1, 1}), tileOf(I32, {2}, {0, 32})},
           "shli by 32 >= bit width 32 at element 1");
  // The amount is read unsigned: -1 is 255 for i8.
  ASSERT_TRUE(bin("shri %a, %b signed : tile<1xi8>", "tile<1xi8>"));
  expectUB({tileOf(I8, {1}, {1}), tileOf(I8, {1}, {-1})}, "shri by 255");
}

TEST_F(OracleArith, ShriSignedAndUnsigned) {
  std::vector<Tile> in = {tileOf(I32, {2}, {-8, 16}), tileOf(I32, {2}, {1, 4})};
  ASSERT_TRUE(bin("shri %a, %b signed : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{-4, 1}));
  ASSERT_TRUE(bin("shri %a, %b unsigned : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0x7ffffffcu, 1}));
}

TEST_F(OracleArith, ShliOverflowFlags) {
  ASSERT_TRUE(
      bin("shli %a, %b overflow<no_signed_wrap> : tile<2xi8>", "tile<2xi8>"));
  // -64 << 1 = -128 keeps the sign: fine. 64 << 1 = 0x80 flips it.
  EXPECT_EQ(intsOf(run({tileOf(I8, {2}, {-64, 3}), tileOf(I8, {2}, {1, 2})})),
            (Ints{-128, 12}));
  expectUB({tileOf(I8, {2}, {0, 64}), tileOf(I8, {2}, {0, 1})},
           "no_signed_wrap> violated: 64 << 1 at element 1");
  ASSERT_TRUE(
      bin("shli %a, %b overflow<no_unsigned_wrap> : tile<1xi8>", "tile<1xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {1}, {64}), tileOf(I8, {1}, {1})})),
            (Ints{-128}));
  expectUB({tileOf(I8, {1}, {-128}), tileOf(I8, {1}, {1})}, "128 << 1");
}

TEST_F(OracleArith, NegiAndAbsiOfMin) {
  ASSERT_TRUE(defineOp("%a: tile<4xi8>", "tile<4xi8>", "negi %a : tile<4xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {4}, {-128, 5, 0, 127})})),
            (Ints{-128, -5, 0, -127}));
  ASSERT_TRUE(defineOp("%a: tile<4xi8>", "tile<4xi8>",
                       "negi %a overflow<no_signed_wrap> : tile<4xi8>"));
  expectUB({tileOf(I8, {4}, {1, 2, -128, 0})}, "-(-128) at element 2");
  ASSERT_TRUE(defineOp("%a: tile<4xi8>", "tile<4xi8>", "absi %a : tile<4xi8>"));
  EXPECT_EQ(intsOf(run({tileOf(I8, {4}, {-128, -5, 7, 0})})),
            (Ints{-128, 5, 7, 0}));
}

TEST_F(OracleArith, BitwiseOps) {
  std::vector<Tile> in = {tileOfBits(I16, {1}, {0xf0f0}),
                          tileOfBits(I16, {1}, {0xff00})};
  ASSERT_TRUE(bin("andi %a, %b : tile<1xi16>", "tile<1xi16>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0xf000}));
  ASSERT_TRUE(bin("ori %a, %b : tile<1xi16>", "tile<1xi16>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0xfff0}));
  ASSERT_TRUE(bin("xori %a, %b : tile<1xi16>", "tile<1xi16>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0x0ff0}));
}

TEST_F(OracleArith, MaxiMiniSignedness) {
  std::vector<Tile> in = {tileOf(I32, {2}, {-1, 3}), tileOf(I32, {2}, {1, 3})};
  ASSERT_TRUE(bin("maxi %a, %b signed : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{1, 3}));
  ASSERT_TRUE(bin("maxi %a, %b unsigned : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{-1, 3}));
  ASSERT_TRUE(bin("mini %a, %b signed : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{-1, 3}));
  ASSERT_TRUE(bin("mini %a, %b unsigned : tile<2xi32>", "tile<2xi32>"));
  EXPECT_EQ(intsOf(run(in)), (Ints{1, 3}));
}

TEST_F(OracleArith, I1ReadsMinusOneSignedAndOneUnsigned) {
  std::vector<Tile> in = {tileOf(I1, {2}, {1, 0}), tileOf(I1, {2}, {0, 1})};
  ASSERT_TRUE(bin("cmpi less_than %a, %b, signed : tile<2xi1> -> tile<2xi1>",
                  "tile<2xi1>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{1, 0})); // -1 < 0, 0 < -1
  ASSERT_TRUE(bin("cmpi less_than %a, %b, unsigned : tile<2xi1> -> tile<2xi1>",
                  "tile<2xi1>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0, 1}));
  ASSERT_TRUE(bin("maxi %a, %b signed : tile<2xi1>", "tile<2xi1>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0, 0}));
  ASSERT_TRUE(bin("addi %a, %b : tile<2xi1>", "tile<2xi1>"));
  EXPECT_EQ(bitsOf(run({tileOf(I1, {2}, {1, 1}), tileOf(I1, {2}, {1, 0})})),
            (Bits{0, 1}));
  // -1 + -1 = -2 does not fit i1.
  ASSERT_TRUE(
      bin("addi %a, %b overflow<no_signed_wrap> : tile<1xi1>", "tile<1xi1>"));
  expectUB({tileOf(I1, {1}, {1}), tileOf(I1, {1}, {1})}, "-1 + -1");
}

TEST_F(OracleArith, CmpiEveryPredicate) {
  // -1 vs 1: signed -1 < 1, unsigned 0xffffffff > 1; and 5 vs 5.
  const char *preds[] = {"equal",        "not_equal",
                         "less_than",    "less_than_or_equal",
                         "greater_than", "greater_than_or_equal"};
  Bits expectSigned[] = {{0, 1}, {1, 0}, {1, 0}, {1, 1}, {0, 0}, {0, 1}};
  Bits expectUnsigned[] = {{0, 1}, {1, 0}, {0, 0}, {0, 1}, {1, 0}, {1, 1}};
  for (int p = 0; p < 6; ++p) {
    for (bool s : {true, false}) {
      ASSERT_TRUE(bin(std::string("cmpi ") + preds[p] + " %a, %b, " +
                          (s ? "signed" : "unsigned") +
                          " : tile<2xi32> -> tile<2xi1>",
                      "tile<2xi32>", "tile<2xi1>"));
      EXPECT_EQ(
          bitsOf(run({tileOf(I32, {2}, {-1, 5}), tileOf(I32, {2}, {1, 5})})),
          s ? expectSigned[p] : expectUnsigned[p])
          << preds[p] << (s ? " signed" : " unsigned");
    }
  }
}

TEST_F(OracleArith, SelectPicksPerElement) {
  ASSERT_TRUE(defineOp("%c: tile<4xi1>, %a: tile<4xf32>, %b: tile<4xf32>",
                       "tile<4xf32>",
                       "select %c, %a, %b : tile<4xi1>, tile<4xf32>"));
  Tile r = run({tileOf(I1, {4}, {1, 0, 1, 0}), tileOf(F32, {4}, {1, 2, 3, 4}),
                tileOf(F32, {4}, {-1, -2, -3, -4})});
  EXPECT_EQ(bitsOf(r), (Bits{0x3f800000, 0xc0000000, 0x40400000, 0xc0800000}));
}

TEST_F(OracleArith, LargeTileTakesTheTypedLoop) {
  ASSERT_TRUE(bin("subi %a, %b : tile<1024xi64>", "tile<1024xi64>"));
  std::vector<double> a, b;
  for (int i = 0; i < 1024; ++i) {
    a.push_back(i);
    b.push_back(2 * i);
  }
  Tile r = run({tileOf(I64, {1024}, a), tileOf(I64, {1024}, b)});
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ(r.getSInt(i), -i);
}

TEST_F(OracleArith, TypedLoopsMatchAPInt) {
  // Every integer op without flags at every width on random operands
  // (biased towards the extremes), against llvm::APInt. Divisors avoid 0
  // and MIN / -1, shift amounts stay below the width: those are UB and
  // tested above.
  std::mt19937_64 rng(99);
  struct Op {
    const char *text;
    llvm::APInt (*ref)(const llvm::APInt &, const llvm::APInt &);
    bool isDiv, isShift;
  } ops[] = {
      {"addi %a, %b", [](auto &x, auto &y) { return x + y; }, false, false},
      {"subi %a, %b", [](auto &x, auto &y) { return x - y; }, false, false},
      {"muli %a, %b", [](auto &x, auto &y) { return x * y; }, false, false},
      {"mulhii %a, %b",
       [](auto &x, auto &y) {
         unsigned w = x.getBitWidth();
         return (x.zext(2 * w) * y.zext(2 * w)).lshr(w).trunc(w);
       },
       false, false},
      {"andi %a, %b", [](auto &x, auto &y) { return x & y; }, false, false},
      {"ori %a, %b", [](auto &x, auto &y) { return x | y; }, false, false},
      {"xori %a, %b", [](auto &x, auto &y) { return x ^ y; }, false, false},
      {"shli %a, %b", [](auto &x, auto &y) { return x.shl(y); }, false, true},
      {"shri %a, %b signed", [](auto &x, auto &y) { return x.ashr(y); }, false,
       true},
      {"shri %a, %b unsigned", [](auto &x, auto &y) { return x.lshr(y); },
       false, true},
      {"maxi %a, %b signed", [](auto &x, auto &y) { return x.sge(y) ? x : y; },
       false, false},
      {"maxi %a, %b unsigned",
       [](auto &x, auto &y) { return x.uge(y) ? x : y; }, false, false},
      {"mini %a, %b signed", [](auto &x, auto &y) { return x.sle(y) ? x : y; },
       false, false},
      {"mini %a, %b unsigned",
       [](auto &x, auto &y) { return x.ule(y) ? x : y; }, false, false},
      {"divi %a, %b signed", [](auto &x, auto &y) { return x.sdiv(y); }, true,
       false},
      {"divi %a, %b unsigned", [](auto &x, auto &y) { return x.udiv(y); }, true,
       false},
      {"remi %a, %b signed", [](auto &x, auto &y) { return x.srem(y); }, true,
       false},
      {"remi %a, %b unsigned", [](auto &x, auto &y) { return x.urem(y); }, true,
       false},
  };
  const int64_t n = 1024;
  for (ElemType e : {I8, I16, I32, I64}) {
    unsigned w = bitWidth(e);
    uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1;
    auto draw = [&] {
      uint64_t r = rng();
      switch (r % 4) {
      case 0:
        return (r >> 8) % 5; // 0..4
      case 1:
        return (mask >> 1) + ((r >> 8) % 5) - 2; // around MAX and MIN
      case 2:
        return mask - (r >> 8) % 5; // -1..-5
      default:
        return rng();
      }
    };
    std::string t = "tile<1024x" + name(e).str() + ">";
    for (const Op &op : ops) {
      Bits xs(n), ys(n);
      for (int64_t i = 0; i < n; ++i) {
        xs[i] = draw() & mask;
        ys[i] = draw() & mask;
        if (op.isShift)
          ys[i] %= w;
        if (op.isDiv) {
          if (ys[i] == 0)
            ys[i] = 3;
          if (ys[i] == mask && xs[i] == (mask >> 1) + 1)
            xs[i] = 7; // MIN / -1
        }
      }
      ASSERT_TRUE(bin(std::string(op.text) + " : " + t, t));
      Tile r = run({tileOfBits(e, {n}, xs), tileOfBits(e, {n}, ys)});
      for (int64_t i = 0; i < n; ++i) {
        llvm::APInt x(w, xs[i]), y(w, ys[i]);
        ASSERT_EQ(bitsAt(r, i), op.ref(x, y).getZExtValue())
            << op.text << " " << name(e).str() << " of " << xs[i] << ", "
            << ys[i];
      }
      // cmpi against APInt's comparisons on the same operands.
    }
    const char *preds[] = {"equal",        "not_equal",
                           "less_than",    "less_than_or_equal",
                           "greater_than", "greater_than_or_equal"};
    Bits xs(n), ys(n);
    for (int64_t i = 0; i < n; ++i) {
      xs[i] = draw() & mask;
      ys[i] = (i % 3 == 0 ? xs[i] : draw()) & mask;
    }
    for (int p = 0; p < 6; ++p) {
      for (bool sgn : {true, false}) {
        ASSERT_TRUE(bin(std::string("cmpi ") + preds[p] + " %a, %b, " +
                            (sgn ? "signed" : "unsigned") + " : " + t +
                            " -> tile<1024xi1>",
                        t, "tile<1024xi1>"));
        Tile r = run({tileOfBits(e, {n}, xs), tileOfBits(e, {n}, ys)});
        for (int64_t i = 0; i < n; ++i) {
          llvm::APInt x(w, xs[i]), y(w, ys[i]);
          int c = sgn ? (x.slt(y) ? -1
                         : x == y ? 0
                                  : 1)
                      : (x.ult(y) ? -1
                         : x == y ? 0
                                  : 1);
          bool expect[] = {c == 0, c != 0, c<0, c <= 0, c> 0, c >= 0};
          ASSERT_EQ(bitsAt(r, i), uint64_t(expect[p]))
              << preds[p] << " " << name(e).str();
        }
      }
    }
  }
}

//===-- floats ------------------------------------------------------------===//

TEST_F(OracleArith, DivfOneThirdUnderEveryRoundingMode) {
  // 1/3 = 0x3eaaaaaa.aaa...: the tail is above half an ulp, so nearest and
  // +inf round up, zero and -inf truncate; mirrored for -1/3.
  struct Case {
    const char *mode;
    uint64_t pos, neg;
  } cases[] = {{"", 0x3eaaaaab, 0xbeaaaaab},
               {" rounding<zero>", 0x3eaaaaaa, 0xbeaaaaaa},
               {" rounding<negative_inf>", 0x3eaaaaaa, 0xbeaaaaab},
               {" rounding<positive_inf>", 0x3eaaaaab, 0xbeaaaaaa},
               {" rounding<approx>", 0x3eaaaaab, 0xbeaaaaab},
               {" rounding<full>", 0x3eaaaaab, 0xbeaaaaab}};
  for (const Case &c : cases) {
    ASSERT_TRUE(bin(std::string("divf %a, %b") + c.mode + " : tile<2xf32>",
                    "tile<2xf32>"));
    EXPECT_EQ(
        bitsOf(run({tileOf(F32, {2}, {1, -1}), tileOf(F32, {2}, {3, 3})})),
        (Bits{c.pos, c.neg}))
        << c.mode;
  }
}

TEST_F(OracleArith, DivfF64DirectedModes) {
  // 1/3 in f64 = 0x3fd5555555555555 (tail 0x555.. < half: nearest truncates).
  ASSERT_TRUE(
      bin("divf %a, %b rounding<positive_inf> : tile<1xf64>", "tile<1xf64>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {1}, {1}), tileOf(F64, {1}, {3})})),
            (Bits{0x3fd5555555555556ull}));
  ASSERT_TRUE(bin("divf %a, %b : tile<1xf64>", "tile<1xf64>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {1}, {1}), tileOf(F64, {1}, {3})})),
            (Bits{0x3fd5555555555555ull}));
}

TEST_F(OracleArith, AddfDirectedModesF64) {
  // 1 + 2^-60: nearest and -inf give 1, +inf gives 1 + 2^-52.
  std::vector<Tile> in = {
      tileOf(F64, {2}, {1, -1}),
      tileOf(F64, {2}, {std::ldexp(1.0, -60), -std::ldexp(1.0, -60)})};
  ASSERT_TRUE(
      bin("addf %a, %b rounding<positive_inf> : tile<2xf64>", "tile<2xf64>"));
  EXPECT_EQ(bitsOf(run(in)),
            (Bits{0x3ff0000000000001ull, 0xbff0000000000000ull}));
  ASSERT_TRUE(
      bin("addf %a, %b rounding<negative_inf> : tile<2xf64>", "tile<2xf64>"));
  EXPECT_EQ(bitsOf(run(in)),
            (Bits{0x3ff0000000000000ull, 0xbff0000000000001ull}));
  ASSERT_TRUE(bin("addf %a, %b : tile<2xf64>", "tile<2xf64>"));
  EXPECT_EQ(bitsOf(run(in)),
            (Bits{0x3ff0000000000000ull, 0xbff0000000000000ull}));
}

TEST_F(OracleArith, HalfAndBFloatRoundInTheirOwnFormat) {
  // 1 + 2^-11 is a tie in f16: nearest even keeps 1.0, +inf goes up.
  std::vector<Tile> h = {tileOf(F16, {1}, {1}),
                         tileOf(F16, {1}, {std::ldexp(1.0, -11)})};
  ASSERT_TRUE(bin("addf %a, %b : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run(h)), (Bits{0x3c00}));
  ASSERT_TRUE(
      bin("addf %a, %b rounding<positive_inf> : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run(h)), (Bits{0x3c01}));
  // bf16: 1 + 2^-8 is the tie; 1 + 3*2^-8 rounds up to even 1 + 2^-6.
  ASSERT_TRUE(bin("addf %a, %b : tile<2xbf16>", "tile<2xbf16>"));
  EXPECT_EQ(
      bitsOf(run(
          {tileOf(BF16, {2}, {1, 1}),
           tileOf(BF16, {2}, {std::ldexp(1.0, -8), 3 * std::ldexp(1.0, -8)})})),
      (Bits{0x3f80, 0x3f82}));
  // f16 overflow: 65504 * 2 = inf; under rounding<zero> the largest finite.
  ASSERT_TRUE(bin("mulf %a, %b rounding<zero> : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {1}, {65504}), tileOf(F16, {1}, {2})})),
            (Bits{0x7bff}));
  ASSERT_TRUE(bin("mulf %a, %b : tile<1xf16>", "tile<1xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {1}, {65504}), tileOf(F16, {1}, {2})})),
            (Bits{0x7c00}));
}

TEST_F(OracleArith, HalfNearestEvenSubnormalsAndNaN) {
  // 2^-14 * 2^-11 = 2^-25 ties 0 and the smallest subnormal 2^-24 -> 0;
  // 2^-14 * 1.5*2^-11 -> 2^-24; 1/3 = 0x3555 (f16) and 0x3eab (bf16).
  ASSERT_TRUE(bin("mulf %a, %b : tile<2xf16>", "tile<2xf16>"));
  EXPECT_EQ(bitsOf(run(
                {tileOf(F16, {2}, {std::ldexp(1.0, -14), std::ldexp(1.0, -14)}),
                 tileOf(F16, {2},
                        {std::ldexp(1.0, -11), 1.5 * std::ldexp(1.0, -11)})})),
            (Bits{0x0000, 0x0001}));
  ASSERT_TRUE(bin("divf %a, %b : tile<2xf16>", "tile<2xf16>"));
  EXPECT_EQ(bitsOf(run({tileOf(F16, {2}, {1, -1}), tileOf(F16, {2}, {3, 0})})),
            (Bits{0x3555, 0xfc00}));
  ASSERT_TRUE(bin("divf %a, %b : tile<2xbf16>", "tile<2xbf16>"));
  Tile r =
      run({tileOfBits(BF16, {2}, {0x3f80, 0x7fc1}), tileOf(BF16, {2}, {3, 1})});
  EXPECT_EQ(bitsAt(r, 0), 0x3eabu);
  EXPECT_TRUE(std::isnan(valueAt(r, 1)));
  // bf16 overflow: the largest finite (0x7f7f) doubled is inf.
  ASSERT_TRUE(bin("addf %a, %b : tile<2xbf16>", "tile<2xbf16>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(BF16, {2}, {0x7f7f, 0xff7f}),
                        tileOfBits(BF16, {2}, {0x7f7f, 0xff7f})})),
            (Bits{0x7f80, 0xff80}));
}

TEST_F(OracleArith, FlushToZeroInputsAndResults) {
  // Subnormal inputs flush to zero of their sign: 0x00000001 + 0 = +0 and
  // 0x80000001 + -0 = -0; without the flag the subnormal survives.
  std::vector<Tile> in = {tileOfBits(F32, {2}, {0x00000001, 0x80000001}),
                          tileOfBits(F32, {2}, {0, 0x80000000})};
  ASSERT_TRUE(bin("addf %a, %b flush_to_zero : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{0, 0x80000000}));
  ASSERT_TRUE(bin("addf %a, %b : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run(in)), (Bits{1, 0x80000001}));
  // 2^-126 * 0.5 = 2^-127 is a subnormal result: flushed, also on the
  // APFloat path of a directed mode.
  std::vector<Tile> m = {tileOfBits(F32, {2}, {0x00800000, 0x80800000}),
                         tileOf(F32, {2}, {0.5, 0.5})};
  ASSERT_TRUE(bin("mulf %a, %b flush_to_zero : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run(m)), (Bits{0, 0x80000000}));
  ASSERT_TRUE(bin("mulf %a, %b rounding<zero> flush_to_zero : tile<2xf32>",
                  "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run(m)), (Bits{0, 0x80000000}));
  ASSERT_TRUE(bin("mulf %a, %b : tile<2xf32>", "tile<2xf32>"));
  EXPECT_EQ(bitsOf(run(m)), (Bits{0x00400000, 0x80400000}));
}

TEST_F(OracleArith, FmaRoundsOnce) {
  // (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60 exactly; mulf would round the
  // product to 1 first.
  ASSERT_TRUE(defineOp("%a: tile<1xf64>, %b: tile<1xf64>, %c: tile<1xf64>",
                       "tile<1xf64>", "fma %a, %b, %c : tile<1xf64>"));
  EXPECT_EQ(bitsOf(run({tileOf(F64, {1}, {1 + std::ldexp(1.0, -30)}),
                        tileOf(F64, {1}, {1 - std::ldexp(1.0, -30)}),
                        tileOf(F64, {1}, {-1})})),
            (Bits{0xbc30000000000000ull}));
  ASSERT_TRUE(defineOp("%a: tile<1xf32>, %b: tile<1xf32>, %c: tile<1xf32>",
                       "tile<1xf32>",
                       "fma %a, %b, %c rounding<zero> : tile<1xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {1}, {1 + std::ldexp(1.0, -12)}),
                        tileOf(F32, {1}, {1 - std::ldexp(1.0, -12)}),
                        tileOf(F32, {1}, {-1})})),
            (Bits{0xb3800000})); // -2^-24
  ASSERT_TRUE(defineOp("%a: tile<1xf32>, %b: tile<1xf32>, %c: tile<1xf32>",
                       "tile<1xf32>", "fma %a, %b, %c : tile<1xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {1}, {1 + std::ldexp(1.0, -12)}),
                        tileOf(F32, {1}, {1 - std::ldexp(1.0, -12)}),
                        tileOf(F32, {1}, {-1})})),
            (Bits{0xb3800000}));
}

TEST_F(OracleArith, RemfIsFmod) {
  double inf = INFINITY;
  for (const char *ty : {"f32", "f16", "f64"}) {
    std::string t = std::string("tile<8x") + ty + ">";
    ElemType e = *parseElemType(ty);
    ASSERT_TRUE(bin("remf %a, %b : " + t, t));
    Tile r = run({tileOf(e, {8}, {5.5, -5.5, 1, inf, 3, -3, 7, 0.75}),
                  tileOf(e, {8}, {2, 2, 0, 2, inf, -inf, -2, 0.25})});
    EXPECT_EQ(valueAt(r, 5), -3) << ty;
    EXPECT_EQ(valueAt(r, 6), 1) << ty;
    EXPECT_EQ(bitsAt(r, 7), 0u) << ty; // +0: the dividend's sign
    EXPECT_EQ(valueAt(r, 0), 1.5) << ty;
    EXPECT_EQ(valueAt(r, 1), -1.5) << ty;
    EXPECT_TRUE(std::isnan(valueAt(r, 2))) << ty;
    EXPECT_TRUE(std::isnan(valueAt(r, 3))) << ty;
    EXPECT_EQ(valueAt(r, 4), 3) << ty;
  }
}

TEST_F(OracleArith, NegfAbsfOnlyTouchTheSignBit) {
  auto in = [] {
    return std::vector<Tile>{
        tileOfBits(F32, {4}, {0x7fc00123, 0xffc00123, 0, 0x7f800001})};
  };
  ASSERT_TRUE(
      defineOp("%a: tile<4xf32>", "tile<4xf32>", "negf %a : tile<4xf32>"));
  EXPECT_EQ(bitsOf(run(in())),
            (Bits{0xffc00123, 0x7fc00123, 0x80000000, 0xff800001}));
  ASSERT_TRUE(
      defineOp("%a: tile<4xf32>", "tile<4xf32>", "absf %a : tile<4xf32>"));
  EXPECT_EQ(bitsOf(run(in())), (Bits{0x7fc00123, 0x7fc00123, 0, 0x7f800001}));
  ASSERT_TRUE(
      defineOp("%a: tile<1xbf16>", "tile<1xbf16>", "negf %a : tile<1xbf16>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(BF16, {1}, {0x7fc1})})), (Bits{0xffc1}));
}

TEST_F(OracleArith, MaxfMinfNaNAndSignedZero) {
  // Pairs: (NaN, 1), (1, NaN), (NaN, NaN), (+0, -0), (-0, +0), (2, -3),
  // (-inf, sNaN), (+inf, -inf).
  Bits lhs = {0x7fc00001, 0x3f800000, 0xffc00002, 0x00000000,
              0x80000000, 0x40000000, 0xff800000, 0x7f800000};
  Bits rhs = {0x3f800000, 0x7fc00001, 0x7fc00003, 0x80000000,
              0x00000000, 0xc0400000, 0x7f800001, 0xff800000};
  auto in = [&] {
    return std::vector<Tile>{tileOfBits(F32, {8}, lhs),
                             tileOfBits(F32, {8}, rhs)};
  };
  const uint64_t cnan = 0x7fffffff;
  ASSERT_TRUE(bin("maxf %a, %b : tile<8xf32>", "tile<8xf32>"));
  EXPECT_EQ(bitsOf(run(in())), (Bits{0x3f800000, 0x3f800000, cnan, 0, 0,
                                     0x40000000, 0xff800000, 0x7f800000}));
  ASSERT_TRUE(bin("maxf %a, %b propagate_nan : tile<8xf32>", "tile<8xf32>"));
  EXPECT_EQ(bitsOf(run(in())),
            (Bits{cnan, cnan, cnan, 0, 0, 0x40000000, cnan, 0x7f800000}));
  ASSERT_TRUE(bin("minf %a, %b : tile<8xf32>", "tile<8xf32>"));
  EXPECT_EQ(bitsOf(run(in())),
            (Bits{0x3f800000, 0x3f800000, cnan, 0x80000000, 0x80000000,
                  0xc0400000, 0xff800000, 0xff800000}));
  ASSERT_TRUE(bin("minf %a, %b propagate_nan : tile<8xf32>", "tile<8xf32>"));
  EXPECT_EQ(bitsOf(run(in())), (Bits{cnan, cnan, cnan, 0x80000000, 0x80000000,
                                     0xc0400000, cnan, 0xff800000}));
}

TEST_F(OracleArith, MaxfHalfAndDoubleAndFlushToZero) {
  ASSERT_TRUE(bin("maxf %a, %b propagate_nan : tile<2xf16>", "tile<2xf16>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(F16, {2}, {0x7e01, 0x8000}),
                        tileOfBits(F16, {2}, {0x3c00, 0x0000})})),
            (Bits{0x7fff, 0x0000}));
  ASSERT_TRUE(bin("minf %a, %b : tile<2xf64>", "tile<2xf64>"));
  EXPECT_EQ(
      bitsOf(run({tileOfBits(F64, {2}, {0x7ff8000000000001ull, 0}),
                  tileOfBits(F64, {2},
                             {0xbff0000000000000ull, 0x8000000000000000ull})})),
      (Bits{0xbff0000000000000ull, 0x8000000000000000ull}));
  // With flush_to_zero a subnormal compares as zero: max(+sub, 0) is +0.
  ASSERT_TRUE(bin("maxf %a, %b flush_to_zero : tile<1xf32>", "tile<1xf32>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(F32, {1}, {0x00000005}),
                        tileOfBits(F32, {1}, {0x80000000})})),
            (Bits{0}));
}

TEST_F(OracleArith, CmpfOrderedAndUnordered) {
  // Pairs: (NaN, 1), (+0, -0), (1, 2), (NaN, NaN).
  auto in = [] {
    return std::vector<Tile>{
        tileOfBits(F32, {4}, {0x7fc00000, 0, 0x3f800000, 0xffc00000}),
        tileOfBits(F32, {4}, {0x3f800000, 0x80000000, 0x40000000, 0x7fc00000})};
  };
  struct Case {
    const char *pred;
    Bits ordered, unordered;
  } cases[] = {{"equal", {0, 1, 0, 0}, {1, 1, 0, 1}},
               {"not_equal", {0, 0, 1, 0}, {1, 0, 1, 1}},
               {"less_than", {0, 0, 1, 0}, {1, 0, 1, 1}},
               {"less_than_or_equal", {0, 1, 1, 0}, {1, 1, 1, 1}},
               {"greater_than", {0, 0, 0, 0}, {1, 0, 0, 1}},
               {"greater_than_or_equal", {0, 1, 0, 0}, {1, 1, 0, 1}}};
  for (const Case &c : cases) {
    for (bool ordered : {true, false}) {
      ASSERT_TRUE(bin(std::string("cmpf ") + c.pred +
                          (ordered ? " ordered" : " unordered") +
                          " %a, %b : tile<4xf32> -> tile<4xi1>",
                      "tile<4xf32>", "tile<4xi1>"));
      EXPECT_EQ(bitsOf(run(in())), ordered ? c.ordered : c.unordered)
          << c.pred << (ordered ? " ordered" : " unordered");
    }
  }
  // The same on bf16, which goes through the exact double path.
  ASSERT_TRUE(
      bin("cmpf less_than unordered %a, %b : tile<2xbf16> -> tile<2xi1>",
          "tile<2xbf16>", "tile<2xi1>"));
  EXPECT_EQ(bitsOf(run({tileOfBits(BF16, {2}, {0xffc0, 0x3f80}),
                        tileOfBits(BF16, {2}, {0x3f80, 0x3f81})})),
            (Bits{1, 1}));
}

/// Random operands that stress rounding: raw bit patterns (any exponent,
/// subnormals, inf, NaN) mixed with values of nearby magnitude whose exact
/// results need many bits.
template <typename B>
std::vector<uint64_t> randomOperands(std::mt19937_64 &rng, size_t n,
                                     unsigned mantBits) {
  std::vector<uint64_t> v;
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = rng();
    switch (r % 4) {
    case 0: // anything
      v.push_back(B(rng()));
      break;
    case 1: // near 1.0 with a random sign and mantissa
      v.push_back(
          B((B(rng() & 1) << (sizeof(B) * 8 - 1)) |
            (B(((B(1) << (sizeof(B) * 8 - 2 - mantBits)) - 1)) << mantBits) |
            B(rng() & ((B(1) << mantBits) - 1))));
      break;
    case 2: // near the largest finite or the smallest normal magnitude
      v.push_back(B(rng() & 1
                        ? (~B(0) >> 1) - B(rng() % 4096) - (B(1) << mantBits)
                        : (B(1) << mantBits) + B(rng() % 4096)));
      break;
    default: // small integers and halves
      v.push_back(B(0));
      break;
    }
  }
  return v;
}

TEST_F(OracleArith, DirectedRoundingMatchesAPFloat) {
  // The native directed-rounding path (nearest result corrected by its
  // exact error) against APFloat, which rounds once in the target mode.
  std::mt19937_64 rng(12345);
  const char *ops[] = {"addf", "subf", "mulf", "divf"};
  const char *modes[] = {"zero", "negative_inf", "positive_inf"};
  llvm::APFloat::roundingMode apModes[] = {llvm::APFloat::rmTowardZero,
                                           llvm::APFloat::rmTowardNegative,
                                           llvm::APFloat::rmTowardPositive};
  const int64_t n = 4096;
  for (ElemType e : {F32, F64}) {
    std::string ty = e == F32 ? "f32" : "f64";
    std::string t = "tile<4096x" + ty + ">";
    Bits xs = e == F32 ? randomOperands<uint32_t>(rng, n, 23)
                       : randomOperands<uint64_t>(rng, n, 52);
    Bits ys = e == F32 ? randomOperands<uint32_t>(rng, n, 23)
                       : randomOperands<uint64_t>(rng, n, 52);
    for (int64_t i = 0; i < n; ++i) {
      // Integers and halves for the "small" class (exact cancellations).
      if (xs[i] == 0)
        xs[i] =
            bitsAt(tileOf(e, {1}, {double(int64_t(rng() % 17) - 8) / 2}), 0);
      if (ys[i] == 0)
        ys[i] =
            bitsAt(tileOf(e, {1}, {double(int64_t(rng() % 17) - 8) / 2}), 0);
    }
    for (int o = 0; o < 4; ++o) {
      for (int m = 0; m < 3; ++m) {
        ASSERT_TRUE(bin(std::string(ops[o]) + " %a, %b rounding<" + modes[m] +
                            "> : " + t,
                        t));
        Tile ta = tileOfBits(e, {n}, xs), tb = tileOfBits(e, {n}, ys);
        Tile r = run({ta, tb});
        for (int64_t i = 0; i < n; ++i) {
          llvm::APFloat x = ta.getFloat(i), y = tb.getFloat(i);
          switch (o) {
          case 0:
            x.add(y, apModes[m]);
            break;
          case 1:
            x.subtract(y, apModes[m]);
            break;
          case 2:
            x.multiply(y, apModes[m]);
            break;
          default:
            x.divide(y, apModes[m]);
            break;
          }
          if (x.isNaN()) {
            ASSERT_TRUE(std::isnan(valueAt(r, i)));
            continue;
          }
          ASSERT_EQ(bitsAt(r, i), x.bitcastToAPInt().getZExtValue())
              << ops[o] << " rounding<" << modes[m] << "> " << ty << " of "
              << std::hex << xs[i] << ", " << ys[i];
        }
      }
    }
  }
}

TEST_F(OracleArith, SubfF32RoundingZeroMatchesTruncation) {
  // 1 - 2^-30 in f32: nearest rounds to 1, toward zero to 1 - 2^-24.
  ASSERT_TRUE(bin("subf %a, %b rounding<zero> : tile<1xf32>", "tile<1xf32>"));
  EXPECT_EQ(bitsOf(run({tileOf(F32, {1}, {1}),
                        tileOf(F32, {1}, {std::ldexp(1.0, -30)})})),
            (Bits{0x3f7fffff}));
}

} // namespace
