//===- Simt.h - A CPU SIMT executor for the PTX the backend emits -*- C++
//-*-===//
//
// Runs a PTX kernel launch on the CPU, thread by thread in warps of 32 lanes
// executing in lockstep with an active mask, so that the code tilec's backend
// (and LLVM's NVPTX code generator below it) emits can be checked against
// the reference interpreter on a machine without a GPU. The PTX ISA manual
// is the specification; oracle/docs/Simt.md lists the instructions it
// executes, how threads are scheduled and what it reports.
//
// What a run can end in (SimtStatus):
//   Ok           every thread of every CTA exited;
//   Unsupported  a thread reached an instruction (or a form of one) this
//                executor does not implement: "unsupported: <opcode>",
//                never a guessed value;
//   Fault        the kernel did something that is undefined on hardware: an
//                out-of-bounds or misaligned access, a read of memory nobody
//                wrote, a data race on shared memory between threads not
//                separated by a barrier, a barrier a partial CTA reached, a
//                deadlock;
//   Trap         a thread executed `trap` (the backend's lowering of a
//                failed cuda_tile assert);
//   StepLimit    the instruction budget ran out (a probable hang);
//   Error        the launch itself is wrong (no such entry, parameters that
//                do not match its signature).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_SIMT_H
#define TILECHECK_ORACLE_SIMT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tilecheck::oracle {
class Memory;
} // namespace tilecheck::oracle

namespace tilecheck::oracle::simt {

/// A parsed and decoded PTX module (opaque; defined in lib/Simt/Ptx.h).
struct PtxModule;

/// Parses PTX text. A syntax error is an Error naming the line; an
/// instruction that parses but is not implemented is kept and reported when
/// a thread reaches it.
llvm::Expected<std::shared_ptr<const PtxModule>> parsePtx(llvm::StringRef text);

/// The `.param` layout of an entry: the size in bytes of each parameter.
llvm::Expected<std::vector<unsigned>> entryParamSizes(const PtxModule &module,
                                                      llvm::StringRef entry);

/// Mnemonics (with their modifiers, e.g. "ld.shared.v2.b32") of the
/// instructions of `module` the executor does not implement, sorted, unique.
std::vector<std::string> unsupportedInstructions(const PtxModule &module);

struct SimtLaunch {
  std::string entry;
  std::array<uint32_t, 3> grid{1, 1, 1};
  std::array<uint32_t, 3> block{32, 1, 1};
  uint32_t dynamicSharedBytes = 0;
  /// The parameters' bytes, in order (each exactly its .param size).
  std::vector<std::vector<uint8_t>> params;
  /// Warp-instructions (one instruction issued for a group of lanes) before
  /// the run is a hang.
  uint64_t maxWarpSteps = 1ull << 31;
  /// Report data races on shared memory (global memory races between CTAs
  /// are the Memory's to report, as for the interpreter).
  bool detectRaces = true;
};

enum class SimtStatus { Ok, Unsupported, Fault, Trap, StepLimit, Error };

llvm::StringRef name(SimtStatus status);

struct SimtStats {
  /// Instructions issued per warp (one per lane group) and per thread.
  uint64_t warpInstructions = 0, threadInstructions = 0;
  /// Warp-instructions that ran with fewer lanes than the warp has live
  /// (divergence).
  uint64_t divergentIssues = 0;
};

struct SimtResult {
  SimtStatus status = SimtStatus::Ok;
  /// One line: what went wrong, where (CTA, thread, PTX line, instruction).
  std::string message;
  /// Unsupported: the instruction's mnemonic, for counting.
  std::string instruction;
  SimtStats stats;
  /// What the kernel printed through vprintf (CUDA's device printf), in
  /// execution order.
  std::string printed;
};

/// Runs the launch, CTA by CTA in row-major order (x fastest), the CTA's
/// warps round-robin until each blocks on a barrier or exits. Global memory
/// (the buffers the parameters point to) lives in `memory`; the module's
/// .global variables are allocated there too.
SimtResult runKernel(const PtxModule &module, const SimtLaunch &launch,
                     Memory &memory);

} // namespace tilecheck::oracle::simt

#endif // TILECHECK_ORACLE_SIMT_H
