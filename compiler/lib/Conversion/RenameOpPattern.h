//===- RenameOpPattern.h - one op to its counterpart in another dialect ---===//
//
// Most ops cross the cuda_tile -> nv_tileaa -> nv_tileas boundaries
// unchanged except for their name and types: the counterpart has the same
// operands, properties, discardable attributes and regions. This pattern
// builds the counterpart by name from the converted operands and result
// types, passes the properties through an attribute mapper (which re-keys
// enum attributes and retypes elements attributes), moves the regions and
// converts their block signatures.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_LIB_CONVERSION_RENAMEOPPATTERN_H
#define TILECHECK_LIB_CONVERSION_RENAMEOPPATTERN_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>

namespace tilecheck::conversion {

/// Maps one property or attribute (name, value) of the source op to the
/// target's; returning a null attribute drops it.
using AttrMapper =
    std::function<mlir::Attribute(llvm::StringRef name, mlir::Attribute)>;

class RenameOpPattern : public mlir::ConversionPattern {
public:
  RenameOpPattern(const mlir::TypeConverter &converter, mlir::MLIRContext *ctx,
                  llvm::StringRef sourceName, llvm::StringRef targetName,
                  AttrMapper mapper, mlir::PatternBenefit benefit = 1)
      : ConversionPattern(converter, sourceName, benefit, ctx),
        targetName(targetName.str()), mapper(std::move(mapper)) {}

  mlir::LogicalResult
  matchAndRewrite(mlir::Operation *op, llvm::ArrayRef<mlir::Value> operands,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    return rewriteAs(op, targetName, operands, rewriter, *getTypeConverter(),
                     mapper);
  }

  /// Builds op `target` from `op` (see the file comment) and replaces `op`.
  /// Properties of the same name carry over; `extra` are added.
  static mlir::LogicalResult
  rewriteAs(mlir::Operation *op, llvm::StringRef target,
            mlir::ValueRange operands, mlir::ConversionPatternRewriter &rewriter,
            const mlir::TypeConverter &converter, const AttrMapper &mapper,
            llvm::ArrayRef<mlir::NamedAttribute> extra = {}) {
    llvm::SmallVector<mlir::Type> types;
    if (mlir::failed(converter.convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    mlir::MLIRContext *ctx = op->getContext();
    mlir::OperationState state(op->getLoc(), target);
    state.addOperands(operands);
    state.addTypes(types);
    mlir::NamedAttrList props;
    if (auto dict = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(
            op->getPropertiesAsAttribute()))
      for (mlir::NamedAttribute na : dict)
        if (mlir::Attribute a = mapper(na.getName(), na.getValue()))
          props.set(na.getName(), a);
    for (mlir::NamedAttribute na : extra)
      props.set(na.getName(), na.getValue());
    if (!state.name.isRegistered())
      return rewriter.notifyMatchFailure(op, "target op is not registered");
    for (mlir::NamedAttribute na : op->getDiscardableAttrs())
      if (mlir::Attribute a = mapper(na.getName(), na.getValue()))
        state.addAttribute(na.getName(), a);
    for (unsigned i = 0; i < op->getNumRegions(); ++i)
      state.addRegion();
    mlir::Operation *newOp = rewriter.create(state);
    // Properties are set after creation so that a mismatch is reported on
    // the source op (creation itself would assert).
    if (!props.empty()) {
      if (newOp->getPropertiesStorageSize() == 0 ||
          mlir::failed(newOp->setPropertiesFromAttribute(
              props.getDictionary(ctx),
              [&] { return op->emitOpError("cannot become '")
                           << target << "': "; }))) {
        rewriter.eraseOp(newOp);
        return mlir::failure();
      }
    }
    for (unsigned i = 0; i < op->getNumRegions(); ++i) {
      mlir::Region &region = newOp->getRegion(i);
      rewriter.inlineRegionBefore(op->getRegion(i), region, region.end());
      if (mlir::failed(rewriter.convertRegionTypes(&region, converter)))
        return rewriter.notifyMatchFailure(op, "region types do not convert");
    }
    rewriter.replaceOp(op, newOp->getResults());
    return mlir::success();
  }

private:
  std::string targetName;
  AttrMapper mapper;
};

} // namespace tilecheck::conversion

#endif // TILECHECK_LIB_CONVERSION_RENAMEOPPATTERN_H
