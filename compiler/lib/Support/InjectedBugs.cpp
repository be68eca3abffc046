//===- InjectedBugs.cpp - Known miscompiles for the harness self-test -----===//
//
// In a test-hook build (TILECHECK_TEST_HOOKS, defined for this file only),
// reads TILECHECK_INJECT_BUG once (thread-safe static initialization); in
// any other build, never. See the header for the contract.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Support/InjectedBugs.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdlib>
#include <iterator>

namespace tilecheck::selftest {

namespace {
struct BugName {
  InjectedBug bug;
  llvm::StringLiteral name;
};
constexpr BugName kBugNames[] = {
    {InjectedBug::FToFRounding, "ftof-rounding"},
    {InjectedBug::CmpISignedness, "cmpi-signedness"},
    {InjectedBug::DivIFloor, "divi-floor"},
    {InjectedBug::ViewDimMap, "view-dim-map"},
    {InjectedBug::ScanReverse, "scan-reverse"},
    {InjectedBug::ScheduleLatency, "schedule-latency"},
    {InjectedBug::PipelineTripCount, "pipeline-trip-count"},
    {InjectedBug::PipelineStage, "pipeline-stage"},
    {InjectedBug::PipelineRelease, "pipeline-release"},
    {InjectedBug::QueueIterator, "queue-iterator"},
    {InjectedBug::BackendCmpISignedness, "backend-cmpi-signedness"},
    {InjectedBug::BackendPipelineSlot, "backend-pipeline-slot"},
};
constexpr InjectedBug kAllBugs[] = {InjectedBug::FToFRounding,
                                    InjectedBug::CmpISignedness,
                                    InjectedBug::DivIFloor,
                                    InjectedBug::ViewDimMap,
                                    InjectedBug::ScanReverse,
                                    InjectedBug::ScheduleLatency,
                                    InjectedBug::PipelineTripCount,
                                    InjectedBug::PipelineStage,
                                    InjectedBug::PipelineRelease,
                                    InjectedBug::QueueIterator,
                                    InjectedBug::BackendCmpISignedness,
                                    InjectedBug::BackendPipelineSlot};
static_assert(std::size(kBugNames) == std::size(kAllBugs),
              "every bug needs a name");
} // namespace

llvm::StringRef nameOf(InjectedBug bug) {
  for (const BugName &b : kBugNames)
    if (b.bug == bug)
      return b.name;
  return "";
}

std::optional<InjectedBug> parseInjectedBug(llvm::StringRef name) {
  for (const BugName &b : kBugNames)
    if (b.name == name)
      return b.bug;
  return std::nullopt;
}

llvm::ArrayRef<InjectedBug> allInjectedBugs() { return kAllBugs; }

#ifdef TILECHECK_TEST_HOOKS

bool testHooksCompiledIn() { return true; }

const InjectedBugSelection &injectedBugSelection() {
  static const InjectedBugSelection selection = [] {
    constexpr const char *kVar = "TILECHECK_INJECT_BUG";
    InjectedBugSelection s;
    const char *value = std::getenv(kVar);
    if (!value || !*value)
      return s;
    s.bug = parseInjectedBug(value);
    if (!s.bug) {
      s.error =
          std::string(kVar) + "='" + value + "' names no injected bug; known: ";
      for (auto [i, b] : llvm::enumerate(kBugNames))
        s.error += (i ? ", " : "") + b.name.str();
    }
    return s;
  }();
  return selection;
}

bool isInjected(InjectedBug bug) { return injectedBugSelection().bug == bug; }

#else

bool testHooksCompiledIn() { return false; }

const InjectedBugSelection &injectedBugSelection() {
  static const InjectedBugSelection none;
  return none;
}

bool isInjected(InjectedBug) { return false; }

#endif

} // namespace tilecheck::selftest
