//===- Layouts.cpp - layouts in the nv_tileas tensor type -----------------===//
//
// At the nv_tileas level a tile is a ranked tensor whose encoding is a
// `#nv_tileas<layout K>` (compiler/docs/Lowering.md, "Layouts"). This file
// holds the layout rules in one place: which layout each MMA operand needs
// (read by ConvertTileAAToTileAS's layout assignment and by the verifier),
// the verifier of a layout-assigned function (the `nv_tileas.layouts`
// attribute), the encoding's own check, the convert_layout op's hooks and
// the `#reg`/`#mma_a`/... print aliases.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

LayoutKindAttr nv_tileas::getLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return dyn_cast_or_null<LayoutKindAttr>(tensor.getEncoding());
}

RankedTensorType nv_tileas::withLayout(RankedTensorType type, LayoutKind kind) {
  return type.cloneWithEncoding(LayoutKindAttr::get(type.getContext(), kind));
}

bool nv_tileas::isFragmentLayout(LayoutKind kind) {
  return kind == LayoutKind::MmaA || kind == LayoutKind::MmaB ||
         kind == LayoutKind::MmaC;
}

std::optional<LayoutKind>
nv_tileas::requiredLayout(Operation *op, std::optional<unsigned> operand) {
  if (!isa<DotOp, DotIntOp, BlockScaledMmaOp>(op))
    return std::nullopt;
  // Batched (rank-3) products are sequences of rank-2 ones: their operands
  // are not fragments and follow the general rule.
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || result.getRank() != 2)
    return std::nullopt;
  if (!operand)
    return LayoutKind::MmaC;
  switch (*operand) {
  case 0:
    return LayoutKind::MmaA;
  case 1:
    return LayoutKind::MmaB;
  case 2:
    return LayoutKind::MmaC;
  default:
    // block_scaled_mma's scale tiles.
    return LayoutKind::Reg;
  }
}

//===----------------------------------------------------------------------===//
// The encoding
//===----------------------------------------------------------------------===//

LogicalResult LayoutKindAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (isFragmentLayout(getValue()) && shape.size() != 2)
    return emitError() << "an MMA fragment layout holds a rank-2 tensor";
  return success();
}

//===----------------------------------------------------------------------===//
// Layout-assigned functions
//===----------------------------------------------------------------------===//

namespace {

/// Describes value #index of `op` for a diagnostic.
std::string describe(bool isResult, unsigned index) {
  return (isResult ? "result #" : "operand #") + std::to_string(index);
}

LogicalResult verifyOpLayouts(Operation *op) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (isa<RankedTensorType>(arg.getType()) && !getLayout(arg.getType()))
          return op->emitOpError("block argument #")
                 << arg.getArgNumber() << " of type " << arg.getType()
                 << " has no layout";
  // convert_layout changes the layout; terminators and region-branching
  // ops (scf) forward each value to its own successor, whose type their
  // own verifiers tie to it. MMA operands have fixed layouts.
  bool agree = !isa<ConvertLayoutOp, RegionBranchOpInterface>(op) &&
               !op->hasTrait<OpTrait::IsTerminator>();
  bool mma = isa<DotOp, DotIntOp, BlockScaledMmaOp>(op);
  // The first tensor that must agree with the others.
  LayoutKindAttr common;
  bool commonIsResult = false;
  unsigned commonIndex = 0;
  auto check = [&](Type type, bool isResult, unsigned index) -> LogicalResult {
    if (!isa<RankedTensorType>(type))
      return success();
    LayoutKindAttr layout = getLayout(type);
    if (!layout)
      return op->emitOpError() << describe(isResult, index) << " of type "
                               << type << " has no layout";
    if (!agree)
      return success();
    if (mma)
      if (std::optional<LayoutKind> required = requiredLayout(
              op, isResult ? std::nullopt : std::optional(index))) {
        if (layout.getValue() != *required)
          return op->emitOpError()
                 << describe(isResult, index) << " must be in "
                 << LayoutKindAttr::get(op->getContext(), *required) << ", not "
                 << layout;
        return success();
      }
    if (!common) {
      common = layout;
      commonIsResult = isResult;
      commonIndex = index;
      return success();
    }
    if (common != layout)
      return op->emitOpError("operands and results must share one layout: ")
             << describe(commonIsResult, commonIndex) << " is in " << common
             << " but " << describe(isResult, index) << " is in " << layout
             << " (nv_tileas.convert_layout changes a layout)";
    return success();
  };
  for (OpOperand &use : op->getOpOperands())
    if (failed(check(use.get().getType(), false, use.getOperandNumber())))
      return failure();
  for (OpResult r : op->getResults())
    if (failed(check(r.getType(), true, r.getResultNumber())))
      return failure();
  return success();
}

} // namespace

LogicalResult nv_tileas::verifyLayouts(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    return failed(verifyOpLayouts(op)) ? WalkResult::interrupt()
                                       : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// The attributes of a materialized layout conversion: the plan's tag
/// fixes the op that carries it (seed 001: the tag cannot change after
/// tileas-materialize-convert-layout).
static LogicalResult verifyConversionAttribute(Operation *op,
                                               NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kAtomPlanAttrName) {
    auto plan = dyn_cast<AtomPlanAttr>(attr.getValue());
    if (!plan)
      return op->emitError("'") << name << "' must be an #nv_tileas.atom_plan";
    if (plan.getTag() == kRegToRegPlan && !isa<ConvertLayoutOp>(op))
      return op->emitError("a register-to-register atom plan (tag 0) belongs "
                           "on nv_tileas.convert_layout; the tag of a "
                           "materialized conversion cannot change");
    if (plan.getTag() == kSmemStagingPlan && !isa<SmemLoadOp>(op))
      return op->emitError("a shared-memory staging atom plan (tag 1) belongs "
                           "on nv_tileas.smem_load; the tag of a "
                           "materialized conversion cannot change");
    if (plan.getTag() > kSmemStagingPlan)
      return op->emitError("atom plan tag ")
             << plan.getTag() << " is neither 0 (register to register) nor 1 "
             << "(shared-memory staging)";
    if (plan.getAtomBytes() == 0)
      return op->emitError("an atom plan moves at least one byte per atom");
    return success();
  }
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError("'") << name << "' is a unit attribute";
  if (name == kRootRegToRegCopyAttrName) {
    auto plan = op->getAttrOfType<AtomPlanAttr>(kAtomPlanAttrName);
    if (!isa<ConvertLayoutOp>(op) || !plan || plan.getTag() != kRegToRegPlan)
      return op->emitError("'")
             << name << "' marks a nv_tileas.convert_layout with a "
             << "register-to-register atom plan";
    return success();
  }
  if (!isa<ConvertLayoutOp, SmemLoadOp>(op) || !op->hasAttr(kAtomPlanAttrName))
    return op->emitError("'") << name
                              << "' marks the reader of a materialized layout "
                                 "conversion (with its atom plan)";
  return success();
}

LogicalResult NvTileASDialect::verifyOperationAttribute(Operation *op,
                                                        NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kAtomPlanAttrName || name == kRootRegToRegCopyAttrName ||
      name == kReinterpretByteAttrName)
    return verifyConversionAttribute(op, attr);
  if (attr.getName() != kLayoutsAttrName)
    return op->emitError("unknown nv_tileas attribute '")
           << attr.getName().getValue() << "'";
  if (!isa<UnitAttr>(attr.getValue()) || !isa<nv_tileaa::FuncOp>(op))
    return op->emitError("'")
           << kLayoutsAttrName << "' is a unit attribute of nv_tileaa.func";
  return verifyLayouts(op);
}

//===----------------------------------------------------------------------===//
// convert_layout
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  Type from = getSource().getType(), to = getResult().getType();
  if (mirror::shapeOf(from) != mirror::shapeOf(to) ||
      mirror::elementTypeOf(from) != mirror::elementTypeOf(to))
    return emitOpError("source and result must have the same shape and "
                       "element type");
  if (!getLayout(from) || !getLayout(to))
    return emitOpError("source and result must be tensors with layouts");
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // convert(convert(x)) is one conversion of x.
  if (auto inner = getSource().getDefiningOp<ConvertLayoutOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

namespace {
/// A constant in another layout is a constant of the converted type.
struct ConvertLayoutOfConstant : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto constant = op.getSource().getDefiningOp<arith::ConstantOp>();
    auto dense =
        constant ? dyn_cast<DenseElementsAttr>(constant.getValue()) : nullptr;
    if (!dense)
      return failure();
    auto type = cast<ShapedType>(op.getType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type,
                                                   dense.reshape(type));
    return success();
  }
};
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ConvertLayoutOfConstant>(context);
}

//===----------------------------------------------------------------------===//
// Print aliases
//===----------------------------------------------------------------------===//

namespace {
struct NvTileASAsmInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (auto layout = dyn_cast<LayoutKindAttr>(attr)) {
      os << stringifyLayoutKind(layout.getValue());
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void NvTileASDialect::registerLayoutInterfaces() {
  addInterfaces<NvTileASAsmInterface>();
}
