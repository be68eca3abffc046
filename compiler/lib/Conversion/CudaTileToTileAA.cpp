//===- CudaTileToTileAA.cpp - cuda_tile -> nv_tileaa ----------------------===//
//
// A full dialect conversion. Every op but module/entry/return/testing$func is
// a rename (RenameOpPattern): the mirrored ops (MirrorOps.def) keep their
// names, the view and MMA ops take nv_tileaa's names. Types convert as
// compiler/docs/Lowering.md says; properties pass through attrMapper, which
// re-keys memory ordering and scope and retypes elements attributes typed
// with tile types.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowToSCF.h"
#include "RenameOpPattern.h"

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck {
#define GEN_PASS_DEF_CONVERTCUDATILETOTILEAA
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;
using conversion::RenameOpPattern;
using selftest::InjectedBug;
using selftest::isInjected;

namespace {

constexpr unsigned kGlobalAddressSpace = 1;

class TileAATypeConverter : public TypeConverter {
public:
  explicit TileAATypeConverter(MLIRContext *ctx) {
    addConversion([](Type t) { return t; });
    addConversion([this](cuda_tile::TileType t) -> Type {
      Type elem = convertType(t.getElementType());
      if (!elem)
        return {};
      return mirror::tileLike(t.getShape(), elem);
    });
    addConversion([this, ctx](cuda_tile::PointerType t) -> Type {
      Type pointee = convertType(t.getPointeeType());
      if (!pointee)
        return {};
      return nv_tileaa::PtrType::get(ctx, pointee, kGlobalAddressSpace);
    });
    addConversion([ctx](cuda_tile::TokenType) -> Type {
      return nv_tileaa::MemTokenType::get(ctx);
    });
    addConversion([this](cuda_tile::TensorViewType t) -> Type {
      return convertTensorView(t);
    });
    addConversion([this, ctx](cuda_tile::PartitionViewType t) -> Type {
      auto memref = convertTensorView(t.getTensorView());
      ArrayRef<int32_t> dimMap = t.getDimMap();
      // Self-test bug "view-dim-map": the view is rebuilt with the identity
      // dim_map, as if every partition view were in memory order.
      SmallVector<int32_t> identity;
      if (isInjected(InjectedBug::ViewDimMap)) {
        for (int32_t d = 0, e = dimMap.size(); d < e; ++d)
          identity.push_back(d);
        dimMap = identity;
      }
      return nv_tileaa::TiledViewType::get(
          ctx, nv_tileaa::TiledViewKind::Partition, t.getTileShape(), memref,
          dimMap, {}, -1, t.getPaddingValue());
    });
    addConversion([this, ctx](cuda_tile::StridedViewType t) -> Type {
      auto memref =
          convertTensorView(cast<cuda_tile::TensorViewType>(t.getTensorView()));
      return nv_tileaa::TiledViewType::get(
          ctx, nv_tileaa::TiledViewKind::Strided, t.getTileShape(), memref,
          t.getDimMap(), t.getTraversalStrides(), -1, t.getPaddingValue());
    });
    addConversion([this, ctx](cuda_tile::GatherScatterViewType t) -> Type {
      auto memref =
          convertTensorView(cast<cuda_tile::TensorViewType>(t.getTensorView()));
      return nv_tileaa::TiledViewType::get(
          ctx, nv_tileaa::TiledViewKind::GatherScatter, t.getTileShape(),
          memref, {}, {}, t.getSparseDim(), nullptr);
    });
    addConversion([this](FunctionType t) -> Type {
      SmallVector<Type> ins, outs;
      if (failed(convertTypes(t.getInputs(), ins)) ||
          failed(convertTypes(t.getResults(), outs)))
        return {};
      return FunctionType::get(t.getContext(), ins, outs);
    });
  }

private:
  nv_tileaa::MemrefType convertTensorView(cuda_tile::TensorViewType t) {
    return nv_tileaa::MemrefType::get(t.getContext(),
                                      convertType(t.getElementType()),
                                      t.getShape(), t.getStrides(),
                                      kGlobalAddressSpace);
  }
};

/// Re-keys cuda_tile's integer-valued memory enums into nv_tileaa's enum
/// attributes (same discriminants) and retypes tile-typed elements
/// attributes and type attributes.
Attribute mapAttr(const TypeConverter &converter, StringRef name,
                  Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (name == "memory_ordering_semantics")
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return nv_tileaa::MemSemanticAttr::get(
          ctx, static_cast<nv_tileaa::MemSemantic>(i.getInt()));
  if (name == "memory_scope")
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return nv_tileaa::MemScopeAttr::get(
          ctx, static_cast<nv_tileaa::MemScope>(i.getInt()));
  if (auto dense = dyn_cast<DenseElementsAttr>(attr))
    if (auto tile = dyn_cast<cuda_tile::TileType>(dense.getType()))
      return dense.reshape(
          RankedTensorType::get(tile.getShape(), tile.getElementType()));
  if (auto typeAttr = dyn_cast<TypeAttr>(attr))
    if (Type t = converter.convertType(typeAttr.getValue()))
      return TypeAttr::get(t);
  // Self-test bug "scan-reverse": scan's direction is reset to the default
  // (forward) instead of being carried over.
  if (name == "reverse" && isa<BoolAttr>(attr) &&
      isInjected(InjectedBug::ScanReverse))
    return BoolAttr::get(ctx, false);
  return attr;
}

/// cuda_tile.entry / testing$func -> nv_tileaa.func.
template <typename SourceOp>
struct FuncPattern : OpConversionPattern<SourceOp> {
  FuncPattern(const TypeConverter &tc, MLIRContext *ctx, bool kernel)
      : OpConversionPattern<SourceOp>(tc, ctx), kernel(kernel) {}

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &tc = *this->getTypeConverter();
    auto type = dyn_cast_or_null<FunctionType>(tc.convertType(op.getFunctionType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "signature does not convert");
    auto func = nv_tileaa::FuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                          type, op.getArgAttrsAttr(),
                                          op.getResAttrsAttr());
    if (kernel)
      func->setAttr(nv_tileaa::kKernelAttrName, rewriter.getUnitAttr());
    for (NamedAttribute na : op->getDiscardableAttrs())
      func->setAttr(na.getName(), na.getValue());
    if constexpr (std::is_same_v<SourceOp, cuda_tile::EntryOp>)
      if (auto hints = op.getOptimizationHintsAttr())
        func->setAttr("optimization_hints", hints);
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(),
                                func.getBody().end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), tc)))
      return rewriter.notifyMatchFailure(op, "body does not convert");
    rewriter.eraseOp(op);
    return success();
  }
  bool kernel;
};

struct ConvertCudaTileToTileAAPass
    : tilecheck::impl::ConvertCudaTileToTileAABase<ConvertCudaTileToTileAAPass> {
  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    if (selftest::emitInjectedBugSelectionError(top))
      return signalPassFailure();
    if (failed(dissolveModules(top)))
      return signalPassFailure();
    if (failed(conversion::lowerEarlyExits(top)))
      return signalPassFailure();

    TileAATypeConverter converter(ctx);
    auto mapper = [&converter](StringRef name, Attribute a) {
      return mapAttr(converter, name, a);
    };
    RewritePatternSet patterns(ctx);
    auto rename = [&](StringRef from, StringRef to) {
      patterns.add<RenameOpPattern>(converter, ctx,
                                    ("cuda_tile." + from).str(),
                                    ("nv_tileaa." + to).str(), mapper);
    };
#define MIRROR_OP(CLASS, MNEMONIC) rename(MNEMONIC, MNEMONIC);
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
    rename("return", "return");
    rename("make_tensor_view", "make_memref");
    rename("make_partition_view", "make_tiled_view");
    rename("make_strided_view", "make_tiled_view");
    rename("make_gather_scatter_view", "make_tiled_view");
    rename("get_tensor_shape", "memref_shape");
    rename("get_index_space_shape", "index_space_shape");
    rename("load_view_tko", "tiled_load");
    rename("store_view_tko", "tiled_store");
    rename("atomic_red_view_tko", "tiled_atomic_rmw");
    rename("mmaf", "dot");
    rename("mmai", "dot_int");
    rename("mmaf_scaled", "mma_block_scale");
    conversion::populateControlFlowToSCFPatterns(converter, patterns);
    patterns.add<FuncPattern<cuda_tile::EntryOp>>(converter, ctx, true);
    patterns.add<FuncPattern<cuda_tile::TestingFuncOp>>(converter, ctx, false);

    ConversionTarget target(*ctx);
    target.addLegalDialect<nv_tileaa::NvTileAADialect, scf::SCFDialect,
                           arith::ArithDialect>();
    target.addIllegalDialect<cuda_tile::CudaTileDialect>();
    target.addLegalOp<ModuleOp>();
    if (failed(applyFullConversion(top, target, std::move(patterns))))
      signalPassFailure();
  }

  /// Moves the contents of every cuda_tile.module into the builtin module
  /// (which takes the name of the first one) and erases it.
  LogicalResult dissolveModules(ModuleOp top) {
    SmallVector<cuda_tile::ModuleOp> modules(
        top.getBody()->getOps<cuda_tile::ModuleOp>());
    for (cuda_tile::ModuleOp m : modules) {
      if (!top.getSymName())
        top.setSymName(m.getSymName());
      Block &body = m.getBody().front();
      top.getBody()->getOperations().splice(Block::iterator(m),
                                            body.getOperations());
      m.erase();
    }
    WalkResult nested = top.walk([](cuda_tile::ModuleOp m) {
      m.emitOpError("must be directly inside the top-level module");
      return WalkResult::interrupt();
    });
    return failure(nested.wasInterrupted());
  }
};

} // namespace
