//===- CudaTileCoreOps.cpp - cuda_tile core ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileCoreOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/BlockScale.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

//===----------------------------------------------------------------------===//
// custom<DenseTypedElementsAttr>: `<elemType: literal> : tile<...>`
//===----------------------------------------------------------------------===//

static ParseResult parseDenseTypedElementsAttr(OpAsmParser &parser,
                                               DenseIntOrFPElementsAttr &attr,
                                               Type &resultType) {
  return parseDenseTileLiteral(parser, "cuda_tile.constant", "result #0", attr,
                               resultType);
}

static void printDenseTypedElementsAttr(OpAsmPrinter &printer, Operation *,
                                        DenseIntOrFPElementsAttr attr,
                                        Type resultType) {
  printDenseTileLiteral(printer, attr, resultType);
}

//===----------------------------------------------------------------------===//
// custom<ArgumentRegion>: `(%a: type, ...) { body }` for reduce/scan
//===----------------------------------------------------------------------===//

static ParseResult parseArgumentRegion(OpAsmParser &parser, Region &region) {
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            if (parser.parseArgument(arg, /*allowType=*/false) ||
                parser.parseColon() || parseCudaTileTypeShort(parser, arg.type))
              return failure();
            args.push_back(arg);
            return success();
          }))
    return failure();
  return parser.parseRegion(region, args);
}

static void printArgumentRegion(OpAsmPrinter &printer, Operation *,
                                Region &region) {
  printer.printNewline();
  printer << '(';
  llvm::interleaveComma(region.getArguments(), printer, [&](BlockArgument arg) {
    printer.printOperand(arg);
    printer << ": ";
    printCudaTileTypeShort(printer, arg.getType());
  });
  printer << ") ";
  printer.printRegion(region, /*printEntryBlockArgs=*/false);
}

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileCoreOps.cpp.inc"

void CudaTileDialect::registerCoreOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileCoreOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  auto tileType = cast<TileType>(getResult().getType());
  auto valueType = cast<ShapedType>(getValue().getType());
  if (valueType.getShape() != tileType.getShape() ||
      valueType.getElementType() != tileType.getElementType())
    return emitOpError() << "value type " << valueType
                         << " does not match the result tile type "
                         << tileType;
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// IotaOp
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  TileType type = getResult().getType();
  if (type.getRank() != 1)
    return emitOpError("expects result type to be 1-d tile");
  uint64_t count = type.getShape()[0];
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  // Values run from 0 to count-1, so count may be at most 2^width.
  if (width < 64 && count > (uint64_t(1) << width))
    return emitOpError("the number of elements ")
           << count << " exceeds the maximum value of element type "
           << type.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto result = cast<TileType>(getResult().getType());
  for (auto [from, to] : llvm::zip_equal(source.getShape(), result.getShape()))
    if (from != to && from != 1)
      return emitOpError("expects the shape of source tile to be compatible "
                         "with that of the result tile, but got: ")
             << source.getShape() << " and " << result.getShape();
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto result = cast<TileType>(getResult().getType());
  if (source.getNumElements() != result.getNumElements())
    return emitOpError("expected source tile and result tile to have the same "
                       "number of elements");
  return success();
}

LogicalResult PermuteOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  ArrayRef<int64_t> srcShape = source.getShape();
  ArrayRef<int32_t> perm = getPermutation();
  size_t rank = srcShape.size();
  if (rank < 2)
    return emitOpError("expects at least rank 2, but got: ") << rank;
  if (perm.size() != rank)
    return emitOpError() << "expect permutation size (" << perm.size()
                         << ") to equal the rank of the source (" << rank
                         << ")";
  llvm::SmallDenseSet<int32_t> seen(perm.begin(), perm.end());
  if (seen.size() != perm.size())
    return emitOpError("expect permutation elements to be unique");
  for (auto [i, p] : llvm::enumerate(perm))
    if (p < 0 || p >= static_cast<int32_t>(rank))
      return emitOpError() << "permutation element at index " << i << " (" << p
                           << ") is out of bound [0, " << rank << ")";
  ArrayRef<int64_t> resShape = cast<TileType>(getResult().getType()).getShape();
  for (auto [i, p] : llvm::enumerate(perm))
    if (resShape[i] != srcShape[p])
      return emitOpError() << "result shape invalid at index " << i
                           << ", expected: " << srcShape[p]
                           << ", but got: " << resShape[i];
  return success();
}

LogicalResult CatOp::verify() {
  ArrayRef<int64_t> lhs = cast<TileType>(getLhs().getType()).getShape();
  ArrayRef<int64_t> rhs = cast<TileType>(getRhs().getType()).getShape();
  ArrayRef<int64_t> res = cast<TileType>(getResult().getType()).getShape();
  int64_t dim = getDim();
  int64_t rank = lhs.size();
  if (dim < 0 || dim >= rank)
    return emitOpError("expect dim to be [0, ") << rank << "), but got: " << dim;
  if (lhs[dim] + rhs[dim] != res[dim])
    return emitOpError("invalid concat at position ")
           << dim << ", expected: " << lhs[dim] + rhs[dim]
           << " but got: " << res[dim];
  for (int64_t d = 0; d < rank; ++d) {
    if (d == dim)
      continue;
    if (lhs[d] != rhs[d])
      return emitOpError("expect lhs and rhs shapes to match at non-concat "
                         "position ")
             << d << ", expected: " << lhs[d] << " but got: " << rhs[d];
    if (lhs[d] != res[d])
      return emitOpError("expect lhs and result shapes to match at non-concat "
                         "position ")
             << d << ", expected: " << lhs[d] << " but got: " << res[d];
  }
  return success();
}

LogicalResult ExtractOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto result = cast<TileType>(getResult().getType());
  if (source.getElementType() != result.getElementType())
    return emitOpError("source and result element type do not match");
  if (source.getRank() != result.getRank())
    return emitOpError("source and result must have the same rank");
  for (int64_t d = 0, e = source.getRank(); d < e; ++d) {
    int64_t from = source.getDimSize(d), to = result.getDimSize(d);
    if (to == 0 || from % to != 0)
      return emitOpError("source dimension ")
             << d << " size (" << from
             << ") must be evenly divisible by result dimension " << d
             << " size (" << to << ")";
  }
  if (static_cast<int64_t>(getIndices().size()) != source.getRank())
    return emitOpError("expected ") << source.getRank()
                                    << " indices, but got "
                                    << getIndices().size();
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

/// Checks of the combiner body shared by reduce and scan: one pair of rank-0
/// block arguments per operand, a yield of one value per operand, and only
/// pure ops.
static LogicalResult verifyCombinerBody(Operation *op, Region &body) {
  size_t numOperands = op->getNumOperands();
  Block &block = body.front();
  if (block.empty())
    return op->emitOpError("expect non-empty block");
  size_t expectedArgs = 2 * numOperands;
  if (block.getNumArguments() != expectedArgs)
    return op->emitOpError() << "expect " << expectedArgs
                             << " block arguments but got: "
                             << block.getNumArguments();
  for (auto [i, type] : llvm::enumerate(block.getArgumentTypes())) {
    auto tile = dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0)
      return op->emitOpError() << "expect 0-rank tile type at index: " << i
                               << " but got: " << type;
  }
  for (size_t i = 0; i + 1 < expectedArgs; i += 2) {
    Type a = cast<TileType>(block.getArgument(i).getType()).getElementType();
    Type b =
        cast<TileType>(block.getArgument(i + 1).getType()).getElementType();
    if (a != b)
      return op->emitOpError()
             << "expect same element type for block argument at index: " << i
             << " and " << i + 1 << " but got: " << a << " and " << b;
  }
  for (size_t i = 0; i < numOperands; ++i) {
    Type operandElem = getElementTypeOrSelf(op->getOperand(i).getType());
    Type argElem =
        cast<TileType>(block.getArgument(2 * i).getType()).getElementType();
    if (operandElem != argElem)
      return op->emitOpError()
             << "expect same type for operand at index: " << i
             << " and block argument at index: " << 2 * i
             << " but got: " << operandElem << " and " << argElem;
  }
  auto yield = dyn_cast<YieldOp>(block.back());
  if (!yield)
    return op->emitOpError("expects the body to end with 'cuda_tile.yield'");
  if (yield->getNumOperands() != numOperands)
    return op->emitOpError()
           << "expect number of terminators operands ("
           << yield->getNumOperands() << ") to match number of operands ("
           << numOperands << ")";
  for (size_t i = 0; i < numOperands; ++i) {
    Type operandElem = getElementTypeOrSelf(op->getOperand(i).getType());
    Type yieldElem = getElementTypeOrSelf(yield->getOperand(i).getType());
    if (operandElem != yieldElem)
      return op->emitOpError()
             << "expect same type for operand at index: " << i
             << " and terminator argument at index: " << i
             << " but got: " << operandElem << " and " << yieldElem;
  }
  for (Operation &inner : block.without_terminator())
    if (!isPure(&inner))
      return inner.emitOpError("only pure operations are allowed inside '")
             << op->getName() << "'";
  return success();
}

/// Operand/result/identity/dim checks shared by reduce and scan.
static LogicalResult verifyCombinerOp(Operation *op, int32_t dim,
                                      ArrayAttr identities,
                                      bool resultsKeepShape) {
  size_t numOperands = op->getNumOperands();
  if (numOperands == 0)
    return op->emitOpError("expect at least 1 operand");
  if (numOperands != op->getNumResults())
    return op->emitOpError("expect same number of operands and results");
  if (identities.size() != numOperands)
    return op->emitOpError()
           << "expect identities to match the number of operands but got: "
           << numOperands << " operands and " << identities.size()
           << " identities";
  for (size_t i = 0; i < numOperands; ++i) {
    Type elem = getElementTypeOrSelf(op->getOperand(i).getType());
    auto typed = dyn_cast<TypedAttr>(identities[i]);
    if (!typed)
      return op->emitOpError() << "expect identity at index " << i
                               << " to be a typed attribute";
    Type idType = typed.getType();
    // f16 and bf16 identities are interchangeable.
    bool halfPair = (elem.isF16() || elem.isBF16()) &&
                    (idType.isF16() || idType.isBF16());
    if (elem != idType && !halfPair)
      return op->emitOpError()
             << "expect same type for operand at index: " << i
             << " and identity at index: " << i << " but got: " << elem
             << " and " << idType;
  }
  int64_t rank = cast<TileType>(op->getOperand(0).getType()).getRank();
  if (dim < 0 || dim >= rank)
    return op->emitOpError() << "dimension (" << dim << ") is out of bound [0, "
                             << rank << ")";
  if (resultsKeepShape)
    for (size_t i = 0; i < numOperands; ++i)
      if (op->getOperand(i).getType() != op->getResult(i).getType())
        return op->emitOpError()
               << "expect same type for operand at index: " << i
               << " and result at index: " << i;
  return success();
}

LogicalResult ReduceOp::verify() {
  return verifyCombinerOp(*this, getDim(), getIdentities(),
                          /*resultsKeepShape=*/false);
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombinerBody(*this, getBody());
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  if (adaptor.getOperands().empty())
    return failure();
  int64_t dim = adaptor.getDim();
  for (Value operand : adaptor.getOperands()) {
    auto tile = dyn_cast<TileType>(operand.getType());
    if (!tile)
      return failure();
    SmallVector<int64_t> shape;
    for (auto [d, size] : llvm::enumerate(tile.getShape()))
      if (static_cast<int64_t>(d) != dim)
        shape.push_back(size);
    inferred.push_back(TileType::get(shape, tile.getElementType()));
  }
  return success();
}

LogicalResult ScanOp::verify() {
  return verifyCombinerOp(*this, getDim(), getIdentities(),
                          /*resultsKeepShape=*/true);
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombinerBody(*this, getBody());
}

LogicalResult ScanOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  if (adaptor.getOperands().empty())
    return failure();
  llvm::append_range(inferred, adaptor.getOperands().getTypes());
  return success();
}

//===----------------------------------------------------------------------===//
// MMA ops
//===----------------------------------------------------------------------===//

/// M/N/K (and batch) agreement of lhs (MxK), rhs (KxN) and acc (MxN).
template <typename MmaOp>
static LogicalResult verifyMmaShapes(MmaOp op) {
  ArrayRef<int64_t> lhs = cast<TileType>(op.getLhs().getType()).getShape();
  ArrayRef<int64_t> rhs = cast<TileType>(op.getRhs().getType()).getShape();
  ArrayRef<int64_t> acc = cast<TileType>(op.getAcc().getType()).getShape();
  if (lhs.size() != 2 && lhs.size() != 3)
    return op.emitOpError("operands must be 2D or 3D tiles");
  int b = lhs.size() == 3 ? 1 : 0;
  if (b) {
    if (lhs[0] != rhs[0])
      return op.emitOpError("shape error: dim 0 of lhs (")
             << lhs[0] << ") and dim 0 of rhs (" << rhs[0]
             << ") must match, but got lhs shape (" << lhs
             << ") and rhs shape (" << rhs << ")";
    if (lhs[0] != acc[0])
      return op.emitOpError("shape error: dim 0 of lhs (")
             << lhs[0] << ") and dim 0 of acc (" << acc[0]
             << ") must match, but got lhs shape (" << lhs
             << ") and acc shape (" << acc << ")";
  }
  int m = b, k = b + 1;
  if (lhs[k] != rhs[m])
    return op.emitOpError(" shape error: dim ")
           << k << " of lhs (" << lhs[k] << ") and dim " << m << " of rhs ("
           << rhs[m] << ") must match, but got lhs shape (" << lhs
           << ") and rhs shape (" << rhs << ")";
  if (lhs[m] != acc[m])
    return op.emitOpError(" shape error: dim ")
           << m << " of lhs (" << lhs[m] << ") and dim " << m << " of acc ("
           << acc[m] << ") must match, but got lhs shape (" << lhs
           << ") and acc shape (" << acc << ")";
  if (rhs[k] != acc[k])
    return op.emitOpError(" shape error: dim ")
           << k << " of rhs (" << rhs[k] << ") and dim " << k << " of acc ("
           << acc[k] << ") must match, but got rhs shape (" << rhs
           << ") and acc shape (" << acc << ")";
  return success();
}

LogicalResult MmaFOp::verify() {
  if (failed(verifyMmaShapes(*this)))
    return failure();
  Type in = getElementTypeOrSelf(getLhs().getType());
  Type out = getElementTypeOrSelf(getAcc().getType());
  MLIRContext *ctx = getContext();
  Type f16 = Float16Type::get(ctx), f32 = Float32Type::get(ctx),
       f64 = Float64Type::get(ctx);
  SmallVector<Type, 2> allowed;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(in) || in.isF16())
    allowed = {f16, f32};
  else if (in.isBF16() || in.isTF32() || in.isF32())
    allowed = {f32};
  else if (in.isF64())
    allowed = {f64};
  else
    return emitOpError("unsupported input element type: ") << in;
  if (!llvm::is_contained(allowed, out))
    return emitOpError("unsupported combination of element types. Input type ")
           << in << " expects accumulator/result type to be one of {"
           << ArrayRef<Type>(allowed) << "}, but got " << out;
  return success();
}

LogicalResult MmaIOp::verify() { return verifyMmaShapes(*this); }

LogicalResult tilecheck::cuda_tile::verifyBlockScaledOperands(
    function_ref<InFlightDiagnostic()> emitError, Type elem, Type scale,
    Type rhsScale, ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
    ArrayRef<int64_t> ls, ArrayRef<int64_t> rs) {
  if (lhs.size() != rhs.size() || ls.size() != lhs.size() ||
      rs.size() != lhs.size() || (lhs.size() != 2 && lhs.size() != 3))
    return emitError() << "lhs, rhs, lhs_scale and rhs_scale must be 2-D or "
                          "3-D of one rank";
  if (scale != rhsScale)
    return emitError() << "lhs_scale and rhs_scale must have one element "
                          "type, but got "
                       << scale << " and " << rhsScale;
  int b = lhs.size() == 3 ? 1 : 0;
  auto mismatch = [&](int dimA, StringRef a, ArrayRef<int64_t> sa, int dimB,
                      StringRef b, ArrayRef<int64_t> sb) {
    return emitError() << "shape error: dim " << dimA << " of " << a << " ("
                       << sa[dimA] << ") and dim " << dimB << " of " << b
                       << " (" << sb[dimB] << ") must match, but got " << a
                       << " shape (" << sa << ") and " << b << " shape (" << sb
                       << ")";
  };
  if (b) {
    if (lhs[0] != ls[0])
      return mismatch(0, "lhs", lhs, 0, "lhs_scale", ls);
    if (rhs[0] != rs[0])
      return mismatch(0, "rhs", rhs, 0, "rhs_scale", rs);
  }
  int m = b, k = b + 1;
  if (lhs[m] != ls[m])
    return mismatch(m, "lhs", lhs, m, "lhs_scale", ls);
  if (rhs[k] != rs[k])
    return mismatch(k, "rhs", rhs, k, "rhs_scale", rs);
  if (ls[k] != rs[m])
    return mismatch(k, "lhs_scale", ls, m, "rhs_scale", rs);

  MLIRContext *ctx = elem.getContext();
  if (isa<Float8E4M3FNType>(scale) && !isa<Float4E2M1FNType>(elem))
    return emitError() << "unsupported combination of element types. Scale "
                          "type "
                       << scale << " expects lhs and rhs element types to be "
                       << Float4E2M1FNType::get(ctx) << ", but got " << elem;
  if (isa<Float8E8M0FNUType>(scale) &&
      !isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(elem))
    return emitError() << "unsupported combination of element types. Scale "
                          "type "
                       << scale << " expects lhs and rhs element types to be "
                       << "one of {" << Float8E4M3FNType::get(ctx) << ", "
                       << Float8E5M2Type::get(ctx) << ", "
                       << Float4E2M1FNType::get(ctx) << "}, but got " << elem;
  if (!isa<Float8E4M3FNType, Float8E8M0FNUType>(scale))
    return emitError() << "unsupported scale element type " << scale
                       << " (expected f8E4M3FN or f8E8M0FNU)";

  int64_t kSize = lhs[k], scaleK = ls[k];
  if (scaleK == 0 || kSize % scaleK != 0)
    return emitError() << "shape error: dim " << k << " of lhs_scale ("
                       << scaleK << ") must be a divisor of dim " << k
                       << " of lhs (" << kSize << "), but got lhs_scale shape ("
                       << ls << ") and lhs shape (" << lhs << ")";
  int64_t block = kSize / scaleK;
  if (isa<Float8E4M3FNType, Float8E5M2Type>(elem) && block != 32)
    return emitError() << "shape error: f8 element type requires block "
                          "scale factor of lhs_scale and rhs_scale to be "
                          "32, but got "
                       << block;
  if (isa<Float4E2M1FNType>(elem)) {
    if (isa<Float8E4M3FNType>(scale) && block != 16)
      return emitError()
             << "shape error: f4E2M1FN element type with f8E4M3FN scales "
                "requires block scale factor of lhs_scale and rhs_scale to be "
                "16, but got "
             << block;
    if (isa<Float8E8M0FNUType>(scale) && block != 16 && block != 32)
      return emitError()
             << "shape error: f4E2M1FN element type with f8E8M0FNU scales "
                "requires block scale factor of lhs_scale and rhs_scale to be "
                "16 or 32, but got "
             << block;
  }
  return success();
}

LogicalResult MmaFScaledOp::verify() {
  if (failed(verifyMmaShapes(*this)))
    return failure();
  return verifyBlockScaledOperands(
      [&] { return emitOpError(); },
      cast<TileType>(getLhs().getType()).getElementType(),
      cast<TileType>(getLhsScale().getType()).getElementType(),
      cast<TileType>(getRhsScale().getType()).getElementType(),
      cast<TileType>(getLhs().getType()).getShape(),
      cast<TileType>(getRhs().getType()).getShape(),
      cast<TileType>(getLhsScale().getType()).getShape(),
      cast<TileType>(getRhsScale().getType()).getShape());
}
