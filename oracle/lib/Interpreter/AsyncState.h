//===- AsyncState.h - Agents, queues and pipelines of a tile block --------===//
//
// The run-time state behind nv_tileaa.queue.* / execute and the nv_tileas
// async.pipeline.* surface (compiler/docs/Lowering.md, "Async surface").
// One AsyncState belongs to one tile block (ExecContext owns it).
//
// Agents are coroutines built on threads and a baton: the tile block's own
// code is agent 0 (the interpreter's thread); execute and agent_switch start
// agents 1, 2, ... on threads of their own. Exactly one agent, the baton
// holder, runs at a time and only it touches interpreter state, so there is
// no data race and a run is deterministic. The baton moves only at
// synchronization points, all inside ops (never with a control-flow signal
// pending): an op that must wait (queue get/put, producer_acquire,
// consumer_wait, waiting for agents) yields it while it cannot proceed, and
// commit, release and starting an agent are points where a seeded schedule
// may switch too.
//
// Scheduling (RunOptions::agentSeed): without a seed the running agent keeps
// the baton until it blocks or ends, then the lowest-numbered agent that can
// proceed takes it; with a seed every synchronization point hands the baton
// to a random agent among those that can proceed. When no agent can proceed
// the run reports a deadlock naming what each agent waits for. A failure in
// any agent aborts the whole block: every other agent returns failure from
// its blocking op, unwinds (still one at a time) and ends; the block's end
// joins every thread.
//
// Queues and pipelines are rings of slots with a state and a round (the
// number of times the slot has been reused), so every misuse the ops
// describe as undefined behaviour is detected exactly.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_LIB_INTERPRETER_ASYNCSTATE_H
#define TILECHECK_ORACLE_LIB_INTERPRETER_ASYNCSTATE_H

#include "tilecheck/Oracle/Interpreter.h"

#include "mlir/IR/Region.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

namespace tilecheck::oracle {

class AsyncState {
public:
  /// Most agents of one tile block alive at once, and started in all (a
  /// runaway execute in a loop is a malformed program, not something to
  /// give a thread each). Ended agents give their thread back.
  static constexpr unsigned kMaxLiveAgents = 256;
  static constexpr unsigned kMaxAgents = 1u << 16;

  AsyncState(ExecContext &ctx, std::optional<uint64_t> seed,
             InterleavingScript *script = nullptr);
  ~AsyncState();
  AsyncState(const AsyncState &) = delete;
  AsyncState &operator=(const AsyncState &) = delete;

  //===--------------------------------------------------------------------===//
  // Agents
  //===--------------------------------------------------------------------===//

  /// Starts an agent that runs the single block of `region` (no arguments)
  /// with its own SSA environment, seeded with the values the region uses
  /// from above. `owner` is the execute / agent_switch op. The new agent
  /// does not run before the next synchronization point.
  mlir::FailureOr<unsigned> spawn(mlir::Operation *owner, mlir::Region &region);

  /// A synchronization point of the running agent inside `op`: returns once
  /// `ready` holds (at once, or after other agents ran). A null `ready` is
  /// a point where a seeded schedule may switch. Returns failure (already
  /// reported) when the block aborts: a deadlock, or another agent failed;
  /// an `abortable == false` wait still waits for `ready` then.
  mlir::LogicalResult waitUntil(mlir::Operation *op,
                                std::function<bool()> ready,
                                bool abortable = true);

  /// Whether every agent in `ids` has ended.
  bool allEnded(llvm::ArrayRef<unsigned> ids) const;

  /// Called by the main agent when the tile block's body is done: waits
  /// for every agent, joins the threads. Idempotent. Failure when the block
  /// failed anywhere.
  mlir::LogicalResult finish(mlir::Operation *where);

  //===--------------------------------------------------------------------===//
  // Queues and pipelines
  //===--------------------------------------------------------------------===//

  /// One slot of a queue or one stage of a pipeline. `round` counts the
  /// slot's reuses: position n of a ring of `size` slots is slot n % size
  /// in round n / size.
  struct Slot {
    enum class State {
      Empty,   ///< free for round `round`
      Claimed, ///< pipeline: acquired by the producer
      Written, ///< pipeline: acquired and written, not committed
      Full,    ///< holds the value of round `round` (queue: put; pipeline:
               ///< committed)
      Waited,  ///< pipeline: the consumer waited for it, may read it
    };
    State state = State::Empty;
    uint64_t round = 0;
    RtValue value;
  };

  enum class ChannelKind { Queue, Pipeline };
  struct Channel {
    ChannelKind kind;
    std::vector<Slot> slots;
  };

  /// A new channel with `size` empty slots; returns its handle.
  int64_t createChannel(ChannelKind kind, unsigned size);
  /// The channel of a handle, or null when the handle is not one of this
  /// block's channels of that kind and size.
  Channel *lookupChannel(int64_t handle, ChannelKind kind, unsigned size);

private:
  struct Agent {
    unsigned id = 0;
    /// The execute / agent_switch op that started it (null: the block).
    mlir::Operation *owner = nullptr;
    mlir::Region *region = nullptr;
    /// Agent 0 uses the ExecContext's environment; the others their own.
    ExecContext::Env ownEnv;
    ExecContext::Env *env = nullptr;
    bool ended = false;
    /// While parked at a synchronization point: the op, the condition to
    /// resume (null: none) and whether an abort ends the wait.
    mlir::Operation *waitOp = nullptr;
    std::function<bool()> ready;
    bool abortable = true;
    std::condition_variable cv;
    std::thread thread;
  };

  /// Whether `a` could take the baton now.
  bool canRun(const Agent &a) const;
  /// Picks the next baton holder (reports a deadlock and aborts when no
  /// agent can run). `self` is the agent handing the baton on.
  Agent &pickNext(Agent &self);
  /// Gives the baton to `next`; the caller must hold it.
  void handTo(Agent &next);
  /// Parks the calling thread of `me` until it holds the baton again.
  void waitForBaton(Agent &me);
  /// The body of an agent's thread.
  void agentMain(Agent &a);
  void reportDeadlock(Agent &self);
  std::string describe(const Agent &a) const;

  ExecContext &ctx;
  std::optional<std::mt19937_64> rng;
  /// Exhaustive exploration: the path of choices this run follows.
  InterleavingScript *script = nullptr;
  /// Stable addresses: agents are never removed before finish().
  std::deque<std::unique_ptr<Agent>> agents;
  /// Values each agent region uses from above, computed once per region.
  llvm::DenseMap<mlir::Region *, llvm::SmallVector<mlir::Value>> captures;
  std::deque<Channel> channels;
  /// Agents started and not ended (agent 0 not counted), and ended agents
  /// whose thread was not joined yet.
  unsigned liveAgents = 0;
  std::vector<unsigned> endedUnjoined;
  /// The baton: the id of the agent that may run. Written under `mu`.
  unsigned current = 0;
  /// Set when the block fails: every agent unwinds.
  bool aborting = false;
  bool finished = false;
  /// Agent 0 waits in finish() (for deadlock reports).
  bool atBlockEnd = false;
  std::mutex mu;
};

/// Semantics of the queue, execute and async-pipeline ops
/// (NvTile/AsyncSemantics.cpp); part of registerNvTileSemantics.
void registerAsyncSemantics(SemanticsRegistry &registry);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_LIB_INTERPRETER_ASYNCSTATE_H
