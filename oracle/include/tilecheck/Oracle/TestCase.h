//===- TestCase.h - One test case, in memory and on disk --------*- C++ -*-===//
//
// A test case is a program and everything needed to run it: the entry, the
// grid, the arguments (with the contents of every input buffer in memory),
// where it came from and the configuration it is checked under. It is the
// one value the generator produces, tile-run and tile-diff run, the
// findings store keeps and tile-reduce shrinks.
//
// On disk a test case is a directory in the manifest format (Manifest.h):
// program.mlir, manifest.json and one .npy file per buffer input.
// readTestCase and writeTestCase are the only code that maps between the
// two, so a case read from a directory and written again is the same case.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_TESTCASE_H
#define TILECHECK_ORACLE_TESTCASE_H

#include "tilecheck/Oracle/Manifest.h"
#include "tilecheck/Oracle/Npy.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::oracle {

/// One entry argument.
struct TestArg {
  /// tile-run's form: "@FILE" (a buffer initialized from a .npy file),
  /// "zeros:DTYPE:AxB", "uninit:DTYPE:AxB" or a scalar literal. For "@"
  /// arguments FILE is where the contents were read from, or the name they
  /// are written under.
  std::string form;
  /// The contents of an "@" argument. Every run reads these, never the file
  /// again; null only for a case built by hand whose file is to be read.
  std::shared_ptr<const NpyArray> data;

  bool isFile() const { return llvm::StringRef(form).starts_with("@"); }
  /// FILE of an "@FILE" argument (empty for the other forms).
  llvm::StringRef file() const {
    return isFile() ? llvm::StringRef(form).drop_front() : llvm::StringRef();
  }
};

/// A complete, runnable test case.
struct TestCase {
  /// Names the case in messages: the manifest or program path it was read
  /// from, "seed 7 (ints)" for a generated one.
  std::string name;
  /// The program: cuda_tile text (bytecode is printed to text with its
  /// locations when a case is read).
  std::string text;
  /// The entry's name, without '@'.
  std::string entry;
  std::array<int64_t, 3> grid{1, 1, 1};
  std::vector<TestArg> args;
  /// Generator provenance (tile-gen): the seed, the policy's name and its
  /// hash.
  std::optional<uint64_t> seed;
  std::string policy;
  std::string policyHash;
  /// A configuration the case is checked under (tile-diff's `--only-config`
  /// text: a finding's, which tile-reduce reduces under); empty when there
  /// is none.
  std::string config;
  /// Manifest keys no tool here interprets, kept when the case is written.
  llvm::json::Object extra;

  /// The arguments' forms, in order.
  std::vector<std::string> argForms() const;
};

/// Reads the program file at `path` into a case's `text`, or fails with a
/// message naming the file and the reason.
using ProgramReader =
    llvm::function_ref<llvm::Expected<std::string>(llvm::StringRef path)>;

/// Reads the file of an "@" argument without `data` into `data`; an error
/// says "argument INDEX: " and why. Other arguments are left as they are.
llvm::Error loadArgument(TestArg &arg, unsigned index);

/// The file's bytes as they are (no parsing, no verification).
llvm::Expected<std::string> readProgramBytes(llvm::StringRef path);

/// Reads the test case of a manifest file, or of a directory holding
/// `manifest.json`. The program comes from `readProgram`; every "@"
/// argument's file is read into memory, and one that cannot be read, or is
/// not a .npy file, is an error naming it. A directory that is a finding of
/// tile-diff supplies the configuration from its `config.json`
/// ("configuration"."text"), or a plain `config` file, when the manifest
/// has none. The case is named by the manifest's path.
llvm::Expected<TestCase> readTestCase(llvm::StringRef path,
                                      ProgramReader readProgram);

/// The manifest `writeTestCase` writes for `tc`: "@" arguments under the
/// names writtenArgNames gives them.
Manifest manifestFor(const TestCase &tc);

/// The file name each argument is written under: `argI.npy` for the "@"
/// argument at index I, "" for the others. Never two alike, never a name a
/// case directory or a finding directory uses for anything else.
std::vector<std::string> writtenArgNames(const TestCase &tc);

/// Writes `dir`/program.mlir, `dir`/manifest.json and, unless
/// `writeArgFiles` is false, every "@" argument's contents (`data`, or
/// FILE's where a hand-built case has none). Creates `dir`.
llvm::Error writeTestCase(const TestCase &tc, llvm::StringRef dir,
                          bool writeArgFiles = true);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_TESTCASE_H
