//===- Manifest.h - The one serialized form of a test case ------*- C++ -*-===//
//
// A test case on disk is a directory: the program (program.mlir or a
// .tileirbc), its `@` input files (.npy) and manifest.json, which says how
// to launch it. tile-gen writes it, tile-run and tile-diff run it, the
// findings store keeps one per finding and tile-reduce reads and writes it;
// all of them go through this file, so the format has one definition:
//
//   {
//     "schema_version": 1,
//     "program": "program.mlir",        relative to the manifest's directory
//     "entry": "kernel",                 the entry's name ('@' optional)
//     "grid": [X, Y, Z],                 1 to 3 numbers, each at least 1
//     "args": ["@arg0.npy", "7", "zeros:f32:16"],   tile-run argument forms
//     "seed": 7, "policy": "ints", "policy_hash": "…",  generator provenance
//     "config": "sm_100,O2",             a configuration (tile-reduce)
//     ...                                any other key is kept as it is
//   }
//
// Versions: 1 adds "schema_version". A manifest without it was written
// before versions existed (version 0: the same fields) and still loads. A
// manifest of a newer version than this build knows is refused with a
// message saying so, never half-read.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_MANIFEST_H
#define TILECHECK_ORACLE_MANIFEST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::oracle {

/// The schema version this build writes, and the newest it reads.
inline constexpr int64_t kManifestSchemaVersion = 1;

struct Manifest {
  /// As read: 0 for a manifest without "schema_version". Always written as
  /// kManifestSchemaVersion.
  int64_t schemaVersion = kManifestSchemaVersion;
  /// The program file, as written (relative paths are relative to the
  /// manifest's directory).
  std::string program = "program.mlir";
  /// The entry's name, without '@'.
  std::string entry;
  std::array<int64_t, 3> grid{1, 1, 1};
  /// tile-run argument forms, as written ("@" paths relative like program).
  std::vector<std::string> args;
  /// Generator provenance, when the case comes from tile-gen.
  std::optional<uint64_t> seed;
  std::string policy;
  std::string policyHash;
  /// A configuration the case is checked under (tile-reduce's output).
  std::string config;
  /// Every other key, kept when the manifest is written again.
  llvm::json::Object extra;

  /// `file` (the program or an "@" argument's path) resolved against
  /// `manifestDir`, the directory the manifest was read from.
  static std::string resolve(llvm::StringRef manifestDir, llvm::StringRef file);
};

/// Parses a manifest's text; `name` (its path) names it in messages.
llvm::Expected<Manifest> parseManifest(llvm::StringRef text,
                                       llvm::StringRef name);
/// Reads and parses the manifest at `path`.
llvm::Expected<Manifest> readManifest(llvm::StringRef path);
/// The manifest's JSON text (keys sorted, two-space indent, final newline),
/// at kManifestSchemaVersion.
std::string manifestText(const Manifest &manifest);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_MANIFEST_H
