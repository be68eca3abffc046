//===- ScheduleSupportTest.cpp - Seed 000's schedule support bodies -------===//
//
// materializeSchedule on a hand-scheduled loop (every role, a use inside a
// region, the yield as a last-stage use, the consumer filter),
// buildStages on hand-written schedules (the stage a loop-carried edge
// lands in, merged pairs, stability within a producer stage) and
// expandSingleTiledOp (per-stage operands, results mapped for the ops
// expanded after, uses inside regions, the original left alone).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleSupport.h"

#include "TestSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas::schedule_utils;

namespace {

class ScheduleSupportTest : public ::testing::Test {
protected:
  ScheduleSupportTest() { tilecheck::testing::loadAllDialects(ctx); }
  OwningOpRef<ModuleOp> parse(llvm::StringRef text) {
    return parseSourceString<ModuleOp>(text, &ctx);
  }
  /// Parses `text` and reads back the schedule of its (one) loop for
  /// sm_90; false on any failure (reported).
  bool readLoop(llvm::StringRef text) {
    module = parse(text);
    if (!module)
      return false;
    module->walk([&](scf::ForOp l) { loop = l; });
    if (!loop)
      return false;
    body = nv_tileas::buildBodyGraph(
        loop, sched::MachineModel::forTarget(sched::Target::SM90));
    std::string error;
    schedule = nv_tileas::readSchedule(loop, body, error);
    EXPECT_TRUE(schedule) << error;
    return schedule.has_value();
  }
  MLIRContext ctx{MLIRContext::Threading::DISABLED};
  OwningOpRef<ModuleOp> module;
  scf::ForOp loop;
  nv_tileas::BodyGraph body;
  std::optional<sched::ScheduleAnalysis> schedule;
};

/// The ops of one stage's list, as body indices.
std::vector<unsigned> indicesOf(const StageMap::OpsByStage &lists,
                                unsigned stage,
                                const nv_tileas::BodyGraph &body) {
  std::vector<unsigned> out;
  auto it = lists.find(stage);
  if (it == lists.end())
    return out;
  for (Operation *op : it->second)
    out.push_back(llvm::find(body.ops, op) - body.ops.begin());
  return out;
}

/// A three-stage loop with one op of each role and a region:
///   0 tiled_load            stage 0  load
///   1 addi i, 1             stage 0  data
///   2 consumer_wait         stage 1  pending async
///   3 scf.if (reads %1)     stage 1  data
///   4 addf acc, load        stage 1  data
///   5 tiled_store           stage 2  store
///   6 tiled_load            stage 2  load (the second of its stage)
constexpr const char *kLoop = R"mlir(
#reg = #nv_tileas<layout reg>
module attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @f(%arg0: !nv_tileaa.ptr<f32, 1>, %p: !nv_tileas.pipeline<tensor<1x8xf32, #reg>, 2>, %it: !nv_tileas.iterator, %flag: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #reg>
    %m = nv_tileas.make_memref %arg0 {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>
    %v = nv_tileas.view %m : (!nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cst) -> (tensor<1x8xf32, #reg>) : i32 {
      %t, %tok = nv_tileas.tiled_load %v, %i, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      %n = arith.addi %i, %c1 {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 1 : i32} : i32
      nv_tileas.async.pipeline.consumer_wait %p, %it {tileas.schedule.stage = 1 : i32, tileas.schedule.order = 2 : i32} : !nv_tileas.pipeline<tensor<1x8xf32, #reg>, 2>
      %row = scf.if %flag -> (i32) {
        %q = arith.addi %n, %n : i32
        scf.yield %q : i32
      } else {
        scf.yield %c0 : i32
      } {tileas.schedule.stage = 1 : i32, tileas.schedule.order = 3 : i32}
      %s = arith.addf %acc, %t {tileas.schedule.stage = 1 : i32, tileas.schedule.order = 4 : i32} : tensor<1x8xf32, #reg>
      %st = nv_tileas.tiled_store %s, %v, %row, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.schedule.stage = 2 : i32, tileas.schedule.order = 5 : i32} : (tensor<1x8xf32, #reg>, !nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
      %t2, %tok2 = nv_tileas.tiled_load %v, %n, %c0 {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.schedule.stage = 2 : i32, tileas.schedule.order = 6 : i32} : (!nv_tileaa.tiled_view<partition, tile=[1, 8], !nv_tileaa.memref<4x8xf32, strides=[8, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<1x8xf32, #reg>, !nv_tileaa.mem_token)
      scf.yield %s : tensor<1x8xf32, #reg>
    } {tileas.schedule.generator = "serial"}
    nv_tileaa.return
  }
}
)mlir";

TEST_F(ScheduleSupportTest, MaterializeSchedulePartitionsByStageAndRole) {
  ASSERT_TRUE(readLoop(kLoop));
  ASSERT_EQ(body.ops.size(), 7u);

  StageMap map = materializeSchedule(loop, body, *schedule);
  EXPECT_EQ(map.numStages, 3u);
  using V = std::vector<unsigned>;
  EXPECT_EQ(indicesOf(map.loads, 0, body), V({0}));
  EXPECT_EQ(indicesOf(map.loads, 2, body), V({6}));
  EXPECT_EQ(indicesOf(map.iterData, 0, body), V({1}));
  EXPECT_EQ(indicesOf(map.pendingAsync, 1, body), V({2}));
  // The region op is iteration data: its nested ops touch no memory.
  EXPECT_EQ(indicesOf(map.iterData, 1, body), V({3, 4}));
  EXPECT_EQ(indicesOf(map.stores, 2, body), V({5}));
  // Only the stages that have ops of a role are keys of its map.
  EXPECT_EQ(map.loads.size(), 2u);
  EXPECT_EQ(map.stores.size(), 1u);
  EXPECT_EQ(map.pendingAsync.size(), 1u);
  EXPECT_EQ(map.iterData.size(), 2u);
  EXPECT_EQ(map.stageOf(body.ops[5]), 2u);
  EXPECT_EQ(map.roleOfOp.lookup(body.ops[2]), OpRole::PendingAsync);
  EXPECT_EQ(map.stageOf(loop), std::nullopt);

  // Crossings, in body order: the load's tile (read by the add in stage 1),
  // the index (read inside the scf.if in stage 1 and by the stage 2 load),
  // the scf.if's row (stored in stage 2) and the sum (stored in stage 2
  // and yielded: the last stage).
  Value tile = body.ops[0]->getResult(0);
  Value index = body.ops[1]->getResult(0);
  Value row = body.ops[3]->getResult(0);
  Value sum = body.ops[4]->getResult(0);
  using Crossing = std::tuple<Value, unsigned, unsigned, unsigned>;
  std::vector<Crossing> crossings;
  for (const StageCrossing &c : map.crossings)
    crossings.emplace_back(c.value, c.defStage, c.firstUseStage,
                           c.lastUseStage);
  EXPECT_EQ(
      crossings,
      std::vector<Crossing>(
          {{tile, 0, 1, 1}, {index, 0, 1, 2}, {row, 1, 2, 2}, {sum, 1, 2, 2}}));

  // The earliest use, all uses or those a consumer counts.
  EXPECT_EQ(map.earliestUseStage(index), 1u);
  EXPECT_EQ(map.earliestUseStage(
                index, [&](Operation *op) { return op != body.ops[3]; }),
            2u);
  EXPECT_EQ(map.earliestUseStage(body.ops[0]->getResult(1)), std::nullopt);
  EXPECT_EQ(map.stageOfUser(loop.getBody()->getTerminator()), 2u);

  EXPECT_EQ(map.str(body), "  stage 0: load 0; data 1;\n"
                           "  stage 1: async 2; data 3 4;\n"
                           "  stage 2: load 6; store 5;\n"
                           "  crossing 0#0 stage 0 -> 1..1\n"
                           "  crossing 1#0 stage 0 -> 1..2\n"
                           "  crossing 3#0 stage 1 -> 2..2\n"
                           "  crossing 4#0 stage 1 -> 2..2\n");
}

TEST_F(ScheduleSupportTest, MaterializeScheduleOfOneStage) {
  ASSERT_TRUE(readLoop(kLoop));
  for (auto &node : schedule->nodes)
    node.stage = 0;
  StageMap map = materializeSchedule(loop, body, *schedule);
  EXPECT_EQ(map.numStages, 1u);
  EXPECT_TRUE(map.crossings.empty());
  EXPECT_EQ(indicesOf(map.iterData, 0, body), std::vector<unsigned>({1, 3, 4}));
  EXPECT_EQ(indicesOf(map.loads, 0, body), std::vector<unsigned>({0, 6}));
}

/// A schedule with the given stages and edges (in this order).
sched::ScheduleAnalysis scheduleOf(std::vector<unsigned> stages,
                                   std::vector<sched::Edge> edges) {
  sched::ScheduleAnalysis s;
  s.success = true;
  s.generator = sched::Generator::CostBased;
  s.nodes.resize(stages.size());
  for (unsigned i = 0; i < stages.size(); ++i) {
    s.nodes[i].stage = stages[i];
    s.nodes[i].order = i;
  }
  s.edges = std::move(edges);
  return s;
}

sched::Edge edge(unsigned from, unsigned to, unsigned distance = 0) {
  sched::Edge e;
  e.from = from;
  e.to = to;
  e.distance = distance;
  return e;
}

TEST(ScheduleSupportBuildStages, PairsInStableStageOrder) {
  // Stages: node 0 -> 0, 1 -> 1, 2 -> 2, 3 -> 1.
  sched::ScheduleAnalysis s = scheduleOf(
      {0, 1, 2, 1}, {edge(1, 2),      // 0: pair 1 -> 2
                     edge(0, 2),      // 1: pair 0 -> 2
                     edge(0, 1),      // 2: pair 0 -> 1
                     edge(0, 3),      // 3: pair 0 -> 1 again
                     edge(1, 3),      // 4: one stage: no pair
                     edge(2, 1, 1),   // 5: lands in stage 1 + 1: no pair
                     edge(3, 0, 1),   // 6: stage 1 -> 0 + 1: no pair
                     edge(2, 0, 1),   // 7: stage 2 -> 1 (backward)
                     edge(0, 0, 2)}); // 8: stage 0 -> 2 (two iterations)
  llvm::SmallVector<StagePair> pairs = buildStages(s);
  ASSERT_EQ(pairs.size(), 4u);
  // Producer stage 0: the pair whose first edge comes first leads, though
  // its consumer stage is the larger (a sort by both stages would swap
  // them).
  EXPECT_EQ(pairs[0].producer, 0u);
  EXPECT_EQ(pairs[0].consumer, 2u);
  EXPECT_EQ(pairs[0].edges, llvm::SmallVector<unsigned>({1, 8}));
  EXPECT_EQ(pairs[1].producer, 0u);
  EXPECT_EQ(pairs[1].consumer, 1u);
  EXPECT_EQ(pairs[1].edges, llvm::SmallVector<unsigned>({2, 3}));
  EXPECT_EQ(pairs[2].producer, 1u);
  EXPECT_EQ(pairs[2].consumer, 2u);
  EXPECT_EQ(pairs[2].edges, llvm::SmallVector<unsigned>({0}));
  EXPECT_EQ(pairs[3].producer, 2u);
  EXPECT_EQ(pairs[3].consumer, 1u);
  EXPECT_EQ(pairs[3].edges, llvm::SmallVector<unsigned>({7}));
}

TEST(ScheduleSupportBuildStages, OneStageHasOnlyCarriedPairs) {
  EXPECT_TRUE(
      buildStages(scheduleOf({0, 0, 0}, {edge(0, 1), edge(1, 2)})).empty());
  EXPECT_TRUE(buildStages(scheduleOf({}, {})).empty());
  // A value carried to the next iteration lives one kernel iteration even
  // in one stage: its consumer stage is past the deepest.
  llvm::SmallVector<StagePair> pairs = buildStages(
      scheduleOf({0, 0, 0}, {edge(0, 1), edge(1, 2), edge(2, 0, 1)}));
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].producer, 0u);
  EXPECT_EQ(pairs[0].consumer, 1u);
  EXPECT_EQ(pairs[0].edges, llvm::SmallVector<unsigned>({2}));
}

TEST(ScheduleSupportBuildStages, ReversedEdgesKeepPairOrderWithinAStage) {
  // The same pairs from edges listed in the other order: the order within
  // producer stage 0 follows the edges, across stages the stage.
  sched::ScheduleAnalysis s =
      scheduleOf({0, 1, 2}, {edge(1, 2), edge(0, 1), edge(0, 2)});
  llvm::SmallVector<StagePair> pairs = buildStages(s);
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(std::make_pair(pairs[0].producer, pairs[0].consumer),
            std::make_pair(0u, 1u));
  EXPECT_EQ(std::make_pair(pairs[1].producer, pairs[1].consumer),
            std::make_pair(0u, 2u));
  EXPECT_EQ(std::make_pair(pairs[2].producer, pairs[2].consumer),
            std::make_pair(1u, 2u));
}

TEST_F(ScheduleSupportTest, ExpandSingleTiledOpRewiresPerStage) {
  const char *text = R"mlir(
nv_tileaa.func @f(%a: i32, %b: i32, %a0: i32, %a1: i32, %b1: i32, %flag: i1) {
  %x = arith.addi %a, %b {tileas.schedule.stage = 1 : i32} : i32
  %y = arith.muli %x, %b : i32
  %z = scf.if %flag -> (i32) {
    %q = arith.subi %a, %x : i32
    scf.yield %q : i32
  } else {
    scf.yield %b : i32
  }
  nv_tileaa.return
}
)mlir";
  OwningOpRef<ModuleOp> module = parse(text);
  ASSERT_TRUE(module);
  Operation *x = nullptr;
  module->walk([&](arith::AddIOp op) { x = op; });
  ASSERT_TRUE(x);
  Block &entry = *x->getBlock();
  Value a = entry.getArgument(0), b = entry.getArgument(1);
  Value a0 = entry.getArgument(2), a1 = entry.getArgument(3);
  Value b1 = entry.getArgument(4);
  Operation *y = x->getNextNode();
  Operation *z = y->getNextNode();

  StageValues values;
  values[0].map(a, a0);
  values[1].map(a, a1);
  values[1].map(b, b1);
  OpBuilder builder(entry.getTerminator());
  // Stage 2 maps nothing: its replica reads the originals.
  llvm::SmallVector<Operation *> xs =
      expandSingleTiledOp(builder, x, {2, 0, 1}, values);
  ASSERT_EQ(xs.size(), 3u);
  EXPECT_EQ(xs[0]->getOperand(0), a);
  EXPECT_EQ(xs[0]->getOperand(1), b);
  EXPECT_EQ(xs[1]->getOperand(0), a0);
  EXPECT_EQ(xs[1]->getOperand(1), b);
  EXPECT_EQ(xs[2]->getOperand(0), a1);
  EXPECT_EQ(xs[2]->getOperand(1), b1);
  // The replicas sit in `stages`' order, keep their attributes, and the
  // original is untouched.
  EXPECT_TRUE(xs[0]->isBeforeInBlock(xs[1]));
  EXPECT_TRUE(xs[1]->isBeforeInBlock(xs[2]));
  EXPECT_TRUE(xs[2]->hasAttr("tileas.schedule.stage"));
  EXPECT_EQ(x->getOperand(0), a);
  EXPECT_EQ(x->getOperand(1), b);
  // Each stage now maps x to its own replica.
  EXPECT_EQ(values[2].lookup(x->getResult(0)), xs[0]->getResult(0));
  EXPECT_EQ(values[0].lookup(x->getResult(0)), xs[1]->getResult(0));
  EXPECT_EQ(values[1].lookup(x->getResult(0)), xs[2]->getResult(0));

  // An op expanded after reads the replicas of its stage.
  llvm::SmallVector<Operation *> ys =
      expandSingleTiledOp(builder, y, {0, 1}, values);
  ASSERT_EQ(ys.size(), 2u);
  EXPECT_EQ(ys[0]->getOperand(0), xs[1]->getResult(0));
  EXPECT_EQ(ys[0]->getOperand(1), b);
  EXPECT_EQ(ys[1]->getOperand(0), xs[2]->getResult(0));
  EXPECT_EQ(ys[1]->getOperand(1), b1);

  // Uses inside regions are rewired too.
  llvm::SmallVector<Operation *> zs =
      expandSingleTiledOp(builder, z, {1}, values);
  ASSERT_EQ(zs.size(), 1u);
  auto ifOp = cast<scf::IfOp>(zs[0]);
  Operation &sub = ifOp.getThenRegion().front().front();
  EXPECT_EQ(sub.getOperand(0), a1);
  EXPECT_EQ(sub.getOperand(1), xs[2]->getResult(0));
  EXPECT_EQ(ifOp.elseYield()->getOperand(0), b1);
  EXPECT_EQ(values[1].lookup(z->getResult(0)), zs[0]->getResult(0));
  EXPECT_TRUE(succeeded(verify(*module)));

  // No stages, no replicas.
  EXPECT_TRUE(expandSingleTiledOp(builder, x, {}, values).empty());
}

} // namespace
