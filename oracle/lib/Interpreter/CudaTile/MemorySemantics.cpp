//===- MemorySemantics.cpp - views, loads, stores, atomics, globals -------===//
//
// Semantics of every op in CudaTileMemoryOps.td. All memory traffic goes
// through Memory::read/write, which reports out-of-bounds accesses, reads of
// uninitialized bytes and data races; this file adds what only the op knows:
// view index spaces, tile edges and padding, masks, alignment, and the
// read-modify-write of atomics.
//
// Element layout: a memory element occupies storageBytes(ElemType) bytes,
// except the 4-bit types, which memory packs two per byte, low nibble first
// (the spec's tensor_view layout; tileiras's cubins read f4 views so), while
// a tile holds one per byte. An element of a 4-bit view is located by its
// nibble address, twice the byte address plus one for the high nibble,
// and read or written alone (Memory's `bits`). cuda_tile reaches 4-bit
// memory through views only: a tile of ptr<f4E2M1FN> must have rank 0, a
// 4-bit tile an even element count, and there is no ptr<i4>, so no pointer
// tile loads or stores a 4-bit element; `offset` moves a ptr<f4E2M1FN> by
// whole bytes (an odd offset is undefined: half a byte has no address).
//
// Unspecified values. The spec leaves three values unspecified without
// making the program undefined: a view tile element past the tensor edge
// when the view has no padding_value, a masked-off lane of load_ptr_tko
// without a padding operand, and the result of a masked-off lane of
// atomic_rmw_tko (implementation-defined). Reporting UB there would reject
// valid kernels that mask such values away later, so the interpreter
// produces a fixed, recognizable "unspecified" pattern instead: every value
// bit set (-1 for integers, the all-ones NaN for floats, 0xF for 4-bit
// types). A mismatch whose oracle side shows that pattern points at a
// kernel that depends on an unspecified value rather than at a miscompile.
//
// Ordering: weak accesses use Ordering::Weak (they promise no concurrent
// access, so Memory reports a conflicting access by another tile block);
// relaxed/acquire/release accesses and atomics use Ordering::Atomic, except
// that tl_blk scope does not reach other tile blocks (see orderingOf).
// The interpreter runs one tile block at a time in program order; within
// the block, tokens order the accesses (TokenOrder.h): Memory reports a
// load or store that conflicts with an earlier store of the block that no
// token chain orders before it.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "../TokenOrder.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

//===----------------------------------------------------------------------===//
// Element helpers
//===----------------------------------------------------------------------===//

/// Race-tracking class of an access. Weak accesses promise no concurrent
/// access. The memory model derives from PTX's: two strong accesses are
/// only "morally strong" (atomic with respect to each other) when each is
/// in the other's scope, and tl_blk scope contains only the issuing tile
/// block. So a tl_blk-scoped access conflicting with an access from another
/// tile block is a data race exactly like a weak one, and Memory checks it
/// as weak. device and sys scopes span every tile block of the launch.
/// The mirror dialects re-key the ordering and scope enums with cuda_tile's
/// discriminants, so they are compared through their integer values.
/// Some ops take an optional scope, others a required one.
template <typename ScopeT>
std::optional<uint32_t> scopeBits(std::optional<ScopeT> scope) {
  if (!scope)
    return std::nullopt;
  return static_cast<uint32_t>(*scope);
}
template <typename ScopeT> std::optional<uint32_t> scopeBits(ScopeT scope) {
  return static_cast<uint32_t>(scope);
}

template <typename OrderingT, typename ScopeT>
Ordering orderingOf(OrderingT o, ScopeT scope) {
  std::optional<uint32_t> s = scopeBits(scope);
  if (static_cast<uint32_t>(o) == static_cast<uint32_t>(MemoryOrdering::WEAK) ||
      (s && *s == static_cast<uint32_t>(MemoryScope::TL_BLK)))
    return Ordering::Weak;
  return Ordering::Atomic;
}

/// The ordering of memory op `op`, from its ordering and scope attributes.
template <typename OpT> Ordering orderingOf(OpT op) {
  return orderingOf(op.getMemoryOrderingSemantics(), op.getMemoryScope());
}

/// Ends memory op `op`: its access is complete, so its token is ready.
template <typename OpT> LogicalResult completeAccess(ExecContext &ctx, OpT op) {
  TokenOrder *tokens = ctx.getTokenOrder(op);
  ctx.set(op.getResultToken(), RtValue::token(tokens ? tokens->result(ctx, op)
                                                     : TokenOrder::kNoNode));
  return success();
}

/// Writes the "unspecified value" pattern (see the file comment) into
/// element i: all value bits set.
void setUnspecified(Tile &t, int64_t i) {
  switch (t.elemType()) {
  case ElemType::I1:
    *t.at(i) = 1;
    break;
  case ElemType::I4:
  case ElemType::F4E2M1FN:
    *t.at(i) = 0x0F;
    break;
  case ElemType::TF32:
    // tf32 keeps the low 13 bits of its f32 container zero.
    t.set<uint32_t>(i, 0xFFFFE000u);
    break;
  default:
    std::memset(t.at(i), 0xFF, t.elemBytes());
    break;
  }
}

Padding paddingOf(PaddingValueAttr attr) {
  if (!attr)
    return Padding::None;
  switch (attr.getValue()) {
  case PaddingValue::zero:
    return Padding::Zero;
  case PaddingValue::neg_zero:
    return Padding::NegZero;
  case PaddingValue::nan:
    return Padding::NaN;
  case PaddingValue::pos_inf:
    return Padding::PosInf;
  case PaddingValue::neg_inf:
    return Padding::NegInf;
  }
  return Padding::None;
}

/// Writes padding value `p` into element i. The verifier admits only `zero`
/// for integer views. A float type that cannot represent the value (no
/// infinity in f8E4M3FN/f4E2M1FN, no zero in f8E8M0FNU, no NaN in
/// f4E2M1FN) gets the unspecified pattern: the spec does not say what the
/// hardware substitutes.
void setPadding(Tile &t, int64_t i, Padding p) {
  ElemType e = t.elemType();
  if (!isFloat(e)) {
    t.setInt(i, 0);
    return;
  }
  const llvm::fltSemantics &sem = *semantics(e);
  bool representable = true;
  std::optional<llvm::APFloat> v;
  switch (p) {
  case Padding::None:
    representable = false;
    break;
  case Padding::Zero:
  case Padding::NegZero:
    representable = llvm::APFloat::semanticsHasZero(sem);
    if (representable)
      v = llvm::APFloat::getZero(sem, p == Padding::NegZero);
    if (p == Padding::NegZero && !llvm::APFloat::semanticsHasSignedRepr(sem))
      representable = false;
    break;
  case Padding::NaN:
    representable = llvm::APFloat::semanticsHasNaN(sem);
    if (representable)
      v = llvm::APFloat::getNaN(sem);
    break;
  case Padding::PosInf:
  case Padding::NegInf:
    representable = llvm::APFloat::semanticsHasInf(sem);
    if (representable)
      v = llvm::APFloat::getInf(sem, p == Padding::NegInf);
    break;
  }
  if (!representable || !v) {
    setUnspecified(t, i);
    return;
  }
  t.setFloat(i, *v);
}

std::string hex(uint64_t v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format_hex(v, 1);
  return s;
}

/// Buffers of `constant` globals carry this name prefix. A constant global
/// is immutable while a kernel runs (the compiler may place it in read-only
/// memory), so a write is undefined behaviour. Memory has no read-only
/// flag, and the buffer name is the one per-buffer property this file can
/// set, so the name marks it.
constexpr llvm::StringLiteral kConstantGlobalPrefix = "constant global @";

/// Moves `n` bytes between `buf` and memory at `addr` for lane `lane` of
/// `op`. GPU memory accesses must be aligned to the element size; a
/// misaligned pointer (only reachable through int_to_ptr or a misaligned
/// base) is undefined behaviour, like every fault Memory reports.
/// `bits` selects a nibble of a one-byte access (Memory::read).
LogicalResult access(ExecContext &ctx, Operation *op, uint64_t addr,
                     uint8_t *buf, unsigned n, int64_t lane, Ordering ord,
                     bool isWrite, uint8_t bits = 0xFF) {
  const char *what = isWrite ? "store" : "load";
  if (addr % n != 0)
    return ctx.ub(op, "misaligned " + std::to_string(n) + "-byte " + what +
                          " at " + hex(addr) + " (element " +
                          std::to_string(lane) + ")");
  std::string error;
  Memory &mem = ctx.getMemory();
  if (isWrite) {
    const Memory::Buffer *b = mem.findBuffer(addr);
    if (b && llvm::StringRef(b->name).starts_with(kConstantGlobalPrefix))
      return ctx.ub(op, "write to " + b->name + " at " + hex(addr) +
                            " (element " + std::to_string(lane) +
                            "); constant globals are read-only");
  }
  // The access's place in its tile block's token order (cuda_tile ops).
  TokenOrder *tokens = ctx.getTokenOrder(op);
  BlockOrder order;
  auto orderedAfter = [&](uint32_t earlier) {
    return tokens->ordered(earlier, order.node);
  };
  if (tokens) {
    order.node = tokens->access(ctx, op);
    order.weak = tokens->currentWeak();
    order.orderedAfter = orderedAfter;
  }
  BlockOrder *orderPtr = tokens ? &order : nullptr;
  bool ok = isWrite ? mem.write(addr, buf, n, ctx.getLinearBlockId(), ord,
                                error, orderPtr, bits)
                    : mem.read(addr, buf, n, ctx.getLinearBlockId(), ord, error,
                               orderPtr, bits);
  if (!ok) {
    if (order.conflict != BlockOrder::kNoNode)
      if (Operation *earlier = tokens->opOf(order.conflict))
        error += " (the store: '" + earlier->getName().getStringRef().str() +
                 "' at " + formatLocation(earlier) + ")";
    return ctx.ub(op, error + " (element " + std::to_string(lane) + ")");
  }
  return success();
}

/// The byte, nibble mask and bit position of the 4-bit element at nibble
/// address `addr` (see the file comment).
struct Nibble {
  uint64_t byte;
  uint8_t bits;   ///< 0x0F or 0xF0
  unsigned shift; ///< 0 or 4
};
Nibble nibbleOf(uint64_t addr) {
  unsigned shift = addr % 2 * 4;
  return {addr / 2, static_cast<uint8_t>(0x0F << shift), shift};
}

/// Pointer tiles and atomics never reach a 4-bit element in cuda_tile (see
/// the file comment); a lower level that made one would need a nibble
/// address the pointer does not carry.
LogicalResult checkNotPacked(ExecContext &ctx, Operation *op, ElemType e) {
  if (isPacked(e))
    return ctx.error(op, "a pointer or atomic access to " + name(e).str() +
                             " elements: 4-bit memory is reached through "
                             "views only");
  return success();
}

/// Reads element i of `t` from `addr` (a nibble address for 4-bit types).
LogicalResult readElement(ExecContext &ctx, Operation *op, uint64_t addr,
                          Tile &t, int64_t i, Ordering ord) {
  if (isPacked(t.elemType())) {
    Nibble n = nibbleOf(addr);
    if (failed(access(ctx, op, n.byte, t.at(i), 1, i, ord, false, n.bits)))
      return failure();
    *t.at(i) = (*t.at(i) & n.bits) >> n.shift;
    return success();
  }
  if (failed(access(ctx, op, addr, t.at(i), t.elemBytes(), i, ord, false)))
    return failure();
  // Bring the bytes to the tile's canonical form. i1 occupies a full byte
  // in memory and any nonzero byte reads as true (the spec says so); tf32
  // lives in an f32 container whose low 13 mantissa bits the hardware
  // ignores.
  switch (t.elemType()) {
  case ElemType::I1:
    *t.at(i) = *t.at(i) != 0;
    break;
  case ElemType::TF32:
    t.set<uint32_t>(i, t.get<uint32_t>(i) & ~uint32_t(0x1FFF));
    break;
  default:
    break;
  }
  return success();
}

/// Two elements of one store that write different values to the same
/// address. The memory model expands a tile store into one memory operation
/// per element and leaves their order unspecified, so which value lands is
/// not determined: no single order (the interpreter's row-major one) stands
/// for every execution, and the program is rejected as undefined, like a
/// data race between tile blocks. Equal values are harmless. `addrs` holds
/// (address, element) of every element the store writes.
LogicalResult
checkConflictingElements(ExecContext &ctx, Operation *op,
                         std::vector<std::pair<uint64_t, int64_t>> &addrs,
                         const Tile &values) {
  llvm::sort(addrs);
  unsigned n = values.elemBytes();
  for (size_t k = 1; k < addrs.size(); ++k) {
    auto [a, i] = addrs[k - 1];
    auto [b, j] = addrs[k];
    if (a == b && std::memcmp(values.at(i), values.at(j), n) != 0)
      return ctx.ub(op,
                    "elements " + std::to_string(std::min(i, j)) + " and " +
                        std::to_string(std::max(i, j)) +
                        " of one store write different values to " +
                        (isPacked(values.elemType())
                             ? "the " + std::string(a % 2 ? "high" : "low") +
                                   " nibble of " + hex(a / 2)
                             : hex(a)) +
                        "; the order of a tile store's element writes is "
                        "unspecified, so the stored value is not "
                        "determined");
  }
  return success();
}

/// Writes element i of `t` to `addr` (a nibble address for 4-bit types).
LogicalResult writeElement(ExecContext &ctx, Operation *op, uint64_t addr,
                           const Tile &t, int64_t i, Ordering ord) {
  if (isPacked(t.elemType())) {
    Nibble n = nibbleOf(addr);
    uint8_t v = static_cast<uint8_t>(*t.at(i) << n.shift);
    return access(ctx, op, n.byte, &v, 1, i, ord, true, n.bits);
  }
  return access(ctx, op, addr, const_cast<uint8_t *>(t.at(i)), t.elemBytes(), i,
                ord, true);
}

/// A tile store: writes element i of `values` to addressOf(i), in row-major
/// order. Elements without an address (masked off, or past the tensor
/// edge) touch no memory. Elements that share an address must store the
/// same value (see checkConflictingElements).
LogicalResult storeElements(
    ExecContext &ctx, Operation *op, const Tile &values, Ordering ord,
    llvm::function_ref<std::optional<uint64_t>(int64_t i)> addressOf) {
  std::vector<std::pair<uint64_t, int64_t>> written;
  for (int64_t i = 0; i < values.size(); ++i)
    if (std::optional<uint64_t> addr = addressOf(i))
      written.push_back({*addr, i});
  if (failed(checkConflictingElements(ctx, op, written, values)))
    return failure();
  for (int64_t i = 0; i < values.size(); ++i)
    if (std::optional<uint64_t> addr = addressOf(i);
        addr && failed(writeElement(ctx, op, *addr, values, i, ord)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Atomic read-modify-write
//===----------------------------------------------------------------------===//

/// new = mode(old, arg) for one element of type `e`. The verifier restricts
/// the (mode, type) pairs; a pair it should have rejected is an error.
LogicalResult combine(ExecContext &ctx, Operation *op, AtomicRMWMode mode,
                      ElemType e, const uint8_t *old, const uint8_t *arg,
                      uint8_t *out) {
  unsigned n = storageBytes(e);
  if (mode == AtomicRMWMode::XCHG) {
    std::memcpy(out, arg, n);
    return success();
  }
  if (mode == AtomicRMWMode::ADDF) {
    if (!isFloat(e))
      return ctx.error(op, "addf on a non-float element type");
    // The spec defines atomic addf as round-to-nearest-even with subnormals
    // kept; NVIDIA notes that its compiler currently flushes subnormals,
    // which the comparison has to tolerate, not the oracle imitate.
    llvm::APFloat a = loadFloat(e, old);
    a.add(loadFloat(e, arg), llvm::APFloat::rmNearestTiesToEven);
    storeFloat(e, out, a);
    return success();
  }
  if (!isInteger(e))
    return ctx.error(op, "integer atomic mode on a non-integer element type");
  llvm::APInt a = loadInt(e, old), b = loadInt(e, arg), r;
  switch (mode) {
  case AtomicRMWMode::AND:
    r = a & b;
    break;
  case AtomicRMWMode::OR:
    r = a | b;
    break;
  case AtomicRMWMode::XOR:
    r = a ^ b;
    break;
  case AtomicRMWMode::ADD:
    r = a + b; // wraps, like every default integer add
    break;
  case AtomicRMWMode::MAX:
    r = a.sge(b) ? a : b;
    break;
  case AtomicRMWMode::MIN:
    r = a.sle(b) ? a : b;
    break;
  case AtomicRMWMode::UMAX:
    r = a.uge(b) ? a : b;
    break;
  case AtomicRMWMode::UMIN:
    r = a.ule(b) ? a : b;
    break;
  default:
    return ctx.error(op, "unhandled atomic mode");
  }
  storeInt(e, out, r);
  return success();
}

/// One atomic transaction on lane i: old = *addr; *addr = mode(old, arg).
LogicalResult atomicUpdate(ExecContext &ctx, Operation *op, uint64_t addr,
                           AtomicRMWMode mode, Ordering ord, const Tile &args,
                           int64_t i, Tile *oldOut) {
  ElemType e = args.elemType();
  unsigned n = storageBytes(e);
  uint8_t old[8], updated[8];
  if (failed(access(ctx, op, addr, old, n, i, ord, false)) ||
      failed(combine(ctx, op, mode, e, old, args.at(i), updated)) ||
      failed(access(ctx, op, addr, updated, n, i, ord, true)))
    return failure();
  if (oldOut)
    std::memcpy(oldOut->at(i), old, n);
  return success();
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/// Index-space extent of tile dimension k. Partition and strided views
/// count the tile origins that lie inside the tensor (partial edge tiles
/// included); a gather/scatter view is indexed by tensor coordinates (rows
/// in the sparse dimension, chunk starts in the dense ones), so its extents
/// are the tensor's sizes.
///
/// The index dimensions follow the tile dimensions (index k moves the tile
/// along tensor dimension dimMap[k]). The spec's strided_view example
/// (5) names its index space "22x4" where this order gives 4x22; its
/// partition_view example (3) and the equivalence "dim_map load = identity
/// load + permute" both fix the tile-dimension order, so we follow those.
uint64_t indexExtent(const TiledViewValue &view, unsigned k) {
  const TensorViewValue &tv = view.tensor;
  switch (view.kind) {
  case TiledViewValue::Kind::Partition:
    return ceilDiv(tv.shape[view.dimMap[k]], view.tileShape[k]);
  case TiledViewValue::Kind::Strided:
    return ceilDiv(tv.shape[view.dimMap[k]], view.traversalStrides[k]);
  case TiledViewValue::Kind::GatherScatter:
    // The sparse dimension takes tensor rows, the dense ones the tensor
    // coordinate where their chunk starts: both range over the tensor.
    return tv.shape[k];
  }
  return 0;
}

/// Where each element of one view tile lives (row-major over the tile
/// shape): an address, or "out of bounds" for elements past the tensor.
struct TileAddresses {
  std::vector<uint64_t> addr;
  std::vector<uint8_t> inBounds;
};

/// Checks the indices of a view access against the index space (UB when
/// outside) and computes the address of every element of the tile.
LogicalResult locateTile(ExecContext &ctx, Operation *op,
                         const TiledViewValue &view, ValueRange indices,
                         TileAddresses &out) {
  const TensorViewValue &tv = view.tensor;
  unsigned rank = view.tileShape.size();
  if (indices.size() != rank)
    return ctx.error(op, "expected " + std::to_string(rank) + " indices, got " +
                             std::to_string(indices.size()));
  bool gather = view.kind == TiledViewValue::Kind::GatherScatter;
  SmallVector<int64_t, 4> tensorDim(rank), origin(rank, 0);
  const Tile *rows = nullptr;
  for (unsigned k = 0; k < rank; ++k) {
    tensorDim[k] = gather ? k : view.dimMap[k];
    const Tile &idx = ctx.getTile(indices[k]);
    uint64_t extent = indexExtent(view, k);
    if (gather && static_cast<int64_t>(k) == view.sparseDim) {
      // Row indices are tensor coordinates. A row outside the tensor is an
      // index outside the index space: undefined, like any other such
      // index (our gather_scatter_view type has no padding_value, and
      // treating stray rows as padded would let the oracle compute a value
      // the spec does not promise).
      if (idx.rank() != 1 || idx.size() != view.tileShape[k])
        return ctx.error(op, "gather/scatter index of sparse dimension " +
                                 std::to_string(k) +
                                 " must be a 1-D tile with one row per tile "
                                 "row (" +
                                 std::to_string(view.tileShape[k]) + ")");
      for (int64_t j = 0; j < idx.size(); ++j)
        if (idx.getUInt(j) >= extent)
          return ctx.ub(
              op, "gather/scatter row index " + std::to_string(idx.getUInt(j)) +
                      " (position " + std::to_string(j) +
                      ") is outside tensor dimension " + std::to_string(k) +
                      " of size " + std::to_string(extent));
      rows = &idx;
      continue;
    }
    // Indices are read as unsigned integers.
    uint64_t i = idx.getUInt(0);
    if (i >= extent)
      return ctx.ub(op, "index " + std::to_string(k) + " = " +
                            std::to_string(i) +
                            " is outside the view's index space [0, " +
                            std::to_string(extent) + ")");
    // A partition index counts tiles, a strided one traversal strides; a
    // gather/scatter view's dense index is the tensor coordinate its chunk
    // starts at (CUDA Tile C++'s gather_scatter_view, cuTile Python's
    // ct.Slice(start, length), and tileiras's cubins agree; this oracle
    // counted tiles until the GPU executor compared it with tileiras).
    int64_t step = view.kind == TiledViewValue::Kind::Strided
                       ? view.traversalStrides[k]
                   : gather ? 1
                            : view.tileShape[k];
    origin[k] = static_cast<int64_t>(i) * step; // < tensor size: no overflow
  }

  int64_t total = 1;
  for (int64_t d : view.tileShape)
    total *= d;
  out.addr.assign(total, 0);
  out.inBounds.assign(total, 0);
  // Addresses count bytes, or nibbles for the packed 4-bit types.
  bool packed = isPacked(tv.elemType);
  int64_t elemUnits = packed ? 1 : storageBytes(tv.elemType);
  uint64_t unitBase = tv.base;
  bool baseOverflow = packed && __builtin_mul_overflow(tv.base, 2, &unitBase);
  SmallVector<int64_t, 4> j(rank, 0);
  for (int64_t flat = 0; flat < total; ++flat) {
    bool in = true;
    int64_t linear = 0;
    bool overflow = false;
    for (unsigned k = 0; k < rank && in; ++k) {
      int64_t d = tensorDim[k];
      int64_t coord = rows && static_cast<int64_t>(k) == view.sparseDim
                          ? static_cast<int64_t>(rows->getUInt(j[k]))
                          : origin[k] + j[k];
      if (coord >= tv.shape[d]) {
        in = false;
        break;
      }
      int64_t term;
      overflow |= __builtin_mul_overflow(coord, tv.strides[d], &term);
      overflow |= __builtin_add_overflow(linear, term, &linear);
    }
    if (in) {
      int64_t units;
      uint64_t addr;
      overflow |= baseOverflow;
      overflow |= __builtin_mul_overflow(linear, elemUnits, &units);
      overflow |=
          __builtin_add_overflow(unitBase, static_cast<uint64_t>(units), &addr);
      // The spec: offsets beyond 2^63 - 1 wrap to a wrong address.
      if (overflow)
        return ctx.ub(op, "the address of tile element " +
                              std::to_string(flat) +
                              " overflows 64-bit arithmetic");
      out.addr[flat] = addr;
      out.inBounds[flat] = 1;
    }
    for (int k = static_cast<int>(rank) - 1; k >= 0; --k) {
      if (++j[k] < view.tileShape[k])
        break;
      j[k] = 0;
    }
  }
  return success();
}

const TiledViewValue *tiledViewOf(ExecContext &ctx, Operation *op, Value v) {
  const RtValue &rv = ctx.get(v);
  if (rv.kind() != RtValue::Kind::TiledView) {
    (void)ctx.error(op, "operand is not a tiled view value");
    return nullptr;
  }
  return &rv.getTiledView();
}

/// Reads a dynamic shape or stride operand: unsigned, and strictly
/// positive per the tensor_view type (a zero or one past 2^63 - 1 cannot
/// describe a tensor: undefined behaviour).
LogicalResult dynamicSize(ExecContext &ctx, Operation *op, Value v,
                          const char *what, unsigned dim, int64_t &out) {
  uint64_t x = ctx.getTile(v).getUInt(0);
  if (x == 0 || x > static_cast<uint64_t>(INT64_MAX))
    return ctx.ub(op, std::string("dynamic ") + what + " of dimension " +
                          std::to_string(dim) + " is " + std::to_string(x) +
                          "; tensor views need strictly positive sizes");
  out = static_cast<int64_t>(x);
  return success();
}

/// make_tensor_view and make_memref (TypeT: tensor_view or memref type).
template <typename OpT, typename TypeT>
LogicalResult makeTensorViewSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  auto type = cast<TypeT>(op.getResult().getType());
  TensorViewValue tv;
  std::optional<ElemType> e = elemTypeOf(type.getElementType());
  if (!e)
    return ctx.error(op, "unsupported tensor_view element type");
  tv.elemType = *e;
  const Tile &baseTile = ctx.getTile(op.getBase());
  tv.base = baseTile.get<uint64_t>(0);
  unsigned nextShape = 0, nextStride = 0;
  for (auto [d, s] : llvm::enumerate(type.getShape())) {
    int64_t v = s;
    if (s == ShapedType::kDynamic &&
        failed(dynamicSize(ctx, op, op.getDynamicShape()[nextShape++], "shape",
                           d, v)))
      return failure();
    tv.shape.push_back(v);
  }
  for (auto [d, s] : llvm::enumerate(type.getStrides())) {
    int64_t v = s;
    if (s == ShapedType::kDynamic &&
        failed(dynamicSize(ctx, op, op.getDynamicStrides()[nextStride++],
                           "stride", d, v)))
      return failure();
    tv.strides.push_back(v);
  }
  ctx.set(op.getResult(), RtValue::tensorView(std::move(tv)));
  return success();
}

/// make_partition_view / make_strided_view / make_gather_scatter_view: the
/// tiling comes from the result type, the tensor from the operand (its
/// dynamic sizes are only known at run time).
LogicalResult makeTiledViewSem(ExecContext &ctx, Operation *op) {
  const RtValue &src = ctx.get(op->getOperand(0));
  if (src.kind() != RtValue::Kind::TensorView)
    return ctx.error(op, "operand is not a tensor view value");
  TiledViewValue view;
  view.tensor = src.getTensorView();
  Type type = op->getResult(0).getType();
  if (auto pv = dyn_cast<PartitionViewType>(type)) {
    view.kind = TiledViewValue::Kind::Partition;
    view.tileShape.assign(pv.getTileShape().begin(), pv.getTileShape().end());
    view.dimMap.assign(pv.getDimMap().begin(), pv.getDimMap().end());
    view.padding = paddingOf(pv.getPaddingValue());
  } else if (auto sv = dyn_cast<StridedViewType>(type)) {
    view.kind = TiledViewValue::Kind::Strided;
    view.tileShape.assign(sv.getTileShape().begin(), sv.getTileShape().end());
    view.traversalStrides.assign(sv.getTraversalStrides().begin(),
                                 sv.getTraversalStrides().end());
    view.dimMap.assign(sv.getDimMap().begin(), sv.getDimMap().end());
    view.padding = paddingOf(sv.getPaddingValue());
  } else if (auto gv = dyn_cast<GatherScatterViewType>(type)) {
    view.kind = TiledViewValue::Kind::GatherScatter;
    view.tileShape.assign(gv.getTileShape().begin(), gv.getTileShape().end());
    for (unsigned k = 0; k < view.tileShape.size(); ++k)
      view.dimMap.push_back(k);
    view.sparseDim = gv.getSparseDim();
  } else if (auto tv = dyn_cast<nv_tileaa::TiledViewType>(type)) {
    // nv_tileaa/nv_tileas: one type for the three kinds, same fields.
    switch (tv.getKind()) {
    case nv_tileaa::TiledViewKind::Partition:
      view.kind = TiledViewValue::Kind::Partition;
      break;
    case nv_tileaa::TiledViewKind::Strided:
      view.kind = TiledViewValue::Kind::Strided;
      break;
    case nv_tileaa::TiledViewKind::GatherScatter:
      view.kind = TiledViewValue::Kind::GatherScatter;
      view.sparseDim = tv.getSparseDim();
      break;
    }
    view.tileShape.assign(tv.getTileShape().begin(), tv.getTileShape().end());
    view.traversalStrides.assign(tv.getTraversalStrides().begin(),
                                 tv.getTraversalStrides().end());
    view.dimMap.assign(tv.getDimMap().begin(), tv.getDimMap().end());
    if (view.dimMap.empty())
      for (unsigned k = 0; k < view.tileShape.size(); ++k)
        view.dimMap.push_back(k);
    view.padding = paddingOf(tv.getPaddingValue());
  } else {
    return ctx.error(op, "unsupported view type");
  }
  if (view.tileShape.size() != view.tensor.shape.size())
    return ctx.error(op, "tile rank differs from tensor rank");
  ctx.set(op->getResult(0), RtValue::tiledView(std::move(view)));
  return success();
}

/// Writes `values` into the scalar integer results of `op`. The spec reads
/// them as unsigned; a value that does not fit the result type is UB.
LogicalResult setSizeResults(ExecContext &ctx, Operation *op,
                             ArrayRef<uint64_t> values, const char *what) {
  for (auto [i, v] : llvm::enumerate(values)) {
    Value res = op->getResult(i);
    Tile t = makeTile(res.getType());
    unsigned bits = bitWidth(t.elemType());
    if (bits < 64 && v >> bits)
      return ctx.ub(op, std::string(what) + " " + std::to_string(v) +
                            " of dimension " + std::to_string(i) +
                            " does not fit in " + name(t.elemType()).str());
    t.setInt(0, v);
    ctx.setTile(res, std::move(t));
  }
  return success();
}

template <typename OpT>
LogicalResult getTensorShapeSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  const RtValue &src = ctx.get(op.getSrc());
  if (src.kind() != RtValue::Kind::TensorView)
    return ctx.error(op, "operand is not a tensor view value");
  SmallVector<uint64_t> dims(src.getTensorView().shape.begin(),
                             src.getTensorView().shape.end());
  if (dims.size() != op->getNumResults())
    return ctx.error(op, "result count differs from the tensor rank");
  return setSizeResults(ctx, op, dims, "tensor size");
}

template <typename OpT>
LogicalResult getIndexSpaceShapeSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  const TiledViewValue *view = tiledViewOf(ctx, op, op.getSrc());
  if (!view)
    return failure();
  SmallVector<uint64_t> dims;
  for (unsigned k = 0; k < view->tileShape.size(); ++k)
    dims.push_back(indexExtent(*view, k));
  if (dims.size() != op->getNumResults())
    return ctx.error(op, "result count differs from the index rank");
  return setSizeResults(ctx, op, dims, "index space size");
}

/// The prologue of every view access: the view operand's value, and the
/// addresses of the `tileSize` elements the access touches. `what` names the
/// tile in the size-mismatch error.
template <typename OpT>
const TiledViewValue *locateViewAccess(ExecContext &ctx, OpT op,
                                       int64_t tileSize, StringRef what,
                                       TileAddresses &where) {
  const TiledViewValue *view = tiledViewOf(ctx, op, op.getView());
  if (!view || failed(locateTile(ctx, op, *view, op.getIndex(), where)))
    return nullptr;
  if (tileSize != static_cast<int64_t>(where.addr.size())) {
    (void)ctx.error(op,
                    (what + " tile shape differs from the view tile").str());
    return nullptr;
  }
  return view;
}

template <typename OpT>
LogicalResult loadViewSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  Tile t = makeTile(op.getTile().getType());
  TileAddresses where;
  const TiledViewValue *view =
      locateViewAccess(ctx, op, t.size(), "result", where);
  if (!view)
    return failure();
  Ordering ord = orderingOf(op);
  for (int64_t i = 0; i < t.size(); ++i) {
    if (where.inBounds[i]) {
      if (failed(readElement(ctx, op, where.addr[i], t, i, ord)))
        return failure();
    } else if (view->padding != Padding::None) {
      setPadding(t, i, view->padding);
    } else {
      setUnspecified(t, i); // spec: unspecified (see the file comment)
    }
  }
  ctx.setTile(op.getTile(), std::move(t));
  return completeAccess(ctx, op);
}

template <typename OpT>
LogicalResult storeViewSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  const Tile &t = ctx.getTile(op.getTile());
  TileAddresses where;
  if (!locateViewAccess(ctx, op, t.size(), "stored", where))
    return failure();
  // Elements past the tensor edge are masked: they touch no memory.
  if (failed(storeElements(ctx, op, t, orderingOf(op),
                           [&](int64_t i) -> std::optional<uint64_t> {
                             if (!where.inBounds[i])
                               return std::nullopt;
                             return where.addr[i];
                           })))
    return failure();
  return completeAccess(ctx, op);
}

template <typename OpT>
LogicalResult atomicRedViewSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  const Tile &values = ctx.getTile(op.getValue());
  TileAddresses where;
  if (!locateViewAccess(ctx, op, values.size(), "value", where))
    return failure();
  Ordering ord = orderingOf(op);
  if (failed(checkNotPacked(ctx, op, values.elemType())))
    return failure();
  // Like stores, the part of the tile past the tensor edge is masked.
  for (int64_t i = 0; i < values.size(); ++i)
    if (where.inBounds[i] &&
        failed(atomicUpdate(ctx, op, where.addr[i], op.getMode(), ord, values,
                            i, nullptr)))
      return failure();
  return completeAccess(ctx, op);
}

//===----------------------------------------------------------------------===//
// Pointer loads, stores and atomics
//===----------------------------------------------------------------------===//

const Tile *optionalTile(ExecContext &ctx, Value v) {
  return v ? &ctx.getTile(v) : nullptr;
}

/// Whether lane i is off under the optional `mask` (none: every lane is on).
bool maskedOff(const Tile *mask, int64_t i) {
  return mask && !mask->getBool(i);
}

/// A pointer-tile access that produces a tile (load_ptr_tko, atomic_rmw_tko,
/// atomic_cas_tko), one lane at a time in row-major lane order: `offLane`
/// sets result element i of a lane the optional mask turns off (it touches
/// no memory), `onLane` accesses `addr` for the others.
template <typename OpT, typename OffLaneFn, typename OnLaneFn>
LogicalResult pointerLanes(ExecContext &ctx, OpT op, Value pointers,
                           Value maskValue, OffLaneFn offLane,
                           OnLaneFn onLane) {
  const Tile &ptrs = ctx.getTile(pointers);
  const Tile *mask = optionalTile(ctx, maskValue);
  Tile result = makeTile(op.getResult().getType());
  if (failed(checkNotPacked(ctx, op, result.elemType())))
    return failure();
  Ordering ord = orderingOf(op);
  for (int64_t i = 0; i < result.size(); ++i) {
    if (maskedOff(mask, i))
      offLane(result, i);
    else if (failed(onLane(result, i, ptrs.get<uint64_t>(i), ord)))
      return failure();
  }
  ctx.setTile(op.getResult(), std::move(result));
  return completeAccess(ctx, op);
}

template <class Ops>
LogicalResult loadPtrSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::LoadPtrTkoOp>(operation);
  const Tile *padding = optionalTile(ctx, op.getPaddingValue());
  return pointerLanes(
      ctx, op, op.getSource(), op.getMask(),
      [&](Tile &t, int64_t i) {
        // Masked-off lanes take the padding operand or, without one, an
        // unspecified value.
        if (padding)
          std::memcpy(t.at(i), padding->at(i), t.elemBytes());
        else
          setUnspecified(t, i);
      },
      [&](Tile &t, int64_t i, uint64_t addr, Ordering ord) {
        return readElement(ctx, op, addr, t, i, ord);
      });
}

template <class Ops>
LogicalResult storePtrSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::StorePtrTkoOp>(operation);
  const Tile &ptrs = ctx.getTile(op.getDestination());
  const Tile &values = ctx.getTile(op.getValue());
  const Tile *mask = optionalTile(ctx, op.getMask());
  if (failed(checkNotPacked(ctx, op, values.elemType())))
    return failure();
  // Masked-off lanes touch no memory.
  if (failed(storeElements(ctx, op, values, orderingOf(op),
                           [&](int64_t i) -> std::optional<uint64_t> {
                             if (maskedOff(mask, i))
                               return std::nullopt;
                             return ptrs.get<uint64_t>(i);
                           })))
    return failure();
  return completeAccess(ctx, op);
}

template <class Ops>
LogicalResult atomicRMWSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::AtomicRMWTkoOp>(operation);
  const Tile &args = ctx.getTile(op.getArg());
  // One atomic transaction per lane.
  return pointerLanes(
      ctx, op, op.getPointers(), op.getMask(),
      [](Tile &result, int64_t i) {
        setUnspecified(result, i); // implementation-defined per the spec
      },
      [&](Tile &result, int64_t i, uint64_t addr, Ordering ord) {
        return atomicUpdate(ctx, op, addr, op.getMode(), ord, args, i, &result);
      });
}

template <class Ops>
LogicalResult atomicCASSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::AtomicCASTkoOp>(operation);
  const Tile &cmp = ctx.getTile(op.getCmp());
  const Tile &val = ctx.getTile(op.getVal());
  return pointerLanes(
      ctx, op, op.getPointers(), op.getMask(),
      [&](Tile &result, int64_t i) { // the spec returns cmp
        std::memcpy(result.at(i), cmp.at(i), result.elemBytes());
      },
      [&](Tile &result, int64_t i, uint64_t addr,
          Ordering ord) -> LogicalResult {
        if (failed(readElement(ctx, op, addr, result, i, ord)))
          return failure();
        // Bitwise comparison: distinct NaN payloads and +0/-0 differ.
        if (std::memcmp(result.at(i), cmp.at(i), result.elemBytes()) == 0)
          return writeElement(ctx, op, addr, val, i, ord);
        return success();
      });
}

//===----------------------------------------------------------------------===//
// Tokens, globals, alloca, offset
//===----------------------------------------------------------------------===//

/// Sets the scalar pointer result `res` to `addr`.
void setPointerResult(ExecContext &ctx, Value res, uint64_t addr) {
  Tile t = makeTile(res.getType());
  t.set<uint64_t>(0, addr);
  ctx.setTile(res, std::move(t));
}

/// make_token (a token ordering nothing) and join_tokens (ordered after
/// each of its operands).
LogicalResult tokenSem(ExecContext &ctx, Operation *op) {
  TokenOrder *tokens = ctx.getTokenOrder(op);
  ctx.set(op->getResult(0), RtValue::token(tokens ? tokens->result(ctx, op)
                                                  : TokenOrder::kNoNode));
  return success();
}

template <class Ops>
LogicalResult getGlobalSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::GetGlobalOp>(operation);
  auto global = SymbolTable::lookupNearestSymbolFrom<typename Ops::GlobalOp>(
      op, op.getNameAttr());
  if (!global)
    return ctx.error(op, "no global named @" + op.getName());
  DenseElementsAttr attr = dyn_cast<DenseElementsAttr>(global.getValue());
  if (!attr)
    return ctx.error(op, "global @" + op.getName() +
                             " has an initializer that is not dense");
  std::optional<ElemType> e = elemTypeOf(attr.getElementType());
  if (!e)
    return ctx.error(op, "unsupported global element type");
  // One buffer per run, created by the first tile block that asks and
  // shared by all of them (the module is loaded once per launch).
  uint64_t addr = ctx.getInterpreter().getOrCreateGlobal(op.getName(), [&] {
    int64_t count = attr.getNumElements();
    Tile init(*e, {count});
    bool splat = attr.isSplat();
    if (isFloat(*e)) {
      auto values = attr.getValues<llvm::APFloat>();
      for (int64_t i = 0; i < count; ++i)
        init.setFloat(i, values[splat ? 0 : i]);
    } else {
      auto values = attr.getValues<llvm::APInt>();
      for (int64_t i = 0; i < count; ++i)
        init.setInt(i, values[splat ? 0 : i].getZExtValue());
    }
    uint64_t align = std::max<uint64_t>(global.getAlignment(), 1);
    std::string bufferName =
        (global.getConstant() ? kConstantGlobalPrefix : "global @").str() +
        op.getName().str();
    std::vector<uint8_t> image = packForMemory(
        *e, ArrayRef<uint8_t>(init.data(), count * init.elemBytes()));
    return ctx.getMemory().allocate(bufferName, image.size(), align, image);
  });
  setPointerResult(ctx, op.getResult(), addr);
  return success();
}

Type pointeeOf(Type tileType) {
  return pointeeTypeOf(tileElementType(tileType));
}

/// Fresh, uninitialized memory on every execution: reading it before
/// writing is reported by Memory. Memory has no deallocation, so a pointer
/// kept past the allocating block still reaches the bytes; the spec makes
/// such use undefined and the interpreter does not detect it.
template <class Ops>
LogicalResult allocaSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::AllocaOp>(operation);
  std::optional<ElemType> e = elemTypeOf(pointeeOf(op.getResult().getType()));
  if (!e)
    return ctx.error(op, "unsupported alloca element type");
  uint64_t bytes;
  if (isPacked(*e))
    bytes = memoryBytes(*e, op.getNumElem());
  else if (__builtin_mul_overflow(op.getNumElem(), uint64_t(storageBytes(*e)),
                                  &bytes))
    return ctx.ub(op, "allocation size overflows");
  uint64_t align = std::max<uint64_t>(op.getAlignment(), 1);
  uint64_t addr = ctx.getMemory().allocate(
      "alloca in tile block " + std::to_string(ctx.getLinearBlockId()), bytes,
      align);
  if (isPacked(*e) && op.getNumElem() % 2 != 0)
    ctx.getMemory().markSpareHighNibble(addr);
  setPointerResult(ctx, op.getResult(), addr);
  return success();
}

template <class Ops>
LogicalResult offsetSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::OffsetOp>(operation);
  const Tile &ptrs = ctx.getTile(op.getPtr());
  const Tile &offsets = ctx.getTile(op.getOffset());
  std::optional<ElemType> e = elemTypeOf(pointeeOf(op.getResult().getType()));
  if (!e)
    return ctx.error(op, "unsupported pointee type");
  int64_t size = storageBytes(*e);
  Tile t = makeTile(op.getResult().getType());
  for (int64_t i = 0; i < t.size(); ++i) {
    // Signed offset scaled by the element size; the resulting address must
    // stay inside [0, 2^64). Two 4-bit elements share a byte.
    int64_t delta, k = offsets.getSInt(i);
    uint64_t base = ptrs.get<uint64_t>(i), addr;
    if (isPacked(*e)) {
      if (k % 2 != 0)
        return ctx.ub(op, "offset " + std::to_string(k) + " of a pointer to " +
                              name(*e).str() +
                              " elements is odd: half a byte has no address "
                              "(element " +
                              std::to_string(i) + ")");
      k /= 2; // (storageBytes is 1)
    }
    bool overflow = __builtin_mul_overflow(k, size, &delta);
    if (!overflow)
      overflow = delta >= 0
                     ? __builtin_add_overflow(base, uint64_t(delta), &addr)
                     : __builtin_sub_overflow(base, -uint64_t(delta), &addr);
    if (overflow)
      return ctx.ub(op, "address " + hex(base) + " + " + std::to_string(k) +
                            " * " + std::to_string(size) +
                            " overflows (element " + std::to_string(i) + ")");
    t.set<uint64_t>(i, addr);
  }
  return setResultTile(ctx, op.getResult(), std::move(t));
}

} // namespace

template <class Ops> void registerMemoryFor(SemanticsRegistry &r) {
  add<typename Ops::LoadPtrTkoOp>(r, loadPtrSem<Ops>);
  add<typename Ops::StorePtrTkoOp>(r, storePtrSem<Ops>);
  add<typename Ops::AtomicRMWTkoOp>(r, atomicRMWSem<Ops>);
  add<typename Ops::AtomicCASTkoOp>(r, atomicCASSem<Ops>);
  add<typename Ops::MakeTokenOp>(r, tokenSem);
  add<typename Ops::JoinTokensOp>(r, tokenSem);
  add<typename Ops::GlobalOp>(r, declarationSem);
  add<typename Ops::GetGlobalOp>(r, getGlobalSem<Ops>);
  add<typename Ops::AllocaOp>(r, allocaSem<Ops>);
  add<typename Ops::OffsetOp>(r, offsetSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerMemoryFor)

template <class Ops> void registerNvViewsFor(SemanticsRegistry &r) {
  using MakeMemRefOp = typename Ops::MakeMemRefOp;
  using MemRefShapeOp = typename Ops::MemRefShapeOp;
  using IndexSpaceShapeOp = typename Ops::IndexSpaceShapeOp;
  using TiledLoadOp = typename Ops::TiledLoadOp;
  using TiledStoreOp = typename Ops::TiledStoreOp;
  using TiledAtomicRMWOp = typename Ops::TiledAtomicRMWOp;
  add<MakeMemRefOp>(r, makeTensorViewSem<MakeMemRefOp, nv_tileaa::MemrefType>);
  add<typename Ops::MakeTiledViewOp>(r, makeTiledViewSem);
  add<MemRefShapeOp>(r, getTensorShapeSem<MemRefShapeOp>);
  add<IndexSpaceShapeOp>(r, getIndexSpaceShapeSem<IndexSpaceShapeOp>);
  add<TiledLoadOp>(r, loadViewSem<TiledLoadOp>);
  add<TiledStoreOp>(r, storeViewSem<TiledStoreOp>);
  add<TiledAtomicRMWOp>(r, atomicRedViewSem<TiledAtomicRMWOp>);
}

template void registerNvViewsFor<NvTileAAOps>(SemanticsRegistry &);
template void registerNvViewsFor<NvTileASOps>(SemanticsRegistry &);

void registerMemorySemantics(SemanticsRegistry &r) {
  registerMemoryFor<CudaTileOps>(r);
  add<MakeTensorViewOp>(r, makeTensorViewSem<MakeTensorViewOp, TensorViewType>);
  add<MakePartitionViewOp>(r, makeTiledViewSem);
  add<MakeStridedViewOp>(r, makeTiledViewSem);
  add<MakeGatherScatterViewOp>(r, makeTiledViewSem);
  add<GetTensorShapeOp>(r, getTensorShapeSem<GetTensorShapeOp>);
  add<GetIndexSpaceShapeOp>(r, getIndexSpaceShapeSem<GetIndexSpaceShapeOp>);
  add<LoadViewTkoOp>(r, loadViewSem<LoadViewTkoOp>);
  add<StoreViewTkoOp>(r, storeViewSem<StoreViewTkoOp>);
  add<AtomicRedViewTkoOp>(r, atomicRedViewSem<AtomicRedViewTkoOp>);
}

} // namespace tilecheck::oracle::cuda_tile_sem
