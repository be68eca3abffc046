//===- Mutate.cpp - Structure-aware mutations of a module -----------------===//

#include "tilecheck/Fuzz/Mutate.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Support/Error.h"
#include "tilecheck/Support/SplitMix64.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <iterator>
#include <type_traits>
#include <utility>

using llvm::StringRef;

namespace tilecheck::fuzz {

namespace {

/// Replacement values of integer literals: the edges of shapes, strides,
/// dimension indices, bit widths and 32/64-bit arithmetic.
constexpr const char *kInteresting[] = {
    "0",          "1",          "2",          "3",
    "4",          "5",          "7",          "8",
    "15",         "16",         "17",         "31",
    "32",         "33",         "63",         "64",
    "127",        "128",        "255",        "256",
    "1024",       "4096",       "65536",      "2147483647",
    "2147483648", "4294967295", "4294967296", "9223372036854775807",
    "-1",         "-2",         "-8",         "-2147483648"};

/// Replacement element types.
constexpr const char *kElementTypes[] = {"i1",  "i8",   "i16", "i32", "i64",
                                         "f16", "bf16", "f32", "f64", "index"};

/// Spans [begin, end) of the tokens of `text` that `isToken` accepts at
/// their start; a token is a maximal run of [A-Za-z0-9_] (plus a leading
/// '-' for numbers).
template <typename Pred>
std::vector<std::pair<size_t, size_t>> tokens(const std::string &text,
                                              Pred isToken) {
  std::vector<std::pair<size_t, size_t>> out;
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  for (size_t i = 0; i < text.size();) {
    if (!word(text[i]) && text[i] != '-') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < text.size() && word(text[j]))
      ++j;
    if (isToken(StringRef(text).slice(i, j)))
      out.push_back({i, j});
    i = j;
  }
  return out;
}

bool isInteger(StringRef t) {
  t.consume_front("-");
  return !t.empty() && llvm::all_of(t, [](char c) { return std::isdigit(c); });
}

bool isElementType(StringRef t) {
  return llvm::is_contained(kElementTypes, t) || t == "tf32" ||
         t.starts_with("f8");
}

/// `text` with its `which`-th token (modulo their number) replaced by
/// `with`; empty when there is none.
template <typename Pred>
std::string replaceToken(const std::string &text, Pred isToken, unsigned which,
                         StringRef with) {
  std::vector<std::pair<size_t, size_t>> spans = tokens(text, isToken);
  if (spans.empty())
    return "";
  auto [begin, end] = spans[which % spans.size()];
  return text.substr(0, begin) + with.str() + text.substr(end);
}

template <typename T> std::string print(T thing) {
  std::string s;
  llvm::raw_string_ostream os(s);
  thing.print(os);
  return s;
}

/// `thing` (an attribute or a type) printed, with its `which`-th token that
/// `isToken` accepts (modulo their number) replaced by `with`, and parsed
/// back; null when there is no such token or the text does not parse.
template <typename T, typename Pred>
T reparseWithToken(T thing, Pred isToken, unsigned which, StringRef with,
                   mlir::MLIRContext *ctx) {
  std::string text = replaceToken(print(thing), isToken, which, with);
  if (text.empty())
    return T();
  if constexpr (std::is_same_v<T, mlir::Type>)
    return mlir::parseType(text, ctx);
  else
    return mlir::parseAttribute(text, ctx);
}

} // namespace

Mutator::Mutator(mlir::ModuleOp module) {
  module->walk([&](mlir::Operation *op) {
    if (op == module.getOperation())
      return;
    ops.push_back(op);
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::BlockArgument arg : block.getArguments())
          values.push_back(arg);
    for (mlir::Value result : op->getResults())
      values.push_back(result);
  });
}

bool Mutator::apply(const Mutation &m) {
  if (ops.empty())
    return false;
  mlir::Operation *op = ops[m.a % ops.size()];
  mlir::MLIRContext *ctx = op->getContext();
  switch (m.kind % 6) {
  case 0: { // attribute number
    llvm::SmallVector<mlir::NamedAttribute> attrs(op->getAttrs());
    if (attrs.empty())
      return false;
    mlir::NamedAttribute named = attrs[m.b % attrs.size()];
    mlir::Attribute attr =
        reparseWithToken(named.getValue(), isInteger, m.c,
                         kInteresting[m.d % std::size(kInteresting)], ctx);
    if (!attr)
      return false;
    op->setAttr(named.getName(), attr);
    return true;
  }
  case 1:   // type number
  case 2: { // element type
    if (values.empty())
      return false;
    mlir::Value value = values[m.a % values.size()];
    mlir::Type type =
        m.kind % 6 == 1
            ? reparseWithToken(value.getType(), isInteger, m.c,
                               kInteresting[m.d % std::size(kInteresting)], ctx)
            : reparseWithToken(value.getType(), isElementType, m.c,
                               kElementTypes[m.d % std::size(kElementTypes)],
                               ctx);
    if (!type)
      return false;
    value.setType(type);
    return true;
  }
  case 3: { // operand
    if (op->getNumOperands() == 0)
      return false;
    unsigned index = m.b % op->getNumOperands();
    mlir::Type type = op->getOperand(index).getType();
    std::vector<mlir::Value> candidates;
    for (mlir::Value v : values)
      if (m.d % 2 || v.getType() == type)
        candidates.push_back(v);
    if (candidates.empty())
      return false;
    op->setOperand(index, candidates[m.c % candidates.size()]);
    return true;
  }
  case 4: { // swap
    unsigned n = op->getNumOperands();
    if (n < 2)
      return false;
    mlir::Value x = op->getOperand(m.b % n), y = op->getOperand(m.c % n);
    op->setOperand(m.b % n, y);
    op->setOperand(m.c % n, x);
    return true;
  }
  default: { // drop
    llvm::SmallVector<mlir::NamedAttribute> attrs(op->getAttrs());
    if (attrs.empty())
      return false;
    op->removeAttr(attrs[m.b % attrs.size()].getName());
    return true;
  }
  }
}

llvm::Expected<std::string> mutateProgram(StringRef text, uint64_t seed,
                                          unsigned mutations,
                                          unsigned attempts) {
  mlir::DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  // Mutants that do not verify are expected; their diagnostics are not.
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  // The same seed gives the same mutants everywhere.
  tilecheck::SplitMix64 rng{seed};
  auto next = [&] { return rng.next(); };
  // The custom form of a module: the builtin module is implicit in
  // cuda_tile programs, so its ops are printed.
  auto printed = [](mlir::ModuleOp module) {
    std::string out;
    llvm::raw_string_ostream os(out);
    mlir::OpPrintingFlags flags;
    flags.printLargeElementsAttrWithHex(-1);
    for (mlir::Operation &op : module.getBody()->getOperations()) {
      op.print(os, flags);
      os << "\n";
    }
    return out;
  };
  std::string original;
  for (unsigned attempt = 0; attempt < attempts; ++attempt) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(text,
                                                mlir::ParserConfig(&context));
    if (!module)
      return makeError("the program to mutate does not parse");
    if (original.empty())
      original = printed(*module);
    Mutator mutator(*module);
    for (unsigned i = 0; i < mutations; ++i) {
      uint64_t r = next();
      mutator.apply({static_cast<uint8_t>(r), static_cast<uint8_t>(r >> 8),
                     static_cast<uint8_t>(r >> 16),
                     static_cast<uint8_t>(r >> 24),
                     static_cast<uint8_t>(r >> 32)});
    }
    if (mlir::failed(mlir::verify(*module)))
      continue;
    // A mutation can change nothing that shows (an operand swapped with
    // itself, a literal replaced by its own value): not a mutant.
    std::string out = printed(*module);
    if (out != original)
      return out;
  }
  return makeError("no mutant of " + llvm::Twine(mutations) +
                   " mutations verified in " + llvm::Twine(attempts) +
                   " attempts");
}

} // namespace tilecheck::fuzz
