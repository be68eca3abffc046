//===- Writer.cpp - cuda_tile module to Tile IR bytecode ------------------===//
//
// Serializes a `cuda_tile.module` into the Tile IR bytecode format. Function
// bodies are encoded first, into a buffer, because encoding them is what fills
// the string, type and constant tables; the tables are then written after
// the function section, in the order NVIDIA's tools emit them (globals,
// functions, constants, debug, types, producer, strings, end), so files
// compare byte for byte with theirs where the inputs agree.
//
// Ops are written generically from the frozen per-op table (OpTable.cpp):
// result types, the optional-field flags varint, attributes, operands,
// regions. Fields newer than the target version are dropped when they hold
// their default, and refused with a diagnostic when they do not.
//
// Debug info: a function whose location is a `#cuda_tile.di_loc` or a call
// site gets a slot in the debug section listing its location and then every
// op's, in the order the ops are written; the `#cuda_tile.di_*` attributes
// and call sites they reference are numbered in first-use order, dependencies
// first. Plain file/line/column and unknown locations are the reserved index
// 0 (the format has no entry for them), so a function located that way
// carries no debug info at all. Other location kinds are refused rather than
// dropped silently.
//
//===----------------------------------------------------------------------===//

#include "Encoding.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <type_traits>

using namespace mlir;
using namespace tilecheck::bytecode;
namespace ct = tilecheck::cuda_tile;

namespace {

/// Strings, types and constants, each numbered in first-use order.
struct Tables {
  Version version;
  llvm::StringMap<uint64_t> stringIndex;
  std::vector<std::string> strings;
  llvm::DenseMap<Type, uint64_t> typeIndex;
  std::vector<Type> types;
  llvm::MapVector<Attribute, llvm::SmallVector<char>> constants;

  uint64_t string(llvm::StringRef s) {
    auto [it, inserted] = stringIndex.try_emplace(s, strings.size());
    if (inserted)
      strings.push_back(s.str());
    return it->second;
  }
};

class Writer {
public:
  explicit Writer(Version version) { tables.version = version; }

  LogicalResult write(Operation *module, llvm::raw_ostream &os);

private:
  // Types.
  FailureOr<uint64_t> typeIndex(Type type, Operation *op);
  /// The index of a dense attribute's (builtin tensor) type, as a tile.
  FailureOr<uint64_t> attrTypeIndex(Type type, Operation *op);
  LogicalResult encodeType(Type type, ByteWriter &w, Operation *op);
  LogicalResult checkTypeVersion(TypeTag tag, Operation *op);
  // Attributes.
  LogicalResult writeSelfContained(Attribute attr, ByteWriter &w, Operation *op);
  LogicalResult writeDictBody(DictionaryAttr dict, ByteWriter &w, Operation *op);
  FailureOr<uint64_t> constantIndex(DenseElementsAttr attr, Operation *op);
  LogicalResult writeOpAttr(const AttrField &field, Attribute attr,
                            ByteWriter &w, Operation *op);
  // Ops.
  LogicalResult writeOp(Operation *op, ByteWriter &w);
  LogicalResult writeRegion(Region &region, ByteWriter &w);
  LogicalResult writeBlockOps(Block &block, ByteWriter &w);
  LogicalResult writeOperandList(ValueRange values, bool withCount,
                                 ByteWriter &w, Operation *op);
  // Sections.
  LogicalResult writeFunctions(Operation *module, ByteWriter &w);
  LogicalResult writeGlobals(Operation *module, ByteWriter &w);
  void writeConstants(ByteWriter &w);
  LogicalResult writeTypes(ByteWriter &w, Operation *module);
  void writeStrings(ByteWriter &w);
  // Debug info.
  LogicalResult checkFunctionLocation(Operation *func);
  uint64_t debugIndex(Attribute attr);
  LogicalResult encodeDebugAttr(Attribute attr, ByteWriter &w);
  LogicalResult writeDebug(ByteWriter &w, Operation *module);

  /// Records `v` as the next value index of the current scope.
  void define(Value v) {
    valueIndex[v] = nextValue++;
    scope.push_back(v);
  }

  Tables tables;
  llvm::DenseMap<Value, uint64_t> valueIndex;
  /// Values in definition order; a block's values are popped when it ends.
  llvm::SmallVector<Value> scope;
  uint64_t nextValue = 0;

  /// Debug attributes by index - 1 (index 0 is the reserved unknown
  /// location), and the index of each.
  std::vector<Attribute> debugAttrs;
  llvm::DenseMap<Attribute, uint64_t> debugIndexOf;
  /// Per function with debug info: its location's index, then its ops'.
  std::vector<std::vector<uint64_t>> debugLists;
  /// The function's debug slot (index into debugLists, plus one); 0 for
  /// functions without debug info.
  llvm::DenseMap<Operation *, uint64_t> debugSlot;
  /// The list the ops being written append to; null outside debug info.
  std::vector<uint64_t> *currentDebugList = nullptr;
};

} // namespace

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Element types by tag; integers and floats carry no payload.
static std::optional<TypeTag> scalarTag(Type type) {
  if (auto i = dyn_cast<IntegerType>(type)) {
    if (!i.isSignless())
      return std::nullopt;
    switch (i.getWidth()) {
    case 1: return TypeTag::I1;
    case 4: return TypeTag::I4;
    case 8: return TypeTag::I8;
    case 16: return TypeTag::I16;
    case 32: return TypeTag::I32;
    case 64: return TypeTag::I64;
    default: return std::nullopt;
    }
  }
  return llvm::TypeSwitch<Type, std::optional<TypeTag>>(type)
      .Case<Float16Type>([](auto) { return TypeTag::F16; })
      .Case<BFloat16Type>([](auto) { return TypeTag::BF16; })
      .Case<Float32Type>([](auto) { return TypeTag::F32; })
      .Case<FloatTF32Type>([](auto) { return TypeTag::TF32; })
      .Case<Float64Type>([](auto) { return TypeTag::F64; })
      .Case<Float8E4M3FNType>([](auto) { return TypeTag::F8E4M3FN; })
      .Case<Float8E5M2Type>([](auto) { return TypeTag::F8E5M2; })
      .Case<Float8E8M0FNUType>([](auto) { return TypeTag::F8E8M0FNU; })
      .Case<Float4E2M1FNType>([](auto) { return TypeTag::F4E2M1FN; })
      .Default([](Type) { return std::nullopt; });
}

/// Dense attributes are typed as builtin tensors in this dialect but as
/// tiles in the format.
static Type formatTypeOf(Type type) {
  if (auto t = dyn_cast<RankedTensorType>(type))
    return ct::TileType::get(t.getShape(), t.getElementType());
  return type;
}

LogicalResult Writer::checkTypeVersion(TypeTag tag, Operation *op) {
  Version since = typeTagVersion(tag);
  if (tables.version < since)
    return emitError(UnknownLoc::get(op->getContext()))
           << "type '" << typeTagName(tag) << "' requires bytecode version "
           << since.str() << "+, targeting " << tables.version.str();
  return success();
}

FailureOr<uint64_t> Writer::attrTypeIndex(Type type, Operation *op) {
  return typeIndex(formatTypeOf(type), op);
}

FailureOr<uint64_t> Writer::typeIndex(Type type, Operation *op) {
  auto it = tables.typeIndex.find(type);
  if (it != tables.typeIndex.end())
    return it->second;
  // Nested types are numbered first so the reader only ever looks back.
  auto visit = [&](Type t) -> LogicalResult {
    return failure(failed(typeIndex(t, op)));
  };
  LogicalResult nested = success();
  if (auto p = dyn_cast<ct::PointerType>(type))
    nested = visit(p.getPointeeType());
  else if (auto t = dyn_cast<ct::TileType>(type))
    nested = visit(t.getElementType());
  else if (auto t = dyn_cast<ct::TensorViewType>(type))
    nested = visit(t.getElementType());
  else if (auto t = dyn_cast<ct::PartitionViewType>(type))
    nested = visit(t.getTensorView());
  else if (auto t = dyn_cast<ct::StridedViewType>(type))
    nested = visit(t.getTensorView());
  else if (auto t = dyn_cast<ct::GatherScatterViewType>(type))
    nested = visit(t.getTensorView());
  else if (auto f = dyn_cast<FunctionType>(type)) {
    for (Type t : f.getInputs())
      if (failed(visit(t)))
        return failure();
    for (Type t : f.getResults())
      if (failed(visit(t)))
        return failure();
  }
  if (failed(nested))
    return failure();
  uint64_t index = tables.types.size();
  tables.typeIndex[type] = index;
  tables.types.push_back(type);
  return index;
}

/// Tile-shape parameters are int32 in the format.
static void writeI32s(ByteWriter &w, llvm::ArrayRef<int64_t> values) {
  w.varint(values.size());
  for (int64_t v : values)
    w.le<int32_t>(static_cast<int32_t>(v));
}

LogicalResult Writer::encodeType(Type type, ByteWriter &w, Operation *op) {
  auto idx = [&](Type t) -> LogicalResult {
    FailureOr<uint64_t> i = typeIndex(t, op);
    if (failed(i))
      return failure();
    w.varint(*i);
    return success();
  };
  auto tag = [&](TypeTag t) -> LogicalResult {
    if (failed(checkTypeVersion(t, op)))
      return failure();
    w.varint(static_cast<uint8_t>(t));
    return success();
  };
  bool unified = tables.version >= kUnifiedBitfieldVersion;
  // Optional padding values: one flags bit from 13.3, a presence byte before.
  auto padding = [&](ct::PaddingValueAttr pad) {
    if (!unified)
      w.byte(pad ? 1 : 0);
    if (pad)
      w.varint(static_cast<uint32_t>(pad.getValue()));
  };
  if (std::optional<TypeTag> s = scalarTag(type))
    return tag(*s);
  if (auto p = dyn_cast<ct::PointerType>(type)) {
    if (failed(tag(TypeTag::Pointer)))
      return failure();
    return idx(p.getPointeeType());
  }
  if (auto t = dyn_cast<ct::TileType>(type)) {
    if (failed(tag(TypeTag::Tile)) || failed(idx(t.getElementType())))
      return failure();
    w.leArray<int64_t>(t.getShape());
    return success();
  }
  if (auto t = dyn_cast<ct::TensorViewType>(type)) {
    if (failed(tag(TypeTag::TensorView)) || failed(idx(t.getElementType())))
      return failure();
    w.leArray<int64_t>(t.getShape());
    w.leArray<int64_t>(t.getStrides());
    return success();
  }
  // Partition and strided views: the padding flags bit, the tile shape, the
  // traversal strides (strided views only), the tensor view, the dimension
  // map and the padding value. Strided views start at 13.3, so their flags
  // varint is always there.
  auto tiledView = [&](auto t, TypeTag viewTag) -> LogicalResult {
    if (failed(tag(viewTag)))
      return failure();
    if (unified)
      w.varint(t.getPaddingValue() ? 1 : 0);
    writeI32s(w, t.getTileShape());
    if constexpr (std::is_same_v<decltype(t), ct::StridedViewType>)
      writeI32s(w, t.getTraversalStrides());
    if (failed(idx(t.getTensorView())))
      return failure();
    w.leArray<int32_t>(t.getDimMap());
    padding(t.getPaddingValue());
    return success();
  };
  if (auto t = dyn_cast<ct::PartitionViewType>(type))
    return tiledView(t, TypeTag::PartitionView);
  if (auto t = dyn_cast<ct::StridedViewType>(type))
    return tiledView(t, TypeTag::StridedView);
  if (auto t = dyn_cast<ct::GatherScatterViewType>(type)) {
    if (failed(tag(TypeTag::GatherScatterView)))
      return failure();
    w.varint(0); // This dialect has no padding value on gather views.
    writeI32s(w, t.getTileShape());
    if (failed(idx(t.getTensorView())))
      return failure();
    w.varint(static_cast<uint64_t>(t.getSparseDim()));
    return success();
  }
  if (isa<ct::TokenType>(type))
    return tag(TypeTag::Token);
  if (auto f = dyn_cast<FunctionType>(type)) {
    w.varint(static_cast<uint8_t>(TypeTag::Function));
    w.varint(f.getNumInputs());
    for (Type t : f.getInputs())
      if (failed(idx(t)))
        return failure();
    w.varint(f.getNumResults());
    for (Type t : f.getResults())
      if (failed(idx(t)))
        return failure();
    return success();
  }
  return op->emitError() << "unsupported type in bytecode writer: " << type;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// Integers up to 8 bits are one byte, up to 64 a zigzag varint of the
/// zero-extended bits, wider ones a word count and zigzag words.
static void writeAPInt(const APInt &value, ByteWriter &w) {
  unsigned width = value.getBitWidth();
  if (width <= 8) {
    w.byte(static_cast<uint8_t>(value.getLimitedValue()));
  } else if (width <= 64) {
    w.svarint(static_cast<int64_t>(value.getLimitedValue()));
  } else {
    unsigned words = value.getActiveWords();
    w.varint(words);
    for (unsigned i = 0; i < words; ++i)
      w.svarint(static_cast<int64_t>(value.getRawData()[i]));
  }
}

FailureOr<uint64_t> Writer::constantIndex(DenseElementsAttr attr,
                                          Operation *op) {
  auto it = tables.constants.find(attr);
  if (it != tables.constants.end())
    return static_cast<uint64_t>(it - tables.constants.begin());
  if (!isa<DenseIntOrFPElementsAttr>(attr))
    return op->emitError("unsupported DenseElementsAttr element type during "
                         "serialization");
  llvm::SmallVector<char> data;
  ByteWriter w(data);
  llvm::ArrayRef<char> raw = attr.getRawData();
  w.varint(raw.size());
  w.bytes(llvm::StringRef(raw.data(), raw.size()));
  uint64_t index = tables.constants.size();
  tables.constants.insert({attr, std::move(data)});
  return index;
}

LogicalResult Writer::writeDictBody(DictionaryAttr dict, ByteWriter &w,
                                    Operation *op) {
  w.varint(dict.size());
  for (NamedAttribute entry : dict) {
    w.varint(tables.string(entry.getName().getValue()));
    if (failed(writeSelfContained(entry.getValue(), w, op)))
      return failure();
  }
  return success();
}

LogicalResult Writer::writeSelfContained(Attribute attr, ByteWriter &w,
                                         Operation *op) {
  auto tag = [&](AttrTag t) { w.varint(static_cast<uint8_t>(t)); };
  auto typeIdx = [&](Type t) -> LogicalResult {
    FailureOr<uint64_t> i = typeIndex(t, op);
    if (failed(i))
      return failure();
    w.varint(*i);
    return success();
  };
  // i1 integers (which is what BoolAttr is) are written as integers, as
  // NVIDIA's writer does; the Bool tag is only ever read.
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    tag(AttrTag::Integer);
    if (failed(typeIdx(i.getType())))
      return failure();
    w.varint(i.getValue().getZExtValue());
    return success();
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    tag(AttrTag::Float);
    if (failed(typeIdx(f.getType())))
      return failure();
    writeAPInt(f.getValue().bitcastToAPInt(), w);
    return success();
  }
  if (auto t = dyn_cast<TypeAttr>(attr)) {
    tag(AttrTag::Type);
    return typeIdx(t.getValue());
  }
  if (auto s = dyn_cast<StringAttr>(attr)) {
    tag(AttrTag::String);
    w.varint(tables.string(s.getValue()));
    return success();
  }
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    tag(AttrTag::Array);
    w.varint(a.size());
    for (Attribute e : a)
      if (failed(writeSelfContained(e, w, op)))
        return failure();
    return success();
  }
  if (auto d = dyn_cast<DenseElementsAttr>(attr)) {
    tag(AttrTag::DenseElements);
    FailureOr<uint64_t> ti = attrTypeIndex(d.getType(), op);
    if (failed(ti))
      return failure();
    w.varint(*ti);
    FailureOr<uint64_t> c = constantIndex(d, op);
    if (failed(c))
      return failure();
    w.varint(*c);
    return success();
  }
  if (auto d = dyn_cast<ct::DivByAttr>(attr)) {
    tag(AttrTag::DivBy);
    w.varint(d.getDivisor());
    w.byte((d.getEvery() ? 1 : 0) | (d.getAlong() ? 2 : 0));
    if (d.getEvery())
      w.svarint(*d.getEvery());
    if (d.getAlong())
      w.svarint(*d.getAlong());
    return success();
  }
  if (auto s = dyn_cast<ct::SameElementsAttr>(attr)) {
    tag(AttrTag::SameElements);
    w.leArray<int64_t>(s.getValues());
    return success();
  }
  if (auto d = dyn_cast<DictionaryAttr>(attr)) {
    tag(AttrTag::Dictionary);
    return writeDictBody(d, w, op);
  }
  if (auto h = dyn_cast<ct::OptimizationHintsAttr>(attr)) {
    tag(AttrTag::OptimizationHints);
    return writeDictBody(h.getHints(), w, op);
  }
  if (auto b = dyn_cast<ct::BoundedAttr>(attr)) {
    tag(AttrTag::Bounded);
    w.byte((b.getLb() ? 1 : 0) | (b.getUb() ? 2 : 0));
    if (b.getLb())
      w.svarint(*b.getLb());
    if (b.getUb())
      w.svarint(*b.getUb());
    return success();
  }
  return op->emitError() << "unsupported attribute in bytecode writer: "
                         << attr;
}

/// Enum attributes are either plain I32 enum attrs (IntegerAttr storage) or
/// dialect EnumAttr wrappers; both are written as the enum's integer value.
static std::optional<uint64_t> enumValue(Attribute attr) {
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().getZExtValue();
  return llvm::TypeSwitch<Attribute, std::optional<uint64_t>>(attr)
      .Case<ct::RoundingModeAttr, ct::IntegerOverflowAttr, ct::SignednessAttr,
            ct::ComparisonOrderingAttr, ct::ComparisonPredicateAttr,
            ct::PaddingValueAttr>(
          [](auto a) { return static_cast<uint64_t>(a.getValue()); })
      .Default([](Attribute) { return std::nullopt; });
}

LogicalResult Writer::writeOpAttr(const AttrField &field, Attribute attr,
                                  ByteWriter &w, Operation *op) {
  switch (field.enc) {
  case AttrEnc::Unit:
    return success();
  case AttrEnc::Enum: {
    std::optional<uint64_t> v = enumValue(attr);
    if (!v)
      return op->emitError() << "attribute '" << field.name
                             << "' is not an enum: " << attr;
    w.varint(*v);
    return success();
  }
  case AttrEnc::Int:
    if (auto i = dyn_cast<IntegerAttr>(attr)) {
      w.varint(i.getValue().getZExtValue());
      return success();
    }
    break;
  case AttrEnc::Bool:
    if (auto b = dyn_cast<BoolAttr>(attr)) {
      w.byte(b.getValue() ? 1 : 0);
      return success();
    }
    break;
  case AttrEnc::Str:
    if (auto s = dyn_cast<StringAttr>(attr)) {
      w.varint(tables.string(s.getValue()));
      return success();
    }
    if (auto s = dyn_cast<FlatSymbolRefAttr>(attr)) {
      w.varint(tables.string(s.getValue()));
      return success();
    }
    break;
  case AttrEnc::I32s:
    if (auto a = dyn_cast<DenseI32ArrayAttr>(attr)) {
      w.leArray<int32_t>(a.asArrayRef());
      return success();
    }
    if (auto a = dyn_cast<DenseI64ArrayAttr>(attr)) {
      writeI32s(w, a.asArrayRef());
      return success();
    }
    break;
  case AttrEnc::Dense:
    if (auto d = dyn_cast<DenseElementsAttr>(attr)) {
      FailureOr<uint64_t> c = constantIndex(d, op);
      if (failed(c))
        return failure();
      w.varint(*c);
      return success();
    }
    break;
  case AttrEnc::Array:
    if (auto a = dyn_cast<ArrayAttr>(attr)) {
      w.varint(a.size());
      for (Attribute e : a)
        if (failed(writeSelfContained(e, w, op)))
          return failure();
      return success();
    }
    break;
  case AttrEnc::Pred:
    return writeSelfContained(attr, w, op);
  case AttrEnc::Hints:
    if (auto h = dyn_cast<ct::OptimizationHintsAttr>(attr))
      return writeDictBody(h.getHints(), w, op);
    break;
  case AttrEnc::Type:
    if (auto t = dyn_cast<TypeAttr>(attr)) {
      FailureOr<uint64_t> i = typeIndex(t.getValue(), op);
      if (failed(i))
        return failure();
      w.varint(*i);
      return success();
    }
    break;
  }
  return op->emitError() << "unexpected value for attribute '" << field.name
                         << "' in bytecode writer: " << attr;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult Writer::writeOperandList(ValueRange values, bool withCount,
                                       ByteWriter &w, Operation *op) {
  if (withCount)
    w.varint(values.size());
  for (Value v : values) {
    auto it = valueIndex.find(v);
    if (it == valueIndex.end())
      return op->emitError("operand is not defined in an enclosing scope of "
                           "the function (bytecode cannot encode it)");
    w.varint(it->second);
  }
  return success();
}

/// The format's debug section holds file/line/column and call-site
/// locations only; other kinds are refused rather than silently dropped,
/// with NVIDIA's wording.
static LogicalResult checkLocation(Operation *op, Location loc) {
  if (isa<FileLineColLoc, UnknownLoc, ct::DILocAttr>(loc))
    return success();
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return success(succeeded(checkLocation(op, callSite.getCaller())) &&
                   succeeded(checkLocation(op, callSite.getCallee())));
  llvm::StringRef kind = llvm::TypeSwitch<Location, llvm::StringRef>(loc)
                             .Case<OpaqueLoc>([](auto) { return "OpaqueLoc"; })
                             .Case<NameLoc>([](auto) { return "NameLoc"; })
                             .Case<FusedLoc>([](auto) { return "FusedLoc"; })
                             .Default([](Location) { return "Unknown Attribute"; });
  return op->emitError() << "unsupported location, got " << kind
                         << ", expected DILocAttr or CallSiteLoc";
}

LogicalResult Writer::writeOp(Operation *op, ByteWriter &w) {
  llvm::StringRef fullName = op->getName().getStringRef();
  llvm::StringRef mnemonic = fullName;
  mnemonic.consume_front("cuda_tile.");
  const OpEncoding *enc = lookupOpName(mnemonic);
  if (!enc || mnemonic == "entry" || mnemonic == "global" ||
      mnemonic == "module")
    return op->emitError("operation not supported in bytecode");
  const Version &ver = tables.version;
  if (ver < enc->since)
    return op->emitError() << "operation '" << fullName
                           << "' is not available in bytecode version "
                           << ver.str();
  if (failed(checkLocation(op, op->getLoc())))
    return failure();
  w.varint(enc->opcode);
  // Pre-order: the op's location comes before those of the ops nested in it.
  if (currentDebugList)
    currentDebugList->push_back(debugIndex(op->getLoc()));

  // Results: a variadic op writes its count; results newer than the target
  // are dropped, which is only sound when nothing uses them.
  unsigned numWritten = 0;
  llvm::SmallVector<char> resultBytes;
  ByteWriter rw(resultBytes);
  if (enc->hasVariadicResults()) {
    w.varint(op->getNumResults());
    for (Type t : op->getResultTypes()) {
      FailureOr<uint64_t> i = typeIndex(t, op);
      if (failed(i))
        return failure();
      w.varint(*i);
    }
    numWritten = op->getNumResults();
  } else {
    if (op->getNumResults() != enc->results.size())
      return op->emitError("result count does not match the bytecode table");
    for (auto [i, field] : llvm::enumerate(enc->results)) {
      if (ver < field.since) {
        if (!op->getResult(i).use_empty())
          return op->emitError()
                 << "result '" << field.name << "' requires bytecode version "
                 << field.since.str() << " but is being used and targeting "
                 << ver.str()
                 << ". Cannot serialize to older bytecode version when newer "
                    "features are used.";
        continue;
      }
      FailureOr<uint64_t> ti = typeIndex(op->getResult(i).getType(), op);
      if (failed(ti))
        return failure();
      rw.varint(*ti);
      ++numWritten;
    }
    if (enc->writesResultCount())
      w.varint(numWritten);
    w.bytes(llvm::StringRef(resultBytes.data(), resultBytes.size()));
  }

  // Operand groups, split by the segment sizes when the op has them.
  llvm::SmallVector<ValueRange> groups;
  if (enc->attrSizedOperands) {
    auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
        op->getInherentAttr("operandSegmentSizes").value_or(Attribute()));
    if (!sizes || sizes.size() != static_cast<int64_t>(enc->operands.size()))
      return op->emitError("operand segments do not match the bytecode table");
    unsigned start = 0;
    for (int32_t n : sizes.asArrayRef()) {
      groups.push_back(op->getOperands().slice(start, n));
      start += n;
    }
  }

  // Flags: one bit per optional attribute/operand present.
  if (enc->numFlagBits) {
    uint64_t flags = 0;
    // Sets the bit of a present optional field, which must exist in `ver`.
    auto setFlag = [&](llvm::StringRef kind, llvm::StringRef name,
                       Version since, int bit) -> LogicalResult {
      if (ver < since)
        return op->emitError() << "optional " << kind << " '" << name
                               << "' is provided but requires bytecode version "
                               << since.str() << ", targeting " << ver.str();
      flags |= 1ULL << bit;
      return success();
    };
    for (const AttrField &a : enc->attrs)
      if (a.optional && op->getInherentAttr(a.name).value_or(Attribute()) &&
          failed(setFlag("attribute", a.name, a.since, a.flagBit)))
        return failure();
    for (auto [i, o] : llvm::enumerate(enc->operands))
      if (o.flagBit >= 0 && !groups[i].empty() &&
          failed(setFlag("operand", o.name, o.since, o.flagBit)))
        return failure();
    bool flagsPresent = !(enc->since < *enc->firstOptionalVersion) ||
                        ver >= *enc->firstOptionalVersion;
    if (flagsPresent)
      w.varint(flags);
  }

  // Attributes in declaration order.
  for (const AttrField &a : enc->attrs) {
    if (a.enc == AttrEnc::Unit)
      continue;
    Attribute value = op->getInherentAttr(a.name).value_or(Attribute());
    if (a.optional) {
      if (value && failed(writeOpAttr(a, value, w, op)))
        return failure();
      continue;
    }
    if (!value && a.defaultValue)
      value = IntegerAttr::get(IntegerType::get(op->getContext(), 64),
                               *a.defaultValue);
    if (!value)
      return op->emitError() << "required attribute '" << a.name
                             << "' is missing";
    if (ver < a.since) {
      std::optional<uint64_t> v = enumValue(value);
      if (!a.defaultValue || !v ||
          *v != static_cast<uint64_t>(*a.defaultValue))
        return op->emitError()
               << "attribute '" << a.name << "' requires bytecode version "
               << a.since.str() << "+, but targeting " << ver.str();
      continue;
    }
    if (failed(writeOpAttr(a, value, w, op)))
      return failure();
  }

  // Operands.
  if (enc->attrSizedOperands) {
    for (auto [i, o] : llvm::enumerate(enc->operands)) {
      if (o.arity == Arity::Optional) {
        if (!groups[i].empty() &&
            failed(writeOperandList(groups[i], false, w, op)))
          return failure();
        continue;
      }
      if (failed(writeOperandList(groups[i], o.arity == Arity::Variadic, w,
                                  op)))
        return failure();
    }
  } else if (!enc->operands.empty()) {
    bool withCount = llvm::any_of(enc->operands, [](const OperandField &o) {
      return o.arity != Arity::One;
    });
    // Without segment sizes an op has at most one optional or variadic
    // group, present when there are more operands than required ones; one
    // newer than the target cannot be written.
    unsigned required =
        llvm::count_if(enc->operands, [](const OperandField &o) {
          return o.arity == Arity::One;
        });
    for (const OperandField &o : enc->operands)
      if (o.arity == Arity::Optional && ver < o.since &&
          op->getNumOperands() > required)
        return op->emitError() << "optional operand '" << o.name
                               << "' is provided but requires bytecode version "
                               << o.since.str() << ", targeting " << ver.str();
    if (failed(writeOperandList(op->getOperands(), withCount, w, op)))
      return failure();
  }

  // Regions.
  if (enc->numRegions) {
    w.varint(op->getNumRegions());
    for (Region &region : op->getRegions())
      if (failed(writeRegion(region, w)))
        return failure();
  }
  for (unsigned i = 0; i < numWritten; ++i)
    define(op->getResult(i));
  return success();
}

LogicalResult Writer::writeBlockOps(Block &block, ByteWriter &w) {
  for (Operation &op : block)
    if (failed(writeOp(&op, w)))
      return failure();
  return success();
}

LogicalResult Writer::writeRegion(Region &region, ByteWriter &w) {
  w.varint(region.getBlocks().size());
  for (Block &block : region) {
    // Values defined in a block go out of scope with it; their indices are
    // reused by the next block, as the reader expects.
    uint64_t savedNext = nextValue;
    size_t savedScope = scope.size();
    w.varint(block.getNumArguments());
    for (BlockArgument arg : block.getArguments()) {
      FailureOr<uint64_t> ti = typeIndex(arg.getType(), block.getParentOp());
      if (failed(ti))
        return failure();
      w.varint(*ti);
      define(arg);
    }
    w.varint(block.getOperations().size());
    if (failed(writeBlockOps(block, w)))
      return failure();
    while (scope.size() > savedScope)
      valueIndex.erase(scope.pop_back_val());
    nextValue = savedNext;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

/// Numbers `attr` (a location or a `#cuda_tile.di_*` attribute) on first use,
/// after the attributes it references. File/line/column and unknown
/// locations are the reserved index 0.
uint64_t Writer::debugIndex(Attribute attr) {
  if (isa<FileLineColLoc, UnknownLoc>(attr))
    return 0;
  if (auto it = debugIndexOf.find(attr); it != debugIndexOf.end())
    return it->second;
  llvm::TypeSwitch<Attribute>(attr)
      .Case([&](ct::DICompileUnitAttr cu) { debugIndex(cu.getFile()); })
      .Case([&](ct::DILexicalBlockAttr block) {
        debugIndex(block.getScope());
        debugIndex(block.getFile());
      })
      .Case([&](ct::DILocAttr loc) { debugIndex(loc.getScope()); })
      .Case([&](ct::DISubprogramAttr sp) {
        debugIndex(sp.getFile());
        debugIndex(sp.getCompileUnit());
      })
      .Case([&](CallSiteLoc site) {
        debugIndex(site.getCallee());
        debugIndex(site.getCaller());
      });
  debugAttrs.push_back(attr);
  uint64_t index = debugAttrs.size();
  debugIndexOf[attr] = index;
  return index;
}

/// One entry of the debug data: a tag, then the fields of its kind. Indices
/// are those `debugIndex` assigned, which already covers every referenced
/// attribute, so this adds no entries.
LogicalResult Writer::encodeDebugAttr(Attribute attr, ByteWriter &w) {
  auto ref = [&](Attribute a) { w.varint(debugIndexOf.lookup(a)); };
  if (auto file = dyn_cast<ct::DIFileAttr>(attr)) {
    w.varint(static_cast<uint8_t>(DebugTag::File));
    w.varint(tables.string(file.getName().getValue()));
    w.varint(tables.string(file.getDirectory().getValue()));
    return success();
  }
  if (auto cu = dyn_cast<ct::DICompileUnitAttr>(attr)) {
    w.varint(static_cast<uint8_t>(DebugTag::CompileUnit));
    ref(cu.getFile());
    return success();
  }
  if (auto block = dyn_cast<ct::DILexicalBlockAttr>(attr)) {
    w.varint(static_cast<uint8_t>(DebugTag::LexicalBlock));
    ref(block.getScope());
    ref(block.getFile());
    w.varint(block.getLine());
    w.varint(block.getColumn());
    return success();
  }
  if (auto loc = dyn_cast<ct::DILocAttr>(attr)) {
    w.varint(static_cast<uint8_t>(DebugTag::Loc));
    ref(loc.getScope());
    FileLineColLoc source = loc.getSourceLoc();
    w.varint(tables.string(source.getFilename().getValue()));
    w.varint(source.getLine());
    w.varint(source.getColumn());
    return success();
  }
  if (auto sp = dyn_cast<ct::DISubprogramAttr>(attr)) {
    w.varint(static_cast<uint8_t>(DebugTag::Subprogram));
    ref(sp.getFile());
    w.varint(sp.getLine());
    w.varint(tables.string(sp.getName().getValue()));
    w.varint(tables.string(sp.getLinkageName().getValue()));
    ref(sp.getCompileUnit());
    w.varint(sp.getScopeLine());
    return success();
  }
  if (auto site = dyn_cast<CallSiteLoc>(attr)) {
    w.varint(static_cast<uint8_t>(DebugTag::CallSite));
    ref(site.getCallee());
    ref(site.getCaller());
    return success();
  }
  return emitError(UnknownLoc::get(attr.getContext()))
         << "unsupported debug info attribute in bytecode writer: " << attr;
}

/// The debug section: per function with debug info, the offset of its list
/// in one array of 64-bit attribute indices; then the attributes, each
/// through a 32-bit offset into their data. Nothing is written when no
/// function carries debug info.
LogicalResult Writer::writeDebug(ByteWriter &w, Operation *module) {
  if (debugLists.empty() && debugAttrs.empty())
    return success();
  w.varint(debugLists.size());
  w.align(4);
  uint64_t total = 0;
  for (const std::vector<uint64_t> &list : debugLists) {
    if (total > UINT32_MAX)
      return module->emitError("too many locations for the debug section");
    w.le<uint32_t>(total);
    total += list.size();
  }
  w.varint(total);
  w.align(8);
  for (const std::vector<uint64_t> &list : debugLists)
    for (uint64_t index : list)
      w.le<uint64_t>(index);

  llvm::SmallVector<char> data;
  ByteWriter dw(data);
  llvm::SmallVector<uint64_t> offsets;
  for (Attribute attr : debugAttrs) {
    if (data.size() > UINT32_MAX)
      return module->emitError("debug info too large for the debug section");
    offsets.push_back(data.size());
    if (failed(encodeDebugAttr(attr, dw)))
      return failure();
  }
  w.varint(debugAttrs.size());
  w.align(4);
  for (uint64_t offset : offsets)
    w.le<uint32_t>(offset);
  w.bytes(llvm::StringRef(data.data(), data.size()));
  return success();
}

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

static void emitSection(llvm::raw_ostream &os, uint64_t &filePos, Section id,
                        ByteWriter &body) {
  llvm::SmallVector<char> header;
  ByteWriter h(header);
  uint64_t alignment = body.requiredAlignment();
  h.byte(static_cast<uint8_t>(id) | (alignment > 1 ? 0x80 : 0));
  h.varint(body.size());
  if (alignment > 1)
    h.varint(alignment);
  os.write(header.data(), header.size());
  filePos += header.size();
  // Pad so the body starts aligned in the file; offsets inside the body were
  // aligned relative to its start.
  while (alignment > 1 && filePos % alignment) {
    os << static_cast<char>(kPaddingByte);
    ++filePos;
  }
  os.write(body.buffer().data(), body.size());
  filePos += body.size();
}

LogicalResult Writer::writeFunctions(Operation *module, ByteWriter &w) {
  llvm::SmallVector<Operation *> funcs;
  for (Operation &op : module->getRegion(0).front())
    if (isa<FunctionOpInterface>(op))
      funcs.push_back(&op);
  // Every function's location is numbered before any op's, as NVIDIA's
  // writer does, so the debug sections compare byte for byte.
  for (Operation *op : funcs) {
    if (failed(checkLocation(op, op->getLoc())))
      return failure();
    if (isa<FileLineColLoc, UnknownLoc>(op->getLoc()))
      continue;
    debugLists.push_back({debugIndex(op->getLoc())});
    debugSlot[op] = debugLists.size();
  }
  w.varint(funcs.size());
  for (Operation *op : funcs) {
    auto func = cast<FunctionOpInterface>(op);
    w.varint(tables.string(func.getName()));
    FailureOr<uint64_t> sig = typeIndex(func.getFunctionType(), op);
    if (failed(sig))
      return failure();
    w.varint(*sig);
    bool isEntry = isa<ct::EntryOp>(op);
    Attribute hints =
        op->getInherentAttr("optimization_hints").value_or(Attribute());
    uint8_t flags = 0;
    if (isEntry)
      flags |= kFuncKernel | (hints ? kFuncHasHints : 0);
    w.byte(flags);
    uint64_t slot = debugSlot.lookup(op);
    w.varint(slot);
    currentDebugList = slot ? &debugLists[slot - 1] : nullptr;
    if (isEntry && hints && failed(writeSelfContained(hints, w, op)))
      return failure();

    llvm::SmallVector<char> body;
    ByteWriter bw(body);
    valueIndex.clear();
    scope.clear();
    nextValue = 0;
    Block &entryBlock = func.getFunctionBody().front();
    for (BlockArgument arg : entryBlock.getArguments())
      define(arg);
    LogicalResult written = writeBlockOps(entryBlock, bw);
    currentDebugList = nullptr;
    if (failed(written))
      return failure();
    w.varint(body.size());
    w.bytes(llvm::StringRef(body.data(), body.size()));
  }
  w.align(8);
  return success();
}

LogicalResult Writer::writeGlobals(Operation *module, ByteWriter &w) {
  llvm::SmallVector<ct::GlobalOp> globals;
  for (Operation &op : module->getRegion(0).front())
    if (auto g = dyn_cast<ct::GlobalOp>(op))
      globals.push_back(g);
  if (globals.empty())
    return success();
  w.varint(globals.size());
  bool extended = tables.version >= Version{13, 3, 0};
  for (ct::GlobalOp g : globals) {
    bool isPrivate = g.getSymbolVisibility() != ct::SymbolVisibility::Public;
    if (!extended && isPrivate)
      return g.emitError() << "global `" << g.getSymName()
                           << "` uses non-public symbol visibility, which "
                              "cannot be encoded in bytecode version "
                           << tables.version.str() << " (requires bytecode 13.3+)";
    if (!extended && g.getConstant())
      return g.emitError() << "constant global `" << g.getSymName()
                           << "` cannot be encoded in bytecode version "
                           << tables.version.str()
                           << " (the `constant` attribute requires bytecode "
                              "13.3+)";
    auto value = dyn_cast<DenseElementsAttr>(g.getValue());
    if (!value)
      return g.emitError("global value must be dense elements in bytecode");
    w.varint(tables.string(g.getSymName()));
    FailureOr<uint64_t> ti = attrTypeIndex(value.getType(), g);
    FailureOr<uint64_t> ci = constantIndex(value, g);
    if (failed(ti) || failed(ci))
      return failure();
    w.varint(*ti);
    w.varint(*ci);
    w.varint(g.getAlignment());
    if (extended) {
      w.varint(isPrivate ? 1 : 0);
      w.varint(g.getConstant() ? 1 : 0);
    }
  }
  return success();
}

void Writer::writeConstants(ByteWriter &w) {
  w.varint(tables.constants.size());
  w.align(8);
  uint64_t offset = 0;
  for (auto &entry : tables.constants) {
    w.le<uint64_t>(offset);
    offset += entry.second.size();
  }
  for (auto &entry : tables.constants)
    w.bytes(llvm::StringRef(entry.second.data(), entry.second.size()));
}

LogicalResult Writer::writeTypes(ByteWriter &w, Operation *module) {
  // Encoding a type can number new nested types only if they were not
  // registered before it, which typeIndex() rules out; encode into a side
  // buffer so the offsets are known before the data.
  llvm::SmallVector<char> data;
  ByteWriter dw(data);
  llvm::SmallVector<uint32_t> offsets;
  for (size_t i = 0; i < tables.types.size(); ++i) {
    offsets.push_back(static_cast<uint32_t>(data.size()));
    if (failed(encodeType(tables.types[i], dw, module)))
      return failure();
  }
  w.varint(tables.types.size());
  w.align(4);
  for (uint32_t o : offsets)
    w.le<uint32_t>(o);
  w.bytes(llvm::StringRef(data.data(), data.size()));
  return success();
}

void Writer::writeStrings(ByteWriter &w) {
  w.varint(tables.strings.size());
  w.align(4);
  uint32_t offset = 0;
  for (const std::string &s : tables.strings) {
    w.le<uint32_t>(offset);
    offset += s.size();
  }
  for (const std::string &s : tables.strings)
    w.bytes(s);
}

/// The format can only hold entries and globals of the cuda_tile dialect;
/// say so before writing anything.
static LogicalResult checkSelfContained(Operation *module) {
  for (Operation &op : module->getRegion(0).front()) {
    if (!isa<FunctionOpInterface, ct::GlobalOp>(op)) {
      emitRemark(op.getLoc(), "invalid op: ") << op.getName();
      return module->emitOpError(
          "only function and global ops are allowed in the body");
    }
  }
  Dialect *dialect = module->getDialect();
  WalkResult status = module->walk([&](Operation *op) {
    if (op->getDialect() != dialect) {
      emitRemark(op->getLoc(), "invalid op: ") << op->getName();
      module->emitOpError("only ops from the '")
          << dialect->getNamespace() << "' dialect are allowed";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(status.wasInterrupted());
}

LogicalResult Writer::write(Operation *module, llvm::raw_ostream &os) {
  if (failed(checkSelfContained(module)))
    return failure();
  const Version &ver = tables.version;
  if (!ver.isSupported())
    return module->emitError()
           << "unsupported version requested " << ver.str()
           << ", must be in range [" << Version::oldest().str() << ", "
           << Version::newest().str() << "]";

  llvm::SmallVector<char> globals, funcs;
  ByteWriter gw(globals), fw(funcs);
  if (failed(writeGlobals(module, gw)) || failed(writeFunctions(module, fw)))
    return failure();
  llvm::SmallVector<char> constants, debug, types, producer, strings;
  ByteWriter cw(constants), dw(debug), tw(types), pw(producer), sw(strings);
  // The debug section interns its strings after the functions' and before
  // the producer's, as NVIDIA's writer does.
  if (failed(writeDebug(dw, module)) || failed(writeTypes(tw, module)))
    return failure();
  writeConstants(cw);
  auto producerAttr = module->getAttrOfType<StringAttr>("producer");
  if (producerAttr && ver >= Version{13, 3, 0})
    pw.varint(tables.string(producerAttr.getValue()));
  writeStrings(sw);

  os.write(kMagic, sizeof(kMagic));
  llvm::SmallVector<char> versionBytes;
  ByteWriter vw(versionBytes);
  vw.le<uint8_t>(ver.major);
  vw.le<uint8_t>(ver.minor);
  vw.le<uint16_t>(ver.tag);
  os.write(versionBytes.data(), versionBytes.size());
  uint64_t pos = sizeof(kMagic) + versionBytes.size();
  if (!globals.empty())
    emitSection(os, pos, Section::Global, gw);
  emitSection(os, pos, Section::Func, fw);
  if (!tables.constants.empty())
    emitSection(os, pos, Section::Constant, cw);
  if (!debug.empty())
    emitSection(os, pos, Section::Debug, dw);
  emitSection(os, pos, Section::Type, tw);
  if (!producer.empty())
    emitSection(os, pos, Section::Producer, pw);
  emitSection(os, pos, Section::String, sw);
  os << static_cast<char>(Section::End);
  return success();
}

LogicalResult tilecheck::bytecode::writeBytecode(Operation *op,
                                                 llvm::raw_ostream &os,
                                                 Version version) {
  Operation *module = op;
  if (auto builtin = dyn_cast<ModuleOp>(op)) {
    module = nullptr;
    for (Operation &inner : *builtin.getBody()) {
      if (module || !isa<ct::ModuleOp>(inner))
        return op->emitError("expected exactly one cuda_tile.module to write "
                             "as bytecode");
      module = &inner;
    }
    if (!module)
      return op->emitError("expected a cuda_tile.module to write as bytecode");
  }
  if (!isa<ct::ModuleOp>(module))
    return op->emitError("expected a cuda_tile.module to write as bytecode");
  return Writer(version).write(module, os);
}
