//===- Encoding.h - bytecode primitives and frozen tables ------*- C++ -*-===//
//
// Shared by the reader and the writer: section ids, type and attribute tags,
// the per-op encoding table, and the two byte cursors (LEB128 varints, zigzag
// signed varints, little-endian fixed-width values, 0xCB alignment padding).
// Keeping both directions on one set of definitions is what makes a round
// trip exact.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_LIB_BYTECODE_ENCODING_H
#define TILECHECK_LIB_BYTECODE_ENCODING_H

#include "tilecheck/Bytecode/Bytecode.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace tilecheck::bytecode {

inline constexpr uint8_t kPaddingByte = 0xCB;

/// Section ids (low 7 bits of a section's first byte; the high bit says an
/// alignment varint follows the length).
enum class Section : uint8_t {
  End = 0,
  String = 1,
  Func = 2,
  Debug = 3,
  Constant = 4,
  Type = 5,
  Global = 6,
  Producer = 7,
};
inline constexpr unsigned kNumSections = 8;

/// Frozen type tags.
enum class TypeTag : uint8_t {
  I1 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  F16 = 5,
  BF16 = 6,
  F32 = 7,
  TF32 = 8,
  F64 = 9,
  F8E4M3FN = 10,
  F8E5M2 = 11,
  Pointer = 12,
  Tile = 13,
  TensorView = 14,
  PartitionView = 15,
  Function = 16,
  Token = 17,
  F8E8M0FNU = 18,
  F4E2M1FN = 19,
  GatherScatterView = 20,
  StridedView = 21,
  I4 = 22,
};
inline constexpr unsigned kNumTypeTags = 23;

/// The version a type tag first appeared in, and its name in diagnostics.
Version typeTagVersion(TypeTag tag);
llvm::StringRef typeTagName(TypeTag tag);

/// Kinds of debug section entries. Index 0 of the entry numbering is
/// reserved for the unknown location and has no entry.
enum class DebugTag : uint8_t {
  Unknown = 0,
  CompileUnit = 1,
  File = 2,
  LexicalBlock = 3,
  Loc = 4,
  Subprogram = 5,
  CallSite = 6,
};

/// Frozen tags of self-contained attributes (array elements, dictionary
/// values, interface-typed op attributes).
enum class AttrTag : uint8_t {
  Integer = 1,
  Float = 2,
  Bool = 3,
  Type = 4,
  String = 5,
  Array = 6,
  DenseElements = 7,
  DivBy = 8,
  SameElements = 9,
  Dictionary = 10,
  OptimizationHints = 11,
  Bounded = 12,
};

/// Function flags byte of a function-table entry.
inline constexpr uint8_t kFuncPrivate = 0x01;
inline constexpr uint8_t kFuncKernel = 0x02;
inline constexpr uint8_t kFuncHasHints = 0x04;

/// From this version on, optional type parameters are announced by one
/// bitfield varint instead of a presence byte each.
inline constexpr Version kUnifiedBitfieldVersion{13, 3, 0};

//===----------------------------------------------------------------------===//
// Per-op encoding table
//===----------------------------------------------------------------------===//

/// How an inherent op attribute is written when it is not self-contained.
enum class AttrEnc : uint8_t {
  Enum,   ///< varint of the enum value
  Unit,   ///< presence bit in the flags varint only
  Int,    ///< varint
  Bool,   ///< one byte
  Str,    ///< string-table index (strings and flat symbol refs)
  I32s,   ///< varint count + little-endian int32 each
  Dense,  ///< constant-pool index (the type is the op's result type)
  Array,  ///< varint count + self-contained elements
  Pred,   ///< self-contained (assume predicates are an interface)
  Hints,  ///< dictionary: count + (string index, self-contained value)
  Type,   ///< type-table index
};

enum class Arity : uint8_t { One, Optional, Variadic };

struct AttrField {
  std::string name;
  AttrEnc enc;
  bool optional;       ///< Optional in ODS: presence is a flags bit.
  Version since;
  std::optional<int64_t> defaultValue; ///< For required attrs added later.
  int flagBit = -1;
};

struct OperandField {
  std::string name;
  Arity arity;
  Version since;
  int flagBit = -1;
};

struct ResultField {
  std::string name;
  bool variadic;
  Version since;
};

/// Everything the generic op reader/writer needs about one op.
struct OpEncoding {
  uint32_t opcode;
  std::string name; ///< Mnemonic without the dialect prefix.
  Version since;
  unsigned numRegions;
  bool attrSizedOperands;
  llvm::SmallVector<ResultField> results;
  llvm::SmallVector<AttrField> attrs;       ///< ODS declaration order.
  llvm::SmallVector<OperandField> operands; ///< ODS declaration order.
  unsigned numFlagBits = 0;
  /// Version of the earliest optional field; the flags varint is written
  /// only from that version on when it is newer than the op.
  std::optional<Version> firstOptionalVersion;
  bool hasVariadicResults() const {
    return llvm::any_of(results, [](const ResultField &r) { return r.variadic; });
  }
  /// The result count is written when any result or operand group is
  /// variadic (the format's rule, not only variadic results).
  bool writesResultCount() const {
    return hasVariadicResults() ||
           llvm::any_of(operands, [](const OperandField &o) {
             return o.arity == Arity::Variadic;
           });
  }
};

/// The frozen table, indexed lookups by opcode and by mnemonic.
const OpEncoding *lookupOpcode(uint64_t opcode);
const OpEncoding *lookupOpName(llvm::StringRef mnemonic);
llvm::ArrayRef<OpEncoding> allOpEncodings();

//===----------------------------------------------------------------------===//
// Byte cursors
//===----------------------------------------------------------------------===//

/// Appends encoded values to a byte vector.
class ByteWriter {
public:
  explicit ByteWriter(llvm::SmallVectorImpl<char> &out) : out(out) {}

  void byte(uint8_t b) { out.push_back(static_cast<char>(b)); }
  void varint(uint64_t v) {
    do {
      uint8_t b = v & 0x7F;
      v >>= 7;
      byte(v ? (b | 0x80) : b);
    } while (v);
  }
  void svarint(int64_t v) {
    varint((static_cast<uint64_t>(v) << 1) ^
           static_cast<uint64_t>(v >> 63));
  }
  template <typename T> void le(T v) {
    uint64_t u = static_cast<uint64_t>(v);
    for (size_t i = 0; i < sizeof(T); ++i, u >>= 8)
      byte(u & 0xFF);
  }
  template <typename T> void leArray(llvm::ArrayRef<T> values) {
    varint(values.size());
    for (T v : values)
      le<T>(v);
  }
  void bytes(llvm::StringRef s) { out.append(s.begin(), s.end()); }
  /// Pads with 0xCB to a multiple of `alignment` (relative to the buffer
  /// start, which the section header aligns in the file).
  void align(uint64_t alignment) {
    if (alignment > maxAlign)
      maxAlign = alignment;
    while (out.size() % alignment)
      byte(kPaddingByte);
  }
  size_t size() const { return out.size(); }
  uint64_t requiredAlignment() const { return maxAlign; }
  llvm::SmallVectorImpl<char> &buffer() { return out; }

private:
  llvm::SmallVectorImpl<char> &out;
  uint64_t maxAlign = 1;
};

/// Reads encoded values from a byte range. The first failure records a
/// message and every later read fails too, so callers check `ok()` at
/// convenient points instead of after every field.
class ByteReader {
public:
  ByteReader(llvm::StringRef data, size_t base = 0) : data(data), base(base) {}

  bool ok() const { return error.empty(); }
  const std::string &errorMessage() const { return error; }
  bool fail(const llvm::Twine &msg) {
    if (error.empty())
      error = (msg + " (at byte " + llvm::Twine(base + pos) + ")").str();
    return false;
  }
  size_t remaining() const { return ok() ? data.size() - pos : 0; }
  bool atEnd() const { return pos >= data.size(); }
  size_t offset() const { return pos; }
  /// The file offset of the next byte.
  size_t fileOffset() const { return base + pos; }
  /// The bytes not read yet.
  llvm::StringRef rest() const { return data.substr(pos); }

  bool byte(uint8_t &b) {
    if (!ok() || pos >= data.size())
      return fail("unexpected end of data");
    b = static_cast<uint8_t>(data[pos++]);
    return true;
  }
  bool varint(uint64_t &v) {
    v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      uint8_t b;
      if (!byte(b))
        return false;
      if (shift == 63 && (b & 0x7E))
        return fail("varint does not fit in 64 bits");
      v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80))
        return true;
    }
    return fail("varint longer than 10 bytes");
  }
  bool svarint(int64_t &v) {
    uint64_t u;
    if (!varint(u))
      return false;
    v = static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1));
    return true;
  }
  /// Reads a count of items each at least `minItemBytes` long; a count the
  /// remaining bytes cannot hold is an error, which bounds allocations.
  bool count(uint64_t &n, size_t minItemBytes, llvm::StringRef what) {
    if (!varint(n))
      return false;
    if (minItemBytes && n > remaining() / minItemBytes)
      return fail(llvm::Twine(what) + " count " + llvm::Twine(n) +
                  " exceeds the remaining " + llvm::Twine(remaining()) +
                  " bytes");
    return true;
  }
  template <typename T> bool le(T &v) {
    if (!ok() || remaining() < sizeof(T))
      return fail("unexpected end of data");
    uint64_t u = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
      u |= static_cast<uint64_t>(static_cast<uint8_t>(data[pos + i])) << (8 * i);
    pos += sizeof(T);
    v = static_cast<T>(u);
    return true;
  }
  template <typename T> bool leArray(llvm::SmallVectorImpl<T> &values) {
    uint64_t n;
    if (!count(n, sizeof(T), "array"))
      return false;
    values.resize(n);
    for (T &v : values)
      if (!le(v))
        return false;
    return true;
  }
  bool bytes(size_t n, llvm::StringRef &out) {
    if (!ok() || remaining() < n)
      return fail("length " + llvm::Twine(n) + " exceeds the remaining " +
                  llvm::Twine(remaining()) + " bytes");
    out = data.substr(pos, n);
    pos += n;
    return true;
  }
  /// Skips 0xCB padding up to a multiple of `alignment` of the file offset.
  bool align(uint64_t alignment) {
    if (alignment < 2)
      return true;
    while (ok() && (base + pos) % alignment) {
      uint8_t b;
      if (!byte(b))
        return false;
      if (b != kPaddingByte)
        return fail("expected alignment padding byte 0xCB");
    }
    return ok();
  }

private:
  llvm::StringRef data;
  size_t base; ///< File offset of data[0], for alignment and messages.
  size_t pos = 0;
  std::string error;
};

} // namespace tilecheck::bytecode

#endif // TILECHECK_LIB_BYTECODE_ENCODING_H
