//===- OracleSupportTestElemType.cpp - element types and storage ----------===//
//
// Unit tests for the oracle element types: names, widths, semantics, the
// byte-level storage convention (i1 bytes, i4/f4 nibbles, tf32 in an f32
// pattern) and the human-readable formatting. A RapidCheck property stores
// random encodings of every type and checks that loads and stores are
// inverse.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/ElemType.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>

using namespace tilecheck::oracle;
using llvm::APFloat;
using llvm::APInt;

namespace {

std::vector<uint8_t> bytesOf(uint64_t v, unsigned n) {
  std::vector<uint8_t> out(n);
  for (unsigned i = 0; i < n; ++i)
    out[i] = uint8_t(v >> (8 * i));
  return out;
}

std::string fmt(ElemType type, uint64_t stored) {
  return formatElement(type, bytesOf(stored, storageBytes(type)).data());
}

TEST(OracleElemType, WidthsAndNames) {
  struct Row {
    ElemType type;
    unsigned bytes, bits;
    bool isFloat;
    const char *name;
  } rows[] = {
      {ElemType::I1, 1, 1, false, "i1"},
      {ElemType::I4, 1, 4, false, "i4"},
      {ElemType::I8, 1, 8, false, "i8"},
      {ElemType::I16, 2, 16, false, "i16"},
      {ElemType::I32, 4, 32, false, "i32"},
      {ElemType::I64, 8, 64, false, "i64"},
      {ElemType::F16, 2, 16, true, "f16"},
      {ElemType::BF16, 2, 16, true, "bf16"},
      {ElemType::F32, 4, 32, true, "f32"},
      {ElemType::TF32, 4, 19, true, "tf32"},
      {ElemType::F64, 8, 64, true, "f64"},
      {ElemType::F8E4M3FN, 1, 8, true, "f8E4M3FN"},
      {ElemType::F8E5M2, 1, 8, true, "f8E5M2"},
      {ElemType::F8E8M0FNU, 1, 8, true, "f8E8M0FNU"},
      {ElemType::F4E2M1FN, 1, 4, true, "f4E2M1FN"},
      {ElemType::Ptr, 8, 64, false, "ptr"},
  };
  ASSERT_EQ(std::size(rows), std::size(kAllElemTypes));
  for (const Row &row : rows) {
    SCOPED_TRACE(row.name);
    EXPECT_EQ(storageBytes(row.type), row.bytes);
    EXPECT_EQ(bitWidth(row.type), row.bits);
    EXPECT_EQ(isFloat(row.type), row.isFloat);
    EXPECT_EQ(semantics(row.type) != nullptr, row.isFloat);
    EXPECT_EQ(name(row.type), row.name);
    EXPECT_EQ(parseElemType(row.name), row.type);
    if (row.isFloat)
      EXPECT_EQ(APFloat::getSizeInBits(*semantics(row.type)), row.bits);
  }
  EXPECT_EQ(semantics(ElemType::TF32), &APFloat::FloatTF32());
  EXPECT_EQ(semantics(ElemType::BF16), &APFloat::BFloat());
  EXPECT_FALSE(isInteger(ElemType::Ptr));
  EXPECT_TRUE(isInteger(ElemType::I4));
  EXPECT_EQ(parseElemType("f8e4m3fn"), std::nullopt);
  EXPECT_EQ(parseElemType("f128"), std::nullopt);
  EXPECT_EQ(parseElemType(""), std::nullopt);
}

TEST(OracleElemType, NibblesAndBools) {
  uint8_t b = 0xaa;
  storeInt(ElemType::I4, &b, APInt(4, 0xf));
  EXPECT_EQ(b, 0x0f); // high nibble cleared
  EXPECT_EQ(loadInt(ElemType::I4, &b), APInt(4, 0xf));
  EXPECT_EQ(formatElement(ElemType::I4, &b), "-1");
  uint8_t hi = 0xf7;
  EXPECT_EQ(loadInt(ElemType::I4, &hi), APInt(4, 7)); // padding ignored
  storeInt(ElemType::I1, &b, APInt(1, 1));
  EXPECT_EQ(b, 1);
  EXPECT_EQ(formatElement(ElemType::I1, &b), "1");
  storeFloat(ElemType::F4E2M1FN, &b, APFloat(-6.0));
  EXPECT_EQ(b, 0x0f);
  EXPECT_EQ(loadFloat(ElemType::F4E2M1FN, &b).convertToDouble(), -6.0);
}

TEST(OracleElemType, TF32Storage) {
  uint8_t buf[4];
  storeFloat(ElemType::TF32, buf, APFloat(1.5f));
  EXPECT_EQ(bytesOf(0x3fc00000, 4), std::vector<uint8_t>(buf, buf + 4));
  // 1 + 3*2^-12 rounds to 1 + 2^-10 in tf32 (10 mantissa bits).
  storeFloat(ElemType::TF32, buf, APFloat(1.0 + 3.0 / 4096));
  EXPECT_EQ(bytesOf(0x3f802000, 4), std::vector<uint8_t>(buf, buf + 4));
  // 1 + 2^-11 is a tie; ties to even gives 1.0.
  storeFloat(ElemType::TF32, buf, APFloat(1.0 + 1.0 / 2048));
  EXPECT_EQ(bytesOf(0x3f800000, 4), std::vector<uint8_t>(buf, buf + 4));
  // Loads truncate the low 13 bits of the f32 pattern.
  auto low = bytesOf(0x3f801fff, 4);
  EXPECT_EQ(loadFloat(ElemType::TF32, low.data()).convertToDouble(), 1.0);
  EXPECT_EQ(loadInt(ElemType::TF32, low.data()), APInt(19, 0x3f801fffu >> 13));
  // An f32 NaN with payload only in the low bits stays a NaN.
  auto nan = bytesOf(0xff800001, 4);
  APFloat v = loadFloat(ElemType::TF32, nan.data());
  EXPECT_TRUE(v.isNaN());
  EXPECT_TRUE(v.isNegative());
  auto inf = bytesOf(0x7f800000, 4);
  EXPECT_TRUE(loadFloat(ElemType::TF32, inf.data()).isInfinity());
  EXPECT_EQ(fmt(ElemType::TF32, 0x3fc00000), "1.5 (0x3fc00000)");
}

TEST(OracleElemType, Formatting) {
  EXPECT_EQ(fmt(ElemType::F32, 0x3fc00000), "1.5 (0x3fc00000)");
  EXPECT_EQ(fmt(ElemType::F32, 0x3fc00002), "1.5000002 (0x3fc00002)");
  EXPECT_EQ(fmt(ElemType::F32, 0x80000000), "-0 (0x80000000)");
  EXPECT_EQ(fmt(ElemType::F32, 0x7fc00000), "nan (0x7fc00000)");
  EXPECT_EQ(fmt(ElemType::F32, 0xff800000), "-inf (0xff800000)");
  EXPECT_EQ(fmt(ElemType::F64, 0x3fb999999999999aull),
            "0.1 (0x3fb999999999999a)");
  EXPECT_EQ(fmt(ElemType::F16, 0x3c00), "1 (0x3c00)");
  EXPECT_EQ(fmt(ElemType::F16, 0x3555), "0.3333 (0x3555)");
  EXPECT_EQ(fmt(ElemType::BF16, 0xbf80), "-1 (0xbf80)");
  EXPECT_EQ(fmt(ElemType::F8E4M3FN, 0x7e), "448 (0x7e)");
  EXPECT_EQ(fmt(ElemType::F8E4M3FN, 0x7f), "nan (0x7f)");
  EXPECT_EQ(fmt(ElemType::F8E5M2, 0x7c), "inf (0x7c)");
  EXPECT_EQ(fmt(ElemType::F8E8M0FNU, 0x7f), "1 (0x7f)");
  EXPECT_EQ(fmt(ElemType::F8E8M0FNU, 0x80), "2 (0x80)");
  EXPECT_EQ(fmt(ElemType::F8E8M0FNU, 0xff), "nan (0xff)");
  EXPECT_EQ(fmt(ElemType::F8E8M0FNU, 0x00), "6e-39 (0x00)");
  EXPECT_EQ(fmt(ElemType::F32, 0x7149f2ca), "1e+30 (0x7149f2ca)");
  EXPECT_EQ(fmt(ElemType::F32, 0x4b800000), "16777216 (0x4b800000)");
  EXPECT_EQ(fmt(ElemType::F32, 0x00000001), "1e-45 (0x00000001)");
  EXPECT_EQ(fmt(ElemType::F4E2M1FN, 0x7), "6 (0x7)");
  EXPECT_EQ(fmt(ElemType::F4E2M1FN, 0x9), "-0.5 (0x9)");
  EXPECT_EQ(fmt(ElemType::I8, 0xff), "-1");
  EXPECT_EQ(fmt(ElemType::I32, 123456), "123456");
  EXPECT_EQ(fmt(ElemType::I64, 0x8000000000000000ull), "-9223372036854775808");
  EXPECT_EQ(fmt(ElemType::Ptr, 0x1000), "0x0000000000001000");
}

TEST(OracleElemType, FormatFloatRoundTrips) {
  // Shortest strings convert back exactly for every f16 pattern.
  for (uint64_t bits = 0; bits < 0x10000; ++bits) {
    APFloat v(APFloat::IEEEhalf(), APInt(16, bits));
    if (!v.isFinite())
      continue;
    std::string text = formatFloat(v);
    APFloat back(APFloat::IEEEhalf());
    auto status = back.convertFromString(text, APFloat::rmNearestTiesToEven);
    ASSERT_TRUE(bool(status)) << text;
    ASSERT_TRUE(back.bitwiseIsEqual(v)) << text << " for " << bits;
  }
}

RC_GTEST_PROP(OracleElemType, StoreLoadInverse, ()) {
  ElemType type = *rc::gen::elementOf(std::vector<ElemType>(
      std::begin(kAllElemTypes), std::end(kAllElemTypes)));
  uint64_t raw = *rc::gen::arbitrary<uint64_t>();
  APInt bits = APInt(64, raw).trunc(bitWidth(type));
  std::vector<uint8_t> buf(storageBytes(type), 0x5a);
  storeInt(type, buf.data(), bits);
  RC_ASSERT(loadInt(type, buf.data()) == bits);
  if (isFloat(type)) {
    APFloat v = loadFloat(type, buf.data());
    std::vector<uint8_t> again(storageBytes(type), 0xa5);
    storeFloat(type, again.data(), v);
    RC_ASSERT(again == buf);
    RC_ASSERT(!formatElement(type, buf.data()).empty());
  }
}

TEST(OracleElemType, FourBitMemoryIsPacked) {
  // Two elements per byte, low nibble first; an odd count leaves the last
  // high nibble zero; high bits of an unpacked byte are not stored.
  EXPECT_TRUE(isPacked(ElemType::I4));
  EXPECT_TRUE(isPacked(ElemType::F4E2M1FN));
  EXPECT_FALSE(isPacked(ElemType::I8));
  EXPECT_FALSE(isPacked(ElemType::F8E4M3FN));
  EXPECT_EQ(memoryBytes(ElemType::F4E2M1FN, 5), 3u);
  EXPECT_EQ(memoryBytes(ElemType::F4E2M1FN, 0), 0u);
  EXPECT_EQ(memoryBytes(ElemType::F32, 5), 20u);
  std::vector<uint8_t> codes = {0x1, 0x2, 0xF3, 0x4, 0xE};
  std::vector<uint8_t> image = packForMemory(ElemType::F4E2M1FN, codes);
  EXPECT_EQ(image, (std::vector<uint8_t>{0x21, 0x43, 0x0E}));
  std::vector<uint8_t> back(5, 0xAA);
  unpackFromMemory(ElemType::F4E2M1FN, image, back);
  EXPECT_EQ(back, (std::vector<uint8_t>{0x1, 0x2, 0x3, 0x4, 0xE}));
  // Other types are copied.
  std::vector<uint8_t> bytes = {1, 2, 3, 4};
  EXPECT_EQ(packForMemory(ElemType::I16, bytes), bytes);
}

} // namespace
