//===- TargetSupport.h - What the generator-driven fuzz targets share -*- C++
//-*-===//
//
// tilec-diff-fuzzer and tilec-interp-fuzzer both read a small header from
// the input that picks the compiler options and a generator policy, and
// both keep one temporary directory and one interpreter context per
// process. Header-only: each target is its own executable of one source
// file, which includes this header once (it defines the targets' default
// ASan options).
//
// Header bytes (missing bytes read as zero):
//   byte 0   bits 0-1 opt level O0..O3; bits 2-3 target (sm_80, sm_90,
//            sm_100, modulo 3); bit 4 the target's own; bit 5 scheduler
//            (cost, serial); bits 6-7 pipeline strategy (none,
//            unspecialize, warp-specialize, warp-specialize in one
//            agent)
//   byte 1   policy preset (index into gen::presetNames(), modulo)
//   byte 2   maxStmts: 0 keeps the preset's, else minStmts + (b - 1) % 16
//   byte 3   maxDepth: 0 keeps the preset's, else (b - 1) % 3
//   byte 4   maxTrip: 0 keeps the preset's, else minTrip + (b - 1) % 4
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_TARGETS_TARGETSUPPORT_H
#define TILECHECK_FUZZ_TARGETS_TARGETSUPPORT_H

#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Generators/Generator.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tilecheck::fuzztarget {

/// The byte at `i`, or zero past the end.
inline uint8_t byteAt(const uint8_t *data, size_t size, size_t i) {
  return i < size ? data[i] : 0;
}

/// Bytes 0-4 of the header: compiler options (all of byte 0 but bit 4,
/// which each target uses its own way) and the generator policy. False
/// when the policy is invalid.
inline bool decodeHeader(const uint8_t *data, size_t size,
                         driver::CompileOptions &options,
                         gen::GenPolicy &policy) {
  static const char *const kTargets[] = {"sm_80", "sm_90", "sm_100"};
  uint8_t config = byteAt(data, size, 0);
  options.optLevel = config & 3;
  options.gpuName = kTargets[((config >> 2) & 3) % 3];
  options.scheduler =
      (config >> 5) & 1 ? driver::Scheduler::Serial : driver::Scheduler::Cost;
  static const driver::PipelineStrategy kStrategies[] = {
      driver::PipelineStrategy::None, driver::PipelineStrategy::Unspecialize,
      driver::PipelineStrategy::WarpSpecialize};
  unsigned strategy = (config >> 6) & 3;
  options.pipelineStrategy = kStrategies[strategy % 3];
  // 3: warp specialization in one agent (AUS).
  if (strategy == 3) {
    options.pipelineStrategy = driver::PipelineStrategy::WarpSpecialize;
    options.materializeScheduleUseAUS = true;
  }
  // A strategy is only live with the newer stages on (v2 >= 1).
  options.v2OptLevel =
      options.pipelineStrategy == driver::PipelineStrategy::None ? 0 : 1;

  static const std::vector<std::string> presets = gen::presetNames();
  const std::string &preset = presets[byteAt(data, size, 1) % presets.size()];
  llvm::Expected<gen::GenPolicy> p = gen::presetPolicy(preset);
  if (!p) {
    llvm::consumeError(p.takeError());
    return false;
  }
  policy = *p;
  if (uint8_t b = byteAt(data, size, 2))
    policy.maxStmts = policy.minStmts + (b - 1) % 16;
  if (uint8_t b = byteAt(data, size, 3))
    policy.maxDepth = (b - 1) % 3;
  if (uint8_t b = byteAt(data, size, 4))
    policy.maxTrip = policy.minTrip + (b - 1) % 4;
  if (llvm::Error err = policy.validate()) {
    llvm::consumeError(std::move(err));
    return false;
  }
  return true;
}

/// Bit 4 of byte 0.
inline bool headerFlag(const uint8_t *data, size_t size) {
  return (byteAt(data, size, 0) >> 4) & 1;
}

/// The header's size: the targets' own bytes start here.
inline constexpr size_t kHeaderBytes = 5;

/// The per-process scratch directory, named after the target and removed
/// at exit. The string is never destroyed: the atexit handler that removes
/// the directory runs after static destructors registered later.
inline const std::string &workDir(const char *target) {
  static const std::string *dir = [target] {
    llvm::SmallString<128> path;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory(target, path)) {
      std::fprintf(stderr, "%s: cannot create a temporary directory: %s\n",
                   target, ec.message().c_str());
      std::abort();
    }
    auto *result = new std::string(path);
    std::atexit([] { llvm::sys::fs::remove_directories(*dir); });
    return result;
  }();
  return *dir;
}

/// The interpreter's context: every dialect of every level, reused, with
/// diagnostics swallowed (the targets look at results, not messages).
inline mlir::MLIRContext &interpreterContext() {
  static mlir::MLIRContext *ctx = [] {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    auto *c =
        new mlir::MLIRContext(registry, mlir::MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    c->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    return c;
  }();
  return *ctx;
}

} // namespace tilecheck::fuzztarget

/// libMLIR.so/libLLVM.so are not instrumented: leaks of process-lifetime
/// contexts are not bugs, and manual poisoning is off (scripts/test.sh).
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0";
}

#endif // TILECHECK_FUZZ_TARGETS_TARGETSUPPORT_H
