//===- TestHooks.h - Faults the engine's tests inject into a child -*- C++
//-*-===//
//
// The engine's own tests need a configuration child that aborts, crashes,
// hangs, runs out of memory, breaks the verifier or miscompiles after a
// named pass, without a real compiler bug. In a build configured with
// -DTILECHECK_TEST_HOOKS=ON (the sanitizer build of scripts/build.sh, where
// ctest runs those tests; lit feature `test-hooks`) the environment variable
// TILECHECK_TEST_CHILD_FAULT selects one:
//
//   abort|segv|hang|oom[@PASS]  when the pass with argument PASS starts
//                               (without @PASS: when a configuration child
//                               starts)
//   invalid@PASS                every function's sym_name becomes an integer
//                               just before PASS, so the verifier rejects
//                               PASS's output
//   miscompile@PASS             the first `*.addi` becomes the same dialect's
//                               `subi` right after PASS
//
// In every other build these functions do nothing and the variable's name is
// not in the binary (ctest `release_has_no_test_hooks`).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_LIB_TESTHOOKS_H
#define TILECHECK_FUZZ_LIB_TESTHOOKS_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace tilecheck::fuzz::detail {

/// abort|segv|hang|oom when `where` is the selected place ("" = the child's
/// start, else a pass argument).
void maybeInjectFault(llvm::StringRef where);
/// miscompile@PASS, called after the pass `passArg` ran on `module`.
void maybeInjectMiscompile(llvm::StringRef passArg, mlir::Operation *module);
/// invalid@PASS, called before the pass `passArg` runs on `module`.
void maybeInjectInvalidIR(llvm::StringRef passArg, mlir::Operation *module);

} // namespace tilecheck::fuzz::detail

#endif // TILECHECK_FUZZ_LIB_TESTHOOKS_H
