//===- CommandLine.h - What the tools that run a program share --*- C++ -*-===//
//
// tile-run and tile-diff both take a program and its launch on the command
// line: a positional input file, or a manifest, with --entry, --grid and
// --arg in tile-run's argument forms. The options and the parsing of the
// grid live here, once; the command-line parser (which keeps `--arg @FILE`
// verbatim) is every tool's, in tilecheck/Support/CommandLine.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_COMMANDLINE_H
#define TILECHECK_ORACLE_COMMANDLINE_H

#include "tilecheck/Support/CommandLine.h"

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

/// The tools' one command-line parser (tilecheck/Support/CommandLine.h).
using tilecheck::parseToolCommandLine;

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_COMMANDLINE_H
