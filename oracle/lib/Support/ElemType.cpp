//===- ElemType.cpp - Element types of oracle buffers ---------------------===//

#include "tilecheck/Oracle/ElemType.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace tilecheck::oracle {

unsigned storageBytes(ElemType t) {
  switch (t) {
  case ElemType::I1: case ElemType::I4: case ElemType::I8:
  case ElemType::F8E4M3FN: case ElemType::F8E5M2: case ElemType::F8E8M0FNU:
  case ElemType::F4E2M1FN:
    return 1;
  case ElemType::I16: case ElemType::F16: case ElemType::BF16:
    return 2;
  case ElemType::I32: case ElemType::F32: case ElemType::TF32:
    return 4;
  case ElemType::I64: case ElemType::F64: case ElemType::Ptr:
    return 8;
  }
  llvm_unreachable("bad ElemType");
}

unsigned bitWidth(ElemType t) {
  switch (t) {
  case ElemType::I1: return 1;
  case ElemType::I4: case ElemType::F4E2M1FN: return 4;
  case ElemType::TF32: return 19;
  default: return storageBytes(t) * 8;
  }
}

bool isFloat(ElemType t) { return semantics(t) != nullptr; }

const fltSemantics *semantics(ElemType t) {
  switch (t) {
  case ElemType::F16: return &APFloat::IEEEhalf();
  case ElemType::BF16: return &APFloat::BFloat();
  case ElemType::F32: return &APFloat::IEEEsingle();
  case ElemType::TF32: return &APFloat::FloatTF32();
  case ElemType::F64: return &APFloat::IEEEdouble();
  case ElemType::F8E4M3FN: return &APFloat::Float8E4M3FN();
  case ElemType::F8E5M2: return &APFloat::Float8E5M2();
  case ElemType::F8E8M0FNU: return &APFloat::Float8E8M0FNU();
  case ElemType::F4E2M1FN: return &APFloat::Float4E2M1FN();
  default: return nullptr;
  }
}

static const char *const kNames[] = {
    "i1", "i4", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "tf32",
    "f64", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN", "ptr"};

StringRef name(ElemType t) { return kNames[static_cast<int>(t)]; }

std::optional<ElemType> parseElemType(StringRef s) {
  for (unsigned i = 0; i < std::size(kNames); ++i)
    if (s == kNames[i])
      return static_cast<ElemType>(i);
  return std::nullopt;
}

static uint64_t loadRaw(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  std::memcpy(&v, p, n); // little-endian host
  return v;
}

APFloat loadFloat(ElemType t, const uint8_t *p) {
  uint64_t raw = loadRaw(p, storageBytes(t));
  if (t == ElemType::TF32)
    raw = (raw >> 13) & 0x7ffff;
  else if (t == ElemType::F4E2M1FN)
    raw &= 0xf;
  return APFloat(*semantics(t), APInt(bitWidth(t), raw));
}

void storeFloat(ElemType t, uint8_t *p, const APFloat &v) {
  uint64_t raw = v.bitcastToAPInt().getZExtValue();
  if (t == ElemType::TF32)
    raw <<= 13;
  std::memcpy(p, &raw, storageBytes(t));
}

APInt loadInt(ElemType t, const uint8_t *p) {
  return APInt(bitWidth(t), loadRaw(p, storageBytes(t)) &
                                (~0ull >> (64 - bitWidth(t))));
}

void storeInt(ElemType t, uint8_t *p, const APInt &v) {
  uint64_t raw = v.zextOrTrunc(64).getZExtValue();
  if (bitWidth(t) < 64)
    raw &= ~0ull >> (64 - bitWidth(t));
  std::memcpy(p, &raw, storageBytes(t));
}

std::string formatElement(ElemType t, const uint8_t *p) {
  std::string s;
  raw_string_ostream os(s);
  if (isFloat(t)) {
    APFloat f = loadFloat(t, p);
    SmallString<32> str;
    f.toString(str);
    os << str << " (0x" << format_hex_no_prefix(loadRaw(p, storageBytes(t)),
                                                 storageBytes(t) * 2)
       << ")";
  } else if (t == ElemType::Ptr) {
    os << format_hex(loadRaw(p, 8), 18);
  } else {
    os << loadInt(t, p).getSExtValue();
  }
  return s;
}

} // namespace tilecheck::oracle
