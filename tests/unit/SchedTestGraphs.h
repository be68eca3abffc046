//===- SchedTestGraphs.h - Loop bodies the scheduling tests share -*- C++
//-*-===//
//
// Hand-built dependence graphs for SchedulingTest.cpp and
// ExactSearchTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TESTS_UNIT_SCHEDTESTGRAPHS_H
#define TILECHECK_TESTS_UNIT_SCHEDTESTGRAPHS_H

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/MachineModel.h"

#include <string>
#include <vector>

namespace tilecheck::sched::schedtest {

/// Adds a node of class `c` named after its class and index.
inline unsigned add(DependenceGraph &g, OpClass c, bool pipeline = false) {
  Node n;
  n.name = std::string(opClassName(c)) + "." + std::to_string(g.size());
  n.opClass = c;
  n.asyncPipeline = pipeline;
  return g.addNode(n);
}

/// A K-loop with `loads` loads of class `load` (each behind an acquire)
/// and `stages` buffers: load -> wait -> the target's mma (wgmma on sm_90,
/// tcgen05 on sm_100, else mma.sync after an ldmatrix from shared memory)
/// -> release -> load, `stages` iterations later. Nodes: the iterator,
/// then an acquire and its load per load, the wait, [the ldmatrix,] the
/// mma, the release.
inline DependenceGraph kLoop(Target t, OpClass load, unsigned loads,
                             unsigned stages) {
  MachineModel m = MachineModel::forTarget(t);
  DependenceGraph g;
  unsigned iv = add(g, OpClass::Alu);
  g.addEdge(iv, iv, EdgeKind::Data, 1);
  std::vector<unsigned> ls;
  for (unsigned k = 0; k < loads; ++k) {
    unsigned acquire = add(g, OpClass::Barrier, true);
    unsigned l = add(g, load);
    g.addEdge(iv, l, EdgeKind::Data);
    g.addEdge(acquire, l, EdgeKind::Token);
    ls.push_back(l);
  }
  unsigned wait = add(g, OpClass::Barrier, true);
  for (unsigned l : ls)
    g.addEdge(l, wait, EdgeKind::Token);
  unsigned operand = wait;
  OpClass mmaClass = t == Target::SM90    ? OpClass::Wgmma
                     : t == Target::SM100 ? OpClass::Tcgen05Mma
                                          : OpClass::MmaSync;
  if (mmaClass == OpClass::MmaSync) {
    operand = add(g, OpClass::SmemRead);
    g.addEdge(wait, operand, EdgeKind::Token);
  }
  unsigned mma = add(g, mmaClass);
  g.addEdge(operand, mma, EdgeKind::Token);
  g.addEdge(mma, mma, EdgeKind::Data, 1);
  unsigned release = add(g, OpClass::Barrier, true);
  g.addEdge(mma, release, EdgeKind::Token);
  for (unsigned l : ls)
    g.addEdge(release, l, EdgeKind::Memory, stages);
  g.finalize(m);
  return g;
}

/// The TMA K-loop on sm_90 or sm_100: the loads share one TMA engine (4
/// cycles each), so the last starts 4(loads - 1) cycles after the first
/// and the smallest feasible II is ceil((694 + 4(loads - 1)) / stages)
/// (load 550, wait 16, mma 128, release 0); MII ignores the engine.
inline DependenceGraph tmaKLoop(Target t, unsigned loads, unsigned stages) {
  return kLoop(t, OpClass::TmaLoad, loads, stages);
}

/// ceil((694 + 4(loads - 1)) / stages): the smallest feasible II of
/// tmaKLoop(t, loads, stages) on either target.
inline unsigned tmaKLoopBound(unsigned loads, unsigned stages) {
  return (694 + 4 * (loads - 1) + stages - 1) / stages;
}

/// One TMA K-loop of the scheduling tests' grid.
struct TmaKLoopShape {
  Target target;
  unsigned loads;
  unsigned stages;
};

/// The TMA K-loops the scheduling tests check: sm_90 and sm_100, 1 to 3
/// loads, 2 to 4 stages.
inline std::vector<TmaKLoopShape> tmaKLoopGrid() {
  std::vector<TmaKLoopShape> grid;
  for (Target t : {Target::SM90, Target::SM100})
    for (unsigned loads = 1; loads <= 3; ++loads)
      for (unsigned stages = 2; stages <= 4; ++stages)
        grid.push_back({t, loads, stages});
  return grid;
}

} // namespace tilecheck::sched::schedtest

#endif // TILECHECK_TESTS_UNIT_SCHEDTESTGRAPHS_H
