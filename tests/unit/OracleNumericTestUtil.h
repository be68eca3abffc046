//===- OracleNumericTestUtil.h - One-op functions for numeric tests -------===//
//
// The arith, math and conversion tests each evaluate one op at a time: this
// fixture wraps the op in a testing$func, runs it, and checks results bit
// for bit or expects undefined behaviour naming the offending element.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TESTS_ORACLENUMERICTESTUTIL_H
#define TILECHECK_TESTS_ORACLENUMERICTESTUTIL_H

#include "OracleTestUtil.h"

namespace tilecheck::oracle::testing {

class OracleNumericTest : public OracleTest {
protected:
  /// Parses `testing$func @f(<params>) -> <resultType> { %r = <op> ... }`.
  bool defineOp(const std::string &params, const std::string &resultType,
                const std::string &op) {
    return parse("cuda_tile.module @m {\n  testing$func @f(" + params +
                 ") -> " + resultType + " {\n    %r = " + op +
                 "\n    return %r : " + resultType + "\n  }\n}");
  }

  /// Parses a builtin module holding `nv_tileaa.func @f(<params>) ->
  /// <resultType>` whose body is `body` (ops defining %r) followed by the
  /// return of %r: the harness for ops on builtin tensors and scalars
  /// (upstream arith/math, nv_tileaa and nv_tileas mirrors).
  bool defineNv(const std::string &params, const std::string &resultType,
                const std::string &body) {
    return parse("module {\n  nv_tileaa.func @f(" + params + ") -> " +
                 resultType + " {\n    " + body +
                 "\n    nv_tileaa.return %r : " + resultType + "\n  }\n}");
  }

  /// Where bin() and un() put their op: a testing$func (defineOp) or, for
  /// ops on builtin tensors and scalars, an nv_tileaa.func (defineNv).
  enum class Harness { CudaTile, NvTileaa };
  Harness harness = Harness::CudaTile;

  /// A one-op function of `params` returning `%r = <op>` of `resultType`,
  /// in the fixture's harness.
  bool defineInHarness(const std::string &params, const std::string &resultType,
                       const std::string &op) {
    return harness == Harness::CudaTile
               ? defineOp(params, resultType, op)
               : defineNv(params, resultType, "%r = " + op);
  }

  /// `<op>` on %a, %b of type `ty`, giving `resTy` (default: `ty`).
  bool bin(const std::string &op, const std::string &ty,
           const std::string &resTy = "") {
    return defineInHarness("%a: " + ty + ", %b: " + ty,
                           resTy.empty() ? ty : resTy, op);
  }
  /// `<op>` on %a of type `ty`, giving `resTy` (default: `ty`).
  bool un(const std::string &op, const std::string &ty,
          const std::string &resTy = "") {
    return defineInHarness("%a: " + ty, resTy.empty() ? ty : resTy, op);
  }

  /// Runs @f and returns its single result.
  Tile run(std::vector<Tile> args) {
    std::vector<Tile> out = eval("f", std::move(args));
    if (out.empty()) {
      ADD_FAILURE() << "no result";
      return Tile(ElemType::I8, {});
    }
    return out[0];
  }

  /// Runs @f, expects undefined behaviour whose message contains `needle`.
  void expectUB(std::vector<Tile> args, const std::string &needle) {
    std::optional<RunFailure> f = evalFailure("f", std::move(args));
    ASSERT_TRUE(f.has_value()) << "expected undefined behaviour";
    EXPECT_EQ(f->kind, FailureKind::UndefinedBehavior) << f->message;
    EXPECT_NE(f->message.find(needle), std::string::npos)
        << "message: " << f->message << "\nexpected to contain: " << needle;
  }

  /// Every element's raw bits.
  static std::vector<uint64_t> bitsOf(const Tile &t) {
    std::vector<uint64_t> v;
    for (int64_t i = 0; i < t.size(); ++i)
      v.push_back(bitsAt(t, i));
    return v;
  }
  /// Every element as a signed integer.
  static std::vector<int64_t> intsOf(const Tile &t) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < t.size(); ++i)
      v.push_back(t.getSInt(i));
    return v;
  }
};

using Bits = std::vector<uint64_t>;
using Ints = std::vector<int64_t>;

} // namespace tilecheck::oracle::testing

#endif // TILECHECK_TESTS_ORACLENUMERICTESTUTIL_H
