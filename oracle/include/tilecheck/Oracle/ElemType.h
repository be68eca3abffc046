//===- ElemType.h - Element types of oracle buffers -----------------------===//
//
// The oracle stores every tile and buffer as bytes with one element type from
// this closed list. Keeping the list independent of MLIR lets the .npy reader
// and the comparison library work without an MLIRContext.
//
// Storage: little-endian, one element per storageBytes(); i1 as a 0/1 byte,
// i4/f4E2M1FN in the low nibble of a byte, tf32 as an f32 bit pattern whose
// low 13 mantissa bits are zero, ptr as a 64-bit address.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_ELEMTYPE_H
#define TILECHECK_ORACLE_ELEMTYPE_H

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilecheck::oracle {

enum class ElemType {
  I1, I4, I8, I16, I32, I64,
  F16, BF16, F32, TF32, F64,
  F8E4M3FN, F8E5M2, F8E8M0FNU, F4E2M1FN,
  Ptr
};

/// Bytes one element occupies in an unpacked buffer.
unsigned storageBytes(ElemType t);
/// Bits of the value (i1 = 1, tf32 = 19, ptr = 64).
unsigned bitWidth(ElemType t);
bool isFloat(ElemType t);
inline bool isInteger(ElemType t) {
  return t == ElemType::I1 || t == ElemType::I4 || t == ElemType::I8 ||
         t == ElemType::I16 || t == ElemType::I32 || t == ElemType::I64;
}
/// APFloat semantics of a float type; nullptr for integers and pointers.
const llvm::fltSemantics *semantics(ElemType t);
/// MLIR spelling ("i32", "bf16", "f8E4M3FN", "ptr").
llvm::StringRef name(ElemType t);
std::optional<ElemType> parseElemType(llvm::StringRef s);

/// Reads/writes one float element (f32 layout for tf32).
llvm::APFloat loadFloat(ElemType t, const uint8_t *p);
void storeFloat(ElemType t, uint8_t *p, const llvm::APFloat &v);
/// Reads/writes one integer element as an APInt of bitWidth(t) bits.
llvm::APInt loadInt(ElemType t, const uint8_t *p);
void storeInt(ElemType t, uint8_t *p, const llvm::APInt &v);
/// Human-readable element: ints in decimal, floats as decimal plus hex bits.
std::string formatElement(ElemType t, const uint8_t *p);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_ELEMTYPE_H
