//===- LayoutAssignment.cpp - layouts into nv_tileas tensor types ---------===//
//
// See LayoutAssignment.h. One pre-order walk per function: a value's
// definition is visited before its uses, so every operand already has its
// layout when its user is visited.
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment.h"

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck;
using nv_tileas::LayoutKind;
using nv_tileas::LayoutKindAttr;

namespace {

/// The layout `op` computes in.
LayoutKind layoutOfOp(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>()) {
    Operation *parent = op->getParentOp();
    if (!parent || isa<nv_tileaa::FuncOp>(parent))
      return LayoutKind::Reg;
    return layoutOfOp(parent);
  }
  if (auto requested =
          op->getAttrOfType<LayoutKindAttr>(conversion::kLayoutRequestAttrName))
    return requested.getValue();
  return LayoutKind::Reg;
}

class Assigner {
public:
  Assigner() {
    // Tensors nested in other types (function signatures, queues, futures,
    // pipelines) are in reg.
    nested.addReplacement([](RankedTensorType t) -> std::optional<Type> {
      if (t.getEncoding())
        return t;
      return nv_tileas::withLayout(t, LayoutKind::Reg);
    });
  }

  /// `type` in `kind` when it is a tensor, its nested tensors in reg else.
  Type assign(Type type, LayoutKind kind) {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return nv_tileas::withLayout(tensor, kind);
    return nested.replace(type);
  }

  void run(nv_tileaa::FuncOp func) {
    auto type = cast<FunctionType>(nested.replace(func.getFunctionType()));
    func.setFunctionType(type);
    if (!func.getBody().empty())
      for (auto [arg, t] :
           llvm::zip(func.getBody().front().getArguments(), type.getInputs()))
        arg.setType(t);
    func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) { visit(op); });
    func->setAttr(nv_tileas::kLayoutsAttrName,
                  UnitAttr::get(func.getContext()));
  }

private:
  void visit(Operation *op) {
    if (isa<nv_tileas::ConvertLayoutOp>(op)) {
      // Already explicit (nv_tileas input): only fill in missing layouts.
      for (OpResult r : op->getResults())
        if (!nv_tileas::getLayout(r.getType()))
          r.setType(assign(r.getType(), LayoutKind::Reg));
      return;
    }
    LayoutKind kind = layoutOfOp(op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setType(assign(arg.getType(), kind));
    OpBuilder builder(op);
    for (OpOperand &use : op->getOpOperands()) {
      auto tensor = dyn_cast<RankedTensorType>(use.get().getType());
      if (!tensor)
        continue;
      LayoutKind want =
          nv_tileas::requiredLayout(op, use.getOperandNumber()).value_or(kind);
      LayoutKindAttr have = nv_tileas::getLayout(tensor);
      if (have && have.getValue() == want)
        continue;
      if (!have) {
        // Defined where the walk does not reach (cannot happen under
        // dominance); give the value its type in place.
        use.get().setType(nv_tileas::withLayout(tensor, want));
        continue;
      }
      use.set(nv_tileas::ConvertLayoutOp::create(
          builder, op->getLoc(), nv_tileas::withLayout(tensor, want),
          use.get()));
    }
    LayoutKind resultKind =
        nv_tileas::requiredLayout(op, std::nullopt).value_or(kind);
    for (OpResult r : op->getResults())
      r.setType(assign(r.getType(), resultKind));
    // A constant's value is typed like its result.
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        constant.setValueAttr(
            dense.reshape(cast<ShapedType>(constant.getType())));
    op->removeAttr(conversion::kLayoutRequestAttrName);
  }

  AttrTypeReplacer nested;
};

} // namespace

void conversion::assignLayouts(ModuleOp module) {
  Assigner assigner;
  for (auto func : module.getOps<nv_tileaa::FuncOp>())
    assigner.run(func);
}
