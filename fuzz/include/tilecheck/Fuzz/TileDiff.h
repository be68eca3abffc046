//===- TileDiff.h - The tile-diff command line ------------------*- C++ -*-===//
//
// tile-diff FILE.mlir [--entry E --grid X,Y,Z --arg A ...] (without them:
//         the file's seed launch header)
//         | --manifest M.json | --generate --seed N [--count K] [--policy P]
//         [--matrix default|full|sample|tileiras] [--sample-size S]
//         [--tileiras PATH | --no-tileiras] [--findings DIR]
//         [--jobs J] [--timeout-ms T] [--memory-mb M]
//         [--checkpoints all|none|PASS,PASS...] [--only-config TEXT]
//         [--print-signature]
// tile-diff --repro DIR [--tileiras PATH]
// tile-diff --findings DIR --list-buckets
//
// Checking ends with the line "N programs checked, F findings in B buckets".
// Exit codes: 0 no finding, 1 findings, 2 usage, 3 internal error (a program
// could not be checked). --repro: 0 the finding reproduces (same signature),
// 1 it does not, 2 usage, 3 the replay itself failed.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_TILEDIFF_H
#define TILECHECK_FUZZ_TILEDIFF_H

#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Support/CommandLine.h"

#include "llvm/Support/JSON.h"

namespace tilecheck::fuzz {

enum TileDiffExit : int {
  kDiffClean = 0,
  kDiffFindings = 1,
  kDiffUsage = kUsageExitCode,
  kDiffInternal = 3,
};

/// A ProgramReport as JSON (program workers send it to the main process)
/// and back.
llvm::json::Value reportToJSON(const ProgramReport &report);
llvm::Expected<ProgramReport> reportFromJSON(const llvm::json::Value &value);
/// Writes `report` as JSON to `fd` (a child sending its report home).
void writeReport(int fd, const ProgramReport &report);

/// One line of `tile-diff --results`: what a campaign needs of a program's
/// report (outcome, signature, culprit and seconds of every configuration,
/// pass and tileiras coverage; no module texts or buffers: those go to the
/// findings store), with the program's name and provenance.
llvm::json::Value resultsLine(const TestCase &program,
                              const ProgramReport &report);

/// main() of tile-diff.
int tileDiffMain(int argc, char **argv);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_TILEDIFF_H
