//===- OracleTestUtil.h - Helpers for interpreter unit tests --------------===//
//
// Per-op tests write a small cuda_tile.module with a testing$func that
// returns the values under test, give it input tiles, and read the returned
// tiles. OracleTest owns the MLIRContext and the parsed module.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TESTS_ORACLETESTUTIL_H
#define TILECHECK_TESTS_ORACLETESTUTIL_H

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tilecheck::oracle::testing {

/// Short names of the element types, for tile literals in tests.
inline constexpr ElemType I1 = ElemType::I1, I4 = ElemType::I4,
                          I8 = ElemType::I8, I16 = ElemType::I16,
                          I32 = ElemType::I32, I64 = ElemType::I64,
                          F16 = ElemType::F16, BF16 = ElemType::BF16,
                          F32 = ElemType::F32, TF32 = ElemType::TF32,
                          F64 = ElemType::F64;

/// A tile of the given shape filled from `values` (converted exactly: ints
/// truncated to the width, floats rounded to nearest even).
inline Tile tileOf(ElemType t, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<double> values) {
  Tile tile(t, shape);
  for (int64_t i = 0; i < tile.size(); ++i) {
    double v = values[values.size() == 1 ? 0 : i];
    if (isFloat(t)) {
      llvm::APFloat f(v);
      bool lost;
      f.convert(*semantics(t), llvm::APFloat::rmNearestTiesToEven, &lost);
      tile.setFloat(i, f);
    } else {
      tile.setInt(i, static_cast<uint64_t>(static_cast<int64_t>(v)));
    }
  }
  return tile;
}

/// A tile from raw bit patterns (for NaN payloads, -0, subnormals, fp8).
inline Tile tileOfBits(ElemType t, llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<uint64_t> bits) {
  Tile tile(t, shape);
  for (int64_t i = 0; i < tile.size(); ++i) {
    uint64_t b = bits[bits.size() == 1 ? 0 : i];
    if (t == ElemType::TF32)
      b <<= 13;
    std::memcpy(tile.at(i), &b, tile.elemBytes());
  }
  return tile;
}

/// Raw bits of element i (tf32 as its 19-bit pattern).
inline uint64_t bitsAt(const Tile &t, int64_t i) {
  uint64_t b = 0;
  std::memcpy(&b, t.at(i), t.elemBytes());
  return t.elemType() == ElemType::TF32 ? b >> 13 : b;
}

/// Element i as a double (floats converted exactly; ints signed).
inline double valueAt(const Tile &t, int64_t i) {
  if (isFloat(t.elemType()))
    return t.getFloat(i).convertToDouble();
  return static_cast<double>(t.getSInt(i));
}

/// A cuda_tile.module holding `funcs`, the text of its functions.
inline std::string moduleOf(const std::string &funcs) {
  return "cuda_tile.module @m {\n" + funcs + "}\n";
}

class OracleTest : public ::testing::Test {
protected:
  OracleTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<mlir::arith::ArithDialect, mlir::math::MathDialect>();
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// Parses `source` (a cuda_tile.module); fails the test on parse errors.
  bool parse(const std::string &source) {
    module = mlir::parseSourceString(source, mlir::ParserConfig(&ctx));
    EXPECT_TRUE(module) << "failed to parse:\n" << source;
    return static_cast<bool>(module);
  }

  /// Calls function `fn` of the parsed module with `args`; returns the
  /// returned tiles in `results` and the run result.
  RunResult call(llvm::StringRef fn, llvm::ArrayRef<RtValue> args,
                 std::vector<RtValue> &results, RunOptions options = {}) {
    std::string error;
    Interpreter interp(module.get(), memory, options);
    mlir::Operation *op = interp.findEntry(fn, error);
    EXPECT_TRUE(op) << error;
    if (!op)
      return RunResult{RunFailure{FailureKind::Error, error, "", {0, 0, 0}}};
    llvm::SmallVector<RtValue> out;
    RunResult r = interp.call(op, args, out);
    results.assign(out.begin(), out.end());
    return r;
  }

  /// Convenience: calls `fn` with tiles, expects success, returns tiles.
  std::vector<Tile> eval(llvm::StringRef fn, std::vector<Tile> args) {
    std::vector<RtValue> in, out;
    for (Tile &t : args)
      in.push_back(RtValue::tile(std::move(t)));
    RunResult r = call(fn, in, out);
    EXPECT_TRUE(r.ok()) << (r.failure ? r.failure->str() : "");
    std::vector<Tile> tiles;
    for (RtValue &v : out)
      if (v.isTile())
        tiles.push_back(v.getTile());
    return tiles;
  }

  /// Calls `fn` and returns the failure it must produce.
  std::optional<RunFailure> evalFailure(llvm::StringRef fn,
                                        std::vector<Tile> args) {
    std::vector<RtValue> in, out;
    for (Tile &t : args)
      in.push_back(RtValue::tile(std::move(t)));
    return call(fn, in, out).failure;
  }

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::Operation *> module;
  Memory memory;
};

} // namespace tilecheck::oracle::testing

#endif // TILECHECK_TESTS_ORACLETESTUTIL_H
