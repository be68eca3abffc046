//===- SimtMachine.cpp - Executing a PTX launch on the CPU
//------------------===//
//
// One CTA at a time (row-major, x fastest), its threads grouped in warps of
// 32 consecutive linear thread ids. A warp issues one instruction at a time
// for a group of lanes: the live lanes with the deepest call stack and,
// among those, the lowest program counter in the same function. Lanes that
// branched apart therefore run the lower path first and meet again where
// the paths join (the reconvergence point of structured code in layout
// order), and lanes stopped at a barrier or exited are not issued. A warp
// runs until none of its lanes can issue; then the next warp runs. When no
// warp of the CTA can issue and some thread has not exited, the CTA is
// deadlocked: a barrier some threads never reach.
//
// Memory: global addresses are the Memory's (the harness's buffers and the
// module's .global/.const variables); the CTA's shared memory is a byte
// array (static variables, then the dynamic window) with, per byte, whether
// it was written and by which thread in which barrier interval, so a read
// of memory nobody wrote and two threads touching a byte in one interval
// with a plain write among them are reported; local memory is per thread, a
// frame per call. Generic addresses map the shared window at kSharedWindow
// and the thread's local memory at kLocalWindow; everything else is global.
//
//===----------------------------------------------------------------------===//

#include "Ptx.h"
#include "SimtFloat.h"
#include "Wgmma.h"

#include "tilecheck/Oracle/Memory.h"
#include "tilecheck/Support/EnumNames.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <type_traits>

using namespace llvm;

namespace tilecheck::oracle::simt {

StringRef name(SimtStatus status) {
  static constexpr llvm::StringLiteral names[] = {
      "ok", "unsupported", "fault", "trap", "step-limit", "error"};
  static_assert(std::size(names) == size_t(SimtStatus::Error) + 1);
  return tilecheck::nameOf(names, status);
}

namespace {

constexpr uint64_t kSharedWindow = 0x0000700000000000ull;
constexpr uint64_t kLocalWindow = 0x0000600000000000ull;
constexpr uint64_t kWindowSize = 1ull << 40;
constexpr uint32_t kWarp = 32;
constexpr int32_t kNoThread = -1, kManyThreads = -2;
/// The reader of a shared byte that warpgroup g's wgmma.mma_async read:
/// -3 - g (the race check's mark).
constexpr int32_t wgmmaReader(uint32_t group) { return -3 - int32_t(group); }
constexpr bool isWgmmaReader(int32_t reader) { return reader <= -3; }
constexpr uint32_t readerGroup(int32_t reader) { return uint32_t(-3 - reader); }

uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }
uint64_t sext(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return v;
  if (bits == 0)
    return 0;
  v &= mask(bits);
  if ((v >> (bits - 1)) & 1)
    v |= ~mask(bits);
  return v;
}
int64_t sval(uint64_t v, unsigned bits) {
  return static_cast<int64_t>(sext(v, bits));
}

/// A packed 16x2 operation: `f` on each pair of 16-bit halves.
template <typename F> uint64_t perHalf16(uint64_t a, uint64_t b, F f) {
  uint64_t r = 0;
  for (unsigned h = 0; h < 2; ++h)
    r |= (f((a >> (16 * h)) & 0xffff, (b >> (16 * h)) & 0xffff) & 0xffff)
         << (16 * h);
  return r;
}

struct Frame {
  int32_t fn = 0;
  uint32_t pc = 0;
  std::vector<uint64_t> regs;
  std::vector<uint8_t> params;
  uint64_t localBase = 0;
  /// The call instruction of the caller (for the return copy), or null.
  const Inst *callSite = nullptr;
  /// In modules with wgmma: the registers read or written since the
  /// thread's last wgmma.fence (one byte each; reads mark it too).
  mutable std::vector<uint8_t> accessed;
};

/// A register operand of a wgmma.mma_async not yet waited on: the
/// instance's number in its warpgroup, the frame (depth) and register.
struct PendingReg {
  uint64_t seq;
  uint32_t depth;
  int32_t reg;
};

/// Spinning: an mbarrier wait that found its phase incomplete; the thread
/// yields and retries it on the CTA's next round.
enum class State : uint8_t { Running, Barrier, Spinning, Exited };

/// A cp.async in flight: its source bytes (read at issue) and where they
/// land in shared memory when its group completes.
struct AsyncCopy {
  uint64_t dst = 0;
  std::vector<uint8_t> bytes;
  const Inst *inst = nullptr;
};

struct Thread {
  std::vector<Frame> frames;
  State state = State::Running;
  uint32_t linear = 0;
  std::array<uint32_t, 3> tid{};
  bool carry = false;
  /// The barrier a thread in State::Barrier waits at.
  uint32_t barrierId = 0;
  std::vector<uint8_t> local;
  /// cp.async issued and not committed, and committed groups, oldest
  /// first.
  std::vector<AsyncCopy> uncommitted;
  std::deque<std::vector<AsyncCopy>> groups;
  /// wgmma: the registers of its warp's mma_async instances in flight, the
  /// shared-write count at its last fence.proxy.async, and whether it
  /// spins at a wgmma.wait_group (for the deadlock report).
  std::vector<PendingReg> wgmmaRegs;
  uint64_t proxyFence = 0;
  bool atWgmmaWait = false;
};

/// Why a run stops early.
struct Stop {
  SimtStatus status;
  std::string message, instruction;
};

class Machine {
public:
  Machine(const PtxModule &m, const SimtLaunch &l, Memory &mem)
      : mod(m), launch(l), memory(mem) {}

  SimtResult run() {
    SimtResult result;
    if (auto stop = prepare()) {
      result.status = stop->status;
      result.message = stop->message;
      return result;
    }
    uint64_t numCtas =
        uint64_t(launch.grid[0]) * launch.grid[1] * launch.grid[2];
    for (uint64_t c = 0; c < numCtas; ++c) {
      ctaid = {uint32_t(c % launch.grid[0]),
               uint32_t((c / launch.grid[0]) % launch.grid[1]),
               uint32_t(c / (uint64_t(launch.grid[0]) * launch.grid[1]))};
      ctaLinear = static_cast<int32_t>(c);
      if (auto stop = runCta()) {
        result.status = stop->status;
        result.message = stop->message;
        result.instruction = stop->instruction;
        break;
      }
    }
    result.stats = stats;
    result.printed = std::move(printed);
    return result;
  }

private:
  const PtxModule &mod;
  const SimtLaunch &launch;
  Memory &memory;
  SimtStats stats;
  std::string printed; // vprintf output, in execution order
  int32_t entryFn = -1;
  std::vector<uint64_t> symbolAddress; // module .global/.const variables
  uint64_t dynamicSharedOffset = 0, sharedBytes = 0;
  uint32_t threadsPerCta = 0;

  // Per CTA.
  std::array<uint32_t, 3> ctaid{};
  int32_t ctaLinear = 0;
  std::vector<Thread> threads;
  std::vector<uint8_t> shared, sharedInit, sharedWriterAtomic;
  std::vector<int32_t> sharedWriter, sharedReader;
  std::vector<uint32_t> sharedWriteEpoch, sharedReadEpoch;
  /// Race checking: per byte, the count of shared writes when it was last
  /// written (0: by the async proxy), for wgmma's fence.proxy.async rule.
  std::vector<uint64_t> sharedWriteSeq;
  uint64_t sharedWriteCount = 0;
  uint32_t epoch = 1;
  /// wgmma.mma_async instances of a warpgroup: each warp's n-th mma_async
  /// joins instance n; it computes when its four warps have joined (in
  /// order: a warp joins instance n + 1 after n). `reading`: the shared
  /// bytes of instances not yet waited on, which no store may touch.
  struct WgmmaOp {
    const Inst *inst = nullptr;
    uint64_t descA = 0, descB = 0;
    bool scaleD = false;
    uint32_t warps = 0; // the warps (bits 0-3) that joined
  };
  struct WgmmaRange {
    uint64_t seq, begin, end;
  };
  struct Warpgroup {
    uint64_t computed = 0;
    std::map<uint64_t, WgmmaOp> pending;
    std::vector<WgmmaRange> reading;
  };
  /// Per warp: mma_async instances joined, and the committed groups (each
  /// the instance count it ends at), oldest first.
  struct WarpWgmma {
    uint64_t joined = 0;
    /// Whether the warp has issued a wgmma.fence (its first mma_async
    /// needs one before it).
    bool fenced = false;
    /// The mma_async instructions it issued since its last wgmma.fence
    /// (each once), with the depth of the frame they name registers of (a
    /// return drops the frame's).
    struct Issued {
      const Inst *inst;
      uint32_t depth;
      bool operator==(const Issued &o) const {
        return inst == o.inst && depth == o.depth;
      }
    };
    std::vector<Issued> sinceFence;
    std::deque<uint64_t> groups;
  };
  std::vector<Warpgroup> warpgroups;
  std::vector<WarpWgmma> warpWgmma;
  /// Shared ranges of wgmma instances not yet waited on, at the most (a
  /// kernel that never waits is stopped before it exhausts memory).
  static constexpr size_t kMaxWgmmaRanges = 1 << 20;
  /// Committed groups a warp may have pending.
  static constexpr size_t kMaxWgmmaGroups = 1 << 16;
  struct BarrierState {
    uint32_t arrived = 0, expected = 0;
  };
  std::array<BarrierState, 16> barriers{};
  std::optional<Stop> stop;
  /// Set while a cp.async group completes (its own writes are not checked
  /// against the in-flight list).
  bool completingAsync = false;
  /// mbarrier objects of the CTA by shared-memory offset.
  struct MBarrier {
    uint32_t expected = 0, pending = 0;
    int64_t tx = 0;
    uint64_t phase = 0;
  };
  std::map<uint64_t, MBarrier> mbarriers;
  /// cp.async.bulk copies in flight: they land (and complete their bytes on
  /// the mbarrier) when a thread next waits on that mbarrier.
  struct BulkCopy {
    uint64_t dst, mbar;
    std::vector<uint8_t> bytes;
    const Inst *inst;
    uint32_t thread;
  };
  std::vector<BulkCopy> bulkCopies;
  /// Whether a round of the CTA did anything but retry incomplete waits.
  bool realProgress = false;
  uint64_t failedWaits = 0;
  /// Shared-memory bytes an incomplete cp.async will write: [begin, end)
  /// and the issuing thread.
  struct InFlight {
    uint64_t begin, end;
    uint32_t thread;
  };
  std::vector<InFlight> inFlight;

  //===--------------------------------------------------------------------===//
  // Setup
  //===--------------------------------------------------------------------===//

  std::optional<Stop> prepare() {
    auto it = mod.functionIndex.find(launch.entry);
    if (it == mod.functionIndex.end() || !mod.functions[it->second].isEntry)
      return Stop{SimtStatus::Error,
                  "the PTX has no .entry '" + launch.entry + "'", ""};
    entryFn = it->second;
    const Function &fn = mod.functions[entryFn];
    if (launch.params.size() != fn.params.size())
      return Stop{SimtStatus::Error,
                  formatv("entry '{0}' takes {1} parameters, the launch "
                          "passes {2}",
                          launch.entry, fn.params.size(), launch.params.size())
                      .str(),
                  ""};
    for (size_t i = 0; i < fn.params.size(); ++i)
      if (launch.params[i].size() != mod.symbols[fn.params[i]].size)
        return Stop{SimtStatus::Error,
                    formatv("parameter {0} of '{1}' is {2} bytes, the launch "
                            "passes {3}",
                            i, launch.entry, mod.symbols[fn.params[i]].size,
                            launch.params[i].size())
                        .str(),
                    ""};
    for (uint32_t d : launch.grid)
      if (d == 0)
        return Stop{SimtStatus::Error, "a grid dimension is 0", ""};
    threadsPerCta = launch.block[0] * launch.block[1] * launch.block[2];
    if (threadsPerCta == 0 || threadsPerCta > 1024)
      return Stop{
          SimtStatus::Error,
          formatv("a CTA of {0} threads (1 to 1024)", threadsPerCta).str(), ""};
    const std::array<uint32_t, 3> &maxntid = fn.maxntid;
    if (maxntid[0] &&
        uint64_t(maxntid[0]) * maxntid[1] * maxntid[2] < threadsPerCta)
      return Stop{SimtStatus::Error,
                  formatv("the CTA has {0} threads but '{1}' declares "
                          ".maxntid {2}, {3}, {4}",
                          threadsPerCta, launch.entry, maxntid[0], maxntid[1],
                          maxntid[2])
                      .str(),
                  ""};
    symbolAddress.assign(mod.symbols.size(), 0);
    for (size_t i = 0; i < mod.symbols.size(); ++i) {
      const Symbol &s = mod.symbols[i];
      if (s.function >= 0 ||
          (s.space != Space::Global && s.space != Space::Const))
        continue;
      std::vector<uint8_t> init = s.init;
      init.resize(s.size, 0);
      symbolAddress[i] = memory.allocate(s.name, std::max<uint64_t>(s.size, 1),
                                         std::max<uint64_t>(s.align, 1), init);
    }
    uint64_t a = std::max<uint64_t>(mod.dynamicSharedAlign, 1);
    dynamicSharedOffset = (mod.staticSharedBytes + a - 1) / a * a;
    sharedBytes = dynamicSharedOffset + launch.dynamicSharedBytes;
    return std::nullopt;
  }

  Frame newFrame(int32_t fnIdx, Thread &t) {
    const Function &fn = mod.functions[fnIdx];
    Frame f;
    f.fn = fnIdx;
    f.regs.assign(fn.regTypes.size(), 0);
    if (mod.usesWgmma)
      f.accessed.assign(fn.regTypes.size(), 0);
    f.params.assign(fn.paramBytes, 0);
    f.localBase = t.local.size();
    t.local.resize(t.local.size() + fn.localBytes, 0);
    return f;
  }

  //===--------------------------------------------------------------------===//
  // The CTA loop
  //===--------------------------------------------------------------------===//

  std::optional<Stop> runCta() {
    threads.assign(threadsPerCta, Thread());
    for (uint32_t i = 0; i < threadsPerCta; ++i) {
      Thread &t = threads[i];
      t.linear = i;
      t.tid = {i % launch.block[0], (i / launch.block[0]) % launch.block[1],
               i / (launch.block[0] * launch.block[1])};
      t.frames.push_back(newFrame(entryFn, t));
      Frame &f = t.frames.back();
      const Function &fn = mod.functions[entryFn];
      for (size_t p = 0; p < fn.params.size(); ++p)
        std::memcpy(f.params.data() + mod.symbols[fn.params[p]].offset,
                    launch.params[p].data(), launch.params[p].size());
    }
    shared.assign(sharedBytes, 0);
    sharedInit.assign(sharedBytes, 0);
    if (launch.detectRaces) {
      sharedWriter.assign(sharedBytes, kNoThread);
      sharedReader.assign(sharedBytes, kNoThread);
      sharedWriteEpoch.assign(sharedBytes, 0);
      sharedReadEpoch.assign(sharedBytes, 0);
      sharedWriterAtomic.assign(sharedBytes, 0);
      sharedWriteSeq.assign(sharedBytes, 0);
    }
    sharedWriteCount = 0;
    epoch = 1;
    barriers = {};
    inFlight.clear();
    mbarriers.clear();
    bulkCopies.clear();
    uint32_t numWarps = (threadsPerCta + kWarp - 1) / kWarp;
    warpgroups.assign((numWarps + 3) / 4, Warpgroup());
    warpWgmma.assign(numWarps, WarpWgmma());
    while (true) {
      realProgress = false;
      for (Thread &t : threads)
        if (t.state == State::Spinning)
          t.state = State::Running;
      for (uint32_t w = 0; w < numWarps; ++w) {
        runWarp(w);
        if (stop)
          return stop;
      }
      uint32_t exited = 0, waiting = 0, spinning = 0, atWgmma = 0;
      for (const Thread &t : threads) {
        exited += t.state == State::Exited;
        waiting += t.state == State::Barrier;
        spinning += t.state == State::Spinning;
        atWgmma += t.state == State::Spinning && t.atWgmmaWait;
      }
      if (exited == threadsPerCta)
        return std::nullopt;
      if (!realProgress) {
        std::string where =
            formatv("CTA ({0},{1},{2})", ctaid[0], ctaid[1], ctaid[2]);
        auto fault = [](std::string message) {
          return Stop{SimtStatus::Fault, std::move(message), ""};
        };
        if (atWgmma > 0)
          return fault(formatv("deadlock: {0} threads wait at "
                               "wgmma.wait_group for a wgmma.mma_async the "
                               "other warps of their warpgroup never issue "
                               "({1} at barriers, {2} exited) ({3})",
                               atWgmma, waiting, exited, where));
        if (spinning > 0)
          return fault(formatv("deadlocked mbarrier: {0} threads wait on an "
                               "mbarrier phase that never completes ({1} at "
                               "barriers, {2} exited) ({3})",
                               spinning, waiting, exited, where));
        if (exited > 0)
          return fault(formatv("barrier reached by a partial CTA: {0} of {1} "
                               "threads wait at a barrier, {2} exited without "
                               "reaching it ({3})",
                               waiting, threadsPerCta, exited, where));
        return fault(formatv("deadlock: {0} threads wait at barriers that "
                             "never complete ({1})",
                             waiting, where));
      }
    }
  }

  /// Whether the frame's next instruction is mma.sync, ldmatrix, stmatrix
  /// or a wgmma (matrix() and wgmmaWarp(): all 32 lanes together).
  bool atWarpMatrix(const Frame &f) const {
    const Function &fn = mod.functions[f.fn];
    if (f.pc >= fn.code.size())
      return false;
    Opc op = fn.code[f.pc].op;
    return op == Opc::Mma || op == Opc::Ldmatrix || op == Opc::Stmatrix ||
           (op >= Opc::WgmmaFence && op <= Opc::WgmmaMma);
  }

  /// Issues instructions for warp `w` until none of its lanes can run
  /// (progress is tracked by realProgress).
  void runWarp(uint32_t w) {
    uint32_t first = w * kWarp;
    uint32_t last = std::min(first + kWarp, threadsPerCta);
    while (!stop) {
      // Pick the group: lanes that are not waiting at a warp-wide matrix
      // instruction first (mma.sync, ldmatrix and stmatrix wait until the
      // whole warp is there: lanes a loop's latch laid out before its body
      // sent ahead wait for the others), then the deepest frame, then the
      // lowest pc. Lanes parked at one only issue when no other lane can.
      int32_t bestLane = -1;
      size_t bestDepth = 0;
      uint32_t bestPc = 0;
      int32_t bestFn = 0;
      bool bestParked = false;
      uint32_t live = 0;
      for (uint32_t i = first; i < last; ++i) {
        Thread &t = threads[i];
        if (t.state == State::Exited)
          continue;
        ++live;
        if (t.state != State::Running)
          continue;
        const Frame &f = t.frames.back();
        size_t depth = t.frames.size();
        bool parked = atWarpMatrix(f);
        if (bestLane < 0 || (!parked && bestParked) ||
            (parked == bestParked &&
             (depth > bestDepth ||
              (depth == bestDepth &&
               (f.fn < bestFn || (f.fn == bestFn && f.pc < bestPc)))))) {
          bestLane = static_cast<int32_t>(i);
          bestDepth = depth;
          bestPc = f.pc;
          bestFn = f.fn;
          bestParked = parked;
        }
      }
      if (bestLane < 0)
        return;
      uint32_t group = 0;
      unsigned count = 0;
      for (uint32_t i = first; i < last; ++i) {
        Thread &t = threads[i];
        if (t.state != State::Running || t.frames.size() != bestDepth)
          continue;
        const Frame &f = t.frames.back();
        if (f.fn == bestFn && f.pc == bestPc) {
          group |= 1u << (i - first);
          ++count;
        }
      }
      if (++stats.warpInstructions > launch.maxWarpSteps) {
        stop = Stop{SimtStatus::StepLimit,
                    formatv("the step budget of {0} warp-instructions ran out "
                            "(a probable hang)",
                            launch.maxWarpSteps)
                        .str(),
                    ""};
        return;
      }
      stats.threadInstructions += count;
      if (count < live)
        ++stats.divergentIssues;
      const Function &fn = mod.functions[bestFn];
      if (bestPc >= fn.code.size()) {
        // Falling off the end of a function is a return.
        realProgress = true;
        for (uint32_t i = first; i < last; ++i)
          if (group >> (i - first) & 1)
            doReturn(threads[i]);
        continue;
      }
      issue(fn.code[bestPc], first, group);
    }
  }

  //===--------------------------------------------------------------------===//
  // Faults
  //===--------------------------------------------------------------------===//

  std::string where(const Thread &t, const Inst &inst) const {
    return formatv("CTA ({0},{1},{2}), thread ({3},{4},{5}), PTX line {6}: "
                   "{7}",
                   ctaid[0], ctaid[1], ctaid[2], t.tid[0], t.tid[1], t.tid[2],
                   inst.line, inst.opcode)
        .str();
  }
  void fault(const Thread &t, const Inst &inst, const Twine &msg) {
    if (!stop)
      stop = Stop{SimtStatus::Fault, (msg + " (" + where(t, inst) + ")").str(),
                  ""};
  }
  void unsupported(const Thread &t, const Inst &inst, const Twine &what) {
    if (!stop)
      stop = Stop{SimtStatus::Unsupported,
                  ("unsupported: " + what + " (" + where(t, inst) + ")").str(),
                  what.str()};
  }

  //===--------------------------------------------------------------------===//
  // Operands
  //===--------------------------------------------------------------------===//

  uint64_t special(const Thread &t, Special s) const {
    switch (s) {
    case Special::TidX:
      return t.tid[0];
    case Special::TidY:
      return t.tid[1];
    case Special::TidZ:
      return t.tid[2];
    case Special::NtidX:
      return launch.block[0];
    case Special::NtidY:
      return launch.block[1];
    case Special::NtidZ:
      return launch.block[2];
    case Special::CtaidX:
    case Special::ClusteridX:
      return ctaid[0];
    case Special::CtaidY:
    case Special::ClusteridY:
      return ctaid[1];
    case Special::CtaidZ:
    case Special::ClusteridZ:
      return ctaid[2];
    case Special::NctaidX:
    case Special::NClusteridX:
      return launch.grid[0];
    case Special::NctaidY:
    case Special::NClusteridY:
      return launch.grid[1];
    case Special::NctaidZ:
    case Special::NClusteridZ:
      return launch.grid[2];
    case Special::LaneId:
      return t.linear % kWarp;
    case Special::WarpId:
      return t.linear / kWarp;
    case Special::NWarpId:
      return (threadsPerCta + kWarp - 1) / kWarp;
    case Special::SmId:
    case Special::GridId:
      return 0;
    case Special::NSmId:
      return 1;
    case Special::LanemaskEq:
      return 1u << (t.linear % kWarp);
    case Special::LanemaskLt:
      return (1u << (t.linear % kWarp)) - 1;
    case Special::LanemaskLe:
      return (2ull << (t.linear % kWarp)) - 1;
    case Special::LanemaskGt:
      return ~((2ull << (t.linear % kWarp)) - 1) & 0xffffffffu;
    case Special::LanemaskGe:
      return ~((1ull << (t.linear % kWarp)) - 1) & 0xffffffffu;
    case Special::Clock:
    case Special::Clock64:
    case Special::GlobalTimer:
      return stats.warpInstructions;
    case Special::ClusterCtaRank:
    case Special::IsExplicitCluster:
    case Special::ClusterCtaidX:
    case Special::ClusterCtaidY:
    case Special::ClusterCtaidZ:
      return 0;
    case Special::ClusterNCtaRank:
    case Special::ClusterNCtaidX:
    case Special::ClusterNCtaidY:
    case Special::ClusterNCtaidZ:
      return 1;
    case Special::DynamicSmemSize:
      return launch.dynamicSharedBytes;
    case Special::TotalSmemSize:
      return sharedBytes;
    }
    return 0;
  }

  /// The address of a symbol in its own space (global: the Memory's
  /// address; shared: the offset in the CTA's window; local: the offset in
  /// the thread's local memory; param: the offset in the frame's area).
  uint64_t symAddr(const Thread &t, int32_t sym) const {
    const Symbol &s = mod.symbols[sym];
    switch (s.space) {
    case Space::Global:
    case Space::Const:
      return symbolAddress[sym];
    case Space::Shared:
      return s.dynamic ? dynamicSharedOffset : s.offset;
    case Space::Local:
      return t.frames.back().localBase + s.offset;
    case Space::Param:
    case Space::Generic:
      return s.offset;
    }
    return 0;
  }

  uint64_t read(const Thread &t, const Operand &o) const {
    uint64_t v = 0;
    switch (o.kind) {
    case Operand::Reg:
      v = t.frames.back().regs[o.reg];
      if (mod.usesWgmma)
        t.frames.back().accessed[o.reg] = 1;
      break;
    case Operand::Imm:
      v = static_cast<uint64_t>(o.imm);
      break;
    case Operand::Spec:
      v = special(t, o.special);
      break;
    case Operand::Sym:
      v = symAddr(t, o.sym);
      break;
    default:
      break;
    }
    return o.negated ? !(v & 1) : v;
  }
  void write(Thread &t, const Operand &o, uint64_t v) {
    if (o.kind != Operand::Reg)
      return;
    Frame &f = t.frames.back();
    f.regs[o.reg] = v;
    if (mod.usesWgmma)
      f.accessed[o.reg] = 1;
  }

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  /// Resolves a generic address to its space.
  Space classify(uint64_t &addr) const {
    if (addr >= kSharedWindow && addr < kSharedWindow + kWindowSize) {
      addr -= kSharedWindow;
      return Space::Shared;
    }
    if (addr >= kLocalWindow && addr < kLocalWindow + kWindowSize) {
      addr -= kLocalWindow;
      return Space::Local;
    }
    return Space::Global;
  }

  StringRef spaceName(Space s) const {
    static constexpr llvm::StringLiteral names[] = {
        "generic", "global", "shared", "local", "param", "const"};
    static_assert(std::size(names) == size_t(Space::Const) + 1);
    return tilecheck::nameOf(names, s);
  }

  /// Reads or writes `n` bytes. Returns false after reporting a fault.
  bool access(Thread &t, const Inst &inst, Space space, uint64_t addr,
              uint8_t *data, unsigned n, bool isWrite, bool atomic) {
    if (space == Space::Generic)
      space = classify(addr);
    StringRef verb = isWrite ? "store" : "load";
    // Natural alignment of the whole access (a power of two, at most 16).
    if (space != Space::Param && n > 0 &&
        (addr % std::min(16u, n & (~n + 1))) != 0) {
      fault(t, inst,
            formatv("misaligned {0} {1} of {2} bytes at 0x{3:x}",
                    spaceName(space), verb, n, addr));
      return false;
    }
    switch (space) {
    case Space::Global:
    case Space::Const: {
      std::string error;
      Ordering ord = atomic ? Ordering::Atomic : Ordering::Weak;
      bool ok = isWrite ? memory.write(addr, data, n, ctaLinear, ord, error)
                        : memory.read(addr, data, n, ctaLinear, ord, error);
      if (!ok)
        fault(t, inst, "global " + verb + ": " + error);
      return ok;
    }
    case Space::Shared: {
      if (addr + n > sharedBytes || addr + n < addr) {
        fault(t, inst,
              formatv("out-of-bounds shared {0} of {1} bytes at offset {2} "
                      "(the CTA has {3} bytes of shared memory)",
                      verb, n, addr, sharedBytes));
        return false;
      }
      for (const InFlight &f : inFlight)
        if (addr < f.end && f.begin < addr + n && !completingAsync) {
          fault(t, inst,
                formatv("shared {0} at offset {1} touches bytes a cp.async "
                        "of thread {2} has not written yet (wait for its "
                        "group first)",
                        verb, addr, f.thread));
          return false;
        }
      if (isWrite && mod.usesWgmma)
        for (const Warpgroup &wg : warpgroups)
          for (const WgmmaRange &r : wg.reading)
            if (addr < r.end && r.begin < addr + n) {
              fault(t, inst,
                    formatv("shared store at offset {0} overwrites bytes a "
                            "wgmma.mma_async still reads (wait for its group "
                            "with wgmma.wait_group first)",
                            addr));
              return false;
            }
      int32_t me = static_cast<int32_t>(t.linear);
      uint32_t myGroup = t.linear / wgmma::kThreads;
      // A cp.async.bulk lands through the async proxy: wgmma may read it
      // without fence.proxy.async.
      uint64_t writeSeq = 0;
      if (isWrite && !(completingAsync && inst.op == Opc::CpAsyncBulk))
        writeSeq = ++sharedWriteCount;
      for (unsigned i = 0; i < n; ++i) {
        uint64_t b = addr + i;
        if (!isWrite && !sharedInit[b]) {
          fault(
              t, inst,
              formatv("read of uninitialized shared memory at offset {0}", b));
          return false;
        }
        if (!launch.detectRaces)
          continue;
        bool wroteNow = sharedWriteEpoch[b] == epoch && sharedWriter[b] != me &&
                        sharedWriter[b] != kNoThread;
        // A wgmma.mma_async's reads are ordered before its own
        // warpgroup's accesses after the wait (a store before it faults
        // above).
        int32_t reader = sharedReader[b];
        bool readNow =
            sharedReadEpoch[b] == epoch && reader != kNoThread &&
            reader != me &&
            !(isWgmmaReader(reader) && readerGroup(reader) == myGroup);
        bool otherAtomic = sharedWriterAtomic[b] != 0;
        if ((wroteNow && !(atomic && otherAtomic)) ||
            (isWrite && !atomic && readNow)) {
          std::string other =
              wroteNow || reader >= 0
                  ? formatv("threads {0} and {1} access it", me,
                            wroteNow ? sharedWriter[b] : reader)
                        .str()
              : isWgmmaReader(reader)
                  ? formatv("thread {0} writes it after warpgroup {1}'s "
                            "wgmma.mma_async read it",
                            me, readerGroup(reader))
                        .str()
                  : formatv("thread {0} writes it after other threads (or a "
                            "wgmma.mma_async) read it",
                            me)
                        .str();
          fault(t, inst,
                formatv("data race on shared memory at offset {0}: {1} with "
                        "no barrier between, at least one writing",
                        b, other));
          return false;
        }
        if (isWrite) {
          sharedWriter[b] = me;
          sharedWriteEpoch[b] = epoch;
          sharedWriterAtomic[b] = atomic;
          sharedWriteSeq[b] = writeSeq;
        } else if (!atomic) {
          // A thread of the warpgroup whose wgmma read the byte leaves the
          // wgmma's mark (a write of a third thread then races with this
          // read unreported; never a false report).
          if (sharedReadEpoch[b] != epoch)
            sharedReader[b] = me;
          else if (reader != me && reader != wgmmaReader(myGroup))
            sharedReader[b] = kManyThreads;
          sharedReadEpoch[b] = epoch;
        }
      }
      if (isWrite) {
        std::memcpy(shared.data() + addr, data, n);
        std::memset(sharedInit.data() + addr, 1, n);
      } else {
        std::memcpy(data, shared.data() + addr, n);
      }
      return true;
    }
    case Space::Local: {
      if (addr + n > t.local.size() || addr + n < addr) {
        fault(t, inst,
              formatv("out-of-bounds local {0} of {1} bytes at offset {2} "
                      "(the thread has {3} bytes of local memory)",
                      verb, n, addr, t.local.size()));
        return false;
      }
      if (isWrite)
        std::memcpy(t.local.data() + addr, data, n);
      else
        std::memcpy(data, t.local.data() + addr, n);
      return true;
    }
    case Space::Param: {
      std::vector<uint8_t> &area = t.frames.back().params;
      if (addr + n > area.size()) {
        fault(t, inst,
              formatv("out-of-bounds param {0} of {1} bytes at offset {2}",
                      verb, n, addr));
        return false;
      }
      if (isWrite)
        std::memcpy(area.data() + addr, data, n);
      else
        std::memcpy(data, area.data() + addr, n);
      return true;
    }
    case Space::Generic:
      break;
    }
    return false;
  }

  /// The address an Addr operand names, in the instruction's space.
  uint64_t address(const Thread &t, const Operand &o) const {
    uint64_t base = 0;
    if (o.reg >= 0)
      base = t.frames.back().regs[o.reg];
    else if (o.sym >= 0)
      base = symAddr(t, o.sym);
    return base + static_cast<uint64_t>(o.imm);
  }

  /// The space of an Addr operand: the instruction's, or for a generic
  /// access to a symbol, the symbol's.
  Space spaceOf(const Inst &inst, const Operand &o) const {
    if (inst.space != Space::Generic)
      return inst.space;
    if (o.reg < 0 && o.sym >= 0)
      return mod.symbols[o.sym].space;
    return Space::Generic;
  }

  //===--------------------------------------------------------------------===//
  // Issue
  //===--------------------------------------------------------------------===//

  void issue(const Inst &inst, uint32_t first, uint32_t group) {
    uint64_t waitsBefore = failedWaits;
    issueGroup(inst, first, group);
    // Only retried waits, all failing again: no progress.
    if (failedWaits - waitsBefore != static_cast<uint64_t>(popcount(group)))
      realProgress = true;
  }

  void issueGroup(const Inst &inst, uint32_t first, uint32_t group) {
    // Guards first: lanes whose guard is false only advance.
    uint32_t active = 0;
    for (uint32_t l = 0; l < kWarp; ++l) {
      if (!(group >> l & 1))
        continue;
      Thread &t = threads[first + l];
      bool on = true;
      if (inst.guard >= 0) {
        bool p = t.frames.back().regs[inst.guard] & 1;
        on = inst.guardNeg ? !p : p;
      }
      if (on)
        active |= 1u << l;
      else
        ++t.frames.back().pc;
    }
    if (!active)
      return;
    if (mod.usesWgmma &&
        !(inst.op >= Opc::WgmmaFence && inst.op <= Opc::WgmmaMma))
      for (uint32_t l = 0; l < kWarp; ++l)
        if (active >> l & 1)
          if (!checkWgmmaRegisters(inst, threads[first + l]))
            return;
    switch (inst.op) {
    case Opc::Shfl:
    case Opc::Vote:
    case Opc::Activemask:
    case Opc::Redux:
    case Opc::BarWarpSync:
      collective(inst, first, active);
      return;
    case Opc::Mma:
    case Opc::Ldmatrix:
    case Opc::Stmatrix:
      matrix(inst, first, active);
      return;
    case Opc::WgmmaFence:
    case Opc::WgmmaCommit:
    case Opc::WgmmaWait:
    case Opc::WgmmaMma:
      wgmmaWarp(inst, first, active);
      return;
    default:
      break;
    }
    for (uint32_t l = 0; l < kWarp && !stop; ++l)
      if (active >> l & 1)
        execLane(inst, threads[first + l]);
  }

  void advance(Thread &t) { ++t.frames.back().pc; }

  void doReturn(Thread &t) {
    // A frame holding registers of a wgmma.mma_async in flight cannot go:
    // its instance would write (or a later frame at the same depth read)
    // registers that are not its own.
    uint32_t depth = static_cast<uint32_t>(t.frames.size() - 1);
    for (const PendingReg &p : t.wgmmaRegs)
      if (p.depth == depth) {
        const Function &fn = mod.functions[t.frames.back().fn];
        fault(t, fn.code.empty() ? Inst() : fn.code.back(),
              formatv("returns from '{0}' while {1}, a register of a "
                      "wgmma.mma_async not yet waited on, is in it "
                      "(wgmma.wait_group first)",
                      fn.name, regName(t, depth, p.reg)));
        return;
      }
    if (mod.usesWgmma)
      llvm::erase_if(
          warpWgmma[t.linear / kWarp].sinceFence,
          [&](const WarpWgmma::Issued &e) { return e.depth >= depth; });
    Frame done = std::move(t.frames.back());
    t.frames.pop_back();
    t.local.resize(done.localBase);
    if (t.frames.empty()) {
      t.frames.push_back(std::move(done)); // for the copies' diagnostics
      completeAsync(t, 0, /*all=*/true);
      t.frames.clear();
      t.state = State::Exited;
      return;
    }
    Frame &caller = t.frames.back();
    const Function &fn = mod.functions[done.fn];
    const Inst *call = done.callSite;
    // call (r0, r1), f, (a0, ...): the return parameters are the first
    // list, when present.
    if (call && call->ops.size() >= 2 && call->ops[0].kind == Operand::List) {
      const Operand &rets = call->ops[0];
      for (size_t i = 0; i < rets.elems.size() && i < fn.returns.size(); ++i) {
        const Symbol &from = mod.symbols[fn.returns[i]];
        const Symbol &to = mod.symbols[rets.elems[i].sym];
        uint64_t n = std::min(from.size, to.size);
        std::memcpy(caller.params.data() + to.offset,
                    done.params.data() + from.offset, n);
      }
    }
    ++caller.pc;
  }

  /// The parameter symbols of a call's argument list, or null.
  const Operand *callArguments(const Inst &inst) const {
    // Operands: [(rets),] callee, [(args)].
    const Operand *args = nullptr;
    for (const Operand &o : inst.ops)
      if (o.kind == Operand::List)
        args = &o;
    if (args == &inst.ops[0] && inst.ops[0].kind == Operand::List &&
        inst.ops.size() == 2)
      args = nullptr; // only a return list
    return args;
  }

  /// vprintf(format, arguments): CUDA's device printf, which the module
  /// declares but cannot define. The format string and the argument buffer
  /// (each argument aligned to its size: 4 bytes for int and char
  /// conversions without a long length, 8 for long ones, pointers and
  /// doubles) are read through generic addresses and formatted with the
  /// host's printf, as the interpreter formats print_tko. %s and %n are
  /// not supported.
  void vprintf(const Inst &inst, Thread &t) {
    const Operand *args = callArguments(inst);
    if (!args || args->elems.size() != 2) {
      fault(t, inst, "vprintf takes a format and an argument buffer");
      return;
    }
    auto param = [&](unsigned i) {
      uint64_t v = 0;
      const Symbol &s = mod.symbols[args->elems[i].sym];
      std::memcpy(&v, t.frames.back().params.data() + s.offset,
                  std::min<uint64_t>(8, s.size));
      return v;
    };
    uint64_t at = param(0), argAt = param(1);
    std::string format;
    for (;; ++at) {
      uint8_t c;
      if (!access(t, inst, Space::Generic, at, &c, 1, false, false))
        return;
      if (c == 0)
        break;
      if (format.size() > (1u << 16)) {
        fault(t, inst, "vprintf format string without an end");
        return;
      }
      format.push_back(static_cast<char>(c));
    }
    std::string out;
    auto next = [&](unsigned bytes, uint64_t &value) {
      argAt = (argAt + bytes - 1) / bytes * bytes;
      uint8_t buf[8] = {};
      if (!access(t, inst, Space::Generic, argAt, buf, bytes, false, false))
        return false;
      std::memcpy(&value, buf, 8);
      argAt += bytes;
      return true;
    };
    for (size_t pos = 0; pos < format.size(); ++pos) {
      if (format[pos] != '%') {
        out += format[pos];
        continue;
      }
      size_t end = format.find_first_of("diuoxXeEfFgGaAcspn%", pos + 1);
      if (end == std::string::npos) {
        fault(t, inst, "vprintf format ends inside a conversion");
        return;
      }
      std::string spec = format.substr(pos + 1, end - pos - 1);
      char conv = format[end];
      pos = end;
      if (conv == '%') {
        out += '%';
        continue;
      }
      if (conv == 's' || conv == 'n' || spec.find('*') != std::string::npos) {
        unsupported(t, inst, std::string("vprintf conversion %") + conv);
        return;
      }
      bool isLong = spec.find('l') != std::string::npos ||
                    spec.find('j') != std::string::npos ||
                    spec.find('z') != std::string::npos ||
                    spec.find('t') != std::string::npos;
      std::string flags = spec.substr(0, spec.find_first_of("hlLqjzt"));
      std::string fmt = "%" + flags;
      char buf[512];
      int n;
      uint64_t v = 0;
      if (StringRef("fFeEgGaA").contains(conv)) {
        if (!next(8, v))
          return;
        double d;
        std::memcpy(&d, &v, 8);
        n = std::snprintf(buf, sizeof(buf), (fmt + conv).c_str(), d);
      } else if (conv == 'p') {
        if (!next(8, v))
          return;
        n = std::snprintf(buf, sizeof(buf), "0x%llx",
                          static_cast<unsigned long long>(v));
      } else if (conv == 'c') {
        if (!next(4, v))
          return;
        n = std::snprintf(buf, sizeof(buf), (fmt + 'c').c_str(),
                          static_cast<int>(v & 0xff));
      } else if (isLong) {
        if (!next(8, v))
          return;
        n = (conv == 'd' || conv == 'i')
                ? std::snprintf(buf, sizeof(buf), (fmt + "ll" + conv).c_str(),
                                static_cast<long long>(v))
                : std::snprintf(buf, sizeof(buf), (fmt + "ll" + conv).c_str(),
                                static_cast<unsigned long long>(v));
      } else {
        if (!next(4, v))
          return;
        n = (conv == 'd' || conv == 'i')
                ? std::snprintf(buf, sizeof(buf), (fmt + conv).c_str(),
                                static_cast<int32_t>(v))
                : std::snprintf(buf, sizeof(buf), (fmt + conv).c_str(),
                                static_cast<uint32_t>(v));
      }
      if (n < 0 || n >= static_cast<int>(sizeof(buf))) {
        fault(t, inst, "a vprintf conversion is longer than 511 characters");
        return;
      }
      out.append(buf, n);
    }
    printed += out;
    // The result (the count printed) goes to the return parameter.
    if (inst.ops.size() >= 2 && inst.ops[0].kind == Operand::List &&
        !inst.ops[0].elems.empty()) {
      const Symbol &r = mod.symbols[inst.ops[0].elems[0].sym];
      int32_t count = static_cast<int32_t>(out.size());
      std::memcpy(t.frames.back().params.data() + r.offset, &count,
                  std::min<uint64_t>(4, r.size));
    }
    advance(t);
  }

  void doCall(const Inst &inst, Thread &t) {
    const Function &callee = mod.functions[inst.callee];
    if (!callee.defined && callee.name == "vprintf") {
      vprintf(inst, t);
      return;
    }
    if (!callee.defined) {
      unsupported(t, inst,
                  "call of '" + callee.name +
                      "', declared but not defined in the module");
      return;
    }
    if (t.frames.size() > 256) {
      fault(t, inst, "call depth above 256 (runaway recursion)");
      return;
    }
    const Operand *args = callArguments(inst);
    Frame f = newFrame(inst.callee, t);
    f.callSite = &inst;
    if (args)
      for (size_t i = 0; i < args->elems.size() && i < callee.params.size();
           ++i) {
        const Symbol &from = mod.symbols[args->elems[i].sym];
        const Symbol &to = mod.symbols[callee.params[i]];
        std::memcpy(f.params.data() + to.offset,
                    t.frames.back().params.data() + from.offset,
                    std::min(from.size, to.size));
      }
    t.frames.push_back(std::move(f));
  }

  void barrier(const Inst &inst, Thread &t, bool wait) {
    uint64_t id = inst.ops.empty() ? 0 : read(t, inst.ops[0]);
    if (id >= barriers.size()) {
      fault(t, inst, formatv("barrier {0} out of range (0-15)", id));
      return;
    }
    uint32_t expected = threadsPerCta;
    if (inst.ops.size() > 1) {
      expected = static_cast<uint32_t>(read(t, inst.ops[1]));
      if (expected % kWarp != 0 || expected == 0) {
        fault(t, inst,
              formatv("barrier thread count {0} is not a positive multiple "
                      "of the warp size",
                      expected));
        return;
      }
    }
    BarrierState &b = barriers[id];
    if (b.arrived > 0 && b.expected != expected) {
      fault(t, inst,
            formatv("barrier {0} used with thread counts {1} and {2} at once",
                    id, b.expected, expected));
      return;
    }
    b.expected = expected;
    advance(t);
    ++b.arrived;
    if (wait) {
      t.state = State::Barrier;
      t.barrierId = static_cast<uint32_t>(id);
    }
    if (b.arrived >= b.expected) {
      // Complete: release every waiter (all barriers share the interval
      // counter the race check uses).
      for (Thread &o : threads)
        if (o.state == State::Barrier && o.barrierId == id)
          o.state = State::Running;
      b = BarrierState();
      ++epoch;
    }
  }

  void collective(const Inst &inst, uint32_t first, uint32_t active) {
    Thread &lead = threads[first + countr_zero(active)];
    uint32_t liveMask = 0;
    for (uint32_t l = 0; l < kWarp && first + l < threadsPerCta; ++l)
      if (threads[first + l].state != State::Exited)
        liveMask |= 1u << l;
    // The membermask is the last operand (activemask has none).
    uint32_t member = active;
    if (inst.op != Opc::Activemask && !inst.ops.empty())
      member = static_cast<uint32_t>(read(lead, inst.ops.back()));
    if ((member & ~active) != 0) {
      fault(lead, inst,
            formatv("warp-collective instruction with membermask 0x{0:x} "
                    "issued by lanes 0x{1:x} only (live 0x{2:x}): the named "
                    "lanes are not converged",
                    member, active, liveMask));
      return;
    }
    auto lane = [&](uint32_t l) -> Thread & { return threads[first + l]; };
    switch (inst.op) {
    case Opc::Activemask:
      for (uint32_t l = 0; l < kWarp; ++l)
        if (active >> l & 1)
          write(lane(l), inst.ops[0], active);
      break;
    case Opc::BarWarpSync:
      break;
    case Opc::Vote: {
      uint32_t ballot = 0;
      for (uint32_t l = 0; l < kWarp; ++l)
        if (active >> l & 1 && (read(lane(l), inst.ops[1]) & 1))
          ballot |= 1u << l;
      for (uint32_t l = 0; l < kWarp; ++l) {
        if (!(active >> l & 1))
          continue;
        uint64_t r = inst.mode == 0   ? ballot == active
                     : inst.mode == 1 ? ballot != 0
                     : inst.mode == 2 ? (ballot == 0 || ballot == active)
                                      : ballot;
        write(lane(l), inst.ops[0], r);
      }
      break;
    }
    case Opc::Redux: {
      unsigned w = bitsOf(inst.type);
      bool sgn = isSigned(inst.type);
      uint64_t acc = 0;
      bool firstVal = true;
      for (uint32_t l = 0; l < kWarp; ++l) {
        if (!(active >> l & 1))
          continue;
        uint64_t v = read(lane(l), inst.ops[1]) & mask(w);
        if (firstVal) {
          acc = v;
          firstVal = false;
          continue;
        }
        switch (inst.atomOp) {
        case AtomOp::Add:
          acc = (acc + v) & mask(w);
          break;
        case AtomOp::And:
          acc &= v;
          break;
        case AtomOp::Or:
          acc |= v;
          break;
        case AtomOp::Xor:
          acc ^= v;
          break;
        case AtomOp::Min:
          acc = sgn ? (sval(v, w) < sval(acc, w) ? v : acc) : std::min(acc, v);
          break;
        case AtomOp::Max:
          acc = sgn ? (sval(v, w) > sval(acc, w) ? v : acc) : std::max(acc, v);
          break;
        default:
          unsupported(lead, inst, inst.opcode);
          return;
        }
      }
      for (uint32_t l = 0; l < kWarp; ++l)
        if (active >> l & 1)
          write(lane(l), inst.ops[0], acc);
      break;
    }
    case Opc::Shfl: {
      // shfl.sync.mode.b32 d[|p], a, b, c, membermask.
      const Operand &dst = inst.ops[0];
      std::array<uint64_t, kWarp> src{};
      for (uint32_t l = 0; l < kWarp; ++l)
        if (active >> l & 1)
          src[l] = read(lane(l), inst.ops[1]) & 0xffffffffu;
      for (uint32_t l = 0; l < kWarp; ++l) {
        if (!(active >> l & 1))
          continue;
        Thread &t = lane(l);
        uint32_t bval = read(t, inst.ops[2]) & 0x1f;
        uint32_t c = static_cast<uint32_t>(read(t, inst.ops[3]));
        uint32_t segMask = (c >> 8) & 0x1f, cval = c & 0x1f;
        uint32_t minLane = l & segMask;
        uint32_t maxLane = minLane | (cval & ~segMask);
        int32_t j;
        bool pval;
        switch (inst.mode) {
        case 1:
          j = int32_t(l) - int32_t(bval);
          pval = j >= int32_t(maxLane);
          break;
        case 2:
          j = int32_t(l + bval);
          pval = j <= int32_t(maxLane);
          break;
        case 3:
          j = int32_t(l ^ bval);
          pval = j <= int32_t(maxLane);
          break;
        default:
          j = int32_t(minLane | (bval & ~segMask));
          pval = j <= int32_t(maxLane);
          break;
        }
        if (!pval)
          j = int32_t(l);
        if (!(active >> j & 1)) {
          fault(t, inst,
                formatv("shfl.sync reads lane {0}, which is not executing it",
                        j));
          return;
        }
        uint64_t v = src[j];
        if (dst.kind == Operand::Vec) {
          write(t, dst.elems[0], v);
          write(t, dst.elems[1], pval);
        } else {
          write(t, dst, v);
        }
      }
      break;
    }
    default:
      break;
    }
    for (uint32_t l = 0; l < kWarp; ++l)
      if (active >> l & 1)
        advance(lane(l));
  }

  //===--------------------------------------------------------------------===//
  // One lane
  //===--------------------------------------------------------------------===//

  void execLane(const Inst &inst, Thread &t) {
    const auto &ops = inst.ops;
    unsigned w = bitsOf(inst.type);
    bool sgn = isSigned(inst.type);
    auto src = [&](size_t i) { return read(t, ops[i]); };
    auto dst = [&](uint64_t v) { write(t, ops[0], v); };
    switch (inst.op) {
    case Opc::Unknown:
      unsupported(t, inst, inst.unsupported);
      return;
    case Opc::Nop:
      break;
    case Opc::Fence:
      if (inst.proxyAsync)
        t.proxyFence = sharedWriteCount;
      break;
    case Opc::Mov: {
      const Operand &d = ops[0], &s = ops[1];
      if (d.kind == Operand::Vec) {
        // Unpack: mov.b64 {a, b}, x.
        uint64_t v = read(t, s);
        unsigned part = w / d.elems.size();
        for (size_t i = 0; i < d.elems.size(); ++i)
          write(t, d.elems[i], (v >> (i * part)) & mask(part));
      } else if (s.kind == Operand::Vec) {
        unsigned part = w / s.elems.size();
        uint64_t v = 0;
        for (size_t i = 0; i < s.elems.size(); ++i)
          v |= (read(t, s.elems[i]) & mask(part)) << (i * part);
        dst(v);
      } else {
        dst(inst.type == Ty::Pred ? read(t, s) & 1 : read(t, s));
      }
      break;
    }
    case Opc::Ld:
    case Opc::St: {
      bool isSt = inst.op == Opc::St;
      const Operand &addrOp = isSt ? ops[0] : ops[1];
      const Operand &val = isSt ? ops[1] : ops[0];
      if (addrOp.kind != Operand::Addr) {
        unsupported(t, inst, inst.opcode + " without an address operand");
        return;
      }
      Space sp = spaceOf(inst, addrOp);
      uint64_t a = address(t, addrOp);
      unsigned eb = std::max(1u, w / 8);
      unsigned n = eb * inst.vec;
      if (w > 64) {
        unsupported(t, inst, inst.opcode + " (128-bit elements)");
        return;
      }
      bool atomic = inst.sem != Sem::Weak;
      uint8_t buf[64] = {};
      if (isSt) {
        for (unsigned i = 0; i < inst.vec; ++i) {
          uint64_t v =
              val.kind == Operand::Vec ? read(t, val.elems[i]) : read(t, val);
          std::memcpy(buf + i * eb, &v, eb);
        }
        if (!access(t, inst, sp, a, buf, n, true, atomic))
          return;
      } else {
        if (!access(t, inst, sp, a, buf, n, false, atomic))
          return;
        for (unsigned i = 0; i < inst.vec; ++i) {
          uint64_t v = 0;
          std::memcpy(&v, buf + i * eb, eb);
          if (sgn)
            v = sext(v, w);
          write(t, val.kind == Operand::Vec ? val.elems[i] : val, v);
        }
      }
      break;
    }
    case Opc::Cvta: {
      uint64_t a = src(1);
      if (inst.space == Space::Global || inst.space == Space::Const) {
        dst(a);
      } else if (inst.space == Space::Shared) {
        dst(inst.toSpace ? a - kSharedWindow : a + kSharedWindow);
      } else if (inst.space == Space::Local) {
        dst(inst.toSpace ? a - kLocalWindow : a + kLocalWindow);
      } else {
        unsupported(t, inst, inst.opcode);
        return;
      }
      break;
    }
    case Opc::Cvt: {
      if ((inst.type == Ty::F16x2 || inst.type == Ty::BF16x2) &&
          inst.type2 == Ty::F32 && ops.size() == 3 &&
          (inst.rnd == Rnd::Rn || inst.rnd == Rnd::Rz)) {
        // cvt.rn.f16x2.f32 d, a, b: a converted to the upper half, b to the
        // lower.
        Ty half = inst.type == Ty::F16x2 ? Ty::F16 : Ty::BF16;
        uint64_t hi = convert(half, Ty::F32, inst.rnd, false, false, src(1));
        uint64_t lo = convert(half, Ty::F32, inst.rnd, false, false, src(2));
        dst(((hi & 0xffff) << 16) | (lo & 0xffff));
        break;
      }
      if (inst.type2 == Ty::None || inst.type == Ty::F16x2 ||
          inst.type == Ty::BF16x2 || inst.type2 == Ty::F16x2 ||
          inst.type2 == Ty::BF16x2 || ops.size() != 2) {
        unsupported(t, inst, inst.opcode);
        return;
      }
      dst(convert(inst.type, inst.type2, inst.rnd, inst.ftz, inst.sat, src(1)));
      break;
    }
    case Opc::Selp:
      dst((src(3) & 1) ? src(1) : src(2));
      break;
    case Opc::Setp: {
      Ty ct = inst.type;
      uint64_t a = src(1), b = src(2);
      if (ct == Ty::F16x2 || ct == Ty::BF16x2) {
        // setp.cmp.f16x2 p|q, a, b: p from the lower halves, q from the
        // upper (PTX ISA pseudo-code); a BoolOp combines each with c.
        if (ops[0].kind != Operand::Vec || ops[0].elems.size() != 2) {
          unsupported(t, inst, inst.opcode + " (needs p|q)");
          return;
        }
        Ty half = ct == Ty::F16x2 ? Ty::F16 : Ty::BF16;
        for (unsigned h = 0; h < 2; ++h) {
          bool r =
              floatCompare(inst.cmp, half, inst.ftz, (a >> (16 * h)) & 0xffff,
                           (b >> (16 * h)) & 0xffff);
          if (inst.boolOp != BoolOp::None) {
            bool c = src(3) & 1;
            r = inst.boolOp == BoolOp::And  ? r && c
                : inst.boolOp == BoolOp::Or ? r || c
                                            : r != c;
          }
          write(t, ops[0].elems[h], r);
        }
        break;
      }
      bool r;
      if (isFloatTy(ct)) {
        r = floatCompare(inst.cmp, ct, inst.ftz, a, b);
      } else {
        unsigned cw = bitsOf(ct);
        bool s = isSigned(ct);
        int64_t sa = sval(a, cw), sb = sval(b, cw);
        uint64_t ua = a & mask(cw), ub = b & mask(cw);
        switch (inst.cmp) {
        case Cmp::Eq:
          r = ua == ub;
          break;
        case Cmp::Ne:
          r = ua != ub;
          break;
        case Cmp::Lt:
          r = s ? sa < sb : ua < ub;
          break;
        case Cmp::Le:
          r = s ? sa <= sb : ua <= ub;
          break;
        case Cmp::Gt:
          r = s ? sa > sb : ua > ub;
          break;
        case Cmp::Ge:
          r = s ? sa >= sb : ua >= ub;
          break;
        case Cmp::Lo:
          r = ua < ub;
          break;
        case Cmp::Ls:
          r = ua <= ub;
          break;
        case Cmp::Hi:
          r = ua > ub;
          break;
        case Cmp::Hs:
          r = ua >= ub;
          break;
        default:
          unsupported(t, inst, inst.opcode);
          return;
        }
      }
      bool q = !r;
      if (inst.boolOp != BoolOp::None) {
        bool c = src(3) & 1;
        auto combine = [&](bool x) {
          return inst.boolOp == BoolOp::And  ? x && c
                 : inst.boolOp == BoolOp::Or ? x || c
                                             : x != c;
        };
        r = combine(r);
        q = combine(q);
      }
      if (ops[0].kind == Operand::Vec) {
        write(t, ops[0].elems[0], r);
        write(t, ops[0].elems[1], q);
      } else {
        dst(r);
      }
      break;
    }
    case Opc::Prmt: {
      uint64_t a = src(1) & 0xffffffffu, b = src(2) & 0xffffffffu;
      uint32_t c = static_cast<uint32_t>(src(3));
      uint64_t bytes = a | (b << 32);
      uint32_t r = 0;
      uint32_t sh = c & 3;
      for (unsigned i = 0; i < 4; ++i) {
        // The byte of {b, a} that lands in byte i of d (PTX ISA, prmt).
        uint32_t sel;
        switch (inst.mode) {
        case 1: // f4e: forward 4 extract
          sel = sh + i;
          break;
        case 2: // b4e: backward 4 extract
          sel = (sh + 8 - i) & 7;
          break;
        case 3: // rc8: replicate one byte
          sel = sh;
          break;
        case 4: // ecl: edge clamp left
          sel = std::max(i, sh);
          break;
        case 5: // ecr: edge clamp right
          sel = std::min(i, sh);
          break;
        case 6: // rc16: replicate one half
          sel = 2 * (c & 1) + (i & 1);
          break;
        default: // a selector nibble per byte; bit 3 replicates the sign
          sel = (c >> (4 * i)) & 0xf;
          break;
        }
        uint32_t byte = (bytes >> (8 * (sel & 7))) & 0xff;
        if (inst.mode == 0 && (sel & 8))
          byte = (byte & 0x80) ? 0xff : 0;
        r |= byte << (8 * i);
      }
      dst(r);
      break;
    }
    case Opc::Add:
    case Opc::Sub:
    case Opc::AddC:
    case Opc::SubC: {
      if (isFloatTy(inst.type) && inst.type2 != Ty::None) {
        // add/sub.f32.f16|bf16 (sm_100): the first source is the narrow
        // one. Any other pair is not an instruction.
        if (inst.type != Ty::F32 ||
            (inst.type2 != Ty::F16 && inst.type2 != Ty::BF16) ||
            !(inst.op == Opc::Add || inst.op == Opc::Sub)) {
          unsupported(t, inst, inst.opcode);
          return;
        }
        dst(mixedAddSub(inst.op == Opc::Add, inst.type2, inst.rnd, inst.ftz,
                        inst.sat, src(1), src(2)));
        break;
      }
      if (isFloatTy(inst.type)) {
        dst(floatArith(inst.op == Opc::Add ? FK::Add : FK::Sub, inst.type,
                       inst.rnd, inst.ftz, inst.sat, false, src(1), src(2)));
        break;
      }
      bool isAdd = inst.op == Opc::Add || inst.op == Opc::AddC;
      if (inst.type == Ty::U16x2 || inst.type == Ty::S16x2) {
        // Two 16-bit lanes, wrapping (no carry, no saturation forms).
        if (inst.cc || inst.sat ||
            !(inst.op == Opc::Add || inst.op == Opc::Sub)) {
          unsupported(t, inst, inst.opcode);
          return;
        }
        dst(perHalf16(src(1), src(2), [&](uint64_t x, uint64_t y) {
          return isAdd ? x + y : x - y;
        }));
        break;
      }
      bool carryIn = (inst.op == Opc::AddC || inst.op == Opc::SubC) && t.carry;
      uint64_t a = src(1) & mask(w), b = src(2) & mask(w);
      if (inst.sat) { // add.sat.s32 / sub.sat.s32
        int64_t r =
            isAdd ? sval(a, 32) + sval(b, 32) : sval(a, 32) - sval(b, 32);
        r = std::clamp<int64_t>(r, INT32_MIN, INT32_MAX);
        dst(static_cast<uint64_t>(r) & mask(32));
        break;
      }
      unsigned __int128 full;
      uint64_t r;
      if (isAdd) {
        full = (unsigned __int128)a + b + carryIn;
        r = static_cast<uint64_t>(full) & mask(w);
        if (inst.cc)
          t.carry = (full >> w) & 1;
      } else {
        // PTX's CC.CF after a subtraction is the borrow.
        unsigned __int128 sub = (unsigned __int128)b + carryIn;
        r = (a - static_cast<uint64_t>(sub)) & mask(w);
        if (inst.cc)
          t.carry = (unsigned __int128)a < sub;
      }
      dst(r);
      break;
    }
    case Opc::Mul:
    case Opc::Mad:
    case Opc::MadC: {
      if (isFloatTy(inst.type)) {
        if (inst.op == Opc::Mul)
          dst(floatArith(FK::Mul, inst.type, inst.rnd, inst.ftz, inst.sat,
                         false, src(1), src(2)));
        else
          dst(floatArith(FK::Fma, inst.type, inst.rnd, inst.ftz, inst.sat,
                         false, src(1), src(2), src(3)));
        break;
      }
      // Integer: .lo, .hi or .wide of the 2w-bit product.
      __int128 prod;
      if (sgn)
        prod = (__int128)sval(src(1), w) * sval(src(2), w);
      else
        prod = (__int128)((unsigned __int128)(src(1) & mask(w)) *
                          (src(2) & mask(w)));
      unsigned __int128 up = (unsigned __int128)prod;
      unsigned rw = inst.wide ? 2 * w : w;
      uint64_t r = inst.hi ? static_cast<uint64_t>(up >> w) & mask(w)
                           : static_cast<uint64_t>(up) & mask(rw);
      if (inst.op == Opc::Mul) {
        dst(r);
        break;
      }
      bool carryIn = inst.op == Opc::MadC && t.carry;
      uint64_t c = src(3) & mask(rw);
      if (inst.sat && inst.hi && inst.type == Ty::S32) {
        int64_t v = sval(r, 32) + sval(c, 32);
        dst(static_cast<uint64_t>(
                std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)) &
            mask(32));
        break;
      }
      unsigned __int128 sum = (unsigned __int128)r + c + carryIn;
      if (inst.cc)
        t.carry = (sum >> rw) & 1;
      dst(static_cast<uint64_t>(sum) & mask(rw));
      break;
    }
    case Opc::Fma:
      if (inst.type2 != Ty::None && inst.type == Ty::F32)
        dst(mixedFma(inst.type2, inst.rnd, inst.ftz, inst.sat, src(1), src(2),
                     src(3)));
      else if (isFloatTy(inst.type) && inst.type2 == Ty::None)
        dst(floatArith(FK::Fma, inst.type, inst.rnd, inst.ftz, inst.sat, false,
                       src(1), src(2), src(3)));
      else {
        unsupported(t, inst, inst.opcode);
        return;
      }
      break;
    case Opc::Div:
    case Opc::Rem: {
      if (isFloatTy(inst.type)) {
        if (inst.op == Opc::Rem) {
          unsupported(t, inst, inst.opcode);
          return;
        }
        uint64_t a = src(1), b = src(2);
        if (inst.approx && inst.type == Ty::F32) {
          // div.approx.f32 is a * (1/b).
          uint64_t rcp =
              floatUnary(Opc::Rcp, Ty::F32, Rnd::Rn, inst.ftz, true, b);
          dst(floatArith(FK::Mul, Ty::F32, Rnd::Rn, inst.ftz, false, false, a,
                         rcp));
        } else {
          dst(floatArith(FK::Div, inst.type, inst.rnd, inst.ftz, inst.sat,
                         false, a, b));
        }
        break;
      }
      uint64_t a = src(1) & mask(w), b = src(2) & mask(w);
      uint64_t r;
      if (b == 0) {
        r = inst.op == Opc::Div ? mask(w) : a; // undefined in PTX
      } else if (sgn) {
        int64_t x = sval(a, w), y = sval(b, w);
        if (y == -1)
          r = inst.op == Opc::Div ? (0 - a) & mask(w) : 0;
        else
          r = static_cast<uint64_t>(inst.op == Opc::Div ? x / y : x % y) &
              mask(w);
      } else {
        r = inst.op == Opc::Div ? a / b : a % b;
      }
      dst(sgn ? sext(r, w) : r);
      break;
    }
    case Opc::Abs:
    case Opc::Neg:
      if (isFloatTy(inst.type)) {
        dst(floatUnary(inst.op, inst.type, Rnd::None, inst.ftz, false, src(1)));
      } else {
        int64_t v = sval(src(1), w);
        uint64_t r = inst.op == Opc::Neg ? (0 - static_cast<uint64_t>(v))
                                         : (v < 0 ? 0 - static_cast<uint64_t>(v)
                                                  : static_cast<uint64_t>(v));
        dst(r & mask(w));
      }
      break;
    case Opc::Min:
    case Opc::Max: {
      bool isMax = inst.op == Opc::Max;
      if (isFloatTy(inst.type)) {
        dst(floatArith(isMax ? FK::Max : FK::Min, inst.type, Rnd::None,
                       inst.ftz, false, inst.nanMode, src(1), src(2)));
        break;
      }
      uint64_t a = src(1), b = src(2);
      if (inst.type == Ty::U16x2 || inst.type == Ty::S16x2) {
        // Two 16-bit lanes, each its own min/max.
        dst(perHalf16(a, b, [&](uint64_t x, uint64_t y) {
          bool xLess = sgn ? sval(x, 16) < sval(y, 16) : x < y;
          return xLess != isMax ? x : y;
        }));
        break;
      }
      bool aLess =
          sgn ? sval(a, w) < sval(b, w) : (a & mask(w)) < (b & mask(w));
      dst((aLess != isMax ? a : b) & mask(w));
      break;
    }
    case Opc::Copysign: {
      // copysign d, a, b: b with the sign of a.
      uint64_t sign = 1ull << (w - 1);
      dst((src(2) & ~sign & mask(w)) | (src(1) & sign));
      break;
    }
    case Opc::And:
    case Opc::Or:
    case Opc::Xor: {
      uint64_t a = src(1), b = src(2);
      uint64_t r = inst.op == Opc::And  ? a & b
                   : inst.op == Opc::Or ? a | b
                                        : a ^ b;
      dst(inst.type == Ty::Pred ? r & 1 : r & mask(w));
      break;
    }
    case Opc::Not:
      dst(inst.type == Ty::Pred ? !(src(1) & 1) : ~src(1) & mask(w));
      break;
    case Opc::Cnot:
      dst((src(1) & mask(w)) == 0);
      break;
    case Opc::Shl:
    case Opc::Shr: {
      uint64_t a = src(1) & mask(w);
      uint32_t n = static_cast<uint32_t>(src(2));
      uint64_t r;
      if (inst.op == Opc::Shl)
        r = n >= w ? 0 : (a << n) & mask(w);
      else if (sgn)
        r = static_cast<uint64_t>(sval(a, w) >> std::min<uint32_t>(n, w - 1)) &
            mask(w);
      else
        r = n >= w ? 0 : a >> n;
      dst(r);
      break;
    }
    case Opc::Shf: {
      uint64_t lo = src(1) & 0xffffffffu, hi = src(2) & 0xffffffffu;
      uint32_t n = static_cast<uint32_t>(src(3));
      n = inst.wrapMode ? n & 31 : std::min<uint32_t>(n, 32);
      uint64_t both = lo | (hi << 32);
      uint64_t r = inst.left ? (both << n) >> 32 : (both >> n);
      dst(r & 0xffffffffu);
      break;
    }
    case Opc::Bfe: {
      uint64_t a = src(1) & mask(w);
      uint32_t pos = src(2) & 0xff, len = src(3) & 0xff;
      uint64_t r = 0;
      bool signBit = false;
      if (sgn && len > 0)
        signBit = (pos + len - 1 >= w) ? (a >> (w - 1)) & 1
                                       : (a >> (pos + len - 1)) & 1;
      for (uint32_t i = 0; i < w; ++i) {
        bool bit;
        if (i < len && pos + i < w)
          bit = (a >> (pos + i)) & 1;
        else
          bit = sgn ? signBit : false;
        r |= uint64_t(bit) << i;
      }
      dst(r);
      break;
    }
    case Opc::Bfi: {
      uint64_t f = src(1), b = src(2) & mask(w);
      uint32_t pos = src(3) & 0xff, len = src(4) & 0xff;
      for (uint32_t i = 0; i < len && pos + i < w; ++i)
        b = (b & ~(1ull << (pos + i))) | (((f >> i) & 1) << (pos + i));
      dst(b);
      break;
    }
    case Opc::Clz: {
      uint64_t a = src(1) & mask(w);
      dst(a == 0 ? w : countl_zero(a) - (64 - w));
      break;
    }
    case Opc::Popc:
      dst(popcount(src(1) & mask(w)));
      break;
    case Opc::Brev: {
      uint64_t a = src(1) & mask(w), r = 0;
      for (unsigned i = 0; i < w; ++i)
        r |= ((a >> i) & 1) << (w - 1 - i);
      dst(r);
      break;
    }
    case Opc::Bfind: {
      uint64_t a = src(1) & mask(w);
      if (sgn && (a >> (w - 1)) & 1)
        a = ~a & mask(w);
      if (a == 0) {
        dst(0xffffffffu);
        break;
      }
      uint32_t msb = 63 - countl_zero(a);
      dst(inst.shiftAmt ? (w - 1 - msb) : msb);
      break;
    }
    case Opc::Testp:
      dst(floatTest(inst.mode, inst.type, src(1)));
      break;
    case Opc::Sqrt:
    case Opc::Rcp:
    case Opc::Rsqrt:
    case Opc::Ex2:
    case Opc::Lg2:
    case Opc::Sin:
    case Opc::Cos:
    case Opc::Tanh: {
      dst(floatUnary(inst.op, inst.type, inst.rnd, inst.ftz, inst.approx,
                     src(1)));
      break;
    }
    case Opc::Atom:
    case Opc::Red:
      if (!atomic(inst, t))
        return;
      break;
    case Opc::Bra:
      t.frames.back().pc = static_cast<uint32_t>(ops[0].imm);
      return;
    case Opc::Call:
      doCall(inst, t);
      return;
    case Opc::Ret:
      doReturn(t);
      return;
    case Opc::Exit:
      completeAsync(t, 0, /*all=*/true);
      t.frames.clear();
      t.state = State::Exited;
      return;
    case Opc::CpAsync:
      if (!asyncCopy(inst, t))
        return;
      break;
    case Opc::CpAsyncCommit:
      t.groups.push_back(std::move(t.uncommitted));
      t.uncommitted.clear();
      break;
    case Opc::CpAsyncWait:
      completeAsync(t, static_cast<size_t>(src(0)), /*all=*/false);
      break;
    case Opc::CpAsyncWaitAll:
      completeAsync(t, 0, /*all=*/true);
      break;
    case Opc::CpAsyncMbarrierArrive: {
      // The arrive happens when the thread's earlier cp.asyncs complete:
      // complete them now. Without .noinc the pending count is raised
      // first, so the arrive does not count against the expected ones.
      completeAsync(t, 0, /*all=*/true);
      MBarrier *b = mbarrierAt(inst, t, inst.ops[0]);
      if (!b)
        return;
      if (inst.noinc && !mbarrierArrive(inst, t, *b, 1))
        return;
      break;
    }
    case Opc::CpAsyncBulk:
      if (!bulkCopy(inst, t))
        return;
      break;
    case Opc::Mbarrier:
      if (!mbarrier(inst, t))
        return; // a fault, or a wait that must be retried
      break;
    case Opc::Trap:
      if (!stop)
        stop = Stop{SimtStatus::Trap,
                    "the kernel executed trap (a failed assert) (" +
                        where(t, inst) + ")",
                    ""};
      return;
    case Opc::BarSync:
    case Opc::BarArrive:
      barrier(inst, t, inst.op == Opc::BarSync);
      return;
    default:
      unsupported(t, inst, inst.opcode);
      return;
    }
    advance(t);
  }

  //===--------------------------------------------------------------------===//
  // mbarrier
  //===--------------------------------------------------------------------===//

  /// The mbarrier object an address operand names, or null after a fault.
  MBarrier *mbarrierAt(const Inst &inst, Thread &t, const Operand &op,
                       bool create = false) {
    if (op.kind != Operand::Addr) {
      unsupported(t, inst, inst.opcode + " (operand form)");
      return nullptr;
    }
    uint64_t addr = address(t, op);
    Space sp = spaceOf(inst, op);
    if (sp == Space::Generic)
      sp = classify(addr);
    if (sp != Space::Shared || addr % 8 != 0 || addr + 8 > sharedBytes) {
      fault(t, inst,
            formatv("an mbarrier must be an aligned 8-byte object in shared "
                    "memory (address 0x{0:x})",
                    addr));
      return nullptr;
    }
    if (create) {
      if (mbarriers.count(addr)) {
        fault(t, inst,
              formatv("mbarrier.init of a valid mbarrier object at shared "
                      "offset {0} (undefined: mbarrier.inval it first)",
                      addr));
        return nullptr;
      }
      // The object's bytes count as written (by this thread).
      uint64_t zero = 0;
      if (!access(t, inst, Space::Shared, addr,
                  reinterpret_cast<uint8_t *>(&zero), 8, true, true))
        return nullptr;
      return &mbarriers[addr];
    }
    auto it = mbarriers.find(addr);
    if (it == mbarriers.end()) {
      fault(t, inst,
            formatv("no initialized mbarrier at shared offset {0}", addr));
      return nullptr;
    }
    return &it->second;
  }

  /// A phase completes when every expected arrival and every expected
  /// transaction byte is in. Its completion orders the arrivers' accesses
  /// before the waiters' (a new interval of the race check, as a barrier).
  void completePhaseIfDone(MBarrier &b) {
    if (b.pending != 0 || b.tx != 0)
      return;
    ++b.phase;
    b.pending = b.expected;
    ++epoch;
  }

  bool mbarrierArrive(const Inst &inst, Thread &t, MBarrier &b,
                      uint64_t count) {
    if (count > b.pending) {
      fault(t, inst,
            formatv("mbarrier arrival of {0} with {1} pending: more "
                    "arrivals than its expected count {2}",
                    count, b.pending, b.expected));
      return false;
    }
    b.pending -= static_cast<uint32_t>(count);
    completePhaseIfDone(b);
    return true;
  }

  /// Returns false after a fault or for a wait that did not complete (the
  /// thread is then Spinning at the same instruction).
  bool mbarrier(const Inst &inst, Thread &t) {
    const auto &ops = inst.ops;
    auto need = [&](size_t n) {
      if (ops.size() >= n)
        return true;
      unsupported(t, inst, inst.opcode + " (operand form)");
      return false;
    };
    // The mbarrier that operand `at` addresses, once the instruction has
    // `count` operands (nullptr after a report).
    auto barrierAt = [&](size_t count, size_t at) -> MBarrier * {
      return need(count) ? mbarrierAt(inst, t, ops[at]) : nullptr;
    };
    // The shared offset operand `at` addresses (the key of `mbarriers`).
    auto sharedOffset = [&](size_t at) {
      return address(t, ops[at]) -
             (spaceOf(inst, ops[at]) == Space::Generic ? kSharedWindow : 0);
    };
    switch (inst.mbarOp) {
    case MbarInit: {
      if (!need(2))
        return false;
      uint64_t count = read(t, ops[1]);
      if (count == 0 || count > (1u << 20)) {
        fault(t, inst, formatv("mbarrier count {0} outside [1, 2^20]", count));
        return false;
      }
      MBarrier *b = mbarrierAt(inst, t, ops[0], /*create=*/true);
      if (!b)
        return false;
      *b = MBarrier{static_cast<uint32_t>(count), static_cast<uint32_t>(count),
                    0, 0};
      return true;
    }
    case MbarInval: {
      if (!barrierAt(1, 0))
        return false;
      mbarriers.erase(sharedOffset(0));
      return true;
    }
    case MbarArrive:
    case MbarArriveExpectTx: {
      MBarrier *b = barrierAt(2, 1);
      if (!b)
        return false;
      uint64_t count = 1;
      if (inst.mbarOp == MbarArriveExpectTx) {
        if (!need(3))
          return false;
        b->tx += static_cast<int64_t>(read(t, ops[2]));
      } else if (ops.size() > 2) {
        count = read(t, ops[2]);
      }
      uint64_t token = b->phase;
      if (!mbarrierArrive(inst, t, *b, count))
        return false;
      write(t, ops[0], token);
      return true;
    }
    case MbarExpectTx:
    case MbarCompleteTx: {
      MBarrier *b = barrierAt(2, 0);
      if (!b)
        return false;
      int64_t n = static_cast<int64_t>(read(t, ops[1]));
      b->tx += inst.mbarOp == MbarExpectTx ? n : -n;
      if (b->tx < 0) {
        fault(t, inst, "mbarrier transaction count below zero");
        return false;
      }
      completePhaseIfDone(*b);
      return true;
    }
    case MbarTryWait:
    case MbarTestWait: {
      MBarrier *b = barrierAt(3, 1);
      if (!b || !landBulkCopies(sharedOffset(1)))
        return false;
      uint64_t v = read(t, ops[2]);
      // .parity: the phase of that parity has completed once the current
      // phase's parity differs; a token: once the phase moved past it.
      bool done = inst.parity ? (b->phase & 1) != (v & 1) : b->phase != v;
      if (!done) {
        ++failedWaits;
        t.state = State::Spinning;
        return false; // retried, pc unchanged
      }
      write(t, ops[0], 1);
      return true;
    }
    }
    unsupported(t, inst, inst.opcode);
    return false;
  }

  /// cp.async.bulk...mbarrier::complete_tx::bytes [dst], [src], size,
  /// [mbar]: the source is read now; the bytes land when the mbarrier is
  /// next waited on.
  bool bulkCopy(const Inst &inst, Thread &t) {
    const auto &ops = inst.ops;
    if (ops.size() != 4 || ops[0].kind != Operand::Addr ||
        ops[1].kind != Operand::Addr || ops[3].kind != Operand::Addr) {
      unsupported(t, inst, inst.opcode + " (operand form)");
      return false;
    }
    uint64_t size = read(t, ops[2]);
    uint64_t dst = address(t, ops[0]), src = address(t, ops[1]);
    if (size == 0 || size % 16 != 0 || dst % 16 != 0 || src % 16 != 0) {
      fault(t, inst,
            formatv("cp.async.bulk of {0} bytes from 0x{1:x} to shared "
                    "offset {2}: size and addresses must be multiples of 16",
                    size, src, dst));
      return false;
    }
    if (dst + size > sharedBytes) {
      fault(t, inst,
            formatv("out-of-bounds cp.async.bulk destination at offset {0} "
                    "({1} bytes)",
                    dst, size));
      return false;
    }
    if (!mbarrierAt(inst, t, ops[3]))
      return false;
    BulkCopy c{dst, address(t, ops[3]), std::vector<uint8_t>(size), &inst,
               t.linear};
    if (spaceOf(inst, ops[3]) == Space::Generic)
      c.mbar -= kSharedWindow;
    if (!access(t, inst, Space::Global, src, c.bytes.data(),
                static_cast<unsigned>(size), false, false))
      return false;
    inFlight.push_back({dst, dst + size, t.linear});
    bulkCopies.push_back(std::move(c));
    return true;
  }

  /// Lands the bulk copies that complete on the mbarrier at `mbar`.
  bool landBulkCopies(uint64_t mbar) {
    for (size_t i = 0; i < bulkCopies.size();) {
      if (bulkCopies[i].mbar != mbar) {
        ++i;
        continue;
      }
      BulkCopy c = std::move(bulkCopies[i]);
      bulkCopies.erase(bulkCopies.begin() + i);
      llvm::erase_if(inFlight, [&](const InFlight &f) {
        return f.thread == c.thread && f.begin == c.dst;
      });
      Thread &issuer = threads[c.thread];
      completingAsync = true;
      bool ok = access(issuer, *c.inst, Space::Shared, c.dst, c.bytes.data(),
                       static_cast<unsigned>(c.bytes.size()), true, true);
      completingAsync = false;
      if (!ok)
        return false;
      MBarrier &b = mbarriers[mbar];
      b.tx -= static_cast<int64_t>(c.bytes.size());
      if (b.tx < 0) {
        fault(issuer, *c.inst,
              "cp.async.bulk completes more bytes than the mbarrier expects "
              "(its transaction count went below zero)");
        return false;
      }
      completePhaseIfDone(b);
    }
    return true;
  }

  //===--------------------------------------------------------------------===//
  // cp.async
  //===--------------------------------------------------------------------===//

  /// cp.async.ca|cg.shared.global [dst], [src], cp-size{, src-size}: the
  /// source is read now, the destination written when the group completes
  /// (bytes past src-size are zeros).
  bool asyncCopy(const Inst &inst, Thread &t) {
    const auto &ops = inst.ops;
    if (ops.size() < 3 || ops[0].kind != Operand::Addr ||
        ops[1].kind != Operand::Addr) {
      unsupported(t, inst, inst.opcode + " (operand form)");
      return false;
    }
    uint64_t size = read(t, ops[2]);
    uint64_t srcSize =
        ops.size() > 3 && ops[3].kind != Operand::Addr ? read(t, ops[3]) : size;
    bool cg = StringRef(inst.opcode).contains(".cg.");
    if (!(size == 4 || size == 8 || size == 16) || (cg && size != 16) ||
        srcSize > size) {
      fault(t, inst,
            formatv("cp.async of {0} bytes ({1} from the source): the sizes "
                    "are 4, 8 or 16 (.cg: 16) and src-size <= cp-size",
                    size, srcSize));
      return false;
    }
    AsyncCopy c;
    c.inst = &inst;
    c.dst = address(t, ops[0]);
    if (c.dst % size != 0) {
      fault(t, inst,
            formatv("misaligned cp.async destination at offset {0}", c.dst));
      return false;
    }
    if (c.dst + size > sharedBytes) {
      fault(t, inst,
            formatv("out-of-bounds cp.async destination at offset {0} (the "
                    "CTA has {1} bytes of shared memory)",
                    c.dst, sharedBytes));
      return false;
    }
    c.bytes.assign(size, 0);
    if (srcSize > 0 && !access(t, inst, Space::Global, address(t, ops[1]),
                               c.bytes.data(), srcSize, false, false))
      return false;
    inFlight.push_back({c.dst, c.dst + size, t.linear});
    t.uncommitted.push_back(std::move(c));
    return true;
  }

  /// Completes the thread's committed groups but the `keep` most recent
  /// (cp.async.wait_group keep), or every copy (wait_all, thread exit).
  void completeAsync(Thread &t, size_t keep, bool all) {
    if (all && !t.uncommitted.empty()) {
      t.groups.push_back(std::move(t.uncommitted));
      t.uncommitted.clear();
    }
    while (t.groups.size() > (all ? 0 : keep) && !stop) {
      std::vector<AsyncCopy> group = std::move(t.groups.front());
      t.groups.pop_front();
      for (AsyncCopy &c : group) {
        llvm::erase_if(inFlight, [&](const InFlight &f) {
          return f.thread == t.linear && f.begin == c.dst;
        });
        completingAsync = true;
        access(t, *c.inst, Space::Shared, c.dst, c.bytes.data(),
               static_cast<unsigned>(c.bytes.size()), true, false);
        completingAsync = false;
        if (stop)
          return;
      }
    }
  }

  //===--------------------------------------------------------------------===//
  // mma.sync and ldmatrix (warp-wide; fragment layouts of the PTX ISA)
  //===--------------------------------------------------------------------===//

  /// Value of a 16-bit or tf32 element (raw bits) as a double.
  static double elemValue(Ty t, uint64_t bits) {
    if (t == Ty::TF32) // the low 13 mantissa bits are ignored
      return toDouble(Ty::F32, bits & 0xffffe000u);
    return toDouble(t, bits);
  }

  /// Whether all 32 lanes of the warp issue `inst` (a fault otherwise).
  bool wholeWarp(const Inst &inst, uint32_t first, uint32_t active) {
    if (active == 0xffffffffu)
      return true;
    fault(threads[first + countr_zero(active)], inst,
          formatv("{0} needs all 32 lanes of the warp converged (issued by "
                  "lanes {1:x})",
                  inst.opcode, active));
    return false;
  }

  void matrix(const Inst &inst, uint32_t first, uint32_t active) {
    if (!wholeWarp(inst, first, active))
      return;
    Thread &lead = threads[first];
    auto lane = [&](uint32_t l) -> Thread & { return threads[first + l]; };
    if (inst.op == Opc::Ldmatrix || inst.op == Opc::Stmatrix) {
      // ldmatrix: lanes 8j..8j+7 give the row addresses of matrix j; lane
      // t gets, of each matrix, row t/4, columns 2(t%4) and 2(t%4)+1
      // (.trans: the transposed elements). stmatrix is its inverse.
      bool store = inst.op == Opc::Stmatrix;
      const Operand &frag = inst.ops[store ? 1 : 0],
                    &addr = inst.ops[store ? 0 : 1];
      if (frag.kind != Operand::Vec || frag.elems.size() != inst.vec ||
          addr.kind != Operand::Addr) {
        unsupported(lead, inst, inst.opcode + " (operand form)");
        return;
      }
      std::vector<std::array<uint16_t, 64>> m(inst.vec);
      // Element (r, c) of matrix j as the fragments see it.
      auto at = [&](uint32_t j, uint32_t r, uint32_t c) -> uint16_t & {
        return inst.trans ? m[j][8 * c + r] : m[j][8 * r + c];
      };
      // Moves the rows of every matrix between shared memory and `m`.
      auto rows = [&](bool toMemory) {
        for (uint32_t j = 0; j < inst.vec; ++j)
          for (uint32_t r = 0; r < 8; ++r) {
            Thread &t = lane(8 * j + r);
            uint8_t row[16];
            if (toMemory)
              std::memcpy(row, &m[j][8 * r], 16);
            if (!access(t, inst, Space::Shared, address(t, addr), row, 16,
                        toMemory, false))
              return false;
            if (!toMemory)
              std::memcpy(&m[j][8 * r], row, 16);
          }
        return true;
      };
      if (!store && !rows(/*toMemory=*/false))
        return;
      for (uint32_t l = 0; l < kWarp; ++l)
        for (uint32_t j = 0; j < inst.vec; ++j) {
          uint32_t r = l / 4, c = 2 * (l % 4);
          if (store) {
            uint64_t v = read(lane(l), frag.elems[j]);
            at(j, r, c) = static_cast<uint16_t>(v);
            at(j, r, c + 1) = static_cast<uint16_t>(v >> 16);
          } else {
            write(lane(l), frag.elems[j],
                  uint64_t(at(j, r, c)) | (uint64_t(at(j, r, c + 1)) << 16));
          }
        }
      if (store && !rows(/*toMemory=*/true))
        return;
      for (uint32_t l = 0; l < kWarp; ++l)
        advance(lane(l));
      return;
    }
    // mma.sync.aligned.m16n8kK.row.col: D (16x8) = A (16xK) * B (Kx8) + C.
    const unsigned M = inst.shape[0], N = inst.shape[1], K = inst.shape[2];
    const Operand &dOp = inst.ops[0], &aOp = inst.ops[1], &bOp = inst.ops[2],
                  &cOp = inst.ops[3];
    Ty at = inst.type2;
    if (inst.type == Ty::S32 || inst.type2 == Ty::E4M3 ||
        inst.type2 == Ty::E5M2) {
      byteMma(inst, lead, lane);
      return;
    }
    if (inst.type == Ty::F64) {
      doubleMma(inst, lead, lane);
      return;
    }
    bool half = at == Ty::F16 || at == Ty::BF16;
    bool accHalf = inst.type == Ty::F16;
    size_t aRegs = half ? M * K / 64 : M * K / 32;
    size_t bRegs = half ? K * N / 64 : K * N / 32;
    size_t cRegs = accHalf ? 2 : 4;
    if (dOp.kind != Operand::Vec || aOp.kind != Operand::Vec ||
        bOp.kind != Operand::Vec || cOp.kind != Operand::Vec ||
        aOp.elems.size() != aRegs || bOp.elems.size() != bRegs ||
        cOp.elems.size() != cRegs || dOp.elems.size() != cRegs) {
      unsupported(lead, inst, inst.opcode + " (operand form)");
      return;
    }
    std::vector<double> A(M * K), B(K * N), C(M * N);
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = lane(l);
      uint32_t g = l >> 2, tig = l & 3;
      // A fragment.
      unsigned aElems = half ? 2 * aRegs : aRegs;
      for (unsigned i = 0; i < aElems; ++i) {
        unsigned row, col;
        uint64_t bits;
        if (half) {
          row = g + ((i & 2) ? 8 : 0);
          col = tig * 2 + (i & 1) + (i >= 4 ? 8 : 0);
          bits = (read(t, aOp.elems[i / 2]) >> (16 * (i & 1))) & 0xffff;
        } else if (K == 8) { // tf32 m16n8k8
          row = g + ((i & 1) ? 8 : 0);
          col = tig + (i >= 2 ? 4 : 0);
          bits = read(t, aOp.elems[i]) & 0xffffffffu;
        } else { // tf32 m16n8k4
          row = g + (i ? 8 : 0);
          col = tig;
          bits = read(t, aOp.elems[i]) & 0xffffffffu;
        }
        A[row * K + col] = elemValue(at, bits);
      }
      // B fragment.
      unsigned bElems = half ? 2 * bRegs : bRegs;
      for (unsigned i = 0; i < bElems; ++i) {
        unsigned row, col = g;
        uint64_t bits;
        if (half) {
          row = tig * 2 + (i & 1) + (i >= 2 ? 8 : 0);
          bits = (read(t, bOp.elems[i / 2]) >> (16 * (i & 1))) & 0xffff;
        } else {
          row = tig + (i ? 4 : 0);
          bits = read(t, bOp.elems[i]) & 0xffffffffu;
        }
        B[row * N + col] = elemValue(inst.btype, bits);
      }
      // C fragment: c0, c1 in row g, c2, c3 in row g + 8.
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = g + (i >= 2 ? 8 : 0), col = tig * 2 + (i & 1);
        uint64_t bits = accElement(t, cOp, i, accHalf);
        C[row * N + col] = toDouble(inst.ctype, bits);
      }
    }
    // Every product of two 16-bit (or tf32) values is exact in a double and
    // so are sums of K of them (bounded magnitudes aside); the result is
    // rounded once to D's type (hardware accumulates in an unspecified
    // order and precision: the comparison's MMA class allows for it).
    std::vector<uint64_t> D(M * N);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j) {
        double acc = C[i * N + j];
        for (unsigned k = 0; k < K; ++k)
          acc += A[i * K + k] * B[k * N + j];
        D[i * N + j] = convert(inst.type, Ty::F64, Rnd::Rn, false, false, [&] {
          uint64_t b;
          std::memcpy(&b, &acc, 8);
          return b;
        }());
      }
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = lane(l);
      uint32_t g = l >> 2, tig = l & 3;
      uint64_t d[4];
      for (unsigned i = 0; i < 4; ++i)
        d[i] = D[(g + (i >= 2 ? 8 : 0)) * N + tig * 2 + (i & 1)];
      writeAccumulators(t, dOp, d, accHalf);
      advance(t);
    }
  }

  //===--------------------------------------------------------------------===//
  // wgmma (warpgroup-wide and asynchronous; Wgmma.h for the layouts)
  //===--------------------------------------------------------------------===//

  /// Name of register `reg` of `t`'s frame at `depth`, for diagnostics.
  StringRef regName(const Thread &t, uint32_t depth, int32_t reg) const {
    return mod.functions[t.frames[depth].fn].regNames[reg];
  }

  /// Whether `inst` (not a wgmma) leaves alone the registers of the
  /// wgmma.mma_async instances of `t`'s warp not yet waited on; accessing
  /// them is undefined in the ISA: a fault here.
  bool checkWgmmaRegisters(const Inst &inst, Thread &t) {
    return checkWgmmaRegisters(inst, t, inst.ops, inst.guard);
  }
  /// The same for `operands` of `inst` (and its guard, if >= 0).
  bool checkWgmmaRegisters(const Inst &inst, Thread &t,
                           llvm::ArrayRef<Operand> operands, int32_t guard) {
    if (t.wgmmaRegs.empty())
      return true;
    uint32_t depth = static_cast<uint32_t>(t.frames.size() - 1);
    auto pending = [&](int32_t reg) -> const PendingReg * {
      for (const PendingReg &p : t.wgmmaRegs)
        if (p.depth == depth && p.reg == reg)
          return &p;
      return nullptr;
    };
    auto in = [&](const Operand &o, auto &self) -> const PendingReg * {
      if ((o.kind == Operand::Reg || o.kind == Operand::Addr) && o.reg >= 0)
        if (const PendingReg *p = pending(o.reg))
          return p;
      for (const Operand &e : o.elems)
        if (const PendingReg *p = self(e, self))
          return p;
      return nullptr;
    };
    const PendingReg *hit = guard >= 0 ? pending(guard) : nullptr;
    for (const Operand &o : operands)
      if (!hit)
        hit = in(o, in);
    if (!hit)
      return true;
    fault(t, inst,
          formatv("{0} accesses {1}, a register of a wgmma.mma_async not yet "
                  "waited on (wgmma.wait_group first)",
                  inst.opcode, regName(t, depth, hit->reg)));
    return false;
  }

  /// wgmma.fence, commit_group, wait_group and mma_async for the 32 lanes
  /// of warp `first / 32`.
  void wgmmaWarp(const Inst &inst, uint32_t first, uint32_t active) {
    if (!wholeWarp(inst, first, active))
      return;
    Thread &lead = threads[first];
    uint32_t warp = first / kWarp;
    WarpWgmma &ws = warpWgmma[warp];
    auto lanes = [&](auto fn) {
      for (uint32_t l = 0; l < kWarp; ++l)
        fn(threads[first + l]);
    };
    switch (inst.op) {
    case Opc::WgmmaFence:
      // Register accesses before it, in every frame of the thread, are
      // ordered before the mma_async instances after it.
      ws.fenced = true;
      ws.sinceFence.clear();
      lanes([&](Thread &t) {
        for (Frame &f : t.frames)
          std::fill(f.accessed.begin(), f.accessed.end(), 0);
        advance(t);
      });
      return;
    case Opc::WgmmaCommit:
      // The instances joined since the last commit (maybe none) form a
      // group.
      if (ws.groups.size() >= kMaxWgmmaGroups) {
        fault(lead, inst, "too many wgmma groups committed and not waited on");
        return;
      }
      ws.groups.push_back(ws.joined);
      lanes([&](Thread &t) { advance(t); });
      return;
    case Opc::WgmmaWait: {
      uint64_t keep = read(lead, inst.ops[0]);
      Warpgroup &wg = warpgroups[warp / 4];
      while (ws.groups.size() > keep && ws.groups.front() <= wg.computed) {
        uint64_t bound = ws.groups.front();
        ws.groups.pop_front();
        lanes([&](Thread &t) {
          llvm::erase_if(t.wgmmaRegs,
                         [&](const PendingReg &p) { return p.seq < bound; });
        });
        // Done: its shared-memory operands may be written again.
        llvm::erase_if(wg.reading,
                       [&](const WgmmaRange &r) { return r.seq < bound; });
      }
      if (ws.groups.size() > keep) {
        // Waits for the other warps of the warpgroup to issue.
        failedWaits += kWarp;
        lanes([&](Thread &t) {
          t.state = State::Spinning;
          t.atWgmmaWait = true;
        });
        return;
      }
      lanes([&](Thread &t) {
        t.atWgmmaWait = false;
        advance(t);
      });
      return;
    }
    default:
      wgmmaJoin(inst, first);
      return;
    }
  }

  /// Warp `first / 32` issues its next wgmma.mma_async: it joins the
  /// warpgroup's instance of that number, which computes once all four
  /// warps have joined.
  void wgmmaJoin(const Inst &inst, uint32_t first) {
    uint32_t warp = first / kWarp, group = warp / 4;
    Thread &lead = threads[first];
    if (threadsPerCta < (group + 1) * wgmma::kThreads) {
      fault(lead, inst,
            formatv("wgmma.mma_async needs the 128 threads of a warpgroup "
                    "(warp {0} is in warpgroup {1}; the CTA has {2} "
                    "threads)",
                    warp, group, threadsPerCta));
      return;
    }
    const auto &ops = inst.ops;
    bool aRegs = ops[1].kind == Operand::Vec;
    bool half = inst.type2 == Ty::F16 || inst.type2 == Ty::BF16;
    if (half && (ops.back().imm != 0 || (!aRegs && ops[6].imm != 0))) {
      unsupported(lead, inst,
                  inst.opcode + " with an MN-major (transposed) operand");
      return;
    }
    // Accumulators chain and A fragments may be read again by a later
    // instance; the descriptors, scale-d and guard must not be registers
    // of one in flight.
    for (uint32_t l = 0; l < kWarp; ++l)
      if (!checkWgmmaRegisters(inst, threads[first + l],
                               aRegs ? llvm::ArrayRef(ops).slice(2, 2)
                                     : llvm::ArrayRef(ops).slice(1, 3),
                               inst.guard))
        return;
    if (!warpWgmma[warp].fenced) {
      fault(lead, inst,
            formatv("wgmma.mma_async with no wgmma.fence before it in warp "
                    "{0} (the first wgmma.mma_async needs one)",
                    warp));
      return;
    }
    uint64_t descA = aRegs ? 0 : read(lead, ops[1]);
    uint64_t descB = read(lead, ops[2]);
    bool scaleD = read(lead, ops[3]) & 1;
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = threads[first + l];
      if ((!aRegs && read(t, ops[1]) != descA) || read(t, ops[2]) != descB ||
          (read(t, ops[3]) & 1) != scaleD) {
        fault(t, inst,
              "wgmma.mma_async's descriptors and scale-d differ across the "
              "threads of the warpgroup");
        return;
      }
      // wgmma.fence must order the thread's accesses to the registers the
      // instance uses before it (the instances' own accumulator accesses
      // chain without one: they do not mark the registers).
      Frame &f = t.frames.back();
      for (const Operand *vec : {&ops[0], aRegs ? &ops[1] : nullptr})
        if (vec)
          for (const Operand &r : vec->elems)
            if (f.accessed[r.reg]) {
              fault(t, inst,
                    formatv("wgmma.mma_async uses {0}, read or written since "
                            "the warp's last wgmma.fence (wgmma.fence first)",
                            regName(t, t.frames.size() - 1, r.reg)));
              return;
            }
    }
    for (const wgmma::Descriptor &d :
         {wgmma::decodeDescriptor(descA), wgmma::decodeDescriptor(descB)})
      if (d.baseOffset != 0) {
        unsupported(lead, inst,
                    inst.opcode + " with a descriptor's base offset");
        return;
      }
    WarpWgmma &ws = warpWgmma[warp];
    // Instances chain on their accumulators without a fence only when
    // they have the same shape.
    const uint32_t depth = static_cast<uint32_t>(lead.frames.size() - 1);
    for (const auto &[prev, prevDepth] : ws.sinceFence)
      if (prevDepth == depth && prev->shape != inst.shape)
        for (const Operand &r : inst.ops[0].elems)
          if (llvm::any_of(prev->ops[0].elems,
                           [&](const Operand &p) { return p.reg == r.reg; })) {
            fault(lead, inst,
                  formatv("wgmma.mma_async (m{0}n{1}k{2}) uses {3}, an "
                          "accumulator of a wgmma.mma_async of another shape "
                          "(PTX line {4}) since the warp's last wgmma.fence "
                          "(wgmma.fence first)",
                          inst.shape[0], inst.shape[1], inst.shape[2],
                          regName(lead, depth, r.reg), prev->line));
            return;
          }
    if (!llvm::is_contained(ws.sinceFence, WarpWgmma::Issued{&inst, depth}))
      ws.sinceFence.push_back({&inst, depth});
    Warpgroup &wg = warpgroups[group];
    uint64_t seq = ws.joined++;
    WgmmaOp &op = wg.pending[seq];
    if (op.warps == 0) {
      if (wg.reading.size() > kMaxWgmmaRanges) {
        fault(lead, inst,
              "too many wgmma.mma_async in flight (no wgmma.wait_group "
              "retires them)");
        return;
      }
      op.inst = &inst;
      op.descA = descA;
      op.descB = descB;
      op.scaleD = scaleD;
      // The bytes it reads stay untouchable until a wait covers it.
      for (WgmmaRange r : operandRanges(inst, descA, descB)) {
        r.seq = seq;
        wg.reading.push_back(r);
      }
    } else if (op.inst != &inst) {
      // .aligned: every thread of the warpgroup executes the same one.
      fault(lead, inst,
            formatv("warp {0} issues a different wgmma.mma_async instruction "
                    "(PTX line {1}) from the other warps of warpgroup {2} "
                    "(PTX line {3}) as its number {4}",
                    warp, inst.line, group, op.inst->line, seq));
      return;
    } else if (op.descA != descA || op.descB != descB || op.scaleD != scaleD) {
      fault(lead, inst,
            formatv("warp {0} issues wgmma.mma_async number {1} with other "
                    "descriptors or scale-d than the other warps of "
                    "warpgroup {2}",
                    warp, seq, group));
      return;
    }
    op.warps |= 1u << (warp % 4);
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = threads[first + l];
      uint32_t depth = static_cast<uint32_t>(t.frames.size() - 1);
      // A register stays pending until the last instance using it is
      // waited on: one entry per register, with that instance's number.
      auto hold = [&](int32_t reg) {
        for (PendingReg &p : t.wgmmaRegs)
          if (p.depth == depth && p.reg == reg) {
            p.seq = seq;
            return;
          }
        t.wgmmaRegs.push_back({seq, depth, reg});
      };
      for (const Operand &r : ops[0].elems)
        hold(r.reg);
      if (aRegs)
        for (const Operand &r : ops[1].elems)
          hold(r.reg);
      advance(t);
    }
    if (op.warps == 0xf)
      wgmmaCompute(group, seq);
  }

  /// The 16-byte chunks of shared memory an instance reads, merged.
  std::vector<WgmmaRange> operandRanges(const Inst &inst, uint64_t descA,
                                        uint64_t descB) const {
    std::vector<WgmmaRange> chunks;
    auto add = [&](uint64_t bits, unsigned rows) {
      wgmma::Descriptor d = wgmma::decodeDescriptor(bits);
      for (unsigned r = 0; r < rows; ++r)
        for (unsigned k = 0; k < wgmma::kRowBytes; k += 16) {
          uint64_t at = wgmma::kMajorOffset(d, r, k);
          chunks.push_back({0, at, at + 16});
        }
    };
    if (inst.ops[1].kind != Operand::Vec)
      add(descA, wgmma::kRows);
    add(descB, inst.shape[1]);
    llvm::sort(chunks, [](const WgmmaRange &a, const WgmmaRange &b) {
      return a.begin < b.begin;
    });
    std::vector<WgmmaRange> merged;
    for (const WgmmaRange &c : chunks)
      if (!merged.empty() && c.begin <= merged.back().end)
        merged.back().end = std::max(merged.back().end, c.end);
      else
        merged.push_back(c);
    return merged;
  }

  /// An element of wgmma's multiplicands (raw bits of `t`) as a double.
  static double wgmmaValue(Ty t, uint64_t bits) {
    switch (t) {
    case Ty::E4M3:
    case Ty::E5M2:
      return f8Value(t, static_cast<uint8_t>(bits));
    case Ty::S8:
      return static_cast<int8_t>(bits);
    case Ty::U8:
      return static_cast<uint8_t>(bits);
    default:
      return elemValue(t, bits);
    }
  }

  /// Instance `seq` of warpgroup `group`, joined by its four warps:
  /// D = scale-a * A * scale-b * B + (scale-d ? D : 0), written to the
  /// accumulator registers now (each warp's reads of them wait for
  /// wgmma.wait_group, so no thread can tell).
  void wgmmaCompute(uint32_t group, uint64_t seq) {
    Warpgroup &wg = warpgroups[group];
    WgmmaOp op = wg.pending[seq];
    wg.pending.erase(seq);
    wg.computed = seq + 1;
    const Inst &inst = *op.inst;
    const auto &ops = inst.ops;
    const unsigned N = inst.shape[1], K = inst.shape[2];
    const unsigned eb = wgmma::kRowBytes / K; // element bytes
    const uint32_t base = group * wgmma::kThreads;
    Thread &lead = threads[base];
    bool isInt = inst.type == Ty::S32, accHalf = inst.type == Ty::F16;
    bool aRegs = ops[1].kind == Operand::Vec;
    // The frame each thread issued it from: where its first accumulator
    // register is pending (for this instance or a later one).
    auto frameOf = [&](Thread &t) -> Frame * {
      for (const PendingReg &p : t.wgmmaRegs)
        if (p.reg == ops[0].elems[0].reg && p.seq >= seq &&
            p.depth < t.frames.size())
          return &t.frames[p.depth];
      fault(t, inst,
            "the frame that issued a wgmma.mma_async returned before it "
            "completed");
      return nullptr;
    };
    // One element of a shared-memory operand.
    auto smem = [&](uint64_t desc, unsigned row, unsigned k,
                    uint64_t &bits) -> bool {
      uint64_t at =
          wgmma::kMajorOffset(wgmma::decodeDescriptor(desc), row, k * eb);
      if (at + eb > sharedBytes) {
        fault(lead, inst,
              formatv("wgmma.mma_async reads shared memory at offset {0}, "
                      "out of bounds (the CTA has {1} bytes)",
                      at, sharedBytes));
        return false;
      }
      for (const InFlight &c : inFlight)
        if (at < c.end && c.begin < at + eb) {
          fault(lead, inst,
                formatv("wgmma.mma_async reads shared bytes at offset {0} a "
                        "copy of thread {1} has not written yet",
                        at, c.thread));
          return false;
        }
      bits = 0;
      for (unsigned i = 0; i < eb; ++i) {
        uint64_t b = at + i;
        if (!sharedInit[b]) {
          fault(lead, inst,
                formatv("wgmma.mma_async reads uninitialized shared memory "
                        "at offset {0}",
                        b));
          return false;
        }
        if (launch.detectRaces && sharedWriter[b] >= 0) {
          const Thread &w = threads[sharedWriter[b]];
          if (sharedWriteSeq[b] > w.proxyFence) {
            fault(lead, inst,
                  formatv("wgmma.mma_async reads shared memory at offset "
                          "{0} that thread {1} wrote with no "
                          "fence.proxy.async after (the async proxy may "
                          "not see it)",
                          b, sharedWriter[b]));
            return false;
          }
          if (sharedWriteEpoch[b] == epoch &&
              uint32_t(sharedWriter[b]) / wgmma::kThreads != group) {
            fault(lead, inst,
                  formatv("data race on shared memory at offset {0}: thread "
                          "{1} wrote it with no barrier before warpgroup "
                          "{2}'s wgmma.mma_async reads it",
                          b, sharedWriter[b], group));
            return false;
          }
        }
        if (launch.detectRaces) {
          // The read, for the race check of later writes: the mark of the
          // warpgroup's wgmma; a thread of the warpgroup that read the byte
          // in this interval stays (both reads are ordered before the
          // warpgroup's accesses after the wait); any other reader makes
          // it many.
          int32_t &reader = sharedReader[b];
          if (sharedReadEpoch[b] != epoch || reader == kNoThread)
            reader = wgmmaReader(group);
          else if (reader != wgmmaReader(group) &&
                   !(reader >= 0 &&
                     uint32_t(reader) / wgmma::kThreads == group))
            reader = kManyThreads;
          sharedReadEpoch[b] = epoch;
        }
        bits |= uint64_t(shared[b]) << (8 * i);
      }
      return true;
    };
    double sa = ops.size() > 4 ? double(ops[4].imm) : 1.0;
    double sb = ops.size() > 5 ? double(ops[5].imm) : 1.0;
    std::vector<double> A(wgmma::kRows * K), B(N * K);
    for (unsigned n = 0; n < N; ++n)
      for (unsigned k = 0; k < K; ++k) {
        uint64_t bits;
        if (!smem(op.descB, n, k, bits))
          return;
        B[n * K + k] = sb * wgmmaValue(inst.btype, bits);
      }
    std::vector<Frame *> frames(wgmma::kThreads);
    for (uint32_t i = 0; i < wgmma::kThreads; ++i)
      if (!(frames[i] = frameOf(threads[base + i])))
        return;
    if (aRegs) {
      unsigned perReg = 4 / eb;
      for (uint32_t i = 0; i < wgmma::kThreads; ++i)
        for (unsigned e = 0; e < 4 * perReg; ++e) {
          auto [row, col] = wgmma::aElement(i, e, eb);
          uint64_t reg = frames[i]->regs[ops[1].elems[e / perReg].reg];
          // (Indexes come from the instance's own instruction, whose
          // function the frame runs: doReturn keeps frames with pending
          // registers.)
          uint64_t bits = (reg >> (8 * eb * (e % perReg))) & mask(8 * eb);
          A[row * K + col] = sa * wgmmaValue(inst.type2, bits);
        }
    } else {
      for (unsigned m = 0; m < wgmma::kRows; ++m)
        for (unsigned k = 0; k < K; ++k) {
          uint64_t bits;
          if (!smem(op.descA, m, k, bits))
            return;
          A[m * K + k] = sa * wgmmaValue(inst.type2, bits);
        }
    }
    // Products exact in a double, summed with D in a double and rounded
    // once (the hardware's order and precision are unspecified, as for
    // mma.sync); integers wrap to 32 bits, or clamp with .satfinite.
    const unsigned elems = N / 2;
    for (uint32_t i = 0; i < wgmma::kThreads; ++i) {
      std::vector<uint64_t> &regs = frames[i]->regs;
      auto reg = [&](unsigned e) -> uint64_t & {
        return regs[ops[0].elems[accHalf ? e / 2 : e].reg];
      };
      std::vector<uint64_t> d(elems);
      for (unsigned e = 0; e < elems; ++e) {
        auto [row, col] = wgmma::accumulatorElement(i, e);
        uint64_t c =
            accHalf ? (reg(e) >> (16 * (e & 1))) & 0xffff : reg(e) & mask(32);
        if (isInt) {
          int64_t acc = op.scaleD ? int64_t(static_cast<int32_t>(c)) : 0;
          for (unsigned k = 0; k < K; ++k)
            acc += static_cast<int64_t>(A[row * K + k] * B[col * K + k]);
          if (inst.sat)
            acc = std::clamp<int64_t>(acc, INT32_MIN, INT32_MAX);
          d[e] = static_cast<uint64_t>(acc) & mask(32);
        } else {
          double acc = op.scaleD ? toDouble(inst.type, c) : 0.0;
          for (unsigned k = 0; k < K; ++k)
            acc += A[row * K + k] * B[col * K + k];
          uint64_t bits;
          std::memcpy(&bits, &acc, 8);
          d[e] = convert(inst.type, Ty::F64, Rnd::Rn, false, false, bits);
        }
      }
      for (unsigned e = 0; e < elems; ++e)
        if (accHalf)
          reg(e) = (reg(e) & ~(uint64_t(0xffff) << (16 * (e & 1)))) |
                   (d[e] << (16 * (e & 1)));
        else
          reg(e) = d[e];
    }
  }

  /// An f8 byte (e4m3: bias 7, no infinities, S.1111.111 NaN; e5m2: bias
  /// 15, IEEE-like) as a double.
  static double f8Value(Ty t, uint8_t b) {
    bool e4m3 = t == Ty::E4M3;
    unsigned mantBits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
    unsigned exp = (b & 0x7f) >> mantBits, mant = b & ((1u << mantBits) - 1);
    double sign = (b & 0x80) ? -1.0 : 1.0;
    if (e4m3 && exp == 15 && mant == 7)
      return std::nan("");
    if (!e4m3 && exp == 31)
      return mant ? std::nan("") : sign * HUGE_VAL;
    if (exp == 0)
      return sign * std::ldexp(double(mant), 1 - int(bias) - int(mantBits));
    return sign * std::ldexp(double(mant | (1u << mantBits)),
                             int(exp) - int(bias) - int(mantBits));
  }

  /// C/D element i of a lane's mma.sync accumulator fragment (row
  /// g + 8 (i >= 2), column 2t + (i & 1)): its own 32-bit register, or,
  /// with f16 accumulators, half i % 2 of register i / 2 (the first low).
  uint64_t accElement(Thread &t, const Operand &op, unsigned i, bool half) {
    return half ? (read(t, op.elems[i / 2]) >> (16 * (i & 1))) & 0xffff
                : read(t, op.elems[i]) & 0xffffffffu;
  }

  /// Writes a lane's four D elements in accElement's layout.
  void writeAccumulators(Thread &t, const Operand &op, const uint64_t (&d)[4],
                         bool half) {
    if (!half) {
      for (unsigned i = 0; i < 4; ++i)
        write(t, op.elems[i], d[i]);
      return;
    }
    for (unsigned r = 0; r < 2; ++r)
      write(t, op.elems[r],
            (d[2 * r] & 0xffff) | ((d[2 * r + 1] & 0xffff) << 16));
  }

  /// Whether mma.sync's operands are register vectors of these sizes
  /// (D and C alike); reports the instruction as unsupported otherwise.
  bool mmaOperands(const Inst &inst, Thread &lead, size_t a, size_t b,
                   size_t c) {
    const Operand &dOp = inst.ops[0], &aOp = inst.ops[1], &bOp = inst.ops[2],
                  &cOp = inst.ops[3];
    if (dOp.kind == Operand::Vec && aOp.kind == Operand::Vec &&
        bOp.kind == Operand::Vec && cOp.kind == Operand::Vec &&
        aOp.elems.size() == a && bOp.elems.size() == b &&
        cOp.elems.size() == c && dOp.elems.size() == c)
      return true;
    unsupported(lead, inst, inst.opcode + " (operand form)");
    return false;
  }

  /// mma.sync.aligned.m16n8k16.row.col with byte multiplicands: s32 +=
  /// {s8,u8} x {s8,u8} (exact; the sum wraps to 32 bits, no .satfinite) or
  /// f32 or f16 += {e4m3,e5m2} x {e4m3,e5m2} (each product exact in a
  /// double, their sum with C in a double, then rounded to D's type, as for
  /// the 16-bit inputs; e5m2's products span more than a double's 53 bits,
  /// so a sum may round twice, within the MMA class's tolerance; f16
  /// accumulators two to a register, the first low). A register r of
  /// lane (g = lane / 4, t = lane % 4) holds row g + 8r, columns 4t..4t+3
  /// (one byte each, low first); B's one register rows 4t..4t+3 of column
  /// g; C/D element i row g + 8 (i >= 2), column 2t + (i & 1).
  template <typename LaneFn>
  void byteMma(const Inst &inst, Thread &lead, LaneFn lane) {
    if (inst.type == Ty::S32)
      byteMmaAs<int64_t>(inst, lead, lane);
    else
      byteMmaAs<double>(inst, lead, lane);
  }

  /// byteMma computing in T: int64_t (integers) or double (f8).
  template <typename T, typename LaneFn>
  void byteMmaAs(const Inst &inst, Thread &lead, LaneFn lane) {
    const bool accHalf = inst.type == Ty::F16;
    if (!mmaOperands(inst, lead, 2, 1, accHalf ? 2 : 4))
      return;
    const Operand &dOp = inst.ops[0], &aOp = inst.ops[1], &bOp = inst.ops[2],
                  &cOp = inst.ops[3];
    constexpr bool isInt = std::is_same_v<T, int64_t>;
    auto byteValue = [](Ty t, uint64_t word, unsigned i) -> T {
      uint8_t b = static_cast<uint8_t>(word >> (8 * i));
      if constexpr (isInt)
        return t == Ty::S8 ? int64_t(static_cast<int8_t>(b)) : int64_t(b);
      else
        return f8Value(t, b);
    };
    T A[16][16], B[16][8], C[16][8];
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = lane(l);
      uint32_t g = l >> 2, tig = l & 3;
      for (unsigned r = 0; r < 2; ++r) {
        uint64_t word = read(t, aOp.elems[r]);
        for (unsigned i = 0; i < 4; ++i)
          A[g + 8 * r][4 * tig + i] = byteValue(inst.type2, word, i);
      }
      uint64_t word = read(t, bOp.elems[0]);
      for (unsigned i = 0; i < 4; ++i)
        B[4 * tig + i][g] = byteValue(inst.btype, word, i);
      for (unsigned i = 0; i < 4; ++i) {
        uint64_t c = accElement(t, cOp, i, accHalf);
        T &at = C[g + (i >= 2 ? 8 : 0)][2 * tig + (i & 1)];
        if constexpr (isInt)
          at = static_cast<int32_t>(c);
        else
          at = toDouble(inst.ctype, c);
      }
    }
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = lane(l);
      uint32_t g = l >> 2, tig = l & 3;
      uint64_t d[4];
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = g + (i >= 2 ? 8 : 0), col = 2 * tig + (i & 1);
        if constexpr (isInt) {
          // Unsigned arithmetic: the sum wraps instead of overflowing.
          uint64_t acc = static_cast<uint64_t>(C[row][col]);
          for (unsigned k = 0; k < 16; ++k)
            acc += static_cast<uint64_t>(A[row][k] * B[k][col]);
          d[i] = acc & 0xffffffffu;
        } else {
          double acc = C[row][col];
          for (unsigned k = 0; k < 16; ++k)
            acc += A[row][k] * B[k][col];
          uint64_t bits;
          std::memcpy(&bits, &acc, 8);
          d[i] = convert(inst.type, Ty::F64, Rnd::Rn, false, false, bits);
        }
      }
      writeAccumulators(t, dOp, d, accHalf);
      advance(t);
    }
  }

  /// mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64: A's one register of
  /// lane (g = lane / 4, t = lane % 4) is row g, column t; B's row t,
  /// column g; C/D element i row g, column 2t + i. Each D element is C
  /// plus the four products in K order, each step one fused multiply-add
  /// (the hardware's order and rounding are unspecified: the comparison's
  /// MMA class allows for it).
  template <typename LaneFn>
  void doubleMma(const Inst &inst, Thread &lead, LaneFn lane) {
    if (!mmaOperands(inst, lead, 1, 1, 2))
      return;
    const Operand &dOp = inst.ops[0], &aOp = inst.ops[1], &bOp = inst.ops[2],
                  &cOp = inst.ops[3];
    auto value = [](uint64_t bits) {
      double d;
      std::memcpy(&d, &bits, 8);
      return d;
    };
    double A[8][4], B[4][8], C[8][8];
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = lane(l);
      uint32_t g = l >> 2, tig = l & 3;
      A[g][tig] = value(read(t, aOp.elems[0]));
      B[tig][g] = value(read(t, bOp.elems[0]));
      for (unsigned i = 0; i < 2; ++i)
        C[g][2 * tig + i] = value(read(t, cOp.elems[i]));
    }
    for (uint32_t l = 0; l < kWarp; ++l) {
      Thread &t = lane(l);
      uint32_t g = l >> 2, tig = l & 3;
      for (unsigned i = 0; i < 2; ++i) {
        double acc = C[g][2 * tig + i];
        for (unsigned k = 0; k < 4; ++k)
          acc = std::fma(A[g][k], B[k][2 * tig + i], acc);
        uint64_t bits;
        std::memcpy(&bits, &acc, 8);
        write(t, dOp.elems[i], bits);
      }
      advance(t);
    }
  }

  bool atomic(const Inst &inst, Thread &t) {
    bool isRed = inst.op == Opc::Red;
    const Operand &addrOp = isRed ? inst.ops[0] : inst.ops[1];
    size_t vi = isRed ? 1 : 2;
    unsigned w = bitsOf(inst.type);
    if (addrOp.kind != Operand::Addr || inst.vec != 1 || w < 16 || w > 64) {
      unsupported(t, inst, inst.opcode);
      return false;
    }
    Space sp = spaceOf(inst, addrOp);
    uint64_t a = address(t, addrOp);
    unsigned n = w / 8;
    uint64_t old = 0;
    if (!access(t, inst, sp, a, reinterpret_cast<uint8_t *>(&old), n, false,
                true))
      return false;
    uint64_t b = read(t, inst.ops[vi]) & mask(w);
    bool sgn = isSigned(inst.type);
    bool flt = isFloatTy(inst.type);
    uint64_t r = old;
    switch (inst.atomOp) {
    case AtomOp::And:
      r = old & b;
      break;
    case AtomOp::Or:
      r = old | b;
      break;
    case AtomOp::Xor:
      r = old ^ b;
      break;
    case AtomOp::Exch:
      r = b;
      break;
    case AtomOp::Cas: {
      uint64_t swap = read(t, inst.ops[vi + 1]) & mask(w);
      r = old == b ? swap : old;
      break;
    }
    case AtomOp::Add:
      if (flt)
        // atom.add.f32 flushes subnormal inputs and results (PTX ISA);
        // f16/bf16 (.noftz) and f64 do not.
        r = floatArith(FK::Add, inst.type, Rnd::Rn, inst.type == Ty::F32, false,
                       false, old, b);
      else
        r = (old + b) & mask(w);
      break;
    case AtomOp::Inc:
      r = old >= b ? 0 : old + 1;
      break;
    case AtomOp::Dec:
      r = (old == 0 || old > b) ? b : old - 1;
      break;
    case AtomOp::Min:
    case AtomOp::Max: {
      bool isMax = inst.atomOp == AtomOp::Max;
      if (flt) {
        r = floatArith(isMax ? FK::Max : FK::Min, inst.type, Rnd::None, false,
                       false, false, old, b);
      } else {
        bool oldLess = sgn ? sval(old, w) < sval(b, w) : old < b;
        r = (oldLess == isMax) ? b : old;
      }
      break;
    }
    default:
      unsupported(t, inst, inst.opcode);
      return false;
    }
    r &= mask(w);
    if (!access(t, inst, sp, a, reinterpret_cast<uint8_t *>(&r), n, true, true))
      return false;
    if (!isRed)
      write(t, inst.ops[0], sgn ? sext(old, w) : old);
    return true;
  }
};

} // namespace

SimtResult runKernel(const PtxModule &module, const SimtLaunch &launch,
                     Memory &memory) {
  Machine m(module, launch, memory);
  return m.run();
}

} // namespace tilecheck::oracle::simt
