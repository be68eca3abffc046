//===- Npy.cpp - Reading and writing NumPy .npy files ---------------------===//
//
// A strict reader and a writer for the .npy format (versions 1.0/2.0/3.0).
// The header dict is parsed by a bounded recursive-descent parser of the
// Python literal subset NumPy emits (strings, integers, True/False/None,
// tuples, lists, dicts); sizes are checked with overflow-safe arithmetic so
// that arbitrary bytes produce an Error and never undefined behaviour.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Npy.h"
#include "tilecheck/Support/EnumNames.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>

using namespace llvm;

namespace tilecheck {
namespace oracle {

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr size_t kMagicLen = 6;
static constexpr size_t kAlign = 64;

int64_t NpyArray::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

//===----------------------------------------------------------------------===//
// Descrs
//===----------------------------------------------------------------------===//

namespace {
/// A descr split into its parts.
struct ParsedDescr {
  char order; // '<' or '|' after normalization
  char kind;  // 'b', 'i', 'u', 'f'
  unsigned size;
};
} // namespace

static Expected<ParsedDescr> parseDescr(StringRef descr) {
  StringRef rest = descr;
  char order = '=';
  if (!rest.empty() && StringRef("<>|=").contains(rest.front())) {
    order = rest.front();
    rest = rest.drop_front();
  }
  if (rest.empty())
    return makeError("empty dtype descr '" + descr + "'");
  char kind = rest.front();
  StringRef sizeText = rest.drop_front();
  if (kind == 'O')
    return makeError("object dtype '" + descr + "' is not supported");
  if (!StringRef("biuf").contains(kind))
    return makeError("unsupported dtype '" + descr +
                     "' (only bool, integer and float dtypes)");
  unsigned size = 0;
  if (sizeText.empty() || sizeText.size() > 2 ||
      sizeText.getAsInteger(10, size))
    return makeError("malformed dtype descr '" + descr + "'");
  bool sizeOk = false;
  switch (kind) {
  case 'b':
    sizeOk = size == 1;
    break;
  case 'i':
  case 'u':
    sizeOk = size == 1 || size == 2 || size == 4 || size == 8;
    break;
  case 'f':
    sizeOk = size == 2 || size == 4 || size == 8;
    break;
  }
  if (!sizeOk)
    return makeError("unsupported dtype '" + descr + "' (item size " +
                     Twine(size) + ")");
  if (order == '>' && size > 1)
    return makeError("big-endian dtype '" + descr + "' is not supported");
  if (size == 1)
    order = '|';
  else if (order == '=' || order == '|')
    order = '<'; // '|' on a multi-byte type is odd but harmless; the host is
                 // little-endian.
  return ParsedDescr{order, kind, size};
}

static std::string canonicalDescr(const ParsedDescr &d) {
  return std::string(1, d.order) + d.kind + std::to_string(d.size);
}

Expected<unsigned> npyItemSize(StringRef descr) {
  Expected<ParsedDescr> parsed = parseDescr(descr);
  if (!parsed)
    return parsed.takeError();
  return parsed->size;
}

std::string npyDescrFor(ElemType type) {
  // In ElemType's order: bf16 and tf32 travel as their bits, the sub-byte
  // and 8-bit float types as bytes.
  static constexpr llvm::StringLiteral descrs[] = {
      "|b1", "|u1", "|i1", "<i2", "<i4", "<i8", "<f2", "<u2",
      "<f4", "<u4", "<f8", "|u1", "|u1", "|u1", "|u1", "<u8"};
  static_assert(std::size(descrs) == size_t(ElemType::Ptr) + 1);
  return tilecheck::nameOf(descrs, type).str();
}

bool npyDescrCompatible(StringRef descr, ElemType type) {
  Expected<ParsedDescr> parsed = parseDescr(descr);
  if (!parsed) {
    consumeError(parsed.takeError());
    return false;
  }
  if (parsed->size != storageBytes(type))
    return false;
  char kind = parsed->kind;
  bool intKind = kind == 'i' || kind == 'u';
  switch (type) {
  case ElemType::I1:
    return intKind || kind == 'b';
  case ElemType::I4:
  case ElemType::I8:
  case ElemType::I16:
  case ElemType::I32:
  case ElemType::I64:
  case ElemType::Ptr:
  case ElemType::BF16:
  case ElemType::F8E4M3FN:
  case ElemType::F8E5M2:
  case ElemType::F8E8M0FNU:
  case ElemType::F4E2M1FN:
    return intKind;
  case ElemType::F16:
  case ElemType::F32:
  case ElemType::F64:
    return kind == 'f';
  case ElemType::TF32:
    return intKind || kind == 'f';
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Header dict parser
//===----------------------------------------------------------------------===//

namespace {
/// A Python literal value of the subset NumPy headers use.
struct PyValue {
  enum Kind { Str, Int, Bool, None, Seq, Dict } kind = None;
  std::string str;
  int64_t integer = 0;
  bool boolean = false;
  bool isTuple = false;
  std::vector<PyValue> items;                           // Seq
  std::vector<std::pair<std::string, PyValue>> entries; // Dict (string keys)
};

/// Recursive-descent parser with a nesting bound.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  /// Parses the whole header as a single value followed by whitespace.
  Expected<PyValue> parseAll() {
    Expected<PyValue> v = parseValue(0);
    if (!v)
      return v.takeError();
    skipSpace();
    if (pos != text.size())
      return error("unexpected trailing characters");
    return v;
  }

private:
  static constexpr unsigned kMaxDepth = 16;
  StringRef text;
  size_t pos = 0;

  Error error(const Twine &what) {
    return makeError("malformed header: " + what + " at offset " + Twine(pos));
  }
  void skipSpace() {
    while (pos < text.size() && StringRef(" \t\r\n").contains(text[pos]))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool consumeWord(StringRef word) {
    if (!text.substr(pos).starts_with(word))
      return false;
    size_t end = pos + word.size();
    if (end < text.size() && (isAlnum(text[end]) || text[end] == '_'))
      return false;
    pos = end;
    return true;
  }

  Expected<PyValue> parseValue(unsigned depth) {
    if (depth > kMaxDepth)
      return error("nesting too deep");
    skipSpace();
    if (pos >= text.size())
      return error("unexpected end");
    char c = text[pos];
    PyValue v;
    if (c == '\'' || c == '"') {
      ++pos;
      v.kind = PyValue::Str;
      while (true) {
        if (pos >= text.size())
          return error("unterminated string");
        char ch = text[pos++];
        if (ch == c)
          break;
        if (ch == '\\') {
          if (pos >= text.size())
            return error("unterminated string");
          ch = text[pos++];
        }
        v.str.push_back(ch);
      }
      return v;
    }
    if (c == '-' || c == '+' || isDigit(c)) {
      bool negative = c == '-';
      if (c == '-' || c == '+')
        ++pos;
      if (pos >= text.size() || !isDigit(text[pos]))
        return error("expected digits");
      uint64_t magnitude = 0;
      while (pos < text.size() && isDigit(text[pos])) {
        unsigned digit = text[pos++] - '0';
        if (magnitude > (uint64_t(INT64_MAX) - digit) / 10)
          return error("integer too large");
        magnitude = magnitude * 10 + digit;
      }
      if (pos < text.size() && (text[pos] == 'L' || text[pos] == 'l'))
        ++pos; // Python 2 long suffix, found in old files.
      v.kind = PyValue::Int;
      v.integer = negative ? -int64_t(magnitude) : int64_t(magnitude);
      return v;
    }
    if (consumeWord("True") || consumeWord("False")) {
      v.kind = PyValue::Bool;
      v.boolean = text.substr(0, pos).ends_with("True");
      return v;
    }
    if (consumeWord("None"))
      return v;
    if (c == '(' || c == '[') {
      char close = c == '(' ? ')' : ']';
      ++pos;
      v.kind = PyValue::Seq;
      v.isTuple = c == '(';
      bool sawComma = false;
      while (true) {
        if (consume(close))
          break;
        Expected<PyValue> item = parseValue(depth + 1);
        if (!item)
          return item.takeError();
        v.items.push_back(std::move(*item));
        if (consume(','))
          sawComma = true;
        else if (consume(close))
          break;
        else
          return error("expected ',' or closing bracket");
      }
      // "(3)" is an int in Python, not a tuple.
      if (v.isTuple && v.items.size() == 1 && !sawComma)
        return std::move(v.items.front());
      return v;
    }
    if (c == '{') {
      ++pos;
      v.kind = PyValue::Dict;
      while (true) {
        if (consume('}'))
          break;
        Expected<PyValue> key = parseValue(depth + 1);
        if (!key)
          return key.takeError();
        if (key->kind != PyValue::Str)
          return error("dict key is not a string");
        if (!consume(':'))
          return error("expected ':'");
        Expected<PyValue> value = parseValue(depth + 1);
        if (!value)
          return value.takeError();
        for (auto &entry : v.entries)
          if (entry.first == key->str)
            return error("duplicate key '" + key->str + "'");
        v.entries.emplace_back(key->str, std::move(*value));
        if (consume(','))
          continue;
        if (consume('}'))
          break;
        return error("expected ',' or '}'");
      }
      return v;
    }
    return error("unexpected character");
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads a little-endian unsigned integer of \p n bytes.
static uint64_t readLE(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i)
    v |= uint64_t(p[i]) << (8 * i);
  return v;
}

/// Permutes Fortran-order element bytes into C order.
static std::vector<uint8_t>
fortranToC(ArrayRef<uint8_t> data, ArrayRef<int64_t> shape, unsigned itemSize) {
  std::vector<uint8_t> out(data.size());
  size_t rank = shape.size();
  if (data.empty() || rank < 2) {
    std::copy(data.begin(), data.end(), out.begin());
    return out;
  }
  std::vector<int64_t> fStride(rank);
  int64_t stride = 1;
  for (size_t k = 0; k < rank; ++k) {
    fStride[k] = stride;
    stride *= shape[k];
  }
  std::vector<int64_t> index(rank, 0);
  int64_t total = static_cast<int64_t>(data.size() / itemSize);
  for (int64_t c = 0; c < total; ++c) {
    int64_t f = 0;
    for (size_t k = 0; k < rank; ++k)
      f += index[k] * fStride[k];
    std::memcpy(&out[c * itemSize], &data[f * itemSize], itemSize);
    for (size_t k = rank; k-- > 0;) {
      if (++index[k] < shape[k])
        break;
      index[k] = 0;
    }
  }
  return out;
}

Expected<NpyArray> parseNpy(ArrayRef<uint8_t> bytes, StringRef origin) {
  auto fail = [&](const Twine &what) -> Error {
    return makeError(origin + ": " + what);
  };
  if (bytes.size() < kMagicLen ||
      std::memcmp(bytes.data(), kMagic, kMagicLen) != 0)
    return fail("not a .npy file (bad magic)");
  if (bytes.size() < kMagicLen + 2)
    return fail("truncated file (no format version)");
  unsigned major = bytes[6], minor = bytes[7];
  if (major < 1 || major > 3 || minor != 0)
    return fail("unsupported .npy format version " + Twine(major) + "." +
                Twine(minor));
  unsigned lenBytes = major == 1 ? 2 : 4;
  size_t prefix = kMagicLen + 2 + lenBytes;
  if (bytes.size() < prefix)
    return fail("truncated file (no header length)");
  uint64_t headerLen = readLE(bytes.data() + kMagicLen + 2, lenBytes);
  if (headerLen > bytes.size() - prefix)
    return fail("truncated file (header of " + Twine(headerLen) +
                " bytes, only " + Twine(bytes.size() - prefix) + " present)");
  StringRef header(reinterpret_cast<const char *>(bytes.data() + prefix),
                   headerLen);
  ArrayRef<uint8_t> payload = bytes.drop_front(prefix + headerLen);

  Expected<PyValue> parsed = HeaderParser(header).parseAll();
  if (!parsed)
    return fail(toString(parsed.takeError()));
  if (parsed->kind != PyValue::Dict)
    return fail("malformed header: not a dict");
  const PyValue *descr = nullptr, *fortran = nullptr, *shape = nullptr;
  for (auto &entry : parsed->entries) {
    if (entry.first == "descr")
      descr = &entry.second;
    else if (entry.first == "fortran_order")
      fortran = &entry.second;
    else if (entry.first == "shape")
      shape = &entry.second;
    else
      return fail("malformed header: unexpected key '" + entry.first + "'");
  }
  if (!descr || !fortran || !shape)
    return fail("malformed header: needs keys 'descr', 'fortran_order' and "
                "'shape'");
  if (descr->kind == PyValue::Seq)
    return fail("structured dtypes are not supported");
  if (descr->kind != PyValue::Str)
    return fail("malformed header: 'descr' is not a string");
  if (fortran->kind != PyValue::Bool)
    return fail("malformed header: 'fortran_order' is not True or False");
  if (shape->kind != PyValue::Seq || !shape->isTuple)
    return fail("malformed header: 'shape' is not a tuple");

  Expected<ParsedDescr> d = parseDescr(descr->str);
  if (!d)
    return fail(toString(d.takeError()));

  NpyArray array;
  array.descr = canonicalDescr(*d);
  uint64_t count = 1;
  for (const PyValue &dim : shape->items) {
    if (dim.kind != PyValue::Int || dim.integer < 0)
      return fail("malformed header: shape entries must be non-negative "
                  "integers");
    array.shape.push_back(dim.integer);
    bool overflow = false;
    count = SaturatingMultiply(count, uint64_t(dim.integer), &overflow);
    if (overflow || count > uint64_t(INT64_MAX))
      return fail("shape has too many elements");
  }
  bool overflow = false;
  uint64_t expectedBytes =
      SaturatingMultiply(count, uint64_t(d->size), &overflow);
  if (overflow || expectedBytes != payload.size())
    return fail("data size " + Twine(payload.size()) +
                " bytes does not match shape (" + Twine(count) +
                " elements of " + Twine(d->size) + " bytes)");
  if (fortran->boolean)
    array.data = fortranToC(payload, array.shape, d->size);
  else
    array.data.assign(payload.begin(), payload.end());
  return array;
}

Expected<NpyArray> readNpy(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(
      path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeError(path + ": cannot open: " + buffer.getError().message());
  StringRef contents = (*buffer)->getBuffer();
  return parseNpy(
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(contents.data()),
                        contents.size()),
      path);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

Error validateNpy(const NpyArray &array) {
  Expected<ParsedDescr> d = parseDescr(array.descr);
  if (!d)
    return d.takeError();
  uint64_t count = 1;
  for (int64_t dim : array.shape) {
    if (dim < 0)
      return makeError("negative dimension " + Twine(dim));
    bool overflow = false;
    count = SaturatingMultiply(count, uint64_t(dim), &overflow);
    if (overflow)
      return makeError("shape has too many elements");
  }
  bool overflow = false;
  uint64_t bytes = SaturatingMultiply(count, uint64_t(d->size), &overflow);
  if (overflow || bytes != array.data.size())
    return makeError("data size " + Twine(array.data.size()) +
                     " bytes does not match shape (" + Twine(count) +
                     " elements of " + Twine(d->size) + " bytes)");
  return Error::success();
}

std::vector<uint8_t> serializeNpy(const NpyArray &array) {
  assert(!errorToBool(validateNpy(array)) && "serializing an invalid array");
  Expected<ParsedDescr> d = parseDescr(array.descr);
  std::string descr = d ? canonicalDescr(*d) : array.descr;
  if (!d)
    consumeError(d.takeError());

  std::string header;
  raw_string_ostream os(header);
  os << "{'descr': '" << descr << "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < array.shape.size(); ++i) {
    if (i)
      os << ", ";
    os << array.shape[i];
  }
  if (array.shape.size() == 1)
    os << ",";
  os << "), }";

  // Pad with spaces and a final newline so that the data starts on a
  // 64-byte boundary, as NumPy does.
  auto padded = [&](size_t prefix) {
    size_t total = prefix + header.size() + 1;
    return header.size() + 1 + (kAlign - total % kAlign) % kAlign;
  };
  unsigned major = 1;
  size_t prefix = kMagicLen + 2 + 2;
  size_t headerLen = padded(prefix);
  if (headerLen > 65535) {
    major = 2;
    prefix = kMagicLen + 2 + 4;
    headerLen = padded(prefix);
  }
  header.append(headerLen - header.size() - 1, ' ');
  header.push_back('\n');

  std::vector<uint8_t> out;
  out.reserve(prefix + headerLen + array.data.size());
  out.insert(out.end(), kMagic, kMagic + kMagicLen);
  out.push_back(uint8_t(major));
  out.push_back(0);
  for (size_t i = 0; i < prefix - kMagicLen - 2; ++i)
    out.push_back(uint8_t(headerLen >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), array.data.begin(), array.data.end());
  return out;
}

Error writeNpy(StringRef path, const NpyArray &array) {
  if (Error e = validateNpy(array))
    return makeError(path + ": cannot write: " + toString(std::move(e)));
  std::vector<uint8_t> bytes = serializeNpy(array);
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (ec)
    return makeError(path + ": cannot open for writing: " + ec.message());
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  os.close();
  if (os.has_error()) {
    std::error_code writeError = os.error();
    os.clear_error();
    return makeError(path + ": write failed: " + writeError.message());
  }
  return Error::success();
}

} // namespace oracle
} // namespace tilecheck
