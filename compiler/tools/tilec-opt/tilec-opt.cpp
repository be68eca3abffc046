//===- tilec-opt.cpp - mlir-opt for tilecheck's dialects ------------------===//
//
// Parses, verifies, transforms and prints programs in tilecheck's dialects.
// Only project dialects are registered (no upstream dialect zoo): startup
// stays fast and the tool accepts exactly the languages tilecheck compiles.
//
// Tile IR bytecode (.tileirbc) is accepted as input too: when the input
// starts with the bytecode magic, it is read with the bytecode reader and
// handed to MlirOptMain as the equivalent text. Converting in front of
// MlirOptMain (rather than hooking MLIR's own bytecode detection, which only
// knows MLIR bytecode) keeps every mlir-opt option working unchanged; the
// cost is that diagnostics after reading point into the converted text,
// which carries no source locations anyway since the format stores none.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

/// Reads a bytecode buffer and returns its text form, or null after
/// reporting the reader's diagnostics.
static std::unique_ptr<llvm::MemoryBuffer>
bytecodeToText(const llvm::MemoryBuffer &input,
               mlir::DialectRegistry &registry) {
  mlir::MLIRContext ctx(registry);
  llvm::StringRef name = input.getBufferIdentifier();
  mlir::OwningOpRef<mlir::Operation *> module = tilecheck::bytecode::readBytecode(
      input.getBuffer(), &ctx, mlir::FileLineColLoc::get(&ctx, name, 0, 0));
  if (!module)
    return nullptr;
  std::string text;
  llvm::raw_string_ostream os(text);
  // Generic form: the reader's output may not verify, and the verifier
  // must get to report that rather than the custom printers.
  module.get()->print(os, mlir::OpPrintingFlags().printGenericOpForm());
  return llvm::MemoryBuffer::getMemBufferCopy(text, name);
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  tilecheck::registerBackendDialects(registry);
  tilecheck::registerAllPasses();
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "tilecheck optimizer driver\n", registry);

  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // Options that need no input (and standard input, which can be read only
  // once) are left to the stock driver; a file is peeked at first.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &error);
  bool fromStdin = inputFile == "-";
  if (!input || (!fromStdin &&
                 !tilecheck::bytecode::isBytecode(input->getBuffer())))
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));

  if (tilecheck::bytecode::isBytecode(input->getBuffer())) {
    input = bytecodeToText(*input, registry);
    if (!input)
      return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
