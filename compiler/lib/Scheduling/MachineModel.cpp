//===- MachineModel.cpp - The per-target scheduling table -----------------===//
//
// The one table of latencies, footprints, slots and pool capacities.
// compiler/docs/Scheduling.md explains each number and where it comes from;
// change both together.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/MachineModel.h"
#include "tilecheck/Support/EnumNames.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace tilecheck::sched;
using llvm::StringRef;

std::optional<Target> tilecheck::sched::parseTarget(StringRef name) {
  StringRef digits = name;
  if (!digits.consume_front("sm_"))
    return std::nullopt;
  digits = digits.rtrim("af");
  return llvm::StringSwitch<std::optional<Target>>(digits)
      .Cases({"80", "86", "89"}, Target::SM80)
      .Case("90", Target::SM90)
      .Cases({"100", "103"}, Target::SM100)
      .Cases({"120", "121"}, Target::SM120)
      .Default(std::nullopt);
}

StringRef tilecheck::sched::targetName(Target target) {
  static constexpr llvm::StringLiteral names[] = {"sm_80", "sm_90", "sm_100",
                                                  "sm_120"};
  static_assert(std::size(names) == size_t(Target::SM120) + 1);
  return tilecheck::nameOf(names, target);
}

std::vector<Target> tilecheck::sched::allTargets() {
  return {Target::SM80, Target::SM90, Target::SM100, Target::SM120};
}

static constexpr const char *kOpClassNames[kNumOpClasses] = {
    "free",         "alu",       "sfu",        "shuffle",     "global_load",
    "global_store", "smem_read", "smem_write", "async_copy",  "tma_load",
    "tma_store",    "mma_sync",  "wgmma",      "tcgen05_mma", "tmem_load",
    "tmem_store",   "barrier",   "reduce"};

StringRef tilecheck::sched::opClassName(OpClass c) {
  return kOpClassNames[static_cast<unsigned>(c)];
}

std::optional<OpClass> tilecheck::sched::parseOpClass(StringRef name) {
  for (unsigned i = 0; i < kNumOpClasses; ++i)
    if (name == kOpClassNames[i])
      return static_cast<OpClass>(i);
  return std::nullopt;
}

StringRef tilecheck::sched::poolName(Pool p) {
  static constexpr const char *names[kNumPools] = {
      "tp_gmem_rd", "tp_gmem_wr", "tp_tma",     "tp_smem_wr", "tp_smem_rd",
      "tp_mma",     "tp_tmem_rd", "tp_tmem_wr", "tp_bar"};
  return names[static_cast<unsigned>(p)];
}

namespace {
/// One row of the table: the slot by name, how long the op holds it, the
/// pool units it holds, and its latency.
struct Row {
  OpClass opClass;
  const char *slot; // nullptr: holds nothing
  unsigned duration;
  std::initializer_list<std::pair<Pool, uint8_t>> pools;
  unsigned latency;
};
} // namespace

MachineModel MachineModel::forTarget(Target target) {
  MachineModel m;
  m.target_ = target;
  const bool sm90 = target == Target::SM90;
  const bool sm100 = target == Target::SM100;
  const bool hasTma = target != Target::SM80;

  // Issue slots: one per pipe the tile-level ops issue on. sm_100 is the
  // 15-slot model of seed 004.
  m.slotNames_ = {"alu", "mufu", "shfl", "lsu", "lds", "sts", "ldgsts"};
  if (hasTma) {
    m.slotNames_.push_back("tma_ld");
    m.slotNames_.push_back("tma_st");
  }
  m.slotNames_.push_back("hmma");
  if (sm90)
    m.slotNames_.push_back("wgmma");
  if (sm100) {
    m.slotNames_.push_back("utcmma");
    m.slotNames_.push_back("utcld");
    m.slotNames_.push_back("utcst");
  }
  m.slotNames_.push_back("sync");
  m.slotNames_.push_back("redux");

  // Pool capacity vector (units per cycle), in Pool order.
  m.capacities_ = {/*tp_gmem_rd*/ 4,
                   /*tp_gmem_wr*/ 2,
                   /*tp_tma*/ static_cast<uint8_t>(hasTma ? 1 : 0),
                   /*tp_smem_wr*/ 4,
                   /*tp_smem_rd*/ static_cast<uint8_t>(sm100 ? 5 : 4),
                   /*tp_mma*/ 4,
                   /*tp_tmem_rd*/ static_cast<uint8_t>(sm100 ? 4 : 0),
                   /*tp_tmem_wr*/ static_cast<uint8_t>(sm100 ? 4 : 0),
                   /*tp_bar*/ 2};

  const unsigned dram = 500;
  const Row rows[] = {
      {OpClass::Free, nullptr, 0, {}, 0},
      {OpClass::Alu, "alu", 1, {}, 4},
      {OpClass::Sfu, "mufu", 2, {}, 16},
      {OpClass::Shuffle, "shfl", 2, {}, 24},
      {OpClass::GlobalLoad, "lsu", 2, {{Pool::GmemRead, 1}}, dram},
      {OpClass::GlobalStore, "lsu", 2, {{Pool::GmemWrite, 1}}, 4},
      {OpClass::SmemRead, "lds", 2, {{Pool::SmemRead, 1}}, 30},
      {OpClass::SmemWrite, "sts", 2, {{Pool::SmemWrite, 1}}, 20},
      {OpClass::AsyncCopy,
       "ldgsts",
       2,
       {{Pool::GmemRead, 1}, {Pool::SmemWrite, 1}},
       dram},
      {OpClass::TmaLoad,
       "tma_ld",
       4,
       {{Pool::Tma, 1}, {Pool::SmemWrite, 1}},
       dram + 50},
      {OpClass::TmaStore,
       "tma_st",
       4,
       {{Pool::Tma, 1}, {Pool::SmemRead, 1}},
       40},
      {OpClass::MmaSync, "hmma", 4, {{Pool::Mma, 1}}, 32},
      {OpClass::Wgmma, "wgmma", 16, {{Pool::Mma, 4}, {Pool::SmemRead, 1}}, 128},
      {OpClass::Tcgen05Mma,
       "utcmma",
       16,
       {{Pool::Mma, 4}, {Pool::SmemRead, 1}, {Pool::TmemWrite, 1}},
       128},
      {OpClass::TmemLoad, "utcld", 4, {{Pool::TmemRead, 1}}, 16},
      {OpClass::TmemStore, "utcst", 4, {{Pool::TmemWrite, 1}}, 16},
      {OpClass::Barrier, "sync", 1, {{Pool::Barrier, 1}}, 16},
      {OpClass::Reduce, "redux", 4, {}, 40},
  };
  static_assert(sizeof(rows) / sizeof(rows[0]) == kNumOpClasses);

  for (const Row &row : rows) {
    OpTiming &t = m.timings_[static_cast<unsigned>(row.opClass)];
    t.latency = row.latency;
    t.footprint.duration = row.duration;
    for (auto [pool, units] : row.pools) {
      t.footprint.pools[static_cast<unsigned>(pool)] = units;
      if (m.capacities_[static_cast<unsigned>(pool)] < units)
        t.supported = false;
    }
    if (row.slot) {
      auto it = std::find(m.slotNames_.begin(), m.slotNames_.end(),
                          StringRef(row.slot));
      if (it == m.slotNames_.end())
        t.supported = false;
      else
        t.footprint.slot = static_cast<int>(it - m.slotNames_.begin());
    }
  }
  return m;
}

MachineModel MachineModel::scaled(unsigned factor) const {
  MachineModel m = *this;
  if (factor <= 1)
    return m;
  for (OpTiming &t : m.timings_) {
    t.latency = (t.latency + factor - 1) / factor;
    t.footprint.duration = (t.footprint.duration + factor - 1) / factor;
  }
  return m;
}

OpClass tilecheck::sched::classOfOp(StringRef opName, Target target) {
  StringRef dialect, base;
  std::tie(dialect, base) = opName.split('.');
  if (base.empty())
    base = dialect;
  // Pipeline ops: "nv_tileas.async.pipeline.consumer_read".
  StringRef leaf = opName.rsplit('.').second;
  if (leaf.empty())
    leaf = opName;

  if (leaf == "dot" || leaf == "dot_int" || leaf == "block_scaled_mma" ||
      leaf == "mma_block_scale" || leaf == "mmaf" || leaf == "mmai" ||
      leaf == "mmaf_scaled") {
    switch (target) {
    case Target::SM90:
      return OpClass::Wgmma;
    case Target::SM100:
      return OpClass::Tcgen05Mma;
    default:
      return OpClass::MmaSync;
    }
  }
  if (base.starts_with("async.pipeline.") || base.starts_with("queue.")) {
    return llvm::StringSwitch<OpClass>(leaf)
        .Cases({"producer_write", "put"}, OpClass::SmemWrite)
        .Cases({"consumer_read", "get"}, OpClass::SmemRead)
        .Cases({"producer_acquire", "producer_commit", "consumer_wait",
                "consumer_release", "produce_one", "consume_one"},
               OpClass::Barrier)
        .Default(OpClass::Free);
  }
  return llvm::StringSwitch<OpClass>(leaf)
      .Cases({"tiled_load", "load_ptr_tko", "load_view_tko", "load"},
             OpClass::GlobalLoad)
      .Cases({"tiled_store", "store_ptr_tko", "store_view_tko", "store",
              "tiled_atomic_rmw", "atomic_rmw_tko", "atomic_cas_tko"},
             OpClass::GlobalStore)
      .Case("copy", OpClass::SmemWrite)
      .Case("smem_load", OpClass::SmemRead)
      .Cases({"wait", "future_wait"}, OpClass::Barrier)
      .Cases({"convert_layout", "shuffle", "reshape", "permute", "transpose",
              "cat", "extract", "broadcast"},
             OpClass::Shuffle)
      .Cases({"reduce", "scan"}, OpClass::Reduce)
      .Cases(
          {"exp", "exp2", "log", "log2", "sin", "cos", "tan", "tanh", "rsqrt"},
          OpClass::Sfu)
      .Cases({"sqrt", "pow", "sinh", "cosh", "atan2", "erf"}, OpClass::Sfu)
      .Cases({"constant", "alloc_tensor", "to_async", "create_none",
              "make_memref", "memref_shape", "index_space_shape",
              "mark_for_reuse"},
             OpClass::Free)
      .Cases({"yield", "return", "assume", "make_tensor_view",
              "make_partition_view", "get_tile_block_id",
              "get_num_tile_blocks"},
             OpClass::Free)
      .Cases({"empty", "bitcast", "index_cast"}, OpClass::Free)
      .Default(OpClass::Alu);
}
