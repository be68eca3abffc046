//===- NvTileASDialect.cpp - nv_tileas dialect, attributes and ops --------===//
//
// The mirrored cuda_tile ops and the view ops take their hooks from
// MirrorOpsImpl.inc (shared with nv_tileaa).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/Mirror/MirrorVerify.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

#include "tilecheck/Dialect/NvTileAS/IR/NvTileASDialect.cpp.inc"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASTypes.cpp.inc"

#define GET_OP_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASOps.cpp.inc"

Operation *NvTileASDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  return tilecheck::mirror::materializeConstant<ConstantOp>(builder, value,
                                                            type, loc);
}

void NvTileASDialect::initialize() {
  registerLayoutInterfaces();
  registerTypes();
  registerAttributes();
  registerOps();
}

void NvTileASDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASTypes.cpp.inc"
      >();
}

/// `!nv_tileas.smem<64x64xf16>`.
Type SmemType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elem;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elem) || parser.parseGreater())
    return {};
  return SmemType::get(parser.getContext(), shape, elem);
}

void SmemType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType() << ">";
}

int64_t nv_tileas::storageBytes(Type elem) {
  if (!elem.isIntOrFloat())
    return 8;
  // tf32 is held as the f32 pattern; sub-byte elements take a byte each.
  if (elem.isTF32())
    return 4;
  return std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
}

int64_t SmemType::getSizeInBytes() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n * storageBytes(getElementType());
}

void NvTileASDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.cpp.inc"
      >();
}

void NvTileASDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASOps.cpp.inc"
      >();
}

namespace tilecheck::nv_tileas {
#include "../../Mirror/MirrorOpsImpl.inc"
} // namespace tilecheck::nv_tileas

/// `#nv_tileas<atom wgmma_f16_f16_f32>`: the name as a bare keyword (a
/// quoted string is accepted too).
Attribute AtomAttr::parse(AsmParser &parser, Type) {
  std::string name;
  if (parser.parseKeywordOrString(&name))
    return {};
  return AtomAttr::get(parser.getContext(), name);
}

void AtomAttr::print(AsmPrinter &printer) const {
  printer << " ";
  printer.printKeywordOrString(getName());
}

LogicalResult DotOp::verify() { return mirror::verifyMmaShapes(*this); }
LogicalResult DotIntOp::verify() { return mirror::verifyMmaShapes(*this); }
LogicalResult BlockScaledMmaOp::verify() {
  // Seed 001's six invariants (mirror::verifyBlockScaledMma), and the
  // CTA-pair variant: two CTAs split the M rows between them.
  if (getCtaGroup() != 1 && getCtaGroup() != 2)
    return emitOpError("cta_group must be 1 or 2");
  if (failed(mirror::verifyBlockScaledMma(*this)))
    return failure();
  ArrayRef<int64_t> lhs = mirror::shapeOf(getLhs().getType());
  int64_t m = lhs[lhs.size() - 2];
  if (getCtaGroup() == 2 && m % 2 != 0)
    return emitOpError("cta_group 2 splits the M rows between two CTAs, so M "
                       "must be even, but got ")
           << m;
  return success();
}

LogicalResult ShuffleOp::verify() {
  int64_t n = mirror::numElementsOf(getSource().getType());
  if (static_cast<int64_t>(getSourceIndex().size()) != n)
    return emitOpError("needs one source index per element");
  for (int64_t i : getSourceIndex())
    if (i < 0 || i >= n)
      return emitOpError("source index ") << i << " out of range";
  return success();
}

LogicalResult AllocTensorOp::verify() {
  int64_t end = getOffset() + getResult().getType().getSizeInBytes();
  if (end > kSharedMemoryBytes)
    return emitOpError("buffer ends at byte ")
           << end << ", past the " << kSharedMemoryBytes
           << " bytes of shared memory";
  if (!getResult().getType().getElementType().isIntOrFloat())
    return emitOpError("buffers hold numbers only");
  return success();
}

/// The tile type a shared-memory buffer holds.
static bool holds(SmemType buf, Type tile) {
  return mirror::shapeOf(tile) == buf.getShape() &&
         mirror::elementTypeOf(tile) == buf.getElementType();
}

LogicalResult CopyOp::verify() {
  if (!holds(getDest().getType(), getSource().getType()))
    return emitOpError("source must have the buffer's shape and element type");
  return success();
}

LogicalResult SmemLoadOp::verify() {
  if (!holds(getSource().getType(), getResult().getType()))
    return emitOpError("result must have the buffer's shape and element type");
  return success();
}

//===----------------------------------------------------------------------===//
// Async pipelines
//===----------------------------------------------------------------------===//

LogicalResult
PipelineType::verify(function_ref<InFlightDiagnostic()> emitError,
                     Type elementType, unsigned stages) {
  if (stages < 1)
    return emitError() << "a pipeline needs at least one stage";
  if (!elementType)
    return emitError() << "a pipeline needs an element type";
  return success();
}

LogicalResult CreatePipelineOp::verify() {
  if (static_cast<int32_t>(getProducerGroupSize()) < 1)
    return emitOpError("producer_group_size must be at least 1");
  if (static_cast<int32_t>(getConsumerGroupSize()) < 1)
    return emitOpError("consumer_group_size must be at least 1");
  return success();
}

/// The async.pipeline.yield that ends `region`, or null (and an error on
/// `op`) when the region ends otherwise.
static PipelineYieldOp getPipelineYield(Operation *op, Region &region) {
  Block &body = region.front();
  auto yield = body.empty() ? PipelineYieldOp()
                            : dyn_cast<PipelineYieldOp>(body.back());
  if (!yield)
    op->emitOpError("region must end with 'nv_tileas.async.pipeline.yield'");
  return yield;
}

LogicalResult ProduceOneOp::verifyRegions() {
  PipelineYieldOp yield = getPipelineYield(*this, getBody());
  if (!yield)
    return failure();
  Type element = getPipeline().getType().getElementType();
  if (yield.getNumOperands() != 1 || yield.getOperand(0).getType() != element)
    return emitOpError("region must yield one value of the pipeline's "
                       "element type ")
           << element;
  return success();
}

LogicalResult ConsumeOneOp::verifyRegions() {
  Block &body = getBody().front();
  Type element = getPipeline().getType().getElementType();
  if (body.getNumArguments() != 1 || body.getArgument(0).getType() != element)
    return emitOpError("region must take one argument of the pipeline's "
                       "element type ")
           << element;
  PipelineYieldOp yield = getPipelineYield(*this, getBody());
  if (!yield)
    return failure();
  if (yield.getOperandTypes() != getResultTypes())
    return emitOpError("yielded types must match the result types");
  return success();
}

LogicalResult AgentSwitchOp::verifyRegions() {
  unsigned n = getAgents().size();
  if (n == 0)
    return emitOpError("needs at least one agent region");
  if (std::optional<ArrayRef<int32_t>> warps = getNumWarps()) {
    if (warps->size() != n)
      return emitOpError("num_warps has ")
             << warps->size() << " entries for " << n << " agents";
    for (int32_t w : *warps)
      if (w < 1)
        return emitOpError("num_warps entries must be at least 1");
  }
  for (Region &agent : getAgents()) {
    PipelineYieldOp yield = getPipelineYield(*this, agent);
    if (!yield)
      return failure();
    if (yield.getNumOperands() != 0)
      return emitOpError("an agent region yields no values");
  }
  return success();
}
