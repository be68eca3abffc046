//===- Atomics.cpp - atomics and module globals below nv_tileas -----------===//
//
// atomic_rmw_tko, atomic_cas_tko and tiled_atomic_rmw: one LLVM atomic per
// owned, unmasked (in-bounds) element, fenced by block barriers like every
// store. A tensor held replicated (fewer elements than threads) has one
// owner per element; the old values the owners read are shared with the
// other copies through the scratch buffer. nv_tileas.global becomes an
// LLVM global in the global address space, get_global its address. An
// alloca is its offset in the tile block's region of the kernel's global
// scratch parameter (Kernel ABI in compiler/docs/Backend.md): the region of
// block (x, y, z) starts at (x + y * gx + z * gx * gy) * the bytes per block.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Support/EnumNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;
using cuda_tile::AtomicRMWMode;

namespace aa = tilecheck::nv_tileaa;
namespace as = tilecheck::nv_tileas;

std::optional<LLVM::AtomicBinOp>
tilecheck::backend::atomicBinOpFor(AtomicRMWMode mode, Type elem) {
  if (elem.isInteger(1))
    return std::nullopt;
  if (mode == AtomicRMWMode::XCHG)
    return LLVM::AtomicBinOp::xchg;
  // The LLVM atomic of each mode, and whether it is the float one.
  static constexpr struct {
    AtomicRMWMode mode;
    LLVM::AtomicBinOp bin;
    bool isFloat;
  } table[] = {{AtomicRMWMode::AND, LLVM::AtomicBinOp::_and, false},
               {AtomicRMWMode::OR, LLVM::AtomicBinOp::_or, false},
               {AtomicRMWMode::XOR, LLVM::AtomicBinOp::_xor, false},
               {AtomicRMWMode::ADD, LLVM::AtomicBinOp::add, false},
               {AtomicRMWMode::ADDF, LLVM::AtomicBinOp::fadd, true},
               {AtomicRMWMode::MAX, LLVM::AtomicBinOp::max, false},
               {AtomicRMWMode::MIN, LLVM::AtomicBinOp::min, false},
               {AtomicRMWMode::UMAX, LLVM::AtomicBinOp::umax, false},
               {AtomicRMWMode::UMIN, LLVM::AtomicBinOp::umin, false}};
  bool isFloat = isa<FloatType>(elem);
  for (const auto &row : table)
    if (row.mode == mode)
      return row.isFloat == isFloat ? std::optional(row.bin) : std::nullopt;
  return std::nullopt;
}

namespace {

LLVM::AtomicOrdering failureOrdering(LLVM::AtomicOrdering o) {
  if (o == LLVM::AtomicOrdering::release)
    return LLVM::AtomicOrdering::monotonic;
  if (o == LLVM::AtomicOrdering::acq_rel)
    return LLVM::AtomicOrdering::acquire;
  return o;
}

/// NVPTX's synchronization scope of a cuda_tile memory scope.
StringRef syncScope(std::optional<as::MemScope> scope) {
  static constexpr tilecheck::EnumName<as::MemScope> names[] = {
      {as::MemScope::TL_BLK, "block"}, {as::MemScope::DEVICE, "device"}};
  return scope ? tilecheck::nameOf(names, *scope, "") : "";
}

/// `when ? atomic(...) : zero`, the atomic built by `build` in the guarded
/// region.
Value guardedAtomic(OpBuilder &b, Location loc, Type elem, Value when,
                    function_ref<Value(OpBuilder &, Location)> build) {
  auto ifOp = scf::IfOp::create(
      b, loc, when,
      [&](OpBuilder &t, Location l) {
        scf::YieldOp::create(t, l, build(t, l));
      },
      [&](OpBuilder &e, Location l) {
        scf::YieldOp::create(
            e, l,
            arith::ConstantOp::create(e, l, e.getZeroAttr(elem)).getResult());
      });
  return ifOp.getResult(0);
}

/// Shares the old values the owners read with every copy of a replicated
/// tensor (a no-op when every thread owns all its slots), and outside the
/// agents of a kernel with agents, where group 0 alone did the atomics
/// (ThreadIndexer::writer), with the other groups: through group 0's region
/// of the scratch buffer.
SmallVector<Value> shareWithCopies(ThreadIndexer &ix, SmallVector<Value> old,
                                   int64_t n, Type elem) {
  bool acrossGroups = ix.map.groups > 1 && ix.agent() < 0;
  if (ix.map.exact(n) && !acrossGroups)
    return old;
  Scratch smem = Scratch::get(ix);
  if (acrossGroups)
    smem.base = LLVM::AddressOfOp::create(
        ix.b, ix.loc, LLVM::LLVMPointerType::get(ix.b.getContext(), 3),
        kSmemSymbol);
  smem.write(0, old, n, elem, ix.writer());
  ix.barrier();
  SmallVector<Value> shared = smem.readSlots(0, n, elem);
  ix.barrier();
  return shared;
}

/// The element-wise atomics (atomic_rmw_tko, atomic_cas_tko) on `slots`
/// pointer slots of n elements: a barrier; `atomic(s, when)` gives slot s's
/// old value (when: the thread owns the element, the lane is not masked
/// off, and the thread is the block's writer); a barrier; the old values,
/// shared with every copy, and a fresh token replace `op`.
void replaceByAtomics(Operation *op, ConversionPatternRewriter &rewriter,
                      const ThreadMap &map, size_t slots, ValueRange mask,
                      int64_t n, Type elem,
                      function_ref<Value(size_t s, Value when)> atomic) {
  Location loc = op->getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  ix.barrier();
  SmallVector<Value> old;
  for (size_t s = 0; s < slots; ++s)
    old.push_back(atomic(
        s, arith::AndIOp::create(
               rewriter, loc, ownedAndUnmasked(ix, n, s, mask), ix.writer())));
  ix.barrier();
  old = shareWithCopies(ix, std::move(old), n, elem);
  rewriter.replaceOpWithMultiple(op,
                                 {old, SmallVector<Value>{ix.boolean(false)}});
}

/// atomic_rmw_tko and tiled_atomic_rmw: the LLVM atomic of the mode on
/// each element the thread writes.
template <typename OpT>
LogicalResult lowerAtomicRMW(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                             const ThreadMap &map) {
  constexpr bool isTiled = std::is_same_v<OpT, as::TiledAtomicRMWOp>;
  Type type;
  if constexpr (isTiled)
    type = op.getValue().getType();
  else
    type = op.getArg().getType();
  Type elem = convertElementType(mirrorElementType(type));
  std::optional<LLVM::AtomicBinOp> bin =
      elem ? atomicBinOpFor(op.getMode(), elem) : std::nullopt;
  if (!bin)
    return rewriter.notifyMatchFailure(op, "mode or element type");
  LLVM::AtomicOrdering ordering =
      orderingFor(op.getMemoryOrderingSemantics(), MemAccess::ReadModifyWrite);
  StringRef scope = syncScope(op.getMemoryScope());
  auto atomic = [&](OpBuilder &b, Location l, Value ptr, Value arg) -> Value {
    return LLVM::AtomicRMWOp::create(b, l, *bin, ptr, arg, ordering, scope,
                                     storageBytes(elem));
  };
  if constexpr (isTiled) {
    return lowerTiledWrite(
        op, rewriter, map, cast<aa::TiledViewType>(op.getView().getType()),
        adaptor.getView(), adaptor.getIndex(), mirrorNumElements(type),
        [&](int64_t s, const TileAddress &at, Value when) {
          Value value = slotOf(adaptor.getValue(), s);
          scf::IfOp::create(rewriter, op.getLoc(), when,
                            [&](OpBuilder &b, Location l) {
                              atomic(b, l, at.pointer, value);
                              scf::YieldOp::create(b, l);
                            });
        });
  } else {
    ValueRange ptrs = adaptor.getPointers();
    replaceByAtomics(op, rewriter, map, ptrs.size(), adaptor.getMask(),
                     mirrorNumElements(type), elem, [&](size_t s, Value when) {
                       Value arg = slotOf(adaptor.getArg(), s), ptr = ptrs[s];
                       return guardedAtomic(rewriter, op.getLoc(), elem, when,
                                            [&](OpBuilder &b, Location l) {
                                              return atomic(b, l, ptr, arg);
                                            });
                     });
    return success();
  }
}

LogicalResult lowerAtomicCAS(as::AtomicCASTkoOp op,
                             OneToN<as::AtomicCASTkoOp> adaptor,
                             Rewriter &rewriter, const ThreadMap &map) {
  Type elem = convertElementType(mirrorElementType(op.getVal().getType()));
  if (!elem || elem.isInteger(1))
    return rewriter.notifyMatchFailure(op, "element type");
  // cmpxchg compares bits: floats go through the integer of their width.
  Type bits = isa<FloatType>(elem)
                  ? rewriter.getIntegerType(elem.getIntOrFloatBitWidth())
                  : elem;
  Location loc = op.getLoc();
  LLVM::AtomicOrdering ordering =
      orderingFor(op.getMemoryOrderingSemantics(), MemAccess::ReadModifyWrite);
  StringRef scope = syncScope(op.getMemoryScope());
  ValueRange ptrs = adaptor.getPointers();
  auto cas = [&](size_t s, Value when) {
    Value cmp = slotOf(adaptor.getCmp(), s), val = slotOf(adaptor.getVal(), s);
    Value ptr = ptrs[s];
    Value v = guardedAtomic(
        rewriter, loc, elem, when, [&](OpBuilder &b, Location l) -> Value {
          Value c = bits == elem
                        ? cmp
                        : arith::BitcastOp::create(b, l, bits, cmp).getResult();
          Value w = bits == elem
                        ? val
                        : arith::BitcastOp::create(b, l, bits, val).getResult();
          Value pair = LLVM::AtomicCmpXchgOp::create(b, l, ptr, c, w, ordering,
                                                     failureOrdering(ordering),
                                                     scope, storageBytes(elem));
          Value got = LLVM::ExtractValueOp::create(b, l, pair, 0);
          if (bits != elem)
            got = arith::BitcastOp::create(b, l, elem, got);
          return got;
        });
    // A masked lane returns cmp (the spec).
    if (!adaptor.getMask().empty())
      v = arith::SelectOp::create(rewriter, loc, slotOf(adaptor.getMask(), s),
                                  v, cmp);
    return v;
  };
  replaceByAtomics(op, rewriter, map, ptrs.size(), adaptor.getMask(),
                   mirrorNumElements(op.getVal().getType()), elem, cas);
  return success();
}

LogicalResult lowerGlobal(as::GlobalOp op, OneToN<as::GlobalOp>,
                          Rewriter &rewriter) {
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!dense)
    return rewriter.notifyMatchFailure(op, "non-dense initializer");
  Type elem = convertElementType(dense.getElementType());
  if (!elem || elem.isInteger(1) || isa<LLVM::LLVMPointerType>(elem))
    return rewriter.notifyMatchFailure(op, "element type");
  int64_t n = dense.getNumElements();
  DenseElementsAttr flat;
  if (isNibble(dense.getElementType())) {
    // Memory packs two 4-bit elements per byte, low nibble first (locate),
    // as the interpreter lays out the global.
    SmallVector<APInt> bytes((n + 1) / 2, APInt(8, 0));
    auto codes = nibbleStorage(dense).getValues<APInt>();
    for (int64_t i = 0; i < n; ++i)
      bytes[i / 2] |= codes[i].shl(i % 2 * 4);
    n = static_cast<int64_t>(bytes.size());
    flat = DenseElementsAttr::get(RankedTensorType::get({n}, elem), bytes);
  } else {
    flat = dense.reshape(RankedTensorType::get({n}, elem));
  }
  // cuda_tile lets a global's alignment be any number (tileiras takes
  // 17); LLVM's must be a power of two, at most 2^32: the next one up,
  // which is aligned for every power of two the number holds.
  constexpr uint64_t kMaxAlignment = uint64_t(1) << 32;
  uint64_t alignment = std::max<uint64_t>(
      {op.getAlignment(), static_cast<uint64_t>(storageBytes(elem)), 1});
  alignment =
      alignment > kMaxAlignment ? kMaxAlignment : llvm::PowerOf2Ceil(alignment);
  rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
      op, LLVM::LLVMArrayType::get(elem, n), op.getConstant(),
      LLVM::Linkage::Internal, op.getSymName(), flat, alignment,
      /*addrSpace=*/1);
  return success();
}

LogicalResult lowerGetGlobal(as::GetGlobalOp op, OneToN<as::GetGlobalOp>,
                             Rewriter &rewriter) {
  rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(
      op, LLVM::LLVMPointerType::get(op.getContext(), 1), op.getName());
  return success();
}

LogicalResult lowerAlloca(as::AllocaOp op, OneToN<as::AllocaOp>,
                          Rewriter &rewriter) {
  auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
  auto offset = op->getAttrOfType<IntegerAttr>(kAllocaOffsetAttr);
  auto stride =
      fn ? fn->getAttrOfType<IntegerAttr>(kGlobalScratchAttr) : IntegerAttr();
  if (!offset || !stride)
    return rewriter.notifyMatchFailure(op, "no global scratch");
  Location loc = op.getLoc();
  Type i64 = rewriter.getI64Type();
  auto id = [&](auto tag) -> Value {
    using OpT = decltype(tag);
    return arith::ExtUIOp::create(
        rewriter, loc, i64, OpT::create(rewriter, loc, rewriter.getI32Type()));
  };
  Value x = id(NVVM::BlockIdXOp()), y = id(NVVM::BlockIdYOp()),
        z = id(NVVM::BlockIdZOp());
  Value gx = id(NVVM::GridDimXOp()), gy = id(NVVM::GridDimYOp());
  Value linear = arith::AddIOp::create(
      rewriter, loc, x,
      arith::MulIOp::create(
          rewriter, loc, gx,
          arith::AddIOp::create(rewriter, loc, y,
                                arith::MulIOp::create(rewriter, loc, gy, z))));
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(rewriter, loc,
                                     rewriter.getI64IntegerAttr(v));
  };
  Value at = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, linear, constant(stride.getInt())),
      constant(offset.getInt()));
  Value base = fn.getBody().front().getArguments().back();
  rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
      op, base.getType(), rewriter.getI8Type(), base, ValueRange{at});
  return success();
}

} // namespace

void tilecheck::backend::populateAtomicAndGlobalPatterns(
    const BackendTypeConverter &tc, RewritePatternSet &patterns) {
  addLowerings<lowerAtomicRMW<as::AtomicRMWTkoOp>, lowerAtomicCAS,
               lowerAtomicRMW<as::TiledAtomicRMWOp>, lowerGlobal,
               lowerGetGlobal, lowerAlloca>(tc, patterns);
}
