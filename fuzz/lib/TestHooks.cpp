//===- TestHooks.cpp - Faults the engine's tests inject into a child ------===//
//
// See TestHooks.h. TILECHECK_TEST_HOOKS is defined for this file only, in
// test-hook builds.
//
//===----------------------------------------------------------------------===//

#include "TestHooks.h"

#ifdef TILECHECK_TEST_HOOKS

#include "tilecheck/Fuzz/Sanitizers.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <unistd.h>
#include <vector>

using namespace mlir;
using llvm::StringRef;

namespace tilecheck::fuzz::detail {

/// TILECHECK_TEST_CHILD_FAULT=WHAT[@WHERE]: WHAT when the hook is asked for
/// at `where` (empty when it is not).
static StringRef requestedAt(StringRef where) {
  const char *env = std::getenv("TILECHECK_TEST_CHILD_FAULT");
  auto [what, at] = StringRef(env ? env : "").split('@');
  return at == where ? what : StringRef();
}

/// The test-only fault hook: TILECHECK_TEST_CHILD_FAULT=abort|segv|hang|oom,
/// optionally "@PASS" to fire when the pass with that argument starts
/// (without it: when a configuration child starts). Only tests set it.
void maybeInjectFault(StringRef where) {
  StringRef what = requestedAt(where);
  if (what == "abort") {
    std::abort();
  } else if (what == "segv") {
    std::raise(SIGSEGV);
  } else if (what == "hang") {
    for (;;)
      ::pause();
  } else if (what == "oom") {
    // Without an address-space limit (ASan builds) this would take the
    // machine's memory: refuse instead.
    if (!canLimitAddressSpace()) {
      std::fputs("test hook 'oom' needs an address-space limit\n", stderr);
      std::abort();
    }
    // Touch memory until the address-space limit stops us.
    std::vector<std::unique_ptr<char[]>> hog;
    for (;;) {
      hog.emplace_back(new char[64 << 20]);
      std::memset(hog.back().get(), 1, 64 << 20);
    }
  }
}

/// The test-only miscompile hook: TILECHECK_TEST_CHILD_FAULT=miscompile@PASS
/// turns the first `*.addi` op of the module into the same dialect's `subi`
/// right after PASS, at whatever IR level PASS leaves. Tests use it to check
/// culprit naming without a real compiler bug.
void maybeInjectMiscompile(StringRef passArg, Operation *module) {
  if (requestedAt(passArg) != "miscompile")
    return;
  Operation *target = nullptr;
  module->walk([&](Operation *op) {
    if (!target && op->getName().getStringRef().ends_with(".addi"))
      target = op;
  });
  if (!target)
    return;
  OperationState state(
      target->getLoc(),
      (target->getName().getStringRef().drop_back(4) + "subi").str());
  state.addOperands(target->getOperands());
  state.addTypes(target->getResultTypes());
  state.addAttributes(target->getAttrs());
  OpBuilder builder(target);
  Operation *sub = builder.create(state);
  target->replaceAllUsesWith(sub);
  target->erase();
}

/// The test-only verifier-failure hook: TILECHECK_TEST_CHILD_FAULT=
/// invalid@PASS replaces the `sym_name` of every function-like op by an
/// integer just before PASS runs, so the verifier rejects PASS's output.
void maybeInjectInvalidIR(StringRef passArg, Operation *module) {
  if (requestedAt(passArg) != "invalid")
    return;
  module->walk([&](Operation *op) {
    if (op != module && op->getNumRegions() == 1 && op->hasAttr("sym_name") &&
        op->hasAttr("function_type"))
      op->setAttr("sym_name",
                  IntegerAttr::get(IntegerType::get(op->getContext(), 32), 0));
  });
}

} // namespace tilecheck::fuzz::detail

#else // !TILECHECK_TEST_HOOKS

namespace tilecheck::fuzz::detail {

void maybeInjectFault(llvm::StringRef) {}
void maybeInjectMiscompile(llvm::StringRef, mlir::Operation *) {}
void maybeInjectInvalidIR(llvm::StringRef, mlir::Operation *) {}

} // namespace tilecheck::fuzz::detail

#endif // TILECHECK_TEST_HOOKS
