//===- Reader.cpp - Tile IR bytecode to cuda_tile module ------------------===//
//
// Reads a Tile IR bytecode buffer into a `cuda_tile.module @kernels`. The
// reader is the part of the format that sees hostile input (fuzzers, files
// from other tools), so it is written defensively:
//   * every count and length is checked against the bytes that remain before
//     anything is allocated for it (ByteReader::count / bytes);
//   * every string, type, constant and value index is range checked, and
//     types may only refer to earlier types, so there are no cycles;
//   * enum values are checked against their enum, and the built module is
//     left to the verifier for every other semantic rule.
// A malformed file ends in one diagnostic at the caller's location.
//
// Locations come from the debug section. Index 0 is reserved for the unknown
// location: a function with location index 0 has no debug info, and it and
// its ops are at unknown locations; in a function with debug info every op
// takes the next entry of the function's list. Debug attributes are decoded
// on first use, with cycles and nesting depth checked. The module itself is
// not in the format and gets the caller's location.
//
// Versioning: files of 13.1-13.3 are accepted; an op, type or field newer
// than the file's version is an error, and required fields a file is too old
// to hold take the value they had before they existed.
//
//===----------------------------------------------------------------------===//

#include "Encoding.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tilecheck::bytecode;
namespace ct = tilecheck::cuda_tile;

namespace {

/// Deepest region nesting accepted; bounds recursion on crafted input.
constexpr unsigned kMaxNesting = 256;

class Reader {
public:
  Reader(llvm::StringRef file, MLIRContext *ctx, Location loc)
      : file(file), ctx(ctx), loc(loc), builder(ctx) {}

  OwningOpRef<Operation *> read();

private:
  LogicalResult error(const llvm::Twine &msg) {
    emitError(loc) << msg;
    return failure();
  }
  LogicalResult error(const ByteReader &r, llvm::StringRef what) {
    return error("malformed " + llvm::Twine(what) + ": " + r.errorMessage());
  }

  LogicalResult readHeaderAndSections();
  LogicalResult readStrings();
  LogicalResult readTypes();
  LogicalResult readConstants();
  LogicalResult readGlobals(Block *body);
  LogicalResult readFunctions(Block *body);
  LogicalResult readProducer(Operation *module);
  LogicalResult readDebug();

  FailureOr<Attribute> debugAttr(uint64_t index, unsigned depth);
  LogicalResult decodeDebugAttr(llvm::StringRef entry, Attribute &out,
                                unsigned depth);
  template <typename T>
  LogicalResult debugRef(ByteReader &r, T &out, llvm::StringRef what,
                         unsigned depth);
  /// Starts the location list of a function with debug slot `slot`.
  LogicalResult beginDebugList(uint64_t slot);
  /// The location of the next op of the current function.
  LogicalResult nextLocation(Location &out);

  LogicalResult parseType(ByteReader &r, size_t limit, Type &out);
  /// Reads an index into `table` and gives its entry. `what` names the
  /// index in a read error; `kind` and `counted` say what the entries are in
  /// an out-of-range error ("type index 7 out of range (3 types)").
  template <typename T>
  LogicalResult tableRef(ByteReader &r, const std::vector<T> &table,
                         llvm::StringRef what, llvm::StringRef kind,
                         llvm::StringRef counted, T &out);
  LogicalResult typeRef(ByteReader &r, Type &out);
  /// A type reference, as a TypeAttr.
  LogicalResult typeAttrRef(ByteReader &r, Attribute &out);
  LogicalResult stringRef(ByteReader &r, llvm::StringRef &out);
  LogicalResult denseConstant(uint64_t index, Type type, Attribute &out);
  LogicalResult selfContained(ByteReader &r, Attribute &out, unsigned depth);
  LogicalResult dictBody(ByteReader &r, DictionaryAttr &out, unsigned depth);
  LogicalResult opAttr(ByteReader &r, const OpEncoding &enc,
                       const AttrField &field, Type firstResult,
                       Attribute &out);
  Attribute enumAttr(llvm::StringRef name, uint64_t value);
  LogicalResult makeHints(DictionaryAttr dict, Attribute &out);

  LogicalResult readOps(ByteReader &r, Block *block, uint64_t numOps,
                        bool untilEnd, unsigned depth);
  LogicalResult readOp(ByteReader &r, Block *block, unsigned depth);
  LogicalResult readRegion(ByteReader &r, Region &region, unsigned depth);
  LogicalResult valueRef(ByteReader &r, Value &out);

  llvm::StringRef file;
  MLIRContext *ctx;
  Location loc;
  OpBuilder builder;
  Version version;
  /// Section bodies and their file offsets (for alignment).
  std::optional<std::pair<llvm::StringRef, size_t>> sections[kNumSections];
  /// Whether the file has section `s` (the required ones, once
  /// readHeaderAndSections succeeded).
  bool hasSection(Section s) const {
    return sections[static_cast<unsigned>(s)].has_value();
  }
  /// A reader over the body of section `s`, which the file has.
  ByteReader sectionReader(Section s) const {
    auto [body, base] = *sections[static_cast<unsigned>(s)];
    return ByteReader(body, base);
  }
  std::vector<llvm::StringRef> strings;
  std::vector<Type> types;
  std::vector<llvm::StringRef> constants;
  /// Values visible at the current point of a function body, by index.
  std::vector<Value> values;

  /// Debug section: per function slot, the offset of its list in
  /// `debugIndices`; the encoded entries; their decoded form (null until
  /// first use) and whether one is being decoded (a cycle if met again).
  llvm::SmallVector<uint32_t> debugListOffsets;
  llvm::SmallVector<uint64_t> debugIndices;
  std::vector<llvm::StringRef> debugEntries;
  std::vector<Attribute> debugDecoded;
  std::vector<bool> debugInProgress;
  /// Where the current function's next op location is in `debugIndices`;
  /// unset when the function has no debug info.
  std::optional<uint64_t> debugCursor;
};

} // namespace

//===----------------------------------------------------------------------===//
// Header, sections and tables
//===----------------------------------------------------------------------===//

LogicalResult Reader::readHeaderAndSections() {
  if (!isBytecode(file))
    return error("invalid magic number: not a Tile IR bytecode file");
  ByteReader r(file);
  llvm::StringRef skipped;
  r.bytes(sizeof(kMagic), skipped);
  uint8_t major, minor;
  uint16_t tag;
  if (!r.le(major) || !r.le(minor) || !r.le(tag))
    return error(r, "header");
  version = Version{major, minor, tag};
  if (!version.isSupported())
    return error("unsupported Tile version " +
                 llvm::Twine(static_cast<unsigned>(major)) + "." +
                 llvm::Twine(static_cast<unsigned>(minor)) + "." +
                 llvm::Twine(static_cast<unsigned>(tag)) +
                 ", this reader supports versions [" +
                 Version::oldest().str() + " - " + Version::newest().str() +
                 "]");
  while (true) {
    uint8_t idByte;
    if (!r.byte(idByte))
      return error("missing end-of-bytecode section");
    unsigned id = idByte & 0x7F;
    if (id == static_cast<unsigned>(Section::End)) {
      if (!r.atEnd())
        return error("end section is not the last section");
      break;
    }
    if (id >= kNumSections)
      return error("unknown section ID: " + llvm::Twine(id));
    if (sections[id])
      return error("duplicate section id " + llvm::Twine(id));
    uint64_t length, alignment = 1;
    if (!r.varint(length))
      return error(r, "section header");
    if (idByte & 0x80) {
      if (!r.varint(alignment))
        return error(r, "section header");
      if (alignment == 0 || (alignment & (alignment - 1)) || alignment > 4096)
        return error("invalid section alignment " + llvm::Twine(alignment));
      if (!r.align(alignment))
        return error(r, "section padding");
    }
    size_t start = r.offset();
    llvm::StringRef body;
    if (!r.bytes(length, body))
      return error("section " + llvm::Twine(id) + " length " +
                   llvm::Twine(length) + " exceeds the file size");
    sections[id] = {body, start};
  }
  for (Section required : {Section::Func, Section::Type, Section::String})
    if (!hasSection(required))
      return error("missing required section " +
                   llvm::Twine(static_cast<unsigned>(required)));
  return success();
}

/// Reads a table of `n` little-endian offsets of width `T` and slices the
/// rest of `r`'s bytes into one entry per offset.
template <typename T>
static bool readOffsetTableBody(ByteReader &r, uint64_t n,
                                std::vector<llvm::StringRef> &out,
                                bool strict = true) {
  if (n > r.remaining() / sizeof(T))
    return r.fail("offset table larger than its section");
  std::vector<uint64_t> offsets(n);
  for (uint64_t &o : offsets) {
    T v;
    if (!r.le(v))
      return false;
    o = v;
  }
  llvm::StringRef data = r.rest();
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t end = i + 1 < n ? offsets[i + 1] : data.size();
    if (strict && (offsets[i] > end || end > data.size()))
      return r.fail("table offset " + llvm::Twine(offsets[i]) +
                    " out of range");
    // Lenient tables clamp to the data (StringRef::slice), as NVIDIA's
    // reader does for strings; a bad offset then yields a short or empty
    // string that the consumer rejects with a more specific message.
    out.push_back(data.slice(offsets[i], end));
  }
  return true;
}

/// Reads `count`, padding and a table of `count` little-endian offsets of
/// width `T`, and slices the data that follows into one entry per offset.
template <typename T>
static bool readOffsetTable(ByteReader &r, unsigned alignment,
                            std::vector<llvm::StringRef> &out,
                            bool strict = true) {
  uint64_t n;
  if (!r.count(n, sizeof(T), "table entry"))
    return false;
  if (n == 0)
    return true; // An empty table needs no (and may lack) padding.
  if (!r.align(alignment))
    return false;
  return readOffsetTableBody<T>(r, n, out, strict);
}

/// Reads `count`, padding to the width of `T` and `count` little-endian
/// values of type `T`.
template <typename T>
static bool readAlignedArray(ByteReader &r, llvm::SmallVectorImpl<T> &out,
                             llvm::StringRef what) {
  uint64_t n;
  if (!r.count(n, sizeof(T), what) || !r.align(sizeof(T)))
    return false;
  out.resize(n);
  for (T &v : out)
    if (!r.le(v))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

/// What a debug entry is, for diagnostics about entries of the wrong kind.
static llvm::StringRef debugAttrKind(Attribute attr) {
  if (isa<ct::DIFileAttr>(attr))
    return "file";
  if (isa<ct::DICompileUnitAttr>(attr))
    return "compile unit";
  if (isa<ct::DISubprogramAttr>(attr))
    return "subprogram";
  if (isa<ct::DILexicalBlockAttr>(attr))
    return "lexical block";
  return "location";
}

/// Deepest chain of debug attributes (scopes within scopes, call sites
/// within call sites) accepted; bounds recursion on crafted input.
constexpr unsigned kMaxDebugDepth = 512;

LogicalResult Reader::readDebug() {
  if (!hasSection(Section::Debug))
    return success();
  ByteReader r = sectionReader(Section::Debug);
  if (!readAlignedArray(r, debugListOffsets, "debug list") ||
      !readAlignedArray(r, debugIndices, "debug location"))
    return error(r, "debug section");
  // List offsets and entries are checked when a function uses them, as
  // NVIDIA's reader does: unused garbage in the section is not an error.
  uint64_t numEntries;
  if (!r.count(numEntries, 4, "debug info entry"))
    return error(r, "debug section");
  if (numEntries && !r.align(4))
    return error(r, "debug section");
  if (!readOffsetTableBody<uint32_t>(r, numEntries, debugEntries,
                                     /*strict=*/false))
    return error(r, "debug section");
  debugDecoded.assign(debugEntries.size(), Attribute());
  debugInProgress.assign(debugEntries.size(), false);
  return success();
}

/// Reads an entry index and decodes the entry, which must be a `T`.
template <typename T>
LogicalResult Reader::debugRef(ByteReader &r, T &out, llvm::StringRef what,
                               unsigned depth) {
  uint64_t index;
  if (!r.varint(index))
    return error(r, "debug info " + what.str());
  FailureOr<Attribute> attr = debugAttr(index, depth);
  if (failed(attr))
    return failure();
  out = dyn_cast<T>(*attr);
  if (!out)
    return error("debug info entry " + llvm::Twine(index) + " is not a " +
                 what + ": " + llvm::Twine(debugAttrKind(*attr)));
  return success();
}

FailureOr<Attribute> Reader::debugAttr(uint64_t index, unsigned depth) {
  if (index == 0)
    return Attribute(UnknownLoc::get(ctx));
  if (index > debugEntries.size())
    return error("debug info index " + llvm::Twine(index) +
                 " out of range (" + llvm::Twine(debugEntries.size()) +
                 " entries)");
  uint64_t i = index - 1;
  if (debugDecoded[i])
    return debugDecoded[i];
  if (debugInProgress[i])
    return error("debug info entry " + llvm::Twine(index) +
                 " refers to itself");
  if (depth > kMaxDebugDepth)
    return error("debug info nested too deeply");
  debugInProgress[i] = true;
  Attribute out;
  LogicalResult decoded = decodeDebugAttr(debugEntries[i], out, depth + 1);
  debugInProgress[i] = false;
  if (failed(decoded))
    return failure();
  debugDecoded[i] = out;
  return out;
}

LogicalResult Reader::decodeDebugAttr(llvm::StringRef entry, Attribute &out,
                                      unsigned depth) {
  ByteReader r(entry);
  uint64_t tag;
  if (!r.varint(tag))
    return error(r, "debug info entry");
  auto str = [&](StringAttr &s) -> LogicalResult {
    llvm::StringRef text;
    if (failed(stringRef(r, text)))
      return failure();
    s = StringAttr::get(ctx, text);
    return success();
  };
  auto num = [&](unsigned &v, llvm::StringRef what) -> LogicalResult {
    uint64_t u;
    if (!r.varint(u))
      return error(r, "debug info " + what.str());
    if (u > UINT32_MAX)
      return error("debug info " + what + " " + llvm::Twine(u) +
                   " does not fit in 32 bits");
    v = static_cast<unsigned>(u);
    return success();
  };
  switch (static_cast<DebugTag>(tag)) {
  case DebugTag::File: {
    StringAttr name, directory;
    if (failed(str(name)) || failed(str(directory)))
      return failure();
    out = ct::DIFileAttr::get(ctx, name, directory);
    return success();
  }
  case DebugTag::CompileUnit: {
    ct::DIFileAttr file;
    if (failed(debugRef(r, file, "file", depth)))
      return failure();
    out = ct::DICompileUnitAttr::get(ctx, file);
    return success();
  }
  case DebugTag::LexicalBlock: {
    ct::DILocalScopeAttr scope;
    ct::DIFileAttr file;
    unsigned line, column;
    if (failed(debugRef(r, scope, "local scope", depth)) ||
        failed(debugRef(r, file, "file", depth)) ||
        failed(num(line, "line")) || failed(num(column, "column")))
      return failure();
    out = ct::DILexicalBlockAttr::get(ctx, scope, file, line, column);
    return success();
  }
  case DebugTag::Loc: {
    ct::DILocalScopeAttr scope;
    StringAttr filename;
    unsigned line, column;
    if (failed(debugRef(r, scope, "local scope", depth)) ||
        failed(str(filename)) || failed(num(line, "line")) ||
        failed(num(column, "column")))
      return failure();
    out = ct::DILocAttr::get(
        ctx, FileLineColLoc::get(ctx, filename, line, column), scope);
    return success();
  }
  case DebugTag::Subprogram: {
    ct::DIFileAttr file;
    ct::DICompileUnitAttr unit;
    StringAttr name, linkageName;
    unsigned line, scopeLine;
    if (failed(debugRef(r, file, "file", depth)) ||
        failed(num(line, "line")) || failed(str(name)) ||
        failed(str(linkageName)) ||
        failed(debugRef(r, unit, "compile unit", depth)) ||
        failed(num(scopeLine, "scope line")))
      return failure();
    out = ct::DISubprogramAttr::get(ctx, file, line, name, linkageName, unit,
                                    scopeLine);
    return success();
  }
  case DebugTag::CallSite: {
    LocationAttr callee, caller;
    if (failed(debugRef(r, callee, "location", depth)) ||
        failed(debugRef(r, caller, "location", depth)))
      return failure();
    out = CallSiteLoc::get(callee, caller);
    return success();
  }
  case DebugTag::Unknown:
    out = UnknownLoc::get(ctx);
    return success();
  }
  return error("unknown debug info tag " + llvm::Twine(tag));
}

LogicalResult Reader::beginDebugList(uint64_t slot) {
  debugCursor.reset();
  if (slot == 0)
    return success();
  if (slot > debugListOffsets.size())
    return error("function debug info slot " + llvm::Twine(slot) +
                 " out of range (" + llvm::Twine(debugListOffsets.size()) +
                 " slots)");
  debugCursor = debugListOffsets[slot - 1];
  return success();
}

LogicalResult Reader::nextLocation(Location &out) {
  if (!debugCursor) {
    out = UnknownLoc::get(ctx);
    return success();
  }
  // Like NVIDIA's reader, a list may run on into the entries after it; the
  // end of all entries is the limit.
  if (*debugCursor >= debugIndices.size())
    return error("debug info has no location left for the next operation");
  uint64_t index = debugIndices[(*debugCursor)++];
  FailureOr<Attribute> attr = debugAttr(index, 0);
  if (failed(attr))
    return failure();
  auto location = dyn_cast<LocationAttr>(*attr);
  if (!location)
    return error("debug info entry " + llvm::Twine(index) +
                 " is not a location: " + debugAttrKind(*attr));
  out = location;
  return success();
}

LogicalResult Reader::readStrings() {
  ByteReader r = sectionReader(Section::String);
  if (!readOffsetTable<uint32_t>(r, 4, strings, /*strict=*/false))
    return error(r, "string section");
  return success();
}

LogicalResult Reader::readConstants() {
  if (!hasSection(Section::Constant))
    return success();
  ByteReader r = sectionReader(Section::Constant);
  if (!readOffsetTable<uint64_t>(r, 8, constants))
    return error(r, "constant section");
  return success();
}

LogicalResult Reader::readTypes() {
  ByteReader r = sectionReader(Section::Type);
  std::vector<llvm::StringRef> entries;
  if (!readOffsetTable<uint32_t>(r, 4, entries))
    return error(r, "type section");
  for (llvm::StringRef entry : entries) {
    ByteReader tr(entry);
    Type type;
    // A type may only refer to the types before it.
    if (failed(parseType(tr, types.size(), type)))
      return failure();
    types.push_back(type);
  }
  return success();
}

template <typename T>
LogicalResult Reader::tableRef(ByteReader &r, const std::vector<T> &table,
                               llvm::StringRef what, llvm::StringRef kind,
                               llvm::StringRef counted, T &out) {
  uint64_t i;
  if (!r.varint(i))
    return error(r, what);
  if (i >= table.size())
    return error(kind + " index " + llvm::Twine(i) + " out of range (" +
                 llvm::Twine(table.size()) + " " + counted + ")");
  out = table[i];
  return success();
}

LogicalResult Reader::stringRef(ByteReader &r, llvm::StringRef &out) {
  return tableRef(r, strings, "string reference", "string", "strings", out);
}

LogicalResult Reader::typeRef(ByteReader &r, Type &out) {
  return tableRef(r, types, "type reference", "type", "types", out);
}

LogicalResult Reader::typeAttrRef(ByteReader &r, Attribute &out) {
  Type type;
  if (failed(typeRef(r, type)))
    return failure();
  out = TypeAttr::get(type);
  return success();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

LogicalResult Reader::parseType(ByteReader &r, size_t limit, Type &out) {
  uint64_t tagValue;
  if (!r.varint(tagValue))
    return error(r, "type");
  if (tagValue >= kNumTypeTags)
    return error("unknown type tag " + llvm::Twine(tagValue));
  auto tag = static_cast<TypeTag>(tagValue);
  Version since = typeTagVersion(tag);
  if (version < since)
    return error("type '" + typeTagName(tag) + "' requires bytecode version " +
                 since.str() + "+, file version is " + version.str());
  auto ref = [&](Type &t) -> LogicalResult {
    uint64_t i;
    if (!r.varint(i))
      return error(r, "type");
    if (i >= limit)
      return error("type index " + llvm::Twine(i) +
                   " does not refer to an earlier type");
    t = types[i];
    return success();
  };
  auto diag = [&]() { return emitError(loc); };
  bool unified = version >= kUnifiedBitfieldVersion;
  auto i32s = [&](llvm::SmallVectorImpl<int64_t> &out) -> bool {
    llvm::SmallVector<int32_t> v;
    if (!r.leArray(v))
      return false;
    out.assign(v.begin(), v.end());
    return true;
  };
  auto padding = [&](bool flagged, ct::PaddingValueAttr &pad) -> LogicalResult {
    bool present = flagged;
    if (!unified) {
      uint8_t b;
      if (!r.byte(b))
        return error(r, "type");
      present = b != 0;
    }
    if (!present)
      return success();
    uint64_t v;
    if (!r.varint(v))
      return error(r, "type");
    std::optional<ct::PaddingValue> p =
        v <= UINT32_MAX ? ct::symbolizePaddingValue(v) : std::nullopt;
    if (!p)
      return error("invalid padding value " + llvm::Twine(v));
    pad = ct::PaddingValueAttr::get(ctx, *p);
    return success();
  };
  auto flags = [&](uint64_t &f, uint64_t allowed) -> LogicalResult {
    f = 0;
    if (!unified)
      return success();
    if (!r.varint(f))
      return error(r, "type");
    if (f & ~allowed)
      return error("unknown optional-parameter flags in type");
    return success();
  };
  // Partition and strided views: the flags, the tile shape, the traversal
  // strides (strided views only), the tensor view, the dimension map and the
  // padding value.
  struct TiledViewParams {
    llvm::SmallVector<int64_t> tile, strides;
    Type view;
    llvm::SmallVector<int32_t> dimMap;
    ct::PaddingValueAttr pad;
  };
  auto tiledView = [&](TiledViewParams &p, bool withStrides,
                       llvm::StringRef what) -> LogicalResult {
    uint64_t f;
    if (failed(flags(f, 1)))
      return failure();
    if (!i32s(p.tile) || (withStrides && !i32s(p.strides)))
      return error(r, what);
    if (failed(ref(p.view)))
      return failure();
    if (!r.leArray(p.dimMap))
      return error(r, what);
    return padding(f & 1, p.pad);
  };

  switch (tag) {
  case TypeTag::I1: out = builder.getI1Type(); break;
  case TypeTag::I4: out = builder.getIntegerType(4); break;
  case TypeTag::I8: out = builder.getI8Type(); break;
  case TypeTag::I16: out = builder.getI16Type(); break;
  case TypeTag::I32: out = builder.getI32Type(); break;
  case TypeTag::I64: out = builder.getI64Type(); break;
  case TypeTag::F16: out = builder.getF16Type(); break;
  case TypeTag::BF16: out = builder.getBF16Type(); break;
  case TypeTag::F32: out = builder.getF32Type(); break;
  case TypeTag::TF32: out = builder.getTF32Type(); break;
  case TypeTag::F64: out = builder.getF64Type(); break;
  case TypeTag::F8E4M3FN: out = Float8E4M3FNType::get(ctx); break;
  case TypeTag::F8E5M2: out = Float8E5M2Type::get(ctx); break;
  case TypeTag::F8E8M0FNU: out = Float8E8M0FNUType::get(ctx); break;
  case TypeTag::F4E2M1FN: out = Float4E2M1FNType::get(ctx); break;
  case TypeTag::Token: out = ct::TokenType::get(ctx); break;
  case TypeTag::Pointer: {
    Type pointee;
    if (failed(ref(pointee)))
      return failure();
    out = ct::PointerType::getChecked(diag, ctx, pointee);
    break;
  }
  case TypeTag::Tile: {
    Type elem;
    llvm::SmallVector<int64_t> shape;
    if (failed(ref(elem)))
      return failure();
    if (!r.leArray(shape))
      return error(r, "tile type");
    out = ct::TileType::getChecked(diag, shape, elem);
    break;
  }
  case TypeTag::TensorView: {
    Type elem;
    llvm::SmallVector<int64_t> shape, strides;
    if (failed(ref(elem)))
      return failure();
    if (!r.leArray(shape) || !r.leArray(strides))
      return error(r, "tensor_view type");
    out = ct::TensorViewType::getChecked(diag, ctx, elem, llvm::ArrayRef<int64_t>(shape),
                                         llvm::ArrayRef<int64_t>(strides));
    break;
  }
  case TypeTag::PartitionView: {
    TiledViewParams p;
    if (failed(tiledView(p, /*withStrides=*/false, "partition_view type")))
      return failure();
    auto tv = dyn_cast<ct::TensorViewType>(p.view);
    if (!tv)
      return error("partition_view must wrap a tensor_view type");
    out = ct::PartitionViewType::getChecked(
        diag, ctx, llvm::ArrayRef<int64_t>(p.tile), tv,
        llvm::ArrayRef<int32_t>(p.dimMap), p.pad);
    break;
  }
  case TypeTag::StridedView: {
    TiledViewParams p;
    if (failed(tiledView(p, /*withStrides=*/true, "strided_view type")))
      return failure();
    out = ct::StridedViewType::getChecked(
        diag, ctx, llvm::ArrayRef<int64_t>(p.tile),
        llvm::ArrayRef<int64_t>(p.strides), p.view,
        llvm::ArrayRef<int32_t>(p.dimMap), p.pad);
    break;
  }
  case TypeTag::GatherScatterView: {
    uint64_t f, sparseDim;
    llvm::SmallVector<int64_t> tile;
    Type view;
    if (failed(flags(f, 0)))
      return failure();
    if (!i32s(tile))
      return error(r, "gather_scatter_view type");
    if (failed(ref(view)))
      return failure();
    if (!r.varint(sparseDim) || sparseDim > UINT32_MAX)
      return error("malformed gather_scatter_view sparse dimension");
    out = ct::GatherScatterViewType::getChecked(diag, ctx,
                                                llvm::ArrayRef<int64_t>(tile), view,
                                                static_cast<int64_t>(sparseDim));
    break;
  }
  case TypeTag::Function: {
    uint64_t n;
    llvm::SmallVector<Type> inputs, results;
    if (!r.count(n, 1, "function input"))
      return error(r, "function type");
    for (uint64_t i = 0; i < n; ++i)
      if (failed(ref(inputs.emplace_back())))
        return failure();
    if (!r.count(n, 1, "function result"))
      return error(r, "function type");
    for (uint64_t i = 0; i < n; ++i)
      if (failed(ref(results.emplace_back())))
        return failure();
    out = FunctionType::get(ctx, inputs, results);
    break;
  }
  }
  if (!out)
    return error("invalid " + typeTagName(tag) + " parameters");
  if (!r.ok())
    return error(r, "type");
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// Builds a dense constant of `type` (a tile type in the format, a builtin
/// tensor in this dialect) from constant-pool entry `index`.
LogicalResult Reader::denseConstant(uint64_t index, Type type,
                                    Attribute &out) {
  if (index >= constants.size())
    return error("constant index " + llvm::Twine(index) + " out of range");
  auto tile = dyn_cast<ct::TileType>(type);
  if (!tile)
    return error("dense constant must have a tile type");
  ByteReader r(constants[index]);
  uint64_t size;
  llvm::StringRef raw;
  if (!r.varint(size) || !r.bytes(size, raw))
    return error(r, "constant");
  auto tensorType = RankedTensorType::get(tile.getShape(),
                                          tile.getElementType());
  if (!tensorType.getElementType().isIntOrFloat())
    return error("dense constant must have integer or float elements");
  llvm::ArrayRef<char> buffer(raw.data(), raw.size());
  bool isSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(tensorType, buffer, isSplat))
    return error("constant data of " + llvm::Twine(raw.size()) +
                 " bytes does not match its type");
  out = DenseElementsAttr::getFromRawBuffer(tensorType, buffer);
  return success();
}

LogicalResult Reader::dictBody(ByteReader &r, DictionaryAttr &out,
                               unsigned depth) {
  uint64_t n;
  if (!r.count(n, 2, "dictionary entry"))
    return error(r, "dictionary");
  llvm::SmallVector<NamedAttribute> entries;
  for (uint64_t i = 0; i < n; ++i) {
    llvm::StringRef key;
    Attribute value;
    if (failed(stringRef(r, key)))
      return failure();
    if (key.empty())
      return error("invalid empty attribute name for DictionaryAttr element " +
                   llvm::Twine(i));
    if (failed(selfContained(r, value, depth + 1)))
      return failure();
    entries.push_back(builder.getNamedAttr(key, value));
  }
  out = builder.getDictionaryAttr(entries);
  return success();
}

LogicalResult Reader::selfContained(ByteReader &r, Attribute &out,
                                    unsigned depth) {
  if (depth > kMaxNesting)
    return error("attributes nested too deeply");
  uint64_t tag;
  if (!r.varint(tag))
    return error(r, "attribute");
  // A type reference, then a varint (an integer's bits, a constant index).
  auto typedVarint = [&](Type &type, uint64_t &v,
                         llvm::StringRef what) -> LogicalResult {
    if (failed(typeRef(r, type)))
      return failure();
    if (!r.varint(v))
      return error(r, what);
    return success();
  };
  switch (static_cast<AttrTag>(tag)) {
  case AttrTag::Integer: {
    Type type;
    uint64_t v;
    if (failed(typedVarint(type, v, "integer attribute")))
      return failure();
    auto it = dyn_cast<IntegerType>(type);
    if (!it)
      return error("integer attribute must have an integer type");
    out = IntegerAttr::get(it, APInt(it.getWidth(), v, /*isSigned=*/false,
                                     /*implicitTrunc=*/true));
    return success();
  }
  case AttrTag::Float: {
    Type type;
    if (failed(typeRef(r, type)))
      return failure();
    auto ft = dyn_cast<FloatType>(type);
    if (!ft)
      return error("float attribute must have a float type");
    unsigned width = ft.getWidth();
    APInt bits;
    if (width <= 8) {
      uint8_t b;
      if (!r.byte(b))
        return error(r, "float attribute");
      bits = APInt(width, b, false, true);
    } else if (width <= 64) {
      int64_t v;
      if (!r.svarint(v))
        return error(r, "float attribute");
      bits = APInt(width, static_cast<uint64_t>(v), false, true);
    } else {
      return error("float attributes wider than 64 bits are not supported");
    }
    out = FloatAttr::get(ft, APFloat(ft.getFloatSemantics(), bits));
    return success();
  }
  case AttrTag::Bool: {
    uint8_t b;
    if (!r.byte(b) || b > 1)
      return error("malformed bool attribute");
    out = builder.getBoolAttr(b);
    return success();
  }
  case AttrTag::Type:
    return typeAttrRef(r, out);
  case AttrTag::String: {
    llvm::StringRef s;
    if (failed(stringRef(r, s)))
      return failure();
    out = builder.getStringAttr(s);
    return success();
  }
  case AttrTag::Array: {
    uint64_t n;
    if (!r.count(n, 1, "array element"))
      return error(r, "array attribute");
    llvm::SmallVector<Attribute> elems;
    for (uint64_t i = 0; i < n; ++i)
      if (failed(selfContained(r, elems.emplace_back(), depth + 1)))
        return failure();
    out = builder.getArrayAttr(elems);
    return success();
  }
  case AttrTag::DenseElements: {
    Type type;
    uint64_t index;
    if (failed(typedVarint(type, index, "dense attribute")))
      return failure();
    return denseConstant(index, type, out);
  }
  case AttrTag::DivBy: {
    uint64_t divisor;
    uint8_t flags;
    int64_t every = 0, along = 0;
    if (!r.varint(divisor) || !r.byte(flags) || flags > 3 ||
        ((flags & 1) && !r.svarint(every)) || ((flags & 2) && !r.svarint(along)))
      return error("malformed div_by attribute");
    out = ct::DivByAttr::get(
        ctx, divisor,
        (flags & 1) ? std::optional<int64_t>(every) : std::nullopt,
        (flags & 2) ? std::optional<int64_t>(along) : std::nullopt);
    return success(static_cast<bool>(out));
  }
  case AttrTag::SameElements: {
    llvm::SmallVector<int64_t> values;
    if (!r.leArray(values))
      return error(r, "same_elements attribute");
    out = ct::SameElementsAttr::get(ctx, values);
    return success();
  }
  case AttrTag::Dictionary: {
    DictionaryAttr dict;
    if (failed(dictBody(r, dict, depth)))
      return failure();
    out = dict;
    return success();
  }
  case AttrTag::OptimizationHints: {
    DictionaryAttr dict;
    if (failed(dictBody(r, dict, depth)))
      return failure();
    return makeHints(dict, out);
  }
  case AttrTag::Bounded: {
    uint8_t flags;
    int64_t lb = 0, ub = 0;
    if (!r.byte(flags) || flags > 3 || ((flags & 1) && !r.svarint(lb)) ||
        ((flags & 2) && !r.svarint(ub)))
      return error("malformed bounded attribute");
    out = ct::BoundedAttr::get(
        ctx, (flags & 1) ? std::optional<int64_t>(lb) : std::nullopt,
        (flags & 2) ? std::optional<int64_t>(ub) : std::nullopt);
    return success();
  }
  }
  return error("unknown attribute tag " + llvm::Twine(tag));
}

/// Optimization hints map an architecture to a dictionary of hints; the
/// attribute does not check that itself (its printer relies on it), so the
/// reader does.
LogicalResult Reader::makeHints(DictionaryAttr dict, Attribute &out) {
  for (NamedAttribute entry : dict)
    if (!isa<DictionaryAttr>(entry.getValue()))
      return error("optimization hints for '" + entry.getName().getValue() +
                   "' must be a dictionary");
  out = ct::OptimizationHintsAttr::get(ctx, dict);
  return success();
}

/// The dialect attribute `AttrT` of a symbolized enum value, or null when
/// the value is outside the enum.
template <typename AttrT, typename E>
static Attribute wrappedEnum(MLIRContext *ctx, std::optional<E> e) {
  return e ? AttrT::get(ctx, *e) : Attribute();
}

/// Enum attributes by field name: the five wrapped enums are dialect
/// attributes, the rest are plain i32 enum attributes. A value outside its
/// enum yields null.
Attribute Reader::enumAttr(llvm::StringRef name, uint64_t v) {
  if (v > UINT32_MAX)
    return {};
  if (name == "rounding_mode" || name == "rounding")
    return wrappedEnum<ct::RoundingModeAttr>(ctx, ct::symbolizeRoundingMode(v));
  if (name == "overflow")
    return wrappedEnum<ct::IntegerOverflowAttr>(
        ctx, ct::symbolizeIntegerOverflow(v));
  if (name.starts_with("signedness"))
    return wrappedEnum<ct::SignednessAttr>(ctx, ct::symbolizeSignedness(v));
  if (name == "comparison_predicate")
    return wrappedEnum<ct::ComparisonPredicateAttr>(
        ctx, ct::symbolizeComparisonPredicate(v));
  if (name == "comparison_ordering")
    return wrappedEnum<ct::ComparisonOrderingAttr>(
        ctx, ct::symbolizeComparisonOrdering(v));
  bool valid = false;
  if (name == "mode")
    valid = ct::symbolizeAtomicRMWMode(v).has_value();
  else if (name == "memory_scope")
    valid = ct::symbolizeMemoryScope(v).has_value();
  else if (name == "memory_ordering_semantics")
    valid = ct::symbolizeMemoryOrdering(v).has_value();
  else if (name == "symbol_visibility")
    valid = ct::symbolizeSymbolVisibility(v).has_value();
  if (!valid)
    return {};
  return builder.getI32IntegerAttr(static_cast<int32_t>(v));
}

LogicalResult Reader::opAttr(ByteReader &r, const OpEncoding &enc,
                             const AttrField &field, Type firstResult,
                             Attribute &out) {
  auto malformed = [&]() {
    return error("malformed attribute '" + llvm::Twine(field.name) +
                 "' of '" + enc.name + "': " + r.errorMessage());
  };
  switch (field.enc) {
  case AttrEnc::Unit:
    out = builder.getUnitAttr();
    return success();
  case AttrEnc::Enum: {
    uint64_t v;
    if (!r.varint(v))
      return malformed();
    out = enumAttr(field.name, v);
    if (!out)
      return error("invalid value " + llvm::Twine(v) + " for attribute '" +
                   field.name + "' of '" + enc.name + "'");
    return success();
  }
  case AttrEnc::Int: {
    uint64_t v;
    if (!r.varint(v))
      return malformed();
    bool i32 = field.name == "dim" && (enc.name == "reduce" || enc.name == "scan");
    if (i32 && v > INT32_MAX)
      return error("attribute 'dim' out of range");
    out = i32 ? builder.getI32IntegerAttr(static_cast<int32_t>(v))
              : builder.getI64IntegerAttr(static_cast<int64_t>(v));
    return success();
  }
  case AttrEnc::Bool: {
    uint8_t b;
    if (!r.byte(b) || b > 1)
      return malformed();
    out = builder.getBoolAttr(b);
    return success();
  }
  case AttrEnc::Str: {
    llvm::StringRef s;
    if (failed(stringRef(r, s)))
      return failure();
    out = enc.name == "get_global"
              ? static_cast<Attribute>(FlatSymbolRefAttr::get(ctx, s))
              : static_cast<Attribute>(builder.getStringAttr(s));
    return success();
  }
  case AttrEnc::I32s: {
    llvm::SmallVector<int32_t> v;
    if (!r.leArray(v))
      return malformed();
    // The extreme values are the dense-array sentinels of the format.
    for (int32_t x : v)
      if (x == INT32_MAX || x == INT32_MIN)
        return error("array contains unsupported value " + llvm::Twine(x));
    out = builder.getDenseI32ArrayAttr(v);
    return success();
  }
  case AttrEnc::Dense: {
    uint64_t index;
    if (!r.varint(index))
      return malformed();
    if (!firstResult)
      return error("dense attribute of '" + llvm::Twine(enc.name) +
                   "' has no result type");
    return denseConstant(index, firstResult, out);
  }
  case AttrEnc::Array: {
    uint64_t n;
    if (!r.count(n, 1, "array element"))
      return malformed();
    llvm::SmallVector<Attribute> elems;
    for (uint64_t i = 0; i < n; ++i)
      if (failed(selfContained(r, elems.emplace_back(), 1)))
        return failure();
    out = builder.getArrayAttr(elems);
    return success();
  }
  case AttrEnc::Pred:
    if (failed(selfContained(r, out, 1)))
      return failure();
    if (!isa<ct::DivByAttr, ct::SameElementsAttr, ct::BoundedAttr>(out))
      return error("assume predicate must be div_by, same_elements or "
                   "bounded");
    return success();
  case AttrEnc::Hints: {
    DictionaryAttr dict;
    if (failed(dictBody(r, dict, 1)))
      return failure();
    return makeHints(dict, out);
  }
  case AttrEnc::Type:
    return typeAttrRef(r, out);
  }
  return error("unsupported attribute encoding");
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult Reader::valueRef(ByteReader &r, Value &out) {
  return tableRef(r, values, "operand", "value", "values in scope", out);
}

LogicalResult Reader::readRegion(ByteReader &r, Region &region,
                                 unsigned depth) {
  uint64_t numBlocks;
  if (!r.count(numBlocks, 2, "block"))
    return error(r, "region");
  for (uint64_t b = 0; b < numBlocks; ++b) {
    Block *block = new Block();
    region.push_back(block);
    size_t scope = values.size();
    uint64_t numArgs;
    if (!r.count(numArgs, 1, "block argument"))
      return error(r, "block");
    for (uint64_t i = 0; i < numArgs; ++i) {
      Type t;
      if (failed(typeRef(r, t)))
        return failure();
      // Not in the format: block arguments take their op's location.
      values.push_back(block->addArgument(t, region.getParentOp()->getLoc()));
    }
    uint64_t numOps;
    if (!r.count(numOps, 1, "operation"))
      return error(r, "block");
    if (failed(readOps(r, block, numOps, /*untilEnd=*/false, depth)))
      return failure();
    values.resize(scope);
  }
  return success();
}

LogicalResult Reader::readOps(ByteReader &r, Block *block, uint64_t numOps,
                              bool untilEnd, unsigned depth) {
  for (uint64_t i = 0; untilEnd ? !r.atEnd() : i < numOps; ++i)
    if (failed(readOp(r, block, depth)))
      return failure();
  return success();
}

LogicalResult Reader::readOp(ByteReader &r, Block *block, unsigned depth) {
  if (depth > kMaxNesting)
    return error("regions nested too deeply");
  uint64_t opcode;
  if (!r.varint(opcode))
    return error(r, "operation");
  const OpEncoding *enc = lookupOpcode(opcode);
  if (!enc || enc->name == "entry" || enc->name == "global" ||
      enc->name == "module")
    return error("unknown or misplaced opcode 0x" +
                 llvm::utohexstr(opcode));
  std::string fullName = "cuda_tile." + enc->name;
  if (version < enc->since)
    return error("operation '" + fullName + "' requires bytecode version " +
                 enc->since.str() + "+, file version is " + version.str());
  // Taken before the regions are read: lists are in pre-order.
  Location opLoc = loc;
  if (failed(nextLocation(opLoc)))
    return failure();

  OperationState state(opLoc, fullName);
  llvm::SmallDenseSet<unsigned> unindexed;
  // Results. A result newer than the file did not exist when it was written;
  // every such result is a token, which is what the op gets.
  if (enc->hasVariadicResults()) {
    uint64_t n;
    if (!r.count(n, 1, "result"))
      return error(r, "operation results");
    for (uint64_t i = 0; i < n; ++i)
      if (failed(typeRef(r, state.types.emplace_back())))
        return failure();
  } else {
    uint64_t present = llvm::count_if(enc->results, [&](const ResultField &f) {
      return !(version < f.since);
    });
    uint64_t n = present;
    if (enc->writesResultCount() && !r.varint(n))
      return error(r, "operation results");
    if (n != present)
      return error("'" + fullName + "' must have " + llvm::Twine(present) +
                   " results in version " + version.str() + ", file has " +
                   llvm::Twine(n));
    for (const ResultField &field : enc->results) {
      if (version < field.since) {
        // Not serialized, so it gets no value index either.
        unindexed.insert(state.types.size());
        state.types.push_back(ct::TokenType::get(ctx));
        continue;
      }
      if (failed(typeRef(r, state.types.emplace_back())))
        return failure();
    }
  }
  Type firstResult = state.types.empty() ? Type() : state.types.front();

  uint64_t flags = 0;
  if (enc->numFlagBits) {
    bool present = !(enc->since < *enc->firstOptionalVersion) ||
                   version >= *enc->firstOptionalVersion;
    if (present) {
      if (!r.varint(flags))
        return error(r, "operation flags");
      if (flags >> enc->numFlagBits)
        return error("unknown optional-field flags 0x" +
                     llvm::utohexstr(flags) + " on '" + fullName + "'");
    }
  }
  auto flagSet = [&](int bit) { return bit >= 0 && (flags >> bit) & 1; };

  for (const AttrField &field : enc->attrs) {
    Attribute value;
    if (field.optional) {
      if (!flagSet(field.flagBit))
        continue;
      if (failed(opAttr(r, *enc, field, firstResult, value)))
        return failure();
    } else if (version < field.since) {
      // The file predates the attribute: it holds its default.
      if (!field.defaultValue)
        continue;
      value = field.enc == AttrEnc::Enum
                  ? enumAttr(field.name, *field.defaultValue)
                  : builder.getI64IntegerAttr(*field.defaultValue);
    } else if (failed(opAttr(r, *enc, field, firstResult, value))) {
      return failure();
    }
    if (value)
      state.addAttribute(field.name, value);
  }

  if (enc->attrSizedOperands) {
    llvm::SmallVector<int32_t> segments;
    for (const OperandField &o : enc->operands) {
      uint64_t n = 1;
      if (o.arity == Arity::Optional)
        n = flagSet(o.flagBit) ? 1 : 0;
      else if (o.arity == Arity::Variadic && !r.count(n, 1, "operand"))
        return error(r, "operands");
      for (uint64_t i = 0; i < n; ++i)
        if (failed(valueRef(r, state.operands.emplace_back())))
          return failure();
      segments.push_back(static_cast<int32_t>(n));
    }
    state.addAttribute("operandSegmentSizes",
                       builder.getDenseI32ArrayAttr(segments));
  } else if (!enc->operands.empty()) {
    bool withCount = llvm::any_of(enc->operands, [](const OperandField &o) {
      return o.arity != Arity::One;
    });
    uint64_t n = enc->operands.size();
    if (withCount && !r.count(n, 1, "operand"))
      return error(r, "operands");
    for (uint64_t i = 0; i < n; ++i)
      if (failed(valueRef(r, state.operands.emplace_back())))
        return failure();
  }

  if (enc->numRegions) {
    uint64_t n;
    if (!r.varint(n))
      return error(r, "regions");
    if (n != enc->numRegions)
      return error("'" + fullName + "' must have " +
                   llvm::Twine(enc->numRegions) + " regions, file has " +
                   llvm::Twine(n));
    for (uint64_t i = 0; i < n; ++i)
      state.addRegion();
  }
  // Regions are read after the op exists so a failure inside them still
  // leaves a well-formed (if incomplete) tree to destroy.
  Operation *op = Operation::create(state);
  block->push_back(op);
  for (Region &region : op->getRegions())
    if (failed(readRegion(r, region, depth + 1)))
      return failure();
  for (OpResult v : op->getResults())
    if (!unindexed.contains(v.getResultNumber()))
      values.push_back(v);
  return success();
}

//===----------------------------------------------------------------------===//
// Functions, globals, producer
//===----------------------------------------------------------------------===//

LogicalResult Reader::readGlobals(Block *body) {
  if (!hasSection(Section::Global))
    return success();
  ByteReader r = sectionReader(Section::Global);
  uint64_t n;
  if (!r.count(n, 4, "global"))
    return error(r, "global section");
  bool extended = version >= Version{13, 3, 0};
  for (uint64_t i = 0; i < n; ++i) {
    llvm::StringRef name;
    Type type;
    uint64_t constIndex, alignment, visibility = 0, isConstant = 0;
    if (failed(stringRef(r, name)) || failed(typeRef(r, type)))
      return failure();
    if (!r.varint(constIndex) || !r.varint(alignment) ||
        (extended && (!r.varint(visibility) || !r.varint(isConstant))))
      return error(r, "global section");
    if (visibility > 1 || isConstant > 1 || alignment > INT64_MAX)
      return error("invalid global `" + name + "` fields");
    Attribute value;
    if (failed(denseConstant(constIndex, type, value)))
      return failure();
    // The global section carries no location: like NVIDIA's reader
    // (tileirdisasm prints `loc(unknown)`), the op gets none rather than
    // the file's.
    OperationState state(UnknownLoc::get(builder.getContext()),
                         "cuda_tile.global");
    state.addAttribute("sym_name", builder.getStringAttr(name));
    state.addAttribute("value", value);
    state.addAttribute("alignment", builder.getI64IntegerAttr(alignment));
    if (isConstant)
      state.addAttribute("constant", builder.getUnitAttr());
    state.addAttribute("symbol_visibility",
                       builder.getI32IntegerAttr(static_cast<int32_t>(visibility)));
    body->push_back(Operation::create(state));
  }
  if (!r.atEnd())
    return error("unexpected data at the end of the global section");
  return success();
}

LogicalResult Reader::readFunctions(Block *body) {
  ByteReader r = sectionReader(Section::Func);
  uint64_t n;
  if (!r.count(n, 5, "function"))
    return error(r, "function section");
  for (uint64_t f = 0; f < n; ++f) {
    llvm::StringRef name;
    Type sigType;
    uint8_t flags;
    uint64_t locIndex;
    if (failed(stringRef(r, name)) || failed(typeRef(r, sigType)))
      return failure();
    if (!r.byte(flags) || !r.varint(locIndex))
      return error(r, "function entry");
    auto sig = dyn_cast<FunctionType>(sigType);
    if (!sig)
      return error("function `" + name + "` signature is not a function type");
    if (flags & ~(kFuncPrivate | kFuncKernel | kFuncHasHints))
      return error("unknown function flags 0x" + llvm::utohexstr(flags));
    // Device functions exist in the format but not in the public op set;
    // builds with test-only ops read them as `testing$func`, which is what
    // the writer produced them from.
    bool isKernel = flags & kFuncKernel;
    llvm::StringRef funcOpName =
        isKernel ? "cuda_tile.entry" : "cuda_tile.testing$func";
    if (!isKernel && !RegisteredOperationName::lookup(funcOpName, ctx))
      return error("function `" + name +
                   "` is a device function, which is not supported");
    if (!isKernel && (flags & kFuncHasHints))
      return error("function `" + name +
                   "`: only kernels can carry optimization hints");
    OperationState state(loc, funcOpName);
    state.addAttribute("sym_name", builder.getStringAttr(name));
    state.addAttribute("function_type", TypeAttr::get(sig));
    if (flags & kFuncHasHints) {
      Attribute hints;
      if (failed(selfContained(r, hints, 1)))
        return failure();
      if (!isa<ct::OptimizationHintsAttr>(hints))
        return error("entry hints must be an optimization_hints attribute");
      state.addAttribute("optimization_hints", hints);
    }
    uint64_t bodyLen;
    llvm::StringRef bodyBytes;
    if (!r.varint(bodyLen))
      return error(r, "function entry");
    size_t bodyBase = r.fileOffset();
    if (!r.bytes(bodyLen, bodyBytes))
      return error(r, "function body");
    // The entry is read whole (hints included) before its location is
    // looked up, as NVIDIA's reader does.
    Location funcLoc = loc;
    if (failed(beginDebugList(locIndex)) || failed(nextLocation(funcLoc)))
      return failure();
    state.location = funcLoc;
    state.addRegion();
    Operation *entry = Operation::create(state);
    body->push_back(entry);
    Block *block = new Block();
    entry->getRegion(0).push_back(block);
    values.clear();
    for (Type t : sig.getInputs())
      values.push_back(block->addArgument(t, funcLoc));
    ByteReader br(bodyBytes, bodyBase);
    if (failed(readOps(br, block, 0, /*untilEnd=*/true, 0)))
      return failure();
    debugCursor.reset();
  }
  // The section is padded to 8 bytes at its end.
  while (!r.atEnd()) {
    uint8_t b;
    r.byte(b);
    if (b != kPaddingByte)
      return error("unexpected data at the end of the function section");
  }
  return success();
}

LogicalResult Reader::readProducer(Operation *module) {
  if (!hasSection(Section::Producer))
    return success();
  ByteReader r = sectionReader(Section::Producer);
  llvm::StringRef producer;
  if (failed(stringRef(r, producer)))
    return failure();
  module->setAttr("producer", builder.getStringAttr(producer));
  return success();
}

OwningOpRef<Operation *> Reader::read() {
  if (failed(readHeaderAndSections()) || failed(readStrings()) ||
      failed(readTypes()) || failed(readConstants()) || failed(readDebug()))
    return nullptr;
  OperationState state(loc, "cuda_tile.module");
  state.addAttribute("sym_name", builder.getStringAttr("kernels"));
  state.addRegion();
  OwningOpRef<Operation *> module = Operation::create(state);
  Block *body = new Block();
  module.get()->getRegion(0).push_back(body);
  if (failed(readGlobals(body)) || failed(readFunctions(body)) ||
      failed(readProducer(module.get())))
    return nullptr;
  return module;
}

OwningOpRef<Operation *>
tilecheck::bytecode::readBytecode(llvm::StringRef buffer, MLIRContext *context,
                                  Location loc) {
  context->getOrLoadDialect<ct::CudaTileDialect>();
  return Reader(buffer, context, loc).read();
}
