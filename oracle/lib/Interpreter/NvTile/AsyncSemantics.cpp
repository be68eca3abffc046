//===- AsyncSemantics.cpp - Queues, agents and async pipelines ------------===//
//
// Semantics of nv_tileaa.queue.* / execute and of the nv_tileas async
// surface (compiler/docs/Lowering.md, "Async surface"); the agents, queues
// and pipelines live in the tile block's AsyncState.
//
// Run-time values: a queue or pipeline is an i64 scalar tile holding its
// handle in the block's AsyncState; an iterator is an i64 scalar tile
// holding the position n; a token is a token value. Async work completes
// eagerly: to_async's future is the value itself (a completed future),
// future_wait returns it and wait on a token returns at once. That is one
// valid execution of the async ops: each may complete at any time before
// it is waited for, in particular immediately.
//
// Every misuse the ops call undefined behaviour is reported: a queue
// iteration put or got twice, a pipeline position acquired twice without a
// commit, written or committed without an acquire, read or released without
// a wait; and a deadlock when no agent can proceed.
//
//===----------------------------------------------------------------------===//

#include "../AsyncState.h"
#include "../CudaTile/Semantics.h"

using namespace mlir;

namespace tilecheck::oracle {

namespace {

using namespace cuda_tile_sem;
using Slot = AsyncState::Slot;
using State = AsyncState::Slot::State;
using ChannelKind = AsyncState::ChannelKind;

/// The integer in a scalar tile value (handle, iterator, iteration).
FailureOr<int64_t> scalarOf(ExecContext &ctx, Operation *op, Value v) {
  const RtValue &rv = ctx.get(v);
  if (!rv.isTile() || rv.getTile().size() != 1)
    return ctx.error(op, "operand is not a scalar run-time value");
  return rv.getTile().getSInt(0);
}

/// Runs the single block of `region` with `args` in the current agent and
/// returns the values its async.pipeline.yield / execute.yield gave.
FailureOr<SmallVector<RtValue, 4>> runRegion(ExecContext &ctx, Operation *op,
                                             Region &region,
                                             ArrayRef<RtValue> args) {
  FailureOr<FlowSignal> sig = ctx.execBlock(region.front(), args);
  if (failed(sig))
    return failure();
  if (sig->kind != FlowSignal::Kind::Yield)
    return ctx.error(op, "control flow cannot leave the region other than "
                         "through its yield");
  return SmallVector<RtValue, 4>(sig->values.begin(), sig->values.end());
}

/// What a blocking op can do now.
enum class Step { Proceed, Wait, Misuse };

/// Whether `ring` is a queue or a pipeline, and its number of slots (the
/// queue depth or the pipeline stages of its type).
std::pair<ChannelKind, unsigned> ringOf(Value ring) {
  if (auto queue = dyn_cast<nv_tileaa::QueueType>(ring.getType()))
    return {ChannelKind::Queue, queue.getDepth()};
  return {ChannelKind::Pipeline,
          cast<nv_tileas::PipelineType>(ring.getType()).getStages()};
}

/// nv_tileaa.queue.create and nv_tileas create_pipeline: a new queue or
/// pipeline, with the slot count of its type, as the value of the result.
LogicalResult createChannelSem(ExecContext &ctx, Operation *op) {
  Value ring = op->getResult(0);
  auto [kind, count] = ringOf(ring);
  if (count < 1)
    return ctx.error(op, kind == ChannelKind::Queue
                             ? "queue depth must be at least 1"
                             : "a pipeline needs at least one stage");
  ctx.set(ring, i64Scalar(ctx.getAsyncState().createChannel(kind, count)));
  return success();
}

//===----------------------------------------------------------------------===//
// nv_tileaa queues and execute
//===----------------------------------------------------------------------===//

/// The slot a queue or pipeline op addresses: index n (a queue iteration
/// or a pipeline position) of a ring of `count` slots is slot n mod count in
/// round n / count.
struct SlotAccess {
  Slot *slot;
  uint64_t round;
  int64_t index;
  uint64_t stage;
};

/// Resolves the handle `ring` (a queue or pipeline of this tile block, as its
/// type says) and the index operand. A negative index is undefined behaviour
/// for a queue iteration (a program value) and an internal error for a pipeline
/// position (iterators only count up from 0).
FailureOr<SlotAccess> slotAccess(ExecContext &ctx, Operation *op, Value ring,
                                 Value index) {
  auto [kind, count] = ringOf(ring);
  bool queue = kind == ChannelKind::Queue;
  FailureOr<int64_t> handle = scalarOf(ctx, op, ring);
  FailureOr<int64_t> n = scalarOf(ctx, op, index);
  if (failed(handle) || failed(n))
    return failure();
  AsyncState::Channel *channel =
      ctx.getAsyncState().lookupChannel(*handle, kind, count);
  if (!channel)
    return ctx.error(op, queue
                             ? "operand is not a queue of this tile block"
                             : "operand is not a pipeline of this tile block");
  if (*n < 0)
    return queue ? ctx.ub(op, "negative iteration " + Twine(*n))
                 : ctx.error(op, "negative pipeline position " + Twine(*n));
  uint64_t stage = static_cast<uint64_t>(*n) % count;
  return SlotAccess{&channel->slots[stage], static_cast<uint64_t>(*n) / count,
                    *n, stage};
}

/// What a blocking op on the slot in round `round` can do now.
using StepFn = Step (*)(const Slot &slot, uint64_t round);

/// Parks the agent until `step` no longer says Wait for the slot `access`
/// addresses. True when the op may proceed, false when it misuses the slot.
FailureOr<bool> awaitStep(ExecContext &ctx, Operation *op,
                          const SlotAccess &access, StepFn step) {
  const Slot &slot = *access.slot;
  uint64_t round = access.round;
  if (failed(ctx.getAsyncState().waitUntil(
          op, [&] { return step(slot, round) != Step::Wait; })))
    return failure();
  return step(slot, round) != Step::Misuse;
}

/// Queue put and producer_acquire: the slot must be empty in that round.
Step fillStep(const Slot &slot, uint64_t round) {
  if (slot.round > round || (slot.round == round && slot.state != State::Empty))
    return Step::Misuse;
  return slot.round == round ? Step::Proceed : Step::Wait;
}

/// Queue get: the slot must be full in that round.
Step takeStep(const Slot &slot, uint64_t round) {
  if (slot.round > round)
    return Step::Misuse;
  return slot.round == round && slot.state == State::Full ? Step::Proceed
                                                          : Step::Wait;
}

/// The blocking part of queue put and get: resolves the iteration's slot and
/// parks the agent until `step` lets the op proceed on it. A misuse is
/// undefined behaviour, reported as "iteration N" + `misuse`.
template <typename OpT>
FailureOr<SlotAccess> awaitQueueSlot(ExecContext &ctx, OpT op, StepFn step,
                                     const char *misuse) {
  FailureOr<SlotAccess> access =
      slotAccess(ctx, op, op.getQueue(), op.getIteration());
  if (failed(access))
    return failure();
  FailureOr<bool> proceed = awaitStep(ctx, op, *access, step);
  if (failed(proceed))
    return failure();
  if (!*proceed)
    return ctx.ub(op, "iteration " + Twine(access->index) + misuse);
  return access;
}

LogicalResult queuePutSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileaa::QueuePutOp>(operation);
  FailureOr<SlotAccess> access =
      awaitQueueSlot(ctx, op, fillStep, " was already put into the queue");
  if (failed(access))
    return failure();
  Slot &slot = *access->slot;
  slot.state = State::Full;
  slot.value = ctx.get(op.getValue());
  return success();
}

LogicalResult queueGetSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileaa::QueueGetOp>(operation);
  FailureOr<SlotAccess> access =
      awaitQueueSlot(ctx, op, takeStep, " was already taken from the queue");
  if (failed(access))
    return failure();
  Slot &slot = *access->slot;
  ctx.set(op.getResult(), std::move(slot.value));
  slot.value = RtValue();
  slot.state = State::Empty;
  slot.round = access->round + 1;
  return success();
}

LogicalResult executeSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileaa::ExecuteOp>(operation);
  AsyncState &async = ctx.getAsyncState();
  if (failed(async.spawn(op, op.getBody())))
    return failure();
  // A point where a seeded schedule may let the new agent start first.
  return async.waitUntil(op, nullptr);
}

LogicalResult executeYieldSem(ExecContext &ctx, Operation *op) {
  ctx.raise(FlowSignal::Kind::Yield, {});
  return success();
}

//===----------------------------------------------------------------------===//
// nv_tileas pipelines
//===----------------------------------------------------------------------===//

/// The stage of a pipeline op's position (its pipeline and iterator
/// operands).
template <typename OpT>
FailureOr<SlotAccess> stageAccess(ExecContext &ctx, OpT op) {
  return slotAccess(ctx, op, op.getPipeline(), op.getIterator());
}

std::string positionText(const SlotAccess &a) {
  return "position " + std::to_string(a.index) + " (stage " +
         std::to_string(a.stage) + ", phase " + std::to_string(a.round % 2) +
         ")";
}

LogicalResult createIteratorSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::CreateIteratorOp>(operation);
  ctx.set(op.getIterator(), i64Scalar(0));
  return success();
}

LogicalResult incrementIteratorSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::IncrementIteratorOp>(operation);
  FailureOr<int64_t> n = scalarOf(ctx, op, op.getIterator());
  if (failed(n))
    return failure();
  ctx.set(op.getResult(), i64Scalar(*n + 1));
  return success();
}

// The steps at a pipeline position; produce_one and consume_one run
// several of them on the position they resolve once.

/// producer_acquire (also the first step of produce_one).
LogicalResult acquire(ExecContext &ctx, Operation *op,
                      const SlotAccess &access) {
  FailureOr<bool> proceed = awaitStep(ctx, op, access, fillStep);
  if (failed(proceed))
    return failure();
  Slot &slot = *access.slot;
  if (!*proceed) {
    if (slot.round == access.round &&
        (slot.state == State::Claimed || slot.state == State::Written))
      return ctx.ub(op, "acquires " + positionText(access) +
                            " twice without a commit");
    return ctx.ub(op, "acquires " + positionText(access) +
                          ", which was already committed");
  }
  slot.state = State::Claimed;
  return success();
}

/// producer_write (also a step of produce_one).
LogicalResult write(ExecContext &ctx, Operation *op, const SlotAccess &access,
                    RtValue value) {
  Slot &slot = *access.slot;
  if (slot.round != access.round ||
      (slot.state != State::Claimed && slot.state != State::Written))
    return ctx.ub(op,
                  "writes " + positionText(access) + " without acquiring it");
  slot.value = std::move(value);
  slot.state = State::Written;
  return success();
}

/// producer_commit (also the last step of produce_one).
LogicalResult commit(ExecContext &ctx, Operation *op,
                     const SlotAccess &access) {
  Slot &slot = *access.slot;
  if (slot.round == access.round && slot.state == State::Claimed)
    return ctx.ub(op, "commits " + positionText(access) +
                          " without writing a value");
  if (slot.round != access.round || slot.state != State::Written)
    return ctx.ub(op,
                  "commits " + positionText(access) + " without acquiring it");
  slot.state = State::Full;
  return ctx.getAsyncState().waitUntil(op, nullptr);
}

/// consumer_wait: the slot must be full in that round and not yet waited
/// for.
Step waitStep(const Slot &slot, uint64_t round) {
  if (slot.round > round ||
      (slot.round == round && slot.state == State::Waited))
    return Step::Misuse;
  return slot.round == round && slot.state == State::Full ? Step::Proceed
                                                          : Step::Wait;
}

/// consumer_wait (also the first step of consume_one).
LogicalResult consumerWait(ExecContext &ctx, Operation *op,
                           const SlotAccess &access) {
  FailureOr<bool> proceed = awaitStep(ctx, op, access, waitStep);
  if (failed(proceed))
    return failure();
  Slot &slot = *access.slot;
  if (!*proceed) {
    if (slot.round == access.round)
      return ctx.ub(op, "waits for " + positionText(access) +
                            " twice without a release");
    return ctx.ub(op, "waits for " + positionText(access) +
                          ", which was already released");
  }
  slot.state = State::Waited;
  return success();
}

/// consumer_read (also a step of consume_one).
FailureOr<RtValue> read(ExecContext &ctx, Operation *op,
                        const SlotAccess &access) {
  const Slot &slot = *access.slot;
  if (slot.round != access.round || slot.state != State::Waited)
    return ctx.ub(op, "reads a pipeline slot it did not wait for (" +
                          positionText(access) + ")");
  return slot.value;
}

/// consumer_release (also the last step of consume_one).
LogicalResult release(ExecContext &ctx, Operation *op,
                      const SlotAccess &access) {
  Slot &slot = *access.slot;
  if (slot.round != access.round || slot.state != State::Waited)
    return ctx.ub(op, "releases " + positionText(access) +
                          " without waiting for it");
  slot.value = RtValue();
  slot.state = State::Empty;
  slot.round = access.round + 1;
  return ctx.getAsyncState().waitUntil(op, nullptr);
}

using PipelineStepFn = LogicalResult (*)(ExecContext &, Operation *,
                                         const SlotAccess &);

/// The semantics of a pipeline op that is one step at its position:
/// producer_acquire, producer_commit, consumer_wait, consumer_release.
template <typename OpT, PipelineStepFn Fn>
LogicalResult pipelineStepSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  FailureOr<SlotAccess> access = stageAccess(ctx, op);
  if (failed(access))
    return failure();
  return Fn(ctx, op, *access);
}

LogicalResult producerWriteSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::ProducerWriteOp>(operation);
  FailureOr<SlotAccess> access = stageAccess(ctx, op);
  if (failed(access))
    return failure();
  return write(ctx, op, *access, ctx.get(op.getValue()));
}

LogicalResult consumerReadSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::ConsumerReadOp>(operation);
  FailureOr<SlotAccess> access = stageAccess(ctx, op);
  if (failed(access))
    return failure();
  FailureOr<RtValue> v = read(ctx, op, *access);
  if (failed(v))
    return failure();
  ctx.set(op.getResult(), std::move(*v));
  return success();
}

LogicalResult produceOneSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::ProduceOneOp>(operation);
  FailureOr<SlotAccess> access = stageAccess(ctx, op);
  if (failed(access) || failed(acquire(ctx, op, *access)))
    return failure();
  FailureOr<SmallVector<RtValue, 4>> yielded =
      runRegion(ctx, op, op.getBody(), {});
  if (failed(yielded))
    return failure();
  if (yielded->size() != 1)
    return ctx.error(op, "the region must yield the produced value");
  if (failed(write(ctx, op, *access, std::move((*yielded)[0]))))
    return failure();
  return commit(ctx, op, *access);
}

LogicalResult consumeOneSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::ConsumeOneOp>(operation);
  FailureOr<SlotAccess> access = stageAccess(ctx, op);
  if (failed(access) || failed(consumerWait(ctx, op, *access)))
    return failure();
  FailureOr<RtValue> value = read(ctx, op, *access);
  if (failed(value))
    return failure();
  FailureOr<SmallVector<RtValue, 4>> yielded =
      runRegion(ctx, op, op.getBody(), {*value});
  if (failed(yielded))
    return failure();
  if (yielded->size() != op.getNumResults())
    return ctx.error(op, "the region yields " + Twine(yielded->size()) +
                             " values for " + Twine(op.getNumResults()) +
                             " results");
  for (auto [result, v] : llvm::zip(op.getResults(), *yielded))
    ctx.set(result, std::move(v));
  return release(ctx, op, *access);
}

LogicalResult agentSwitchSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::AgentSwitchOp>(operation);
  AsyncState &async = ctx.getAsyncState();
  SmallVector<unsigned> ids;
  for (Region &region : op.getAgents()) {
    FailureOr<unsigned> id = async.spawn(op, region);
    if (failed(id))
      return failure();
    ids.push_back(*id);
  }
  // The op completes when every agent has finished.
  return async.waitUntil(op, [&async, &ids] { return async.allEnded(ids); });
}

//===----------------------------------------------------------------------===//
// Tokens and futures (eager completion)
//===----------------------------------------------------------------------===//

LogicalResult createNoneSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::CreateNoneOp>(operation);
  ctx.set(op.getToken(), RtValue::token());
  return success();
}

LogicalResult toAsyncSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::ToAsyncOp>(operation);
  ctx.set(op.getFuture(), ctx.get(op.getValue()));
  return success();
}

LogicalResult futureWaitSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::FutureWaitOp>(operation);
  const RtValue &v = ctx.get(op.getFuture());
  if (v.kind() == RtValue::Kind::Empty)
    return ctx.error(op, "the future holds no value");
  ctx.set(op.getResult(), v);
  return success();
}

LogicalResult waitSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::WaitOp>(operation);
  if (ctx.get(op.getToken()).kind() != RtValue::Kind::Token)
    return ctx.error(op, "operand is not a token value");
  return success();
}

} // namespace

void registerAsyncSemantics(SemanticsRegistry &r) {
  add<nv_tileaa::QueueCreateOp>(r, createChannelSem);
  add<nv_tileaa::QueuePutOp>(r, queuePutSem);
  add<nv_tileaa::QueueGetOp>(r, queueGetSem);
  add<nv_tileaa::ExecuteOp>(r, executeSem);
  add<nv_tileaa::ExecuteYieldOp>(r, executeYieldSem);
  add<nv_tileas::CreatePipelineOp>(r, createChannelSem);
  add<nv_tileas::CreateIteratorOp>(r, createIteratorSem);
  add<nv_tileas::IncrementIteratorOp>(r, incrementIteratorSem);
  add<nv_tileas::ProducerAcquireOp>(
      r, pipelineStepSem<nv_tileas::ProducerAcquireOp, acquire>);
  add<nv_tileas::ProducerWriteOp>(r, producerWriteSem);
  add<nv_tileas::ProducerCommitOp>(
      r, pipelineStepSem<nv_tileas::ProducerCommitOp, commit>);
  add<nv_tileas::ConsumerWaitOp>(
      r, pipelineStepSem<nv_tileas::ConsumerWaitOp, consumerWait>);
  add<nv_tileas::ConsumerReadOp>(r, consumerReadSem);
  add<nv_tileas::ConsumerReleaseOp>(
      r, pipelineStepSem<nv_tileas::ConsumerReleaseOp, release>);
  add<nv_tileas::ProduceOneOp>(r, produceOneSem);
  add<nv_tileas::ConsumeOneOp>(r, consumeOneSem);
  add<nv_tileas::AgentSwitchOp>(r, agentSwitchSem);
  add<nv_tileas::PipelineYieldOp>(r, terminatorSem<FlowSignal::Kind::Yield>);
  add<nv_tileas::CreateNoneOp>(r, createNoneSem);
  add<nv_tileas::ToAsyncOp>(r, toAsyncSem);
  add<nv_tileas::FutureWaitOp>(r, futureWaitSem);
  add<nv_tileas::WaitOp>(r, waitSem);
}

} // namespace tilecheck::oracle
