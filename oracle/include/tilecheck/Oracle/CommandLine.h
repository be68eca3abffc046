//===- CommandLine.h - What the tools that run a program share --*- C++ -*-===//
//
// tile-run and tile-diff both take a program and its launch on the command
// line: a positional input file, or a manifest, with --entry, --grid and
// --arg in tile-run's argument forms. The options, the parsing of the grid
// and the command-line parser that keeps `--arg @FILE` verbatim live here,
// once.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_COMMANDLINE_H
#define TILECHECK_ORACLE_COMMANDLINE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>

namespace tilecheck::oracle {

/// The launch options, registered in the tool's category.
struct LaunchOptions {
  /// `inputHelp` describes the positional input ("<input.mlir>");
  /// `gridDefault` is --grid's value when it is not given ("" for none).
  LaunchOptions(llvm::cl::OptionCategory &category, llvm::StringRef inputHelp,
                llvm::StringRef gridDefault);

  llvm::cl::opt<std::string> input;
  llvm::cl::opt<std::string> manifest;
  llvm::cl::opt<std::string> entry;
  llvm::cl::opt<std::string> grid;
  llvm::cl::list<std::string> args;

  /// Whether --entry, --grid or --arg was given.
  bool hasExplicitLaunch() const;
};

struct TestCase;

/// The test case the options name: --manifest's; else the input file with
/// --entry, --grid and --arg; else, with none of those, the input file's
/// seed launch header (TileRun.h: loadManifestCase, loadFileCase,
/// loadSeedCase). Errors name the file and the reason.
llvm::Expected<TestCase> loadLaunch(const LaunchOptions &launch);

/// "X[,Y[,Z]]", each at least 1; missing sizes are 1.
llvm::Expected<std::array<int64_t, 3>> parseGrid(llvm::StringRef text);

/// llvm::cl::ParseCommandLineOptions, except that the value of `--arg @FILE`
/// reaches the option verbatim (LLVM expands any word that starts with '@'
/// as a response file). Prints the error and returns false on a bad
/// command line.
bool parseToolCommandLine(int argc, const char *const *argv,
                          llvm::StringRef overview);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_COMMANDLINE_H
