//===- ElemType.cpp - Element types of oracle tiles and buffers -----------===//
//
// Names, widths and APFloat semantics of the oracle element types, and the
// byte-level load/store/format helpers implementing the storage convention
// described in ElemType.h.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Support/EnumNames.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace tilecheck {
namespace oracle {

const ElemType kAllElemTypes[16] = {
    ElemType::I1,     ElemType::I4,        ElemType::I8,
    ElemType::I16,    ElemType::I32,       ElemType::I64,
    ElemType::F16,    ElemType::BF16,      ElemType::F32,
    ElemType::TF32,   ElemType::F64,       ElemType::F8E4M3FN,
    ElemType::F8E5M2, ElemType::F8E8M0FNU, ElemType::F4E2M1FN,
    ElemType::Ptr};

/// Bit widths in ElemType's order.
constexpr unsigned kBitWidths[] = {1,  4,  8,  16, 32, 64, 16, 16,
                                   32, 19, 64, 8,  8,  8,  4,  64};
static_assert(std::size(kBitWidths) == size_t(ElemType::Ptr) + 1);

unsigned bitWidth(ElemType type) {
  assert(size_t(type) < std::size(kBitWidths) && "unknown ElemType");
  return kBitWidths[size_t(type)];
}

unsigned storageBytes(ElemType type) {
  // The bit width rounded up to a power-of-two number of bytes.
  return PowerOf2Ceil(std::max(bitWidth(type), 8u)) / 8;
}

bool isPacked(ElemType type) {
  return type == ElemType::I4 || type == ElemType::F4E2M1FN;
}

uint64_t memoryBytes(ElemType type, uint64_t n) {
  return isPacked(type) ? (n + 1) / 2 : n * storageBytes(type);
}

std::vector<uint8_t> packForMemory(ElemType type, ArrayRef<uint8_t> unpacked) {
  if (!isPacked(type))
    return unpacked.vec();
  std::vector<uint8_t> memory(memoryBytes(type, unpacked.size()), 0);
  for (size_t i = 0; i < unpacked.size(); ++i)
    memory[i / 2] |= static_cast<uint8_t>((unpacked[i] & 0x0F) << (i % 2 * 4));
  return memory;
}

void unpackFromMemory(ElemType type, ArrayRef<uint8_t> memory,
                      MutableArrayRef<uint8_t> unpacked) {
  if (!isPacked(type)) {
    std::copy_n(memory.begin(), std::min(memory.size(), unpacked.size()),
                unpacked.begin());
    return;
  }
  for (size_t i = 0; i < unpacked.size() && i / 2 < memory.size(); ++i)
    unpacked[i] = (memory[i / 2] >> (i % 2 * 4)) & 0x0F;
}

// The integers are ElemType's first enumerators, the floats follow.
bool isInteger(ElemType type) { return type <= ElemType::I64; }

bool isFloat(ElemType type) {
  return type >= ElemType::F16 && type <= ElemType::F4E2M1FN;
}

/// The APFloat semantics of the float types, the enumerators F16 ...
/// F4E2M1FN in ElemType's order.
using SemanticsFn = const fltSemantics &(*)();
const SemanticsFn kFloatSemantics[] = {
    &APFloat::IEEEhalf,   &APFloat::BFloat,        &APFloat::IEEEsingle,
    &APFloat::FloatTF32,  &APFloat::IEEEdouble,    &APFloat::Float8E4M3FN,
    &APFloat::Float8E5M2, &APFloat::Float8E8M0FNU, &APFloat::Float4E2M1FN};
static_assert(std::size(kFloatSemantics) ==
              size_t(ElemType::F4E2M1FN) - size_t(ElemType::F16) + 1);

const fltSemantics *semantics(ElemType type) {
  size_t i = size_t(type) - size_t(ElemType::F16);
  return i < std::size(kFloatSemantics) ? &kFloatSemantics[i]() : nullptr;
}

/// In ElemType's order.
constexpr llvm::StringLiteral kElemTypeNames[] = {
    "i1",  "i4",   "i8",  "i16",      "i32",    "i64",       "f16",      "bf16",
    "f32", "tf32", "f64", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN", "ptr"};
static_assert(std::size(kElemTypeNames) == size_t(ElemType::Ptr) + 1);

StringRef name(ElemType type) {
  return tilecheck::nameOf(kElemTypeNames, type);
}

std::optional<ElemType> parseElemType(StringRef spelling) {
  return tilecheck::parseName<ElemType>(kElemTypeNames, spelling);
}

/// Little-endian unsigned integer of \p n bytes.
static uint64_t readLE(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i)
    v |= uint64_t(p[i]) << (8 * i);
  return v;
}

static void writeLE(uint8_t *p, unsigned n, uint64_t v) {
  for (unsigned i = 0; i < n; ++i)
    p[i] = uint8_t(v >> (8 * i));
}

APInt loadInt(ElemType type, const uint8_t *p) {
  uint64_t raw = readLE(p, storageBytes(type));
  switch (type) {
  case ElemType::I1:
    return APInt(1, raw & 1);
  case ElemType::I4:
  case ElemType::F4E2M1FN:
    return APInt(4, raw & 0xf);
  case ElemType::TF32: {
    uint64_t tf = raw >> 13;
    // An f32 NaN whose payload lies only in the dropped bits must not turn
    // into an infinity: keep it a (quiet) NaN.
    bool f32Nan = ((raw >> 23) & 0xff) == 0xff && (raw & 0x7fffff) != 0;
    if (f32Nan && (tf & 0x3ff) == 0)
      tf |= 0x200;
    return APInt(19, tf);
  }
  default:
    return APInt(bitWidth(type), raw);
  }
}

void storeInt(ElemType type, uint8_t *p, const APInt &value) {
  uint64_t bits = value.zextOrTrunc(bitWidth(type)).getZExtValue();
  if (type == ElemType::TF32)
    bits <<= 13;
  writeLE(p, storageBytes(type), bits);
}

APFloat loadFloat(ElemType type, const uint8_t *p) {
  const fltSemantics *sem = semantics(type);
  assert(sem && "loadFloat on a non-float element type");
  return APFloat(*sem, loadInt(type, p));
}

void storeFloat(ElemType type, uint8_t *p, const APFloat &value) {
  const fltSemantics *sem = semantics(type);
  assert(sem && "storeFloat on a non-float element type");
  APFloat v = value;
  if (&v.getSemantics() != sem) {
    bool losesInfo = false;
    v.convert(*sem, APFloat::rmNearestTiesToEven, &losesInfo);
  }
  storeInt(type, p, v.bitcastToAPInt());
}

std::string formatFloat(const APFloat &value) {
  if (value.isNaN())
    return "nan";
  if (value.isInfinity())
    return value.isNegative() ? "-inf" : "inf";
  if (value.isZero())
    return value.isNegative() ? "-0" : "0";
  const fltSemantics &sem = value.getSemantics();
  // Integers below 2^53 print exactly ("448", not "4.5e+2").
  if (value.isInteger()) {
    APFloat magnitude = abs(value);
    bool losesInfo = false;
    magnitude.convert(APFloat::IEEEdouble(), APFloat::rmTowardZero, &losesInfo);
    if (magnitude.convertToDouble() < 0x1p53) {
      APSInt integer(64, /*isUnsigned=*/false);
      bool isExact = false;
      value.convertToInteger(integer, APFloat::rmTowardZero, &isExact);
      if (isExact)
        return toString(integer, 10, /*Signed=*/true);
    }
  }
  // Increase the number of significant digits until the decimal string
  // converts back to the same value; the natural precision always does.
  for (unsigned digits = 1; digits <= 40; ++digits) {
    SmallString<48> text;
    value.toString(text, digits, /*FormatMaxPadding=*/3);
    APFloat back(sem);
    Expected<APFloat::opStatus> status =
        back.convertFromString(text, APFloat::rmNearestTiesToEven);
    if (!status) {
      consumeError(status.takeError());
      continue;
    }
    if (back.bitwiseIsEqual(value)) {
      // APFloat writes "1.0E+30"; print "1e+30" like printf/to_chars.
      std::string out(text);
      size_t exp = out.find('E');
      if (exp != std::string::npos) {
        out[exp] = 'e';
        if (exp >= 2 && out.compare(exp - 2, 2, ".0") == 0)
          out.erase(exp - 2, 2);
      }
      return out;
    }
  }
  SmallString<48> text;
  value.toString(text);
  return std::string(text);
}

std::string formatElement(ElemType type, const uint8_t *p) {
  std::string out;
  raw_string_ostream os(out);
  if (type == ElemType::Ptr) {
    os << format_hex(readLE(p, 8), 18);
    return out;
  }
  APInt bits = loadInt(type, p);
  if (!isFloat(type)) {
    if (type == ElemType::I1)
      os << (bits.getBoolValue() ? "1" : "0");
    else
      os << bits.getSExtValue();
    return out;
  }
  os << formatFloat(APFloat(*semantics(type), bits));
  // The stored bits: the f32 pattern for tf32, the format's bits otherwise.
  uint64_t shown = type == ElemType::TF32 ? readLE(p, 4) : bits.getZExtValue();
  unsigned digits =
      type == ElemType::TF32 ? 8 : std::max(1u, (bitWidth(type) + 3) / 4);
  os << " (" << format_hex(shown, digits + 2) << ")";
  return out;
}

} // namespace oracle
} // namespace tilecheck
