//===- Npy.h - Reading and writing NumPy .npy files -------------*- C++ -*-===//
//
// The harness exchanges kernel inputs and outputs as .npy files. This is a
// self-contained reader (format versions 1.0, 2.0, 3.0) and writer (1.0, or
// 2.0 when the header does not fit in 65535 bytes) for little-endian,
// non-structured arrays of bool, integer and float dtypes. The header is
// parsed by a small strict parser for the Python dict literal NumPy writes;
// any malformed input yields an llvm::Error, never a crash.
//
// Arrays stored in Fortran order are converted to C order on read, so an
// NpyArray is always C order. Element types NumPy lacks natively (bf16,
// tf32, f8*, f4, i4) are stored as raw unsigned bit patterns of their storage
// width; the element type then comes from the program or manifest, not from
// the file (see npyDescrFor / npyDescrCompatible).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_NPY_H
#define TILECHECK_ORACLE_NPY_H

#include "tilecheck/Oracle/ElemType.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilecheck {
namespace oracle {

/// An n-dimensional array as stored in a .npy file.
struct NpyArray {
  /// NumPy dtype descr: byte order ('<', '|'; '=' is read as '<'), kind
  /// ('b', 'i', 'u', 'f') and item size, e.g. "<f4", "|b1", "<i8", "|u1".
  /// Arrays returned by the reader use '|' for 1-byte and '<' otherwise.
  std::string descr;
  /// Dimensions; empty for a 0-d array (one element).
  std::vector<int64_t> shape;
  /// Element bytes in C order, little-endian.
  std::vector<uint8_t> data;

  /// Product of the dimensions (1 for a 0-d array).
  int64_t numElements() const;
};

/// Item size in bytes of a supported descr ("<f4" -> 4), or an Error naming
/// the problem (big-endian, structured, object, unknown kind or size).
llvm::Expected<unsigned> npyItemSize(llvm::StringRef descr);

/// Checks that \p array is writable: supported descr and data.size() equal
/// to numElements() * item size, no negative dimension.
llvm::Error validateNpy(const NpyArray &array);

/// Reads and parses the .npy file at \p path; errors mention the path.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path);

/// Parses an in-memory .npy image; \p origin names it in error messages.
llvm::Expected<NpyArray> parseNpy(llvm::ArrayRef<uint8_t> bytes,
                                  llvm::StringRef origin = "<memory>");

/// Writes \p array to \p path after validateNpy(); errors mention the path.
llvm::Error writeNpy(llvm::StringRef path, const NpyArray &array);

/// The .npy image of \p array (format 1.0, or 2.0 for a huge header). The
/// array must satisfy validateNpy() (asserted).
std::vector<uint8_t> serializeNpy(const NpyArray &array);

/// The canonical descr for an element type: i1 -> "|b1", i8 -> "|i1",
/// i16/i32/i64 -> "<i2"/"<i4"/"<i8", f16/f32/f64 -> "<f2"/"<f4"/"<f8",
/// bf16 -> "<u2", tf32 -> "<u4" (f32 layout), f8*/f4/i4 -> "|u1",
/// ptr -> "<u8".
std::string npyDescrFor(ElemType type);

/// Whether a buffer with \p descr may hold elements of \p type: the item size
/// must equal storageBytes(type); integers (and ptr) accept signed or
/// unsigned kinds (i1 also bool); f16/f32/f64 need the float kind; bf16,
/// f8*, f4 accept raw unsigned or signed bit patterns; tf32 accepts raw bits
/// or "<f4". Byte order '<' and '=' are equivalent (little-endian host), and
/// for 1-byte items '|', '<', '=' all are.
bool npyDescrCompatible(llvm::StringRef descr, ElemType type);

} // namespace oracle
} // namespace tilecheck

#endif // TILECHECK_ORACLE_NPY_H
