//===- RandomGraph.h - Random loop bodies for schedulers --------*- C++ -*-===//
//
// Dependence graphs of random loop bodies, for the schedulers' property
// tests, their fuzzer and sched-bench: a seeded mix of the op classes the
// target supports (loads feeding mma, shared-memory traffic, elementwise
// chains, barriers), forward edges within the iteration and a few
// loop-carried edges (accumulators, iterators). The same seed gives the
// same graph.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SCHEDULING_RANDOMGRAPH_H
#define TILECHECK_SCHEDULING_RANDOMGRAPH_H

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/Schedule.h"

#include <cstdint>

namespace tilecheck::sched {

struct RandomGraphOptions {
  /// Unstructured: any op class, edges anywhere forward, loop-carried edges
  /// from any op to any earlier one (recurrences through loads included).
  /// Kernel: the bodies tile kernels have: K-loops of loads into shared
  /// memory behind a barrier feeding the target's mma with a carried
  /// accumulator and buffer reuse `stages` iterations later, optionally an
  /// attention-like softmax between two mmas, plus elementwise work.
  enum class Shape { Unstructured, Kernel };
  Shape shape = Shape::Unstructured;
  /// Unstructured: the node count. Kernel: a target; the body has about
  /// this many ops.
  unsigned numNodes = 20;
  /// Expected in-edges per node from earlier nodes.
  double edgesPerNode = 1.5;
  /// Probability that a node starts a loop-carried edge back to an earlier
  /// node (distance 1 or 2).
  double carriedProbability = 0.15;
  /// Probability of a resource-bearing op (TMA, wgmma/tcgen05, pipeline)
  /// where the target has one.
  double heavyProbability = 0.3;
  /// Also draw constraints (max_depth, gid/leader_gid, same-depth).
  bool constraints = false;
};

/// A finalized random graph for `model`'s target.
DependenceGraph randomGraph(uint64_t seed, const MachineModel &model,
                            const RandomGraphOptions &options,
                            Constraints *constraints = nullptr);

} // namespace tilecheck::sched

#endif // TILECHECK_SCHEDULING_RANDOMGRAPH_H
