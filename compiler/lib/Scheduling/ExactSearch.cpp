//===- ExactSearch.cpp - Exact modulo-schedule feasibility ----------------===//
//
// See ExactSearch.h for what the search decides and why it is complete.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/ExactSearch.h"
#include "tilecheck/Support/EnumNames.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace tilecheck::sched;

llvm::StringRef tilecheck::sched::verdictName(Verdict v) {
  static constexpr llvm::StringLiteral names[] = {"feasible", "infeasible",
                                                  "unknown"};
  static_assert(std::size(names) == size_t(Verdict::Unknown) + 1);
  return tilecheck::nameOf(names, v, "");
}

namespace {

/// No path (the longest-path closure's minus infinity).
constexpr int64_t kNone = std::numeric_limits<int64_t>::min() / 4;
constexpr int64_t kInf = std::numeric_limits<int64_t>::max() / 4;
/// The fail-first choice scans windows up to this many cycles.
constexpr int64_t kScanWindow = 96;

int64_t floorMod(int64_t a, int64_t m) {
  int64_t r = a % m;
  return r < 0 ? r + m : r;
}

int64_t floorDiv(int64_t a, int64_t m) { return (a - floorMod(a, m)) / m; }

class Search {
public:
  Search(const DependenceGraph &graph, const MachineModel &model, unsigned ii,
         uint64_t budget)
      : graph_(graph), model_(model), ii_(ii), budget_(budget),
        n_(graph.size()) {}

  ExactSearchResult run();

private:
  int64_t &dist(unsigned a, unsigned b) { return closure_[a * n_ + b]; }
  const Footprint &footprint(unsigned v) const {
    return model_.timing(graph_.node(v).opClass).footprint;
  }
  unsigned classOf(unsigned v) const {
    return static_cast<unsigned>(graph_.node(v).opClass);
  }

  /// Longest-path closure at II; false on a positive cycle.
  bool buildClosure();
  /// Component per node and the placement order of the ops that hold a
  /// unit (components in topological order).
  void buildOrder();
  std::pair<int64_t, int64_t> window(unsigned v);
  /// Whether `v` fits the table at `t`; `partner` gets the op it would
  /// fuse with (or -1).
  bool fits(unsigned v, int64_t t, int &partner) const;
  void place(unsigned v, int64_t t, int partner);
  void unplace(unsigned v);
  /// The table's free rows and units cannot hold what is still to come.
  bool lacksRoom() const;
  /// No placement of all ops fits the table: a resource bound tighter than
  /// ResMII (fusion only where the closure lets two ops share a cycle;
  /// ops that take a whole pool keep their rows to themselves).
  bool exceedsTable() const;
  /// The unplaced op of `ops` with the fewest cycles that fit (fail
  /// first), and those cycles; nullopt when one has none. Windows wider
  /// than kScanWindow count as that many without a scan.
  std::optional<unsigned> pickNext(const std::vector<unsigned> &ops,
                                   std::vector<int64_t> &cycles);
  /// Places components[c..] given `done` ops of components[c] placed.
  bool dfs(const std::vector<const std::vector<unsigned> *> &components,
           size_t c, size_t done);
  void reset();
  /// Whether shifting components by whole IIs (rows unchanged) can turn
  /// the relaxation's row-fused pairs into cycle-fused ones: a system of
  /// difference constraints on the shifts; with `apply`, shifts them.
  /// Placing more ops only adds constraints, so a partial placement whose
  /// system has no solution prunes its branch.
  bool alignFusedPairs(bool apply);
  ScheduleAnalysis finish();

  const DependenceGraph &graph_;
  const MachineModel &model_;
  const unsigned ii_;
  const uint64_t budget_;
  const unsigned n_;
  uint64_t steps_ = 0;
  bool outOfBudget_ = false;

  std::vector<int64_t> closure_;
  std::vector<unsigned> component_;
  /// The ops that hold a unit, by component, components in topological
  /// order; each component's first op is its anchor.
  std::vector<std::vector<unsigned>> components_;

  // Placement state.
  std::vector<int64_t> cycle_;
  std::vector<bool> placed_;
  std::vector<int> fused_;
  std::vector<unsigned> placedList_;
  std::vector<uint8_t> slotCount_; // ii * slots
  std::vector<int> slotOwner_;     // ii * slots
  std::vector<uint16_t> poolUse_;  // ii * pools
  std::vector<unsigned> freeRows_; // per slot
  std::array<int64_t, kNumPools> freeUnits_{};
  std::array<int64_t, kNumPools> neededUnits_{};
  /// Unplaced ops per class that may fuse (another op of the class can
  /// start in their cycle) and that never can; placed ops without a partner.
  std::array<unsigned, kNumOpClasses> unplacedPairable_{}, unplacedAlone_{},
      unfusedPlaced_{};
  std::vector<bool> pairable_;
  mutable std::vector<int64_t> rowsScratch_;
  std::vector<int64_t> cyclesScratch_;
};

bool Search::buildClosure() {
  closure_.assign(size_t(n_) * n_, kNone);
  for (unsigned i = 0; i < n_; ++i)
    dist(i, i) = 0;
  for (const Edge &e : graph_.edges()) {
    int64_t w = int64_t(e.latency) - int64_t(ii_) * int64_t(e.distance);
    dist(e.from, e.to) = std::max(dist(e.from, e.to), w);
  }
  for (unsigned k = 0; k < n_; ++k) {
    for (unsigned i = 0; i < n_; ++i) {
      int64_t ik = dist(i, k);
      if (ik == kNone)
        continue;
      for (unsigned j = 0; j < n_; ++j) {
        int64_t kj = dist(k, j);
        if (kj != kNone && ik + kj > dist(i, j))
          dist(i, j) = ik + kj;
      }
    }
    // Stop at the first positive cycle: past it the paths grow without
    // bound (and could overflow).
    for (unsigned i = 0; i < n_; ++i)
      if (dist(i, i) > 0)
        return false;
  }
  return true;
}

void Search::buildOrder() {
  component_.assign(n_, 0);
  for (unsigned i = 0; i < n_; ++i) {
    unsigned c = i;
    for (unsigned j = 0; j < i; ++j)
      if (dist(i, j) != kNone && dist(j, i) != kNone) {
        c = component_[j];
        break;
      }
    component_[i] = c;
  }
  // Ops that may fuse, as the relaxation counts fusion: within a
  // component in one cycle (which the closure must allow), across
  // components in one row (always possible: no component bounds another
  // from both sides).
  pairable_.assign(n_, false);
  for (unsigned i = 0; i < n_; ++i)
    for (unsigned j = i + 1; j < n_; ++j)
      if (classOf(i) == classOf(j) && !footprint(i).holdsNothing() &&
          (component_[i] != component_[j] ||
           (dist(i, j) <= 0 && dist(j, i) <= 0)))
        pairable_[i] = pairable_[j] = true;
  // Topological order of the components: a component reaches every
  // component below it, so the count of components reaching it sorts them.
  std::vector<unsigned> ancestors(n_, 0);
  for (unsigned i = 0; i < n_; ++i)
    if (component_[i] == i)
      for (unsigned j = 0; j < n_; ++j)
        if (component_[j] == j && j != i && dist(j, i) != kNone)
          ++ancestors[i];
  std::vector<unsigned> roots;
  for (unsigned i = 0; i < n_; ++i)
    if (component_[i] == i)
      roots.push_back(i);
  std::stable_sort(roots.begin(), roots.end(), [&](unsigned a, unsigned b) {
    return ancestors[a] < ancestors[b];
  });
  for (unsigned root : roots) {
    std::vector<unsigned> ops;
    for (unsigned i = 0; i < n_; ++i)
      if (component_[i] == root && !footprint(i).holdsNothing())
        ops.push_back(i);
    if (ops.empty())
      continue;
    // The anchor: the longest footprint.
    auto first =
        std::max_element(ops.begin(), ops.end(), [&](unsigned a, unsigned b) {
          return footprint(a).duration < footprint(b).duration;
        });
    std::rotate(ops.begin(), first, first + 1);
    components_.push_back(std::move(ops));
  }
}

bool Search::exceedsTable() const {
  // Rows each slot needs: ops that may fuse, in pairs at best.
  auto slotRows = [&](auto &&uses) {
    std::vector<int64_t> rows(model_.numSlots(), 0);
    std::array<unsigned, kNumOpClasses> pairs{};
    for (unsigned v = 0; v < n_; ++v) {
      const Footprint &f = footprint(v);
      if (f.holdsNothing() || !uses(v))
        continue;
      if (!pairable_[v])
        rows[f.slot] += f.duration;
      else if (pairs[classOf(v)]++ % 2 == 0)
        rows[f.slot] += f.duration;
    }
    return *std::max_element(rows.begin(), rows.end());
  };
  if (slotRows([](unsigned) { return true; }) > ii_)
    return true;
  // Rows each pool needs: an op that takes every unit has its rows to
  // itself; the others share the remaining rows, at most the capacity at
  // once, and not two on one slot unless they fuse.
  for (unsigned p = 0; p < kNumPools; ++p) {
    const int64_t capacity = model_.capacities()[p];
    int64_t whole = 0, unitCycles = 0, longest = 0;
    bool partial = false;
    for (unsigned v = 0; v < n_; ++v) {
      const Footprint &f = footprint(v);
      if (!f.pools[p])
        continue;
      if (f.pools[p] >= capacity) {
        whole += f.duration;
      } else {
        partial = true;
        unitCycles += int64_t(f.pools[p]) * f.duration;
        longest = std::max<int64_t>(longest, f.duration);
      }
    }
    if (!partial)
      continue;
    int64_t shared = std::max({(unitCycles + capacity - 1) / capacity, longest,
                               slotRows([&](unsigned v) {
                                 unsigned units = footprint(v).pools[p];
                                 return units && units < capacity;
                               })});
    if (whole + shared > ii_)
      return true;
  }
  return false;
}

std::pair<int64_t, int64_t> Search::window(unsigned v) {
  int64_t lo = -kInf, hi = kInf;
  for (unsigned p : placedList_) {
    if (int64_t d = dist(p, v); d != kNone)
      lo = std::max(lo, cycle_[p] + d);
    if (int64_t d = dist(v, p); d != kNone)
      hi = std::min(hi, cycle_[p] - d);
  }
  return {lo, hi};
}

bool Search::fits(unsigned v, int64_t t, int &partner) const {
  const Footprint &f = footprint(v);
  partner = -1;
  if (f.duration > ii_)
    return false; // the op would meet itself in the table
  const unsigned slots = model_.numSlots();
  for (unsigned c = 0; c < f.duration; ++c) {
    unsigned row = static_cast<unsigned>(floorMod(t + c, ii_));
    unsigned cell = row * slots + f.slot;
    if (slotCount_[cell]) {
      int owner = slotOwner_[cell];
      bool fuses = slotCount_[cell] == 1 && owner >= 0 &&
                   classOf(owner) == classOf(v) && fused_[owner] < 0 &&
                   (component_[owner] == component_[v]
                        ? cycle_[owner] == t
                        : floorMod(cycle_[owner] - t, ii_) == 0);
      if (!fuses || (partner >= 0 && partner != owner))
        return false;
      partner = owner;
    } else if (partner >= 0) {
      return false; // a partner holds the same rows, all of them
    }
    for (unsigned p = 0; p < kNumPools; ++p)
      if (poolUse_[row * kNumPools + p] + f.pools[p] > model_.capacities()[p])
        return false;
  }
  return true;
}

void Search::place(unsigned v, int64_t t, int partner) {
  const Footprint &f = footprint(v);
  const unsigned slots = model_.numSlots();
  cycle_[v] = t;
  placed_[v] = true;
  placedList_.push_back(v);
  fused_[v] = partner;
  --(pairable_[v] ? unplacedPairable_ : unplacedAlone_)[classOf(v)];
  if (partner >= 0) {
    fused_[partner] = static_cast<int>(v);
    --unfusedPlaced_[classOf(v)];
  } else {
    ++unfusedPlaced_[classOf(v)];
  }
  for (unsigned c = 0; c < f.duration; ++c) {
    unsigned row = static_cast<unsigned>(floorMod(t + c, ii_));
    if (partner < 0) {
      unsigned cell = row * slots + f.slot;
      if (slotCount_[cell]++ == 0)
        --freeRows_[f.slot];
      slotOwner_[cell] = static_cast<int>(v);
    }
    for (unsigned p = 0; p < kNumPools; ++p)
      poolUse_[row * kNumPools + p] += f.pools[p];
  }
  for (unsigned p = 0; p < kNumPools; ++p) {
    int64_t units = int64_t(f.pools[p]) * f.duration;
    freeUnits_[p] -= units;
    neededUnits_[p] -= units;
  }
}

void Search::unplace(unsigned v) {
  const Footprint &f = footprint(v);
  const unsigned slots = model_.numSlots();
  int partner = fused_[v];
  for (unsigned c = 0; c < f.duration; ++c) {
    unsigned row = static_cast<unsigned>(floorMod(cycle_[v] + c, ii_));
    if (partner < 0) {
      unsigned cell = row * slots + f.slot;
      if (--slotCount_[cell] == 0)
        ++freeRows_[f.slot];
      slotOwner_[cell] = -1;
    }
    for (unsigned p = 0; p < kNumPools; ++p)
      poolUse_[row * kNumPools + p] -= f.pools[p];
  }
  for (unsigned p = 0; p < kNumPools; ++p) {
    int64_t units = int64_t(f.pools[p]) * f.duration;
    freeUnits_[p] += units;
    neededUnits_[p] += units;
  }
  ++(pairable_[v] ? unplacedPairable_ : unplacedAlone_)[classOf(v)];
  if (partner >= 0) {
    fused_[partner] = -1;
    ++unfusedPlaced_[classOf(v)];
  } else {
    --unfusedPlaced_[classOf(v)];
  }
  fused_[v] = -1;
  placed_[v] = false;
  placedList_.pop_back();
}

bool Search::lacksRoom() const {
  for (unsigned p = 0; p < kNumPools; ++p)
    if (neededUnits_[p] > freeUnits_[p])
      return true;
  // Each slot's rows: an op still to come that may fuse at all can fuse
  // with a placed op of its class that has no partner yet, or with another
  // op to come.
  std::vector<int64_t> &rows = rowsScratch_;
  rows.assign(model_.numSlots(), 0);
  for (unsigned c = 0; c < kNumOpClasses; ++c) {
    const OpTiming &t = model_.timing(static_cast<OpClass>(c));
    if (t.footprint.holdsNothing())
      continue;
    int64_t pairs = std::max<int64_t>(0, int64_t(unplacedPairable_[c]) -
                                             int64_t(unfusedPlaced_[c]));
    rows[t.footprint.slot] +=
        (unplacedAlone_[c] + (pairs + 1) / 2) * t.footprint.duration;
  }
  for (unsigned s = 0; s < model_.numSlots(); ++s)
    if (rows[s] > freeRows_[s])
      return true;
  return false;
}

std::optional<unsigned> Search::pickNext(const std::vector<unsigned> &ops,
                                         std::vector<int64_t> &cycles) {
  std::optional<unsigned> best;
  int64_t bestCount = kInf;
  std::vector<int64_t> &scratch = cyclesScratch_;
  for (unsigned w : ops) {
    if (placed_[w])
      continue;
    auto [lo, hi] = window(w);
    if (hi - lo >= kScanWindow) {
      if (!best || kScanWindow < bestCount) {
        best = w;
        bestCount = kScanWindow;
        cycles.clear();
        for (int64_t t = lo; t <= hi; ++t)
          cycles.push_back(t);
      }
      continue;
    }
    // Cycles that fuse first: they leave the most rows free.
    scratch.clear();
    size_t fusing = 0;
    int partner;
    for (int64_t t = lo; t <= hi; ++t)
      if (fits(w, t, partner)) {
        scratch.push_back(t);
        if (partner >= 0)
          std::swap(scratch[fusing++], scratch.back());
      }
    if (scratch.empty())
      return std::nullopt;
    if (!best || int64_t(scratch.size()) < bestCount) {
      best = w;
      bestCount = scratch.size();
      cycles.swap(scratch);
    }
  }
  return best;
}

bool Search::dfs(const std::vector<const std::vector<unsigned> *> &components,
                 size_t c, size_t done) {
  if (c == components.size()) {
    // A leaf of the relaxation is a schedule once its row-fused pairs
    // share cycles; otherwise the search goes on.
    bool aligned = true;
    for (unsigned v : placedList_)
      aligned &= fused_[v] < 0 || cycle_[v] == cycle_[fused_[v]];
    return aligned || alignFusedPairs(/*apply=*/true);
  }
  const std::vector<unsigned> &ops = *components[c];
  if (done == ops.size())
    return dfs(components, c + 1, 0);
  unsigned v;
  std::vector<int64_t> cycles;
  if (done == 0) {
    // The anchor tries each residue from its earliest cycle to the
    // latest the component can need: shifting the component by whole IIs
    // keeps its rows (and, in the relaxation, what fuses), and nothing
    // placed before it bounds it from above. With the table empty, one
    // cycle is as good as any. The rows of placed ops it could fuse with
    // go first.
    v = ops.front();
    auto [lo, hi] = window(v);
    if (lo == -kInf)
      lo = 0;
    // Shifted down as far as the placed ops allow, some op w of the
    // component (free ones too) lies within an II of its own lower bound,
    // and v at most dist(v, w) before w: v's last cycle to try.
    int64_t last = lo;
    if (!placedList_.empty())
      for (unsigned w = 0; w < n_; ++w)
        if (component_[w] == component_[v])
          if (int64_t lower = window(w).first; lower != -kInf)
            last = std::max(last, lower - dist(v, w));
    last = std::min(hi, placedList_.empty() ? lo : last + int64_t(ii_) - 1);
    for (unsigned o : placedList_) {
      if (classOf(o) != classOf(v) || fused_[o] >= 0 || cycle_[o] < lo ||
          cycle_[o] > hi)
        continue;
      int64_t t = lo + floorMod(cycle_[o] - lo, ii_);
      if (std::find(cycles.begin(), cycles.end(), t) == cycles.end())
        cycles.push_back(t);
    }
    size_t fusing = cycles.size();
    for (int64_t t = lo; t <= last; ++t)
      if (std::find(cycles.begin(), cycles.begin() + fusing, t) ==
          cycles.begin() + fusing)
        cycles.push_back(t);
  } else {
    std::optional<unsigned> next = pickNext(ops, cycles);
    if (!next)
      return false;
    v = *next;
  }
  for (int64_t t : cycles) {
    if (++steps_ > budget_) {
      outOfBudget_ = true;
      return false;
    }
    int partner;
    if (!fits(v, t, partner))
      continue;
    place(v, t, partner);
    // A fusion across components must stay alignable.
    bool alignable = partner < 0 || component_[partner] == component_[v] ||
                     alignFusedPairs(/*apply=*/false);
    if (alignable && !lacksRoom() && dfs(components, c, done + 1))
      return true;
    unplace(v);
    if (outOfBudget_)
      return false;
  }
  return false;
}

void Search::reset() {
  const unsigned slots = model_.numSlots();
  cycle_.assign(n_, 0);
  placed_.assign(n_, false);
  fused_.assign(n_, -1);
  placedList_.clear();
  slotCount_.assign(size_t(ii_) * slots, 0);
  slotOwner_.assign(size_t(ii_) * slots, -1);
  poolUse_.assign(size_t(ii_) * kNumPools, 0);
  freeRows_.assign(slots, ii_);
  for (unsigned p = 0; p < kNumPools; ++p) {
    freeUnits_[p] = int64_t(model_.capacities()[p]) * ii_;
    neededUnits_[p] = 0;
  }
  unplacedPairable_.fill(0);
  unplacedAlone_.fill(0);
  unfusedPlaced_.fill(0);
}

bool Search::alignFusedPairs(bool apply) {
  // k[c]: whole IIs component c moves by. Constraint (a, b, w): k[b] >=
  // k[a] + w.
  struct Constraint {
    unsigned from, to;
    int64_t weight;
  };
  std::vector<Constraint> constraints;
  auto ceilDiv = [&](int64_t a) { return -floorDiv(-a, ii_); };
  for (unsigned i : placedList_)
    for (unsigned j : placedList_) {
      if (component_[i] == component_[j] || dist(i, j) == kNone)
        continue;
      constraints.push_back({component_[i], component_[j],
                             ceilDiv(cycle_[i] + dist(i, j) - cycle_[j])});
    }
  // Every fused pair, the aligned ones too: they must move together.
  for (unsigned v : placedList_) {
    int o = fused_[v];
    if (o < 0 || component_[o] == component_[v])
      continue;
    int64_t q = (cycle_[o] - cycle_[v]) / int64_t(ii_);
    constraints.push_back({component_[o], component_[v], q});
    constraints.push_back({component_[v], component_[o], -q});
  }
  // The budget counts this work too: a search may reach many leaves.
  steps_ += constraints.size();
  if (steps_ > budget_) {
    outOfBudget_ = true;
    return false;
  }
  std::vector<int64_t> shift(n_, 0);
  bool changed = true;
  for (unsigned round = 0; changed; ++round) {
    if (round > n_)
      return false; // a positive cycle
    changed = false;
    for (const Constraint &c : constraints)
      if (shift[c.from] + c.weight > shift[c.to]) {
        shift[c.to] = shift[c.from] + c.weight;
        changed = true;
      }
  }
  if (apply)
    for (unsigned v : placedList_)
      cycle_[v] += shift[component_[v]] * int64_t(ii_);
  return true;
}

ScheduleAnalysis Search::finish() {
  // Ops that hold nothing go anywhere their window allows: the closure
  // keeps every window non-empty.
  for (unsigned v = 0; v < n_; ++v) {
    if (placed_[v])
      continue;
    auto [lo, hi] = window(v);
    cycle_[v] = lo != -kInf ? lo : hi != kInf ? hi : 0;
    placed_[v] = true;
    placedList_.push_back(v);
  }
  std::vector<std::optional<unsigned>> fusedWith(n_);
  for (unsigned i = 0; i < n_; ++i)
    if (fused_[i] >= 0)
      fusedWith[i] = static_cast<unsigned>(fused_[i]);
  ScheduleAnalysis out;
  placeAtCycles(out, graph_, ii_, cycle_, fusedWith);
  for (unsigned i = 0; i < n_; ++i) {
    out.nodes[i].slot = footprint(i).slot;
    out.nodes[i].pools = footprint(i).pools;
  }
  return out;
}

ExactSearchResult Search::run() {
  ExactSearchResult result;
  result.verdict = Verdict::Infeasible;
  // No II at all: a cycle within one iteration, or II 0.
  if (ii_ == 0 || graph_.hasIntraIterationCycle())
    return result;
  if (n_ == 0) {
    result.verdict = Verdict::Feasible;
    result.schedule = finish();
    return result;
  }
  for (const Node &node : graph_.nodes())
    if (!model_.timing(node.opClass).supported)
      return result;
  if (!buildClosure())
    return result; // II is below RecMII
  buildOrder();
  if (exceedsTable())
    return result;

  auto searchOver =
      [&](const std::vector<const std::vector<unsigned> *> &components) {
        reset();
        for (const std::vector<unsigned> *ops : components)
          for (unsigned v : *ops) {
            ++(pairable_[v] ? unplacedPairable_ : unplacedAlone_)[classOf(v)];
            for (unsigned p = 0; p < kNumPools; ++p)
              neededUnits_[p] +=
                  int64_t(footprint(v).pools[p]) * footprint(v).duration;
          }
        return !lacksRoom() && dfs(components, 0, 0);
      };
  // Each component alone first: a component that does not fit by itself
  // proves the II infeasible without the search over the others.
  std::vector<const std::vector<unsigned> *> all;
  for (const std::vector<unsigned> &ops : components_) {
    all.push_back(&ops);
    if (ops.size() < 2)
      continue;
    bool ok = searchOver({&ops});
    if (outOfBudget_)
      break;
    if (!ok) {
      result.steps = steps_;
      return result;
    }
  }
  bool ok = !outOfBudget_ && searchOver(all);
  result.steps = steps_;
  if (!ok) {
    if (outOfBudget_)
      result.verdict = Verdict::Unknown;
    return result;
  }
  result.verdict = Verdict::Feasible;
  result.schedule = finish();
  return result;
}

} // namespace

ExactSearchResult
tilecheck::sched::searchModuloSchedule(const DependenceGraph &graph,
                                       const MachineModel &model, unsigned ii,
                                       uint64_t budget) {
  ExactSearchResult result = Search(graph, model, ii, budget).run();
  if (result.verdict == Verdict::Feasible) {
    result.schedule.resMII = graph.resMII(model).value_or(0);
    result.schedule.recMII = graph.recMII().value_or(0);
    result.schedule.mii =
        std::max({result.schedule.resMII, result.schedule.recMII, 1u});
  }
  return result;
}

IILowerBound tilecheck::sched::provenIILowerBound(const DependenceGraph &graph,
                                                  const MachineModel &model,
                                                  unsigned limit,
                                                  uint64_t budgetPerII) {
  IILowerBound bound;
  std::optional<unsigned> res = graph.resMII(model);
  std::optional<unsigned> rec = graph.recMII();
  if (!res || !rec)
    return bound;
  for (unsigned ii = std::max({*res, *rec, 1u}); ii < limit; ++ii) {
    ExactSearchResult r = searchModuloSchedule(graph, model, ii, budgetPerII);
    bound.steps += r.steps;
    if (r.verdict != Verdict::Infeasible) {
      bound.ii = ii;
      bound.verdict = r.verdict;
      return bound;
    }
  }
  bound.ii = std::max({*res, *rec, 1u, limit});
  bound.verdict = Verdict::Unknown;
  return bound;
}
