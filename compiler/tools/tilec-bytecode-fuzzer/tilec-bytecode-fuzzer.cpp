//===- tilec-bytecode-fuzzer.cpp - libFuzzer target for the reader -------===//
//
// Feeds arbitrary bytes to the Tile IR bytecode reader and verifies whatever
// comes back. The reader must never crash, hang or allocate without bound;
// ASan/UBSan report the rest. One MLIRContext serves the whole run (creating
// one per input is what made earlier targets slow), with diagnostics
// swallowed. A module that reads and verifies must also survive a write and
// a second read unchanged. Seed it with files written by tilec-translate:
//
//   tilec-translate --mlir-to-tileirbc corpus/seeds/gemm.mlir -o corpus-dir/gemm.tileirbc
//   tilec-bytecode-fuzzer corpus-dir -max_total_time=60
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

#include <cstddef>
#include <cstdint>

namespace {
mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    mlir::DialectRegistry registry;
    tilecheck::registerAllDialects(registry);
    auto *c = new mlir::MLIRContext(registry);
    c->loadAllAvailableDialects();
    // Diagnostics are expected for almost every input; drop them.
    c->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    return c;
  }();
  return *ctx;
}
} // namespace

/// libMLIR/libLLVM are not instrumented while this target is; LLVM's bump
/// allocators poison slabs from instrumented inline code and hand them out
/// from uninstrumented code, which ASan reports as use-after-poison. Manual
/// poisoning is therefore off (as in scripts/test.sh); leaks are not bugs of
/// a process-lifetime context.
std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, mlir::OpPrintingFlags().printGenericOpForm());
  return text;
}

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &ctx = context();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::Operation *> module = tilecheck::bytecode::readBytecode(
      bytes, &ctx, mlir::UnknownLoc::get(&ctx));
  if (!module || mlir::failed(mlir::verify(module.get())))
    return 0;
  // A module that reads and verifies must survive write + read unchanged:
  // this catches reader/writer asymmetries, not only crashes.
  std::string first = print(module.get());
  std::string encoded;
  llvm::raw_string_ostream os(encoded);
  if (mlir::failed(tilecheck::bytecode::writeBytecode(module.get(), os)))
    __builtin_trap(); // Everything the reader builds must be writable.
  mlir::OwningOpRef<mlir::Operation *> again = tilecheck::bytecode::readBytecode(
      encoded, &ctx, mlir::UnknownLoc::get(&ctx));
  if (!again || first != print(again.get()))
    __builtin_trap();
  return 0;
}
