//===- tilec-parse-fuzzer.cpp - libFuzzer target for the text parser ------===//
//
// Feeds arbitrary bytes to the MLIR parser with every tilecheck dialect
// loaded (cuda_tile's custom types, attributes and op syntax are ours) and
// verifies what parses. Nothing may crash, hang or allocate without bound;
// ASan/UBSan report memory and UB errors. A module that parses and verifies
// must also print, parse again, verify again and print the same text: that
// catches printer/parser asymmetries, not only crashes.
//
// One MLIRContext serves many inputs (a fresh context per input is what made
// the first targets slow), single-threaded, with every diagnostic dropped.
// Because a context interns every type and attribute it ever saw, it is
// replaced after kInputsPerContext inputs so long runs do not grow without
// bound.
//
//   tilec-parse-fuzzer corpus/fuzz/parse -dict=corpus/fuzz/parse.dict
//
// (fuzz/README.md, section "libFuzzer targets").
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

constexpr unsigned kInputsPerContext = 20000;

std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  // Diagnostics are expected for almost every input; drop them.
  ctx->getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  return ctx;
}

mlir::MLIRContext &context() {
  static std::unique_ptr<mlir::MLIRContext> ctx;
  static unsigned uses = 0;
  if (!ctx || ++uses >= kInputsPerContext) {
    ctx.reset(); // Destroy the old one first: at most one alive.
    ctx = makeContext();
    uses = 0;
  }
  return *ctx;
}

/// Parses `text` as a top-level module and verifies it; null on failure.
mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text,
                                        mlir::MLIRContext &ctx) {
  llvm::SourceMgr sourceMgr;
  // The lexer relies on a terminating NUL, which libFuzzer's data lacks:
  // the copy adds one.
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  return mlir::parseSourceFile<mlir::ModuleOp>(
      sourceMgr, mlir::ParserConfig(&ctx, /*verifyAfterParse=*/true));
}

std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

[[noreturn]] void fail(const char *what, const std::string &first,
                       const std::string &second) {
  std::fprintf(stderr,
               "tilec-parse-fuzzer: %s\n--- printed ---\n%s\n--- then ---\n%s\n",
               what, first.c_str(), second.c_str());
  std::abort();
}

} // namespace

/// libMLIR/libLLVM are not instrumented while this target is: LLVM's bump
/// allocators poison slabs from instrumented inline code and hand them out
/// from uninstrumented code, which ASan reports as use-after-poison, so
/// manual poisoning is off (as in scripts/test.sh). Leaks are not bugs of a
/// process-lifetime context.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &ctx = context();
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(text, ctx);
  if (!module)
    return 0;
  // What parsed and verified must round-trip through the printer.
  std::string first = print(module.get());
  mlir::OwningOpRef<mlir::ModuleOp> again = parse(first, ctx);
  if (!again)
    fail("the printed module does not parse or verify", first, "");
  std::string second = print(again.get());
  if (first != second)
    fail("printing is not stable across a parse", first, second);
  return 0;
}
