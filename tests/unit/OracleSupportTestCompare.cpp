//===- OracleSupportTestCompare.cpp - buffer comparison -------------------===//
//
// Unit tests with hand-computed expectations for the comparison library:
// NaN payloads, signed zeros, infinity next to the largest finite value,
// subnormals, ULP ordering across zero for every fp8/f4 format, tf32, the
// first-mismatch index in 3-D, integer bit-exactness, tolerance bounds and
// describe() text; the default policy table. RapidCheck checks that the ULP
// distance is a metric along the value order of every float format.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Compare.h"

#include "llvm/ADT/bit.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace tilecheck::oracle;
using llvm::APFloat;
using llvm::APInt;

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

/// Buffer holding the given stored encodings of \p type.
std::vector<uint8_t> buffer(ElemType type, std::vector<uint64_t> values) {
  unsigned n = storageBytes(type);
  std::vector<uint8_t> out(values.size() * n);
  for (size_t i = 0; i < values.size(); ++i)
    for (unsigned b = 0; b < n; ++b)
      out[i * n + b] = uint8_t(values[i] >> (8 * b));
  return out;
}

uint64_t ulp(ElemType type, uint64_t a, uint64_t b) {
  return ulpDistance(type, buffer(type, {a}).data(), buffer(type, {b}).data());
}

bool same(ElemType type, uint64_t e, uint64_t a, const ComparePolicy &p) {
  auto be = buffer(type, {e}), ba = buffer(type, {a});
  return compareBuffers(type, {}, be.data(), ba.data(), p).ok();
}

uint64_t f32Bits(float f) { return llvm::bit_cast<uint32_t>(f); }
uint64_t f64Bits(double d) { return llvm::bit_cast<uint64_t>(d); }

TEST(OracleCompare, NaNs) {
  ElemType t = ElemType::F32;
  EXPECT_EQ(ulp(t, 0x7fc00000, 0x7fffffff), 0u);
  EXPECT_EQ(ulp(t, 0x7fc00000, 0xffc00001), 0u);
  EXPECT_EQ(ulp(t, 0x7fc00000, 0x3f800000), kMax);
  EXPECT_TRUE(same(t, 0x7fc00000, 0x7fffffff, ComparePolicy::ulp(0)));
  EXPECT_TRUE(same(t, 0x7fc00000, 0xffffffff, ComparePolicy::tolerance(0, 0)));
  EXPECT_FALSE(same(t, 0x7fc00000, 0x7fffffff, ComparePolicy::bitExact()));
  ComparePolicy strict = ComparePolicy::ulp(0);
  strict.nanEqual = false;
  EXPECT_FALSE(same(t, 0x7fc00000, 0x7fffffff, strict));
  EXPECT_TRUE(same(t, 0x7fc00000, 0x7fc00000, strict));
  EXPECT_FALSE(same(t, 0x7fc00000, 0x3f800000, ComparePolicy::ulp(1000)));
  EXPECT_FALSE(
      same(t, 0x3f800000, 0x7fc00000, ComparePolicy::tolerance(1e9, 1e9)));
  auto e = buffer(t, {0x7fc00000}), a = buffer(t, {0x3f800000});
  CompareResult r =
      compareBuffers(t, {1}, e.data(), a.data(), ComparePolicy::ulp(4));
  EXPECT_TRUE(std::isinf(r.maxUlpSeen));
  ASSERT_TRUE(r.first.has_value());
  EXPECT_TRUE(std::isinf(r.first->ulpDistance));
  EXPECT_EQ(r.describe(), "1 of 1 elements differ (policy ulp<=4); first at "
                          "[0]: expected nan (0x7fc00000), got 1 (0x3f800000)");
}

TEST(OracleCompare, SignedZeros) {
  ElemType t = ElemType::F32;
  EXPECT_EQ(ulp(t, 0x00000000, 0x80000000), 0u);
  EXPECT_FALSE(same(t, 0x00000000, 0x80000000, ComparePolicy::ulp(5)));
  EXPECT_FALSE(same(t, 0x00000000, 0x80000000, ComparePolicy::tolerance(1, 1)));
  ComparePolicy p = ComparePolicy::ulp(0);
  p.signedZerosEqual = true;
  EXPECT_TRUE(same(t, 0x00000000, 0x80000000, p));
  EXPECT_EQ(p.str(), "ulp<=0,+0==-0");
  ComparePolicy tol = ComparePolicy::tolerance(0, 0);
  tol.signedZerosEqual = true;
  EXPECT_TRUE(same(t, 0x80000000, 0x00000000, tol));
  EXPECT_FALSE(same(t, 0x80000000, 0x00000000, ComparePolicy::bitExact()));
  // Across zero: -min_subnormal and +min_subnormal are 2 apart.
  EXPECT_EQ(ulp(t, 0x00000001, 0x80000001), 2u);
  EXPECT_EQ(ulp(t, 0x80000001, 0x00000000), 1u);
}

TEST(OracleCompare, InfinityAndLargestFinite) {
  EXPECT_EQ(ulp(ElemType::F32, 0x7f800000, 0x7f7fffff), 1u);
  EXPECT_EQ(ulp(ElemType::F32, 0xff800000, 0xff7fffff), 1u);
  EXPECT_EQ(ulp(ElemType::F64, 0x7ff0000000000000ull, 0x7fefffffffffffffull),
            1u);
  EXPECT_EQ(ulp(ElemType::F16, 0x7c00, 0x7bff), 1u);
  EXPECT_EQ(ulp(ElemType::BF16, 0x7f80, 0x7f7f), 1u);
  EXPECT_EQ(ulp(ElemType::F8E5M2, 0x7c, 0x7b), 1u);
  EXPECT_EQ(ulp(ElemType::F32, 0x7f800000, 0xff800000), 2u * 0x7f800000u);
  EXPECT_TRUE(
      same(ElemType::F32, 0x7f800000, 0x7f7fffff, ComparePolicy::ulp(1)));
  EXPECT_FALSE(
      same(ElemType::F32, 0x7f800000, 0x7f7fffff, ComparePolicy::ulp(0)));
  // Tolerance never accepts a finite value for an infinity.
  EXPECT_FALSE(same(ElemType::F32, 0x7f800000, 0x7f7fffff,
                    ComparePolicy::tolerance(1e30, 1e30)));
  EXPECT_TRUE(same(ElemType::F32, 0x7f800000, 0x7f800000,
                   ComparePolicy::tolerance(0, 0)));
  // f64 max vs -max overflows the difference to inf: a mismatch.
  EXPECT_FALSE(same(ElemType::F64, 0x7fefffffffffffffull, 0xffefffffffffffffull,
                    ComparePolicy::tolerance(1, 0)));
}

TEST(OracleCompare, Subnormals) {
  EXPECT_EQ(ulp(ElemType::F32, 0x00000001, 0x00800000), 0x7fffffu);
  EXPECT_EQ(ulp(ElemType::F32, 0x007fffff, 0x00800000), 1u);
  EXPECT_EQ(ulp(ElemType::F16, 0x0001, 0x0000), 1u);
  EXPECT_EQ(ulp(ElemType::F16, 0x8001, 0x0001), 2u);
  // Tolerance: 2^-149 vs 0 with atol 0 fails, with atol 2^-149 passes.
  EXPECT_FALSE(same(ElemType::F32, 0x00000000, 0x00000001,
                    ComparePolicy::tolerance(0.5, 0)));
  EXPECT_TRUE(same(ElemType::F32, 0x00000000, 0x00000001,
                   ComparePolicy::tolerance(0, std::ldexp(1.0, -149))));
}

TEST(OracleCompare, NarrowFormatsAcrossZero) {
  // f8E4M3FN: no infinity, 0x7f is NaN, 0x7e = 448 the largest finite.
  ElemType e4 = ElemType::F8E4M3FN;
  EXPECT_EQ(ulp(e4, 0x01, 0x81), 2u);
  EXPECT_EQ(ulp(e4, 0x00, 0x80), 0u);
  EXPECT_EQ(ulp(e4, 0x7e, 0xfe), 252u);
  EXPECT_EQ(ulp(e4, 0x7d, 0x7e), 1u);
  EXPECT_EQ(ulp(e4, 0x7f, 0xff), 0u);
  EXPECT_EQ(ulp(e4, 0x7e, 0x7f), kMax);
  EXPECT_EQ(ulp(e4, 0x08, 0x07), 1u); // min normal vs max subnormal
  // f8E5M2: IEEE-like with infinities.
  ElemType e5 = ElemType::F8E5M2;
  EXPECT_EQ(ulp(e5, 0x01, 0x81), 2u);
  EXPECT_EQ(ulp(e5, 0xfc, 0x7c), 248u);
  EXPECT_EQ(ulp(e5, 0x7d, 0x7c), kMax); // 0x7d is NaN
  // f8E8M0FNU: no sign and no zero; 0x00 = 2^-127, 0x7f = 1, 0xff = NaN.
  ElemType e8 = ElemType::F8E8M0FNU;
  EXPECT_EQ(ulp(e8, 0x00, 0x01), 1u);
  EXPECT_EQ(ulp(e8, 0x7f, 0x80), 1u);
  EXPECT_EQ(ulp(e8, 0x80, 0x7f), 1u);
  EXPECT_EQ(ulp(e8, 0x00, 0xfe), 254u);
  EXPECT_EQ(ulp(e8, 0xfe, 0xff), kMax);
  EXPECT_TRUE(same(e8, 0x7f, 0x80, ComparePolicy::ulp(1)));
  EXPECT_TRUE(same(e8, 0x7f, 0x80, ComparePolicy::tolerance(1, 0)));
  EXPECT_FALSE(same(e8, 0x7f, 0x81, ComparePolicy::tolerance(1, 0)));
  // f4E2M1FN: 0..7 = 0, 0.5, 1, 1.5, 2, 3, 4, 6; 8..15 their negatives.
  ElemType f4 = ElemType::F4E2M1FN;
  EXPECT_EQ(ulp(f4, 0x1, 0x9), 2u);
  EXPECT_EQ(ulp(f4, 0x0, 0x8), 0u);
  EXPECT_EQ(ulp(f4, 0x7, 0xf), 14u);
  EXPECT_EQ(ulp(f4, 0x6, 0x7), 1u);
  EXPECT_EQ(ulp(f4, 0xa, 0x1), 3u); // -1 vs 0.5
  EXPECT_FALSE(same(f4, 0x0, 0x8, ComparePolicy::ulp(3)));
  // The high nibble is padding for ulp purposes.
  EXPECT_EQ(ulp(f4, 0x17, 0x07), 0u);
}

TEST(OracleCompare, TF32) {
  ElemType t = ElemType::TF32;
  EXPECT_EQ(ulp(t, 0x3f800000, 0x3f802000), 1u);
  // Garbage below the tf32 mantissa: same value, different stored bits.
  EXPECT_EQ(ulp(t, 0x3f800000, 0x3f800001), 0u);
  EXPECT_TRUE(same(t, 0x3f800000, 0x3f800001, ComparePolicy::ulp(0)));
  EXPECT_FALSE(same(t, 0x3f800000, 0x3f800001, ComparePolicy::bitExact()));
}

TEST(OracleCompare, FirstMismatchIn3D) {
  ElemType t = ElemType::F32;
  std::vector<uint64_t> e(24, f32Bits(2.0f)), a = e;
  a[17] = f32Bits(2.5f); // 17 = 1*12 + 1*4 + 1
  a[23] = f32Bits(-2.0f);
  a[5] = f32Bits(2.0f) + 1; // within 1 ulp: not a mismatch
  auto be = buffer(t, e), ba = buffer(t, a);
  CompareResult r =
      compareBuffers(t, {2, 3, 4}, be.data(), ba.data(), ComparePolicy::ulp(1));
  EXPECT_EQ(r.numElements, 24);
  EXPECT_EQ(r.numMismatches, 2);
  ASSERT_TRUE(r.first.has_value());
  EXPECT_EQ(r.first->flatIndex, 17);
  EXPECT_EQ(r.first->index, (std::vector<int64_t>{1, 1, 1}));
  EXPECT_EQ(r.first->ulpDistance, double(0x200000)); // 0.5 / 2^-22
  EXPECT_EQ(r.maxUlpSeen, 2.0 * 0x40000000);
  EXPECT_EQ(r.describe(),
            "2 of 24 elements differ (policy ulp<=1); first at [1, 1, 1]: "
            "expected 2 (0x40000000), got 2.5 (0x40200000), 2097152 ulp");
  CompareResult exact = compareBuffers(t, {2, 3, 4}, be.data(), ba.data(),
                                       ComparePolicy::bitExact());
  EXPECT_EQ(exact.numMismatches, 3);
  EXPECT_EQ(exact.first->index, (std::vector<int64_t>{0, 1, 1}));
}

TEST(OracleCompare, IntegersAreBitExact) {
  ElemType t = ElemType::I32;
  auto e = buffer(t, {1, 5, 7}), a = buffer(t, {1, 6, 7});
  CompareResult r =
      compareBuffers(t, {3}, e.data(), a.data(), ComparePolicy::ulp(1000));
  EXPECT_EQ(r.numMismatches, 1);
  EXPECT_EQ(r.policy, "bit-exact");
  EXPECT_EQ(r.first->ulpDistance, 1.0);
  EXPECT_EQ(r.describe(), "1 of 3 elements differ (policy bit-exact); first "
                          "at [1]: expected 5, got 6");
  EXPECT_FALSE(
      compareBuffers(t, {3}, e.data(), a.data(), ComparePolicy::tolerance(1, 1))
          .ok());
  EXPECT_EQ(ulp(ElemType::I64, 0x8000000000000000ull, 0x7fffffffffffffffull),
            kMax);
  EXPECT_EQ(ulp(ElemType::I8, 0xff, 0x01), 2u); // -1 vs 1
  EXPECT_EQ(ulp(ElemType::I1, 0, 1), 1u);
  EXPECT_EQ(ulp(ElemType::Ptr, 0x1000, 0x1008), 8u);
  EXPECT_TRUE(same(ElemType::I16, 0xabcd, 0xabcd, ComparePolicy::bitExact()));
  EXPECT_FALSE(same(ElemType::I4, 0x0f, 0x0e, ComparePolicy::ulp(5)));
}

TEST(OracleCompare, ToleranceBoundary) {
  // |a - e| <= 0.25 + 0.5 * |1.0| = 0.75; all values exact in binary.
  ComparePolicy p = ComparePolicy::tolerance(0.5, 0.25);
  ElemType t = ElemType::F64;
  EXPECT_TRUE(same(t, f64Bits(1.0), f64Bits(1.75), p));
  EXPECT_FALSE(same(t, f64Bits(1.0), f64Bits(std::nextafter(1.75, 2.0)), p));
  EXPECT_TRUE(same(t, f64Bits(1.0), f64Bits(0.25), p));
  EXPECT_FALSE(same(t, f64Bits(1.0), f64Bits(std::nextafter(0.25, 0.0)), p));
  // The bound uses |expected|, not |actual|.
  EXPECT_TRUE(same(t, f64Bits(-1.0), f64Bits(-1.75), p));
  EXPECT_FALSE(same(t, f64Bits(1.75), f64Bits(1.0),
                    ComparePolicy::tolerance(0.25, 0.25)));
  // f32: e = 2, rtol 1/8, atol 1/4: bound 0.5.
  ComparePolicy q = ComparePolicy::tolerance(0.125, 0.25);
  EXPECT_TRUE(same(ElemType::F32, f32Bits(2.0f), f32Bits(2.5f), q));
  EXPECT_FALSE(same(ElemType::F32, f32Bits(2.0f), f32Bits(2.5f) + 1, q));
  // bf16 via the double evaluation: e = 1 (0x3f80), a = 1.0078125 (0x3f81).
  EXPECT_TRUE(same(ElemType::BF16, 0x3f80, 0x3f81,
                   ComparePolicy::tolerance(0, 0.0078125)));
  EXPECT_FALSE(same(ElemType::BF16, 0x3f80, 0x3f81,
                    ComparePolicy::tolerance(0, 0.0078124)));
}

TEST(OracleCompare, DescribeAndPolicyText) {
  ElemType t = ElemType::F32;
  std::vector<uint64_t> e(8, 0x3fc00000), a = e;
  a[7] = 0x3fc00002;
  auto be = buffer(t, e), ba = buffer(t, a);
  CompareResult r =
      compareBuffers(t, {1, 8}, be.data(), ba.data(), ComparePolicy::ulp(1));
  EXPECT_EQ(r.describe(),
            "1 of 8 elements differ (policy ulp<=1); first at [0, 7]: "
            "expected 1.5 (0x3fc00000), got 1.5000002 (0x3fc00002), 2 ulp");
  CompareResult good =
      compareBuffers(t, {1, 8}, be.data(), ba.data(), ComparePolicy::ulp(2));
  EXPECT_TRUE(good.ok());
  EXPECT_EQ(good.maxUlpSeen, 2.0);
  EXPECT_EQ(good.describe(), "all 8 elements match (policy ulp<=2)");
  CompareResult scalar =
      compareBuffers(t, {}, be.data(), ba.data() + 28, ComparePolicy::ulp(0));
  EXPECT_EQ(scalar.numElements, 1);
  EXPECT_EQ(scalar.describe(),
            "1 of 1 elements differ (policy ulp<=0); first at []: "
            "expected 1.5 (0x3fc00000), got 1.5000002 (0x3fc00002), 2 ulp");
  CompareResult none =
      compareBuffers(t, {0, 3}, nullptr, nullptr, ComparePolicy::bitExact());
  EXPECT_TRUE(none.ok());
  EXPECT_EQ(none.describe(), "all 0 elements match (policy bit-exact)");
  EXPECT_EQ(ComparePolicy::bitExact().str(), "bit-exact");
  EXPECT_EQ(ComparePolicy::ulp(2).str(), "ulp<=2");
  EXPECT_EQ(ComparePolicy::tolerance(1e-5, 1e-8).str(),
            "rtol=1e-05,atol=1e-08");
  ComparePolicy n = ComparePolicy::ulp(3);
  n.nanEqual = false;
  EXPECT_EQ(n.str(), "ulp<=3,nan-bits");
  EXPECT_EQ(defaultPolicy(ElemType::F32, ResultClass::Reduction).str(),
            "rtol=1.90735e-06,atol=1.90735e-06,+0==-0");
}

TEST(OracleCompare, DefaultPolicyTable) {
  using Mode = ComparePolicy::Mode;
  for (ResultClass c :
       {ResultClass::Exact, ResultClass::Elementwise, ResultClass::MathFunction,
        ResultClass::Reduction, ResultClass::Mma})
    for (ElemType t : {ElemType::I1, ElemType::I4, ElemType::I8, ElemType::I32,
                       ElemType::I64, ElemType::Ptr})
      EXPECT_EQ(defaultPolicy(t, c).mode, Mode::BitExact);
  for (ElemType t : kAllElemTypes)
    if (isFloat(t)) {
      EXPECT_EQ(defaultPolicy(t, ResultClass::Exact).mode, Mode::BitExact);
      ComparePolicy el = defaultPolicy(t, ResultClass::Elementwise);
      EXPECT_EQ(el.mode, Mode::Ulp);
      EXPECT_EQ(el.maxUlp, 0u);
      EXPECT_TRUE(el.nanEqual);
      EXPECT_FALSE(el.signedZerosEqual);
    }
  EXPECT_EQ(defaultPolicy(ElemType::F32, ResultClass::MathFunction).maxUlp, 2u);
  EXPECT_EQ(defaultPolicy(ElemType::F64, ResultClass::MathFunction).maxUlp, 2u);
  EXPECT_EQ(defaultPolicy(ElemType::F16, ResultClass::MathFunction).maxUlp, 1u);
  EXPECT_EQ(defaultPolicy(ElemType::BF16, ResultClass::MathFunction).maxUlp,
            1u);
  ComparePolicy red = defaultPolicy(ElemType::BF16, ResultClass::Reduction);
  EXPECT_EQ(red.mode, Mode::Tolerance);
  EXPECT_EQ(red.rtol, 0.125);
  EXPECT_TRUE(red.signedZerosEqual);
  ComparePolicy red8 =
      defaultPolicy(ElemType::F8E4M3FN, ResultClass::Reduction);
  EXPECT_EQ(red8.mode, Mode::Ulp);
  EXPECT_EQ(red8.maxUlp, 1u);
  EXPECT_EQ(defaultPolicy(ElemType::F32, ResultClass::Mma).rtol,
            std::ldexp(1.0, -10));
  EXPECT_EQ(defaultPolicy(ElemType::F16, ResultClass::Mma).atol,
            std::ldexp(1.0, -7));
  EXPECT_EQ(defaultPolicy(ElemType::F64, ResultClass::Mma).rtol,
            std::ldexp(1.0, -46));
}

TEST(OracleCompare, CompareNpyChecksShapesAndDtypes) {
  NpyArray e{"<f4", {2}, buffer(ElemType::F32, {0x3f800000, 0x40000000})};
  NpyArray a = e;
  auto ok = compareNpy(e, a, ElemType::F32, ComparePolicy::bitExact());
  ASSERT_TRUE(bool(ok));
  EXPECT_TRUE(ok->ok());
  a.shape = {2, 1};
  auto shapeErr = compareNpy(e, a, ElemType::F32, ComparePolicy::bitExact());
  ASSERT_FALSE(bool(shapeErr));
  EXPECT_EQ(llvm::toString(shapeErr.takeError()),
            "shape mismatch: expected (2), actual (2, 1)");
  a = e;
  a.descr = "<i4";
  auto dtypeErr = compareNpy(e, a, ElemType::F32, ComparePolicy::bitExact());
  ASSERT_FALSE(bool(dtypeErr));
  EXPECT_EQ(llvm::toString(dtypeErr.takeError()),
            "actual dtype '<i4' cannot hold f32 elements");
  a = e;
  a.data.pop_back();
  auto sizeErr = compareNpy(e, a, ElemType::F32, ComparePolicy::bitExact());
  ASSERT_FALSE(bool(sizeErr));
  EXPECT_NE(llvm::toString(sizeErr.takeError()).find("actual array: data size"),
            std::string::npos);
  // tf32 stored as raw "<u4" bits on one side and "<f4" on the other.
  NpyArray t1{"<u4", {1}, buffer(ElemType::TF32, {0x3f800000})};
  NpyArray t2{"<f4", {1}, buffer(ElemType::TF32, {0x3f802000})};
  auto tf = compareNpy(t1, t2, ElemType::TF32, ComparePolicy::ulp(1));
  ASSERT_TRUE(bool(tf));
  EXPECT_TRUE(tf->ok());
}

/// Random encodings of a float type, not NaN.
RC_GTEST_PROP(OracleCompare, UlpDistanceFollowsValueOrder, ()) {
  std::vector<ElemType> floats;
  for (ElemType t : kAllElemTypes)
    if (isFloat(t))
      floats.push_back(t);
  ElemType t = *rc::gen::elementOf(floats);
  const llvm::fltSemantics &sem = *semantics(t);
  auto genBits = rc::gen::suchThat(
      rc::gen::map(
          rc::gen::arbitrary<uint64_t>(),
          [&](uint64_t raw) { return APInt(64, raw).trunc(bitWidth(t)); }),
      [&](const APInt &bits) { return !APFloat(sem, bits).isNaN(); });
  APInt x = *genBits, y = *genBits, z = *genBits;
  std::vector<std::pair<APFloat, APInt>> v = {
      {APFloat(sem, x), x}, {APFloat(sem, y), y}, {APFloat(sem, z), z}};
  std::sort(v.begin(), v.end(), [](const auto &l, const auto &r) {
    return l.first.compare(r.first) == APFloat::cmpLessThan;
  });
  std::vector<uint8_t> b[3];
  for (int i = 0; i < 3; ++i) {
    b[i].assign(storageBytes(t), 0);
    storeInt(t, b[i].data(), v[i].second);
  }
  uint64_t d01 = ulpDistance(t, b[0].data(), b[1].data());
  uint64_t d12 = ulpDistance(t, b[1].data(), b[2].data());
  uint64_t d02 = ulpDistance(t, b[0].data(), b[2].data());
  RC_ASSERT(d01 == ulpDistance(t, b[1].data(), b[0].data()));
  RC_ASSERT(d02 == d01 + d12);
  // Distance 0 exactly for equal values.
  RC_ASSERT((d01 == 0) ==
            (v[0].first.compare(v[1].first) == APFloat::cmpEqual));
  // Identical buffers always compare equal, under every policy.
  ComparePolicy strict = ComparePolicy::ulp(0);
  strict.nanEqual = false;
  for (const ComparePolicy &p :
       {ComparePolicy::bitExact(), strict, ComparePolicy::tolerance(0, 0)})
    RC_ASSERT(compareBuffers(t, {}, b[0].data(), b[0].data(), p).ok());
}

} // namespace
