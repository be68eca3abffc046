//===- tilec-translate.cpp - cuda_tile text <-> Tile IR bytecode ----------===//
//
// Converts between the textual cuda_tile form and Tile IR bytecode:
//   tilec-translate --mlir-to-tileirbc [--bytecode-version 13.1] in.mlir -o out.tileirbc
//   tilec-translate --tileirbc-to-mlir in.tileirbc
//   tilec-translate --test-roundtrip in.mlir   (text -> bytecode -> text)
//   tilec-translate --verify-roundtrip in.mlir (exit 1 if the text differs)
//   tilec-translate --list-versions
// A small main of its own rather than mlirTranslateMain: the tool has three
// fixed directions and must report every reader error as a diagnostic with a
// non-zero exit, which is simplest to guarantee with the control flow in view.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Support/CommandLine.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace bc = tilecheck::bytecode;

namespace {
enum class Mode {
  None,
  ToBytecode,
  ToText,
  RoundTrip,
  VerifyRoundTrip,
  ListVersions
};
} // namespace

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<input>"),
                                            llvm::cl::init("-"));
static llvm::cl::opt<std::string> outputFile("o", llvm::cl::desc("output file"),
                                             llvm::cl::init("-"));
static llvm::cl::opt<Mode> mode(
    llvm::cl::desc("translation"),
    llvm::cl::values(
        clEnumValN(Mode::ToBytecode, "mlir-to-tileirbc",
                   "cuda_tile text to Tile IR bytecode"),
        clEnumValN(Mode::ToText, "tileirbc-to-mlir",
                   "Tile IR bytecode to cuda_tile text"),
        clEnumValN(Mode::RoundTrip, "test-roundtrip",
                   "text to bytecode to text, in memory"),
        clEnumValN(Mode::VerifyRoundTrip, "verify-roundtrip",
                   "check that every cuda_tile.module of the input prints "
                   "the same after text -> bytecode -> text"),
        clEnumValN(Mode::ListVersions, "list-versions",
                   "print the supported bytecode versions")),
    llvm::cl::init(Mode::None));
static llvm::cl::opt<std::string>
    versionText("bytecode-version",
                llvm::cl::desc("bytecode version to write (13.1, 13.2, 13.3)"),
                llvm::cl::init("13.3"));
// Accepted for command-line compatibility with NVIDIA's translator: inputs
// are always parsed into an implicit builtin module and the cuda_tile.module
// inside is what gets written.
static llvm::cl::opt<bool> noImplicitModule("no-implicit-module",
                                            llvm::cl::desc("ignored"));
static llvm::cl::opt<bool> splitInputFile(
    "split-input-file",
    llvm::cl::desc("translate each `// -----` chunk of a text input alone"));
static llvm::cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    llvm::cl::desc("check expected-* annotations instead of failing"));
static llvm::cl::opt<bool> allowUnregistered(
    "allow-unregistered-dialect",
    llvm::cl::desc("parse ops of unregistered dialects (they are refused "
                   "by the writer)"));
static llvm::cl::opt<bool> printGeneric("mlir-print-op-generic",
                                        llvm::cl::desc("print generic form"));
static llvm::cl::opt<bool>
    printDebugInfo("mlir-print-debuginfo",
                   llvm::cl::desc("print locations (the debug section)"));

/// Parses cuda_tile text; the writer takes the builtin module around it.
static OwningOpRef<ModuleOp> parseText(llvm::SourceMgr &sourceMgr,
                                       MLIRContext &ctx) {
  return parseSourceFile<ModuleOp>(sourceMgr, &ctx);
}

static OwningOpRef<Operation *> readBinary(llvm::StringRef bytes,
                                           llvm::StringRef name,
                                           MLIRContext &ctx) {
  Location loc = FileLineColLoc::get(&ctx, name, 0, 0);
  OwningOpRef<Operation *> module = bc::readBytecode(bytes, &ctx, loc);
  if (!module || failed(verify(module.get())))
    return nullptr;
  return module;
}

/// Prints `op`; `localScope` prints it as a nested op is printed (attributes
/// and locations inline, no alias definitions), which makes an op inside a
/// module and a detached one print alike.
static void print(Operation *op, llvm::raw_ostream &os,
                  bool localScope = false) {
  OpPrintingFlags flags;
  if (localScope)
    flags.useLocalScope();
  if (printGeneric)
    flags.printGenericOpForm();
  if (printDebugInfo)
    flags.enableDebugInfo();
  // Like tilec-opt's output, so the two can be compared with diff.
  op->print(os, flags);
  os << "\n";
}

/// The module's name and location are not part of the format; gives the
/// read-back module the source's so a round trip compares as text.
static void keepModuleIdentity(Operation *source, Operation *back) {
  if (auto name = source->getAttr("sym_name"))
    back->setAttr("sym_name", name);
  back->setLoc(source->getLoc());
}

/// Round-trips each cuda_tile.module of `module` on its own (split inputs
/// hold several) and compares the printed text before and after.
static LogicalResult verifyRoundTrip(ModuleOp module, bc::Version version,
                                     MLIRContext &ctx, llvm::raw_ostream &os) {
  LogicalResult status = success();
  for (Operation &op : *module.getBody()) {
    std::string before, encoded, after;
    llvm::raw_string_ostream beforeStream(before), encodedStream(encoded),
        afterStream(after);
    print(&op, beforeStream, /*localScope=*/true);
    if (failed(bc::writeBytecode(&op, encodedStream, version)))
      return failure();
    OwningOpRef<Operation *> back = readBinary(encoded, "<roundtrip>", ctx);
    if (!back)
      return failure();
    keepModuleIdentity(&op, back.get());
    print(back.get(), afterStream, /*localScope=*/true);
    // A detached op (what the reader returns) prints with one more trailing
    // newline than the same op inside a block.
    if (llvm::StringRef(before).rtrim() != llvm::StringRef(after).rtrim()) {
      llvm::errs() << "error: round trip through bytecode changed the "
                      "module\n--- before\n"
                   << before << "--- after\n" << after;
      status = failure();
    }
  }
  if (succeeded(status))
    os << "round trip ok\n";
  return status;
}

/// Translates one input buffer (a whole file, or one chunk of a split one)
/// in the selected direction, writing the result to `os`.
static LogicalResult processBuffer(std::unique_ptr<llvm::MemoryBuffer> input,
                                   bc::Version version, llvm::raw_ostream &os) {
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  ctx.allowUnregisteredDialects(allowUnregistered);
  // Expected-diagnostic files list exactly the diagnostics, without the
  // "see current operation" notes.
  ctx.printOpOnDiagnostic(!verifyDiagnostics);
  llvm::SourceMgr sourceMgr;
  llvm::StringRef bytes = input->getBuffer();
  std::string bufferName = input->getBufferIdentifier().str();
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());

  auto translate = [&]() -> LogicalResult {
    if (mode == Mode::ToText) {
      OwningOpRef<Operation *> module = readBinary(bytes, bufferName, ctx);
      if (!module)
        return failure();
      print(module.get(), os);
      return success();
    }
    OwningOpRef<ModuleOp> module = parseText(sourceMgr, ctx);
    if (!module)
      return failure();
    if (mode == Mode::VerifyRoundTrip)
      return verifyRoundTrip(*module, version, ctx, os);
    std::string encoded;
    llvm::raw_string_ostream encodedStream(encoded);
    if (failed(bc::writeBytecode(module.get(), encodedStream, version)))
      return failure();
    if (mode == Mode::ToBytecode) {
      os << encoded;
      return success();
    }
    OwningOpRef<Operation *> back = readBinary(encoded, "<roundtrip>", ctx);
    if (!back)
      return failure();
    for (Operation &op : *module->getBody())
      keepModuleIdentity(&op, back.get());
    print(back.get(), os);
    return success();
  };

  if (!verifyDiagnostics) {
    SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
    return translate();
  }
  SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &ctx);
  (void)translate();
  return handler.verify();
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  if (!tilecheck::parseToolCommandLine(argc, argv,
                                       "cuda_tile text <-> Tile IR bytecode\n"))
    return tilecheck::kUsageExitCode;
  if (mode == Mode::ListVersions) {
    // Production versions, then the test-only ones of this build.
    for (unsigned minor = bc::Version::oldest().minor;
         minor <= bc::Version::newest().minor; ++minor)
      llvm::outs() << "13." << minor << "\n";
    for (const bc::Version &v : bc::Version::testingVersions())
      llvm::outs() << v.str() << "\n";
    return 0;
  }
  if (mode == Mode::None) {
    llvm::errs() << "error: choose --mlir-to-tileirbc, --tileirbc-to-mlir, "
                    "--test-roundtrip, --verify-roundtrip or --list-versions\n";
    return 1;
  }
  std::optional<bc::Version> version = bc::Version::parse(versionText);
  if (!version || !version->isSupported()) {
    llvm::errs() << "Invalid argument '" << versionText
                 << "': the supported versions are ["
                 << bc::Version::oldest().str() << " - "
                 << bc::Version::newest().str() << "]\n";
    return 1;
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFile, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  auto chunk = [&](std::unique_ptr<llvm::MemoryBuffer> buffer,
                   llvm::raw_ostream &os) {
    return processBuffer(std::move(buffer), *version, os);
  };
  // Bytecode is binary: it is never split.
  bool split = splitInputFile && !bc::isBytecode(input->getBuffer());
  LogicalResult result =
      split ? splitAndProcessBuffer(std::move(input), chunk, output->os(),
                                    kDefaultSplitMarker, kDefaultSplitMarker)
            : chunk(std::move(input), output->os());
  if (failed(result))
    return 1;
  output->keep();
  return 0;
}
