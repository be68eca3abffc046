//===- Patterns.h - internals of convert-tileas-to-llvm ---------*- C++ -*-===//

#ifndef TILECHECK_CONVERSION_TILEASTOLLVM_PATTERNS_H
#define TILECHECK_CONVERSION_TILEASTOLLVM_PATTERNS_H

#include "ThreadMap.h"

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck::backend {

/// Tensors to the scalars one thread holds (ThreadMap), memrefs and tiled
/// views to (base pointer, i64 sizes, i64 strides), pointers to !llvm.ptr,
/// tokens to an i1 placeholder; every other type unchanged.
class BackendTypeConverter : public mlir::TypeConverter {
public:
  BackendTypeConverter(mlir::MLIRContext *ctx, ThreadMap map);
  ThreadMap map;
  /// The kernels' target (their kernel_spec's compute capability; 0 when
  /// none says).
  unsigned computeCapability = 0;
};

/// The converter a pattern of the backend was built with.
inline const BackendTypeConverter &
backendConverter(const mlir::TypeConverter *tc) {
  return *static_cast<const BackendTypeConverter *>(tc);
}

/// The converted operands of an OpT, a range of values an operand, and the
/// rewriter of a lowering (FunctionLowering).
template <typename OpT>
using OneToN = typename mlir::OpConversionPattern<OpT>::OneToNOpAdaptor;
using Rewriter = mlir::ConversionPatternRewriter;

/// The op type a lowering function rewrites: its first parameter's.
template <typename F> struct LoweredOp;
template <typename OpT, typename... Rest>
struct LoweredOp<mlir::LogicalResult (*)(OpT, Rest...)> {
  using type = OpT;
};

/// The conversion pattern of a lowering written as a function,
/// `lower(op, adaptor, rewriter)`, or with a fourth parameter where it needs
/// the thread map (`const ThreadMap &`) or the whole converter (`const
/// BackendTypeConverter &`): the conversion counterpart of
/// RewritePatternSet::add of a function.
template <auto lower>
struct FunctionLowering
    : mlir::OpConversionPattern<typename LoweredOp<decltype(lower)>::type> {
  using OpT = typename LoweredOp<decltype(lower)>::type;
  FunctionLowering(const BackendTypeConverter &tc, mlir::MLIRContext *ctx,
                   mlir::PatternBenefit benefit = 1)
      : mlir::OpConversionPattern<OpT>(tc, ctx, benefit) {}
  mlir::LogicalResult matchAndRewrite(OpT op, OneToN<OpT> adaptor,
                                      Rewriter &rewriter) const override {
    if constexpr (std::is_invocable_v<decltype(lower), OpT, OneToN<OpT>,
                                      Rewriter &>)
      return lower(op, adaptor, rewriter);
    else if constexpr (std::is_invocable_v<decltype(lower), OpT, OneToN<OpT>,
                                           Rewriter &, const ThreadMap &>)
      return lower(op, adaptor, rewriter,
                   backendConverter(this->getTypeConverter()).map);
    else
      return lower(op, adaptor, rewriter,
                   backendConverter(this->getTypeConverter()));
  }
};

/// The conversion pattern of a lowering of any op written as a function
/// (`lower` picks the ops it rewrites): `lower(op, operands, rewriter, tc)`.
template <auto lower> struct AnyOpLowering : mlir::ConversionPattern {
  AnyOpLowering(const BackendTypeConverter &tc, mlir::MLIRContext *ctx)
      : mlir::ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  mlir::LogicalResult matchAndRewrite(mlir::Operation *op,
                                      llvm::ArrayRef<mlir::ValueRange> operands,
                                      Rewriter &rewriter) const override {
    return lower(op, operands, rewriter, backendConverter(getTypeConverter()));
  }
};

/// Adds the pattern of each lowering function (benefit 1).
template <auto... lowers>
void addLowerings(const BackendTypeConverter &tc,
                  mlir::RewritePatternSet &patterns) {
  patterns.add<FunctionLowering<lowers>...>(tc, patterns.getContext());
}

/// The scalar type one element of `t` becomes (null: not lowered yet).
mlir::Type convertElementType(mlir::Type t);
/// NarrowFloats.cpp: f8E4M3FN, f8E5M2 and f8E8M0FNU are held as their byte
/// (i8), f4E2M1FN as its four bits zero-extended into a byte, tf32 as the
/// f32 pattern with the low 13 bits zero; convertElementType gives those
/// storage types. Only ftof and the dots read the value.
bool isNarrowFloat(mlir::Type t);
/// Whether a type of `types`, or its element type, is a narrow float.
bool hasNarrowFloat(mlir::TypeRange types);
/// Whether an operand or result of `op` holds narrow floats.
bool hasNarrowFloat(mlir::Operation *op);
/// The 4-bit element types, i4 and f4E2M1FN: a register holds one element,
/// its four bits zero-extended into a byte (i8), as the interpreter's tiles
/// hold them. Memory holds two per byte (the tensor_view layout), which the
/// interpreter does not model, so no load, store or kernel argument of
/// them is lowered, nor any op that would read an i4's value (i4 is for
/// conversions only).
bool isNibble(mlir::Type t);
/// Whether a type of `types`, or its element type, is a 4-bit element type.
bool hasNibble(mlir::TypeRange types);
/// Whether an operand or result of `op` holds 4-bit elements.
bool hasNibble(mlir::Operation *op);
/// A constant of a 4-bit element type as its storage bytes.
mlir::DenseElementsAttr nibbleStorage(mlir::DenseElementsAttr a);
mlir::IntegerAttr nibbleStorage(mlir::IntegerAttr a);
/// An integer resize of a held value `x` to the held type `to`, where either
/// side may be an i4 (`fromNibble`, `toNibble`): trunci, exti, extsi, extui.
mlir::Value castNibble(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                       mlir::Type to, bool isSigned, bool fromNibble,
                       bool toNibble);
/// ftof under round-to-nearest-even from `from` to `to` (one of them
/// narrow) on a storage value, bit for bit the interpreter's result.
mlir::Value convertNarrowFloat(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value x, mlir::Type from, mlir::Type to);
/// The f64 value of an operand or scale of block_scaled_mma (f8E4M3FN,
/// f8E5M2 or f8E8M0FNU storage), exactly.
mlir::Value decodeScaleF64(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value x, mlir::Type from);
/// f32(x + acc) for an f64 x and f32 acc, rounded once (to nearest even)
/// from the exact sum: the f64 sum with round-to-odd (TwoSum), then to f32.
/// The interpreter's mmaf_scaled step.
mlir::Value addToF32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                     mlir::Value acc);
/// The storage bits of padding value `padding` in a view of `elem` elements,
/// as the interpreter pads (MemorySemantics.cpp, setPadding): the value
/// where `elem` represents it, else every value bit set (its "unspecified"
/// pattern: f8E4M3FN has no infinity, f8E8M0FNU no zero); zero without a
/// padding value or for integers. tf32's bits sit in the high 19 bits of
/// its f32 container.
llvm::APInt paddingBits(mlir::Type elem, cuda_tile::PaddingValueAttr padding);
/// An f32 container with its low 13 bits cleared: the tf32 value the
/// hardware (and the interpreter) reads from it.
mlir::Value canonicalTF32(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value x);
/// A constant of a narrow float type as its storage.
mlir::DenseElementsAttr narrowFloatStorage(mlir::DenseElementsAttr a);
mlir::Attribute narrowFloatStorage(mlir::FloatAttr a);
/// Bytes one element of the converted scalar type takes in memory (i1: 1).
int64_t storageBytes(mlir::Type t);
/// Integer resize (or index cast) with the given extension.
mlir::Value castInteger(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                        mlir::Type to, bool isSigned);
/// Element type and element count of a tensor, or the type itself / 1.
mlir::Type mirrorElementType(mlir::Type t);
int64_t mirrorNumElements(mlir::Type t);
std::string uniqueSymbol(mlir::ModuleOp module, llvm::StringRef prefix);
/// The name of an internal constant global of `module` (global address
/// space) holding `value` of `type`: an existing one named `prefix`_N with
/// that value, or a new one.
std::string constantGlobal(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::ModuleOp module, llvm::StringRef prefix,
                           mlir::Type type, mlir::Attribute value,
                           unsigned alignment);

/// The function `name` of `module` (an intrinsic or libdevice's), declared
/// with `type` on first use.
mlir::LLVM::LLVMFuncOp declareFunction(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::ModuleOp module,
                                       llvm::StringRef name,
                                       mlir::LLVM::LLVMFunctionType type);

/// A call of libdevice's `__nv_<name>f` (f32; f16/bf16 extended to f32
/// and the result truncated back) or `__nv_<name>` (f64), declared in
/// `module` on first use. The math dialect's own op would do the same
/// later, but would first be folded on constant operands with the host's
/// semantics (math.atan2's folder gives NaN for atan2(0, 0)).
mlir::Value libdeviceCall(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::ModuleOp module, llvm::StringRef name,
                          mlir::Type type, mlir::ValueRange args);

/// What a memory access does, for its ordering.
enum class MemAccess { Load, Store, ReadModifyWrite };
/// LLVM ordering of a cuda_tile memory ordering for an access: weak loads
/// and stores are non-atomic, weak read-modify-writes relaxed atomics (an
/// atomic cannot be non-atomic); acq_rel is acquire for a load, release for
/// a store.
mlir::LLVM::AtomicOrdering orderingFor(nv_tileas::MemSemantic sem,
                                       MemAccess access);
/// `when ? *pointer : other`; the load happens only when `when` holds.
mlir::Value guardedLoad(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elem,
                        mlir::Value pointer, mlir::Value when,
                        mlir::Value other, nv_tileas::MemSemantic sem);
/// `if (when) *pointer = value`.
void guardedStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                  mlir::Value pointer, mlir::Value when,
                  nv_tileas::MemSemantic sem);
/// `load <w x elem> at pointer`, as w scalars: one access of w * size(elem)
/// bytes, aligned to that many (the caller proved it).
llvm::SmallVector<mlir::Value> loadRun(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Type elem, int64_t w,
                                       mlir::Value pointer);
/// `when ? load <w x elem> at pointer : w copies of other`, as w scalars:
/// one access of w * size(elem) bytes, aligned to that many (the caller
/// proved it: compiler/docs/Backend.md, "Vector accesses").
llvm::SmallVector<mlir::Value>
guardedVectorLoad(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elem,
                  int64_t w, mlir::Value pointer, mlir::Value when,
                  mlir::Value other);
/// `if (when) store <values...> at pointer`, one aligned access likewise.
void guardedVectorStore(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::ValueRange values, mlir::Value pointer,
                        mlir::Value when);
/// How many consecutive slots one access of the tiled load or store `op` of
/// an n-element tile of `view` moves: the width its copy_atom records
/// ("tiled" family, weak ordering), at most what nv_tileas::
/// provenAccessWidth proves and the thread map's run (ThreadMap::block);
/// 1 without a copy_atom. Computed before the conversion, when the view's
/// defining ops are still there, and recorded as kAccessWidthAttr.
int64_t tiledAccessWidth(mlir::Operation *op, mlir::Value view,
                         const ThreadMap &map, int64_t n,
                         nv_tileas::MemSemantic sem);

/// Slot `s` of a converted operand: a range of one value is a scalar (or a
/// one-slot tensor) and serves every slot.
inline mlir::Value slotOf(mlir::ValueRange r, int64_t s) {
  return r.size() == 1 ? r[0] : r[s];
}

/// Whether this thread writes slot `s` of an n-element tensor: it owns the
/// copy and, when the op has a mask (`mask` non-empty), the lane is on.
inline mlir::Value ownedAndUnmasked(ThreadIndexer &ix, int64_t n, int64_t s,
                                    mlir::ValueRange mask) {
  mlir::Value when = ix.owner(n, s);
  if (!mask.empty())
    when = mlir::arith::AndIOp::create(ix.b, ix.loc, when, slotOf(mask, s));
  return when;
}

/// The address of the element slot `slot` holds of one tile of a tiled view
/// (`parts` the converted view, `index` the converted tile indices), and
/// whether it lies inside the tensor. For a gather/scatter view, `rowAt`
/// returns the tensor row of tile row `j` along the sparse dimension
/// (RowStage::rowAt); without it such a view is not located.
/// A 4-bit element shares its byte with a neighbour (memory packs two per
/// byte, low nibble first): `pointer` is its byte and `nibbleShift` (an i8,
/// 0 or 4) the position of its bits; null for other types.
struct TileAddress {
  mlir::Value pointer;
  mlir::Value inBounds;
  mlir::Value nibbleShift = nullptr;
};
mlir::FailureOr<TileAddress>
locate(mlir::OpBuilder &b, mlir::Location loc, ThreadMap map,
       nv_tileaa::TiledViewType view, mlir::ValueRange parts,
       llvm::ArrayRef<mlir::ValueRange> index, int64_t slot,
       llvm::function_ref<mlir::Value(mlir::Value)> rowAt = nullptr);

/// The shared-memory scratch buffer (@__tilec_smem) at byte offsets, with
/// element accessors (i1 elements are stored as bytes).
struct Scratch {
  ThreadIndexer &ix;
  mlir::Value base; // !llvm.ptr<3>
  /// The base is not known to be 16-byte aligned: one element per access.
  bool unaligned = false;

  /// Slots one access of `write` and `readSlots` moves for an n-element
  /// tensor at `byteOffset`: the thread map's run, halved until it is at
  /// most 16 bytes and the offset keeps it aligned; 1 for i1 and pointers.
  int64_t runWidth(int64_t byteOffset, int64_t n, mlir::Type elem) const {
    if (unaligned || elem.isInteger(1) ||
        llvm::isa<mlir::LLVM::LLVMPointerType>(elem))
      return 1;
    int64_t bytes = storageBytes(elem), w = ix.map.block(n);
    while (w > 1 && (w * bytes > 16 || byteOffset % (w * bytes) != 0))
      w /= 2;
    return w;
  }

  /// The thread's group's region of the buffer (ThreadMap::groups).
  static Scratch get(ThreadIndexer &ix) {
    auto ptr = mlir::LLVM::LLVMPointerType::get(ix.b.getContext(), 3);
    mlir::Value base =
        mlir::LLVM::AddressOfOp::create(ix.b, ix.loc, ptr, kSmemSymbol);
    if (ix.map.groups > 1)
      base = mlir::LLVM::GEPOp::create(
          ix.b, ix.loc, ptr, ix.b.getI8Type(), base,
          mlir::ValueRange{ix.groupRegion(ix.map.scratchPerGroup)});
    return {ix, base};
  }

  mlir::Value address(int64_t byteOffset, mlir::Value index, mlir::Type elem) {
    mlir::Type storage = elem.isInteger(1) ? ix.b.getI8Type() : elem;
    mlir::Value at = base;
    if (byteOffset)
      at = mlir::LLVM::GEPOp::create(
          ix.b, ix.loc, base.getType(), ix.b.getI8Type(), base,
          llvm::ArrayRef<mlir::LLVM::GEPArg>{byteOffset});
    return mlir::LLVM::GEPOp::create(ix.b, ix.loc, base.getType(), storage, at,
                                     mlir::ValueRange{index});
  }

  /// Every owner writes its slots of the n-element tensor `values` (only
  /// where `also` holds too, when given): a run of the thread map
  /// (ThreadMap::block) with one vector store of up to 16 bytes where the
  /// offset keeps it aligned (every base is 16-byte aligned: the buffer, a
  /// group's region, a pipeline slot): fewer instructions, and no bank
  /// conflict for runs of 4-byte elements (8-byte ones stored 16 bytes at a
  /// time meet two to a bank).
  void write(int64_t byteOffset, mlir::ValueRange values, int64_t n,
             mlir::Type elem, mlir::Value also = {}) {
    int64_t w = runWidth(byteOffset, n, elem);
    if (values.size() % w != 0)
      w = 1;
    for (int64_t s = 0, e = values.size(); s < e; s += w) {
      mlir::Value at = address(byteOffset, ix.element(n, s), elem);
      mlir::Value when = ix.owner(n, s);
      if (also)
        when = mlir::arith::AndIOp::create(ix.b, ix.loc, when, also);
      if (w > 1)
        guardedVectorStore(ix.b, ix.loc, values.slice(s, w), at, when);
      else
        guardedStore(ix.b, ix.loc, values[s], at, when,
                     nv_tileas::MemSemantic::WEAK);
    }
  }

  /// Every slot of the n-element tensor this thread holds, read back from
  /// the element's linear index (i1 as bytes): a run with one vector load,
  /// as `write` stores it.
  llvm::SmallVector<mlir::Value> readSlots(int64_t byteOffset, int64_t n,
                                           mlir::Type elem) {
    int64_t w = runWidth(byteOffset, n, elem);
    llvm::SmallVector<mlir::Value> out;
    for (int64_t s = 0, e = ix.map.slots(n); s < e; s += w) {
      if (w == 1) {
        out.push_back(read(byteOffset, ix.element(n, s), elem));
        continue;
      }
      llvm::append_range(out,
                         loadRun(ix.b, ix.loc, elem, w,
                                 address(byteOffset, ix.element(n, s), elem)));
    }
    return out;
  }

  mlir::Value read(int64_t byteOffset, mlir::Value index, mlir::Type elem) {
    mlir::Type storage = elem.isInteger(1) ? ix.b.getI8Type() : elem;
    mlir::Value v = mlir::LLVM::LoadOp::create(
        ix.b, ix.loc, storage, address(byteOffset, index, elem));
    if (storage != elem)
      v = mlir::arith::TruncIOp::create(ix.b, ix.loc, elem, v);
    return v;
  }
};

/// The row indices of a gather/scatter view access (a 1-D tile other
/// threads hold) staged in the scratch buffer: constructed before the
/// per-slot addresses (owners write, a barrier), `rowAt(j)` reads row j,
/// `done()` ends with a barrier. Nothing for the other view kinds.
struct RowStage {
  RowStage(ThreadIndexer &ix, nv_tileaa::TiledViewType view,
           llvm::ArrayRef<mlir::ValueRange> index)
      : ix(ix) {
    if (view.getKind() != nv_tileaa::TiledViewKind::GatherScatter)
      return;
    int64_t sparse = view.getSparseDim();
    mlir::ValueRange rows = index[sparse];
    elem = rows.front().getType();
    smem.emplace(Scratch::get(ix));
    smem->write(0, rows, view.getTileShape()[sparse], elem);
    ix.barrier();
  }
  bool active() const { return smem.has_value(); }
  mlir::Value rowAt(mlir::Value j) { return smem->read(0, j, elem); }
  void done() {
    if (smem)
      ix.barrier();
  }

  ThreadIndexer &ix;
  std::optional<Scratch> smem;
  mlir::Type elem;
};

/// The tiled writes (tiled_store, tiled_atomic_rmw) of the n-element tile
/// at `index` of the view (`viewParts` converted): a barrier; for every
/// `width`-th slot s, `write(s, at, when)` with the address of the
/// element in slot s and whether this thread writes it (in bounds, owned,
/// the block's writer) — with width > 1 the slots s .. s + width - 1, which
/// hold consecutive elements at consecutive addresses (tiledAccessWidth);
/// a barrier; `op` is replaced by a fresh token. Failure when an address
/// cannot be formed. A view of 4-bit elements is written in two rounds,
/// the low nibbles, a barrier, the high ones (`when` holds for one round
/// of each element), so that no two threads rewrite one byte at once.
mlir::LogicalResult lowerTiledWrite(
    mlir::Operation *op, mlir::ConversionPatternRewriter &rewriter,
    const ThreadMap &map, nv_tileaa::TiledViewType view,
    mlir::ValueRange viewParts, llvm::ArrayRef<mlir::ValueRange> index,
    int64_t n,
    llvm::function_ref<void(int64_t s, const TileAddress &at, mlir::Value when)>
        write,
    int64_t width = 1);

/// The LLVM atomic of a cuda_tile atomic mode on `elem` (none: no exact
/// one, e.g. float max).
std::optional<mlir::LLVM::AtomicBinOp>
atomicBinOpFor(cuda_tile::AtomicRMWMode mode, mlir::Type elem);

/// ScalarOps.cpp: nv_tileas element-wise ops on one slot.
bool isScalarLowerable(mlir::Operation *op);
mlir::FailureOr<mlir::Value> lowerScalarOp(mlir::OpBuilder &b,
                                           mlir::Operation *op,
                                           mlir::ValueRange operands,
                                           mlir::Type resultType);

/// `v` rounded up to a multiple of 16 (scratch buffer offsets).
inline int64_t alignTo16(int64_t v) { return (v + 15) / 16 * 16; }

/// The tensor type of `v`; a scalar (a rank-0 tile below cuda_tile) is
/// seen as a tensor of no dimensions.
inline mlir::RankedTensorType tensorType(mlir::Value v) {
  if (auto t = llvm::dyn_cast<mlir::RankedTensorType>(v.getType()))
    return t;
  return mlir::RankedTensorType::get({}, v.getType());
}

/// i32 index arithmetic: values and constants.
struct I32 {
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Value c(int64_t v) {
    return mlir::arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return mlir::arith::AddIOp::create(b, loc, x, y);
  }
  mlir::Value add(mlir::Value x, int64_t y) { return add(x, c(y)); }
  mlir::Value mul(mlir::Value x, int64_t y) {
    return mlir::arith::MulIOp::create(b, loc, x, c(y));
  }
  mlir::Value div(mlir::Value x, int64_t y) {
    return mlir::arith::DivUIOp::create(b, loc, x, c(y));
  }
  mlir::Value rem(mlir::Value x, int64_t y) {
    return mlir::arith::RemUIOp::create(b, loc, x, c(y));
  }
};

/// Where output block `block` of a batched dot starts: its batch and its
/// first row and column (`perBatch` blocks a batch, `nBlocks` of
/// `rows` x `cols` elements a block row).
struct OutputBlock {
  mlir::Value batch, row0, col0;
};
inline OutputBlock outputBlock(I32 &ar, mlir::Value block, int64_t perBatch,
                               int64_t nBlocks, int64_t rows, int64_t cols) {
  mlir::Value batch = ar.div(block, perBatch);
  mlir::Value inBatch = ar.rem(block, perBatch);
  mlir::Value row0 = ar.mul(ar.div(inBatch, nBlocks), rows);
  mlir::Value col0 = ar.mul(ar.rem(inBatch, nBlocks), cols);
  return {batch, row0, col0};
}

/// Worker `worker` (i32: a warp, a warpgroup) of `workers` takes blocks
/// worker, worker + workers, ... of `blocks`: a loop of rounds, not
/// unrolled (the code stays the same size whatever the tile), `body`
/// building one block's code from its index.
void forEachBlock(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value worker, int64_t workers,
    int64_t blocks,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Location, mlir::Value)>
        body);

/// TileASToLLVM.cpp: the most dynamic shared memory a tile block of the
/// compute capability can opt in to.
int64_t maxDynamicSharedBytes(unsigned computeCapability);

/// Wgmma.cpp: dots on sm_90's warpgroup MMA. The instruction's types
/// (PTX names), its K (32 bytes of elements) and N (a block's columns); the
/// tile's batch, M, N, K and those padded to whole blocks and k-steps.
struct WgmmaForm {
  std::string atype, btype, dtype;
  int64_t elemBytes = 2, kStep = 16, n = 8;
  int64_t batch = 1, m = 0, nTile = 0, k = 0, mPad = 0, nPad = 0, kPad = 0;
  /// Bytes of the staged A and B (each padded) and the B offset.
  int64_t aBytes() const { return batch * mPad * kPad * elemBytes; }
  int64_t bBytes() const { return batch * nPad * kPad * elemBytes; }
  bool padded() const { return mPad != m || nPad != nTile || kPad != k; }
};
/// The wgmma form of a dot, if it has one (compute capability 90, a thread
/// map of whole warpgroups, the element types of wgmma).
std::optional<WgmmaForm> wgmmaForm(mlir::Operation *op, const ThreadMap &map,
                                   unsigned computeCapability);
/// The scratch bytes of a wgmma dot: A and B staged, the accumulator.
int64_t wgmmaScratchBytes(mlir::Operation *op, const WgmmaForm &form);
void populateWgmmaPatterns(const BackendTypeConverter &tc,
                           mlir::RewritePatternSet &patterns);

/// Pipelines.cpp: a statement of inline PTX with side effects; `result`
/// may be null (the constraints end with a memory clobber where LLVM must
/// keep memory accesses on their side of it).
mlir::Value inlinePtx(mlir::OpBuilder &b, mlir::Location loc, mlir::Type result,
                      llvm::StringRef text, llvm::StringRef constraints,
                      mlir::ValueRange operands);

/// SharedMemory.cpp: ops that move elements between threads.
int64_t scratchBytes(mlir::ModuleOp module, ThreadMap map,
                     unsigned computeCapability);
void populateSharedMemoryPatterns(const BackendTypeConverter &tc,
                                  mlir::RewritePatternSet &patterns);
/// Atomics.cpp: atomics, globals.
void populateAtomicAndGlobalPatterns(const BackendTypeConverter &tc,
                                     mlir::RewritePatternSet &patterns);

/// Print.cpp: print_tko through vprintf.
bool isPrintLowerable(nv_tileas::PrintTkoOp op);
int64_t printScratchBytes(nv_tileas::PrintTkoOp op);
void populatePrintPatterns(const BackendTypeConverter &tc,
                           mlir::RewritePatternSet &patterns);

/// Pipelines.cpp: the async pipeline ops, in shared memory with mbarriers.
/// Whether the backend holds a pipeline of `type` (its element type is
/// lowered), and the bytes of shared memory one takes.
bool isPipelineLowerable(nv_tileas::PipelineType type);
int64_t pipelineBytes(nv_tileas::PipelineType type);
/// Rewrites every produce_one and consume_one of `module` into the
/// acquire/write/commit and wait/read/release steps around its region's ops
/// (what tileas-materialize-async does, but for the tokens).
void expandPipelineRegions(mlir::ModuleOp module);
/// Marks every slot value that is a tiled_load issued after its slot's
/// acquire, used by the write alone, where cp.async can copy it (`map`'s
/// runs), to be copied so (compiler/docs/Backend.md, "Async pipelines").
void markAsyncCopies(mlir::ModuleOp module, const ThreadMap &map);
/// The most agents an agent_switch of `module` has (1 without one).
int64_t agentGroups(mlir::ModuleOp module);
/// Rewrites every agent_switch of `module` into an scf.index_switch on the
/// thread's group (kAgentsAttr; case i is agent i) between two barriers of
/// the whole tile block.
void lowerAgentSwitches(mlir::ModuleOp module, ThreadMap map);
void populatePipelinePatterns(const BackendTypeConverter &tc,
                              mlir::RewritePatternSet &patterns);

/// Whether some pattern of convert-tileas-to-llvm lowers `op` (an nv_tileaa
/// or nv_tileas op); the pass reports the first op for which it is not.
bool isSupportedByBackend(mlir::Operation *op);

} // namespace tilecheck::backend

#endif // TILECHECK_CONVERSION_TILEASTOLLVM_PATTERNS_H
