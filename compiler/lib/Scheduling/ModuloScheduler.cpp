//===- ModuloScheduler.cpp - The cost-based generator ---------------------===//
//
// Seed 004's cost-based generator. For II = MII, MII+1, ... the strategy
// ladder runs until a rung finds a schedule:
//   1. Rau refinement: iterative modulo scheduling (Rau 1994) with eviction
//      and a budget of budgetRatio placements per op, height priority;
//   2. deepest retry: the same with the deeper budget;
//   3. initial placement: one pass in priority order, no eviction;
//   4. cost-based placement: the four arms (permute, fuse, retry,
//      cost-based) seat one candidate per step, the cheapest legal one by
//      the lexicographic cost vector;
//   5. clear the state, then initial placement and cost-based placement
//      again from empty;
// and, only where exactSearchBudget asks for it (not seed 004's), the
// exact search of ExactSearch.h decides the II the ladder gave up on.
// Every rung admits a seat through the gates G1-G4 in their fixed order
// (gateLadder) and applies each gate's own recovery.
//
// Determinism: no container is iterated in address order and the permute
// arm's sampling uses its own generator with a fixed seed, so the same
// input gives the same schedule, bit for bit, on every build.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/ExactSearch.h"
#include "tilecheck/Scheduling/Schedule.h"
#include "tilecheck/Support/SplitMix64.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>

using namespace tilecheck::sched;

namespace {

/// Hard gate, slot pressure, structural distance: compared
/// lexicographically, never summed into one number.
struct CostVector {
  std::array<int64_t, 3> v{std::numeric_limits<int64_t>::max(), 0, 0};
  bool operator<(const CostVector &o) const { return v < o.v; }
  bool finite() const { return v[0] != std::numeric_limits<int64_t>::max(); }
  CostVector &operator+=(const CostVector &o) {
    for (int i = 0; i < 3; ++i)
      v[i] += o.v[i];
    return *this;
  }
};

/// What the gate ladder says about a seat.
enum class Gate {
  Admit,
  HoldOver, // G1: pending; try the op again later
  Dead,     // G2: beyond max_depth; dead for this attempt
  Bump,     // G3: the RRT is taken; try the next cycle
  Reorder,  // G4: the op's group sits at another depth
};

class ModuloState {
public:
  ModuloState(const DependenceGraph &graph, const MachineModel &model,
              const Constraints &constraints, const ScheduleOptions &options,
              unsigned ii, const std::vector<unsigned> &boost)
      : boost(boost), g(graph), m(model), opts(options), ii(ii),
        n(graph.size()), cycle(n), fusedWith(n),
        slotUse(size_t(ii) * model.numSlots(), 0), poolUse(ii),
        roots(constraints.unionRoots(n)), maxDepth(n), leader(n), members(n) {
    for (unsigned i = 0; i < n; ++i)
      members[roots[i]].push_back(i);
    for (unsigned i = 0; i < n; ++i)
      if (const Constraints::PerNode *c = constraints.forNode(i))
        maxDepth[i] = c->maxDepth;
    // G1's pending set: an op following a group (leader_gid) waits until
    // the group's leader (the first op whose gid it is) is seated.
    for (unsigned i = 0; i < n; ++i) {
      const Constraints::PerNode *c = constraints.forNode(i);
      if (!c || !c->leaderGid)
        continue;
      for (unsigned j = 0; j < n; ++j) {
        const Constraints::PerNode *lc = constraints.forNode(j);
        if (j != i && lc && lc->gid == c->leaderGid) {
          leader[i] = j;
          break;
        }
      }
    }
    computeHeights();
  }

  /// Placed first, most boosted first (ops earlier ladders failed to seat).
  const std::vector<unsigned> &boost;
  const DependenceGraph &g;
  const MachineModel &m;
  const ScheduleOptions &opts;
  const unsigned ii;
  const unsigned n;
  std::vector<std::optional<unsigned>> cycle;
  std::vector<std::optional<unsigned>> fusedWith;
  std::vector<uint8_t> slotUse; // ii x numSlots
  std::vector<std::array<uint8_t, kNumPools>> poolUse;
  std::vector<unsigned> roots;
  std::vector<std::optional<unsigned>> maxDepth;
  std::vector<std::optional<unsigned>> leader;
  /// The nodes of each union, by root.
  std::vector<std::vector<unsigned>> members;
  std::vector<int64_t> height;
  /// Nodes in priority order: height first, then program order.
  std::vector<unsigned> priority;
  bool ignoreHolds = false;

  const Footprint &footprint(unsigned i) const {
    return m.timing(g.node(i).opClass).footprint;
  }
  unsigned seatedCount() const {
    return std::count_if(cycle.begin(), cycle.end(),
                         [](auto &c) { return c.has_value(); });
  }

  void clear() {
    std::fill(cycle.begin(), cycle.end(), std::nullopt);
    std::fill(fusedWith.begin(), fusedWith.end(), std::nullopt);
    std::fill(slotUse.begin(), slotUse.end(), 0);
    for (auto &row : poolUse)
      row.fill(0);
  }

  //===--------------------------------------------------------------------===//
  // The reservation table
  //===--------------------------------------------------------------------===//

  /// Can `i` start at `t` (with `partner` issuing with it on one slot)?
  bool rrtClean(unsigned i, unsigned t,
                std::optional<unsigned> partner = std::nullopt) const {
    const Footprint &f = footprint(i);
    if (f.holdsNothing())
      return true;
    if (f.duration > ii)
      return false; // it would collide with itself
    for (unsigned c = 0; c < f.duration; ++c) {
      unsigned row = (t + c) % ii;
      if (slotUse[size_t(row) * m.numSlots() + f.slot])
        return false;
      for (unsigned p = 0; p < kNumPools; ++p) {
        unsigned need = f.pools[p];
        if (partner)
          need += footprint(*partner).pools[p];
        if (poolUse[row][p] + need > m.capacities()[p])
          return false;
      }
    }
    return true;
  }

  void reserve(unsigned i, unsigned t, int sign, bool takeSlot) {
    const Footprint &f = footprint(i);
    if (f.holdsNothing())
      return;
    for (unsigned c = 0; c < f.duration; ++c) {
      unsigned row = (t + c) % ii;
      if (takeSlot)
        slotUse[size_t(row) * m.numSlots() + f.slot] += sign;
      for (unsigned p = 0; p < kNumPools; ++p)
        poolUse[row][p] += sign * f.pools[p];
    }
  }

  void seat(unsigned i, unsigned t) {
    assert(!cycle[i]);
    cycle[i] = t;
    reserve(i, t, +1, /*takeSlot=*/true);
  }
  void seatFused(unsigned a, unsigned b, unsigned t) {
    cycle[a] = t;
    cycle[b] = t;
    fusedWith[a] = b;
    fusedWith[b] = a;
    reserve(a, t, +1, /*takeSlot=*/true);
    reserve(b, t, +1, /*takeSlot=*/false);
  }
  void unseat(unsigned i) {
    if (!cycle[i])
      return;
    if (std::optional<unsigned> p = fusedWith[i]) {
      // A fused pair leaves together; the slot goes back once.
      reserve(i, *cycle[i], -1, /*takeSlot=*/true);
      reserve(*p, *cycle[*p], -1, /*takeSlot=*/false);
      cycle[*p].reset();
      fusedWith[*p].reset();
      fusedWith[i].reset();
    } else {
      reserve(i, *cycle[i], -1, /*takeSlot=*/true);
    }
    cycle[i].reset();
  }

  //===--------------------------------------------------------------------===//
  // Windows and priorities
  //===--------------------------------------------------------------------===//

  /// The earliest start the seated predecessors allow (at least 0).
  int64_t estart(unsigned i) const {
    int64_t t = 0;
    for (unsigned ei : g.inEdges(i)) {
      const Edge &e = g.edges()[ei];
      if (e.from != i && cycle[e.from])
        t = std::max(t, int64_t(*cycle[e.from]) + e.latency -
                            int64_t(ii) * e.distance);
    }
    return t;
  }
  /// The latest start the seated successors allow.
  int64_t lstart(unsigned i) const {
    int64_t t = std::numeric_limits<int64_t>::max();
    for (unsigned ei : g.outEdges(i)) {
      const Edge &e = g.edges()[ei];
      if (e.to != i && cycle[e.to])
        t = std::min(t, int64_t(*cycle[e.to]) + int64_t(ii) * e.distance -
                            e.latency);
    }
    return t;
  }
  bool predsSeated(unsigned i) const {
    for (unsigned ei : g.inEdges(i)) {
      const Edge &e = g.edges()[ei];
      if (e.distance == 0 && !cycle[e.from])
        return false;
    }
    return true;
  }

  void computeHeights() {
    // HeightR (Rau): the longest latency - II * distance path to a sink;
    // converges since II >= RecMII leaves no positive cycle.
    height.assign(n, 0);
    for (unsigned round = 0; round <= n; ++round) {
      bool changed = false;
      for (const Edge &e : g.edges()) {
        int64_t h = height[e.to] + e.latency - int64_t(ii) * e.distance;
        if (h > height[e.from]) {
          height[e.from] = h;
          changed = true;
        }
      }
      if (!changed)
        break;
    }
    priority.resize(n);
    std::iota(priority.begin(), priority.end(), 0u);
    std::stable_sort(
        priority.begin(), priority.end(),
        [&](unsigned a, unsigned b) { return height[a] > height[b]; });
  }

  //===--------------------------------------------------------------------===//
  // Admission gates, in their fixed order
  //===--------------------------------------------------------------------===//

  bool pending(unsigned i) const {
    return !ignoreHolds && leader[i] && !cycle[*leader[i]];
  }
  /// The depth the op's group already sits at, if any member is seated.
  std::optional<unsigned> groupDepth(unsigned i) const {
    for (unsigned j : members[roots[i]])
      if (j != i && cycle[j])
        return *cycle[j] / ii;
    return std::nullopt;
  }

  Gate gateLadder(unsigned i, unsigned t,
                  std::optional<unsigned> partner = std::nullopt) const {
    // G1: pending-set membership.
    if (pending(i) || (partner && pending(*partner)))
      return Gate::HoldOver;
    // G2: max-depth viability.
    for (std::optional<unsigned> op : {std::optional<unsigned>(i), partner})
      if (op && maxDepth[*op] && t / ii > *maxDepth[*op])
        return Gate::Dead;
    // G3: the reservation table.
    if (!rrtClean(i, t, partner))
      return Gate::Bump;
    // G4: the group's depth.
    for (std::optional<unsigned> op : {std::optional<unsigned>(i), partner})
      if (op) {
        std::optional<unsigned> depth = groupDepth(*op);
        if (depth && *depth != t / ii)
          return Gate::Reorder;
      }
    return Gate::Admit;
  }

  /// The first admitted cycle in [from, to]; otherwise the gate that
  /// stopped the search (G3 bumps to the next cycle; G1 and G2 end it; G4
  /// goes on looking, since a later cycle may sit at the group's depth).
  std::pair<std::optional<unsigned>, Gate>
  findSeat(unsigned i, int64_t from, int64_t to,
           std::optional<unsigned> partner = std::nullopt) const {
    Gate last = Gate::Bump;
    for (int64_t t = std::max<int64_t>(from, 0); t <= to; ++t) {
      Gate gate = gateLadder(i, static_cast<unsigned>(t), partner);
      if (gate == Gate::Admit)
        return {static_cast<unsigned>(t), gate};
      if (gate == Gate::HoldOver || gate == Gate::Dead)
        return {std::nullopt, gate};
      if (gate == Gate::Reorder)
        last = Gate::Reorder;
    }
    return {std::nullopt, last};
  }

  /// The window a seat must lie in: after the seated predecessors, before
  /// the seated successors, within II cycles of the earliest start.
  std::pair<int64_t, int64_t> window(unsigned i) const {
    int64_t lo = estart(i);
    int64_t hi = std::min(lstart(i), lo + int64_t(ii) - 1);
    return {lo, hi};
  }

  //===--------------------------------------------------------------------===//
  // Cost
  //===--------------------------------------------------------------------===//

  CostVector scoreSeat(unsigned i, unsigned t,
                       std::optional<unsigned> partner = std::nullopt) const {
    CostVector cost;
    cost.v[0] = 0; // admitted: the hard gate passed
    // Slot pressure: the units already held in the rows the op would use.
    const Footprint &f = footprint(i);
    int64_t pressure = 0;
    for (unsigned c = 0; c < f.duration; ++c) {
      unsigned row = (t + c) % ii;
      for (unsigned s = 0; s < m.numSlots(); ++s)
        pressure += slotUse[size_t(row) * m.numSlots() + s];
      for (unsigned p = 0; p < kNumPools; ++p)
        if (f.pools[p] || (partner && footprint(*partner).pools[p]))
          pressure += poolUse[row][p];
    }
    if (partner)
      pressure /= 2; // one issue serves two ops
    cost.v[1] = pressure;
    // Structural distance: lateness past the earliest start, then the
    // critical path (higher ops first).
    int64_t late = int64_t(t) - estart(i);
    cost.v[2] =
        late * (int64_t(1) << 24) - std::min<int64_t>(height[i], 1 << 23);
    return cost;
  }
};

//===----------------------------------------------------------------------===//
// Rungs
//===----------------------------------------------------------------------===//

/// Rau's iterative modulo scheduling with eviction.
bool rauRefinement(ModuloState &s, unsigned budgetRatio) {
  s.clear();
  int64_t budget = int64_t(budgetRatio) * std::max(1u, s.n);
  std::vector<std::optional<unsigned>> previous(s.n);
  while (budget-- > 0) {
    // The highest-priority unseated op that G1 does not hold over (all
    // held: the hold is lifted, so a leadership cycle cannot stall).
    std::optional<unsigned> pick, held;
    for (unsigned i : s.priority) {
      if (s.cycle[i])
        continue;
      if (s.pending(i)) {
        if (!held)
          held = i;
        continue;
      }
      pick = i;
      break;
    }
    if (!pick && !held)
      return true;
    bool lift = !pick;
    if (lift)
      pick = held;
    s.ignoreHolds = lift;
    unsigned op = *pick;
    int64_t lo = s.estart(op);
    auto [seat, gate] = s.findSeat(op, lo, lo + s.ii - 1);
    if (!seat) {
      // Forced placement: a cycle after the last one tried, evicting what
      // is in the way.
      int64_t t = (!previous[op] || lo > int64_t(*previous[op]))
                      ? lo
                      : int64_t(*previous[op]) + 1;
      if (s.maxDepth[op] && t / s.ii > *s.maxDepth[op]) {
        s.ignoreHolds = false;
        return false; // G2: dead for this attempt
      }
      unsigned tt = static_cast<unsigned>(t);
      // G4: another group ordering, by evicting the seated members.
      if (std::optional<unsigned> depth = s.groupDepth(op);
          depth && *depth != tt / s.ii)
        for (unsigned j : s.members[s.roots[op]])
          if (j != op)
            s.unseat(j);
      // G3: evict the ops holding what this one needs.
      const Footprint &f = s.footprint(op);
      if (!f.holdsNothing()) {
        for (unsigned j = 0; j < s.n && !s.rrtClean(op, tt); ++j) {
          if (!s.cycle[j] || s.footprint(j).holdsNothing())
            continue;
          const Footprint &fj = s.footprint(j);
          bool overlaps = false;
          for (unsigned a = 0; a < f.duration && !overlaps; ++a)
            for (unsigned b = 0; b < fj.duration && !overlaps; ++b) {
              if ((tt + a) % s.ii != (*s.cycle[j] + b) % s.ii)
                continue;
              bool shares = fj.slot == f.slot;
              for (unsigned p = 0; p < kNumPools; ++p)
                shares |= f.pools[p] && fj.pools[p];
              overlaps = shares;
            }
          if (overlaps)
            s.unseat(j);
        }
      }
      seat = tt;
    }
    s.seat(op, *seat);
    previous[op] = *seat;
    s.ignoreHolds = false;
    // Successors whose dependence the seat now violates leave again.
    for (unsigned ei : s.g.outEdges(op)) {
      const Edge &e = s.g.edges()[ei];
      if (e.to != op && s.cycle[e.to] &&
          int64_t(*s.cycle[e.to]) + int64_t(s.ii) * e.distance <
              int64_t(*seat) + e.latency)
        s.unseat(e.to);
    }
    for (unsigned ei : s.g.inEdges(op)) {
      const Edge &e = s.g.edges()[ei];
      if (e.from != op && s.cycle[e.from] &&
          int64_t(*seat) + int64_t(s.ii) * e.distance <
              int64_t(*s.cycle[e.from]) + e.latency)
        s.unseat(e.from);
    }
  }
  return s.seatedCount() == s.n;
}

/// One pass in priority order, no eviction.
bool initialPlacement(ModuloState &s) {
  std::vector<unsigned> order = s.priority;
  std::vector<bool> heldOnce(s.n, false);
  for (size_t k = 0; k < order.size(); ++k) {
    unsigned op = order[k];
    if (s.cycle[op])
      continue;
    s.ignoreHolds = heldOnce[op];
    auto [lo, hi] = s.window(op);
    auto [seat, gate] = s.findSeat(op, lo, hi);
    s.ignoreHolds = false;
    if (seat) {
      s.seat(op, *seat);
      continue;
    }
    if (gate == Gate::HoldOver && !heldOnce[op]) {
      heldOnce[op] = true; // G1: hold over to the end of the pass
      order.push_back(op);
      continue;
    }
    return false;
  }
  return s.seatedCount() == s.n;
}

struct ArmResult {
  bool accepted = false;
  CostVector cost;
  unsigned op = 0;
  unsigned cycle = 0;
  std::optional<unsigned> partner; // the fuse arm's second op
};

bool fusible(const ModuloState &s, unsigned a, unsigned b) {
  OpClass c = s.g.node(a).opClass;
  if (c != s.g.node(b).opClass)
    return false; // different slot groups
  if (c != OpClass::SmemRead && c != OpClass::SmemWrite &&
      c != OpClass::GlobalLoad && c != OpClass::GlobalStore)
    return false; // only memory transports widen
  for (unsigned ei : s.g.outEdges(a))
    if (s.g.edges()[ei].to == b)
      return false;
  for (unsigned ei : s.g.inEdges(a))
    if (s.g.edges()[ei].from == b)
      return false;
  const Footprint &fa = s.footprint(a), &fb = s.footprint(b);
  for (unsigned p = 0; p < kNumPools; ++p)
    if (fa.pools[p] + fb.pools[p] > s.m.capacities()[p])
      return false;
  return true;
}

ArmResult tryPermute(ModuloState &s, const std::vector<unsigned> &ready,
                     std::vector<bool> &dead, uint64_t step) {
  ArmResult best;
  std::vector<unsigned> live;
  for (unsigned op : ready)
    if (!dead[op])
      live.push_back(op);
  if (live.empty())
    return best;
  // Every permutation of up to four ops; otherwise a fixed number drawn
  // with a fixed seed.
  std::vector<std::vector<unsigned>> perms;
  if (live.size() <= 4) {
    std::vector<unsigned> p = live;
    std::sort(p.begin(), p.end());
    do
      perms.push_back(p);
    while (std::next_permutation(p.begin(), p.end()) &&
           perms.size() < s.opts.permuteBudget);
  } else {
    tilecheck::SplitMix64 rng{0x5eedull ^ (step * 0x9e37ull)};
    perms.push_back(live);
    while (perms.size() < s.opts.permuteBudget) {
      std::vector<unsigned> p = live;
      for (size_t i = p.size() - 1; i > 0; --i)
        std::swap(p[i], p[rng.next() % (i + 1)]);
      perms.push_back(std::move(p));
    }
  }
  CostVector bestTotal;
  for (const std::vector<unsigned> &perm : perms) {
    CostVector total;
    total.v = {0, 0, 0};
    std::vector<std::pair<unsigned, unsigned>> seated;
    bool legal = true;
    for (unsigned op : perm) {
      auto [lo, hi] = s.window(op);
      auto [seat, gate] = s.findSeat(op, lo, hi);
      if (!seat) {
        legal = false;
        break;
      }
      total += s.scoreSeat(op, *seat);
      s.seat(op, *seat);
      seated.push_back({op, *seat});
    }
    for (auto it = seated.rbegin(); it != seated.rend(); ++it)
      s.unseat(it->first);
    if (!legal || !(total < bestTotal))
      continue;
    bestTotal = total;
    best.accepted = true;
    best.op = seated.front().first;
    best.cycle = seated.front().second;
    best.cost = s.scoreSeat(best.op, best.cycle);
  }
  return best;
}

ArmResult tryFuse(ModuloState &s, const std::vector<unsigned> &ready,
                  const std::vector<bool> &dead) {
  ArmResult best;
  for (size_t i = 0; i < ready.size(); ++i)
    for (size_t j = i + 1; j < ready.size(); ++j) {
      unsigned a = ready[i], b = ready[j];
      if (dead[a] || dead[b] || !fusible(s, a, b))
        continue;
      auto [loA, hiA] = s.window(a);
      auto [loB, hiB] = s.window(b);
      auto [seat, gate] =
          s.findSeat(a, std::max(loA, loB), std::min(hiA, hiB), b);
      if (!seat)
        continue;
      CostVector cost = s.scoreSeat(a, *seat, b);
      if (cost < best.cost) {
        best = {true, cost, a, *seat, b};
      }
    }
  return best;
}

ArmResult tryRetry(ModuloState &s, const std::vector<unsigned> &ready,
                   std::vector<bool> &dead) {
  for (unsigned op : ready) {
    if (!dead[op])
      continue;
    auto [lo, hi] = s.window(op);
    auto [seat, gate] = s.findSeat(op, lo, hi);
    if (!seat)
      continue; // still dead
    dead[op] = false;
    return {true, s.scoreSeat(op, *seat), op, *seat, std::nullopt};
  }
  return {};
}

ArmResult tryCostBased(ModuloState &s, const std::vector<unsigned> &ready,
                       std::vector<bool> &dead) {
  ArmResult best;
  for (unsigned op : ready) {
    if (dead[op])
      continue;
    auto [lo, hi] = s.window(op);
    bool any = false;
    for (int64_t t = std::max<int64_t>(lo, 0); t <= hi; ++t) {
      if (s.gateLadder(op, static_cast<unsigned>(t)) != Gate::Admit)
        continue;
      any = true;
      CostVector cost = s.scoreSeat(op, static_cast<unsigned>(t));
      if (cost < best.cost)
        best = {true, cost, op, static_cast<unsigned>(t), std::nullopt};
    }
    if (!any)
      dead[op] = true;
  }
  return best;
}

/// Seats one candidate per step, the cheapest the arms propose.
bool costBasedPlacement(ModuloState &s) {
  std::vector<bool> dead(s.n, false);
  for (uint64_t step = 0; s.seatedCount() < s.n; ++step) {
    std::vector<unsigned> ready;
    for (unsigned i : s.priority)
      if (!s.cycle[i] && s.predsSeated(i) && !s.pending(i))
        ready.push_back(i);
    if (ready.empty()) {
      // Only held-over ops are left: lift the hold.
      s.ignoreHolds = true;
      for (unsigned i : s.priority)
        if (!s.cycle[i] && s.predsSeated(i))
          ready.push_back(i);
    }
    if (ready.empty()) {
      s.ignoreHolds = false;
      return false; // a dependence cycle
    }
    ArmResult arms[3] = {tryPermute(s, ready, dead, step),
                         tryFuse(s, ready, dead), tryRetry(s, ready, dead)};
    const ArmResult *best = nullptr;
    for (const ArmResult &arm : arms)
      if (arm.accepted && (!best || arm.cost < best->cost))
        best = &arm;
    // The cost-based arm runs only when the cheaper arms all refuse.
    ArmResult costArm;
    if (!best) {
      costArm = tryCostBased(s, ready, dead);
      if (costArm.accepted)
        best = &costArm;
    }
    s.ignoreHolds = false;
    if (!best)
      return false;
    if (best->partner)
      s.seatFused(best->op, *best->partner, best->cycle);
    else
      s.seat(best->op, best->cycle);
  }
  return true;
}

std::optional<Rung> runLadder(ModuloState &s) {
  auto run = [&](Rung rung) {
    switch (rung) {
    case Rung::RauRefinement:
      return rauRefinement(s, s.opts.budgetRatio);
    case Rung::DeepestRetry:
      return rauRefinement(s, s.opts.deepBudgetRatio);
    case Rung::InitialPlacement:
      // Starts from what the earlier rungs left (seed 004); the cleared
      // rungs below start from empty.
      return initialPlacement(s);
    case Rung::CostBasedPlacement:
      return costBasedPlacement(s);
    case Rung::ClearedInitialPlacement:
      s.clear();
      return initialPlacement(s);
    case Rung::ClearedCostBasedPlacement:
      s.clear();
      return costBasedPlacement(s);
    case Rung::ExactSearch:
      break; // after the ladder, in scheduleModulo
    }
    return false;
  };
  if (s.opts.onlyRung >= 0) {
    s.clear();
    Rung rung = static_cast<Rung>(s.opts.onlyRung);
    return run(rung) ? std::optional<Rung>(rung) : std::nullopt;
  }
  for (Rung rung :
       {Rung::RauRefinement, Rung::DeepestRetry, Rung::InitialPlacement,
        Rung::CostBasedPlacement, Rung::ClearedInitialPlacement,
        Rung::ClearedCostBasedPlacement}) {
    if (run(rung))
      return rung;
  }
  return std::nullopt;
}

} // namespace

/// The modulo scheduler proper, in the units of `model` (cycles, or
/// compressed rows).
static ScheduleAnalysis scheduleModulo(const DependenceGraph &graph,
                                       const MachineModel &model,
                                       const Constraints &constraints,
                                       const ScheduleOptions &options) {
  ScheduleAnalysis out;
  out.generator = Generator::CostBased;
  out.edges = graph.edges();
  const unsigned n = graph.size();
  out.nodes.assign(n, {});
  std::optional<unsigned> res = graph.resMII(model);
  std::optional<unsigned> rec = graph.recMII();
  if (!res || !rec)
    return out; // an unsupported op or a dependence cycle
  out.resMII = *res;
  out.recMII = *rec;
  out.mii = std::max({*res, *rec, 1u});
  if (n == 0) {
    out.success = true;
    out.ii = out.mii;
    return out;
  }
  // An II at which one op per window, in topological order, always fits.
  uint64_t bound = 1;
  for (unsigned i = 0; i < n; ++i) {
    const OpTiming &t = model.timing(graph.node(i).opClass);
    unsigned longest = t.footprint.duration;
    for (unsigned ei : graph.outEdges(i))
      longest = std::max(longest, graph.edges()[ei].latency);
    bound += longest;
  }
  bound = std::max<uint64_t>(bound, uint64_t(out.mii) * options.maxIIFactor);
  if (options.maxII)
    bound = std::min<uint64_t>(bound, options.maxII);
  for (uint64_t ii = out.mii; ii <= bound;
       ii = ii - out.mii < 64 ? ii + 1 : ii + std::max<uint64_t>(1, ii / 8)) {
    // An II the exact search proves infeasible within a small budget is
    // skipped: no rung could seat it, so the schedule is the same, only
    // sooner.
    if (options.refuteBudget && n <= options.refuteMaxOps &&
        searchModuloSchedule(graph, model, static_cast<unsigned>(ii),
                             options.refuteBudget)
                .verdict == Verdict::Infeasible)
      continue;
    std::vector<unsigned> boost(n, 0);
    std::optional<ModuloState> state;
    std::optional<Rung> rung;
    for (unsigned attempt = 0;
         attempt < std::max(1u, options.constraintIterations) && !rung;
         ++attempt) {
      if (state) // refine: the ops the last ladder left out go first
        for (unsigned i = 0; i < n; ++i)
          boost[i] += !state->cycle[i];
      state.emplace(graph, model, constraints, options,
                    static_cast<unsigned>(ii), boost);
      rung = runLadder(*state);
    }
    if (!rung && options.exactSearchBudget && constraints.empty()) {
      ExactSearchResult exact = searchModuloSchedule(
          graph, model, static_cast<unsigned>(ii), options.exactSearchBudget);
      if (exact.verdict == Verdict::Feasible) {
        out.success = true;
        out.ii = exact.schedule.ii;
        out.rung = Rung::ExactSearch;
        out.nodes = std::move(exact.schedule.nodes);
        out.ordered = std::move(exact.schedule.ordered);
        return out;
      }
    }
    if (!rung)
      continue;
    std::vector<int64_t> cycles(n);
    for (unsigned i = 0; i < n; ++i)
      cycles[i] = *state->cycle[i];
    placeAtCycles(out, graph, static_cast<unsigned>(ii), cycles,
                  state->fusedWith);
    out.rung = *rung;
    return out;
  }
  return out;
}

ScheduleAnalysis tilecheck::sched::generateCostBasedSchedule(
    const DependenceGraph &graph, const MachineModel &model,
    const Constraints &constraints, const ScheduleOptions &options) {
  // The MII in cycles decides whether the table is compressed.
  std::optional<unsigned> res = graph.resMII(model);
  std::optional<unsigned> rec = graph.recMII();
  unsigned factor = 1;
  if (res && rec && options.rrtSizeThreshold) {
    unsigned mii = std::max({*res, *rec, 1u});
    if (mii > options.rrtSizeThreshold)
      factor = (mii + options.rrtSizeThreshold - 1) / options.rrtSizeThreshold;
  }
  ScheduleAnalysis out;
  if (factor == 1) {
    out = scheduleModulo(graph, model, constraints, options);
  } else {
    DependenceGraph coarse;
    for (const Node &node : graph.nodes())
      coarse.addNode(node);
    for (const Edge &e : graph.edges())
      coarse.addEdge(e.from, e.to, e.kind, e.distance,
                     (e.latency + factor - 1) / factor);
    MachineModel coarseModel = model.scaled(factor);
    coarse.finalize(coarseModel);
    ScheduleOptions coarseOptions = options;
    if (coarseOptions.maxII)
      coarseOptions.maxII = std::max(1u, coarseOptions.maxII / factor);
    out = scheduleModulo(coarse, coarseModel, constraints, coarseOptions);
    out.edges = graph.edges();
    out.ii *= factor;
    for (ScheduleAnalysis::PerNode &node : out.nodes)
      if (node.cycle)
        *node.cycle *= factor;
  }
  out.compression = factor;
  // MII and the optional cells in cycles, from the real model.
  out.resMII = res.value_or(0);
  out.recMII = rec.value_or(0);
  out.mii = res && rec ? std::max({*res, *rec, 1u}) : 0;
  if (out.success)
    for (unsigned i = 0; i < graph.size(); ++i) {
      const Footprint &f = model.timing(graph.node(i).opClass).footprint;
      out.nodes[i].slot = f.slot;
      out.nodes[i].pools = f.pools;
    }
  return out;
}
