//===- InjectedBugs.h - Known miscompiles for the harness self-test -*- C++
//-*-===//
//
// The differential harness must prove that it finds real miscompiles and
// names the pass that made them. To test that, a few realistic bugs are
// compiled into the conversion passes, each behind its own name. In a build
// configured with -DTILECHECK_TEST_HOOKS=ON (scripts/build.sh turns it on for
// the sanitizer build, where ctest runs the self-test) they stay inert unless
// the environment variable TILECHECK_INJECT_BUG names one:
//
//   TILECHECK_INJECT_BUG=cmpi-signedness tilec-opt ...
//
// The variable is read once per process, in InjectedBugs.cpp and nowhere
// else. An empty or unset variable means "no bug". A name that is not in the
// table below is an error: the first pass that asks fails with a diagnostic
// listing the known names, so a typo cannot make a self-test silently check
// the correct compiler.
//
// Without the option (Release builds, the main job) the variable is never
// read and the binaries do not contain its name: isInjected() is always
// false. ctest's `release_has_no_test_hooks` checks that.
//
// The bugs (docs: fuzz/README.md, "Self-test"):
//   ftof-rounding    convert-tileaa-to-tileas: ftof with a directed rounding
//                    mode becomes arith.truncf/extf (nearest-even).
//   cmpi-signedness  convert-tileaa-to-tileas: unsigned cmpi becomes a
//                    signed arith.cmpi predicate.
//   divi-floor       convert-tileaa-to-tileas: signed divi rounding toward
//                    negative infinity becomes arith.divsi (toward zero).
//   view-dim-map     convert-cuda-tile-to-tileaa: a partition view's
//                    dim_map is dropped (the identity is used).
//   scan-reverse     convert-cuda-tile-to-tileaa: scan's reverse flag is
//                    dropped.
//   schedule-latency tileas-generate-schedule: in a modulo schedule, the op
//                    that starts last moves one cycle earlier, as if a
//                    latency were dropped (the schedule checker must catch
//                    it: "failed to legalize schedule").
//   pipeline-trip-count tileas-unspecialized-pipeline: the steady-state loop
//                    runs N - S iterations instead of N - (S - 1), so one
//                    iteration of the original loop is lost.
//   pipeline-stage   tileas-unspecialized-pipeline: a producer moves to the
//                    deepest stage, after a consumer of its value (the
//                    pass's own check of the kernel order must report it).
//   pipeline-release tileas-materialize-schedule: the consumer waits for
//                    and reads each pipeline position but never releases
//                    it, so the producer waits for a free slot forever
//                    once the pipeline is full (a deadlock).
//   queue-iterator   tileas-queue-to-pipeline: the consumer loop yields its
//                    iterators unincremented, so every iteration waits for
//                    and reads position 0 again (a protocol violation or a
//                    deadlock once the producer runs ahead).
//   backend-cmpi-signedness convert-tileas-to-llvm: an unsigned ordering
//                    arith.cmpi on a tensor becomes the signed predicate
//                    per slot (below nv_tileas: only the SIMT executor or a
//                    GPU can see it).
//   backend-pipeline-slot convert-tileas-to-llvm: every position of an async
//                    pipeline uses the first slot, so a producer running
//                    ahead overwrites a value the consumer has not read
//                    (below nv_tileas, like the one above).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SUPPORT_INJECTEDBUGS_H
#define TILECHECK_SUPPORT_INJECTEDBUGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace tilecheck::selftest {

enum class InjectedBug {
  FToFRounding,
  CmpISignedness,
  DivIFloor,
  ViewDimMap,
  ScanReverse,
  ScheduleLatency,
  PipelineTripCount,
  PipelineStage,
  PipelineRelease,
  QueueIterator,
  BackendCmpISignedness,
  BackendPipelineSlot,
};

/// The command-line name of a bug ("ftof-rounding", ...).
llvm::StringRef nameOf(InjectedBug bug);
/// The bug named `name`, if any.
std::optional<InjectedBug> parseInjectedBug(llvm::StringRef name);
/// Every bug, in declaration order.
llvm::ArrayRef<InjectedBug> allInjectedBugs();

/// True in a build configured with TILECHECK_TEST_HOOKS=ON.
bool testHooksCompiledIn();

/// The process's selection, read from TILECHECK_INJECT_BUG on first use in
/// a test-hook build; always empty otherwise.
struct InjectedBugSelection {
  std::optional<InjectedBug> bug;
  /// Non-empty when the variable names no known bug; the message names the
  /// value and lists the known names.
  std::string error;
};
const InjectedBugSelection &injectedBugSelection();

/// Reports the selection's error, if any, on `op` (an MLIR op: a template,
/// so that this header needs no MLIR); true when it did. A pass checks this
/// before it asks isInjected and fails if it is true.
template <typename OpT> bool emitInjectedBugSelectionError(OpT op) {
  const std::string &error = injectedBugSelection().error;
  if (error.empty())
    return false;
  op.emitError(error);
  return true;
}

/// True when `bug` is the one selected for this process. Passes call this
/// where the bug would be; it costs one call and one comparison after the
/// first, and is always false without test hooks.
bool isInjected(InjectedBug bug);

} // namespace tilecheck::selftest

#endif // TILECHECK_SUPPORT_INJECTEDBUGS_H
