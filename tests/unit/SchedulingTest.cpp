//===- SchedulingTest.cpp - Machine model, generators, checker ------------===//
//
// The scheduling library without IR: the machine model's table, MII, the
// serial generator (and its documented quirk), the selector, the
// cost-based generator's rungs, gates and arms, the checker catching broken
// schedules, and RapidCheck properties over random loop bodies.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/MachineModel.h"
#include "tilecheck/Scheduling/RandomGraph.h"
#include "tilecheck/Scheduling/Schedule.h"

#include "SchedTestGraphs.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

using namespace tilecheck::sched;

namespace {

std::string joined(const std::vector<std::string> &lines) {
  std::string s;
  for (const std::string &l : lines)
    s += l + "\n";
  return s;
}

using schedtest::add;

/// A K-loop on sm_90: two TMA loads into shared memory, a barrier wait, a
/// wgmma accumulating across iterations, an iterator increment.
DependenceGraph kLoop(const MachineModel &m) {
  DependenceGraph g;
  unsigned a = add(g, OpClass::TmaLoad);
  unsigned b = add(g, OpClass::TmaLoad);
  unsigned wait = add(g, OpClass::Barrier, /*pipeline=*/true);
  unsigned mma = add(g, OpClass::Wgmma);
  unsigned release = add(g, OpClass::Barrier, /*pipeline=*/true);
  unsigned iv = add(g, OpClass::Alu);
  g.addEdge(a, wait, EdgeKind::Token);
  g.addEdge(b, wait, EdgeKind::Token);
  g.addEdge(wait, mma, EdgeKind::Token);
  g.addEdge(mma, release, EdgeKind::Token);
  g.addEdge(mma, mma, EdgeKind::Data, /*distance=*/1);
  g.addEdge(iv, iv, EdgeKind::Data, 1);
  g.addEdge(iv, a, EdgeKind::Data, 1);
  g.addEdge(iv, b, EdgeKind::Data, 1);
  g.addEdge(release, a, EdgeKind::Memory, 2);
  g.finalize(m);
  return g;
}

/// The cost-based schedule of `g` on `m` with no constraints and the
/// default options.
ScheduleAnalysis unconstrainedSchedule(const DependenceGraph &g,
                                       const MachineModel &m) {
  return generateCostBasedSchedule(g, m, Constraints(), ScheduleOptions());
}

//===----------------------------------------------------------------------===//
// Machine model
//===----------------------------------------------------------------------===//

TEST(SchedMachineModel, BlackwellHasTheFifteenSlotModelAndNinePools) {
  MachineModel m = MachineModel::forTarget(Target::SM100);
  EXPECT_EQ(m.numSlots(), 15u);
  EXPECT_EQ(m.capacities().size(), 9u);
  EXPECT_EQ(poolName(Pool::SmemRead), "tp_smem_rd");
  EXPECT_EQ(static_cast<unsigned>(Pool::SmemRead), 4u);
  EXPECT_EQ(m.poolCapacity(Pool::SmemRead), 5u);
  EXPECT_GT(m.poolCapacity(Pool::TmemRead), 0u);
}

TEST(SchedMachineModel, UnitsExistOnlyWhereTheTargetHasThem) {
  for (Target t : allTargets()) {
    MachineModel m = MachineModel::forTarget(t);
    SCOPED_TRACE(targetName(t).str());
    EXPECT_EQ(m.timing(OpClass::Wgmma).supported, t == Target::SM90);
    EXPECT_EQ(m.timing(OpClass::Tcgen05Mma).supported, t == Target::SM100);
    EXPECT_EQ(m.timing(OpClass::TmemLoad).supported, t == Target::SM100);
    EXPECT_EQ(m.timing(OpClass::TmaLoad).supported, t != Target::SM80);
    EXPECT_TRUE(m.timing(OpClass::MmaSync).supported);
    // Every supported class with a footprint names a slot of this target.
    for (unsigned c = 0; c < kNumOpClasses; ++c) {
      const OpTiming &timing = m.timing(static_cast<OpClass>(c));
      if (timing.supported && !timing.footprint.holdsNothing())
        EXPECT_LT(unsigned(timing.footprint.slot), m.numSlots());
    }
  }
}

TEST(SchedMachineModel, TargetsAndClassesParse) {
  EXPECT_EQ(parseTarget("sm_90a"), Target::SM90);
  EXPECT_EQ(parseTarget("sm_100a"), Target::SM100);
  EXPECT_EQ(parseTarget("sm_86"), Target::SM80);
  EXPECT_EQ(parseTarget("sm_70"), std::nullopt);
  EXPECT_EQ(parseTarget("gfx90a"), std::nullopt);
  for (unsigned c = 0; c < kNumOpClasses; ++c)
    EXPECT_EQ(parseOpClass(opClassName(static_cast<OpClass>(c))),
              static_cast<OpClass>(c));
}

TEST(SchedMachineModel, OpsMapToClassesByTarget) {
  EXPECT_EQ(classOfOp("nv_tileas.dot", Target::SM80), OpClass::MmaSync);
  EXPECT_EQ(classOfOp("nv_tileas.dot", Target::SM90), OpClass::Wgmma);
  EXPECT_EQ(classOfOp("nv_tileas.dot", Target::SM100), OpClass::Tcgen05Mma);
  EXPECT_EQ(classOfOp("nv_tileas.dot", Target::SM120), OpClass::MmaSync);
  EXPECT_EQ(classOfOp("nv_tileas.tiled_load", Target::SM90),
            OpClass::GlobalLoad);
  EXPECT_EQ(classOfOp("nv_tileas.async.pipeline.consumer_read", Target::SM90),
            OpClass::SmemRead);
  EXPECT_EQ(
      classOfOp("nv_tileas.async.pipeline.producer_acquire", Target::SM90),
      OpClass::Barrier);
  EXPECT_EQ(classOfOp("nv_tileas.async.pipeline.create_iterator", Target::SM90),
            OpClass::Free);
  EXPECT_EQ(classOfOp("nv_tileas.async.wait", Target::SM90), OpClass::Barrier);
  EXPECT_EQ(classOfOp("math.exp", Target::SM80), OpClass::Sfu);
  EXPECT_EQ(classOfOp("arith.addf", Target::SM80), OpClass::Alu);
  EXPECT_EQ(classOfOp("arith.constant", Target::SM80), OpClass::Free);
  EXPECT_EQ(classOfOp("some.unknown_op", Target::SM80), OpClass::Alu);
}

//===----------------------------------------------------------------------===//
// Graphs and MII
//===----------------------------------------------------------------------===//

TEST(SchedGraph, ResMIICountsSlotCyclesAndPoolUnits) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g;
  // Three wgmmas: 16 cycles each on the one wgmma slot -> 48.
  for (int i = 0; i < 3; ++i)
    add(g, OpClass::Wgmma);
  g.finalize(m);
  EXPECT_EQ(g.resMII(m), 48u);
  // Nine smem reads of 2 cycles: the lds slot holds 18 cycles, the pool
  // (4 units) 18 unit-cycles -> 5; the slot dominates.
  DependenceGraph r;
  for (int i = 0; i < 9; ++i)
    add(r, OpClass::SmemRead);
  r.finalize(m);
  EXPECT_EQ(r.resMII(m), 18u);
  // A class the target lacks has no ResMII.
  DependenceGraph t;
  add(t, OpClass::Tcgen05Mma);
  t.finalize(m);
  EXPECT_EQ(t.resMII(m), std::nullopt);
}

TEST(SchedGraph, RecMIIIsTheWorstCycleLatencyOverDistance) {
  MachineModel m = MachineModel::forTarget(Target::SM80);
  DependenceGraph g;
  unsigned a = add(g, OpClass::Alu), b = add(g, OpClass::Alu);
  g.addEdge(a, b, EdgeKind::Data, 0, 7);
  g.addEdge(b, a, EdgeKind::Data, 2, 4); // 11 cycles over 2 iterations -> 6
  unsigned c = add(g, OpClass::Alu);
  g.addEdge(c, c, EdgeKind::Data, 1, 5); // 5
  g.finalize(m);
  EXPECT_EQ(g.recMII(), 6u);
  EXPECT_FALSE(hasPositiveCycle(g, 6));
  EXPECT_TRUE(hasPositiveCycle(g, 5));

  DependenceGraph cyclic;
  unsigned x = add(cyclic, OpClass::Alu), y = add(cyclic, OpClass::Alu);
  cyclic.addEdge(x, y, EdgeKind::Data);
  cyclic.addEdge(y, x, EdgeKind::Data);
  cyclic.finalize(m);
  EXPECT_TRUE(cyclic.hasIntraIterationCycle());
  EXPECT_EQ(cyclic.recMII(), std::nullopt);
}

TEST(SchedGraph, DefaultLatencyIsTheSourcesAndMemoryEdgesOrderOnly) {
  MachineModel m = MachineModel::forTarget(Target::SM80);
  DependenceGraph g;
  unsigned ld = add(g, OpClass::GlobalLoad), st = add(g, OpClass::GlobalStore);
  g.addEdge(ld, st, EdgeKind::Data);
  g.addEdge(st, ld, EdgeKind::Memory, 1);
  g.finalize(m);
  EXPECT_EQ(g.edges()[0].latency, m.timing(OpClass::GlobalLoad).latency);
  EXPECT_EQ(g.edges()[1].latency, 0u);
}

//===----------------------------------------------------------------------===//
// Serial generator and selector
//===----------------------------------------------------------------------===//

TEST(SchedSerial, WalksReadyOpsInProgramOrderAtStageZero) {
  MachineModel m = MachineModel::forTarget(Target::SM80);
  DependenceGraph g;
  for (int i = 0; i < 5; ++i)
    add(g, OpClass::Alu);
  g.addEdge(3, 0, EdgeKind::Data);    // 0 waits for 3
  g.addEdge(4, 1, EdgeKind::Data, 1); // loop-carried: ignored by the walk
  g.finalize(m);
  ScheduleAnalysis s = generateSerialSchedule(g, Constraints());
  ASSERT_TRUE(s.success);
  EXPECT_EQ(s.ordered, (std::vector<unsigned>{1, 2, 3, 0, 4}));
  for (const auto &n : s.nodes)
    EXPECT_EQ(n.stage, 0u);
  EXPECT_EQ(joined(checkSchedule(s, g, m, Constraints())), "");
}

TEST(SchedSerial, FailsOnADependenceCycle) {
  MachineModel m = MachineModel::forTarget(Target::SM80);
  DependenceGraph g;
  add(g, OpClass::Alu);
  add(g, OpClass::Alu);
  add(g, OpClass::Alu);
  g.addEdge(1, 2, EdgeKind::Data);
  g.addEdge(2, 1, EdgeKind::Data);
  g.finalize(m);
  EXPECT_FALSE(generateSerialSchedule(g, Constraints()).success);
}

// Seed 004's quirk, pinned: the serial generator reads only
// force_serial_execution and drops every other constraint silently, so a
// max_depth or group that the cost-based generator honours has no effect.
TEST(SchedSerial, QuirkDropsEveryConstraintButForceSerial) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g = kLoop(m);
  Constraints none;
  Constraints some;
  some.nodes.resize(g.size());
  some.nodes[0].maxDepth = 0;
  some.nodes[3].gid = 1;
  some.nodes[5].leaderGid = 1;
  some.sameDepth.push_back({1, 4});
  ScheduleAnalysis plain = generateSerialSchedule(g, none);
  ScheduleAnalysis constrained = generateSerialSchedule(g, some);
  EXPECT_EQ(plain.str(g), constrained.str(g));
  // The program-order walk puts node 5 (the iterator) last although its
  // group leader is node 3; nothing is reported.
  EXPECT_EQ(constrained.ordered.back(), 5u);
  EXPECT_EQ(joined(checkSchedule(constrained, g, m, some)), "");
}

TEST(SchedSelector, FollowsSeed004sOrderedPredicate) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  ScheduleOptions options;
  DependenceGraph small = kLoop(m); // 6 ops < 8
  EXPECT_EQ(selectGenerator(small, Constraints(), options), Generator::Serial);
  options.serialThreshold = 4;
  EXPECT_EQ(selectGenerator(small, Constraints(), options),
            Generator::CostBased);
  Constraints serial;
  serial.forceSerialExecution = true;
  EXPECT_EQ(selectGenerator(small, serial, options), Generator::Serial);
  DependenceGraph plain; // no async pipeline, TMA or WGMMA op
  for (int i = 0; i < 10; ++i)
    add(plain, OpClass::GlobalLoad);
  plain.finalize(m);
  EXPECT_EQ(selectGenerator(plain, Constraints(), options), Generator::Serial);
  DependenceGraph piped = plain;
  add(piped, OpClass::SmemRead, /*pipeline=*/true);
  piped.finalize(m);
  EXPECT_EQ(selectGenerator(piped, Constraints(), options),
            Generator::CostBased);
  EXPECT_EQ(parseGenerator("serial"), Generator::Serial);
  EXPECT_EQ(parseGenerator("cost"), Generator::CostBased);
  EXPECT_EQ(parseGenerator("no-such-scheduler"), Generator::CostBased);
}

//===----------------------------------------------------------------------===//
// Cost-based generator
//===----------------------------------------------------------------------===//

TEST(SchedCostBased, SchedulesTheKLoopAtMII) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g = kLoop(m);
  ScheduleAnalysis s = unconstrainedSchedule(g, m);
  ASSERT_TRUE(s.success);
  // ResMII: two TMA loads of 4 cycles on one engine -> 8; wgmma 16 on its
  // slot -> 16. RecMII: the accumulator alone is 128 over 1, but the
  // buffer-reuse cycle load -> wait -> wgmma -> release -> load (two
  // buffers: distance 2) is 550 + 16 + 128 + 0 over 2 -> 347.
  EXPECT_EQ(s.resMII, 16u);
  EXPECT_EQ(s.recMII, 347u);
  EXPECT_EQ(s.ii, s.mii);
  EXPECT_EQ(joined(checkSchedule(s, g, m, Constraints())), "");
  // The loads run iterations ahead of the mma: more than one stage.
  EXPECT_GT(s.numStages(), 1u);
}

// Where MII is out of reach, the schedule still meets the true bound. In a
// K-loop with k TMA loads and s buffers, the loads share one TMA engine
// (4 cycles each), so the last starts 4(k-1) cycles after the first; the
// buffer-reuse cycle load -> wait (550) -> mma (16) -> release (128) -> load
// (distance s) then needs s * II >= 694 + 4(k-1). MII (694 / s) ignores the
// engine; the generator lands exactly on the tighter bound.
TEST(SchedCostBased, KLoopsMeetTheResourceAdjustedRecurrence) {
  for (auto [t, loads, stages] : schedtest::tmaKLoopGrid()) {
    MachineModel m = MachineModel::forTarget(t);
    DependenceGraph g = schedtest::tmaKLoop(t, loads, stages);
    ScheduleAnalysis s = unconstrainedSchedule(g, m);
    ASSERT_TRUE(s.success);
    EXPECT_EQ(s.mii, (694 + stages - 1) / stages);
    EXPECT_EQ(s.ii, schedtest::tmaKLoopBound(loads, stages))
        << targetName(t).str() << " loads " << loads << " stages " << stages;
    EXPECT_EQ(joined(checkSchedule(s, g, m, Constraints())), "");
  }
}

TEST(SchedCostBased, EveryRungAloneGivesValidSchedules) {
  for (int rung = 0; rung <= 3; ++rung) {
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      MachineModel m = MachineModel::forTarget(allTargets()[seed % 4]);
      RandomGraphOptions go;
      go.numNodes = 5 + seed % 25;
      DependenceGraph g = randomGraph(seed, m, go);
      ScheduleOptions options;
      options.onlyRung = rung;
      ScheduleAnalysis s =
          generateCostBasedSchedule(g, m, Constraints(), options);
      SCOPED_TRACE("rung " + std::to_string(rung) + " seed " +
                   std::to_string(seed));
      ASSERT_TRUE(s.success) << g.str();
      EXPECT_EQ(s.rung, static_cast<Rung>(rung));
      EXPECT_EQ(joined(checkSchedule(s, g, m, Constraints())), "")
          << g.str() << s.str(g);
    }
  }
}

TEST(SchedCostBased, HonoursMaxDepthAndGroups) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g = kLoop(m);
  ScheduleAnalysis free = unconstrainedSchedule(g, m);
  ASSERT_TRUE(free.success);
  ASSERT_GT(free.nodes[3].stage, 0u) << free.str(g);
  // Keep the wgmma in stage 0 and tie the release barrier to load 0.
  Constraints c;
  c.nodes.resize(g.size());
  c.nodes[3].maxDepth = 0;
  c.nodes[0].gid = 7;
  c.nodes[4].leaderGid = 7;
  ScheduleAnalysis s = generateCostBasedSchedule(g, m, c, ScheduleOptions());
  ASSERT_TRUE(s.success);
  EXPECT_EQ(s.nodes[3].stage, 0u) << s.str(g);
  EXPECT_EQ(s.nodes[0].stage, s.nodes[4].stage) << s.str(g);
  EXPECT_EQ(joined(checkSchedule(s, g, m, c)), "");
}

TEST(SchedCostBased, CompressedTablesStayValidInCycles) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g = kLoop(m);
  ScheduleOptions options;
  options.rrtSizeThreshold = 32; // MII 347 -> units of 11 cycles
  ScheduleAnalysis s = generateCostBasedSchedule(g, m, Constraints(), options);
  ASSERT_TRUE(s.success);
  EXPECT_EQ(s.compression, 11u);
  EXPECT_EQ(s.ii % 11, 0u);
  EXPECT_GE(s.ii, s.mii);
  EXPECT_EQ(s.mii, 347u); // reported in cycles
  for (const auto &n : s.nodes)
    EXPECT_EQ(*n.cycle % 11, 0u);
  EXPECT_EQ(joined(checkSchedule(s, g, m, Constraints())), "") << s.str(g);
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    RandomGraphOptions go;
    go.numNodes = 10 + seed;
    go.shape = RandomGraphOptions::Shape::Kernel;
    DependenceGraph r = randomGraph(seed, m, go);
    ScheduleAnalysis rs =
        generateCostBasedSchedule(r, m, Constraints(), options);
    ASSERT_TRUE(rs.success);
    EXPECT_EQ(joined(checkSchedule(rs, r, m, Constraints())), "")
        << r.str() << rs.str(r);
  }
}

TEST(SchedCostBased, MaxIIAndConstraintIterations) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g = kLoop(m);
  ScheduleOptions options;
  options.maxII = 346; // below MII: nothing to try
  EXPECT_FALSE(generateCostBasedSchedule(g, m, Constraints(), options).success);
  options.maxII = 0;
  for (unsigned iterations : {1u, 2u, 4u}) {
    options.constraintIterations = iterations;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      RandomGraphOptions go;
      go.numNodes = 8 + seed;
      go.constraints = true;
      Constraints c;
      DependenceGraph r = randomGraph(seed, m, go, &c);
      ScheduleAnalysis s = generateCostBasedSchedule(r, m, c, options);
      if (s.success)
        EXPECT_EQ(joined(checkSchedule(s, r, m, c)), "") << s.str(r);
    }
  }
}

TEST(SchedCostBased, RefusesWhatTheTargetCannotRun) {
  MachineModel m = MachineModel::forTarget(Target::SM80);
  DependenceGraph g;
  add(g, OpClass::TmaLoad);
  g.finalize(m);
  EXPECT_FALSE(unconstrainedSchedule(g, m).success);
}

//===----------------------------------------------------------------------===//
// The checker
//===----------------------------------------------------------------------===//

TEST(SchedChecker, CatchesLatencyResourceAndPlacementViolations) {
  MachineModel m = MachineModel::forTarget(Target::SM90);
  DependenceGraph g = kLoop(m);
  ScheduleAnalysis good = unconstrainedSchedule(g, m);
  ASSERT_TRUE(good.success);
  ASSERT_EQ(joined(checkSchedule(good, g, m, Constraints())), "");

  // The wgmma one cycle too early for the barrier it waits on.
  ScheduleAnalysis early = good;
  *early.nodes[3].cycle = *early.nodes[2].cycle;
  early.nodes[3].stage = *early.nodes[3].cycle / early.ii;
  EXPECT_FALSE(checkSchedule(early, g, m, Constraints()).empty());
  EXPECT_NE(joined(checkSchedule(early, g, m, Constraints())).find("violated"),
            std::string::npos);

  // Both TMA loads on the engine in the same row.
  ScheduleAnalysis clash = good;
  *clash.nodes[1].cycle = *clash.nodes[0].cycle;
  clash.nodes[1].stage = clash.nodes[0].stage;
  EXPECT_NE(joined(checkSchedule(clash, g, m, Constraints())).find("slot"),
            std::string::npos);

  // A node placed twice.
  ScheduleAnalysis twice = good;
  twice.ordered[1] = twice.ordered[0];
  EXPECT_NE(
      joined(checkSchedule(twice, g, m, Constraints())).find("placed 2 times"),
      std::string::npos);

  // A stage that is not cycle / II.
  ScheduleAnalysis stage = good;
  stage.nodes[5].stage += 1;
  EXPECT_FALSE(checkSchedule(stage, g, m, Constraints()).empty());

  // A serial order against a dependence.
  ScheduleAnalysis serial = generateSerialSchedule(g, Constraints());
  std::swap(serial.nodes[2].order, serial.nodes[3].order);
  std::swap(serial.ordered[2], serial.ordered[3]);
  EXPECT_NE(joined(checkSchedule(serial, g, m, Constraints()))
                .find("before its dependence"),
            std::string::npos);
}

TEST(SchedChecker, AFusedPairIssuesOnce) {
  MachineModel m = MachineModel::forTarget(Target::SM100);
  DependenceGraph g;
  add(g, OpClass::SmemRead);
  add(g, OpClass::SmemRead);
  g.finalize(m);
  ScheduleAnalysis s;
  s.generator = Generator::CostBased;
  s.success = true;
  s.ii = 2;
  s.nodes.resize(2);
  for (unsigned i = 0; i < 2; ++i) {
    s.nodes[i].cycle = 0;
    s.nodes[i].order = i;
    s.ordered.push_back(i);
  }
  // Unfused, both reads issue on lds in rows 0 and 1.
  EXPECT_NE(joined(checkSchedule(s, g, m, Constraints())).find("lds"),
            std::string::npos);
  s.nodes[0].fusedWith = 1;
  s.nodes[1].fusedWith = 0;
  EXPECT_EQ(joined(checkSchedule(s, g, m, Constraints())), "");
  // A partner that does not point back is an error.
  s.nodes[1].fusedWith.reset();
  EXPECT_NE(joined(checkSchedule(s, g, m, Constraints())).find("fused"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

struct Body {
  uint64_t seed;
  unsigned target;
  unsigned size;
  bool constraints;
};

/// The generator options for `body`: its size, and constraints if it asks.
RandomGraphOptions graphOptions(const Body &body) {
  RandomGraphOptions go;
  go.numNodes = body.size;
  go.constraints = body.constraints;
  return go;
}

rc::Gen<Body> genBody() {
  return rc::gen::build<Body>(
      rc::gen::set(&Body::seed, rc::gen::arbitrary<uint64_t>()),
      rc::gen::set(&Body::target, rc::gen::inRange(0u, 4u)),
      rc::gen::set(&Body::size, rc::gen::inRange(1u, 40u)),
      rc::gen::set(&Body::constraints, rc::gen::arbitrary<bool>()));
}

RC_GTEST_PROP(SchedProperties, EverySchedulesRespectsItsGraphAndModel, ()) {
  Body body = *genBody();
  MachineModel m = MachineModel::forTarget(allTargets()[body.target]);
  Constraints c;
  DependenceGraph g = randomGraph(body.seed, m, graphOptions(body), &c);
  ScheduleAnalysis serial = generateSerialSchedule(g, c);
  RC_ASSERT(serial.success);
  RC_ASSERT(checkSchedule(serial, g, m, c).empty());
  ScheduleAnalysis cost = generateCostBasedSchedule(g, m, c, ScheduleOptions());
  if (!cost.success) {
    // Only constraints may make a body unschedulable.
    RC_ASSERT(body.constraints);
    return;
  }
  std::vector<std::string> problems = checkSchedule(cost, g, m, c);
  RC_LOG() << g.str() << cost.str(g) << joined(problems);
  RC_ASSERT(problems.empty());
  RC_ASSERT(cost.ii >= cost.mii);
}

RC_GTEST_PROP(SchedProperties, BothGeneratorsAreDeterministic, ()) {
  Body body = *genBody();
  MachineModel m = MachineModel::forTarget(allTargets()[body.target]);
  Constraints c;
  DependenceGraph g = randomGraph(body.seed, m, graphOptions(body), &c);
  DependenceGraph again = randomGraph(body.seed, m, graphOptions(body), &c);
  RC_ASSERT(g.str() == again.str());
  RC_ASSERT(generateSerialSchedule(g, c).str(g) ==
            generateSerialSchedule(again, c).str(again));
  RC_ASSERT(
      generateCostBasedSchedule(g, m, c, ScheduleOptions()).str(g) ==
      generateCostBasedSchedule(again, m, c, ScheduleOptions()).str(again));
}

} // namespace
