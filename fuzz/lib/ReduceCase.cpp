//===- ReduceCase.cpp - Test cases of the reducer: load, clone, write -----===//
//
// A test case being reduced is the one test case type (oracle/TestCase.h)
// with its program parsed into a module. It is read and written by the
// oracle's readTestCase and writeTestCase, which keep the inputs in memory
// and write each under its base name, so every candidate directory (and the
// final output) is self-contained and a dropped argument never renames the
// files of the others.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Reduce.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using llvm::StringRef;

namespace tilecheck::reduce {

namespace {

/// Parses program text or bytecode into a verified builtin module.
llvm::Expected<OwningOpRef<ModuleOp>>
parseProgram(MLIRContext &context, std::unique_ptr<llvm::MemoryBuffer> buffer,
             StringRef name) {
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
  OwningOpRef<ModuleOp> module =
      bytecode::readProgram(sourceMgr, &context, name);
  if (!module)
    return makeError("cannot read program '" + name + "': " + diagText);
  return std::move(module);
}

} // namespace

TestCase TestCase::fromCase(oracle::TestCase tc, OwningOpRef<ModuleOp> module) {
  TestCase out;
  static_cast<oracle::TestCase &>(out) = std::move(tc);
  out.text.clear();
  out.module = std::move(module);
  return out;
}

oracle::TestCase TestCase::toCase() const {
  oracle::TestCase tc = *this;
  tc.text = printProgram(*module);
  return tc;
}

TestCase TestCase::clone() const {
  TestCase tc;
  static_cast<oracle::TestCase &>(tc) = *this;
  tc.module = OwningOpRef<ModuleOp>(cast<ModuleOp>(module.get()->clone()));
  tc.observed = observed;
  return tc;
}

std::string observedValuesKey(const TestCase &tc) {
  std::string key = printProgram(*tc.module);
  key += "\n" + tc.entry + "\n";
  for (int64_t d : tc.grid)
    key += std::to_string(d) + ",";
  for (const oracle::TestArg &a : tc.args)
    key += "\n" + a.form;
  return key;
}

llvm::Expected<TestCase> loadTestCase(MLIRContext &context, StringRef path) {
  std::string programPath;
  llvm::Expected<oracle::TestCase> loaded = oracle::readTestCase(
      path, [&](StringRef program) -> llvm::Expected<std::string> {
        programPath = program.str();
        return oracle::readProgramText(program);
      });
  if (!loaded)
    return loaded.takeError();
  auto module = parseProgram(
      context, llvm::MemoryBuffer::getMemBuffer(loaded->text, programPath),
      programPath);
  if (!module)
    return module.takeError();
  return TestCase::fromCase(std::move(*loaded), std::move(*module));
}

llvm::Expected<TestCase> parseTestCase(MLIRContext &context,
                                       StringRef programText, StringRef entry,
                                       std::array<int64_t, 3> grid,
                                       std::vector<oracle::TestArg> args) {
  auto module = parseProgram(
      context, llvm::MemoryBuffer::getMemBufferCopy(programText, "program"),
      "program");
  if (!module)
    return module.takeError();
  TestCase tc;
  tc.name = "program";
  tc.module = std::move(*module);
  tc.entry = entry.str();
  tc.grid = grid;
  tc.args = std::move(args);
  return std::move(tc);
}

/// Programs are printed for files that tile-run, tile-diff and the
/// compiler parse: constants of more than 100 elements (value-to-const
/// makes them) keep their element lists instead of MLIR's hex form.
static OpPrintingFlags programPrintingFlags() {
  return OpPrintingFlags().assumeVerified().printLargeElementsAttrWithHex(-1);
}

std::string printProgram(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // Without attributes of its own the builtin module is implicit: print
  // its ops, the way the programs are written.
  if (module->getAttrDictionary().empty()) {
    for (Operation &op : module.getBody()->getOperations()) {
      op.print(os, programPrintingFlags());
      os << "\n";
    }
    return text;
  }
  module->print(os, programPrintingFlags());
  os << "\n";
  return text;
}

unsigned countOps(ModuleOp module) {
  unsigned n = 0;
  module->walk([&](Operation *op) {
    if (!isa<ModuleOp, cuda_tile::ModuleOp>(op))
      ++n;
  });
  return n;
}

llvm::Error writeTestCase(const TestCase &tc, StringRef dir,
                          bool writeArgFiles) {
  return oracle::writeTestCase(tc.toCase(), dir, writeArgFiles);
}

} // namespace tilecheck::reduce
