//===- Bytecode.h - CUDA Tile IR bytecode reader and writer ----*- C++ -*-===//
//
// Public entry points of the Tile IR bytecode (`.tileirbc`) reader and
// writer. The format is NVIDIA's frozen binary encoding of a `cuda_tile`
// module: an 8-byte magic, a version, then sections (strings, functions,
// debug info, constants, types, globals, producer) ended by an end marker. Files written
// here must be accepted by NVIDIA's assembler, and files written by NVIDIA's
// tools must read here, so every opcode, tag and field order is the frozen
// one (see lib/Bytecode/OpTable.cpp).
//
// Reading is written for hostile input: every length is checked against the
// bytes that remain, every index against its table, and every failure ends in
// a diagnostic on the given location, never in a crash.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_BYTECODE_BYTECODE_H
#define TILECHECK_BYTECODE_BYTECODE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace tilecheck::bytecode {

/// A bytecode format version: major.minor plus a 16-bit tag (0 for releases).
struct Version {
  uint8_t major = 13;
  uint8_t minor = 3;
  uint16_t tag = 0;

  bool operator<(const Version &o) const {
    return std::tie(major, minor, tag) < std::tie(o.major, o.minor, o.tag);
  }
  bool operator>=(const Version &o) const { return !(*this < o); }
  bool operator==(const Version &o) const {
    return major == o.major && minor == o.minor && tag == o.tag;
  }
  std::string str() const;

  /// Parses "13.1"; nullopt on malformed text (range is not checked).
  static std::optional<Version> parse(llvm::StringRef text);
  /// The oldest and newest production versions this reader and writer
  /// support.
  static Version oldest() { return {13, 1, 0}; }
  static Version newest() { return {13, 3, 0}; }
  /// The test-only versions 250.0 and 250.1 (with the testing ops that
  /// evolve between them), as NVIDIA's tools have them only when built with
  /// TILE_IR_INCLUDE_TESTS; here only in builds with the CMake option
  /// TILECHECK_INCLUDE_TEST_VERSIONS (ON by default). Empty otherwise.
  static llvm::ArrayRef<Version> testingVersions();
  /// A production version, or a testing version of this build.
  bool isSupported() const;
};

/// The eight bytes every bytecode file starts with.
inline constexpr char kMagic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};

/// Whether `buffer` starts with the bytecode magic.
bool isBytecode(llvm::StringRef buffer);

/// Writes `module` (a `cuda_tile.module`, or a builtin module holding exactly
/// one) as bytecode of `version`. Errors are emitted on the offending op.
mlir::LogicalResult writeBytecode(mlir::Operation *module,
                                  llvm::raw_ostream &os,
                                  Version version = Version::newest());

/// Reads a bytecode buffer into a new `cuda_tile.module @kernels` (the module
/// name is not serialized). Errors are emitted at `loc`; returns null on
/// failure. The result is not verified: callers verify.
mlir::OwningOpRef<mlir::Operation *> readBytecode(llvm::StringRef buffer,
                                                  mlir::MLIRContext *context,
                                                  mlir::Location loc);

/// Reads the Tile IR program in the main buffer of `sourceMgr`, bytecode or
/// cuda_tile text, into a builtin module and verifies it. Bytecode
/// diagnostics are located at `name`; every diagnostic goes to the
/// context's handlers. Returns null on failure.
mlir::OwningOpRef<mlir::ModuleOp> readProgram(llvm::SourceMgr &sourceMgr,
                                              mlir::MLIRContext *context,
                                              llvm::StringRef name);

} // namespace tilecheck::bytecode

#endif // TILECHECK_BYTECODE_BYTECODE_H
