//===- RandomGraph.cpp - Random loop bodies for schedulers ----------------===//

#include "tilecheck/Scheduling/RandomGraph.h"
#include "tilecheck/Support/SplitMix64.h"

#include <string>

using namespace tilecheck::sched;

using Rng = tilecheck::SplitMix64;

/// A K-loop (or attention-like loop) body for `model`'s target.
static void kernelBody(Rng &rng, const MachineModel &model,
                       const RandomGraphOptions &options, DependenceGraph &g) {
  auto add = [&](OpClass c, bool pipeline = false) {
    Node node;
    node.opClass = c;
    node.asyncPipeline = pipeline;
    node.name = std::string(opClassName(c)) + "." + std::to_string(g.size());
    return g.addNode(node);
  };
  auto has = [&](OpClass c) { return model.timing(c).supported; };
  OpClass mmaClass = has(OpClass::Tcgen05Mma) ? OpClass::Tcgen05Mma
                     : has(OpClass::Wgmma)    ? OpClass::Wgmma
                                              : OpClass::MmaSync;
  OpClass loadClass = has(OpClass::TmaLoad) && rng.below(4)
                          ? OpClass::TmaLoad
                          : OpClass::AsyncCopy;
  unsigned stages = 2 + rng.below(3);
  bool attention = rng.below(3) == 0;
  unsigned iv = add(OpClass::Alu);
  g.addEdge(iv, iv, EdgeKind::Data, 1);
  unsigned numLoads = 2 + rng.below(2) + (attention ? 1 : 0);
  std::vector<unsigned> loads;
  for (unsigned k = 0; k < numLoads; ++k) {
    unsigned acquire = add(OpClass::Barrier, true);
    unsigned load = add(loadClass);
    g.addEdge(iv, load, EdgeKind::Data);
    g.addEdge(acquire, load, EdgeKind::Token);
    loads.push_back(load);
  }
  unsigned wait = add(OpClass::Barrier, true);
  for (unsigned load : loads)
    g.addEdge(load, wait, EdgeKind::Token);
  auto mmaAfter = [&](unsigned dep) {
    unsigned operand = dep;
    if (mmaClass == OpClass::MmaSync) { // ldmatrix from shared memory
      operand = add(OpClass::SmemRead);
      g.addEdge(dep, operand, EdgeKind::Token);
    }
    unsigned mma = add(mmaClass);
    g.addEdge(operand, mma, EdgeKind::Token);
    g.addEdge(mma, mma, EdgeKind::Data, 1); // the accumulator
    return mma;
  };
  unsigned mma = mmaAfter(wait);
  unsigned last = mma;
  if (attention) {
    // Row max, exp, row sum, rescale, then the second mma.
    unsigned rowMax = add(OpClass::Reduce);
    g.addEdge(mma, rowMax, EdgeKind::Data);
    g.addEdge(rowMax, rowMax, EdgeKind::Data, 1);
    unsigned sub = add(OpClass::Alu);
    g.addEdge(rowMax, sub, EdgeKind::Data);
    unsigned ex = add(OpClass::Sfu);
    g.addEdge(sub, ex, EdgeKind::Data);
    unsigned rowSum = add(OpClass::Reduce);
    g.addEdge(ex, rowSum, EdgeKind::Data);
    g.addEdge(rowSum, rowSum, EdgeKind::Data, 1);
    unsigned p = ex;
    if (mmaClass != OpClass::MmaSync) { // P goes through shared memory
      p = add(has(OpClass::TmemStore) ? OpClass::TmemStore
                                      : OpClass::SmemWrite);
      g.addEdge(ex, p, EdgeKind::Data);
    }
    last = mmaAfter(p);
  }
  unsigned release = add(OpClass::Barrier, true);
  g.addEdge(last, release, EdgeKind::Token);
  for (unsigned load : loads) // the buffer comes back `stages` later
    g.addEdge(release, load, EdgeKind::Memory, stages);
  // Elementwise work up to the requested size (address arithmetic,
  // scaling, masks), hanging off the iterator or earlier work.
  while (g.size() < options.numNodes) {
    OpClass c = rng.below(4) ? OpClass::Alu : OpClass::Sfu;
    unsigned from = rng.below(g.size());
    unsigned op = add(c);
    g.addEdge(from, op, EdgeKind::Data);
  }
}

DependenceGraph tilecheck::sched::randomGraph(uint64_t seed,
                                              const MachineModel &model,
                                              const RandomGraphOptions &options,
                                              Constraints *constraints) {
  Rng rng{seed * 0x2545f4914f6cdd1dull + 1};
  if (options.shape == RandomGraphOptions::Shape::Kernel) {
    DependenceGraph g;
    kernelBody(rng, model, options, g);
    g.finalize(model);
    if (constraints)
      *constraints = Constraints();
    return g;
  }
  std::vector<OpClass> light = {
      OpClass::Alu,         OpClass::Alu,      OpClass::Alu,
      OpClass::Sfu,         OpClass::Shuffle,  OpClass::GlobalLoad,
      OpClass::GlobalStore, OpClass::SmemRead, OpClass::SmemWrite,
      OpClass::AsyncCopy,   OpClass::MmaSync,  OpClass::Barrier,
      OpClass::Reduce,      OpClass::Free};
  std::vector<OpClass> heavy;
  for (OpClass c : {OpClass::TmaLoad, OpClass::TmaStore, OpClass::Wgmma,
                    OpClass::Tcgen05Mma, OpClass::TmemLoad, OpClass::TmemStore})
    if (model.timing(c).supported)
      heavy.push_back(c);
  auto supported = [&](OpClass c) { return model.timing(c).supported; };
  DependenceGraph g;
  for (unsigned i = 0; i < options.numNodes; ++i) {
    Node node;
    bool pipeline = rng.unit() < options.heavyProbability;
    if (pipeline && !heavy.empty() && rng.below(3) != 0) {
      node.opClass = heavy[rng.below(heavy.size())];
      pipeline = false;
    } else {
      do
        node.opClass = light[rng.below(light.size())];
      while (!supported(node.opClass));
    }
    node.asyncPipeline = pipeline && (node.opClass == OpClass::SmemRead ||
                                      node.opClass == OpClass::SmemWrite ||
                                      node.opClass == OpClass::Barrier);
    node.name =
        std::string(opClassName(node.opClass)) + "." + std::to_string(i);
    g.addNode(node);
  }
  const unsigned n = options.numNodes;
  for (unsigned i = 1; i < n; ++i) {
    // A geometric number of in-edges from earlier nodes, mostly near ones.
    double p = options.edgesPerNode / (1.0 + options.edgesPerNode);
    while (rng.unit() < p) {
      unsigned span = std::min<uint64_t>(i, 8u + rng.below(i));
      unsigned from = i - 1 - rng.below(span);
      EdgeKind kind = rng.below(5) == 0 ? EdgeKind::Memory : EdgeKind::Data;
      bool repeated = false;
      for (unsigned ei : g.inEdges(i))
        repeated |= g.edges()[ei].from == from && g.edges()[ei].kind == kind;
      if (!repeated)
        g.addEdge(from, i, kind);
    }
  }
  for (unsigned i = 0; i < n; ++i)
    if (rng.unit() < options.carriedProbability) {
      unsigned to = rng.below(i + 1); // may be i itself (an accumulator)
      g.addEdge(i, to, EdgeKind::Data, 1 + rng.below(2));
    }
  g.finalize(model);
  if (constraints) {
    *constraints = Constraints();
    if (options.constraints) {
      constraints->nodes.resize(n);
      for (unsigned i = 0; i < n; ++i) {
        unsigned roll = rng.below(12);
        if (roll == 0)
          constraints->nodes[i].maxDepth = rng.below(4);
        else if (roll == 1)
          constraints->nodes[i].gid = rng.below(3);
        else if (roll == 2)
          constraints->nodes[i].leaderGid = rng.below(3);
      }
      if (n >= 2 && rng.below(3) == 0)
        constraints->sameDepth.push_back({rng.below(n), rng.below(n)});
    }
  }
  return g;
}
