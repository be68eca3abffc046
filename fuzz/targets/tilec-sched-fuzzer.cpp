//===- tilec-sched-fuzzer.cpp - Both schedule generators on any graph -----===//
//
// Decodes a dependence graph, a target and constraints from the input, runs
// the serial and the cost-based generator, and traps when a schedule breaks
// its contract (checkSchedule), when the cost-based generator fails on a
// body without constraints, or when a second run differs (determinism).
// On bodies of up to 24 ops: the schedule must not change when the
// generator stops skipping the IIs the exact search refutes (refuteBudget
// 0); without constraints the exact search (ExactSearch.h) runs too: it
// must not call the ladder's II infeasible, its schedules (at that II and
// at MII) must pass the checker, and the ladder with the exact-search rung
// must give a valid schedule at an II no larger than the ladder's.
//
// Input layout (missing bytes read as zero):
//   byte 0   bits 0-1 target (sm_80, sm_90, sm_100, sm_120); bit 2 read
//            constraints; bits 3-5 rung (1-4: only rung 0-3, else the
//            ladder)
//   byte 1   node count: 1 + b % 48
//   byte 2   edge count: b % 96
//   then     one byte per node: bits 0-4 op class (modulo; a class the
//            target lacks becomes alu), bit 7 part of an async pipeline
//   then     three bytes per edge: from, to (modulo the node count), and
//            bits 0-1 kind, bits 2-3 distance, bits 4-7 latency (0: the
//            model's, else 8 * value). A distance-0 edge runs forward in
//            program order (a backward one is turned around, a self edge
//            gets distance 1), so every graph has a schedule.
//   then     (bit 2) one byte per node: low 2 bits 1 max_depth, 2 gid,
//            3 leader_gid, with the value (b >> 2) % 4
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/ExactSearch.h"
#include "tilecheck/Scheduling/Schedule.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace tilecheck::sched;

extern "C" const char *__asan_default_options() {
  return "detect_leaks=0:allow_user_poisoning=0";
}

namespace {
struct Reader {
  const uint8_t *data;
  size_t size;
  size_t pos = 0;
  uint8_t next() { return pos < size ? data[pos++] : (pos++, 0); }
};

[[noreturn]] void fail(const char *what, const DependenceGraph &g,
                       const ScheduleAnalysis &s,
                       const std::vector<std::string> &problems) {
  std::fprintf(stderr, "tilec-sched-fuzzer: %s\n%s%s", what, g.str().c_str(),
               s.str(g).c_str());
  for (const std::string &p : problems)
    std::fprintf(stderr, "  %s\n", p.c_str());
  std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Reader in{data, size};
  uint8_t config = in.next();
  MachineModel model = MachineModel::forTarget(allTargets()[config & 3]);
  bool withConstraints = config & 4;
  unsigned rung = (config >> 3) & 7;
  unsigned numNodes = 1 + in.next() % 48;
  unsigned numEdges = in.next() % 96;

  DependenceGraph g;
  for (unsigned i = 0; i < numNodes; ++i) {
    uint8_t b = in.next();
    Node node;
    node.opClass = static_cast<OpClass>((b & 31) % kNumOpClasses);
    if (!model.timing(node.opClass).supported)
      node.opClass = OpClass::Alu;
    node.asyncPipeline = b & 128;
    node.name =
        std::string(opClassName(node.opClass)) + "." + std::to_string(i);
    g.addNode(node);
  }
  for (unsigned k = 0; k < numEdges; ++k) {
    unsigned from = in.next() % numNodes, to = in.next() % numNodes;
    uint8_t b = in.next();
    EdgeKind kind = static_cast<EdgeKind>((b & 3) % 3);
    unsigned distance = (b >> 2) & 3;
    std::optional<unsigned> latency;
    if (b >> 4)
      latency = 8u * (b >> 4);
    if (distance == 0 && from == to)
      distance = 1;
    if (distance == 0 && from > to)
      std::swap(from, to);
    g.addEdge(from, to, kind, distance, latency);
  }
  g.finalize(model);

  Constraints constraints;
  if (withConstraints) {
    constraints.nodes.resize(numNodes);
    for (unsigned i = 0; i < numNodes; ++i) {
      uint8_t b = in.next();
      unsigned value = (b >> 2) % 4;
      switch (b & 3) {
      case 1:
        constraints.nodes[i].maxDepth = value;
        break;
      case 2:
        constraints.nodes[i].gid = value;
        break;
      case 3:
        constraints.nodes[i].leaderGid = value;
        break;
      default:
        break;
      }
    }
  }

  ScheduleOptions options;
  if (rung >= 1 && rung <= 4)
    options.onlyRung = static_cast<int>(rung) - 1;

  ScheduleAnalysis serial = generateSerialSchedule(g, constraints);
  if (!serial.success)
    fail("the serial generator failed on an acyclic body", g, serial, {});
  if (auto problems = checkSchedule(serial, g, model, constraints);
      !problems.empty())
    fail("invalid serial schedule", g, serial, problems);

  ScheduleAnalysis cost =
      generateCostBasedSchedule(g, model, constraints, options);
  if (!cost.success) {
    // Constraints may be unsatisfiable; a single rung may give up.
    if (!withConstraints && options.onlyRung < 0)
      fail("the cost-based generator failed without constraints", g, cost, {});
    return 0;
  }
  if (auto problems = checkSchedule(cost, g, model, constraints);
      !problems.empty())
    fail("invalid cost-based schedule", g, cost, problems);
  if (cost.ii < cost.mii)
    fail("II below MII", g, cost, {});
  ScheduleAnalysis again =
      generateCostBasedSchedule(g, model, constraints, options);
  if (again.str(g) != cost.str(g))
    fail("the cost-based generator is not deterministic", g, again, {});
  // The checks below schedule the body again: bodies of up to 24 ops keep
  // the target's throughput.
  if (numNodes > 24)
    return 0;
  // Skipping the IIs the exact search refutes changes no schedule.
  ScheduleOptions unrefuted = options;
  unrefuted.refuteBudget = 0;
  ScheduleAnalysis plain =
      generateCostBasedSchedule(g, model, constraints, unrefuted);
  if (plain.str(g) != cost.str(g))
    fail("skipping refuted IIs changed the schedule", g, plain, {});

  if (withConstraints || options.onlyRung >= 0)
    return 0;
  const uint64_t budget = 5000;
  ExactSearchResult atII = searchModuloSchedule(g, model, cost.ii, budget);
  if (atII.verdict == Verdict::Infeasible)
    fail("the exact search refutes the ladder's II", g, cost, {});
  for (const ExactSearchResult &r :
       {atII, searchModuloSchedule(g, model, cost.mii, budget)})
    if (r.verdict == Verdict::Feasible)
      if (auto problems = checkSchedule(r.schedule, g, model, constraints);
          !problems.empty())
        fail("invalid exact-search schedule", g, r.schedule, problems);
  ScheduleOptions withRung = options;
  withRung.exactSearchBudget = budget;
  ScheduleAnalysis searched =
      generateCostBasedSchedule(g, model, constraints, withRung);
  if (!searched.success || searched.ii > cost.ii)
    fail("the exact-search rung lost the ladder's schedule", g, searched, {});
  if (auto problems = checkSchedule(searched, g, model, constraints);
      !problems.empty())
    fail("invalid schedule with the exact-search rung", g, searched, problems);
  return 0;
}
