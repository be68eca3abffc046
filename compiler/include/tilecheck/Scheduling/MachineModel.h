//===- MachineModel.h - What the schedulers know about a target -*- C++ -*-===//
//
// The machine model the schedulers read: per target, the issue slots (one
// issue per slot and cycle; Blackwell's is the 15-slot model of seed 004),
// the capacity vector of the nine resource pools, and per op class its
// latency and its reservation footprint (the slot it issues on, how many
// cycles it holds it, and how many units of each pool it holds meanwhile).
//
// Latency and footprint are different facts: a TMA load holds the TMA
// engine for a few cycles (its footprint, which bounds II through ResMII)
// and delivers its data hundreds of cycles later (its latency, which bounds
// II only through loop-carried dependences, RecMII).
//
// The table lives in MachineModel.cpp and nowhere else;
// compiler/docs/Scheduling.md writes it down with where each number comes
// from.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SCHEDULING_MACHINEMODEL_H
#define TILECHECK_SCHEDULING_MACHINEMODEL_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::sched {

enum class Target : uint8_t { SM80, SM90, SM100, SM120 };

/// "sm_80", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_120", ... (the
/// suffix is accepted and ignored), or nullopt.
std::optional<Target> parseTarget(llvm::StringRef name);
llvm::StringRef targetName(Target target);
std::vector<Target> allTargets();

/// What an op does to the machine, at the granularity the scheduler sees
/// (one tile-level op of the CTA). MachineModel.cpp maps nv_tileas ops to
/// these through classOfOp.
enum class OpClass : uint8_t {
  /// Bookkeeping that emits no instruction (views, iterators, constants).
  Free,
  /// Elementwise integer/float arithmetic on register tiles.
  Alu,
  /// Transcendentals (MUFU).
  Sfu,
  /// Register-to-register data movement (shuffles, layout conversion
  /// without shared memory).
  Shuffle,
  GlobalLoad,
  GlobalStore,
  SmemRead,
  SmemWrite,
  /// cp.async global-to-shared copy.
  AsyncCopy,
  TmaLoad,
  TmaStore,
  /// mma.sync (sm_80+).
  MmaSync,
  /// wgmma (sm_90a).
  Wgmma,
  /// tcgen05.mma (sm_100a), accumulating in tensor memory.
  Tcgen05Mma,
  TmemLoad,
  TmemStore,
  /// mbarrier arrive/wait, named barriers, pipeline acquire/release.
  Barrier,
  /// Cross-lane reductions and scans.
  Reduce,
};
inline constexpr unsigned kNumOpClasses = 18;
llvm::StringRef opClassName(OpClass c);
std::optional<OpClass> parseOpClass(llvm::StringRef name);

/// The nine resource pools (the order is the capacity vector's).
enum class Pool : uint8_t {
  GmemRead,  // tp_gmem_rd: outstanding global read transports
  GmemWrite, // tp_gmem_wr
  Tma,       // tp_tma: the TMA engine
  SmemWrite, // tp_smem_wr: shared-memory write transports
  SmemRead,  // tp_smem_rd
  Mma,       // tp_mma: tensor cores
  TmemRead,  // tp_tmem_rd (tensor memory, sm_100+)
  TmemWrite, // tp_tmem_wr
  Barrier,   // tp_bar: barrier units
};
inline constexpr unsigned kNumPools = 9;
llvm::StringRef poolName(Pool p);

/// What one op holds while it issues: `slot` for `duration` cycles from its
/// start, and `pools[p]` units of pool p during the same cycles.
struct Footprint {
  /// Index into MachineModel::slotNames; -1 for Free ops (they hold
  /// nothing).
  int slot = -1;
  unsigned duration = 0;
  std::array<uint8_t, kNumPools> pools{};

  bool holdsNothing() const { return slot < 0; }
};

struct OpTiming {
  /// Cycles from the op's start until a dependent op may start.
  unsigned latency = 0;
  Footprint footprint;
  /// False when the target has no such unit (tcgen05 before sm_100, wgmma
  /// outside sm_90): the scheduler refuses such a body.
  bool supported = true;
};

class MachineModel {
public:
  static MachineModel forTarget(Target target);
  /// The same model in units of `factor` cycles: latencies and durations
  /// divided, rounded up (reservation-table compression).
  MachineModel scaled(unsigned factor) const;

  Target target() const { return target_; }
  unsigned numSlots() const { return slotNames_.size(); }
  llvm::StringRef slotName(unsigned slot) const { return slotNames_[slot]; }
  unsigned poolCapacity(Pool p) const {
    return capacities_[static_cast<unsigned>(p)];
  }
  const std::array<uint8_t, kNumPools> &capacities() const {
    return capacities_;
  }
  const OpTiming &timing(OpClass c) const {
    return timings_[static_cast<unsigned>(c)];
  }

private:
  Target target_ = Target::SM80;
  std::vector<std::string> slotNames_;
  std::array<uint8_t, kNumPools> capacities_{};
  std::array<OpTiming, kNumOpClasses> timings_{};
};

/// The class of an op by its name ("nv_tileas.dot", "arith.addf", ...) and
/// the target (dot is mma.sync, wgmma or tcgen05 depending on it). Unknown
/// ops are Alu: they cost an issue, never nothing.
OpClass classOfOp(llvm::StringRef opName, Target target);

} // namespace tilecheck::sched

#endif // TILECHECK_SCHEDULING_MACHINEMODEL_H
