//===- TestSupport.h - Helpers the unit-test binaries share ------*- C++
//-*-===//
//
// A scratch directory that cleans up after itself, an i32 .npy array, an
// MLIRContext with every tilecheck dialect loaded, and a fixture with both.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TESTS_TESTSUPPORT_H
#define TILECHECK_TESTS_TESTSUPPORT_H

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Npy.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tilecheck::testing {

/// A fresh directory (in the system's temporary directory), removed with
/// everything in it when the TempDir goes.
struct TempDir {
  llvm::SmallString<128> path;
  explicit TempDir(llvm::StringRef prefix = "tilecheck-test") {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory(prefix, path));
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  /// The path of `name` in the directory.
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> p(path);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }
  /// Writes `text` to `name` in the directory; returns its path.
  std::string write(llvm::StringRef name, llvm::StringRef text) const {
    std::string p = file(name);
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    EXPECT_FALSE(ec) << p << ": " << ec.message();
    os << text;
    return p;
  }
  /// The names of the directory's entries, sorted.
  std::vector<std::string> entries() const;
};

/// The names of the entries of directory `dir`, sorted.
inline std::vector<std::string> listDirectory(llvm::StringRef dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    out.push_back(llvm::sys::path::filename(it->path()).str());
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> TempDir::entries() const {
  return listDirectory(path);
}

/// A one-dimensional little-endian i32 array ("<i4") of `n` elements,
/// element i being `element(i)`.
inline oracle::NpyArray i32Array(int64_t n,
                                 llvm::function_ref<int32_t(int64_t)> element) {
  oracle::NpyArray a;
  a.descr = "<i4";
  a.shape = {n};
  for (int64_t i = 0; i < n; ++i)
    for (int b = 0; b < 4; ++b)
      a.data.push_back(
          static_cast<uint8_t>(static_cast<uint32_t>(element(i)) >> (8 * b)));
  return a;
}

/// Registers and loads every tilecheck dialect (and the upstream ones they
/// use) in `ctx`.
inline void loadAllDialects(mlir::MLIRContext &ctx) {
  mlir::DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
}

/// A fixture with a scratch directory (`tmp` is its path) and a context
/// with every tilecheck dialect loaded.
class ScratchTest : public ::testing::Test {
protected:
  explicit ScratchTest(llvm::StringRef prefix)
      : scratch(prefix), tmp(scratch.path.str()) {
    loadAllDialects(ctx);
  }

  TempDir scratch;
  std::string tmp;
  mlir::MLIRContext ctx;
};

} // namespace tilecheck::testing

#endif // TILECHECK_TESTS_TESTSUPPORT_H
