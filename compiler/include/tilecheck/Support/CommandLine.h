//===- CommandLine.h - Every tool's command-line parser ---------*- C++ -*-===//
//
// One parser for the command lines of all of tilecheck's tools (tilec,
// tilec-translate, tile-gen, tile-run, tile-diff, tile-reduce): LLVM's
// cl::ParseCommandLineOptions with the project's conventions. A bad command
// line prints LLVM's message on stderr and the tool exits with
// kUsageExitCode (2), never LLVM's 1; `--arg @FILE` (tile-run's and
// tile-diff's argument form) reaches its option verbatim instead of being
// expanded as a response file.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SUPPORT_COMMANDLINE_H
#define TILECHECK_SUPPORT_COMMANDLINE_H

#include "llvm/ADT/StringRef.h"

namespace tilecheck {

/// The exit code of every tool for a command line it cannot use.
inline constexpr int kUsageExitCode = 2;

/// Parses the process's command line into the registered llvm::cl options.
/// On a bad command line prints the error to stderr and returns false; the
/// caller exits with kUsageExitCode.
bool parseToolCommandLine(int argc, const char *const *argv,
                          llvm::StringRef overview);

} // namespace tilecheck

#endif // TILECHECK_SUPPORT_COMMANDLINE_H
