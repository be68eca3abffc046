//===- ThreadMap.h - how a tile block's threads hold a tensor ---*- C++ -*-===//
//
// The distribution every nv_tileas tensor gets below nv_tileas
// (compiler/docs/Backend.md, "Thread map"): a tile block runs T = 32 *
// numWarps threads; a tensor of n elements (row-major linear index e) is held
// in S(n) = ceil(n / T) registers ("slots") per thread, n >= T, or in one slot
// replicated over the threads, n < T. When n is a multiple of B * T for a
// block B of 4 or 2 (the larger that fits), slot s of thread t holds element
// e(t, s) = ((s / B) * T + t) * B + s mod B: each thread holds runs of B
// consecutive elements, which vector loads and stores move at once.
// Otherwise (B = 1) slot s of thread t holds element e(t, s) = (s * T + t)
// mod n, and thread t *owns* that copy when s * T + t < n: the owner is the
// only thread that writes the element to memory (with B > 1 every thread
// owns all its slots). Every value of a tensor whose shape is the same is held
// the same way, so element-wise ops never move data between threads; reshape
// and convert_layout keep the linear order and are free; every other op that
// moves elements goes through the shared-memory scratch buffer.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CONVERSION_TILEASTOLLVM_THREADMAP_H
#define TILECHECK_CONVERSION_TILEASTOLLVM_THREADMAP_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

namespace tilecheck::backend {

/// The name of the dynamic shared-memory scratch buffer every kernel gets.
inline constexpr llvm::StringLiteral kSmemSymbol = "__tilec_smem";
/// Module attribute (i64): bytes of dynamic shared memory a launch must
/// provide (the largest scratch any op of the module needs).
inline constexpr llvm::StringLiteral kSmemBytesAttr =
    "tilec.dynamic_shared_memory";
/// Kernel attribute (i32): threads per tile block (32 * numWarps, times the
/// thread groups of a module with agents: ThreadMap::blockThreads).
inline constexpr llvm::StringLiteral kThreadsAttr = "tilec.threads";
/// Module and kernel attribute (i64): bytes of global scratch each tile
/// block needs for the allocas (the most any kernel of the module needs,
/// rounded up to 256). When present, every kernel takes one more parameter
/// after its own: a pointer to grid-size * that many bytes, 256-byte
/// aligned (compiler/docs/Backend.md, "Kernel ABI").
inline constexpr llvm::StringLiteral kGlobalScratchAttr =
    "tilec.global_scratch_bytes";
/// nv_tileas.alloca attribute (i64), set by convert-tileas-to-llvm before
/// it converts: the alloca's byte offset in its block's global scratch.
inline constexpr llvm::StringLiteral kAllocaOffsetAttr = "tilec.scratch_offset";
/// nv_tileas.tiled_load/tiled_store attribute (i64), set by
/// convert-tileas-to-llvm before it converts (tiledAccessWidth): the
/// consecutive slots one access moves.
inline constexpr llvm::StringLiteral kAccessWidthAttr = "tilec.access_width";
/// On a tiled_load, the producer_write of its tile and the producer_commit
/// after it, set by markAsyncCopies (i64: the elements one cp.async
/// moves): the load is cp.asyncs straight into the slot, the write writes
/// nothing, and the commit arrives when the copies land (Pipelines.cpp).
inline constexpr llvm::StringLiteral kAsyncCopyAttr = "tilec.async_copy";
/// nv_tileas.async.pipeline.create_pipeline attribute (i64), set by
/// convert-tileas-to-llvm before it converts: the byte offset of the
/// pipeline's area in the dynamic shared memory (Pipelines.cpp).
inline constexpr llvm::StringLiteral kPipelineOffsetAttr =
    "tilec.pipeline_offset";

/// scf.index_switch attribute (unit) of a lowered agent_switch: case i is
/// agent i, run by thread group i (Pipelines.cpp, lowerAgentSwitches).
inline constexpr llvm::StringLiteral kAgentsAttr = "tilec.agents";

struct ThreadMap {
  /// Threads that hold a tensor: 32 * numWarps.
  int64_t threads = 128;
  /// Groups of `threads` threads the tile block runs (compiler/docs/
  /// Backend.md, "Agents"): the most agents an agent_switch of the module
  /// has, 1 without agents. Outside agents every group computes the same
  /// values (only group 0 writes global memory); agent i runs on group i.
  int64_t groups = 1;
  /// Bytes of the scratch buffer each group has to itself.
  int64_t scratchPerGroup = 0;
  /// Where the shared-memory buffers of nv_tileas.alloc_tensor start in the
  /// dynamic shared memory, after the scratch buffer and the pipelines, and
  /// the bytes each group has of them (every buffer at its own offset).
  int64_t buffersAt = 0;
  int64_t buffersPerGroup = 0;

  int64_t blockThreads() const { return threads * groups; }

  int64_t slots(int64_t n) const {
    return n >= threads ? (n + threads - 1) / threads : 1;
  }
  /// Whether every slot of every thread holds a distinct element (no
  /// replication, no wrap-around): then every thread owns all its slots.
  bool exact(int64_t n) const { return n >= threads && n % threads == 0; }
  /// The run of consecutive elements each thread holds in consecutive
  /// slots of an n-element tensor: 4 or 2 when n is a multiple of that many
  /// times the threads, else 1.
  int64_t block(int64_t n) const {
    for (int64_t b : {4, 2})
      if (n >= threads * b && n % (threads * b) == 0)
        return b;
    return 1;
  }
};

/// Builds the index arithmetic of the thread map at one insertion point.
class ThreadIndexer {
public:
  /// The agent is the one of the builder's insertion point at
  /// construction (the op being converted).
  ThreadIndexer(mlir::OpBuilder &b, mlir::Location loc, ThreadMap map)
      : b(b), loc(loc), map(map), agentIndex(agentAt(b, map)) {}
  /// Another insertion point of `outer`'s op (a region being built, which
  /// may not be attached yet): the same map and agent.
  ThreadIndexer(mlir::OpBuilder &b, mlir::Location loc,
                const ThreadIndexer &outer)
      : b(b), loc(loc), map(outer.map), agentIndex(outer.agentIndex) {}

  mlir::Value i32(int64_t v) {
    return mlir::arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }
  mlir::Value i8(int64_t v) {
    return mlir::arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(v));
  }
  mlir::Value i64(int64_t v) {
    return mlir::arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  mlir::Value boolean(bool v) {
    return mlir::arith::ConstantOp::create(b, loc, b.getBoolAttr(v));
  }
  /// The thread's index in the tile block, 0 .. blockThreads() - 1.
  mlir::Value blockTid() {
    return mlir::NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  }
  /// The agent whose region `b`'s insertion point is in (a case of an
  /// scf.index_switch marked kAgentsAttr), or -1 outside agents (always
  /// without them).
  static int64_t agentAt(mlir::OpBuilder &b, ThreadMap map) {
    if (map.groups == 1 || !b.getInsertionBlock())
      return -1;
    for (mlir::Region *r = b.getInsertionBlock()->getParent(); r;) {
      mlir::Operation *owner = r->getParentOp();
      if (!owner)
        break;
      if (owner->getName().getStringRef() == "scf.index_switch" &&
          owner->hasAttr(kAgentsAttr))
        return static_cast<int64_t>(r->getRegionNumber()) - 1;
      r = owner->getParentRegion();
    }
    return -1;
  }
  int64_t agent() const { return agentIndex; }
  /// The thread's index in the thread map, 0 .. threads - 1: its index in
  /// its group.
  mlir::Value tid() {
    mlir::Value t = blockTid();
    if (map.groups == 1)
      return t;
    int64_t a = agent();
    if (a == 0)
      return t;
    if (a > 0)
      return mlir::arith::SubIOp::create(b, loc, t, i32(a * map.threads));
    return mlir::arith::RemUIOp::create(b, loc, t, i32(map.threads));
  }
  /// The thread's group (i32).
  mlir::Value group() {
    return mlir::arith::DivUIOp::create(b, loc, blockTid(), i32(map.threads));
  }
  /// Where the thread's group's region starts (i32 bytes) in an area of
  /// `bytesPerGroup` bytes a group: a constant inside an agent.
  mlir::Value groupRegion(int64_t bytesPerGroup) {
    int64_t a = agent();
    if (a >= 0)
      return i32(a * bytesPerGroup);
    return mlir::arith::MulIOp::create(b, loc, group(), i32(bytesPerGroup));
  }
  /// Whether this thread may write global memory (i1): outside agents only
  /// group 0 does, so that every group computing the same value writes it
  /// once.
  mlir::Value writer() {
    if (map.groups == 1 || agent() >= 0)
      return boolean(true);
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ult,
                                       blockTid(), i32(map.threads));
  }
  /// Whether this thread is thread 0 of a group that writes (i1): the one
  /// thread that acts for the tile block.
  mlir::Value leader() {
    return mlir::arith::AndIOp::create(
        b, loc,
        mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::eq,
                                    tid(), i32(0)),
        writer());
  }
  /// s * T + tid.
  mlir::Value position(int64_t s) {
    mlir::Value t = tid();
    if (s == 0)
      return t;
    return mlir::arith::AddIOp::create(b, loc, t, i32(s * map.threads));
  }
  /// The linear element index (i32) slot `s` holds of an n-element tensor.
  mlir::Value element(int64_t n, int64_t s) {
    if (int64_t run = map.block(n); run > 1) {
      mlir::Value first = mlir::arith::MulIOp::create(b, loc, tid(), i32(run));
      int64_t rest = (s / run) * map.threads * run + s % run;
      return rest == 0 ? first
                       : mlir::arith::AddIOp::create(b, loc, first, i32(rest));
    }
    mlir::Value p = position(s);
    if (map.exact(n))
      return p;
    return mlir::arith::RemUIOp::create(b, loc, p, i32(n));
  }
  /// Whether this thread owns slot `s` of an n-element tensor (i1).
  mlir::Value owner(int64_t n, int64_t s) {
    if (map.exact(n))
      return boolean(true);
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ult,
                                       position(s), i32(n));
  }
  /// Row-major coordinates (i32) of linear index `e` in `shape`.
  llvm::SmallVector<mlir::Value> coords(mlir::Value e,
                                        llvm::ArrayRef<int64_t> shape) {
    llvm::SmallVector<mlir::Value> out(shape.size());
    int64_t stride = 1;
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      mlir::Value q =
          stride == 1 ? e
                      : mlir::arith::DivUIOp::create(b, loc, e, i32(stride));
      out[d] =
          d == 0 ? q : mlir::arith::RemUIOp::create(b, loc, q, i32(shape[d]));
      stride *= shape[d];
    }
    return out;
  }
  /// Row-major linear index (i32) of `coords` in `shape`.
  mlir::Value linear(llvm::ArrayRef<mlir::Value> coords,
                     llvm::ArrayRef<int64_t> shape) {
    mlir::Value acc = i32(0);
    for (auto [d, c] : llvm::enumerate(coords)) {
      acc = mlir::arith::MulIOp::create(b, loc, acc, i32(shape[d]));
      acc = mlir::arith::AddIOp::create(b, loc, acc, c);
    }
    return acc;
  }
  /// Every thread of the tile block outside agents; agent i's group alone
  /// inside it (named barrier 1 + i).
  void barrier() {
    int64_t a = agent();
    if (a < 0) {
      mlir::NVVM::Barrier0Op::create(b, loc);
      return;
    }
    mlir::NVVM::BarrierOp::create(b, loc, mlir::TypeRange{}, i32(1 + a),
                                  i32(map.threads), {}, mlir::Value());
  }

  mlir::OpBuilder &b;
  mlir::Location loc;
  ThreadMap map;
  int64_t agentIndex;
};

} // namespace tilecheck::backend

#endif // TILECHECK_CONVERSION_TILEASTOLLVM_THREADMAP_H
