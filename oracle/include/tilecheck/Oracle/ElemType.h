//===- ElemType.h - Element types of oracle tiles and buffers ---*- C++ -*-===//
//
// The element types a tile or global buffer of the oracle can hold, their
// MLIR spellings, and the byte-level storage convention shared by the oracle,
// the harness and the .npy files: little-endian, one element per
// storageBytes(); i1 as a 0/1 byte; i4 and f4E2M1FN in the low nibble of a
// byte (high nibble zero); tf32 as an f32 bit pattern whose low 13 mantissa
// bits are zero. Loads and stores go through llvm::APFloat / llvm::APInt so
// every exotic float format converts exactly.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_ELEMTYPE_H
#define TILECHECK_ORACLE_ELEMTYPE_H

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck {
namespace oracle {

/// An element type of a tile or buffer. Integers are signless (the op decides
/// signedness); Ptr is a 64-bit global address.
enum class ElemType {
  I1,
  I4,
  I8,
  I16,
  I32,
  I64,
  F16,
  BF16,
  F32,
  TF32,
  F64,
  F8E4M3FN,
  F8E5M2,
  F8E8M0FNU,
  F4E2M1FN,
  Ptr
};

/// Every element type, in declaration order (for tests and generators).
extern const ElemType kAllElemTypes[16];

/// Bytes one element occupies in an unpacked buffer: 1 for i1, i4, i8, f8*
/// and f4; 2 for i16, f16, bf16; 4 for i32, f32, tf32; 8 for i64, f64, ptr.
unsigned storageBytes(ElemType type);

/// True for i4 and f4E2M1FN, which memory packs two per byte, low nibble
/// first (the spec's tensor_view layout; tileiras's cubins agree), while a
/// tile, a .npy file and a test case's buffer hold one per byte.
bool isPacked(ElemType type);

/// Bytes `n` elements take in memory: (n + 1) / 2 for the packed types,
/// n * storageBytes(type) otherwise.
uint64_t memoryBytes(ElemType type, uint64_t n);

/// The memory image of `unpacked` (storageBytes(type) bytes per element):
/// for a packed type element 2k goes to the low nibble of byte k and
/// element 2k + 1 to its high nibble (an odd count leaves the last high
/// nibble zero); other types are copied.
std::vector<uint8_t> packForMemory(ElemType type,
                                   llvm::ArrayRef<uint8_t> unpacked);

/// The inverse: fills `unpacked` (one element per storageBytes(type)) from
/// the memory image `memory`.
void unpackFromMemory(ElemType type, llvm::ArrayRef<uint8_t> memory,
                      llvm::MutableArrayRef<uint8_t> unpacked);

/// Number of significant bits of the format: 1 for i1, 4 for i4 and f4,
/// 19 for tf32 (sign, 8 exponent, 10 mantissa bits), 64 for ptr, otherwise
/// the storage width in bits.
unsigned bitWidth(ElemType type);

/// True for the floating-point types (f16 ... f4E2M1FN).
bool isFloat(ElemType type);

/// True for i1 ... i64 (not Ptr).
bool isInteger(ElemType type);

/// The APFloat semantics of a float type (tf32 -> APFloat::FloatTF32());
/// nullptr for integers and Ptr.
const llvm::fltSemantics *semantics(ElemType type);

/// The MLIR spelling: i1, i4, i8, i16, i32, i64, f16, bf16, f32, tf32, f64,
/// f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN, ptr.
llvm::StringRef name(ElemType type);

/// The inverse of name(); std::nullopt for an unknown spelling.
std::optional<ElemType> parseElemType(llvm::StringRef spelling);

/// Reads the float element at \p p (storageBytes(type) bytes). For tf32 the
/// low 13 bits of the stored f32 pattern are ignored (truncation, as the
/// tensor cores do), except that an f32 NaN whose payload lies only in those
/// bits still loads as a (quiet) NaN. \p type must be a float type.
llvm::APFloat loadFloat(ElemType type, const uint8_t *p);

/// Writes \p value at \p p in the storage convention. A value of other
/// semantics is first converted to the element's semantics with
/// round-to-nearest-even by APFloat::convert. Values the format cannot
/// represent get APFloat's choice, which is not a semantics to rely on (NaN
/// and infinity become 0 in f4E2M1FN, 0 becomes 2^-127 in f8E8M0FNU, an
/// infinity becomes NaN in f8E4M3FN): the interpreter converts per the op's
/// rules first. \p type must be a float type.
void storeFloat(ElemType type, uint8_t *p, const llvm::APFloat &value);

/// Reads the raw encoding of any element as an APInt of bitWidth(type) bits
/// (for floats: the format's bit pattern; for i1 the low bit of the byte; for
/// i4/f4 the low nibble; for tf32 the top 19 bits of the f32 pattern).
llvm::APInt loadInt(ElemType type, const uint8_t *p);

/// Writes an encoding of bitWidth(type) bits (a wider or narrower APInt is
/// truncated or zero-extended) in the storage convention; padding bits (the
/// high nibble, the upper 7 bits of i1, the low 13 bits of tf32) are zero.
void storeInt(ElemType type, uint8_t *p, const llvm::APInt &value);

/// Decimal string that converts back to exactly \p value in its own
/// semantics: integers below 2^53 exactly ("448", "-0"), otherwise the
/// shortest such string ("1.5", "0.1", "1e+30"); "inf", "-inf", "nan".
std::string formatFloat(const llvm::APFloat &value);

/// Human-readable element: integers in signed decimal (i1 as 0/1, ptr as
/// hex), floats as the shortest round-trip decimal followed by the stored
/// bits in hex, e.g. "1.5 (0x3fc00000)".
std::string formatElement(ElemType type, const uint8_t *p);

} // namespace oracle
} // namespace tilecheck

#endif // TILECHECK_ORACLE_ELEMTYPE_H
