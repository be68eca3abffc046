//===- Interpreter.h - Reference interpreter for every IR level -----------===//
//
// The interpreter executes a kernel entry over a grid of tile blocks, one
// block at a time in a configurable order. It knows nothing about any
// dialect: each operation's semantics is a function registered by operation
// name in a SemanticsRegistry, so cuda_tile, nv_tileaa and nv_tileas plug in
// side by side, and a test can enumerate every registered op and demand that
// it has semantics.
//
// Semantics functions read operand values and write result values through
// the ExecContext of the running tile block. Terminators (yield, continue,
// break, return) raise a control-flow signal that the op owning the region
// consumes; a signal the owner does not handle (break inside an if) keeps
// propagating outwards. Undefined behaviour, failed asserts and internal
// errors are reported with the op's location and stop the run (asserts let
// the block finish, as on the GPU).
//
// A tile block may run several agents (nv_tileaa.execute,
// nv_tileas.async.pipeline.agent_switch): each is a thread, but exactly one
// holds the baton and runs at a time, switching only inside blocking ops
// (AsyncState.h, compiler/docs/Lowering.md "Async surface").
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_INTERPRETER_H
#define TILECHECK_ORACLE_INTERPRETER_H

#include "tilecheck/Oracle/Memory.h"
#include "tilecheck/Oracle/Value.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tilecheck::oracle {

class AsyncState;
class TokenOrder;
class ExecContext;
class Interpreter;

/// Semantics of one operation: read operands and write results through ctx.
/// Return failure() only after reporting through ctx (ub/error/...).
using OpSemanticsFn = mlir::LogicalResult (*)(ExecContext &ctx,
                                              mlir::Operation *op);

/// Operation name -> semantics.
class SemanticsRegistry {
public:
  void add(llvm::StringRef opName, OpSemanticsFn fn);
  OpSemanticsFn lookup(llvm::StringRef opName) const;
  bool contains(llvm::StringRef opName) const { return table.count(opName); }
  /// The registry with every dialect's semantics that this build knows.
  static const SemanticsRegistry &getDefault();

private:
  llvm::StringMap<OpSemanticsFn> table;
};

/// Registration entry points, one per dialect (defined with the semantics).
void registerCudaTileSemantics(SemanticsRegistry &registry);
/// Upstream `arith` and `math` ops on builtin tensors and scalars, which
/// nv_tileas programs use where they mean exactly what cuda_tile meant.
void registerUpstreamSemantics(SemanticsRegistry &registry);
/// nv_tileaa and nv_tileas (mirror ops through the cuda_tile semantics, and
/// the !nv_tileaa.ptr pointer type).
void registerNvTileSemantics(SemanticsRegistry &registry);

/// Why a run stopped early.
enum class FailureKind {
  Error,              ///< malformed input or unsupported construct
  UndefinedBehavior,  ///< the program has UB: not a miscompile
  AssertFailed,       ///< cuda_tile.assert failed (the run completed)
  StepLimit,          ///< the step budget ran out (probable hang)
};
llvm::StringRef stringify(FailureKind kind);

struct RunFailure {
  FailureKind kind;
  std::string message;
  std::string location;         ///< "file:line:col" of the op
  std::array<int64_t, 3> block; ///< tile block that failed
  std::string str() const;
};

/// Exhaustive exploration of agent interleavings (tile-run
/// --interleavings), one tile block at a time: one run follows one path of
/// scheduling choices in tile block `block` (row-major linear index; the
/// other blocks take the default schedule). At each synchronization point of
/// that block where more than one agent can proceed, the run takes
/// `prefix[i]` for the i-th such point (0, the lowest-numbered agent, past
/// the prefix) and records the choice and how many there were; advance()
/// then moves to the next path in depth-first order. Runs are deterministic
/// in the path, so repeating until advance() returns false visits every
/// interleaving of the block's agents once. Agents of different blocks
/// never meet, so exploring the blocks one by one covers what exploring
/// their product would, in a sum of runs.
struct InterleavingScript {
  int64_t block = 0;
  std::vector<unsigned> prefix;
  /// (choice, number of choices) of every branching point of the last run.
  std::vector<std::pair<unsigned, unsigned>> taken;

  /// The agent to run among `count` (> 1) that can proceed.
  unsigned choose(unsigned count) {
    unsigned i = taken.size();
    unsigned c = i < prefix.size() && prefix[i] < count ? prefix[i] : 0;
    taken.emplace_back(c, count);
    return c;
  }
  /// The next path after a run; false when every path was visited.
  bool advance() {
    while (!taken.empty() && taken.back().first + 1 >= taken.back().second)
      taken.pop_back();
    if (taken.empty())
      return false;
    prefix.clear();
    for (const auto &t : taken)
      prefix.push_back(t.first);
    ++prefix.back();
    taken.clear();
    return true;
  }
};

struct RunOptions {
  std::array<int64_t, 3> grid{1, 1, 1};
  /// Block order: nullopt = row-major (x fastest), otherwise a seeded
  /// shuffle of all blocks.
  std::optional<uint64_t> blockOrderSeed;
  /// Interleaving of a tile block's agents: nullopt = the running agent
  /// continues until it blocks or ends, then the lowest-numbered agent that
  /// can proceed runs; otherwise, at every synchronization point, a random
  /// agent among those that can proceed (deterministic in the seed and the
  /// tile block).
  std::optional<uint64_t> agentSeed;
  /// When set, scheduling choices follow this script instead (agentSeed
  /// is ignored): exhaustive exploration, one path per run.
  InterleavingScript *interleavings = nullptr;
  /// Report conflicting weak accesses from different tile blocks, and
  /// (cuda_tile ops) accesses of one tile block that token order leaves
  /// unordered (Memory.h, BlockOrder).
  bool detectRaces = true;
  /// Operations executed before the run is declared a hang.
  uint64_t maxSteps = 1ull << 32;
  /// Run the body of every reduce and scan a second time with each
  /// (element, accumulator) pair swapped, and report undefined behaviour
  /// when the two differ: the spec leaves the combination order
  /// unspecified, so a body that is not commutative on the values it
  /// combines has no one right result. Off by default: the second runs
  /// count as steps (maxSteps) and are seen by opObserver. tile-diff turns
  /// it on for mutants (--mutants), whose bodies need not be commutative,
  /// and tile-reduce for its candidates.
  bool checkCombinerOrder = false;
  /// Destination of print_tko output (stdout by default).
  llvm::raw_ostream *printStream = nullptr;
  /// Destination of assert failure messages (stderr by default).
  llvm::raw_ostream *assertStream = nullptr;
  /// Called after every operation that executed without an error, with the
  /// context holding its results (tile-reduce records the values the
  /// reference computed). Unset in every other run.
  std::function<void(ExecContext &, mlir::Operation *)> opObserver;
};

struct RunResult {
  /// Set when the run stopped on an error/UB/step limit, or when an assert
  /// failed (kind AssertFailed; the run then completed).
  std::optional<RunFailure> failure;
  uint64_t steps = 0;
  bool ok() const { return !failure; }
};

/// Control-flow signal raised by a terminator.
struct FlowSignal {
  enum class Kind { None, Yield, Continue, Break, Return, Condition };
  Kind kind = Kind::None;
  llvm::SmallVector<RtValue, 4> values;
};

class Interpreter {
public:
  Interpreter(mlir::Operation *module, Memory &memory, RunOptions options,
              const SemanticsRegistry &registry =
                  SemanticsRegistry::getDefault());

  /// Finds an entry (any op with the "sym_name" attribute and one region
  /// whose block takes the arguments) by name; the only one if `name` is
  /// empty. Returns nullptr and sets `error` when not found or ambiguous.
  mlir::Operation *findEntry(llvm::StringRef name, std::string &error) const;

  /// Runs `entry` over the whole grid with the given argument values.
  RunResult run(mlir::Operation *entry, llvm::ArrayRef<RtValue> args);

  /// Runs a function (e.g. a testing$func that returns values) as the single
  /// tile block `blockId` and collects the operands of its `return`. Unit
  /// tests evaluate ops this way without going through memory.
  RunResult call(mlir::Operation *fn, llvm::ArrayRef<RtValue> args,
                 llvm::SmallVectorImpl<RtValue> &results,
                 std::array<int64_t, 3> blockId = {0, 0, 0});

  Memory &getMemory() { return memory; }
  const RunOptions &getOptions() const { return options; }
  mlir::Operation *getModule() const { return module; }
  llvm::raw_ostream &printStream();
  llvm::raw_ostream &assertStream();

  /// Address of a module-level global, allocated and initialized by
  /// `create` on first use and shared by all tile blocks of the run.
  uint64_t getOrCreateGlobal(llvm::StringRef name,
                             llvm::function_ref<uint64_t()> create);

  /// Semantics lookup (cached per operation name).
  OpSemanticsFn lookup(mlir::Operation *op);

private:
  friend class ExecContext;
  mlir::Operation *module;
  Memory &memory;
  RunOptions options;
  const SemanticsRegistry &registry;
  llvm::DenseMap<const void *, OpSemanticsFn> cache;
  llvm::StringMap<uint64_t> globals;
  uint64_t steps = 0;
};

/// The state of one tile block's execution.
class ExecContext {
public:
  ExecContext(Interpreter &interp, std::array<int64_t, 3> blockId,
              int32_t linearBlockId);
  /// Stops and joins any agent still running (finishAgents does it in
  /// order; this is the safety net on early exits).
  ~ExecContext();
  ExecContext(const ExecContext &) = delete;
  ExecContext &operator=(const ExecContext &) = delete;

  Interpreter &getInterpreter() { return interp; }
  Memory &getMemory() { return interp.memory; }
  std::array<int64_t, 3> getBlockId() const { return blockId; }
  std::array<int64_t, 3> getGridDims() const { return interp.options.grid; }
  /// Block id used for race tracking.
  int32_t getLinearBlockId() const { return linearBlockId; }

  /// The tile block's shared memory (nv_tileas.alloc_tensor buffers live
  /// at compiler-assigned byte offsets in it): its bytes and, per byte,
  /// whether anything wrote it. Empty when the block starts; grown by
  /// reserveShared.
  struct SharedMemory {
    std::vector<uint8_t> bytes;
    std::vector<uint8_t> written;
  };
  SharedMemory &getSharedMemory() { return shared; }
  /// Makes [0, end) addressable; false when `end` exceeds the limit.
  bool reserveShared(uint64_t end);

  /// SSA environment.
  const RtValue &get(mlir::Value v) const;
  const Tile &getTile(mlir::Value v) const { return get(v).getTile(); }
  /// The value bound to `v`, or nullptr when it has none (yet).
  const RtValue *lookup(mlir::Value v) const {
    auto it = env.find(v);
    return it == env.end() ? nullptr : &it->second;
  }
  void set(mlir::Value v, RtValue value);
  void setTile(mlir::Value v, Tile &&t) { set(v, RtValue::tile(std::move(t))); }

  /// Runs the ops of `block` with its arguments bound to `args`. Returns
  /// failure on a reported error; otherwise the signal its terminator (or a
  /// nested terminator that escaped) raised.
  mlir::FailureOr<FlowSignal> execBlock(mlir::Block &block,
                                        llvm::ArrayRef<RtValue> args);
  /// Executes one op through its registered semantics.
  mlir::LogicalResult execOp(mlir::Operation *op);

  /// The tile block's token order (TokenOrder.h) when `op` is a cuda_tile
  /// op and races are tracked (RunOptions::detectRaces); else nullptr.
  /// Lower levels order memory by their own means, so only the input
  /// program's accesses are checked against their tokens.
  TokenOrder *getTokenOrder(mlir::Operation *op);
  /// The number of the op executing now (counts every op of the run).
  uint64_t getStep() const { return interp.steps; }

  /// The tile block's agents, queues and pipelines (created on first use).
  AsyncState &getAsyncState();
  /// Waits until every agent the tile block started has finished (the end
  /// of the block, or of a function called as one) and joins their threads;
  /// `where` names the wait in a deadlock report. Call it after the main
  /// agent's body ran, also when it failed (the other agents then stop).
  /// Returns failure when any agent failed.
  mlir::LogicalResult finishAgents(mlir::Operation *where);

  /// Raises a control-flow signal (called by terminator semantics).
  void raise(FlowSignal::Kind kind, llvm::ArrayRef<RtValue> values);
  /// Re-raises a signal a region op received but does not consume.
  void propagate(FlowSignal signal) { pending = std::move(signal); }

  /// Reporting: each returns failure() so semantics can `return ctx.ub(..)`.
  mlir::LogicalResult ub(mlir::Operation *op, const llvm::Twine &message);
  mlir::LogicalResult error(mlir::Operation *op, const llvm::Twine &message);
  /// Records a failed assert; execution continues.
  void assertFailed(mlir::Operation *op, const llvm::Twine &message);

  std::optional<RunFailure> takeFailure() { return std::move(runFailure); }
  bool hasFailed() const { return runFailure.has_value(); }
  bool hasAssertFailure() const { return assertFailure.has_value(); }
  std::optional<RunFailure> takeAssertFailure() {
    return std::move(assertFailure);
  }

  /// An SSA environment: the main agent's, or an agent's own.
  using Env = llvm::DenseMap<mlir::Value, RtValue>;

private:
  friend class AsyncState;
  mlir::LogicalResult fail(FailureKind kind, mlir::Operation *op,
                           const llvm::Twine &message);

  Interpreter &interp;
  std::array<int64_t, 3> blockId;
  int32_t linearBlockId;
  /// The main agent's SSA environment, and the running agent's (each agent
  /// has its own, seeded with the values its region uses from above).
  Env env;
  Env *activeEnv = &env;
  std::unique_ptr<AsyncState> async;
  std::unique_ptr<TokenOrder> tokenOrder;
  /// The cuda_tile dialect, once an op of it was seen (getTokenOrder).
  mlir::Dialect *cudaTileDialect = nullptr;
  SharedMemory shared;
  FlowSignal pending;
  std::optional<RunFailure> runFailure;
  std::optional<RunFailure> assertFailure;
};

/// "file:line:col" of an op's location (best effort for fused/named locs).
std::string formatLocation(mlir::Operation *op);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_INTERPRETER_H
