//===- TileASToLLVM.cpp - nv_tileas kernels to llvm.func over threads -----===//
//
// convert-tileas-to-llvm: one partial dialect conversion with a 1:N type
// converter. Every tensor becomes the scalars one thread holds of it
// (ThreadMap.h), memrefs and tiled views their base pointer plus i64 sizes
// and strides, pointers !llvm.ptr, tokens an i1 placeholder; kernels become
// llvm.func with nvvm.kernel. Scalar arith/math/scf stay for
// tilec-finalize-llvm; scf structure is rewritten by upstream's structural
// type conversion. The element-wise and memory patterns live here, the ops
// that move data between threads in TileASToLLVMShared.cpp.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck {
#define GEN_PASS_DEF_CONVERTTILEASTOLLVM
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;

namespace aa = tilecheck::nv_tileaa;
namespace as = tilecheck::nv_tileas;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type tilecheck::backend::convertElementType(Type t) {
  if (auto p = dyn_cast<aa::PtrType>(t))
    return LLVM::LLVMPointerType::get(t.getContext(), p.getAddressSpace());
  if (auto i = dyn_cast<IntegerType>(t)) {
    if (i.getWidth() == 4)
      return IntegerType::get(t.getContext(), 8);
    return (i.getWidth() == 1 || i.getWidth() % 8 == 0) && i.getWidth() <= 64
               ? t
               : Type();
  }
  if (t.isF16() || t.isBF16() || t.isF32() || t.isF64())
    return t;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
          Float4E2M1FNType>(t))
    return IntegerType::get(t.getContext(), 8);
  if (t.isTF32())
    return Float32Type::get(t.getContext());
  return Type();
}

int64_t tilecheck::backend::storageBytes(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 8;
  unsigned bits = t.getIntOrFloatBitWidth();
  return bits <= 8 ? 1 : bits / 8;
}

BackendTypeConverter::BackendTypeConverter(MLIRContext *ctx, ThreadMap map)
    : map(map) {
  addConversion([](Type t) { return t; });
  // Scalars of f8, f4, tf32 and i4 by their storage (NarrowFloats.cpp).
  addConversion([](FloatType t) -> std::optional<Type> {
    if (isNarrowFloat(t))
      return convertElementType(t);
    return std::nullopt;
  });
  addConversion([](IntegerType t) -> std::optional<Type> {
    if (isNibble(t))
      return convertElementType(t);
    return std::nullopt;
  });
  addConversion(
      [this](RankedTensorType t,
             SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
        Type e = convertElementType(t.getElementType());
        if (!e)
          return failure();
        out.append(this->map.slots(t.getNumElements()), e);
        return success();
      });
  addConversion([](aa::PtrType t) -> Type {
    return LLVM::LLVMPointerType::get(t.getContext(), t.getAddressSpace());
  });
  addConversion([](aa::MemTokenType t) -> Type {
    return IntegerType::get(t.getContext(), 1);
  });
  // A pipeline is its area of shared memory, an iterator its position
  // (Pipelines.cpp).
  addConversion([](as::PipelineType t) -> Type {
    return LLVM::LLVMPointerType::get(t.getContext(), 3);
  });
  // A shared-memory buffer is its address (SharedMemory.cpp).
  addConversion([](as::SmemType t) -> Type {
    return LLVM::LLVMPointerType::get(t.getContext(), 3);
  });
  addConversion([](as::IteratorType t) -> Type {
    return IntegerType::get(t.getContext(), 64);
  });
  // Async tokens all come from create_none (nothing pending): placeholders,
  // as memory tokens are; a future is the value it holds (Pipelines.cpp).
  addConversion([](as::TokenType t) -> Type {
    return IntegerType::get(t.getContext(), 1);
  });
  addConversion(
      [this](as::FutureType t,
             SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
        return convertType(t.getValueType(), out);
      });
  auto memrefParts = [ctx](aa::MemrefType m, SmallVectorImpl<Type> &out) {
    out.push_back(LLVM::LLVMPointerType::get(ctx, m.getAddressSpace()));
    out.append(2 * m.getRank(), IntegerType::get(ctx, 64));
  };
  addConversion([memrefParts](aa::MemrefType t, SmallVectorImpl<Type> &out)
                    -> std::optional<LogicalResult> {
    memrefParts(t, out);
    return success();
  });
  addConversion([memrefParts](aa::TiledViewType t, SmallVectorImpl<Type> &out)
                    -> std::optional<LogicalResult> {
    memrefParts(t.getMemref(), out);
    return success();
  });
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

namespace {

LogicalResult lowerFunc(aa::FuncOp op, OneToN<aa::FuncOp> adaptor,
                        Rewriter &rewriter, const BackendTypeConverter &tc) {
  if (!op.getResultTypes().empty())
    return rewriter.notifyMatchFailure(op, "functions with results");
  TypeConverter::SignatureConversion sig(op.getNumArguments());
  for (auto [i, t] : llvm::enumerate(op.getArgumentTypes())) {
    SmallVector<Type> converted;
    if (failed(tc.convertType(t, converted)))
      return rewriter.notifyMatchFailure(op, "argument type");
    sig.addInputs(i, converted);
  }
  MLIRContext *ctx = op.getContext();
  // The allocas' global scratch: one more parameter (Kernel ABI).
  auto scratch = op->getAttrOfType<IntegerAttr>(kGlobalScratchAttr);
  if (scratch)
    sig.addInputs(LLVM::LLVMPointerType::get(ctx, 1));
  auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                          sig.getConvertedTypes());
  auto fn =
      LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(), type);
  if (op.isKernel()) {
    fn->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
    int32_t threads = static_cast<int32_t>(tc.map.blockThreads());
    fn->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                rewriter.getDenseI32ArrayAttr({threads, 1, 1}));
    fn->setAttr(kThreadsAttr, rewriter.getI32IntegerAttr(threads));
  }
  if (scratch)
    fn->setAttr(kGlobalScratchAttr, scratch);
  rewriter.inlineRegionBefore(op.getBody(), fn.getBody(), fn.end());
  if (failed(rewriter.convertRegionTypes(&fn.getBody(), tc, &sig)))
    return rewriter.notifyMatchFailure(op, "region types");
  rewriter.eraseOp(op);
  return success();
}

LogicalResult lowerReturn(aa::ReturnOp op, OneToN<aa::ReturnOp> adaptor,
                          Rewriter &rewriter) {
  if (op->getNumOperands() != 0)
    return rewriter.notifyMatchFailure(op, "returned values");
  rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
  return success();
}

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

bool hasTensor(Operation *op) {
  auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

/// Whether an upstream op needs the backend's patterns: it holds tensors or
/// f8/f4/tf32/i4 values (whose storage type differs).
bool needsConversion(Operation *op) {
  return hasTensor(op) || hasNarrowFloat(op) || hasNibble(op);
}

/// arith and math ops over tensors: the same op once per slot on scalars.
LogicalResult lowerTensorArithMath(Operation *op, ArrayRef<ValueRange> operands,
                                   Rewriter &rewriter,
                                   const BackendTypeConverter &tc) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      isa<arith::ConstantOp>(op) || !needsConversion(op))
    return failure();
  if (op->getNumResults() == 0)
    return failure();
  SmallVector<Type> resultTypes;
  int64_t slots = 1;
  for (Type t : op->getResultTypes()) {
    SmallVector<Type> converted;
    if (failed(tc.convertType(t, converted)) || converted.empty())
      return rewriter.notifyMatchFailure(op, "result type");
    slots = converted.size();
    resultTypes.push_back(converted.front());
  }
  SmallVector<SmallVector<Value>> results(op->getNumResults());
  for (int64_t s = 0; s < slots; ++s) {
    SmallVector<Value> ins;
    for (ValueRange r : operands)
      ins.push_back(slotOf(r, s));
    // A bitcast between an f8 and i8 is the storage itself.
    if (isa<arith::BitcastOp>(op) && ins[0].getType() == resultTypes[0]) {
      results[0].push_back(ins[0]);
      continue;
    }
    // Comparisons of i4 (which the canonicalizer makes of comparisons of
    // extended i4 values): the zero-extended bytes order as the unsigned
    // values; signed predicates compare the sign-extended bytes.
    if (auto cmp = dyn_cast<arith::CmpIOp>(op);
        cmp && hasNibble(op->getOperandTypes())) {
      arith::CmpIPredicate p = cmp.getPredicate();
      bool isSignedPred =
          p == arith::CmpIPredicate::slt || p == arith::CmpIPredicate::sle ||
          p == arith::CmpIPredicate::sgt || p == arith::CmpIPredicate::sge;
      Value l = ins[0], r = ins[1];
      if (isSignedPred) {
        l = castNibble(rewriter, op->getLoc(), l, l.getType(), true, true,
                       false);
        r = castNibble(rewriter, op->getLoc(), r, r.getType(), true, true,
                       false);
      }
      results[0].push_back(
          arith::CmpIOp::create(rewriter, op->getLoc(), p, l, r));
      continue;
    }
    // Resizes from or to i4, held in a byte (NarrowFloats.cpp).
    if (isa<arith::TruncIOp, arith::ExtSIOp, arith::ExtUIOp>(op) &&
        hasNibble(op)) {
      results[0].push_back(castNibble(rewriter, op->getLoc(), ins[0],
                                      resultTypes[0], isa<arith::ExtSIOp>(op),
                                      hasNibble(op->getOperandTypes()),
                                      hasNibble(op->getResultTypes())));
      continue;
    }
    OperationState state(op->getLoc(), op->getName().getStringRef(), ins,
                         resultTypes, op->getAttrs());
    // Self-test bug "backend-cmpi-signedness": unsigned orderings signed.
    if (auto cmp = dyn_cast<arith::CmpIOp>(op);
        cmp &&
        selftest::isInjected(selftest::InjectedBug::BackendCmpISignedness)) {
      arith::CmpIPredicate pred = cmp.getPredicate();
      std::optional<arith::CmpIPredicate> signedPred =
          pred == arith::CmpIPredicate::ult   ? arith::CmpIPredicate::slt
          : pred == arith::CmpIPredicate::ule ? arith::CmpIPredicate::sle
          : pred == arith::CmpIPredicate::ugt ? arith::CmpIPredicate::sgt
          : pred == arith::CmpIPredicate::uge
              ? std::optional(arith::CmpIPredicate::sge)
              : std::nullopt;
      if (signedPred)
        state.attributes.set(
            cmp.getPredicateAttrName(),
            arith::CmpIPredicateAttr::get(op->getContext(), *signedPred));
    }
    Operation *scalar = rewriter.create(state);
    for (auto [i, r] : llvm::enumerate(scalar->getResults()))
      results[i].push_back(r);
  }
  rewriter.replaceOpWithMultiple(op, std::move(results));
  return success();
}

/// nv_tileas element-wise ops (tensor or scalar form): one scalar lowering
/// (ScalarOps.cpp) per slot.
LogicalResult lowerNvElementwise(Operation *op, ArrayRef<ValueRange> operands,
                                 Rewriter &rewriter,
                                 const BackendTypeConverter &tc) {
  if (!isa<as::NvTileASDialect>(op->getDialect()) || !isScalarLowerable(op) ||
      op->getNumResults() != 1)
    return failure();
  SmallVector<Type> converted;
  if (failed(tc.convertType(op->getResult(0).getType(), converted)) ||
      converted.empty())
    return rewriter.notifyMatchFailure(op, "result type");
  SmallVector<Value> results;
  for (int64_t s = 0, e = converted.size(); s < e; ++s) {
    SmallVector<Value> ins;
    for (ValueRange r : operands)
      ins.push_back(slotOf(r, s));
    FailureOr<Value> v = lowerScalarOp(rewriter, op, ins, converted.front());
    if (failed(v))
      return failure();
    results.push_back(*v);
  }
  rewriter.replaceOpWithMultiple(op, {results});
  return success();
}

//===----------------------------------------------------------------------===//
// Constants, indices, block ids, tokens
//===----------------------------------------------------------------------===//

/// A dense tensor constant: a splat is one scalar for every slot; other
/// values are read by element index from an internal global.
/// (arith.constant, or nv_tileas.constant where a folder made one; a scalar
/// nv_tileas.constant becomes the arith.constant of its one value.)
template <typename OpT>
LogicalResult lowerTensorConstant(OpT op, OneToN<OpT>, Rewriter &rewriter,
                                  const ThreadMap &map) {
  DenseElementsAttr dense =
      dyn_cast<DenseElementsAttr>(Attribute(op.getValue()));
  Operation *constant = op;
  auto type = dyn_cast<RankedTensorType>(constant->getResult(0).getType());
  if (!type) {
    if (!std::is_same_v<OpT, as::ConstantOp> || !dense || !dense.isSplat())
      return failure();
    Attribute v = dense.getSplatValue<Attribute>();
    if (auto f = dyn_cast<FloatAttr>(v); f && isNarrowFloat(f.getType()))
      v = narrowFloatStorage(f);
    if (auto i = dyn_cast<IntegerAttr>(v); i && isNibble(i.getType()))
      v = nibbleStorage(i);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, cast<TypedAttr>(v));
    return success();
  }
  Type elem = convertElementType(type.getElementType());
  if (!dense || !elem || isa<LLVM::LLVMPointerType>(elem))
    return rewriter.notifyMatchFailure(op, "constant kind");
  if (isNibble(type.getElementType()))
    dense = nibbleStorage(dense);
  else if (isNarrowFloat(type.getElementType()))
    dense = narrowFloatStorage(dense);
  int64_t n = type.getNumElements(), slots = map.slots(n);
  Location loc = op.getLoc();
  if (dense.isSplat()) {
    Value v = arith::ConstantOp::create(
        rewriter, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
    rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(slots, v)});
    return success();
  }
  // i1 data is stored as bytes.
  Type storage = elem.isInteger(1) ? rewriter.getI8Type() : elem;
  auto flat = RankedTensorType::get({n}, storage);
  DenseElementsAttr data;
  if (storage == elem) {
    data = dense.reshape(flat);
  } else {
    SmallVector<int8_t> bytes;
    for (bool b : dense.getValues<bool>())
      bytes.push_back(b ? 1 : 0);
    data = DenseElementsAttr::get(flat, ArrayRef<int8_t>(bytes));
  }
  auto module = constant->getParentOfType<ModuleOp>();
  auto arrayType = LLVM::LLVMArrayType::get(storage, n);
  // Equal constants share one global (the conversion driver may also
  // apply this pattern to the same constant more than once).
  std::string name = constantGlobal(rewriter, loc, module, "__tilec_const",
                                    arrayType, data, /*alignment=*/16);
  Value base = LLVM::AddressOfOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(op.getContext(), 1), name);
  ThreadIndexer ix(rewriter, loc, map);
  SmallVector<Value> values;
  for (int64_t s = 0; s < slots; ++s) {
    Value e = ix.element(n, s);
    Value addr = LLVM::GEPOp::create(rewriter, loc, base.getType(), storage,
                                     base, ValueRange{e});
    Value v = LLVM::LoadOp::create(rewriter, loc, storage, addr);
    if (storage != elem)
      v = arith::TruncIOp::create(rewriter, loc, elem, v);
    values.push_back(v);
  }
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

/// A scalar f8, f4, tf32 or i4 constant: its storage.
LogicalResult lowerNarrowScalarConstant(arith::ConstantOp op,
                                        OneToN<arith::ConstantOp>,
                                        Rewriter &rewriter) {
  if (auto i = dyn_cast<IntegerAttr>(op.getValue());
      i && isNibble(i.getType())) {
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, nibbleStorage(i));
    return success();
  }
  auto value = dyn_cast<FloatAttr>(op.getValue());
  if (!value || !isNarrowFloat(value.getType()))
    return failure();
  rewriter.replaceOpWithNewOp<arith::ConstantOp>(
      op, cast<TypedAttr>(narrowFloatStorage(value)));
  return success();
}

LogicalResult lowerIota(as::IotaOp op, OneToN<as::IotaOp> adaptor,
                        Rewriter &rewriter, const ThreadMap &map) {
  auto type = cast<RankedTensorType>(op.getType());
  int64_t n = type.getNumElements();
  Type elem = type.getElementType();
  ThreadIndexer ix(rewriter, op.getLoc(), map);
  SmallVector<Value> values;
  for (int64_t s = 0, e = map.slots(n); s < e; ++s)
    values.push_back(castInteger(rewriter, op.getLoc(), ix.element(n, s), elem,
                                 /*isSigned=*/false));
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

template <typename OpT, typename X, typename Y, typename Z>
LogicalResult lowerGridQuery(OpT op, OneToN<OpT>, Rewriter &rewriter) {
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type();
  rewriter.replaceOp(op, ValueRange{X::create(rewriter, loc, i32),
                                    Y::create(rewriter, loc, i32),
                                    Z::create(rewriter, loc, i32)});
  return success();
}

/// Tokens order memory operations; below nv_tileas every store is fenced
/// by block barriers on both sides, so a token is only a placeholder.
template <typename OpT>
LogicalResult lowerToken(OpT op, OneToN<OpT>, Rewriter &rewriter) {
  rewriter.replaceOp(op, arith::ConstantOp::create(rewriter, op.getLoc(),
                                                   rewriter.getBoolAttr(false))
                             .getResult());
  return success();
}

/// Ops that are the identity on the thread map: assume (its predicate is a
/// promise the backend does not use yet), reshape (same elements, same
/// linear order) and convert_layout (one register distribution for every
/// layout so far).
template <typename OpT>
LogicalResult lowerIdentity(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter) {
  rewriter.replaceOpWithMultiple(op, {adaptor.getOperands().front()});
  return success();
}

//===----------------------------------------------------------------------===//
// Memrefs and tiled views
//===----------------------------------------------------------------------===//

LogicalResult lowerMakeMemref(as::MakeMemRefOp op,
                              OneToN<as::MakeMemRefOp> adaptor,
                              Rewriter &rewriter) {
  auto type = cast<aa::MemrefType>(op.getType());
  Location loc = op.getLoc();
  SmallVector<Value> parts{adaptor.getBase().front()};
  auto take = [&](ArrayRef<int64_t> sizes, ArrayRef<ValueRange> dynamic) {
    unsigned next = 0;
    for (int64_t v : sizes) {
      if (ShapedType::isDynamic(v))
        parts.push_back(castInteger(rewriter, loc, dynamic[next++].front(),
                                    rewriter.getI64Type(),
                                    /*isSigned=*/true));
      else
        parts.push_back(arith::ConstantOp::create(
            rewriter, loc, rewriter.getI64IntegerAttr(v)));
    }
  };
  take(type.getShape(), adaptor.getDynamicShape());
  take(type.getStrides(), adaptor.getDynamicStrides());
  rewriter.replaceOpWithMultiple(op, {parts});
  return success();
}

LogicalResult lowerMemrefShape(as::MemRefShapeOp op,
                               OneToN<as::MemRefShapeOp> adaptor,
                               Rewriter &rewriter) {
  ValueRange parts = adaptor.getSrc();
  SmallVector<Value> results;
  for (auto [d, r] : llvm::enumerate(op->getResults()))
    results.push_back(castInteger(rewriter, op.getLoc(), parts[1 + d],
                                  r.getType(), /*isSigned=*/false));
  rewriter.replaceOp(op, results);
  return success();
}

/// The extent of a tiled view's index space per index dimension (the
/// interpreter's indexExtent): ceil(size / tile) for partition views,
/// ceil(size / traversal stride) for strided ones, and for gather/scatter
/// views the tensor size along the sparse dimension.
LogicalResult lowerIndexSpaceShape(as::IndexSpaceShapeOp op,
                                   OneToN<as::IndexSpaceShapeOp> adaptor,
                                   Rewriter &rewriter) {
  auto view = cast<aa::TiledViewType>(op.getSrc().getType());
  ValueRange parts = adaptor.getSrc();
  Location loc = op.getLoc();
  SmallVector<Value> results;
  for (auto [k, r] : llvm::enumerate(op->getResults())) {
    bool gather = view.getKind() == aa::TiledViewKind::GatherScatter;
    unsigned d = gather || view.getDimMap().empty() ? k : view.getDimMap()[k];
    Value size = parts[1 + d];
    Value extent = size;
    // A gather/scatter view's indices, sparse and dense, are tensor
    // coordinates (locate).
    if (!gather) {
      int64_t step = view.getKind() == aa::TiledViewKind::Strided
                         ? view.getTraversalStrides()[k]
                         : view.getTileShape()[k];
      extent = arith::CeilDivUIOp::create(
          rewriter, loc, size,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getI64IntegerAttr(step)));
    }
    results.push_back(castInteger(rewriter, loc, extent, r.getType(),
                                  /*isSigned=*/false));
  }
  rewriter.replaceOp(op, results);
  return success();
}

} // namespace

LogicalResult tilecheck::backend::lowerTiledWrite(
    Operation *op, ConversionPatternRewriter &rewriter, const ThreadMap &map,
    aa::TiledViewType view, ValueRange viewParts, ArrayRef<ValueRange> index,
    int64_t n, function_ref<void(int64_t, const TileAddress &, Value)> write,
    int64_t width) {
  Location loc = op->getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  ix.barrier();
  RowStage rows(ix, view, index);
  auto rowAt = [&](Value j) { return rows.rowAt(j); };
  // 4-bit elements: the low nibbles, a barrier, the high nibbles.
  bool nibbles = isNibble(view.getMemref().getElementType());
  for (int round = 0, rounds = nibbles ? 2 : 1; round < rounds; ++round) {
    if (round > 0)
      ix.barrier();
    for (int64_t s = 0, e = map.slots(n); s < e; s += width) {
      FailureOr<TileAddress> at =
          locate(rewriter, loc, map, view, viewParts, index, s,
                 rows.active() ? function_ref<Value(Value)>(rowAt) : nullptr);
      if (failed(at))
        return failure();
      Value when = arith::AndIOp::create(
          rewriter, loc, at->inBounds,
          arith::AndIOp::create(rewriter, loc, ix.owner(n, s), ix.writer()));
      if (nibbles)
        when = arith::AndIOp::create(
            rewriter, loc, when,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                  at->nibbleShift, ix.i8(4 * round)));
      write(s, *at, when);
    }
  }
  ix.barrier();
  rewriter.replaceOp(op, ix.boolean(false));
  return success();
}

FailureOr<TileAddress>
tilecheck::backend::locate(OpBuilder &b, Location loc, ThreadMap map,
                           aa::TiledViewType view, ValueRange parts,
                           ArrayRef<ValueRange> index, int64_t slot,
                           function_ref<Value(Value)> rowAt) {
  bool gather = view.getKind() == aa::TiledViewKind::GatherScatter;
  if (gather && !rowAt)
    return failure();
  ThreadIndexer ix(b, loc, map);
  ArrayRef<int64_t> tile = view.getTileShape();
  unsigned rank = tile.size();
  int64_t n = 1;
  for (int64_t d : tile)
    n *= d;
  Value e = ix.element(n, slot);
  SmallVector<Value> j = ix.coords(e, tile);
  aa::MemrefType memref = view.getMemref();
  Type elem = convertElementType(memref.getElementType());
  if (!elem)
    return failure();
  Value inBounds = ix.boolean(true);
  Value offset = ix.i64(0);
  for (unsigned k = 0; k < rank; ++k) {
    unsigned d = view.getDimMap().empty() ? k : view.getDimMap()[k];
    // A partition index counts tiles, a strided one traversal strides; a
    // gather/scatter view's dense index is the tensor coordinate its chunk
    // starts at.
    int64_t step = view.getKind() == aa::TiledViewKind::Strided
                       ? view.getTraversalStrides()[k]
                   : gather ? 1
                            : tile[k];
    Value coord;
    if (gather && static_cast<int64_t>(k) == view.getSparseDim()) {
      // The tile's row j[k] is the tensor row rows[j[k]] (unsigned).
      coord = castInteger(b, loc, rowAt(j[k]), b.getI64Type(),
                          /*isSigned=*/false);
    } else {
      Value idx = castInteger(b, loc, index[k].front(), b.getI64Type(),
                              /*isSigned=*/false);
      coord = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, idx, ix.i64(step)),
          castInteger(b, loc, j[k], b.getI64Type(), /*isSigned=*/false));
    }
    Value size = parts[1 + d], stride = parts[1 + rank + d];
    inBounds = arith::AndIOp::create(
        b, loc, inBounds,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, coord, size));
    offset = arith::AddIOp::create(
        b, loc, offset, arith::MulIOp::create(b, loc, coord, stride));
  }
  Type storage = elem.isInteger(1) ? b.getI8Type() : elem;
  if (isNibble(memref.getElementType())) {
    // Element `offset` is nibble offset % 2 of byte offset / 2 (the offset
    // is a sum of unsigned coordinates times positive strides).
    Value one = ix.i64(1);
    Value byte = arith::ShRUIOp::create(b, loc, offset, one);
    Value shift = arith::ShLIOp::create(
        b, loc, arith::AndIOp::create(b, loc, offset, one), ix.i64(2));
    Value pointer = LLVM::GEPOp::create(
        b, loc, parts[0].getType(), b.getI8Type(), parts[0], ValueRange{byte});
    return TileAddress{
        pointer, inBounds,
        arith::TruncIOp::create(b, loc, b.getI8Type(), shift).getResult()};
  }
  Value pointer = LLVM::GEPOp::create(b, loc, parts[0].getType(), storage,
                                      parts[0], ValueRange{offset});
  return TileAddress{pointer, inBounds};
}

namespace {

/// The width tiledAccessWidth chose for a tiled load or store.
int64_t recordedAccessWidth(Operation *op) {
  auto width = op->getAttrOfType<IntegerAttr>(kAccessWidthAttr);
  return width ? std::max<int64_t>(1, width.getInt()) : 1;
}

/// The padding value of a view of `elem` elements as its storage.
Value paddingValue(OpBuilder &b, Location loc, Type elem,
                   cuda_tile::PaddingValueAttr padding) {
  Type storage = convertElementType(elem);
  llvm::APInt bits = paddingBits(elem, padding);
  if (auto f = dyn_cast<FloatType>(storage))
    return arith::ConstantOp::create(
        b, loc, FloatAttr::get(f, llvm::APFloat(f.getFloatSemantics(), bits)));
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(storage, bits));
}

/// A tf32 element read from memory in its canonical form: the hardware
/// ignores the low 13 bits of the f32 container, and so does the
/// interpreter (readElement). Other types are read as they are.
void canonicalizeLoaded(OpBuilder &b, Location loc, Type elem,
                        MutableArrayRef<Value> values) {
  if (!elem.isTF32())
    return;
  for (Value &v : values)
    v = canonicalTF32(b, loc, v);
}

LogicalResult lowerTiledLoad(as::TiledLoadOp op,
                             OneToN<as::TiledLoadOp> adaptor,
                             Rewriter &rewriter, const ThreadMap &map) {
  if (op->hasAttr(kAsyncCopyAttr))
    return rewriter.notifyMatchFailure(op, "a cp.async (Pipelines.cpp)");
  auto view = cast<aa::TiledViewType>(op.getView().getType());
  auto type = cast<RankedTensorType>(op.getTile().getType());
  Type elem = convertElementType(type.getElementType());
  if (!elem)
    return rewriter.notifyMatchFailure(op, "element type");
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  RowStage rows(ix, view, adaptor.getIndex());
  auto rowAt = [&](Value j) { return rows.rowAt(j); };
  SmallVector<Value> values;
  int64_t n = type.getNumElements();
  int64_t width = recordedAccessWidth(op);
  for (int64_t s = 0, e = map.slots(n); s < e; s += width) {
    FailureOr<TileAddress> at =
        locate(rewriter, loc, map, view, adaptor.getView(), adaptor.getIndex(),
               s, rows.active() ? function_ref<Value(Value)>(rowAt) : nullptr);
    if (failed(at))
      return failure();
    Value pad = paddingValue(rewriter, loc, type.getElementType(),
                             view.getPaddingValue());
    if (at->nibbleShift) {
      // The element's byte (padding in both nibbles past the tensor
      // edge), shifted down to its nibble.
      Value both = arith::OrIOp::create(
          rewriter, loc, pad,
          arith::ShLIOp::create(rewriter, loc, pad, ix.i8(4)));
      Value byte = guardedLoad(rewriter, loc, elem, at->pointer, at->inBounds,
                               both, op.getMemoryOrderingSemantics());
      values.push_back(arith::AndIOp::create(
          rewriter, loc,
          arith::ShRUIOp::create(rewriter, loc, byte, at->nibbleShift),
          ix.i8(0x0F)));
      continue;
    }
    if (width > 1) {
      llvm::append_range(values,
                         guardedVectorLoad(rewriter, loc, elem, width,
                                           at->pointer, at->inBounds, pad));
      continue;
    }
    values.push_back(guardedLoad(rewriter, loc, elem, at->pointer, at->inBounds,
                                 pad, op.getMemoryOrderingSemantics()));
  }
  rows.done();
  canonicalizeLoaded(rewriter, loc, type.getElementType(), values);
  Value token = ix.boolean(false);
  rewriter.replaceOpWithMultiple(op, {values, SmallVector<Value>{token}});
  return success();
}

/// Stores the 4-bit element `value` (its code in a byte) at `at` where
/// `when` holds: its byte is rewritten with the other nibble as it was
/// (lowerTiledWrite keeps threads from rewriting one byte at once).
void nibbleStore(OpBuilder &b, Location loc, Value value, const TileAddress &at,
                 Value when) {
  scf::IfOp::create(b, loc, when, [&](OpBuilder &t, Location l) {
    Type i8 = t.getI8Type();
    auto c = [&](int64_t v) {
      return arith::ConstantOp::create(t, l, t.getIntegerAttr(i8, v));
    };
    Value old = LLVM::LoadOp::create(t, l, i8, at.pointer, 1);
    Value keep = arith::XOrIOp::create(
        t, l, arith::ShLIOp::create(t, l, c(0x0F), at.nibbleShift), c(-1));
    Value bits = arith::ShLIOp::create(t, l, value, at.nibbleShift);
    Value merged = arith::OrIOp::create(
        t, l, arith::AndIOp::create(t, l, old, keep), bits);
    LLVM::StoreOp::create(t, l, merged, at.pointer, 1);
    scf::YieldOp::create(t, l);
  });
}

LogicalResult lowerTiledStore(as::TiledStoreOp op,
                              OneToN<as::TiledStoreOp> adaptor,
                              Rewriter &rewriter, const ThreadMap &map) {
  auto type = cast<RankedTensorType>(op.getTile().getType());
  int64_t n = type.getNumElements();
  int64_t width = recordedAccessWidth(op);
  return lowerTiledWrite(
      op, rewriter, map, cast<aa::TiledViewType>(op.getView().getType()),
      adaptor.getView(), adaptor.getIndex(), n,
      [&](int64_t s, const TileAddress &at, Value when) {
        if (at.nibbleShift)
          nibbleStore(rewriter, op.getLoc(), adaptor.getTile()[s], at, when);
        else if (width > 1)
          guardedVectorStore(rewriter, op.getLoc(),
                             adaptor.getTile().slice(s, width), at.pointer,
                             when);
        else
          guardedStore(rewriter, op.getLoc(), adaptor.getTile()[s], at.pointer,
                       when, op.getMemoryOrderingSemantics());
      },
      width);
}

//===----------------------------------------------------------------------===//
// Pointer tiles
//===----------------------------------------------------------------------===//

LogicalResult lowerOffset(as::OffsetOp op, OneToN<as::OffsetOp> adaptor,
                          Rewriter &rewriter) {
  Type ptrType = mirrorElementType(op.getPtr().getType());
  Type pointee =
      convertElementType(cast<aa::PtrType>(ptrType).getPointeeType());
  if (!pointee)
    return rewriter.notifyMatchFailure(op, "pointee type");
  Type storage = pointee.isInteger(1) ? rewriter.getI8Type() : pointee;
  bool nibble = isNibble(cast<aa::PtrType>(ptrType).getPointeeType());
  Location loc = op.getLoc();
  SmallVector<Value> values;
  ValueRange ptrs = adaptor.getPtr(), offsets = adaptor.getOffset();
  for (size_t s = 0; s < std::max(ptrs.size(), offsets.size()); ++s) {
    Value off = castInteger(rewriter, loc, slotOf(offsets, s),
                            rewriter.getI64Type(), /*isSigned=*/true);
    // Two 4-bit elements per byte (an odd offset is undefined behaviour).
    if (nibble)
      off = arith::ShRSIOp::create(
          rewriter, loc, off,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getI64IntegerAttr(1)));
    values.push_back(LLVM::GEPOp::create(rewriter, loc,
                                         slotOf(ptrs, s).getType(), storage,
                                         slotOf(ptrs, s), ValueRange{off}));
  }
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

LogicalResult lowerLoadPtr(as::LoadPtrTkoOp op,
                           OneToN<as::LoadPtrTkoOp> adaptor, Rewriter &rewriter,
                           const ThreadMap &map) {
  Type elem = convertElementType(mirrorElementType(op.getResult().getType()));
  if (!elem)
    return rewriter.notifyMatchFailure(op, "element type");
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  SmallVector<Value> values;
  ValueRange ptrs = adaptor.getSource();
  for (size_t s = 0; s < ptrs.size(); ++s) {
    Value when = adaptor.getMask().empty() ? ix.boolean(true)
                                           : slotOf(adaptor.getMask(), s);
    Value pad = adaptor.getPaddingValue().empty()
                    ? arith::ConstantOp::create(rewriter, loc,
                                                rewriter.getZeroAttr(elem))
                          .getResult()
                    : slotOf(adaptor.getPaddingValue(), s);
    values.push_back(guardedLoad(rewriter, loc, elem, ptrs[s], when, pad,
                                 op.getMemoryOrderingSemantics()));
  }
  canonicalizeLoaded(rewriter, loc, mirrorElementType(op.getResult().getType()),
                     values);
  rewriter.replaceOpWithMultiple(
      op, {values, SmallVector<Value>{ix.boolean(false)}});
  return success();
}

LogicalResult lowerStorePtr(as::StorePtrTkoOp op,
                            OneToN<as::StorePtrTkoOp> adaptor,
                            Rewriter &rewriter, const ThreadMap &map) {
  int64_t n = mirrorNumElements(op.getDestination().getType());
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  ix.barrier();
  ValueRange ptrs = adaptor.getDestination();
  for (size_t s = 0; s < ptrs.size(); ++s) {
    Value when = arith::AndIOp::create(
        rewriter, loc, ownedAndUnmasked(ix, n, s, adaptor.getMask()),
        ix.writer());
    guardedStore(rewriter, loc, slotOf(adaptor.getValue(), s), ptrs[s], when,
                 op.getMemoryOrderingSemantics());
  }
  ix.barrier();
  rewriter.replaceOp(op, ix.boolean(false));
  return success();
}

/// Pointer casts: int_to_ptr, ptr_to_int, ptr_to_ptr.
LogicalResult lowerPtrCast(Operation *op, ArrayRef<ValueRange> operands,
                           Rewriter &rewriter, const BackendTypeConverter &tc) {
  if (!isa<as::IntToPtrOp, as::PtrToIntOp, as::PtrToPtrOp>(op))
    return failure();
  SmallVector<Type> converted;
  if (failed(tc.convertType(op->getResult(0).getType(), converted)))
    return failure();
  Location loc = op->getLoc();
  SmallVector<Value> values;
  for (Value v : operands[0]) {
    if (isa<as::IntToPtrOp>(op))
      values.push_back(
          LLVM::IntToPtrOp::create(rewriter, loc, converted.front(), v));
    else if (isa<as::PtrToIntOp>(op))
      values.push_back(
          LLVM::PtrToIntOp::create(rewriter, loc, converted.front(), v));
    else
      values.push_back(v);
  }
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

LogicalResult lowerAssert(as::AssertOp op, OneToN<as::AssertOp> adaptor,
                          Rewriter &rewriter) {
  Location loc = op.getLoc();
  Value all =
      arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
  for (Value v : adaptor.getCondition())
    all = arith::AndIOp::create(rewriter, loc, all, v);
  Value failed = arith::XOrIOp::create(
      rewriter, loc, all,
      arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
  scf::IfOp::create(rewriter, loc, failed, [&](OpBuilder &b, Location l) {
    LLVM::Trap::create(b, l);
    scf::YieldOp::create(b, l);
  });
  rewriter.eraseOp(op);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

Value tilecheck::backend::castInteger(OpBuilder &b, Location loc, Value v,
                                      Type to, bool isSigned) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isa<IndexType>(from) || isa<IndexType>(to))
    return arith::IndexCastOp::create(b, loc, to, v);
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw > tw)
    return arith::TruncIOp::create(b, loc, to, v);
  if (isSigned)
    return arith::ExtSIOp::create(b, loc, to, v);
  return arith::ExtUIOp::create(b, loc, to, v);
}

Type tilecheck::backend::mirrorElementType(Type t) {
  if (auto s = dyn_cast<ShapedType>(t))
    return s.getElementType();
  return t;
}

int64_t tilecheck::backend::mirrorNumElements(Type t) {
  if (auto s = dyn_cast<ShapedType>(t))
    return s.getNumElements();
  return 1;
}

std::string tilecheck::backend::uniqueSymbol(ModuleOp module,
                                             llvm::StringRef prefix) {
  for (unsigned i = 0;; ++i) {
    std::string name = (prefix + "_" + llvm::Twine(i)).str();
    if (!SymbolTable::lookupSymbolIn(module, name))
      return name;
  }
}

std::string tilecheck::backend::constantGlobal(OpBuilder &b, Location loc,
                                               ModuleOp module,
                                               llvm::StringRef prefix,
                                               Type type, Attribute value,
                                               unsigned alignment) {
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global.getName().starts_with(prefix) &&
        global.getGlobalType() == type && global.getValueOrNull() == value)
      return global.getName().str();
  std::string name = uniqueSymbol(module, prefix);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                         LLVM::Linkage::Internal, name, value, alignment,
                         /*addrSpace=*/1);
  return name;
}

LLVM::AtomicOrdering tilecheck::backend::orderingFor(as::MemSemantic sem,
                                                     MemAccess access) {
  switch (sem) {
  case as::MemSemantic::WEAK:
    return access == MemAccess::ReadModifyWrite
               ? LLVM::AtomicOrdering::monotonic
               : LLVM::AtomicOrdering::not_atomic;
  case as::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case as::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case as::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case as::MemSemantic::ACQ_REL:
    switch (access) {
    case MemAccess::Load:
      return LLVM::AtomicOrdering::acquire;
    case MemAccess::Store:
      return LLVM::AtomicOrdering::release;
    case MemAccess::ReadModifyWrite:
      return LLVM::AtomicOrdering::acq_rel;
    }
  }
  return LLVM::AtomicOrdering::seq_cst;
}

Value tilecheck::backend::guardedLoad(OpBuilder &b, Location loc, Type elem,
                                      Value pointer, Value when, Value other,
                                      as::MemSemantic sem) {
  Type storage = elem.isInteger(1) ? b.getI8Type() : elem;
  LLVM::AtomicOrdering ordering = orderingFor(sem, MemAccess::Load);
  auto ifOp = scf::IfOp::create(
      b, loc, when,
      [&](OpBuilder &t, Location l) {
        Value v =
            LLVM::LoadOp::create(t, l, storage, pointer, storageBytes(storage),
                                 /*isVolatile=*/false,
                                 /*isNonTemporal=*/false,
                                 /*isInvariant=*/false,
                                 /*isInvariantGroup=*/false, ordering);
        if (storage != elem)
          v = arith::TruncIOp::create(t, l, elem, v);
        scf::YieldOp::create(t, l, v);
      },
      [&](OpBuilder &e, Location l) { scf::YieldOp::create(e, l, other); });
  return ifOp.getResult(0);
}

void tilecheck::backend::guardedStore(OpBuilder &b, Location loc, Value value,
                                      Value pointer, Value when,
                                      as::MemSemantic sem) {
  LLVM::AtomicOrdering ordering = orderingFor(sem, MemAccess::Store);
  scf::IfOp::create(b, loc, when, [&](OpBuilder &t, Location l) {
    Value v = value;
    if (v.getType().isInteger(1))
      v = arith::ExtUIOp::create(t, l, t.getI8Type(), v);
    LLVM::StoreOp::create(t, l, v, pointer, storageBytes(v.getType()),
                          /*isVolatile=*/false, /*isNonTemporal=*/false,
                          /*isInvariantGroup=*/false, ordering);
    scf::YieldOp::create(t, l);
  });
}

SmallVector<Value> tilecheck::backend::loadRun(OpBuilder &b, Location loc,
                                               Type elem, int64_t w,
                                               Value pointer) {
  Value v = LLVM::LoadOp::create(b, loc, VectorType::get({w}, elem), pointer,
                                 w * storageBytes(elem));
  SmallVector<Value> parts;
  for (int64_t i = 0; i < w; ++i)
    parts.push_back(LLVM::ExtractElementOp::create(
        b, loc, v, arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(i))));
  return parts;
}

SmallVector<Value>
tilecheck::backend::guardedVectorLoad(OpBuilder &b, Location loc, Type elem,
                                      int64_t w, Value pointer, Value when,
                                      Value other) {
  auto ifOp = scf::IfOp::create(
      b, loc, when,
      [&](OpBuilder &t, Location l) {
        scf::YieldOp::create(t, l, loadRun(t, l, elem, w, pointer));
      },
      [&](OpBuilder &e, Location l) {
        scf::YieldOp::create(e, l, SmallVector<Value>(w, other));
      });
  return SmallVector<Value>(ifOp.getResults());
}

void tilecheck::backend::guardedVectorStore(OpBuilder &b, Location loc,
                                            ValueRange values, Value pointer,
                                            Value when) {
  Type elem = values.front().getType();
  int64_t w = values.size();
  auto vector = VectorType::get({w}, elem);
  scf::IfOp::create(b, loc, when, [&](OpBuilder &t, Location l) {
    Value v = LLVM::PoisonOp::create(t, l, vector);
    for (auto [i, x] : llvm::enumerate(values))
      v = LLVM::InsertElementOp::create(
          t, l, v, x,
          arith::ConstantOp::create(t, l, t.getI32IntegerAttr(int32_t(i))));
    LLVM::StoreOp::create(t, l, v, pointer, w * storageBytes(elem));
    scf::YieldOp::create(t, l);
  });
}

int64_t tilecheck::backend::tiledAccessWidth(Operation *op, Value view,
                                             const ThreadMap &map, int64_t n,
                                             as::MemSemantic sem) {
  auto atom = op->getAttrOfType<aa::CopyAtomAttr>("copy_atom");
  if (!atom || atom.getFamily() != "tiled" || sem != as::MemSemantic::WEAK ||
      atom.getVectorWidth() < 2)
    return 1;
  uint64_t w =
      std::min<uint64_t>({atom.getVectorWidth(), uint64_t(map.block(n)),
                          uint64_t(as::provenAccessWidth(view))});
  return int64_t(llvm::bit_floor(w));
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The most dynamic shared memory a tile block of the compute capability
/// can opt in to (CUDA's cudaDevAttrMaxSharedMemoryPerBlockOptin: 163 KiB
/// on sm_80, 227 KiB on sm_90 and sm_100, 99 KiB on sm_86/89 and sm_120).
int64_t tilecheck::backend::maxDynamicSharedBytes(unsigned computeCapability) {
  switch (computeCapability) {
  case 80:
  case 87:
    return 163 * 1024;
  case 86:
  case 89:
  case 120:
  case 121:
    return 99 * 1024;
  default:
    return 227 * 1024;
  }
}

namespace {

/// Upstream ops (arith, math, scf) are lowered for every scalar and tensor
/// element type the thread map holds (not i4 yet); on f8 and tf32 values
/// only those that move the bits (select, bitcast, constants, control flow).
bool holdsOnlyLoweredTensors(Operation *op) {
  if ((hasNarrowFloat(op) || hasNibble(op)) &&
      !isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp, scf::ForOp,
           scf::IfOp, scf::YieldOp, scf::WhileOp, scf::ConditionOp>(op) &&
      !(isa<arith::TruncIOp, arith::ExtSIOp, arith::ExtUIOp, arith::CmpIOp>(
            op) &&
        !hasNarrowFloat(op)))
    return false;
  auto lowered = [](Type t) {
    if (auto tensor = dyn_cast<RankedTensorType>(t))
      t = tensor.getElementType();
    if (!isa<FloatType, IntegerType>(t))
      return true;
    return static_cast<bool>(convertElementType(t));
  };
  return llvm::all_of(op->getOperandTypes(), lowered) &&
         llvm::all_of(op->getResultTypes(), lowered);
}

struct ConvertTileASToLLVMPass
    : public tilecheck::impl::ConvertTileASToLLVMBase<ConvertTileASToLLVMPass> {
  using Base::Base;

  /// The first op no pattern lowers yet, named in a clear error (the
  /// conversion framework's "failed to legalize" names the op but not why).
  /// With agents (`groups` > 1) every thread group runs the code outside
  /// them, so a pipeline step there would arrive once per group: not
  /// lowered.
  LogicalResult checkSupported(ModuleOp module, int64_t groups) {
    WalkResult r = module.walk([&](Operation *op) {
      bool ours =
          isa<as::NvTileASDialect, aa::NvTileAADialect>(op->getDialect());
      if (ours ? isSupportedByBackend(op) : holdsOnlyLoweredTensors(op)) {
        if (groups == 1 ||
            !isa<as::ProducerAcquireOp, as::ProducerWriteOp,
                 as::ProducerCommitOp, as::ConsumerWaitOp, as::ConsumerReadOp,
                 as::ConsumerReleaseOp>(op) ||
            op->getParentOfType<as::AgentSwitchOp>())
          return WalkResult::advance();
        op->emitError() << "the LLVM backend does not lower '" << op->getName()
                        << "' outside the agents of a module with agents yet";
        return WalkResult::interrupt();
      }
      op->emitError() << "the LLVM backend does not lower '" << op->getName()
                      << "' yet";
      return WalkResult::interrupt();
    });
    return failure(r.wasInterrupted());
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // One thread map per module: every kernel of a module has the same
    // kernel spec (ConvertTileAAToTileAS writes one for all). A module
    // written by hand with several targets gets the lowest one's
    // instructions (what every kernel's target has).
    unsigned numWarps = 4, computeCapability = 0;
    module.walk([&](aa::FuncOp f) {
      if (auto spec =
              f->getAttrOfType<aa::KernelSpecAttr>("nv_tileaa.kernel_spec")) {
        numWarps = spec.getNumWarps();
        unsigned cc = spec.getComputeCapability();
        computeCapability =
            computeCapability ? std::min(computeCapability, cc) : cc;
      }
    });
    ThreadMap map{32 * static_cast<int64_t>(numWarps)};
    expandPipelineRegions(module);
    markAsyncCopies(module, map);
    int64_t groups = agentGroups(module);
    if (failed(checkSupported(module, groups)))
      return signalPassFailure();

    // Global scratch for the allocas: each kernel's allocas at aligned
    // offsets of one region per tile block. The bytes per block are the
    // largest any kernel needs, and then every kernel takes the parameter,
    // so that one launch rule holds for every entry of the module.
    bool scratchTooBig = false;
    int64_t scratchPerBlock = 0;
    module.walk([&](aa::FuncOp f) {
      int64_t bytes = 0, align = 16;
      f.walk([&](as::AllocaOp a) {
        Type elem = convertElementType(
            cast<aa::PtrType>(a.getResult().getType()).getPointeeType());
        int64_t at = std::max<int64_t>(
            {static_cast<int64_t>(a.getAlignment()), storageBytes(elem), 1});
        align = std::max(align, at);
        bytes = (bytes + at - 1) / at * at;
        a->setAttr(kAllocaOffsetAttr,
                   IntegerAttr::get(IntegerType::get(ctx, 64), bytes));
        bytes += static_cast<int64_t>(a.getNumElem()) * storageBytes(elem);
      });
      f->removeAttr(kGlobalScratchAttr);
      if (bytes == 0)
        return;
      if (!f.isKernel()) {
        f.emitError() << "the LLVM backend lowers alloca in kernels only";
        scratchTooBig = true;
        return;
      }
      if (align > 256 || bytes > (int64_t(1) << 30)) {
        f.emitError() << "the allocas of a tile block need " << bytes
                      << " bytes aligned to " << align
                      << "; the LLVM backend provides at most 1 GiB aligned "
                         "to 256";
        scratchTooBig = true;
      }
      scratchPerBlock =
          std::max(scratchPerBlock, (bytes + align - 1) / align * align);
    });
    if (scratchTooBig)
      return signalPassFailure();
    if (scratchPerBlock > 0) {
      auto attr = IntegerAttr::get(IntegerType::get(ctx, 64),
                                   (scratchPerBlock + 255) / 256 * 256);
      module->setAttr(kGlobalScratchAttr, attr);
      module.walk([&](aa::FuncOp f) {
        if (f.isKernel())
          f->setAttr(kGlobalScratchAttr, attr);
      });
    }

    // Vector accesses, decided while the views' defining ops are there.
    module.walk([&](Operation *op) {
      auto record = [&](Value view, Type type, as::MemSemantic sem) {
        auto tile = dyn_cast<RankedTensorType>(type);
        if (!tile)
          return;
        // 4-bit elements are read one at a time (their byte's nibble).
        int64_t w =
            hasNibble(TypeRange{tile})
                ? 1
                : tiledAccessWidth(op, view, map, tile.getNumElements(), sem);
        op->setAttr(kAccessWidthAttr,
                    IntegerAttr::get(IntegerType::get(ctx, 64), w));
      };
      if (auto load = dyn_cast<as::TiledLoadOp>(op))
        record(load.getView(), load.getTile().getType(),
               load.getMemoryOrderingSemantics());
      else if (auto store = dyn_cast<as::TiledStoreOp>(op))
        record(store.getView(), store.getTile().getType(),
               store.getMemoryOrderingSemantics());
    });

    // The scratch buffer of the ops that move elements between threads, a
    // region of it per thread group, then each kernel's pipelines one after
    // the other (Pipelines.cpp).
    // (Sized with the groups the lowering will see: a dot takes wgmma only
    // without agents.)
    ThreadMap sizing = map;
    sizing.groups = groups;
    int64_t scratch = scratchBytes(module, sizing, computeCapability);
    map.groups = groups;
    map.scratchPerGroup = llvm::alignTo(scratch, 16);
    if (groups > 1)
      scratch = groups * map.scratchPerGroup;
    int64_t pipelinesAt = groups * map.scratchPerGroup;
    module.walk([&](aa::FuncOp f) {
      int64_t at = pipelinesAt;
      f.walk([&](as::CreatePipelineOp p) {
        p->setAttr(kPipelineOffsetAttr,
                   IntegerAttr::get(IntegerType::get(ctx, 64), at));
        at += pipelineBytes(p.getType());
      });
      if (at > pipelinesAt)
        scratch = std::max(scratch, at);
    });
    // Then the alloc_tensor buffers, a region of them per group.
    module.walk([&](as::AllocTensorOp a) {
      map.buffersPerGroup = std::max<int64_t>(
          map.buffersPerGroup, a.getOffset() + a.getType().getSizeInBytes());
    });
    if (map.buffersPerGroup > 0) {
      map.buffersPerGroup = llvm::alignTo(map.buffersPerGroup, 16);
      map.buffersAt = llvm::alignTo(scratch, 16);
      scratch = map.buffersAt + groups * map.buffersPerGroup;
    }
    // What a tile block of this module needs beyond what a launch can
    // give: not lowered (a program the backend executors skip).
    auto notLowered = [&](const Twine &what) {
      module.emitError() << "the LLVM backend does not lower " << what
                         << " yet";
      signalPassFailure();
    };
    if (groups > 15)
      return notLowered(Twine("an agent_switch of ") + Twine(groups) +
                        " agents (named barriers 1-15: at most 15)");
    if (map.blockThreads() > 1024)
      return notLowered(Twine("a tile block of ") + Twine(map.blockThreads()) +
                        " threads (" + Twine(groups) + " agents of " +
                        Twine(map.threads) + "; at most 1024)");
    if (int64_t most = maxDynamicSharedBytes(computeCapability); scratch > most)
      return notLowered(Twine("a tile block needing ") + Twine(scratch) +
                        " bytes of shared memory on sm_" +
                        Twine(computeCapability) + " (at most " + Twine(most) +
                        ")");
    if (scratch > 0) {
      OpBuilder b(ctx);
      b.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(
          b, module.getLoc(), LLVM::LLVMArrayType::get(b.getI8Type(), 0),
          /*isConstant=*/false, LLVM::Linkage::External, kSmemSymbol,
          Attribute(), /*alignment=*/16, /*addrSpace=*/3);
    }
    module->setAttr(kSmemBytesAttr,
                    IntegerAttr::get(IntegerType::get(ctx, 64), scratch));
    lowerAgentSwitches(module, map);
    BackendTypeConverter tc(ctx, map);
    tc.computeCapability = computeCapability;

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalDialect<as::NvTileASDialect, aa::NvTileAADialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [](Operation *op) { return !needsConversion(op); });
    target.addLegalOp<ModuleOp>();

    RewritePatternSet patterns(ctx);
    addLowerings<lowerFunc, lowerReturn, lowerTensorConstant<arith::ConstantOp>,
                 lowerTensorConstant<as::ConstantOp>, lowerIota,
                 lowerMakeMemref, lowerMemrefShape, lowerIndexSpaceShape,
                 lowerNarrowScalarConstant, lowerTiledLoad, lowerTiledStore,
                 lowerOffset, lowerLoadPtr, lowerStorePtr, lowerAssert,
                 lowerToken<as::MakeTokenOp>, lowerToken<as::JoinTokensOp>,
                 lowerIdentity<as::AssumeOp>, lowerIdentity<as::ReshapeOp>,
                 lowerIdentity<as::ConvertLayoutOp>,
                 lowerIdentity<as::MakeTiledViewOp>,
                 lowerGridQuery<as::GetTileBlockIdOp, NVVM::BlockIdXOp,
                                NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
                 lowerGridQuery<as::GetNumTileBlocksOp, NVVM::GridDimXOp,
                                NVVM::GridDimYOp, NVVM::GridDimZOp>>(tc,
                                                                     patterns);
    patterns
        .add<AnyOpLowering<lowerTensorArithMath>,
             AnyOpLowering<lowerNvElementwise>, AnyOpLowering<lowerPtrCast>>(
            tc, ctx);
    populateSharedMemoryPatterns(tc, patterns);
    populateWgmmaPatterns(tc, patterns);
    populateAtomicAndGlobalPatterns(tc, patterns);
    populatePrintPatterns(tc, patterns);
    populatePipelinePatterns(tc, patterns);
    scf::populateSCFStructuralTypeConversionsAndLegality(tc, patterns, target);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
