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

/// A K-loop on sm_90 or sm_100 with `loads` TMA loads (each behind an
/// acquire) and `stages` buffers: load -> wait (550) -> wgmma or tcgen05
/// (16) -> release (128) -> load, `stages` iterations later. The loads
/// share one TMA engine (4 cycles each), so the last starts 4(loads - 1)
/// cycles after the first and the smallest feasible II is
/// ceil((694 + 4(loads - 1)) / stages); MII ignores the engine.
inline DependenceGraph tmaKLoop(Target t, unsigned loads, unsigned stages) {
  MachineModel m = MachineModel::forTarget(t);
  DependenceGraph g;
  unsigned iv = add(g, OpClass::Alu);
  g.addEdge(iv, iv, EdgeKind::Data, 1);
  std::vector<unsigned> ls;
  for (unsigned k = 0; k < loads; ++k) {
    unsigned acquire = add(g, OpClass::Barrier, true);
    unsigned load = add(g, OpClass::TmaLoad);
    g.addEdge(iv, load, EdgeKind::Data);
    g.addEdge(acquire, load, EdgeKind::Token);
    ls.push_back(load);
  }
  unsigned wait = add(g, OpClass::Barrier, true);
  for (unsigned load : ls)
    g.addEdge(load, wait, EdgeKind::Token);
  unsigned mma =
      add(g, t == Target::SM90 ? OpClass::Wgmma : OpClass::Tcgen05Mma);
  g.addEdge(wait, mma, EdgeKind::Token);
  g.addEdge(mma, mma, EdgeKind::Data, 1);
  unsigned release = add(g, OpClass::Barrier, true);
  g.addEdge(mma, release, EdgeKind::Token);
  for (unsigned load : ls)
    g.addEdge(release, load, EdgeKind::Memory, stages);
  g.finalize(m);
  return g;
}

} // namespace tilecheck::sched::schedtest

#endif // TILECHECK_TESTS_UNIT_SCHEDTESTGRAPHS_H
