//===- MaterializeConvertLayout.cpp - tileas-materialize-convert-layout ---===//
//
// Seed 001's TileASMaterializeConvertLayout: every nv_tileas.convert_layout
// becomes the first feasible plan of the target's catalogue (planCatalogue
// below, the one place that lists them; compiler/docs/Lowering.md,
// "Materializing layout conversions"): a register copy of 16-byte atoms, a
// per-element register copy (marked for tileas-unroll-register-loops), or
// staging through a shared-memory buffer.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/ADT/STLExtras.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASMATERIALIZECONVERTLAYOUT
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

/// Bytes of a register copy atom that moves whole vectors (128-bit moves
/// on every target this compiler knows).
constexpr unsigned kVectorAtomBytes = 16;

/// Bytes of shared memory one staging buffer may take. The buffers of a
/// function are laid out one after another here (within the tile block's
/// shared memory); tileas-prepare-for-scheduling's compaction then lets
/// those never live at once share bytes, so a function's staging needs the
/// largest of them (per concurrent agent), not their sum.
constexpr int64_t kStagingBudgetBytes = 48 * 1024;

/// One way of carrying out a conversion (seed 001's AtomPlan).
struct AtomPlan {
  unsigned tag;
  /// Bytes one atom moves: the register copy's unit (bounded by
  /// reg2reg-vec-size), or a staging access's width.
  unsigned atomBytes;
  /// A tag 0 plan moving one element per atom: the root of a per-element
  /// copy sequence.
  bool perElement;
  /// The sort key (higher first): twice the bytes a register copy moves
  /// per instruction; 1 for staging.
  unsigned efficiency;
};

bool isRegisterLayout(LayoutKind kind) {
  return kind == LayoutKind::Reg || isFragmentLayout(kind);
}

/// f6 and f4: elements that registers and shared memory hold packed, never
/// one at a time.
bool isSubByteFloat(Type elem) {
  return isa<FloatType>(elem) && elem.getIntOrFloatBitWidth() < 8;
}

/// The floats reinterpret-to-i8 turns into bytes: f8, f6, f4.
bool isNarrowFloat(Type elem) {
  return isa<FloatType>(elem) && elem.getIntOrFloatBitWidth() <= 8;
}

/// The plans `target`'s catalogue lists for converting a tensor of `elem`
/// from layout `from` to layout `to`, in catalogue order (unsorted):
///   - between register layouts: a 16-byte-atom register copy (efficiency
///     32), and, for elements a register holds one at a time, a
///     per-element copy (efficiency: twice the element's bytes);
///   - for numbers in whole bytes: staging through shared memory
///     (efficiency 1: two trips through shared memory and two barriers);
///   - nothing from or to tmem except on sm_100 (tensor memory).
/// smem and tmem layouts have the staging plan only.
SmallVector<AtomPlan> planCatalogue(sched::Target target, Type elem,
                                    LayoutKind from, LayoutKind to) {
  SmallVector<AtomPlan> plans;
  bool tmem = from == LayoutKind::Tmem || to == LayoutKind::Tmem;
  if (tmem && target != sched::Target::SM100)
    return plans;
  if (elem.isIntOrFloat() && !isSubByteFloat(elem))
    plans.push_back({kSmemStagingPlan, kVectorAtomBytes, false, 1});
  if (isRegisterLayout(from) && isRegisterLayout(to)) {
    plans.push_back(
        {kRegToRegPlan, kVectorAtomBytes, false, 2 * kVectorAtomBytes});
    if (!isSubByteFloat(elem))
      plans.push_back({kRegToRegPlan, static_cast<unsigned>(storageBytes(elem)),
                       true, static_cast<unsigned>(2 * storageBytes(elem))});
  }
  return plans;
}

struct MaterializeConvertLayoutPass
    : nv_tileas::impl::TileASMaterializeConvertLayoutBase<
          MaterializeConvertLayoutPass> {
  using TileASMaterializeConvertLayoutBase::TileASMaterializeConvertLayoutBase;

  /// The next free byte of the function's staging area.
  int64_t stagingEnd = 0;
  bool failedAny = false;

  void runOnOperation() override {
    getOperation().walk([&](nv_tileaa::FuncOp func) {
      stagingEnd = 0;
      // Bottom-up, as the seed's walk collects them.
      SmallVector<ConvertLayoutOp> ops;
      func.walk([&](ConvertLayoutOp op) { ops.push_back(op); });
      for (ConvertLayoutOp op : llvm::reverse(ops))
        materialize(op);
    });
    if (failedAny)
      signalPassFailure();
  }

  /// The staging buffer of a tensor of `type`.
  static SmemType bufferFor(RankedTensorType type) {
    return SmemType::get(type.getContext(), type.getShape(),
                         type.getElementType());
  }

  bool feasible(const AtomPlan &plan, RankedTensorType type) const {
    if (plan.tag == kRegToRegPlan)
      return plan.atomBytes <= reg2regVecSize;
    int64_t size = bufferFor(type).getSizeInBytes();
    return size <= kStagingBudgetBytes &&
           int64_t(llvm::alignTo(stagingEnd, 16)) + size <= kSharedMemoryBytes;
  }

  /// Seed 001's diagnostic, with a note saying which of its two cases
  /// this is: no plan listed, or none feasible under the options.
  void fail(ConvertLayoutOp op, size_t listed = 0) {
    InFlightDiagnostic d =
        op.emitError("failed to query target spec for convert_layout");
    if (listed == 0)
      d.attachNote() << "the target's catalogue lists no plan for "
                     << op.getSource().getType() << " to "
                     << op.getResult().getType();
    else
      d.attachNote() << "none of the " << listed
                     << " plans listed is feasible with reg2reg-vec-size="
                     << static_cast<unsigned>(reg2regVecSize)
                     << " and a staging area of " << kStagingBudgetBytes
                     << " bytes a buffer (" << kSharedMemoryBytes
                     << " for a function's buffers one after another)";
    ++numFailed;
    failedAny = true;
  }

  void materialize(ConvertLayoutOp op) {
    auto source = cast<RankedTensorType>(op.getSource().getType());
    auto result = cast<RankedTensorType>(op.getResult().getType());
    LayoutKindAttr from = getLayout(source), to = getLayout(result);
    std::optional<sched::Target> target = scheduleTargetOf(op);
    if (!from || !to || !target)
      return fail(op);

    // reinterpret-to-i8: the conversion moves the bytes of narrow floats
    // (byte-sized ones bitcast, sub-byte ones packed along the last
    // dimension).
    OpBuilder b(op);
    Location loc = op.getLoc();
    Type elem = source.getElementType();
    // (A sub-byte tensor whose last dimension does not fill whole bytes
    // stays as it is.)
    bool packed = isSubByteFloat(elem);
    SmallVector<int64_t> shape(source.getShape());
    if (packed && !shape.empty())
      shape.back() = shape.back() * elem.getIntOrFloatBitWidth() / 8;
    bool reinterpret =
        reinterpretToI8 && isNarrowFloat(elem) &&
        (!packed ||
         (!shape.empty() &&
          source.getShape().back() * elem.getIntOrFloatBitWidth() % 8 == 0));
    RankedTensorType moved = source;
    if (reinterpret)
      moved = RankedTensorType::get(shape, b.getI8Type(), source.getEncoding());

    SmallVector<AtomPlan> plans = planCatalogue(*target, moved.getElementType(),
                                                from.getValue(), to.getValue());
    llvm::stable_sort(plans, [](const AtomPlan &x, const AtomPlan &y) {
      return x.efficiency > y.efficiency;
    });
    const AtomPlan *plan = llvm::find_if(
        plans, [&](const AtomPlan &p) { return feasible(p, moved); });
    if (plan == plans.end())
      return fail(op, plans.size());

    auto planAttr =
        AtomPlanAttr::get(op.getContext(), plan->tag, plan->atomBytes);
    // A register copy of the tensor as it is: the op itself.
    if (plan->tag == kRegToRegPlan && !reinterpret) {
      op->setAttr(kAtomPlanAttrName, planAttr);
      if (plan->perElement)
        op->setAttr(kRootRegToRegCopyAttrName, b.getUnitAttr());
      ++(plan->perElement ? numPerElement : numDirect);
      return;
    }

    Value value = op.getSource();
    if (reinterpret) {
      if (packed)
        value = PackOp::create(b, loc, moved, value);
      else
        value = arith::BitcastOp::create(b, loc, moved, value);
      ++numReinterpreted;
    }
    RankedTensorType movedResult = withLayout(moved, to.getValue());
    Operation *reader;
    if (plan->tag == kSmemStagingPlan) {
      int64_t offset = llvm::alignTo(stagingEnd, 16);
      SmemType bufferType = bufferFor(moved);
      stagingEnd = offset + bufferType.getSizeInBytes();
      Value buffer = AllocTensorOp::create(b, loc, bufferType, offset);
      CopyOp::create(b, loc, value, buffer);
      reader = SmemLoadOp::create(b, loc, movedResult, buffer);
      ++numStaged;
    } else {
      reader = ConvertLayoutOp::create(b, loc, movedResult, value);
      if (plan->perElement) {
        reader->setAttr(kRootRegToRegCopyAttrName, b.getUnitAttr());
        ++numPerElement;
      } else {
        ++numDirect;
      }
    }
    reader->setAttr(kAtomPlanAttrName, planAttr);
    value = reader->getResult(0);
    if (reinterpret) {
      reader->setAttr(kReinterpretByteAttrName, b.getUnitAttr());
      if (packed)
        value = UnpackOp::create(b, loc, result, value);
      else
        value = arith::BitcastOp::create(b, loc, result, value);
    }
    op.replaceAllUsesWith(value);
    op.erase();
  }
};

} // namespace
