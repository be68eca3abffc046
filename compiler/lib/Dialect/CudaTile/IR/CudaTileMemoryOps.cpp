//===- CudaTileMemoryOps.cpp - cuda_tile memory ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileMemoryOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

//===----------------------------------------------------------------------===//
// Shared pieces of the custom syntax
//===----------------------------------------------------------------------===//

/// `global` visibility: an optional bare `public` / `private`; public is the
/// default and is not printed.
static ParseResult parseGlobalVisibility(OpAsmParser &parser,
                                         SymbolVisibilityAttr &attr) {
  MLIRContext *ctx = parser.getContext();
  if (succeeded(parser.parseOptionalKeyword("private")))
    attr = SymbolVisibilityAttr::get(ctx, SymbolVisibility::Private);
  else if (succeeded(parser.parseOptionalKeyword("public")))
    attr = SymbolVisibilityAttr::get(ctx, SymbolVisibility::Public);
  else
    attr = SymbolVisibilityAttr::get(ctx, SymbolVisibility::Public);
  return success();
}

static void printGlobalVisibility(OpAsmPrinter &printer, Operation *,
                                  SymbolVisibilityAttr attr) {
  if (attr && attr.getValue() == SymbolVisibility::Private)
    printer << "private";
}

/// The `global` initializer, spelled like a `constant` literal.
static ParseResult parseTiledDenseLiteral(OpAsmParser &parser,
                                          ElementsAttr &value) {
  DenseIntOrFPElementsAttr dense;
  Type type;
  if (parseDenseTileLiteral(parser, "cuda_tile.global", "value", dense, type))
    return failure();
  value = dense;
  return success();
}

static void printTiledDenseLiteral(OpAsmPrinter &printer, Operation *,
                                   ElementsAttr value) {
  auto shapedType = cast<ShapedType>(value.getType());
  Type elementType = shapedType.getElementType();
  Type tileType = TileType::get(shapedType.getShape(), elementType);
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value))
    return printDenseTileLiteral(printer, dense, tileType);
  // Other elements attributes (built in C++) print in their own syntax.
  printer << '<' << elementType << ": ";
  printer.printAttributeWithoutType(value);
  printer << "> : ";
  printCudaTileTypeShort(printer, tileType);
}

/// `weak`, or a non-weak ordering followed by an optional scope, spelled as
/// bare keywords (load_view_tko / store_view_tko).
static ParseResult parseOrderingAndScope(OpAsmParser &parser,
                                         MemoryOrderingAttr &ordering,
                                         MemoryScopeAttr &scope) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  (void)parser.parseOptionalKeyword(&keyword);
  std::optional<MemoryOrdering> order = symbolizeMemoryOrdering(keyword);
  if (!order)
    return parser.emitError(loc)
           << "invalid memory_ordering_semantics attribute specification. Got \""
           << keyword
           << "\" but expect one of: weak, relaxed, acquire, release, acq_rel";
  ordering = MemoryOrderingAttr::get(ctx, *order);

  loc = parser.getCurrentLocation();
  StringRef scopeKeyword;
  if (failed(parser.parseOptionalKeyword(&scopeKeyword)))
    return success();
  if (*order == MemoryOrdering::WEAK)
    return parser.emitError(loc)
           << "operation specifies weak memory ordering semantics, but then "
              "provides \""
           << scopeKeyword << "\" scope, expected no memory scope.";
  std::optional<MemoryScope> parsedScope = symbolizeMemoryScope(scopeKeyword);
  if (!parsedScope)
    return parser.emitError(loc)
           << "invalid memory_scope attribute specification. Got \""
           << scopeKeyword << "\" but expect one of: tl_blk, device, sys";
  scope = MemoryScopeAttr::get(ctx, *parsedScope);
  return success();
}

static void printOrderingAndScope(OpAsmPrinter &printer,
                                  MemoryOrderingAttr ordering,
                                  MemoryScopeAttr scope) {
  printer << " " << stringifyMemoryOrdering(ordering.getValue());
  if (scope)
    printer << " " << stringifyMemoryScope(scope.getValue());
}

/// `%view[%i, %j]`
static ParseResult
parseViewAndIndices(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &view,
                    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &indices) {
  return failure(parser.parseOperand(view) ||
                 parser.parseOperandList(indices,
                                         OpAsmParser::Delimiter::Square));
}

static void printViewAndIndices(OpAsmPrinter &printer, Value view,
                                ValueRange indices) {
  printer << " " << view << "[";
  printer.printOperands(indices);
  printer << "]";
}

/// After the view type: nothing (no indices), `, T` (every index has type T)
/// or `, T0, T1, ...` (one type per index).
static ParseResult parseIndexTypeList(OpAsmParser &parser, size_t numIndices,
                                      SmallVectorImpl<Type> &types) {
  SMLoc loc = parser.getCurrentLocation();
  while (succeeded(parser.parseOptionalComma())) {
    Type type;
    if (parseCudaTileTypeShort(parser, type))
      return failure();
    types.push_back(type);
  }
  if (types.size() == 1)
    types.resize(numIndices, types.front());
  if (types.size() != numIndices) {
    if (types.empty())
      return parser.emitError(loc,
                              "index types must be specified when indices "
                              "are present");
    return parser.emitError(loc) << "expected " << numIndices
                                 << " index types, got " << types.size();
  }
  return success();
}

static void printIndexTypeList(OpAsmPrinter &printer, ValueRange indices) {
  if (indices.empty())
    return;
  if (llvm::all_equal(indices.getTypes())) {
    printer << ", ";
    printCudaTileTypeShort(printer, indices.front().getType());
    return;
  }
  for (Type type : indices.getTypes()) {
    printer << ", ";
    printCudaTileTypeShort(printer, type);
  }
}

/// `token = %t` (optional) and `optimization_hints = <...>` (optional), then
/// the attribute dictionary.
static ParseResult
parseTokenHintsAndAttrs(OpAsmParser &parser, OperationState &result,
                        std::optional<OpAsmParser::UnresolvedOperand> &token) {
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseEqual() || parser.parseOperand(operand))
      return failure();
    token = operand;
  }
  if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    if (parser.parseEqual())
      return failure();
    Attribute hints = OptimizationHintsAttr::parse(parser, Type());
    if (!hints)
      return failure();
    result.addAttribute("optimization_hints", hints);
  }
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

static void printTokenHintsAndAttrs(OpAsmPrinter &printer, Operation *op,
                                    Value token,
                                    OptimizationHintsAttr hints) {
  if (token)
    printer << " token = " << token;
  if (hints) {
    printer << " optimization_hints = ";
    hints.print(printer);
  }
  printer.printOptionalAttrDictWithKeyword(
      op->getAttrs(), {"memory_ordering_semantics", "memory_scope", "mode",
                       "optimization_hints", "operandSegmentSizes"});
}

static void addOrderingAttrs(OperationState &result, MemoryOrderingAttr order,
                             MemoryScopeAttr scope) {
  result.addAttribute("memory_ordering_semantics", order);
  if (scope)
    result.addAttribute("memory_scope", scope);
}

//===----------------------------------------------------------------------===//
// Shared verification rules
//===----------------------------------------------------------------------===//

/// Ordering and scope of a load (`kind` "load", `sync` acquire) or a store
/// ("store", release): weak, relaxed or `sync`; a scope exactly when the
/// ordering is not weak.
static LogicalResult verifyAccessOrdering(Operation *op, MemoryOrdering order,
                                          std::optional<MemoryScope> scope,
                                          MemoryOrdering sync, StringRef kind) {
  if (order != MemoryOrdering::WEAK && order != MemoryOrdering::RELAXED &&
      order != sync)
    return op->emitOpError("expect one of: weak, relaxed, or ")
           << stringifyMemoryOrdering(sync)
           << ", but got: " << stringifyMemoryOrdering(order);
  if (order == MemoryOrdering::WEAK && scope)
    return op->emitOpError("weak ") << kind << " must not have memory scope";
  if (order != MemoryOrdering::WEAK && !scope)
    return op->emitOpError("memory scope is required for ")
           << stringifyMemoryOrdering(order) << " " << kind;
  return success();
}

static LogicalResult verifyLoadOrdering(Operation *op, MemoryOrdering order,
                                        std::optional<MemoryScope> scope) {
  return verifyAccessOrdering(op, order, scope, MemoryOrdering::ACQUIRE,
                              "load");
}

static LogicalResult verifyStoreOrdering(Operation *op, MemoryOrdering order,
                                         std::optional<MemoryScope> scope) {
  return verifyAccessOrdering(op, order, scope, MemoryOrdering::RELEASE,
                              "store");
}

/// Index count and types of a view access, and the type of the accessed tile.
static LogicalResult verifyViewAccess(Operation *op, Type viewType,
                                      ValueRange indices, Type tileType) {
  auto view = cast<TileView>(viewType);
  unsigned rank = view.getViewIndexRank();
  if (indices.size() != rank)
    return op->emitOpError("expected ")
           << rank << " index operands (based on view type), got "
           << indices.size();
  std::optional<int64_t> sparseDim;
  if (auto gs = dyn_cast<GatherScatterViewType>(viewType))
    sparseDim = gs.getSparseDim();
  Type first;
  for (auto [i, index] : llvm::enumerate(indices)) {
    auto indexType = cast<TileType>(index.getType());
    bool gatherIndex = sparseDim && static_cast<int64_t>(i) == *sparseDim &&
                       indexType.getRank() == 1;
    if (indexType.getRank() != 0 && !gatherIndex)
      return op->emitOpError("expected index type to be a scalar tile, got ")
             << indexType;
    if (gatherIndex)
      continue;
    if (!first) {
      first = indexType;
      continue;
    }
    if (indexType != first)
      return op->emitOpError("expected index type ")
             << i << " to be the same as other index types (" << first
             << "), got " << indexType;
  }
  auto expected =
      TileType::get(view.getViewTileShape(), view.getViewElementType());
  if (tileType != expected)
    return op->emitOpError("expected tile type to be ")
           << expected << " (based on view type), got " << tileType;
  return success();
}

static LogicalResult verifyAtomicOrdering(Operation *op,
                                          MemoryOrdering order) {
  if (order == MemoryOrdering::WEAK)
    return op->emitOpError("memory ordering semantics must be one of: "
                           "relaxed, acquire, release, acq_rel");
  return success();
}

/// Which element types each read-modify-write mode accepts.
static LogicalResult verifyRMWModeElement(Operation *op, AtomicRMWMode mode,
                                          Type elementType) {
  auto intTy = dyn_cast<IntegerType>(elementType);
  bool wide = elementType.isIntOrFloat() &&
              (elementType.getIntOrFloatBitWidth() == 32 ||
               elementType.getIntOrFloatBitWidth() == 64);
  switch (mode) {
  case AtomicRMWMode::ADDF:
    if (!elementType.isF16() && !elementType.isBF16() && !elementType.isF32() &&
        !elementType.isF64())
      return op->emitOpError(
          "'addf' works only with floats f16, bf16, f32, and f64");
    return success();
  case AtomicRMWMode::XCHG:
    if (!wide || (!intTy && !elementType.isF32() && !elementType.isF64()))
      return op->emitOpError(
          "'xchg' works only with integers or float of 32 or 64 bitwidth");
    return success();
  default:
    if (!intTy || !wide)
      return op->emitOpError("'")
             << stringifyAtomicRMWMode(mode)
             << "' works only with integers i32 and i64";
    return success();
  }
}

static Type pointeeOf(Type ptrTile) {
  return cast<PointerType>(cast<TileType>(ptrTile).getElementType())
      .getPointeeType();
}

/// Whether a tile of pointers addresses the elements of `data`: the pointee
/// is the data element type and, with `sameShape`, the shapes agree.
static bool pointsTo(Type pointers, Type data, bool sameShape) {
  auto dataType = cast<TileType>(data);
  return pointeeOf(pointers) == dataType.getElementType() &&
         (!sameShape ||
          cast<TileType>(pointers).getShape() == dataType.getShape());
}

/// Whether an optional mask operand has the shape of `shapeOf`.
static bool maskFits(Value mask, Type shapeOf) {
  return !mask || cast<TileType>(mask.getType()).getShape() ==
                      cast<TileType>(shapeOf).getShape();
}

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMemoryOps.cpp.inc"

//===----------------------------------------------------------------------===//
// make_tensor_view
//===----------------------------------------------------------------------===//

namespace {
/// One entry of the `shape = [...]` / `strides = [...]` lists.
struct SizeEntry {
  int64_t value; // kDynamic for an SSA value
  SMLoc loc;
};
} // namespace

static ParseResult
parseSizeList(OpAsmParser &parser, SmallVectorImpl<SizeEntry> &entries,
              SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        int64_t constant;
        OptionalParseResult intResult = parser.parseOptionalInteger(constant);
        if (intResult.has_value()) {
          if (failed(*intResult))
            return failure();
          entries.push_back({constant, loc});
          return success();
        }
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult operandResult =
            parser.parseOptionalOperand(operand);
        if (!operandResult.has_value())
          return parser.emitError(loc, "expected either integer or SSA value");
        if (failed(*operandResult))
          return failure();
        operands.push_back(operand);
        entries.push_back({TensorViewType::kDynamic, loc});
        return success();
      });
}

static ParseResult checkSizeList(OpAsmParser &parser,
                                 ArrayRef<SizeEntry> entries,
                                 ArrayRef<int64_t> fromType, SMLoc listLoc,
                                 StringRef what) {
  if (entries.size() != fromType.size())
    return parser.emitError(listLoc)
           << "expected " << what << " declaration to contain "
           << fromType.size() << " elements due to tensor_view type, but "
           << entries.size() << " were provided";
  auto spell = [](int64_t v) -> std::string {
    return v == TensorViewType::kDynamic ? std::string("dynamic")
                                         : std::to_string(v);
  };
  for (auto [i, entry, expected] : llvm::enumerate(entries, fromType)) {
    if (entry.value == expected)
      continue;
    return parser.emitError(entry.loc)
           << "input " << what << " dimension " << i
           << " does not match tensor_view type (expected " << spell(expected)
           << ", got " << spell(entry.value) << ")";
  }
  return success();
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand base;
  SmallVector<SizeEntry> shapeEntries, strideEntries;
  SmallVector<OpAsmParser::UnresolvedOperand> shapeOperands, strideOperands;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parser.parseKeyword("shape") || parser.parseEqual())
    return failure();
  SMLoc shapeLoc = parser.getCurrentLocation();
  if (parseSizeList(parser, shapeEntries, shapeOperands) ||
      parser.parseComma() || parser.parseKeyword("strides") ||
      parser.parseEqual())
    return failure();
  SMLoc strideLoc = parser.getCurrentLocation();
  if (parseSizeList(parser, strideEntries, strideOperands) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  Type indexType;
  if (!shapeOperands.empty() || !strideOperands.empty()) {
    if (parseCudaTileTypeShort(parser, indexType) || parser.parseArrow())
      return failure();
  }
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileTypeShort(parser, type))
    return failure();
  auto viewType = dyn_cast<TensorViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expected 'tensor_view' type, but got ")
           << type;

  Type baseType =
      TileType::get({}, PointerType::get(parser.getContext(), viewType.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      checkSizeList(parser, shapeEntries, viewType.getShape(), shapeLoc,
                    "shape") ||
      checkSizeList(parser, strideEntries, viewType.getStrides(), strideLoc,
                    "stride"))
    return failure();
  if (indexType &&
      (parser.resolveOperands(shapeOperands, indexType, result.operands) ||
       parser.resolveOperands(strideOperands, indexType, result.operands)))
    return failure();
  result.addAttribute(
      "operandSegmentSizes",
      parser.getBuilder().getDenseI32ArrayAttr(
          {1, static_cast<int32_t>(shapeOperands.size()),
           static_cast<int32_t>(strideOperands.size())}));
  result.addTypes(viewType);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &p) {
  auto printList = [&](ArrayRef<int64_t> sizes, OperandRange dynamic) {
    auto it = dynamic.begin();
    p << "[";
    llvm::interleaveComma(sizes, p, [&](int64_t size) {
      if (size == TensorViewType::kDynamic && it != dynamic.end())
        p << *it++;
      else
        p << size;
    });
    p << "]";
  };
  TensorViewType type = getResult().getType();
  p << " " << getBase() << ", shape = ";
  printList(type.getShape(), getDynamicShape());
  p << ", strides = ";
  printList(type.getStrides(), getDynamicStrides());
  p.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
  p << " : ";
  if (!getDynamicShape().empty() || !getDynamicStrides().empty()) {
    Value first = !getDynamicShape().empty() ? getDynamicShape().front()
                                             : getDynamicStrides().front();
    printCudaTileTypeShort(p, first.getType());
    p << " -> ";
  }
  printCudaTileTypeShort(p, type);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getResult().getType();
  Type pointee = pointeeOf(getBase().getType());
  if (pointee != type.getElementType())
    return emitOpError("expected pointer to ")
           << type.getElementType()
           << " to build tensor_view of this type, got " << pointee;
  size_t dynShape = llvm::count(type.getShape(), TensorViewType::kDynamic);
  size_t dynStrides = llvm::count(type.getStrides(), TensorViewType::kDynamic);
  if (dynShape != getDynamicShape().size())
    return emitOpError("expected ")
           << dynShape << " dynamic shape operands, got "
           << getDynamicShape().size();
  if (dynStrides != getDynamicStrides().size())
    return emitOpError("expected ")
           << dynStrides << " dynamic stride operands, got "
           << getDynamicStrides().size();
  Type common;
  for (auto [i, v] : llvm::enumerate(getDynamicShape())) {
    if (!common)
      common = v.getType();
    else if (v.getType() != common)
      return emitOpError("expected dynamic shape index ")
             << i << " to be of the same type as the other dynamic values ("
             << common << "), got " << v.getType();
  }
  for (auto [i, v] : llvm::enumerate(getDynamicStrides())) {
    if (!common)
      common = v.getType();
    else if (v.getType() != common)
      return emitOpError("expected dynamic stride index ")
             << i << " to be of the same type as the other dynamic values ("
             << common << "), got " << v.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// make_partition_view / make_strided_view / make_gather_scatter_view
//===----------------------------------------------------------------------===//

template <typename ViewT>
static ParseResult parseMakeTiledView(OpAsmParser &parser,
                                      OperationState &result,
                                      StringRef spelling) {
  OpAsmParser::UnresolvedOperand source;
  if (parser.parseOperand(source) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileTypeShort(parser, type))
    return failure();
  auto view = dyn_cast<ViewT>(type);
  if (!view)
    return parser.emitError(loc)
           << "expected '" << spelling << "' type, but got " << type;
  if (parser.resolveOperand(source, view.getTensorView(), result.operands))
    return failure();
  result.addTypes(view);
  return success();
}

static void printMakeTiledView(OpAsmPrinter &p, Operation *op) {
  p << " " << op->getOperand(0);
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  printCudaTileTypeShort(p, op->getResult(0).getType());
}

static LogicalResult verifyMakeTiledView(Operation *op, Type nested) {
  Type source = op->getOperand(0).getType();
  if (source != nested)
    return op->emitOpError()
           << "expected the type of the provided tensor_view value (" << source
           << ") to be the same as the view's tensor_view type (" << nested
           << ")";
  return success();
}

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseMakeTiledView<PartitionViewType>(parser, result,
                                               "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &p) {
  printMakeTiledView(p, *this);
}
LogicalResult MakePartitionViewOp::verify() {
  return verifyMakeTiledView(*this, getResult().getType().getTensorView());
}

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  return parseMakeTiledView<StridedViewType>(parser, result, "strided_view");
}
void MakeStridedViewOp::print(OpAsmPrinter &p) { printMakeTiledView(p, *this); }
LogicalResult MakeStridedViewOp::verify() {
  return verifyMakeTiledView(*this, getResult().getType().getTensorView());
}

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser,
                                           OperationState &result) {
  return parseMakeTiledView<GatherScatterViewType>(parser, result,
                                                   "gather_scatter_view");
}
void MakeGatherScatterViewOp::print(OpAsmPrinter &p) {
  printMakeTiledView(p, *this);
}
LogicalResult MakeGatherScatterViewOp::verify() {
  return verifyMakeTiledView(*this, getResult().getType().getTensorView());
}

//===----------------------------------------------------------------------===//
// get_tensor_shape / get_index_space_shape
//===----------------------------------------------------------------------===//

/// `%src : SrcType -> ResultType`, one result of ResultType per dimension.
static ParseResult
parseShapeQuery(OpAsmParser &parser, OperationState &result,
                function_ref<std::optional<unsigned>(Type)> rankOf,
                StringRef expected) {
  OpAsmParser::UnresolvedOperand src;
  Type srcType, resultType;
  if (parser.parseOperand(src) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc srcLoc = parser.getCurrentLocation();
  if (parseCudaTileTypeShort(parser, srcType) || parser.parseArrow() ||
      parseCudaTileTypeShort(parser, resultType))
    return failure();
  std::optional<unsigned> rank = rankOf(srcType);
  if (!rank)
    return parser.emitError(srcLoc) << "expected " << expected << ", got "
                                    << srcType;
  if (parser.resolveOperand(src, srcType, result.operands))
    return failure();
  result.types.append(*rank, resultType);
  return success();
}

static void printShapeQuery(OpAsmPrinter &p, Operation *op) {
  p << " " << op->getOperand(0);
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  printCudaTileTypeShort(p, op->getOperand(0).getType());
  p << " -> ";
  if (op->getNumResults())
    printCudaTileTypeShort(p, op->getResult(0).getType());
  else
    p << "()";
}

/// One result per dimension of the queried `rank` (`what` says which rank),
/// all of the same type.
static LogicalResult verifyShapeQuery(Operation *op, unsigned rank,
                                      StringRef what) {
  if (op->getNumResults() != rank)
    return op->emitOpError("expected ") << rank << " results due to " << what
                                        << ", but got " << op->getNumResults();
  if (!llvm::all_equal(op->getResultTypes()))
    return op->emitOpError("expected all results to have the same type");
  return success();
}

static std::optional<unsigned> tensorViewRank(Type t) {
  if (auto tv = dyn_cast<TensorViewType>(t))
    return tv.getRank();
  return std::nullopt;
}

static std::optional<unsigned> viewIndexRank(Type t) {
  if (auto view = dyn_cast<TileView>(t))
    return view.getViewIndexRank();
  return std::nullopt;
}

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseShapeQuery(parser, result, tensorViewRank, "tensor_view");
}
void GetTensorShapeOp::print(OpAsmPrinter &p) { printShapeQuery(p, *this); }
LogicalResult GetTensorShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getRank(), "tensor rank");
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseShapeQuery(parser, result, viewIndexRank, "tile view");
}
void GetIndexSpaceShapeOp::print(OpAsmPrinter &p) { printShapeQuery(p, *this); }
LogicalResult GetIndexSpaceShapeOp::verify() {
  return verifyShapeQuery(*this,
                          cast<TileView>(getSrc().getType()).getViewIndexRank(),
                          "view index space rank");
}

//===----------------------------------------------------------------------===//
// load_view_tko / store_view_tko
//===----------------------------------------------------------------------===//

/// The syntax both share:
///   ordering [scope] [%tile,] %view[%i, ...] [token = %t]
///   [optimization_hints = <...>] attr-dict
///   : [TileType,] ViewType[, IndexTypes] -> ResultType, ...
/// where the tile operand and its type are there for a store only.
static ParseResult parseViewAccess(OpAsmParser &parser, OperationState &result,
                                   bool isStore, unsigned numResults) {
  MemoryOrderingAttr order;
  MemoryScopeAttr scope;
  OpAsmParser::UnresolvedOperand tile, view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseOrderingAndScope(parser, order, scope) ||
      (isStore && (parser.parseOperand(tile) || parser.parseComma())) ||
      parseViewAndIndices(parser, view, indices) ||
      parseTokenHintsAndAttrs(parser, result, token) || parser.parseColon())
    return failure();
  Type tileType, viewType;
  SmallVector<Type> indexTypes, resultTypes(numResults);
  if ((isStore &&
       (parseCudaTileTypeShort(parser, tileType) || parser.parseComma())) ||
      parseCudaTileTypeShort(parser, viewType) ||
      parseIndexTypeList(parser, indices.size(), indexTypes) ||
      parser.parseArrow())
    return failure();
  for (unsigned i = 0; i < numResults; ++i)
    if ((i && parser.parseComma()) ||
        parseCudaTileTypeShort(parser, resultTypes[i]))
      return failure();
  if ((isStore && parser.resolveOperand(tile, tileType, result.operands)) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, parser.getNameLoc(),
                             result.operands) ||
      (token &&
       parser.resolveOperand(*token, TokenType::get(parser.getContext()),
                             result.operands)))
    return failure();
  addOrderingAttrs(result, order, scope);
  SmallVector<int32_t, 4> segments;
  if (isStore)
    segments.push_back(1);
  segments.append({1, static_cast<int32_t>(indices.size()), token ? 1 : 0});
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(segments));
  result.addTypes(resultTypes);
  return success();
}

/// Prints what parseViewAccess reads; `stored` is the tile a store writes
/// (null for a load).
template <typename OpT>
static void printViewAccess(OpAsmPrinter &p, OpT op, Value stored) {
  printOrderingAndScope(p, op.getMemoryOrderingSemanticsAttr(),
                        op.getMemoryScopeAttr());
  if (stored)
    p << " " << stored << ",";
  printViewAndIndices(p, op.getView(), op.getIndex());
  printTokenHintsAndAttrs(p, op, op.getToken(), op.getOptimizationHintsAttr());
  p << " : ";
  if (stored) {
    printCudaTileTypeShort(p, stored.getType());
    p << ", ";
  }
  printCudaTileTypeShort(p, op.getView().getType());
  printIndexTypeList(p, op.getIndex());
  p << " -> ";
  llvm::interleave(
      op->getResultTypes(), [&](Type t) { printCudaTileTypeShort(p, t); },
      [&] { p << ", "; });
}

/// The indices and tile of the access, then its ordering and scope
/// (`verifyOrdering`: verifyLoadOrdering or verifyStoreOrdering).
template <typename OpT>
static LogicalResult
verifyViewAccessOp(OpT op, decltype(&verifyLoadOrdering) verifyOrdering) {
  if (failed(verifyViewAccess(op, op.getView().getType(), op.getIndex(),
                              op.getTile().getType())))
    return failure();
  return verifyOrdering(op, op.getMemoryOrderingSemantics(),
                        op.getMemoryScope());
}

ParseResult LoadViewTkoOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseViewAccess(parser, result, /*isStore=*/false, /*numResults=*/2);
}
void LoadViewTkoOp::print(OpAsmPrinter &p) {
  printViewAccess(p, *this, /*stored=*/Value());
}
LogicalResult LoadViewTkoOp::verify() {
  return verifyViewAccessOp(*this, verifyLoadOrdering);
}

ParseResult StoreViewTkoOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseViewAccess(parser, result, /*isStore=*/true, /*numResults=*/1);
}
void StoreViewTkoOp::print(OpAsmPrinter &p) {
  printViewAccess(p, *this, getTile());
}
LogicalResult StoreViewTkoOp::verify() {
  return verifyViewAccessOp(*this, verifyStoreOrdering);
}

//===----------------------------------------------------------------------===//
// load_ptr_tko / store_ptr_tko
//===----------------------------------------------------------------------===//

LogicalResult LoadPtrTkoOp::verify() {
  Type sourceType = getSource().getType(), resultType = getResult().getType();
  if (!pointsTo(sourceType, resultType, /*sameShape=*/true))
    return emitOpError("failed to verify that `source` type is expected a "
                       "pointer type of `result` type");
  if (!maskFits(getMask(), sourceType))
    return emitOpError("failed to verify that shape of 'mask' must match "
                       "the shape of 'source'");
  if (Value pad = getPaddingValue())
    if (pad.getType() != resultType)
      return emitOpError("failed to verify that type of 'paddingValue' must "
                         "match the type of 'result'");
  return verifyLoadOrdering(*this, getMemoryOrderingSemantics(),
                            getMemoryScope());
}

LogicalResult StorePtrTkoOp::verify() {
  Type destType = getDestination().getType();
  if (!pointsTo(destType, getValue().getType(), /*sameShape=*/true))
    return emitOpError("failed to verify that `destination` type is expected "
                       "a pointer type of `value` type");
  if (!maskFits(getMask(), destType))
    return emitOpError("failed to verify that shape of 'destination' must "
                       "match the shape of 'mask'");
  return verifyStoreOrdering(*this, getMemoryOrderingSemantics(),
                             getMemoryScope());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWTkoOp::verify() {
  Type elementType = cast<TileType>(getArg().getType()).getElementType();
  if (!pointsTo(getPointers().getType(), getArg().getType(), false))
    return emitOpError("expected pointee type (")
           << pointeeOf(getPointers().getType())
           << ") to match element type of 'arg' (" << elementType << ")";
  if (!maskFits(getMask(), getArg().getType()))
    return emitOpError("failed to verify that all of {pointers, arg, mask} "
                       "have same shape");
  if (failed(verifyRMWModeElement(*this, getMode(), elementType)))
    return failure();
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

LogicalResult AtomicCASTkoOp::verify() {
  Type elementType = cast<TileType>(getVal().getType()).getElementType();
  if (!pointsTo(getPointers().getType(), getVal().getType(), false))
    return emitOpError("expected pointee type (")
           << pointeeOf(getPointers().getType())
           << ") to match element type of 'val' (" << elementType << ")";
  bool intOrFloat = isa<IntegerType, FloatType>(elementType);
  if (!intOrFloat || (elementType.getIntOrFloatBitWidth() != 32 &&
                      elementType.getIntOrFloatBitWidth() != 64))
    return emitOpError("expect only float or integer types with 32 or 64 bit");
  if (!maskFits(getMask(), getVal().getType()))
    return emitOpError("failed to verify that all of {pointers, val, cmp "
                       "and mask} have same shape");
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

ParseResult AtomicRedViewTkoOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  SMLoc orderLoc = parser.getCurrentLocation();
  StringRef orderWord;
  if (parser.parseKeyword(&orderWord))
    return failure();
  std::optional<MemoryOrdering> order = symbolizeMemoryOrdering(orderWord);
  if (!order)
    return parser.emitError(orderLoc)
           << "invalid memory_ordering_semantics: '" << orderWord
           << "'; expected one of: weak, relaxed, acquire, release, acq_rel";
  SMLoc scopeLoc = parser.getCurrentLocation();
  StringRef scopeWord;
  MemoryScopeAttr scope;
  if (succeeded(parser.parseOptionalKeyword(&scopeWord))) {
    std::optional<MemoryScope> parsed = symbolizeMemoryScope(scopeWord);
    if (!parsed)
      return parser.emitError(scopeLoc)
             << "invalid memory_scope: '" << scopeWord
             << "'; expected one of: tl_blk, device, sys";
    scope = MemoryScopeAttr::get(ctx, *parsed);
  }
  OpAsmParser::UnresolvedOperand view, value;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  if (parseViewAndIndices(parser, view, indices) || parser.parseComma())
    return failure();
  SMLoc modeLoc = parser.getCurrentLocation();
  StringRef modeWord;
  if (parser.parseKeyword(&modeWord) || parser.parseComma() ||
      parser.parseOperand(value))
    return failure();
  std::optional<AtomicRMWMode> mode = symbolizeAtomicRMWMode(modeWord);
  if (!mode)
    return parser.emitError(modeLoc)
           << "unknown atomic RMW mode: '" << modeWord
           << "'; expected one of: and, or, xor, add, addf, max, min, umax, "
              "umin";
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseEqual() || parser.parseOperand(operand))
      return failure();
    token = operand;
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseColon())
    return failure();
  Type valueType, viewType, tokenType;
  SmallVector<Type> indexTypes;
  if (parseCudaTileTypeShort(parser, valueType) || parser.parseComma() ||
      parseCudaTileTypeShort(parser, viewType) ||
      parseIndexTypeList(parser, indices.size(), indexTypes) ||
      parser.parseArrow() || parseCudaTileTypeShort(parser, tokenType))
    return failure();
  if (parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, parser.getNameLoc(),
                             result.operands) ||
      parser.resolveOperand(value, valueType, result.operands) ||
      (token && parser.resolveOperand(*token, TokenType::get(ctx),
                                      result.operands)))
    return failure();
  result.addAttribute("memory_ordering_semantics",
                      MemoryOrderingAttr::get(ctx, *order));
  if (scope)
    result.addAttribute("memory_scope", scope);
  result.addAttribute("mode", AtomicRMWModeAttr::get(ctx, *mode));
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(indices.size()), 1,
                           token ? 1 : 0}));
  result.addTypes(tokenType);
  return success();
}

void AtomicRedViewTkoOp::print(OpAsmPrinter &p) {
  p << " " << stringifyMemoryOrdering(getMemoryOrderingSemantics()) << " "
    << stringifyMemoryScope(getMemoryScope());
  printViewAndIndices(p, getView(), getIndex());
  p << ", " << stringifyAtomicRMWMode(getMode()) << ", " << getValue();
  if (getToken())
    p << " token = " << getToken();
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {"memory_ordering_semantics", "memory_scope",
                            "mode", "operandSegmentSizes"});
  p << " : ";
  printCudaTileTypeShort(p, getValue().getType());
  p << ", ";
  printCudaTileTypeShort(p, getView().getType());
  printIndexTypeList(p, getIndex());
  p << " -> ";
  printCudaTileTypeShort(p, getResultToken().getType());
}

LogicalResult AtomicRedViewTkoOp::verify() {
  Type viewType = getView().getType();
  if (isa<GatherScatterViewType>(viewType))
    return emitOpError(
        "gather_scatter_view is not supported; use partition_view instead");
  PaddingValueAttr padding;
  if (auto pv = dyn_cast<PartitionViewType>(viewType))
    padding = pv.getPaddingValue();
  else if (auto sv = dyn_cast<StridedViewType>(viewType))
    padding = sv.getPaddingValue();
  if (padding)
    return emitOpError(
        "views with padding_value are not supported for atomic reductions");

  auto view = cast<TileView>(viewType);
  auto valueType = cast<TileType>(getValue().getType());
  Type viewElement = view.getViewElementType();
  if (viewElement != valueType.getElementType())
    return emitOpError("view element type (")
           << viewElement << ") must match value element type ("
           << valueType.getElementType() << ")";
  ArrayRef<int64_t> viewShape = view.getViewTileShape();
  if (viewShape != valueType.getShape())
    return emitOpError("view tile shape ")
           << viewShape << " must match value shape " << valueType.getShape()
           << " for element-wise atomic operations";
  if (getMode() == AtomicRMWMode::XCHG)
    return emitOpError("atomic_red_view_tko op cannot use xchg operation");
  if (failed(verifyRMWModeElement(*this, getMode(),
                                  valueType.getElementType())))
    return failure();
  if (getMemoryOrderingSemantics() != MemoryOrdering::RELAXED)
    return emitOpError("only 'relaxed' memory ordering is supported for "
                       "view-based atomic reductions");
  if (getMemoryScope() == MemoryScope::SYS)
    return emitOpError("memory scope 'sys' is not supported for view-based "
                       "atomic reductions; use 'tl_blk' or 'device' for TMA "
                       "compatibility");
  if (getIndex().size() != viewShape.size())
    return emitOpError("expected ")
           << viewShape.size() << " index operand(s) for view with tile rank "
           << viewShape.size() << ", got " << getIndex().size();
  for (auto [i, index] : llvm::enumerate(getIndex())) {
    auto indexType = cast<TileType>(index.getType());
    if (indexType.getRank() != 0)
      return emitOpError("index operand ")
             << i << " must be a scalar tile (rank 0), got shape "
             << indexType.getShape();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tokens, globals, alloca
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expect two or more tokens");
  return success();
}

LogicalResult GlobalOp::verify() {
  if (cast<ShapedType>(getValue().getType()).getRank() != 1)
    return emitOpError("type must have rank 1");
  return success();
}

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' does not reference a valid global";
  Type globalElement =
      cast<ShapedType>(global.getValue().getType()).getElementType();
  auto ptrType = cast<PointerType>(
      cast<TileType>(getResult().getType()).getElementType());
  if (ptrType.getPointeeType() != globalElement)
    return emitOpError("pointee type of result type ")
           << ptrType << " does not match type " << globalElement
           << " of the global @" << getName();
  return success();
}

LogicalResult AllocaOp::verify() {
  uint64_t alignment = getAlignment();
  if (!llvm::isPowerOf2_64(alignment))
    return emitOpError("'alignment' must be power of two");
  Type element = pointeeOf(getResult().getType());
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
  uint64_t natural = std::max<uint64_t>(1, (bits + 7) / 8);
  if (alignment < natural)
    return emitOpError("'alignment' (")
           << alignment << ") must be at least the natural size (" << natural
           << " bytes) for element type " << element;
  return success();
}

void CudaTileDialect::registerMemoryOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMemoryOps.cpp.inc"
      >();
}
