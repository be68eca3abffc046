//===- AsyncState.cpp - Agents, queues and pipelines of a tile block ------===//
//
// The baton protocol (AsyncState.h): `current` names the agent that may
// run; it changes under `mu`, and every agent parks on its own condition
// variable until `current` is its id. The agent that hands the baton on
// made all its state changes before taking `mu`, and the agent that takes
// it reads state only after waking under `mu`, so each handover orders the
// two agents' accesses and no two threads ever touch interpreter state at
// the same time.
//
//===----------------------------------------------------------------------===//

#include "AsyncState.h"

#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;

namespace tilecheck::oracle {

AsyncState::AsyncState(ExecContext &ctx, std::optional<uint64_t> seed,
                       InterleavingScript *script)
    : ctx(ctx), script(script) {
  if (seed)
    rng.emplace(*seed);
  // Agent 0 is the tile block's own code, on the interpreter's thread.
  auto main = std::make_unique<Agent>();
  main->env = &ctx.env;
  agents.push_back(std::move(main));
}

AsyncState::~AsyncState() { (void)finish(nullptr); }

//===----------------------------------------------------------------------===//
// Agents
//===----------------------------------------------------------------------===//

FailureOr<unsigned> AsyncState::spawn(Operation *owner, Region &region) {
  // Give the threads of ended agents back. An ended agent's thread only
  // returns after handing the baton on, so joining it cannot block for
  // long; the Agent record stays (ids index `agents`).
  for (unsigned id : endedUnjoined) {
    agents[id]->thread.join();
    agents[id]->ownEnv.clear();
  }
  endedUnjoined.clear();
  if (liveAgents >= kMaxLiveAgents)
    return ctx.error(owner, "would run more than " + Twine(kMaxLiveAgents) +
                                " agents at once in one tile block");
  if (agents.size() >= kMaxAgents)
    return ctx.error(owner, "starts more than " + Twine(kMaxAgents) +
                                " agents in one tile block");
  if (!region.hasOneBlock())
    return ctx.error(owner, "an agent region must have one block");
  auto it = captures.find(&region);
  if (it == captures.end()) {
    llvm::SetVector<Value> used;
    getUsedValuesDefinedAbove(region, used);
    it = captures
             .try_emplace(&region, SmallVector<Value>(used.begin(), used.end()))
             .first;
  }
  auto agent = std::make_unique<Agent>();
  agent->id = agents.size();
  agent->owner = owner;
  agent->region = &region;
  agent->env = &agent->ownEnv;
  // Not started yet: it can run whenever it is picked.
  agent->waitOp = owner;
  // SSA values are immutable: a copy of the captured values is exactly
  // what the region would read from the spawner's environment, and stays
  // right when the spawner redefines them (an execute inside a loop).
  for (Value v : it->second) {
    auto found = ctx.activeEnv->find(v);
    if (found != ctx.activeEnv->end())
      agent->ownEnv[v] = found->second;
  }
  Agent &a = *agent;
  agents.push_back(std::move(agent));
  ++liveAgents;
  a.thread = std::thread([this, &a] { agentMain(a); });
  return a.id;
}

void AsyncState::agentMain(Agent &a) {
  waitForBaton(a);
  ctx.activeEnv = a.env;
  a.waitOp = nullptr;
  if (!aborting) {
    FailureOr<FlowSignal> sig = ctx.execBlock(a.region->front(), {});
    if (failed(sig)) {
      aborting = true;
    } else if (sig->kind != FlowSignal::Kind::Yield &&
               sig->kind != FlowSignal::Kind::None) {
      (void)ctx.error(a.owner,
                      "a return, break or continue cannot leave an agent");
      aborting = true;
    }
  }
  a.ended = true;
  a.ready = nullptr;
  --liveAgents;
  endedUnjoined.push_back(a.id);
  // The last state change of this thread: after handTo it only returns.
  handTo(pickNext(a));
}

bool AsyncState::canRun(const Agent &a) const {
  if (a.ended)
    return false;
  if (aborting && a.abortable)
    return true;
  return !a.ready || a.ready();
}

AsyncState::Agent &AsyncState::pickNext(Agent &self) {
  auto collect = [&] {
    SmallVector<Agent *> runnable;
    for (const std::unique_ptr<Agent> &a : agents)
      if (canRun(*a))
        runnable.push_back(a.get());
    return runnable;
  };
  SmallVector<Agent *> runnable = collect();
  if (runnable.empty() && !aborting) {
    reportDeadlock(self);
    aborting = true;
    runnable = collect();
  }
  // After an abort every agent but the one waiting at the block's end can
  // run, and that one can once all others ended: someone can always run.
  if (runnable.empty())
    llvm::report_fatal_error("agent scheduler: no agent can run");
  if (script) {
    // After an abort the order no longer matters: no more branching.
    if (runnable.size() == 1 || aborting)
      return *runnable.front();
    return *runnable[script->choose(runnable.size())];
  }
  if (!rng) {
    if (canRun(self))
      return self;
    return *runnable.front();
  }
  return *runnable[(*rng)() % runnable.size()];
}

void AsyncState::handTo(Agent &next) {
  // Notify under the lock: once it is released the next agent may run, and
  // this thread (an ended agent) must not touch anything after that.
  std::lock_guard<std::mutex> lock(mu);
  current = next.id;
  next.cv.notify_one();
}

void AsyncState::waitForBaton(Agent &me) {
  std::unique_lock<std::mutex> lock(mu);
  me.cv.wait(lock, [&] { return current == me.id; });
}

LogicalResult AsyncState::waitUntil(Operation *op, std::function<bool()> ready,
                                    bool abortable) {
  Agent &me = *agents[current];
  // Switches happen only inside ops that are not terminators, where no
  // signal is pending (ExecContext::execBlock consumes each one right after
  // the terminator that raised it). Check it: a pending signal would be
  // seen by the wrong agent.
  if (ctx.pending.kind != FlowSignal::Kind::None)
    return ctx.error(op, "internal error: agent switch with a control-flow "
                         "signal pending");
  if (aborting && abortable)
    return failure();
  me.waitOp = op;
  me.ready = std::move(ready);
  me.abortable = abortable;
  Agent &next = pickNext(me);
  if (&next != &me) {
    handTo(next);
    waitForBaton(me);
    ctx.activeEnv = me.env;
  }
  me.waitOp = nullptr;
  me.ready = nullptr;
  me.abortable = true;
  if (aborting && abortable)
    return failure();
  return success();
}

bool AsyncState::allEnded(ArrayRef<unsigned> ids) const {
  for (unsigned id : ids)
    if (!agents[id]->ended)
      return false;
  return true;
}

LogicalResult AsyncState::finish(Operation *where) {
  if (finished)
    return success(!ctx.hasFailed());
  assert(current == 0 && "only the tile block's own agent finishes it");
  // A failed body (or the safety net, with no op to report on) stops the
  // other agents instead of waiting for them.
  if (ctx.hasFailed() || !where)
    aborting = true;
  // The body's signal was consumed by execBlock; a failed body may leave
  // one behind, which no longer matters.
  ctx.pending = FlowSignal();
  auto othersEnded = [this] {
    for (size_t i = 1; i < agents.size(); ++i)
      if (!agents[i]->ended)
        return false;
    return true;
  };
  if (!othersEnded()) {
    atBlockEnd = true;
    (void)waitUntil(where, othersEnded, /*abortable=*/false);
    atBlockEnd = false;
  }
  for (std::unique_ptr<Agent> &a : agents)
    if (a->thread.joinable())
      a->thread.join();
  endedUnjoined.clear();
  ctx.activeEnv = &ctx.env;
  finished = true;
  return success(!ctx.hasFailed());
}

std::string AsyncState::describe(const Agent &a) const {
  std::string s = "agent " + std::to_string(a.id) + " (";
  s += a.owner ? a.owner->getName().getStringRef().str() + " at " +
                     formatLocation(a.owner)
               : std::string("the tile block");
  s += ")";
  if (a.id == 0 && atBlockEnd)
    return s + " waits at the end of the tile block for the agents it "
               "started";
  if (!a.waitOp)
    return s + " is running";
  return s + " is blocked in '" + a.waitOp->getName().getStringRef().str() +
         "' at " + formatLocation(a.waitOp);
}

void AsyncState::reportDeadlock(Agent &self) {
  std::string message = "deadlock: no agent of the tile block can proceed:";
  Operation *where = self.waitOp;
  bool first = true;
  for (const std::unique_ptr<Agent> &a : agents) {
    if (a->ended)
      continue;
    message += (first ? " " : "; ") + describe(*a);
    first = false;
    if (!where)
      where = a->waitOp;
  }
  if (where)
    (void)ctx.ub(where, message);
}

//===----------------------------------------------------------------------===//
// Queues and pipelines
//===----------------------------------------------------------------------===//

int64_t AsyncState::createChannel(ChannelKind kind, unsigned size) {
  channels.push_back(Channel{kind, std::vector<Slot>(size)});
  return static_cast<int64_t>(channels.size() - 1);
}

AsyncState::Channel *AsyncState::lookupChannel(int64_t handle,
                                               ChannelKind kind,
                                               unsigned size) {
  if (handle < 0 || static_cast<uint64_t>(handle) >= channels.size())
    return nullptr;
  Channel &c = channels[handle];
  if (c.kind != kind || c.slots.size() != size)
    return nullptr;
  return &c;
}

} // namespace tilecheck::oracle
