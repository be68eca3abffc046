//===- Findings.h - The findings store and replays --------------*- C++ -*-===//
//
// A findings directory holds one directory per stored finding, written
// atomically (built under DIR/.tmp-XXXXXX, then renamed), and an SQLite
// index DIR/index.sqlite with one row per bucket (signature, kind, culprit,
// count, first and last seen, example directory) and one per stored example.
// A finding whose signature is known bumps its bucket's count and is stored
// again only while the bucket has fewer than `maxExamples` examples.
//
// A finding directory:
//   program.mlir, argN.npy   the program and its input buffers
//   manifest.json            tile-gen's manifest (tile-run --manifest runs it)
//   config.json              configuration, engine options, kind, culprit
//   reference/, got/         argN.npy (and printed.txt) of both runs
//   diagnostics.txt          compiler diagnostics, child stderr, notes
//   signature.txt            the bucket hash, then the signature text
//   culprit.txt              the culprit pass and how it was found
//   repro.sh                 tile-diff --repro THISDIR
//   program.tileirbc         tileiras findings: the bytecode it was given
//                            (config.json's "tileiras" has its command
//                            line and version)
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_FINDINGS_H
#define TILECHECK_FUZZ_FINDINGS_H

#include "tilecheck/Fuzz/Engine.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

struct sqlite3;

namespace tilecheck::fuzz {

struct Bucket {
  std::string signature, kind, culprit;
  int64_t count = 0;
  std::string firstSeen, lastSeen, exampleDir;
};

/// What FindingsStore::record did.
struct RecordOutcome {
  /// True when this finding opened a new bucket.
  bool newBucket = false;
  /// The directory written, empty when the bucket already had enough
  /// examples.
  std::string dir;
  int64_t count = 0;
};

class FindingsStore {
public:
  /// Opens (creating) DIR and DIR/index.sqlite.
  static llvm::Expected<std::unique_ptr<FindingsStore>>
  open(llvm::StringRef dir, unsigned maxExamples = 3);
  ~FindingsStore();

  /// Records one finding (atomically, under an SQLite write transaction, so
  /// several tile-diff processes may share a store).
  llvm::Expected<RecordOutcome> record(const TestCase &program,
                                       const ConfigResult &result,
                                       const EngineOptions &options);

  /// Every bucket, most frequent first.
  llvm::Expected<std::vector<Bucket>> buckets();
  /// The stored example directories of a bucket.
  llvm::Expected<std::vector<std::string>> examples(llvm::StringRef signature);

  llvm::StringRef getDir() const { return dir; }

private:
  FindingsStore(std::string dir, sqlite3 *db, unsigned maxExamples)
      : dir(std::move(dir)), db(db), maxExamples(maxExamples) {}
  std::string dir;
  sqlite3 *db;
  unsigned maxExamples;
};

/// Writes a finding directory at `finalDir` atomically: everything goes to a
/// fresh sibling `.tmp-XXXXXX` directory first, which is then renamed.
llvm::Error writeFindingDir(llvm::StringRef finalDir, const TestCase &program,
                            const ConfigResult &result,
                            const EngineOptions &options);

/// A finding directory read back for replay.
struct LoadedFinding {
  TestCase program;
  Configuration config;
  EngineOptions options;
  FindingKind kind = FindingKind::None;
  std::string signature;
  /// tileiras findings: the recorded version line and command.
  std::string toolVersion, toolCommand;
};
llvm::Expected<LoadedFinding> loadFinding(llvm::StringRef dir);

/// Replays a finding: the same program, inputs, configuration and engine
/// options. Returns the new result (its signature decides).
llvm::Expected<ConfigResult> replayFinding(const LoadedFinding &finding);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_FINDINGS_H
