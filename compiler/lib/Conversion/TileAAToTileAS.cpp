//===- TileAAToTileAS.cpp - nv_tileaa -> nv_tileas (seed 002) -------------===//
//
// One partial conversion, as seed 002 describes it:
//  1. attach nv_tileaa.kernel_spec to every kernel (the compute capability
//     comes from the pass option) before any pattern reads it;
//  2. populate, in this order, the arith patterns (mirrored ops to upstream
//     arith where the semantics are exactly equal), the math patterns (the
//     same with upstream math), both read from the spelling table
//     MirrorOps.def (Spellings.cpp), and the core patterns (every other
//     nv_tileaa op to its nv_tileas counterpart, the dot forms with an MMA
//     atom);
//  3. nv_tileaa.func, nv_tileaa.return and nv_tileaa.mark_for_reuse stay
//     legal, and so do the queue and execute ops that tileas-queue-to-
//     pipeline consumes later (seed 001); the rest of nv_tileaa is illegal;
//  3b. layouts: requested layouts are checked before any pattern runs,
//     cat and extract check and propagate their sources' layouts; after
//     the patterns, layout assignment (LayoutAssignment.h) puts a layout
//     into every tensor type (Lowering.md, "Layouts");
//  4. on failure: "failed to convert nv_tileaa to nv_tileas".
// Apart from the layouts, types do not change at this boundary
// (Lowering.md); witnesses and every other discardable attribute carry over
// verbatim; mem_semantic and mem_scope are re-keyed into nv_tileas with the
// same discriminant.
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment.h"
#include "RenameOpPattern.h"

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Conversion/Spellings.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck {
#define GEN_PASS_DEF_CONVERTTILEAATOTILEAS
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;
using conversion::RenameOpPattern;

std::optional<unsigned> tilecheck::parseComputeCapability(StringRef name) {
  if (!name.consume_front("sm_"))
    return std::nullopt;
  name.consume_back("a");
  name.consume_back("f");
  unsigned cc;
  if (name.empty() || name.getAsInteger(10, cc) || cc < 10)
    return std::nullopt;
  return cc;
}

namespace {

Attribute rekey(StringRef, Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (auto sem = dyn_cast<nv_tileaa::MemSemanticAttr>(attr))
    return nv_tileas::MemSemanticAttr::get(
        ctx, static_cast<nv_tileas::MemSemantic>(sem.getValue()));
  if (auto scope = dyn_cast<nv_tileaa::MemScopeAttr>(attr))
    return nv_tileas::MemScopeAttr::get(
        ctx, static_cast<nv_tileas::MemScope>(scope.getValue()));
  return attr;
}

/// Module attribute recording the target's compute capability, so that
/// functions that are not kernels (and carry no kernel spec) find it too.
constexpr StringLiteral kTargetCCAttrName = "nv_tileaa.compute_capability";

/// The compute capability of the kernel spec on the function enclosing
/// `op`, else the module's target.
std::optional<unsigned> computeCapabilityOf(Operation *op) {
  if (auto func = op->getParentOfType<nv_tileaa::FuncOp>())
    if (auto spec = func->getAttrOfType<nv_tileaa::KernelSpecAttr>(
            nv_tileaa::kKernelSpecAttrName))
      return spec.getComputeCapability();
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (auto cc = p->getAttrOfType<IntegerAttr>(kTargetCCAttrName))
      return static_cast<unsigned>(cc.getInt());
  return std::nullopt;
}

std::string elemName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << mirror::elementTypeOf(t);
  return s;
}

/// MMA instruction family by compute capability: mma.sync before sm_90,
/// warpgroup MMA on sm_90, tcgen05 UMMA from sm_100.
std::string mmaAtomName(unsigned cc, Type lhs, Type rhs, Type acc) {
  StringRef family = cc >= 100 ? "umma" : cc >= 90 ? "wgmma" : "mma_sync";
  return (family + "_" + elemName(lhs) + "_" + elemName(rhs) + "_" +
          elemName(acc))
      .str();
}

template <typename SourceOp>
struct DotPattern : OpConversionPattern<SourceOp> {
  DotPattern(const TypeConverter &tc, MLIRContext *ctx, StringRef target)
      : OpConversionPattern<SourceOp>(tc, ctx), target(target.str()) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> cc = computeCapabilityOf(op);
    if (!cc)
      return op.emitError("failed to get the target spec");
    auto atom = nv_tileas::AtomAttr::get(
        op.getContext(),
        mmaAtomName(*cc, op.getLhs().getType(), op.getRhs().getType(),
                    op.getAcc().getType()));
    NamedAttribute extra(StringAttr::get(op.getContext(), "atom"), atom);
    return RenameOpPattern::rewriteAs(op, target, adaptor.getOperands(),
                                      rewriter, *this->getTypeConverter(),
                                      rekey, {extra});
  }
  std::string target;
};

/// The SM100 block-scale guard: the target spec must be there, and the
/// compute capability at least 100.
struct BlockScalePattern : OpConversionPattern<nv_tileaa::MmaBlockScaleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::MmaBlockScaleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> cc = computeCapabilityOf(op);
    if (!cc)
      return op.emitError("failed to get the target spec");
    if (*cc <= 99)
      return op.emitError(
          "mma block scale is not supported by compute capability < sm100");
    MLIRContext *ctx = op.getContext();
    std::string name = "umma_bs_" + elemName(op.getLhs().getType()) + "_" +
                       elemName(op.getRhs().getType()) + "_" +
                       elemName(op.getAcc().getType());
    NamedAttribute atom(StringAttr::get(ctx, "atom"),
                        nv_tileas::AtomAttr::get(ctx, name));
    return RenameOpPattern::rewriteAs(op, "nv_tileas.block_scaled_mma",
                                      adaptor.getOperands(), rewriter,
                                      *getTypeConverter(), rekey, {atom});
  }
};

//===----------------------------------------------------------------------===//
// Layouts (Lowering.md, "Layouts")
//===----------------------------------------------------------------------===//

constexpr StringLiteral kLayoutAttrName = conversion::kLayoutRequestAttrName;

/// The layout recorded on the producer of `v`: null for a block argument or
/// a producer without one. Producers converted earlier in the walk carried
/// the attribute onto their replacement, and the original is still there.
nv_tileas::LayoutKindAttr layoutOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return {};
  return def->getAttrOfType<nv_tileas::LayoutKindAttr>(kLayoutAttrName);
}

/// Layout assignment: an op that requests a layout must produce exactly one
/// tensor that the layout can hold. Register and shared-memory layouts hold
/// any tensor, MMA fragments a matrix, tensor memory exists from sm_100.
LogicalResult assignLayout(Operation *op) {
  Attribute requested = op->getAttr(kLayoutAttrName);
  if (!requested)
    return success();
  auto layout = dyn_cast<nv_tileas::LayoutKindAttr>(requested);
  auto fail = [&](const Twine &why) -> LogicalResult {
    return op->emitError("fails to assign layout").attachNote() << why;
  };
  if (!layout)
    return fail("'layout' must be a #nv_tileas<layout ...> attribute");
  if (op->getNumResults() != 1)
    return fail("a layout is assigned to an op with exactly one result");
  auto tensor = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!tensor)
    return fail("a layout is assigned to a tensor, not a scalar");
  using K = nv_tileas::LayoutKind;
  K kind = layout.getValue();
  if ((kind == K::MmaA || kind == K::MmaB || kind == K::MmaC) &&
      tensor.getRank() != 2)
    return fail("an MMA fragment layout holds a rank-2 tensor");
  if (isa<nv_tileaa::DotOp, nv_tileaa::DotIntOp, nv_tileaa::MmaBlockScaleOp>(
          op) &&
      tensor.getRank() == 2 && kind != K::MmaC)
    return fail("an MMA op's result is in #nv_tileas<layout mma_c>");
  if (kind == K::Tmem) {
    std::optional<unsigned> cc = computeCapabilityOf(op);
    if (!cc || *cc < 100)
      return fail("tensor memory needs compute capability sm_100 or later");
  }
  return success();
}

/// The result of `op` is in `layout`, its sources' (`sources` says "its
/// sources are" or "its source is"): recorded as its request when it has
/// none, an error when it requests another.
LogicalResult inheritLayout(Operation *op, nv_tileas::LayoutKindAttr layout,
                            StringRef sources,
                            ConversionPatternRewriter &rewriter) {
  Attribute requested = op->getAttr(kLayoutAttrName);
  if (requested && requested != layout)
    return op->emitError("fails to assign layout").attachNote()
           << "the result is requested in " << requested << " but " << sources
           << " in " << layout;
  if (!requested)
    rewriter.modifyOpInPlace(op, [&] { op->setAttr(kLayoutAttrName, layout); });
  return success();
}

/// cat: both sources carry a layout or neither does, the two agree, and the
/// result is in the sources' layout (which it inherits when it requests
/// none).
struct CatLayoutPattern : RenameOpPattern {
  CatLayoutPattern(const TypeConverter &tc, MLIRContext *ctx)
      : RenameOpPattern(tc, ctx, "nv_tileaa.cat", "nv_tileas.cat", rekey) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto cat = cast<nv_tileaa::CatOp>(op);
    nv_tileas::LayoutKindAttr lhs = layoutOf(cat.getLhs());
    nv_tileas::LayoutKindAttr rhs = layoutOf(cat.getRhs());
    if (static_cast<bool>(lhs) != static_cast<bool>(rhs))
      return op->emitError("missing source layout").attachNote()
             << "the " << (lhs ? "rhs" : "lhs")
             << " operand has no layout while the "
             << (lhs ? "lhs" : "rhs") << " operand is in " << (lhs ? lhs : rhs);
    if (lhs && lhs != rhs)
      return op->emitError("failed to infer source layout").attachNote()
             << "the operands are in " << lhs << " and " << rhs;
    if (lhs && failed(inheritLayout(op, lhs, "its sources are", rewriter)))
      return failure();
    return rewriteAs(op, "nv_tileas.cat", operands, rewriter,
                     *getTypeConverter(), rekey);
  }
};

/// extract: a slice of a register or shared-memory tile, in its source's
/// layout.
struct ExtractLayoutPattern : RenameOpPattern {
  ExtractLayoutPattern(const TypeConverter &tc, MLIRContext *ctx)
      : RenameOpPattern(tc, ctx, "nv_tileaa.extract", "nv_tileas.extract",
                        rekey) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto extract = cast<nv_tileaa::ExtractOp>(op);
    nv_tileas::LayoutKindAttr source = layoutOf(extract.getSource());
    if (source) {
      using K = nv_tileas::LayoutKind;
      if (source.getValue() != K::Reg && source.getValue() != K::Smem)
        return op->emitError(
            "TODO: only reg and smem layouts are supported at the moment");
      if (failed(inheritLayout(op, source, "its source is", rewriter)))
        return failure();
    }
    return rewriteAs(op, "nv_tileas.extract", operands, rewriter,
                     *getTypeConverter(), rekey);
  }
};

struct ConvertTileAAToTileASPass
    : tilecheck::impl::ConvertTileAAToTileASBase<ConvertTileAAToTileASPass> {
  using ConvertTileAAToTileASBase::ConvertTileAAToTileASBase;

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    MLIRContext *ctx = &getContext();
    if (selftest::emitInjectedBugSelectionError(mod))
      return signalPassFailure();
    if (failed(attachKernelSpecs(mod)))
      return signalPassFailure();
    // Layout assignment runs before any pattern, so that a pattern reading
    // a producer's layout reads an assigned one.
    WalkResult assigned = mod.walk([](Operation *op) {
      if (isa_and_nonnull<nv_tileaa::NvTileAADialect>(op->getDialect()) &&
          failed(assignLayout(op)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (assigned.wasInterrupted()) {
      mod.emitError("failed to convert nv_tileaa to nv_tileas");
      return signalPassFailure();
    }

    TypeConverter converter;
    converter.addConversion([](Type t) { return t; });
    RewritePatternSet patterns(ctx);
    conversion::populateArithSpellings(patterns);
    conversion::populateMathSpellings(patterns);
    populateCorePatterns(patterns, converter);

    ConversionTarget target(*ctx);
    // Structured control flow is upstream scf on both sides (seed 002 keeps
    // scf legal across the boundary).
    target.addLegalDialect<nv_tileas::NvTileASDialect, arith::ArithDialect,
                           math::MathDialect, scf::SCFDialect>();
    target.addIllegalDialect<nv_tileaa::NvTileAADialect>();
    target.addLegalOp<nv_tileaa::FuncOp, nv_tileaa::ReturnOp,
                      nv_tileaa::MarkForReuseOp, ModuleOp>();
    // Queues and execute survive: tileas-queue-to-pipeline consumes them
    // (seed 001).
    target.addLegalOp<nv_tileaa::QueueCreateOp, nv_tileaa::QueuePutOp,
                      nv_tileaa::QueueGetOp, nv_tileaa::ExecuteOp,
                      nv_tileaa::ExecuteYieldOp>();
    if (failed(applyPartialConversion(mod, target, std::move(patterns)))) {
      mod.emitError("failed to convert nv_tileaa to nv_tileas");
      return signalPassFailure();
    }
    conversion::assignLayouts(mod);
  }

  /// Every nv_tileaa kernel gets the kernel spec before any pattern runs.
  LogicalResult attachKernelSpecs(ModuleOp mod) {
    std::optional<unsigned> cc = parseComputeCapability(computeCapability);
    if (!cc)
      return mod.emitError("failed to get the target spec");
    MLIRContext *ctx = &getContext();
    mod->setAttr(kTargetCCAttrName,
                 IntegerAttr::get(IntegerType::get(ctx, 32), *cc));
    auto spec = nv_tileaa::KernelSpecAttr::get(ctx, numWarps, {1, 1, 1}, *cc);
    mod.walk([&](nv_tileaa::FuncOp func) {
      if (func.isKernel() && !func->hasAttr(nv_tileaa::kKernelSpecAttrName))
        func->setAttr(nv_tileaa::kKernelSpecAttrName, spec);
    });
    return success();
  }

  /// The core populator: every remaining nv_tileaa op to nv_tileas.
  void populateCorePatterns(RewritePatternSet &patterns,
                            const TypeConverter &converter) {
    MLIRContext *ctx = patterns.getContext();
    auto rename = [&](StringRef from, StringRef to) {
      patterns.add<RenameOpPattern>(converter, ctx,
                                    ("nv_tileaa." + from).str(),
                                    ("nv_tileas." + to).str(), rekey);
    };
#define MIRROR_OP(CLASS, MNEMONIC)                                             \
  if (StringRef(MNEMONIC) != "cat" && StringRef(MNEMONIC) != "extract")        \
    rename(MNEMONIC, MNEMONIC);
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
    patterns.add<CatLayoutPattern, ExtractLayoutPattern>(converter, ctx);
    rename("make_memref", "make_memref");
    rename("make_tiled_view", "view");
    rename("memref_shape", "memref_shape");
    rename("index_space_shape", "index_space_shape");
    rename("tiled_load", "tiled_load");
    rename("tiled_store", "tiled_store");
    rename("tiled_atomic_rmw", "tiled_atomic_rmw");
    patterns.add<DotPattern<nv_tileaa::DotOp>>(converter, ctx, "nv_tileas.dot");
    patterns.add<DotPattern<nv_tileaa::DotIntOp>>(converter, ctx,
                                                  "nv_tileas.dot_int");
    patterns.add<BlockScalePattern>(converter, ctx);
  }
};

} // namespace
