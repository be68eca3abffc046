//===- Compare.cpp - Outputs and their comparison -------------------------===//
//
// RunOutputs' wire form (the JSON a child sends back) and the comparison of a
// configuration's outputs with the reference: exit codes, printed output and
// every buffer under the float policy of the program's result class.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Support/EnumNames.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/Support/Base64.h"

#include <cmath>
#include <regex>

using llvm::StringRef;
using namespace tilecheck;
using namespace tilecheck::fuzz;
using namespace tilecheck::fuzz::detail;

//===----------------------------------------------------------------------===//
// Outputs
//===----------------------------------------------------------------------===//

llvm::json::Value RunOutputs::toJSON() const {
  llvm::json::Array bufs;
  for (const auto &[index, array] : buffers)
    bufs.push_back(llvm::json::Object{
        {"arg", static_cast<int64_t>(index)},
        {"npy", llvm::encodeBase64(oracle::serializeNpy(array))}});
  return llvm::json::Object{{"exit", exitCode},
                            {"message", message},
                            {"printed", printed},
                            {"buffers", std::move(bufs)}};
}

llvm::Expected<RunOutputs> RunOutputs::fromJSON(const llvm::json::Value &v) {
  const llvm::json::Object *obj = v.getAsObject();
  if (!obj)
    return makeError("outputs are not a JSON object");
  RunOutputs out;
  out.exitCode = obj->getInteger("exit").value_or(1);
  out.message = obj->getString("message").value_or("").str();
  out.printed = obj->getString("printed").value_or("").str();
  if (const llvm::json::Array *bufs = obj->getArray("buffers")) {
    for (const llvm::json::Value &b : *bufs) {
      const llvm::json::Object *bo = b.getAsObject();
      if (!bo)
        return makeError("bad buffer entry");
      std::vector<char> bytes;
      if (llvm::Error e =
              llvm::decodeBase64(bo->getString("npy").value_or(""), bytes))
        return std::move(e);
      auto array = oracle::parseNpy(llvm::ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
      if (!array)
        return array.takeError();
      out.buffers.push_back(
          {static_cast<unsigned>(bo->getInteger("arg").value_or(0)),
           std::move(*array)});
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

namespace tilecheck::fuzz::detail {

std::string maskNumbers(StringRef text) {
  static const std::regex number(
      "[-+]?(0[xX][0-9a-fA-F.]+([pP][-+]?[0-9]+)?|([0-9]+[.]?[0-9]*|[.][0-9]+)"
      "([eE][-+]?[0-9]+)?|nan|inf)");
  return std::regex_replace(text.str(), number, "#");
}

/// The comparison class of float buffers, from the program's op kinds: the
/// loosest class any op of the program belongs to.
oracle::ResultClass resultClassOfOp(StringRef op) {
  StringRef base = op.rsplit('.').second;
  if (base.empty())
    base = op;
  auto is = [&](std::initializer_list<StringRef> names) {
    return llvm::is_contained(names, base);
  };
  if (is({"mmaf", "mmai", "mmaf_scaled", "dot", "dot_int", "block_scaled_mma",
          "mma_block_scale"}))
    return oracle::ResultClass::Mma;
  if (is({"reduce", "scan"}))
    return oracle::ResultClass::Reduction;
  if (is({"exp", "exp2", "log", "log2", "pow", "rsqrt", "sin", "cos", "tan",
          "sinh", "cosh", "tanh", "atan2"}))
    return oracle::ResultClass::MathFunction;
  // maxf/minf stay exact: the spec makes their NaN result canonical
  // (TILE_IR_FACTS.md), so its payload is part of the result.
  if (is({"addf", "subf", "mulf", "divf", "fma", "sqrt", "ftof", "itof", "ftoi",
          "remf"}))
    return oracle::ResultClass::Elementwise;
  return oracle::ResultClass::Exact;
}

/// The comparison class of float buffers, from the program's op kinds: the
/// loosest class any op of the program belongs to (the enum is ordered
/// from the tightest to the loosest).
oracle::ResultClass resultClassOf(llvm::ArrayRef<std::string> opKinds) {
  oracle::ResultClass c = oracle::ResultClass::Exact;
  for (const std::string &op : opKinds)
    c = std::max(c, resultClassOfOp(op));
  return c;
}

static constexpr tilecheck::EnumName<oracle::ResultClass> kResultClassNames[] =
    {{oracle::ResultClass::Exact, "exact"},
     {oracle::ResultClass::Elementwise, "elementwise"},
     {oracle::ResultClass::MathFunction, "math"},
     {oracle::ResultClass::Reduction, "reduction"},
     {oracle::ResultClass::Mma, "mma"}};

StringRef resultClassName(oracle::ResultClass c) {
  return tilecheck::nameOf(kResultClassNames, c);
}

oracle::ResultClass parseResultClass(StringRef name) {
  return tilecheck::parseName(kResultClassNames, name)
      .value_or(oracle::ResultClass::Exact);
}

StringRef firstLine(StringRef text) { return text.trim().split('\n').first; }

/// Verdict::category of a buffer comparison that found differences.
static std::string differenceCategory(const oracle::CompareResult &cmp) {
  if (!cmp.first)
    return "value";
  auto isNaN = [](StringRef text) {
    return text.starts_with("nan") || text.starts_with("-nan");
  };
  bool expNaN = isNaN(cmp.first->expected), gotNaN = isNaN(cmp.first->actual);
  if (expNaN && gotNaN)
    return "nan-payload";
  if (expNaN || gotNaN)
    return "nan";
  if (cmp.isFloat && cmp.maxUlpSeen <= 64)
    return "precision";
  return "value";
}

Verdict compareOutputs(const Reference &ref, const RunOutputs &got,
                       const EngineOptions &options, MathImplementation math) {
  Verdict v;
  const RunOutputs &exp = ref.outputs;
  auto wrong = [&](const llvm::Twine &detail, StringRef what) {
    v.kind = FindingKind::WrongResult;
    v.detail = detail.str();
    v.signatureDetail = what.str();
    return v;
  };
  if (got.exitCode == oracle::kExitError) {
    v.kind = FindingKind::OracleError;
    v.detail = ("the interpreter cannot run the compiled module: " +
                firstLine(got.message))
                   .str();
    v.signatureDetail =
        normalizeDiagnostics("error: " + firstLine(got.message).str());
    return v;
  }
  if (got.exitCode == oracle::kExitStepLimit &&
      exp.exitCode != oracle::kExitStepLimit) {
    v.kind = FindingKind::Hang;
    v.detail = "the compiled program runs out of interpreter steps (" +
               firstLine(got.message).str() + ")";
    v.signatureDetail = "step limit";
    return v;
  }
  if (got.exitCode == oracle::kExitUndefinedBehavior)
    return wrong("the compiled program has undefined behaviour: " +
                     firstLine(got.message),
                 "compiled program has UB");
  if (got.exitCode != exp.exitCode)
    return wrong("interpreter exit " + llvm::Twine(got.exitCode) +
                     " instead of " + llvm::Twine(exp.exitCode) + ": " +
                     firstLine(got.message),
                 "exit code");
  oracle::ResultClass cls = parseResultClass(ref.resultClass);
  // A foreign implementation (the SIMT executor: libdevice math, tensor-core
  // dots) computes some values only within the class's tolerance, so what
  // it prints may differ in the last digits: its printed text must agree
  // with the numbers masked (the buffers below carry the values).
  bool printedAgree = got.printed == exp.printed;
  if (!printedAgree && math == MathImplementation::Foreign &&
      !options.bitExact && cls != oracle::ResultClass::Exact)
    printedAgree = maskNumbers(got.printed) == maskNumbers(exp.printed);
  if (!printedAgree)
    return wrong("print_tko output differs", "printed output");
  for (const auto &[index, expected] : exp.buffers) {
    const oracle::NpyArray *actual = nullptr;
    for (const auto &[gi, ga] : got.buffers)
      if (gi == index)
        actual = &ga;
    if (!actual)
      return wrong("argument " + llvm::Twine(index) + " was not read back",
                   "missing buffer");
    std::optional<oracle::ElemType> type;
    for (const auto &[ti, tname] : ref.bufferTypes)
      if (ti == index)
        type = oracle::parseElemType(tname);
    if (!type)
      return wrong("argument " + llvm::Twine(index) + ": unknown element type",
                   "unknown type");
    oracle::ComparePolicy policy = options.bitExact
                                       ? oracle::ComparePolicy::bitExact()
                                       : oracle::defaultPolicy(*type, cls);
    // Foreign math functions: the bound once per function on the longest
    // chain, one ulp for approximate instructions (MathImplementation), and
    // what an approximate exp's rounded x * log2 e costs at the largest x
    // it took (Reference::approxExpArg).
    unsigned depth = std::max(1u, ref.mathChainDepth);
    bool foreign = !options.bitExact && math == MathImplementation::Foreign &&
                   cls == oracle::ResultClass::MathFunction;
    uint64_t expUlp =
        foreign ? static_cast<uint64_t>(std::floor(1.173 * ref.approxExpArg))
                : 0;
    if (foreign && policy.mode == oracle::ComparePolicy::Mode::Ulp)
      policy.maxUlp = policy.maxUlp * depth + 1 + expUlp;
    // A foreign executor may reduce in another order (a tree across the
    // threads on a GPU) and be the more accurate of the two: the error of a
    // sum of n terms is n * eps relative to the terms' magnitudes, which
    // cancellation can make large against the result. Found on the GPU:
    // tileiras's layernorm was ten times closer to the f64 result than the
    // interpreter's sequential sum, 624 ulp away from it. With only the
    // results in hand, the bound is 16 times the interpreter's.
    if (!options.bitExact && math == MathImplementation::Foreign &&
        cls == oracle::ResultClass::Reduction &&
        policy.mode == oracle::ComparePolicy::Mode::Tolerance) {
      policy.rtol *= 16;
      policy.atol *= 16;
    }
    // A wider buffer computed from a narrower inexact result carries the
    // narrower type's error: compare within that type's bound, as a
    // relative and absolute tolerance in its epsilon.
    std::optional<oracle::ElemType> narrow =
        oracle::parseElemType(ref.narrowestInexactFloat);
    if (!options.bitExact && narrow && oracle::isFloat(*type) &&
        cls >= oracle::ResultClass::MathFunction &&
        llvm::APFloat::semanticsPrecision(*oracle::semantics(*narrow)) <
            llvm::APFloat::semanticsPrecision(*oracle::semantics(*type))) {
      oracle::ComparePolicy n = oracle::defaultPolicy(*narrow, cls);
      double eps = std::ldexp(
          1.0, 1 - static_cast<int>(llvm::APFloat::semanticsPrecision(
                       *oracle::semantics(*narrow))));
      double tol =
          n.mode == oracle::ComparePolicy::Mode::Tolerance
              ? std::max(n.rtol, n.atol)
              : static_cast<double>(std::max<uint64_t>(n.maxUlp, 1)) * eps;
      if (foreign)
        tol = tol * depth + eps * (1 + expUlp);
      policy = oracle::ComparePolicy::tolerance(tol, tol);
      policy.signedZerosEqual = true;
    }
    auto cmp = oracle::compareNpy(expected, *actual, *type, policy);
    if (!cmp)
      return wrong("argument " + llvm::Twine(index) + ": " +
                       llvm::toString(cmp.takeError()),
                   "buffer shape");
    if (!cmp->ok()) {
      wrong("arg" + llvm::Twine(index) + ": " + cmp->describe(),
            "buffer contents");
      v.category = differenceCategory(*cmp);
      v.wrongBuffer = static_cast<int>(index);
      return v;
    }
  }
  return v;
}

} // namespace tilecheck::fuzz::detail
