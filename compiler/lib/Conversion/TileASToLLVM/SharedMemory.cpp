//===- SharedMemory.cpp - ops that move elements between threads ----------===//
//
// Broadcast, permute, extract, cat, reduce, scan, dot, dot_int,
// block_scaled_mma, pack and unpack read elements other threads hold. Each
// one goes through the dynamic shared scratch buffer (@__tilec_smem): every
// owner writes its slots at their linear index, a barrier, every thread
// reads the elements its result slots need, a barrier (so that the next op
// may reuse the buffer). Reductions, scans and dots then fold in the
// interpreter's order: sequentially along the reduced dimension, from the
// identity (reduce, scan) or the accumulator (dot, one FMA per step), so
// the results are bitwise those of the reference. The exceptions: dots on
// tensor cores with mma.sync (mmaSyncShape: f16/bf16 into f32 or f16,
// tf32, f64, compared within the mma tolerance, and dot_int, i8 x i8 into
// i32, exact), and reductions and scans whose combiner gives the same
// result in any order, which share each row among threads that combine
// their values with warp shuffles (shufflePlan; exact too). sm_90's wgmma
// is Wgmma.cpp's; tcgen05 is later work (compiler/docs/Backend.md).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;

namespace as = tilecheck::nv_tileas;

namespace {

int64_t tensorBytes(Type t) {
  Type e = convertElementType(mirrorElementType(t));
  if (!e)
    return 0;
  return mirrorNumElements(t) * storageBytes(e);
}

/// One mma.sync shape: the instruction, the output block (blockM x 8) and
/// K step, and where the fragments sit for lane (g = lane / 4,
/// t = lane % 4). A and B registers are 32 bits of `perReg` elements
/// (the first lowest), or one f64; A register r holds row g + aRow[r],
/// columns tMul * t + aCol[r] + e; B register r rows
/// tMul * t + bRow[r] + e of column g; C/D element i sits at row
/// g + 8 * (i >= 2), column 2t + (i & 1) (two elements for m8n8k4), two
/// f16 accumulators to a register.
///
/// Where each A register is four bytes of one row (two f16/bf16, four
/// bytes, one tf32), matrix j of `ldmatrix.x{aRow.size()}` is register j
/// for the whole warp: lanes 8j..8j+7 name rows g + aRow[j] of the block at
/// column aCol[j], and lane (g, t) receives row g, bytes 4t..4t+3 (PTX ISA,
/// "ldmatrix"). Where each B register is two 16-bit elements of one column,
/// `ldmatrix.x{bRow.size()}.trans` on rows bRow[j].. of the K x N tile gives
/// lane (g, t) rows 2t, 2t + 1 of column g, B register j.
struct MmaSyncShape {
  std::string intrinsic;
  int64_t blockM = 16, kStep = 16, perReg = 2, tMul = 2;
  SmallVector<int64_t, 4> aRow, aCol, bRow;
  bool ldmatrixA = false, ldmatrixB = false;
  /// Accumulator elements a lane holds: the blockM x 8 block over a warp.
  int64_t accElems() const { return blockM * 8 / 32; }
};

/// The mma.sync shape of a dot, if it has one (PTX ISA, "Matrix Fragments
/// for mma"; every one exists from sm_80):
///   f32 += f16 x f16, bf16 x bf16: m16n8k16, two elements a register;
///   f16 += f16 x f16: the same, f16 accumulators;
///   f32 += tf32 x tf32: m16n8k8, one element a register;
///   f64 += f64 x f64: m8n8k4;
///   s32 += s8/u8 x s8/u8 (dot_int): m16n8k16, four bytes a register;
///   f32 or f16 += e4m3 x e4m3, e5m2 x e5m2: the same layout, from sm_89
///   (`computeCapability`; f8 dots on sm_80 take the FMA loop), f16
///   accumulators two to a register.
/// 2-D or batched 3-D, any M, N, K (the fragments are padded with zeros);
/// the umma atoms of sm_100 are executed with these too (on sm_90 the dots
/// with wgmma's types take wgmma first: Wgmma.cpp). Other dots take the FMA
/// loop.
std::optional<MmaSyncShape> mmaSyncShape(Operation *op,
                                         unsigned computeCapability) {
  if (!isa<as::DotOp, as::DotIntOp>(op))
    return std::nullopt;
  auto a = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto c = dyn_cast<RankedTensorType>(op->getOperand(2).getType());
  if (!a || !c || a.getRank() < 2 || a.getRank() > 3)
    return std::nullopt;
  Type in = a.getElementType(), acc = c.getElementType();
  MmaSyncShape s;
  auto half = [&](std::string name) {
    s.intrinsic = std::move(name);
    s.aRow = {0, 8, 0, 8};
    s.aCol = {0, 0, 8, 8};
    s.bRow = {0, 8};
    s.ldmatrixA = s.ldmatrixB = true;
  };
  auto bytes = [&](std::string name) {
    s.intrinsic = std::move(name);
    s.perReg = 4;
    s.tMul = 4;
    s.aRow = {0, 8};
    s.aCol = {0, 0};
    s.bRow = {0};
    s.ldmatrixA = true;
  };
  if (auto dotInt = dyn_cast<as::DotIntOp>(op)) {
    if (!in.isInteger(8) || !acc.isInteger(32))
      return std::nullopt;
    auto sign = [](cuda_tile::Signedness v) {
      return v == cuda_tile::Signedness::Signed ? "s8" : "u8";
    };
    std::string l = sign(dotInt.getSignednessLhs()),
                r = sign(dotInt.getSignednessRhs());
    bytes("llvm.nvvm.mma.m16n8k16.row.col." + l + (l == r ? "" : "." + r));
    return s;
  }
  if ((acc.isF32() || acc.isF16()) && computeCapability >= 89 &&
      (isa<Float8E4M3FNType>(in) || isa<Float8E5M2Type>(in))) {
    std::string f = isa<Float8E4M3FNType>(in) ? "e4m3" : "e5m2",
                d = acc.isF32() ? "f32" : "f16";
    bytes("llvm.nvvm.mma.m16n8k16.row.col." + d + "." + f + "." + f + "." + d);
    return s;
  }
  if (acc.isF32() && in.isF16()) {
    half("llvm.nvvm.mma.m16n8k16.row.col.f32.f32");
  } else if (acc.isF32() && in.isBF16()) {
    half("llvm.nvvm.mma.m16n8k16.row.col.bf16");
  } else if (acc.isF16() && in.isF16()) {
    half("llvm.nvvm.mma.m16n8k16.row.col.f16.f16");
  } else if (acc.isF32() && in.isTF32()) {
    s.intrinsic = "llvm.nvvm.mma.m16n8k8.row.col.tf32";
    s.kStep = 8;
    s.perReg = 1;
    s.tMul = 1;
    s.aRow = {0, 8, 0, 8};
    s.aCol = {0, 0, 4, 4};
    s.bRow = {0, 4};
    s.ldmatrixA = true;
  } else if (acc.isF64() && in.isF64()) {
    s.intrinsic = "llvm.nvvm.mma.m8n8k4.row.col.f64";
    s.blockM = 8;
    s.kStep = 4;
    s.perReg = 1;
    s.tMul = 1;
    s.aRow = {0};
    s.aCol = {0};
    s.bRow = {0};
  } else {
    return std::nullopt;
  }
  return s;
}

bool isMmaSyncDot(Operation *op, unsigned computeCapability) {
  return mmaSyncShape(op, computeCapability).has_value();
}

/// A combiner the order of whose steps cannot change its result: the
/// yielded value is one op applied to the two arguments (in either order),
/// the body's other ops are dead and pure (speculatable), and that op is
/// associative and commutative on every value, exact, and defined on every
/// value (integer add and multiply without overflow flags, which would make an
/// intermediate sum of another order undefined; and, or, xor; integer
/// min/max; maxf/minf, whose NaN result is canonical and which order -0 <
/// +0).
bool isOrderFreeCombiner(Block &body) {
  Operation *yield = body.getTerminator();
  if (body.getNumArguments() != 2 || yield->getNumOperands() != 1)
    return false;
  Operation *op = yield->getOperand(0).getDefiningOp();
  if (!op || op->getBlock() != &body || op->getNumOperands() != 2 ||
      op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  // The dead ops are cloned too: they must be defined on whatever partial
  // values they meet (pure: no effects and speculatable, so no division).
  for (Operation &other : body.without_terminator())
    if (&other != op && (!other.use_empty() || !isPure(&other)))
      return false;
  Value a = body.getArgument(0), b = body.getArgument(1);
  Value x = op->getOperand(0), y = op->getOperand(1);
  if (!((x == a && y == b) || (x == b && y == a)))
    return false;
  if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    if (flags.hasNoSignedWrap() || flags.hasNoUnsignedWrap())
      return false;
  return isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
             arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
             arith::MinUIOp, as::MaxFOp, as::MinFOp>(op);
}

/// Rows shorter than this fold sequentially. A reduce's: LLVM unrolls
/// shorter folds into loads at constant offsets (of several narrow elements
/// at once), which the shuffles' fixed cost (index arithmetic, the
/// partials' store, a barrier) does not beat. Measured on the SIMT executor
/// (warp-instructions of a load-reduce-store kernel, sm_90 -O3, 128
/// threads, 1 to 32 rows): i32 and i64 rows of 4 to 32 cost 1.04x to 2.4x
/// more with shuffles, rows of 64 to 256 0.08x to 0.57x; i16 rows of 64
/// 1.45x, of 128 0.33x; i8 rows of 128 1.6x, of 256 0.40x to 0.65x
/// (compiler/docs/Backend.md, "Reductions and scans"). A sequential scan folds
/// each result's prefix in a loop whose trip count depends on the position,
/// which LLVM does not unroll: scans win from 2 elements on for elements of 32
/// bits or fewer (0.16x to 0.88x) and from 16 on for 64-bit ones, which move in
/// two shuffles (0.24x to 0.68x at 16; 1.06x to 1.37x at 2 to 8), measured on
/// load-scan-store kernels alike.
int64_t minShuffleExtent(Operation *op, Type elem) {
  if (!isa<as::ScanOp>(op))
    return std::max<int64_t>(64, 256 / storageBytes(elem));
  return elem.getIntOrFloatBitWidth() > 32 ? 16 : 2;
}

/// How a reduce or scan combines with warp shuffles (compiler/docs/
/// Backend.md, "Reductions and scans"): R threads work on each row (the
/// elements along the dimension that one result element of a reduce, or
/// one line of a scan, combines), lanes of one warp (L = min(R, 32) of
/// them) exchange values by shuffles, and the W = R / L warps of a row
/// exchange theirs through W partials in the scratch buffer after the
/// staged operand; a scan writes its results over the operand (or after
/// the partials: ShufflePlan::resultOffset).
struct ShufflePlan {
  int64_t threads = 1, lanes = 1, warps = 1;
  /// Rows: a reduce's result elements, a scan's lines.
  int64_t rows = 1;
  /// Bytes of the staged operand, 16-aligned: where the partials start.
  int64_t partialOffset = 0;
  int64_t partialBytes = 0;
  /// Where a scan's results are staged: over the operand (offset 0, no
  /// bytes of their own), or, when groups of threads repeat a line,
  /// 16-aligned after the partials.
  int64_t resultOffset = 0;
  int64_t resultBytes = 0;
  /// Fewer rows * threads than the tile block's threads: groups repeat a
  /// row, and only the first writes.
  bool repeats = false;

  int64_t scratchBytes() const {
    return resultBytes ? resultOffset + resultBytes
                       : partialOffset + partialBytes;
  }
};

/// The shuffle plan of a reduce or scan under `map`, or nothing when it
/// folds sequentially: more than one operand, a combiner whose result
/// depends on the order, an element shuffles cannot move, shapes or a
/// thread count that are not powers of two, as many rows as threads (each
/// thread then works on its own rows alone, as sequentially), or rows
/// shorter than minShuffleExtent.
std::optional<ShufflePlan> shufflePlan(Operation *op, const ThreadMap &map) {
  if (!isa<as::ReduceOp, as::ScanOp>(op) || op->getNumOperands() != 1 ||
      !isOrderFreeCombiner(op->getRegion(0).front()))
    return std::nullopt;
  Type elem =
      convertElementType(mirrorElementType(op->getOperand(0).getType()));
  // Shuffles move 32-bit words: integers of 1, 8, 16, 32 or 64 bits,
  // 16-, 32- and 64-bit floats.
  if (!elem || !(elem.isInteger(1) || elem.isInteger(8) || elem.isInteger(16) ||
                 elem.isInteger(32) || elem.isInteger(64) || elem.isF16() ||
                 elem.isBF16() || elem.isF32() || elem.isF64()))
    return std::nullopt;
  int64_t n = mirrorNumElements(op->getOperand(0).getType());
  int64_t extent = 0;
  if (auto scan = dyn_cast<as::ScanOp>(op)) {
    auto type = dyn_cast<RankedTensorType>(scan->getOperand(0).getType());
    if (!type)
      return std::nullopt;
    extent = type.getShape()[scan.getDim()];
  } else {
    extent =
        n / std::max<int64_t>(mirrorNumElements(op->getResult(0).getType()), 1);
  }
  int64_t rows = n / extent;
  if (extent < minShuffleExtent(op, elem) || !llvm::isPowerOf2_64(extent) ||
      !llvm::isPowerOf2_64(rows) || !llvm::isPowerOf2_64(map.threads) ||
      rows >= map.threads)
    return std::nullopt;
  ShufflePlan plan;
  plan.rows = rows;
  plan.threads = std::min(extent, map.threads / rows);
  if (plan.threads < 2)
    return std::nullopt;
  plan.lanes = std::min<int64_t>(plan.threads, 32);
  plan.warps = plan.threads / plan.lanes;
  plan.repeats = rows * plan.threads < map.threads;
  int64_t bytes = storageBytes(elem);
  plan.partialOffset = alignTo16(n * bytes);
  plan.partialBytes = rows * plan.warps * bytes;
  if (isa<as::ScanOp>(op)) {
    // A scan's partials are the warps' totals: none with one warp to a
    // line. Its results overwrite the operand, each thread's its own
    // chunk, unless groups of threads repeat a line (then a repeat might
    // still read what the first group wrote): a separate area.
    if (plan.warps == 1)
      plan.partialBytes = 0;
    if (plan.repeats) {
      plan.resultOffset = alignTo16(plan.partialOffset + plan.partialBytes);
      plan.resultBytes = n * bytes;
    }
  }
  return plan;
}

/// Scratch bytes `op` needs: its tensor operands one after the other, and
/// what a shuffle plan adds.
int64_t scratchOf(Operation *op, unsigned computeCapability,
                  const ThreadMap &map) {
  if (std::optional<ShufflePlan> plan = shufflePlan(op, map))
    return plan->scratchBytes();
  if (isa<as::AtomicRMWTkoOp, as::AtomicCASTkoOp>(op))
    return tensorBytes(op->getResult(0).getType());
  // Gather/scatter accesses stage their row indices.
  if (isa<as::TiledLoadOp, as::TiledStoreOp, as::TiledAtomicRMWOp>(op)) {
    Value view = isa<as::TiledLoadOp>(op) ? cast<as::TiledLoadOp>(op).getView()
                 : isa<as::TiledStoreOp>(op)
                     ? cast<as::TiledStoreOp>(op).getView()
                     : cast<as::TiledAtomicRMWOp>(op).getView();
    auto type = cast<nv_tileaa::TiledViewType>(view.getType());
    if (type.getKind() != nv_tileaa::TiledViewKind::GatherScatter)
      return 0;
    ValueRange index =
        isa<as::TiledLoadOp>(op)    ? cast<as::TiledLoadOp>(op).getIndex()
        : isa<as::TiledStoreOp>(op) ? cast<as::TiledStoreOp>(op).getIndex()
                                    : cast<as::TiledAtomicRMWOp>(op).getIndex();
    return tensorBytes(index[type.getSparseDim()].getType());
  }
  if (!isa<as::BroadcastOp, as::PermuteOp, as::ExtractOp, as::CatOp,
           as::ReduceOp, as::ScanOp, as::DotOp, as::DotIntOp, as::PackOp,
           as::UnpackOp, as::BlockScaledMmaOp, as::PrintTkoOp>(op))
    return 0;
  // A one-element source is broadcast from the registers (lowerMove).
  if (isa<as::BroadcastOp>(op) &&
      mirrorNumElements(op->getOperand(0).getType()) == 1)
    return 0;
  int64_t bytes = 0;
  if (auto print = dyn_cast<as::PrintTkoOp>(op))
    return printScratchBytes(print);
  if (auto scaled = dyn_cast<as::BlockScaledMmaOp>(op)) {
    for (Value v : {scaled.getLhs(), scaled.getRhs(), scaled.getLhsScale(),
                    scaled.getRhsScale()})
      bytes = alignTo16(bytes) + tensorBytes(v.getType());
    return bytes;
  }
  // Tensor-core dots stage the accumulator too.
  if (std::optional<WgmmaForm> form = wgmmaForm(op, map, computeCapability))
    return wgmmaScratchBytes(op, *form);
  if (isMmaSyncDot(op, computeCapability)) {
    int64_t ab = alignTo16(tensorBytes(op->getOperand(0).getType())) +
                 tensorBytes(op->getOperand(1).getType());
    return alignTo16(ab) + tensorBytes(op->getOperand(2).getType());
  }
  unsigned tensors = isa<as::DotOp, as::DotIntOp>(op) ? 2
                     : isa<as::ExtractOp, as::PackOp, as::UnpackOp>(op)
                         ? 1
                         : op->getNumOperands();
  for (unsigned i = 0; i < tensors && i < op->getNumOperands(); ++i)
    bytes = alignTo16(bytes) + tensorBytes(op->getOperand(i).getType());
  return bytes;
}

/// The linear index in the scratch buffer of the source element of the
/// move `op` at result coordinates `c` (lowerMove).
template <typename OpT>
Value sourceIndex(OpT op, OneToN<OpT> adaptor, ThreadIndexer &ix,
                  SmallVector<Value> c) {
  OpBuilder &b = ix.b;
  Location loc = ix.loc;
  if constexpr (std::is_same_v<OpT, as::BroadcastOp>) {
    ArrayRef<int64_t> src = tensorType(op.getSource()).getShape();
    for (auto [d, size] : llvm::enumerate(src))
      if (size == 1)
        c[d] = ix.i32(0);
    return ix.linear(c, src);
  } else if constexpr (std::is_same_v<OpT, as::PermuteOp>) {
    ArrayRef<int64_t> src = tensorType(op.getSource()).getShape();
    SmallVector<Value> from(src.size());
    for (auto [d, p] : llvm::enumerate(op.getPermutation()))
      from[p] = c[d];
    return ix.linear(from, src);
  } else if constexpr (std::is_same_v<OpT, as::ExtractOp>) {
    ArrayRef<int64_t> src = tensorType(op.getSource()).getShape();
    ArrayRef<int64_t> dst = tensorType(op.getResult()).getShape();
    for (auto [d, idx] : llvm::enumerate(adaptor.getIndices())) {
      Value block = castInteger(b, loc, idx.front(), b.getI32Type(),
                                /*isSigned=*/false);
      Value origin = arith::MulIOp::create(b, loc, block, ix.i32(dst[d]));
      c[d] = arith::AddIOp::create(b, loc, origin, c[d]);
    }
    return ix.linear(c, src);
  } else {
    static_assert(std::is_same_v<OpT, as::CatOp>);
    RankedTensorType lhs = tensorType(op.getLhs()),
                     rhs = tensorType(op.getRhs());
    unsigned dim = op.getDim();
    int64_t split = lhs.getShape()[dim];
    Value inLhs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        c[dim], ix.i32(split));
    Value fromLhs = ix.linear(c, lhs.getShape());
    SmallVector<Value> rc = c;
    rc[dim] = arith::SubIOp::create(b, loc, c[dim], ix.i32(split));
    Value fromRhs = arith::AddIOp::create(b, loc, ix.i32(lhs.getNumElements()),
                                          ix.linear(rc, rhs.getShape()));
    return arith::SelectOp::create(b, loc, inLhs, fromLhs, fromRhs);
  }
}

/// Broadcast, permute, extract and cat: every result element is one source
/// element; `sourceIndex` maps result coordinates to the linear index of
/// the source element in the scratch buffer (cat's operands lie there one
/// after the other).
template <typename OpT>
LogicalResult lowerMove(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                        const ThreadMap &map) {
  RankedTensorType result = tensorType(op->getResult(0));
  Type elem = convertElementType(result.getElementType());
  if (!elem)
    return rewriter.notifyMatchFailure(op, "element type");
  int64_t n = result.getNumElements();
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);

  // A one-element source is replicated in every thread already.
  if constexpr (std::is_same_v<OpT, as::BroadcastOp>) {
    if (tensorType(op.getSource()).getNumElements() == 1) {
      rewriter.replaceOpWithMultiple(
          op, {SmallVector<Value>(map.slots(n), adaptor.getSource().front())});
      return success();
    }
  }

  Scratch smem = Scratch::get(ix);
  int64_t offset = 0;
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    // Extract's indices are scalars, not data.
    if (std::is_same_v<OpT, as::ExtractOp> && i > 0)
      continue;
    RankedTensorType type = tensorType(operand);
    smem.write(offset, adaptor.getOperands()[i], type.getNumElements(), elem);
    offset += type.getNumElements() * storageBytes(elem);
  }
  ix.barrier();
  SmallVector<Value> values;
  for (int64_t s = 0, e = map.slots(n); s < e; ++s) {
    SmallVector<Value> c = ix.coords(ix.element(n, s), result.getShape());
    values.push_back(smem.read(0, sourceIndex(op, adaptor, ix, c), elem));
  }
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

/// Whether pack/unpack can reinterpret elements of `t` as the bytes they
/// are held in: whole bytes, stored as the interpreter stores them (i1 is a
/// byte here but one bit there; tf32's low bits are dropped on reading).
bool reinterpretable(Type t) {
  Type e = convertElementType(t);
  return e && !e.isInteger(1) && !isa<LLVM::LLVMPointerType>(e) && !t.isTF32();
}

/// pack and unpack with a 4-bit side: a 4-bit source goes to the scratch
/// buffer one element per byte, and byte j of its memory image (two
/// elements per byte, low nibble first, as the interpreter packs them) is
/// composed on reading; a 4-bit result element k is the nibble k mod 2 of
/// image byte k / 2.
SmallVector<Value> reinterpretNibbles(ThreadIndexer &ix, Scratch &smem,
                                      RankedTensorType source,
                                      RankedTensorType result) {
  OpBuilder &b = ix.b;
  Location loc = ix.loc;
  I32 ar{b, loc};
  Type i8 = b.getI8Type();
  bool fromNibble = isNibble(source.getElementType());
  auto byteConst = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i8, v));
  };
  auto imageByte = [&](Value j) -> Value {
    if (!fromNibble)
      return smem.read(0, j, i8);
    Value lo = smem.read(0, ar.mul(j, 2), i8);
    Value hi = smem.read(0, ar.add(ar.mul(j, 2), 1), i8);
    lo = arith::AndIOp::create(b, loc, lo, byteConst(0xf));
    hi = arith::ShLIOp::create(b, loc, hi, byteConst(4));
    return arith::OrIOp::create(b, loc, lo, hi);
  };
  Type to = convertElementType(result.getElementType());
  int64_t m = result.getNumElements();
  SmallVector<Value> values;
  for (int64_t s = 0, e = ix.map.slots(m); s < e; ++s) {
    Value k = ix.element(m, s);
    if (isNibble(result.getElementType())) {
      Value byte = imageByte(ar.div(k, 2));
      Value shift =
          arith::TruncIOp::create(b, loc, i8, ar.mul(ar.rem(k, 2), 4));
      values.push_back(arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, byte, shift), byteConst(0xf)));
      continue;
    }
    int64_t w = storageBytes(to);
    Type word = b.getIntegerType(8 * w);
    Value acc = arith::ConstantOp::create(b, loc, b.getIntegerAttr(word, 0));
    for (int64_t i = 0; i < w; ++i) {
      Value byte = imageByte(ar.add(ar.mul(k, w), i));
      Value wide = w == 1 ? byte : arith::ExtUIOp::create(b, loc, word, byte);
      if (i)
        wide = arith::ShLIOp::create(
            b, loc, wide,
            arith::ConstantOp::create(b, loc, b.getIntegerAttr(word, 8 * i)));
      acc = arith::OrIOp::create(b, loc, acc, wide);
    }
    values.push_back(
        word == to ? acc
                   : arith::BitcastOp::create(b, loc, to, acc).getResult());
  }
  return values;
}

/// pack and unpack: the rank-1 source's elements written to the scratch
/// buffer as they are held in memory (little-endian), each result element
/// read back from its own bytes (4-bit elements: reinterpretNibbles).
template <typename OpT>
LogicalResult lowerReinterpret(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                               const ThreadMap &map) {
  RankedTensorType source = tensorType(op.getSource()),
                   result = tensorType(op.getResult());
  if (!reinterpretable(source.getElementType()) ||
      !reinterpretable(result.getElementType()))
    return rewriter.notifyMatchFailure(op, "element type");
  Type from = convertElementType(source.getElementType()),
       to = convertElementType(result.getElementType());
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  Scratch smem = Scratch::get(ix);
  smem.write(0, adaptor.getSource(), source.getNumElements(), from);
  ix.barrier();
  SmallVector<Value> values =
      isNibble(source.getElementType()) || isNibble(result.getElementType())
          ? reinterpretNibbles(ix, smem, source, result)
          : smem.readSlots(0, result.getNumElements(), to);
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

/// The identity of a reduce or scan operand as a constant of `elem`.
Value identityValue(OpBuilder &b, Location loc, Attribute attr, Type elem) {
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    llvm::APFloat v = f.getValue();
    bool lost;
    v.convert(cast<FloatType>(elem).getFloatSemantics(),
              llvm::APFloat::rmNearestTiesToEven, &lost);
    return arith::ConstantOp::create(b, loc, FloatAttr::get(elem, v));
  }
  auto i = cast<IntegerAttr>(attr);
  return arith::ConstantOp::create(
      b, loc,
      IntegerAttr::get(elem,
                       i.getValue().zextOrTrunc(elem.getIntOrFloatBitWidth())));
}

/// The combiner applied to (element, accumulator) pairs: the body cloned
/// with its arguments bound; the conversion then lowers the clones.
SmallVector<Value> combine(OpBuilder &b, Block &body, ArrayRef<Value> elems,
                           ArrayRef<Value> accs) {
  IRMapping map;
  for (unsigned i = 0; i < elems.size(); ++i) {
    map.map(body.getArgument(2 * i), elems[i]);
    map.map(body.getArgument(2 * i + 1), accs[i]);
  }
  for (Operation &op : body.without_terminator())
    b.clone(op, map);
  SmallVector<Value> out;
  for (Value v : body.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

/// `v` from another lane of the warp (shfl.sync over the whole warp), moved
/// as one or two 32-bit words: with `bfly` the lane whose index differs
/// from this lane's in the bits of `offset`, with `up` the lane `offset`
/// below (this lane's own value below lane `offset`).
Value shuffle(OpBuilder &b, Location loc, Value v, NVVM::ShflKind kind,
              int64_t offset) {
  Type type = v.getType(), i32 = b.getI32Type();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type word = b.getIntegerType(bits);
  auto constant = [&](int64_t c) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(c));
  };
  // The clamp: lane 31 for bfly (and down, idx), lane 0 for up.
  Value all = constant(-1), lane = constant(offset),
        clamp = constant(kind == NVVM::ShflKind::up ? 0 : 31);
  auto word32 = [&](Value x) -> Value {
    return NVVM::ShflOp::create(b, loc, i32, all, x, lane, clamp, kind,
                                UnitAttr());
  };
  Value x = isa<FloatType>(type)
                ? arith::BitcastOp::create(b, loc, word, v).getResult()
                : v;
  Value moved;
  if (bits <= 32) {
    Value wide =
        bits < 32 ? arith::ExtUIOp::create(b, loc, i32, x).getResult() : x;
    moved = word32(wide);
    if (bits < 32)
      moved = arith::TruncIOp::create(b, loc, word, moved);
  } else {
    Type i64 = b.getI64Type();
    Value high = arith::ShRUIOp::create(
        b, loc, x, arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32)));
    Value lo = word32(arith::TruncIOp::create(b, loc, i32, x));
    Value hi = word32(arith::TruncIOp::create(b, loc, i32, high));
    moved = arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, lo),
        arith::ShLIOp::create(
            b, loc, arith::ExtUIOp::create(b, loc, i64, hi),
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32))));
  }
  return isa<FloatType>(type)
             ? arith::BitcastOp::create(b, loc, type, moved).getResult()
             : moved;
}

/// What both shuffle lowerings start with: the operand staged in the
/// scratch buffer (a barrier after it), and this thread's rank among its
/// row's R threads, its group t / R and the row it works on (the group, mod
/// the rows when groups repeat them).
struct RowShare {
  Scratch smem;
  Value rank, group, row;
};

RowShare shareRows(ThreadIndexer &ix, ValueRange slots, int64_t n, Type elem,
                   const ShufflePlan &plan) {
  Scratch smem = Scratch::get(ix);
  smem.write(0, slots, n, elem);
  ix.barrier();
  Value tid = ix.tid();
  Value rank =
      arith::AndIOp::create(ix.b, ix.loc, tid, ix.i32(plan.threads - 1));
  Value group = arith::ShRUIOp::create(ix.b, ix.loc, tid,
                                       ix.i32(llvm::Log2_64(plan.threads)));
  Value row = plan.repeats ? arith::AndIOp::create(ix.b, ix.loc, group,
                                                   ix.i32(plan.rows - 1))
                                 .getResult()
                           : group;
  return {smem, rank, group, row};
}

/// A reduce under a ShufflePlan. The operand is staged in the
/// scratch buffer as for the sequential fold; thread t works for result
/// element o = t / R (mod the result's size: with fewer result elements
/// than T / R, groups of threads repeat one and only the first writes) at
/// rank r = t mod R: it folds elements r, r + R, ... of o's row (adjacent
/// lanes read adjacent elements of a row along the last dimension), the
/// warp's lanes of o combine their values by butterfly shuffles, and lane
/// r mod L = 0 writes partial r / L of o after the operand; a barrier; each
/// thread folds the W partials of each of its result slots into the
/// identity, which so enters once, as in the sequential fold.
LogicalResult lowerShuffleReduce(as::ReduceOp op, ValueRange slots,
                                 ConversionPatternRewriter &rewriter,
                                 const ThreadMap &map,
                                 const ShufflePlan &plan) {
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  RankedTensorType source = tensorType(op->getOperand(0));
  RankedTensorType result = tensorType(op->getResult(0));
  Type elem = convertElementType(source.getElementType());
  unsigned dim = op.getDim();
  int64_t n = source.getNumElements(), out = result.getNumElements();
  int64_t extent = source.getShape()[dim];
  Block &body = op.getBody().front();
  auto fold = [&](OpBuilder &b, Value element, Value acc) {
    return combine(b, body, {element}, {acc}).front();
  };

  RowShare share = shareRows(ix, slots, n, elem, plan);
  Scratch &smem = share.smem;
  Value rank = share.rank, group = share.group, element = share.row;
  bool repeats = plan.repeats;
  SmallVector<Value> at = ix.coords(element, result.getShape());
  at.insert(at.begin() + dim, Value());
  auto read = [&](ThreadIndexer &in, Value k) {
    SmallVector<Value> coords = at;
    coords[dim] = k;
    Scratch local{in, smem.base};
    return local.read(0, in.linear(coords, source.getShape()), elem);
  };

  // This thread's elements of the row, in order of rank.
  Value acc = read(ix, rank);
  if (int64_t steps = extent / plan.threads; steps > 1) {
    auto loop = scf::ForOp::create(
        rewriter, loc, ix.i32(1), ix.i32(steps), ix.i32(1), ValueRange{acc},
        [&](OpBuilder &b, Location l, Value i, ValueRange accs) {
          ThreadIndexer inner(b, l, ix);
          Value k = arith::AddIOp::create(
              b, l, rank,
              arith::MulIOp::create(b, l, i, inner.i32(plan.threads)));
          scf::YieldOp::create(b, l,
                               ValueRange{fold(b, read(inner, k), accs[0])});
        });
    acc = loop.getResult(0);
  }
  for (int64_t offset = plan.lanes / 2; offset >= 1; offset /= 2)
    acc = fold(rewriter,
               shuffle(rewriter, loc, acc, NVVM::ShflKind::bfly, offset), acc);

  // The first lane of each warp's share writes its partial.
  Value partial = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, element, ix.i32(plan.warps)),
      arith::ShRUIOp::create(rewriter, loc, rank, ix.i32(5)));
  Value first = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq,
      arith::AndIOp::create(rewriter, loc, rank, ix.i32(plan.lanes - 1)),
      ix.i32(0));
  if (repeats)
    first = arith::AndIOp::create(
        rewriter, loc, first,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, group,
                              ix.i32(out)));
  guardedStore(rewriter, loc, acc,
               smem.address(plan.partialOffset, partial, elem), first,
               as::MemSemantic::WEAK);
  ix.barrier();

  SmallVector<Value> values;
  for (int64_t s = 0, e = map.slots(out); s < e; ++s) {
    Value base = arith::MulIOp::create(rewriter, loc, ix.element(out, s),
                                       ix.i32(plan.warps));
    Value value = identityValue(rewriter, loc, op.getIdentities()[0], elem);
    for (int64_t w = 0; w < plan.warps; ++w) {
      Value index = w == 0
                        ? base
                        : arith::AddIOp::create(rewriter, loc, base, ix.i32(w))
                              .getResult();
      value = fold(rewriter, smem.read(plan.partialOffset, index, elem), value);
    }
    values.push_back(value);
  }
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

/// A scan under a ShufflePlan. The operand is staged as for the sequential
/// fold; thread t works on line t / R (mod the lines, as for a reduce) at
/// rank r = t mod R, on the C = E / R consecutive positions r C ..
/// (r + 1) C - 1 of the line in the scan's direction. It folds its chunk's
/// total; the L lanes of a warp's share scan their totals with shfl.sync.up
/// (Kogge-Stone: offsets 1, 2, ... L / 2) and take the one below them
/// (one more shfl.sync.up), so each knows the totals of the chunks before
/// its own in its warp; with W > 1 warps to a line the last lane of each
/// writes its warp's total as a partial, a barrier, and each thread folds
/// the partials of the warps before its own. Then it folds its chunk again
/// from identity + everything before it and writes each step's value to
/// the results area (the chunk's own positions of the operand, which no
/// other thread reads, unless groups repeat the line); a barrier; every
/// thread reads its slots. The identity so enters every result once, as in
/// the sequential fold.
LogicalResult lowerShuffleScan(as::ScanOp op, ValueRange slots,
                               ConversionPatternRewriter &rewriter,
                               const ThreadMap &map, const ShufflePlan &plan) {
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  RankedTensorType source = tensorType(op->getOperand(0));
  Type elem = convertElementType(source.getElementType());
  unsigned dim = op.getDim();
  int64_t n = source.getNumElements(), extent = source.getShape()[dim];
  int64_t chunk = extent / plan.threads;
  bool reverse = op.getReverse();
  Block &body = op.getBody().front();
  auto fold = [&](OpBuilder &b, Value element, Value acc) {
    return combine(b, body, {element}, {acc}).front();
  };
  auto select = [&](Value when, Value a, Value b) -> Value {
    return arith::SelectOp::create(rewriter, loc, when, a, b);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value a, Value b) -> Value {
    return arith::CmpIOp::create(rewriter, loc, p, a, b);
  };

  RowShare share = shareRows(ix, slots, n, elem, plan);
  Scratch &smem = share.smem;
  Value rank = share.rank, group = share.group, line = share.row;
  bool repeats = plan.repeats;
  // The line's coordinates: the source shape without `dim`.
  SmallVector<int64_t> lineShape(source.getShape());
  lineShape.erase(lineShape.begin() + dim);
  SmallVector<Value> at = ix.coords(line, lineShape);
  at.insert(at.begin() + dim, Value());
  // The linear index of position k of the line, in the scan's direction.
  auto index = [&](ThreadIndexer &in, Value k) {
    SmallVector<Value> coords = at;
    coords[dim] =
        reverse ? arith::SubIOp::create(in.b, in.loc, in.i32(extent - 1), k)
                      .getResult()
                : k;
    return in.linear(coords, source.getShape());
  };
  Value first =
      arith::MulIOp::create(rewriter, loc, rank, ix.i32(chunk)).getResult();
  // Folds positions first + 1 .. first + C - 1 into `init`, calling
  // `each(position, value)` after every step.
  auto foldChunk =
      [&](Value init, int64_t from,
          llvm::function_ref<void(ThreadIndexer &, Value, Value)> each)
      -> Value {
    if (from >= chunk)
      return init;
    auto loop = scf::ForOp::create(
        rewriter, loc, ix.i32(from), ix.i32(chunk), ix.i32(1), ValueRange{init},
        [&](OpBuilder &b, Location l, Value i, ValueRange accs) {
          ThreadIndexer inner(b, l, ix);
          Value k = arith::AddIOp::create(b, l, first, i);
          Value pos = index(inner, k);
          Scratch local{inner, smem.base};
          Value next = fold(b, local.read(0, pos, elem), accs[0]);
          if (each)
            each(inner, pos, next);
          scf::YieldOp::create(b, l, ValueRange{next});
        });
    return loop.getResult(0);
  };

  // The chunk's total, then the totals before it in the warp's share.
  Value pos0 = index(ix, first);
  Value total = foldChunk(smem.read(0, pos0, elem), 1, nullptr);
  Value lane =
      arith::AndIOp::create(rewriter, loc, rank, ix.i32(plan.lanes - 1));
  Value inclusive = total;
  for (int64_t offset = 1; offset < plan.lanes; offset *= 2) {
    Value below = shuffle(rewriter, loc, inclusive, NVVM::ShflKind::up, offset);
    inclusive = select(cmp(arith::CmpIPredicate::uge, lane, ix.i32(offset)),
                       fold(rewriter, below, inclusive), inclusive);
  }
  Value before = shuffle(rewriter, loc, inclusive, NVVM::ShflKind::up, 1);
  Value prefix = identityValue(rewriter, loc, op.getIdentities()[0], elem);
  Value writer = repeats
                     ? cmp(arith::CmpIPredicate::ult, group, ix.i32(plan.rows))
                     : ix.boolean(true);
  if (plan.warps > 1) {
    Value warp = arith::ShRUIOp::create(rewriter, loc, rank, ix.i32(5));
    Value base = arith::MulIOp::create(rewriter, loc, line, ix.i32(plan.warps));
    Value last = arith::AndIOp::create(
        rewriter, loc,
        cmp(arith::CmpIPredicate::eq, lane, ix.i32(plan.lanes - 1)), writer);
    guardedStore(rewriter, loc, inclusive,
                 smem.address(plan.partialOffset,
                              arith::AddIOp::create(rewriter, loc, base, warp),
                              elem),
                 last, as::MemSemantic::WEAK);
    ix.barrier();
    for (int64_t w = 0; w + 1 < plan.warps; ++w) {
      Value p = smem.read(plan.partialOffset,
                          arith::AddIOp::create(rewriter, loc, base, ix.i32(w)),
                          elem);
      prefix = select(cmp(arith::CmpIPredicate::ugt, warp, ix.i32(w)),
                      fold(rewriter, p, prefix), prefix);
    }
  }
  prefix = select(cmp(arith::CmpIPredicate::uge, lane, ix.i32(1)),
                  fold(rewriter, before, prefix), prefix);

  // The chunk again, from everything before it, each step a result.
  auto store = [&](ThreadIndexer &in, Value pos, Value value) {
    Scratch local{in, smem.base};
    guardedStore(in.b, in.loc, value,
                 local.address(plan.resultOffset, pos, elem), writer,
                 as::MemSemantic::WEAK);
  };
  Value head = fold(rewriter, smem.read(0, pos0, elem), prefix);
  store(ix, pos0, head);
  foldChunk(head, 1, store);
  ix.barrier();
  SmallVector<Value> values = smem.readSlots(plan.resultOffset, n, elem);
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

template <typename OpT>
LogicalResult lowerCombine(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                           const ThreadMap &map) {
  constexpr bool isScan = std::is_same_v<OpT, as::ScanOp>;
  if (std::optional<ShufflePlan> plan = shufflePlan(op, map)) {
    if constexpr (isScan)
      return lowerShuffleScan(op, adaptor.getOperands()[0], rewriter, map,
                              *plan);
    else
      return lowerShuffleReduce(op, adaptor.getOperands()[0], rewriter, map,
                                *plan);
  }
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  unsigned m = op->getNumOperands();
  RankedTensorType source = tensorType(op->getOperand(0));
  RankedTensorType result = tensorType(op->getResult(0));
  unsigned dim = op.getDim();
  int64_t extent = source.getShape()[dim];
  SmallVector<Type> elems;
  for (Value v : op->getOperands()) {
    Type e = convertElementType(tensorType(v).getElementType());
    if (!e)
      return rewriter.notifyMatchFailure(op, "element type");
    elems.push_back(e);
  }
  Scratch smem = Scratch::get(ix);
  SmallVector<int64_t> offsets;
  int64_t offset = 0;
  for (unsigned i = 0; i < m; ++i) {
    offset = alignTo16(offset);
    offsets.push_back(offset);
    smem.write(offset, adaptor.getOperands()[i], source.getNumElements(),
               elems[i]);
    offset += source.getNumElements() * storageBytes(elems[i]);
  }
  ix.barrier();

  int64_t n = result.getNumElements(), slots = map.slots(n);
  SmallVector<SmallVector<Value>> values(m);
  Block &body = op.getBody().front();
  for (int64_t s = 0; s < slots; ++s) {
    SmallVector<Value> c = ix.coords(ix.element(n, s), result.getShape());
    // Source coordinates with the folded dimension left open.
    SmallVector<Value> at;
    if (isScan) {
      at = c;
    } else {
      at.append(c.begin(), c.begin() + dim);
      at.push_back(Value());
      at.append(c.begin() + dim, c.end());
    }
    // Steps: reduce folds the whole dimension; scan up to (or, reversed,
    // down to) the element's own position.
    Value count = ix.i32(extent);
    bool reverse = false;
    if constexpr (isScan) {
      reverse = op.getReverse();
      count = reverse
                  ? arith::SubIOp::create(rewriter, loc, ix.i32(extent), c[dim])
                        .getResult()
                  : arith::AddIOp::create(rewriter, loc, c[dim], ix.i32(1))
                        .getResult();
    }
    SmallVector<Value> init;
    for (unsigned i = 0; i < m; ++i)
      init.push_back(
          identityValue(rewriter, loc, op.getIdentities()[i], elems[i]));
    auto loop = scf::ForOp::create(
        rewriter, loc, ix.i32(0), count, ix.i32(1), init,
        [&](OpBuilder &b, Location l, Value t, ValueRange accs) {
          ThreadIndexer inner(b, l, ix);
          Value k = reverse ? arith::SubIOp::create(b, l, ix.i32(extent - 1), t)
                                  .getResult()
                            : t;
          SmallVector<Value> coords = at;
          coords[dim] = k;
          Value index = inner.linear(coords, source.getShape());
          Scratch local{inner, smem.base};
          SmallVector<Value> read;
          for (unsigned i = 0; i < m; ++i)
            read.push_back(local.read(offsets[i], index, elems[i]));
          scf::YieldOp::create(
              b, l, combine(b, body, read, SmallVector<Value>(accs)));
        });
    for (unsigned i = 0; i < m; ++i)
      values[i].push_back(loop.getResult(i));
  }
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, std::move(values));
  return success();
}

/// The contraction loop of the per-element dots (dot, dot_int,
/// block_scaled_mma), their operands staged in `smem`: for p = 0 .. k - 1,
/// `atStep(local, p)` (when given), then each accumulator slot of the
/// result `c` (`acc` its values on entry) becomes `mac(local, ai, bi, acc)`
/// with ai = (batch, m, p) and bi = (batch, p, n) the coordinates of its
/// lhs and rhs elements; a barrier; the results replace `op`.
LogicalResult contract(Operation *op, ConversionPatternRewriter &rewriter,
                       Scratch &smem, RankedTensorType c, int64_t k,
                       ValueRange acc,
                       function_ref<void(Scratch &local, Value p)> atStep,
                       function_ref<Value(Scratch &local, ArrayRef<Value> ai,
                                          ArrayRef<Value> bi, Value acc)>
                           mac) {
  ThreadIndexer &ix = smem.ix;
  unsigned rank = c.getRank();
  int64_t n = c.getNumElements(), slots = ix.map.slots(n);
  SmallVector<SmallVector<Value>> coords;
  for (int64_t s = 0; s < slots; ++s)
    coords.push_back(ix.coords(ix.element(n, s), c.getShape()));
  SmallVector<Value> init(acc.begin(), acc.end());
  auto loop = scf::ForOp::create(
      rewriter, op->getLoc(), ix.i32(0), ix.i32(k), ix.i32(1), init,
      [&](OpBuilder &bb, Location l, Value p, ValueRange accs) {
        ThreadIndexer inner(bb, l, ix);
        Scratch local{inner, smem.base};
        if (atStep)
          atStep(local, p);
        SmallVector<Value> next;
        for (int64_t s = 0; s < slots; ++s) {
          ArrayRef<Value> cc = coords[s];
          SmallVector<Value> ai(cc.begin(), cc.end()), bi(cc.begin(), cc.end());
          ai[rank - 1] = p; // (batch, m, p)
          bi[rank - 2] = p; // (batch, p, n)
          next.push_back(mac(local, ai, bi, accs[s]));
        }
        scf::YieldOp::create(bb, l, next);
      });
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(loop.getResults())});
  return success();
}

/// dot and dot_int: per accumulator element, one multiply-add per step of
/// the contraction in order (float: a single FMA in the accumulator type,
/// f16 included when the inputs are f16).
template <typename OpT>
LogicalResult lowerDot(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                       const ThreadMap &map) {
  constexpr bool isInt = std::is_same_v<OpT, as::DotIntOp>;
  Location loc = op.getLoc();
  RankedTensorType a = tensorType(op.getLhs()), b = tensorType(op.getRhs()),
                   c = tensorType(op.getAcc());
  Type ae = convertElementType(a.getElementType());
  Type ce = convertElementType(c.getElementType());
  if (!ae || !ce)
    return rewriter.notifyMatchFailure(op, "element type");
  // f8 and tf32 inputs are widened exactly to the accumulator type.
  Type narrow = isNarrowFloat(a.getElementType()) ? a.getElementType() : Type();
  // f16 accumulates f16 (or f8) products only: each step is then one
  // correctly rounded f16 FMA (the interpreter's round-to-odd-in-double
  // sum).
  if (!isInt && !(ce.isF32() || ce.isF64() ||
                  (ce.isF16() && (ae.isF16() || (narrow && ae.isInteger(8))))))
    return rewriter.notifyMatchFailure(op, "accumulator type");
  unsigned rank = c.getRank();
  int64_t k = a.getShape()[rank - 1];
  ThreadIndexer ix(rewriter, loc, map);
  Scratch smem = Scratch::get(ix);
  int64_t bOffset = alignTo16(a.getNumElements() * storageBytes(ae));
  smem.write(0, adaptor.getLhs(), a.getNumElements(), ae);
  smem.write(bOffset, adaptor.getRhs(), b.getNumElements(), ae);
  ix.barrier();

  return contract(
      op, rewriter, smem, c, k, adaptor.getAcc(), nullptr,
      [&](Scratch &local, ArrayRef<Value> ai, ArrayRef<Value> bi, Value acc) {
        OpBuilder &bb = local.ix.b;
        Location l = local.ix.loc;
        Value x = local.read(0, local.ix.linear(ai, a.getShape()), ae);
        Value y = local.read(bOffset, local.ix.linear(bi, b.getShape()), ae);
        if constexpr (isInt) {
          auto widen = [&](Value v, cuda_tile::Signedness sign) -> Value {
            if (sign == cuda_tile::Signedness::Signed)
              return arith::ExtSIOp::create(bb, l, ce, v);
            return arith::ExtUIOp::create(bb, l, ce, v);
          };
          Value prod =
              arith::MulIOp::create(bb, l, widen(x, op.getSignednessLhs()),
                                    widen(y, op.getSignednessRhs()));
          return arith::AddIOp::create(bb, l, acc, prod);
        } else {
          if (narrow) {
            x = convertNarrowFloat(bb, l, x, narrow, ce);
            y = convertNarrowFloat(bb, l, y, narrow, ce);
          } else if (ae != ce) {
            x = arith::ExtFOp::create(bb, l, ce, x);
            y = arith::ExtFOp::create(bb, l, ce, y);
          }
          return math::FmaOp::create(bb, l, x, y, acc);
        }
      });
}

/// A dot on tensor cores, in the shape mmaSyncShape() gives. Every tile
/// goes through the scratch buffer (A, B, then the accumulator, which each
/// warp's output blocks read and overwrite in place); warp w computes
/// output blocks w, w + warps, ... of the (M/blockM) x (N/8) grid, looping
/// over K in steps of the shape's K, each lane loading its fragments with
/// zeros outside the tile.
template <typename OpT>
LogicalResult lowerMmaSyncDot(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                              const BackendTypeConverter &tc) {
  std::optional<MmaSyncShape> shape = mmaSyncShape(op, tc.computeCapability);
  if (!shape)
    return failure();
  const MmaSyncShape &sh = *shape;
  Location loc = op.getLoc();
  RankedTensorType a = tensorType(op.getLhs()), b = tensorType(op.getRhs()),
                   c = tensorType(op.getAcc());
  // The types values are held in (tf32 as its f32 pattern).
  Type in = convertElementType(a.getElementType()),
       accType = convertElementType(c.getElementType()),
       i32 = rewriter.getI32Type();
  MLIRContext *ctx = rewriter.getContext();
  const int64_t inBytes = in.getIntOrFloatBitWidth() / 8,
                aRegs = sh.aRow.size(), bRegs = sh.bRow.size();
  // f16 accumulators travel two to a register.
  bool accPacked = accType.isF16();
  Type accArg = accPacked ? Type(VectorType::get({2}, accType)) : accType;
  int64_t accArgs = accPacked ? sh.accElems() / 2 : sh.accElems();
  unsigned rank = c.getRank();
  int64_t batch = rank == 3 ? c.getShape()[0] : 1;
  int64_t m = c.getShape()[rank - 2], n = c.getShape()[rank - 1],
          k = a.getShape()[rank - 1];
  ThreadIndexer ix(rewriter, loc, tc.map);
  Scratch smem = Scratch::get(ix);
  int64_t bOffset = alignTo16(batch * m * k * inBytes);
  int64_t cOffset = alignTo16(bOffset + batch * k * n * inBytes);
  smem.write(0, adaptor.getLhs(), batch * m * k, in);
  smem.write(bOffset, adaptor.getRhs(), batch * k * n, in);
  smem.write(cOffset, adaptor.getAcc(), batch * m * n, accType);
  ix.barrier();

  Value tid = ix.tid();
  Value lane = arith::RemUIOp::create(rewriter, loc, tid, ix.i32(32));
  Value warp = arith::DivUIOp::create(rewriter, loc, tid, ix.i32(32));
  Value g = arith::ShRUIOp::create(rewriter, loc, lane, ix.i32(2));
  Value t = arith::AndIOp::create(rewriter, loc, lane, ix.i32(3));
  int64_t warps = tc.map.threads / 32, nBlocks = (n + 7) / 8,
          perBatch = ((m + sh.blockM - 1) / sh.blockM) * nBlocks,
          blocks = batch * perBatch;
  auto result =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(accArgs, accArg));
  // Warp w takes output blocks w, w + warps, ...
  forEachBlock(
      rewriter, loc, warp, warps, blocks,
      [&](OpBuilder &bb, Location l, Value block) {
        ThreadIndexer in2(bb, l, tc.map);
        Scratch local{in2, smem.base};
        I32 ar{bb, l};
        auto add = [&](Value x, Value y) { return ar.add(x, y); };
        auto mul = [&](Value x, int64_t y) { return ar.mul(x, y); };
        // x < y, or true where the tile's extent is a multiple of the
        // block's (`full`): a block then never reaches past it.
        auto ult = [&](OpBuilder &ob, Location ol, Value x, int64_t y,
                       bool full) -> Value {
          if (full)
            return arith::ConstantOp::create(ob, ol, ob.getBoolAttr(true));
          return arith::CmpIOp::create(
              ob, ol, arith::CmpIPredicate::ult, x,
              arith::ConstantOp::create(ob, ol, ob.getI32IntegerAttr(y)));
        };
        const bool mFull = m % sh.blockM == 0, nFull = n % 8 == 0,
                   kFull = k % sh.kStep == 0;
        OutputBlock at =
            outputBlock(ar, block, perBatch, nBlocks, sh.blockM, 8);
        Value bi = at.batch, row0 = at.row0, col0 = at.col0;
        Value t2 = mul(t, 2);
        Value aBase = mul(bi, m * k), bBase = mul(bi, k * n),
              cBase = mul(bi, m * n);
        // The accumulator elements this lane holds (linear index, inside
        // the tile or not).
        SmallVector<Value> cIndex, cValid;
        for (int64_t i = 0; i < sh.accElems(); ++i) {
          Value row = add(add(row0, g), in2.i32(i >= 2 ? 8 : 0));
          Value col = add(add(col0, t2), in2.i32(i & 1));
          cValid.push_back(arith::AndIOp::create(
              bb, l, ult(bb, l, row, m, mFull), ult(bb, l, col, n, nFull)));
          cIndex.push_back(add(cBase, add(mul(row, n), col)));
        }
        // A read of the scratch buffer, zero outside the tile.
        auto guarded = [&](OpBuilder &ob, Location ol, Scratch &sc,
                           int64_t offset, Value index, Value valid,
                           Type elem) -> Value {
          Value zeroIndex =
              arith::ConstantOp::create(ob, ol, ob.getI32IntegerAttr(0));
          Value at = arith::SelectOp::create(ob, ol, valid, index, zeroIndex);
          Value v = sc.read(offset, at, elem);
          Value zero = arith::ConstantOp::create(ob, ol, ob.getZeroAttr(elem));
          return arith::SelectOp::create(ob, ol, valid, v, zero);
        };
        // ldmatrix loads an operand's registers when no fragment reaches
        // outside the tile (nothing to pad with zeros). Every row it reads
        // then starts 16-byte aligned: rows of K (N) elements, K a multiple
        // of the K step (N of 8), so a multiple of 16 bytes long, block
        // columns 16 bytes apart, the operands at 16-byte offsets.
        bool aLd = sh.ldmatrixA && mFull && kFull;
        bool bLd = sh.ldmatrixB && nFull && kFull;
        // table[j] for this lane's matrix j.
        auto pick = [&](Value j, ArrayRef<int64_t> table) -> Value {
          Value v = in2.i32(table[0]);
          for (size_t i = 1; i < table.size(); ++i)
            v = arith::SelectOp::create(
                bb, l,
                arith::CmpIOp::create(bb, l, arith::CmpIPredicate::eq, j,
                                      in2.i32(i)),
                in2.i32(table[i]), v);
          return v;
        };
        // The A row and column offset (elements, from the block's corner
        // and the K step's first column) and the B row offset (from the
        // K step's first row) of the row this lane names: lanes 8j..8j+7
        // name the eight rows of matrix j.
        Value aLaneRow, aLaneCol, bLaneRow;
        if (aLd) {
          Value j = arith::RemUIOp::create(
              bb, l, arith::DivUIOp::create(bb, l, lane, in2.i32(8)),
              in2.i32(aRegs));
          aLaneRow =
              add(add(row0, arith::AndIOp::create(bb, l, lane, in2.i32(7))),
                  pick(j, sh.aRow));
          aLaneCol = pick(j, sh.aCol);
        }
        if (bLd)
          bLaneRow = arith::RemUIOp::create(bb, l, lane, in2.i32(8 * bRegs));
        // (Only lanes inside the tile touch the accumulator: another lane
        // writes the element this lane would read.)
        SmallVector<Value> init;
        Value zero = arith::ConstantOp::create(bb, l, bb.getZeroAttr(accType));
        for (int64_t i = 0; i < sh.accElems(); ++i)
          init.push_back(guardedLoad(bb, l, accType,
                                     local.address(cOffset, cIndex[i], accType),
                                     cValid[i], zero, as::MemSemantic::WEAK));
        auto loop = scf::ForOp::create(
            bb, l, in2.i32(0), in2.i32((k + sh.kStep - 1) / sh.kStep),
            in2.i32(1), init,
            [&](OpBuilder &lb, Location ll, Value kt, ValueRange acc) {
              ThreadIndexer in3(lb, ll, tc.map);
              Scratch s3{in3, smem.base};
              I32 lr{lb, ll};
              auto ladd = [&](Value x, Value y) { return lr.add(x, y); };
              auto lmul = [&](Value x, int64_t y) { return lr.mul(x, y); };
              Value k0 = lmul(kt, sh.kStep), tk = ladd(k0, lmul(t, sh.tMul));
              // One fragment register: element e is (index0 + e * step,
              // valid[e]), each zero outside its tile; perReg of them
              // packed in an i32, the first lowest (f16 pairs as a
              // vector), or the one element as the intrinsic takes it.
              auto fragment = [&](int64_t offset, Value index0, int64_t step,
                                  ArrayRef<Value> valid) -> Value {
                if (sh.perReg == 1) {
                  Value v = guarded(lb, ll, s3, offset, index0, valid[0], in);
                  return in.isF32() ? arith::BitcastOp::create(lb, ll, i32, v)
                                    : v;
                }
                Value word;
                for (int64_t e = 0; e < sh.perReg; ++e) {
                  Value v =
                      guarded(lb, ll, s3, offset,
                              ladd(index0, in3.i32(e * step)), valid[e], in);
                  Value bits = v;
                  if (!bits.getType().isInteger(8 * inBytes))
                    bits = arith::BitcastOp::create(
                        lb, ll, lb.getIntegerType(8 * inBytes), v);
                  bits = arith::ExtUIOp::create(lb, ll, i32, bits);
                  if (e)
                    bits = arith::ShLIOp::create(lb, ll, bits,
                                                 in3.i32(8 * inBytes * e));
                  word = e ? arith::OrIOp::create(lb, ll, word, bits) : bits;
                }
                if (!in.isF16())
                  return word;
                return LLVM::BitcastOp::create(
                    lb, ll, VectorType::get({2}, lb.getF16Type()), word);
              };
              auto both = [&](Value x, int64_t xs, bool xFull, Value y,
                              int64_t ys, bool yFull) {
                return arith::AndIOp::create(lb, ll, ult(lb, ll, x, xs, xFull),
                                             ult(lb, ll, y, ys, yFull));
              };
              // `count` registers with one ldmatrix (.trans), this lane
              // naming the row at element `index` of the tile at `offset`;
              // convergent like the mma below.
              auto ldmatrix = [&](int64_t offset, Value index, int64_t count,
                                  bool trans) {
                Value at = s3.address(offset, index, in);
                std::string name =
                    "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x" +
                    std::to_string(count) + (trans ? ".trans" : "") +
                    ".b16.p3"; // overloaded on the shared-memory pointer
                LLVM::LLVMFuncOp fn = declareFunction(
                    lb, ll, op->template getParentOfType<ModuleOp>(), name,
                    LLVM::LLVMFunctionType::get(
                        LLVM::LLVMStructType::getLiteral(
                            ctx, SmallVector<Type>(count, i32)),
                        {at.getType()}));
                auto call = LLVM::CallOp::create(lb, ll, fn, ValueRange{at});
                call.setConvergent(true);
                SmallVector<Value> regs;
                for (int64_t r = 0; r < count; ++r) {
                  Value v =
                      LLVM::ExtractValueOp::create(lb, ll, call.getResult(), r);
                  if (in.isF16())
                    v = LLVM::BitcastOp::create(
                        lb, ll, VectorType::get({2}, lb.getF16Type()), v);
                  regs.push_back(v);
                }
                return regs;
              };
              SmallVector<Value> args;
              if (aLd)
                args.append(ldmatrix(
                    0, ladd(aBase, ladd(lmul(aLaneRow, k), ladd(k0, aLaneCol))),
                    aRegs, /*trans=*/false));
              else
                for (int64_t r = 0; r < aRegs; ++r) {
                  Value row = ladd(ladd(row0, g), in3.i32(sh.aRow[r]));
                  Value col = ladd(tk, in3.i32(sh.aCol[r]));
                  SmallVector<Value> valid;
                  for (int64_t e = 0; e < sh.perReg; ++e)
                    valid.push_back(
                        both(row, m, mFull, ladd(col, in3.i32(e)), k, kFull));
                  args.push_back(fragment(
                      0, ladd(aBase, ladd(lmul(row, k), col)), 1, valid));
                }
              Value colB = ladd(col0, g);
              if (bLd)
                args.append(ldmatrix(
                    bOffset,
                    ladd(bBase, ladd(lmul(ladd(k0, bLaneRow), n), col0)), bRegs,
                    /*trans=*/true));
              else
                for (int64_t r = 0; r < bRegs; ++r) {
                  Value kk = ladd(tk, in3.i32(sh.bRow[r]));
                  SmallVector<Value> valid;
                  for (int64_t e = 0; e < sh.perReg; ++e)
                    valid.push_back(
                        both(ladd(kk, in3.i32(e)), k, kFull, colB, n, nFull));
                  args.push_back(fragment(
                      bOffset, ladd(bBase, ladd(lmul(kk, n), colB)), n, valid));
                }
              if (accPacked) {
                for (int64_t r = 0; r < accArgs; ++r) {
                  Value v = LLVM::UndefOp::create(lb, ll, accArg);
                  for (int64_t e = 0; e < 2; ++e)
                    v = LLVM::InsertElementOp::create(
                        lb, ll, v, acc[2 * r + e],
                        LLVM::ConstantOp::create(lb, ll, i32,
                                                 lb.getI32IntegerAttr(e)));
                  args.push_back(v);
                }
              } else {
                args.append(acc.begin(), acc.end());
              }
              // A convergent call: LLVM declares the mma intrinsics
              // without `convergent`, and then sinks an mma.sync whose
              // result only a lane-dependent branch uses into that branch,
              // where not all 32 lanes issue it (undefined; found by the
              // SIMT executor at sm_90 -O2, tests/Fuzz/simt-mma-sync.mlir).
              LLVM::LLVMFuncOp fn = declareFunction(
                  lb, ll, op->template getParentOfType<ModuleOp>(),
                  sh.intrinsic,
                  LLVM::LLVMFunctionType::get(
                      result, llvm::to_vector(ValueRange(args).getTypes())));
              auto call = LLVM::CallOp::create(lb, ll, fn, args);
              call.setConvergent(true);
              Value d = call.getResult();
              SmallVector<Value> next;
              for (int64_t r = 0; r < accArgs; ++r) {
                Value v = LLVM::ExtractValueOp::create(lb, ll, d, r);
                if (!accPacked) {
                  next.push_back(v);
                  continue;
                }
                for (int64_t e = 0; e < 2; ++e)
                  next.push_back(LLVM::ExtractElementOp::create(
                      lb, ll, v,
                      LLVM::ConstantOp::create(lb, ll, i32,
                                               lb.getI32IntegerAttr(e))));
              }
              scf::YieldOp::create(lb, ll, next);
            });
        for (int64_t i = 0; i < sh.accElems(); ++i) {
          Value at = local.address(cOffset, cIndex[i], accType);
          guardedStore(bb, l, loop.getResult(i), at, cValid[i],
                       as::MemSemantic::WEAK);
        }
      });
  ix.barrier();
  SmallVector<Value> values = smem.readSlots(cOffset, batch * m * n, accType);
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

/// block_scaled_mma: lhs[i][k] * lhs_scale[i][k / V] times rhs[k][j] *
/// rhs_scale[k / V][j] (V = K / the scales' K extent), exact in f64, added
/// to the f32 accumulator in ascending k, each step rounded once from the
/// exact sum (the interpreter's mmaf_scaled). The four inputs, all bytes,
/// go through the scratch buffer one after the other: f8 operands with
/// f8E8M0FNU scales, f4E2M1FN operands (a byte each) with f8E8M0FNU or
/// f8E4M3FN scales.
LogicalResult lowerScaledDot(as::BlockScaledMmaOp op,
                             OneToN<as::BlockScaledMmaOp> adaptor,
                             Rewriter &rewriter, const ThreadMap &map) {
  Location loc = op.getLoc();
  RankedTensorType a = tensorType(op.getLhs()), b = tensorType(op.getRhs()),
                   c = tensorType(op.getAcc()),
                   sa = tensorType(op.getLhsScale()),
                   sb = tensorType(op.getRhsScale());
  unsigned rank = c.getRank();
  int64_t k = a.getShape()[rank - 1];
  int64_t blocks = sa.getShape()[rank - 1];
  if (blocks <= 0 || k % blocks != 0)
    return rewriter.notifyMatchFailure(op, "scale shape");
  int64_t v = k / blocks;
  Type i8 = rewriter.getI8Type();
  ThreadIndexer ix(rewriter, loc, map);
  Scratch smem = Scratch::get(ix);
  // Byte offsets of lhs, rhs, lhs_scale and rhs_scale.
  std::array<int64_t, 4> offsets;
  std::array<std::pair<ValueRange, RankedTensorType>, 4> inputs = {
      {{adaptor.getLhs(), a},
       {adaptor.getRhs(), b},
       {adaptor.getLhsScale(), sa},
       {adaptor.getRhsScale(), sb}}};
  int64_t offset = 0;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    offset = alignTo16(offset);
    offsets[i] = offset;
    smem.write(offset, input.first, input.second.getNumElements(), i8);
    offset += input.second.getNumElements();
  }
  ix.barrier();

  Type lhsType = a.getElementType(), scaleType = sa.getElementType();
  Value block; // p / V, the scales' k index at step p
  return contract(
      op, rewriter, smem, c, k, adaptor.getAcc(),
      [&](Scratch &local, Value p) {
        block = arith::DivUIOp::create(local.ix.b, local.ix.loc, p,
                                       local.ix.i32(v));
      },
      [&](Scratch &local, ArrayRef<Value> ai, ArrayRef<Value> bi, Value acc) {
        OpBuilder &bb = local.ix.b;
        Location l = local.ix.loc;
        auto read = [&](unsigned input, ArrayRef<Value> at, Type logical) {
          Value raw =
              local.read(offsets[input],
                         local.ix.linear(SmallVector<Value>(at),
                                         inputs[input].second.getShape()),
                         i8);
          return decodeScaleF64(bb, l, raw, logical);
        };
        SmallVector<Value> sai(ai.begin(), ai.end()), sbi(bi.begin(), bi.end());
        sai[rank - 1] = block;
        sbi[rank - 2] = block;
        Value x = arith::MulFOp::create(bb, l, read(0, ai, lhsType),
                                        read(2, sai, scaleType));
        Value y = arith::MulFOp::create(bb, l, read(1, bi, lhsType),
                                        read(3, sbi, scaleType));
        Value product = arith::MulFOp::create(bb, l, x, y);
        return addToF32(bb, l, product, acc);
      });
}

} // namespace

int64_t tilecheck::backend::scratchBytes(ModuleOp module, ThreadMap map,
                                         unsigned computeCapability) {
  int64_t most = 0;
  module.walk([&](Operation *op) {
    most = std::max(most, scratchOf(op, computeCapability, map));
  });
  return most;
}

void tilecheck::backend::forEachBlock(
    OpBuilder &b, Location loc, Value worker, int64_t workers, int64_t blocks,
    function_ref<void(OpBuilder &, Location, Value)> body) {
  I32 ar{b, loc};
  auto rounds = scf::ForOp::create(
      b, loc, ar.c(0), ar.c((blocks + workers - 1) / workers), ar.c(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(rounds.getBody()->getTerminator());
  Value block = arith::AddIOp::create(
      b, loc, worker,
      arith::MulIOp::create(b, loc, rounds.getInductionVar(), ar.c(workers)));
  Value exists = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, block,
                                       ar.c(blocks));
  scf::IfOp::create(b, loc, exists, [&](OpBuilder &bb, Location l) {
    body(bb, l, block);
    scf::YieldOp::create(bb, l);
  });
}

//===----------------------------------------------------------------------===//
// Materialized layout conversions (tileas-materialize-convert-layout)
//===----------------------------------------------------------------------===//

namespace {

/// A buffer is its group's copy of the bytes [offset, offset + size) of the
/// alloc_tensor area (ThreadMap::buffersAt): groups outside agents compute
/// the same values, so each writes its own copy.
LogicalResult lowerAllocTensor(as::AllocTensorOp op,
                               OneToN<as::AllocTensorOp> adaptor,
                               Rewriter &rewriter, const ThreadMap &map) {
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  auto ptr = LLVM::LLVMPointerType::get(op.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(rewriter, loc, ptr, kSmemSymbol);
  Value at = ix.i32(map.buffersAt + op.getOffset());
  if (map.groups > 1)
    at = arith::AddIOp::create(rewriter, loc, at,
                               ix.groupRegion(map.buffersPerGroup));
  rewriter.replaceOp(op, LLVM::GEPOp::create(rewriter, loc, ptr,
                                             rewriter.getI8Type(), base,
                                             ValueRange{at})
                             .getResult());
  return success();
}

/// Whether `buffer` starts on a 16-byte boundary: an alloc_tensor at a
/// multiple of 16 (the area and each group's region are aligned).
bool alignedBuffer(Value buffer) {
  auto alloc = buffer.getDefiningOp<as::AllocTensorOp>();
  return alloc && alloc.getOffset() % 16 == 0;
}

/// How copy and smem_load move `tile`'s elements through `buffer` (at
/// `address`, converted): the element type the backend holds them in and
/// the buffer's accessor; failure for an element type it does not hold.
FailureOr<std::pair<Type, Scratch>> bufferAccess(ThreadIndexer &ix, Value tile,
                                                 Value buffer, Value address) {
  Type elem = convertElementType(tensorType(tile).getElementType());
  if (!elem)
    return failure();
  return std::make_pair(elem, Scratch{ix, address, !alignedBuffer(buffer)});
}

/// The owners of each element write it at its linear index, between two
/// barriers: the first keeps earlier readers of the buffer (a smem_load of
/// the previous iteration) ahead of the writes, the second makes the
/// writes visible to every thread that reads the element back.
LogicalResult lowerCopy(as::CopyOp op, OneToN<as::CopyOp> adaptor,
                        Rewriter &rewriter, const ThreadMap &map) {
  ThreadIndexer ix(rewriter, op.getLoc(), map);
  auto access =
      bufferAccess(ix, op.getSource(), op.getDest(), adaptor.getDest().front());
  if (failed(access))
    return rewriter.notifyMatchFailure(op, "element type");
  ix.barrier();
  access->second.write(0, adaptor.getSource(),
                       tensorType(op.getSource()).getNumElements(),
                       access->first);
  ix.barrier();
  rewriter.eraseOp(op);
  return success();
}

/// Every thread reads the elements its slots hold.
LogicalResult lowerSmemLoad(as::SmemLoadOp op, OneToN<as::SmemLoadOp> adaptor,
                            Rewriter &rewriter, const ThreadMap &map) {
  ThreadIndexer ix(rewriter, op.getLoc(), map);
  auto access = bufferAccess(ix, op.getResult(), op.getSource(),
                             adaptor.getSource().front());
  if (failed(access))
    return rewriter.notifyMatchFailure(op, "element type");
  rewriter.replaceOpWithMultiple(
      op, {access->second.readSlots(
              0, tensorType(op.getResult()).getNumElements(), access->first)});
  return success();
}

/// A per-element register copy root (nv_tileas.root_reg_to_reg_copy_op):
/// the thread's slots copied one element per iteration of a loop, through
/// two arrays of the thread's own (local memory until LLVM unrolls the
/// loop and promotes them); the loop carries the op's loop_annotation
/// (tileas-unroll-register-loops). Other conversions move nothing: every
/// layout distributes a tensor over the threads the same way.
LogicalResult lowerRegisterCopyRoot(as::ConvertLayoutOp op,
                                    OneToN<as::ConvertLayoutOp> adaptor,
                                    Rewriter &rewriter) {
  if (!op->hasAttr(as::kRootRegToRegCopyAttrName))
    return rewriter.notifyMatchFailure(op, "not a per-element copy root");
  ValueRange slots = adaptor.getSource();
  auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!fn)
    return rewriter.notifyMatchFailure(op, "not in a function");
  Location loc = op.getLoc();
  Type elem = slots.front().getType();
  auto local = LLVM::LLVMPointerType::get(op.getContext());
  Value from, to;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&fn.getBody().front());
    Value count = arith::ConstantOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(slots.size()));
    from = LLVM::AllocaOp::create(rewriter, loc, local, elem, count);
    to = LLVM::AllocaOp::create(rewriter, loc, local, elem, count);
  }
  auto at = [&](OpBuilder &b, Value array, Value index) {
    return LLVM::GEPOp::create(b, loc, local, elem, array, ValueRange{index});
  };
  I32 ar{rewriter, loc};
  for (auto [i, v] : llvm::enumerate(slots))
    LLVM::StoreOp::create(rewriter, loc, v, at(rewriter, from, ar.c(i)));
  auto loop =
      scf::ForOp::create(rewriter, loc, ar.c(0), ar.c(slots.size()), ar.c(1));
  if (Attribute annotation = op->getAttr(as::kLoopAnnotationAttrName))
    loop->setAttr(as::kLoopAnnotationAttrName, annotation);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    Value i = loop.getInductionVar();
    Value v = LLVM::LoadOp::create(rewriter, loc, elem, at(rewriter, from, i));
    LLVM::StoreOp::create(rewriter, loc, v, at(rewriter, to, i));
  }
  SmallVector<Value> out;
  for (size_t i = 0; i < slots.size(); ++i)
    out.push_back(
        LLVM::LoadOp::create(rewriter, loc, elem, at(rewriter, to, ar.c(i))));
  rewriter.replaceOpWithMultiple(op, {out});
  return success();
}

} // namespace

void tilecheck::backend::populateSharedMemoryPatterns(
    const BackendTypeConverter &tc, RewritePatternSet &patterns) {
  addLowerings<lowerMove<as::BroadcastOp>, lowerMove<as::PermuteOp>,
               lowerMove<as::ExtractOp>, lowerMove<as::CatOp>,
               lowerCombine<as::ReduceOp>, lowerCombine<as::ScanOp>,
               lowerDot<as::DotOp>, lowerDot<as::DotIntOp>,
               lowerReinterpret<as::PackOp>, lowerReinterpret<as::UnpackOp>,
               lowerScaledDot, lowerAllocTensor, lowerCopy, lowerSmemLoad>(
      tc, patterns);
  patterns.add<FunctionLowering<lowerMmaSyncDot<as::DotOp>>,
               FunctionLowering<lowerMmaSyncDot<as::DotIntOp>>,
               FunctionLowering<lowerRegisterCopyRoot>>(
      tc, patterns.getContext(), /*benefit=*/2);
}

bool tilecheck::backend::isSupportedByBackend(Operation *op) {
  // Every tensor type must have an element type the backend holds.
  for (Type t :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    if (auto tensor = dyn_cast<RankedTensorType>(t))
      if (!convertElementType(tensor.getElementType()))
        return false;
  // i4 and f4E2M1FN values (a byte each, NarrowFloats.cpp) are moved in
  // registers, converted and (f4) multiplied by block_scaled_mma, and f4 is
  // loaded from and (weakly) stored to views (memory packs two per byte:
  // locate, lowerTiledWrite). Not taken as kernel arguments (cuda_tile has
  // no rank-0 f4 tile), nor staged through shared memory (copy and
  // smem_load of them are not lowered), nor copied by cp.async, nor stored
  // with an ordering (a nibble store rewrites its byte, which is no atomic
  // access).
  if (hasNibble(op))
    return isa<as::BroadcastOp, as::PermuteOp, as::ExtractOp, as::CatOp,
               as::ReshapeOp, as::ConvertLayoutOp, as::AssumeOp,
               as::BlockScaledMmaOp>(op) ||
           (isa<as::TiledLoadOp>(op) && !op->hasAttr(kAsyncCopyAttr)) ||
           (isa<as::TiledStoreOp>(op) &&
            cast<as::TiledStoreOp>(op).getMemoryOrderingSemantics() ==
                as::MemSemantic::WEAK) ||
           (isa<as::PackOp, as::UnpackOp>(op) &&
            reinterpretable(mirrorElementType(op->getOperand(0).getType())) &&
            reinterpretable(mirrorElementType(op->getResult(0).getType()))) ||
           // (not ftof to or from f8E8M0FNU)
           (isa<as::FToFOp, as::TruncIOp, as::ExtIOp, as::BitcastOp>(op) &&
            isScalarLowerable(op)) ||
           (isa<as::ConstantOp>(op) &&
            isa<DenseElementsAttr>(cast<as::ConstantOp>(op).getValue())) ||
           (isa<as::PrintTkoOp>(op) &&
            isPrintLowerable(cast<as::PrintTkoOp>(op)));
  if (auto func = dyn_cast<nv_tileaa::FuncOp>(op))
    if (hasNibble(func.getArgumentTypes()))
      return false;
  // f8 and tf32 values are read by ftof and dot only; other ops may move
  // them, to and from memory too (NarrowFloats.cpp), and kernels take them
  // as arguments (their storage: a byte, the f32 container).
  if (hasNarrowFloat(op)) {
    if (isa<as::BroadcastOp, as::PermuteOp, as::ExtractOp, as::CatOp,
            as::ReshapeOp, as::ConvertLayoutOp, as::AssumeOp,
            as::ProducerWriteOp, as::ConsumerReadOp, as::CopyOp, as::SmemLoadOp,
            as::TiledLoadOp, as::TiledStoreOp, as::LoadPtrTkoOp,
            as::StorePtrTkoOp>(op))
      return true;
    if (!isa<as::FToFOp, as::DotOp, as::PackOp, as::UnpackOp, as::ConstantOp,
             as::BlockScaledMmaOp, as::PrintTkoOp>(op))
      return false;
  }
  if (isa<nv_tileaa::FuncOp, nv_tileaa::ReturnOp, as::IotaOp, as::MakeMemRefOp,
          as::IndexSpaceShapeOp, as::MemRefShapeOp, as::MakeTiledViewOp,
          as::OffsetOp, as::LoadPtrTkoOp, as::StorePtrTkoOp, as::AssertOp,
          as::MakeTokenOp, as::JoinTokensOp, as::AssumeOp, as::ReshapeOp,
          as::ConvertLayoutOp, as::GetTileBlockIdOp, as::GetNumTileBlocksOp,
          as::IntToPtrOp, as::PtrToIntOp, as::PtrToPtrOp, as::BroadcastOp,
          as::PermuteOp, as::ExtractOp, as::CatOp, as::ReduceOp, as::ScanOp,
          as::YieldOp, as::AllocTensorOp, as::CopyOp, as::SmemLoadOp>(op))
    return true;
  if (isa<as::TiledLoadOp, as::TiledStoreOp>(op))
    return true;
  // The async pipeline ops and agents (Pipelines.cpp).
  if (isa<as::IncrementIteratorOp, as::PipelineYieldOp, as::AgentSwitchOp,
          as::CreateNoneOp, as::WaitOp, as::ToAsyncOp, as::FutureWaitOp>(op))
    return true;
  if (auto create = dyn_cast<as::CreatePipelineOp>(op))
    return isPipelineLowerable(create.getPipeline().getType());
  if (isa<as::CreateIteratorOp, as::ProducerAcquireOp, as::ProducerWriteOp,
          as::ProducerCommitOp, as::ConsumerWaitOp, as::ConsumerReadOp,
          as::ConsumerReleaseOp>(op))
    return isPipelineLowerable(
        cast<as::PipelineType>(op->getOperand(0).getType()));
  if (auto dot = dyn_cast<as::DotOp>(op)) {
    Type acc = tensorType(dot.getAcc()).getElementType();
    Type in = tensorType(dot.getLhs()).getElementType();
    return acc.isF32() || acc.isF64() ||
           (acc.isF16() && (in.isF16() || (isNarrowFloat(in) && !in.isTF32())));
  }
  if (isa<as::DotIntOp, as::GetGlobalOp>(op))
    return true;
  if (auto print = dyn_cast<as::PrintTkoOp>(op))
    return isPrintLowerable(print);
  if (auto alloca = dyn_cast<as::AllocaOp>(op)) {
    Type e = convertElementType(
        cast<nv_tileaa::PtrType>(alloca.getResult().getType())
            .getPointeeType());
    return e && !isa<LLVM::LLVMPointerType>(e);
  }
  if (auto scaled = dyn_cast<as::BlockScaledMmaOp>(op)) {
    auto elem = [](Value v) { return tensorType(v).getElementType(); };
    Type in = elem(scaled.getLhs()), scale = elem(scaled.getLhsScale());
    return elem(scaled.getAcc()).isF32() &&
           (isa<Float8E4M3FNType, Float8E5M2Type>(in)
                ? isa<Float8E8M0FNUType>(scale)
                : isa<Float4E2M1FNType>(in) &&
                      isa<Float8E8M0FNUType, Float8E4M3FNType>(scale)) &&
           elem(scaled.getRhsScale()) == scale;
  }
  if (auto constant = dyn_cast<as::ConstantOp>(op)) {
    Type e = convertElementType(mirrorElementType(constant.getType()));
    return isa<DenseElementsAttr>(constant.getValue()) && e &&
           !isa<LLVM::LLVMPointerType>(e);
  }
  if (isa<as::PackOp, as::UnpackOp>(op))
    return reinterpretable(mirrorElementType(op->getOperand(0).getType())) &&
           reinterpretable(mirrorElementType(op->getResult(0).getType()));
  if (auto rmw = dyn_cast<as::AtomicRMWTkoOp>(op)) {
    Type e = convertElementType(mirrorElementType(rmw.getArg().getType()));
    return e && atomicBinOpFor(rmw.getMode(), e);
  }
  if (auto cas = dyn_cast<as::AtomicCASTkoOp>(op)) {
    Type e = convertElementType(mirrorElementType(cas.getVal().getType()));
    return e && !e.isInteger(1);
  }
  if (auto rmw = dyn_cast<as::TiledAtomicRMWOp>(op)) {
    Type e = convertElementType(mirrorElementType(rmw.getValue().getType()));
    return e && atomicBinOpFor(rmw.getMode(), e);
  }
  if (auto global = dyn_cast<as::GlobalOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(global.getValue());
    Type e = dense ? convertElementType(dense.getElementType()) : Type();
    return e && !e.isInteger(1);
  }
  return isScalarLowerable(op);
}
