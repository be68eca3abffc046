//===- TileirasCoverage.cpp - Coverage points of a closed compiler --------===//
//
// tileiras is a closed binary: no edge counters, no source. What it does tell
// is which of its paths a program took: `--remarks=all` names every
// instruction selection it tried (TMA or plain loads and stores, tensor-core
// or FMA MMAs, index narrowing) with its outcome and the reason a path was
// refused, and `cuobjdump --dump-resource-usage` gives the cubin's registers,
// shared memory, stack and local (spill) bytes. Each distinct (target,
// remark, outcome, reason) and each resource bucket is one coverage point;
// scripts/tileiras_hunt.py keeps the programs that reach new ones.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Tileiras.h"
#include "tilecheck/Support/EnumNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkFormat.h"
#include "llvm/Remarks/RemarkParser.h"

#include <set>

using namespace llvm;
using namespace tilecheck::fuzz;

static StringRef outcomeName(remarks::Type type) {
  static constexpr tilecheck::EnumName<remarks::Type> names[] = {
      {remarks::Type::Passed, "passed"},
      {remarks::Type::Missed, "missed"},
      {remarks::Type::Failure, "failed"},
      {remarks::Type::Analysis, "analysis"},
      {remarks::Type::AnalysisFPCommute, "analysis"},
      {remarks::Type::AnalysisAliasing, "analysis"}};
  return tilecheck::nameOf(names, type, "unknown");
}

/// One line, no separators of ours, at most 120 bytes cut at a character
/// boundary: the numbers in "index computations may require 34 bits" stay
/// (they are the point).
static std::string cleanDetail(StringRef text) {
  std::string out;
  for (char c : text.trim()) {
    if (c == '\n' || c == '\r' || c == '|')
      c = ' ';
    out += c;
  }
  if (out.size() > 120) {
    size_t n = 120;
    while (n > 0 && (static_cast<unsigned char>(out[n]) & 0xC0) == 0x80)
      --n;
    out.resize(n);
  }
  return out;
}

std::vector<std::string>
tilecheck::fuzz::tileirasRemarkPoints(StringRef yaml, StringRef target,
                                      std::string *error) {
  std::set<std::string> points;
  auto done = [&](Error e) {
    if (e && error)
      *error = toString(std::move(e));
    else
      consumeError(std::move(e));
    return std::vector<std::string>(points.begin(), points.end());
  };
  if (yaml.trim().empty())
    return done(Error::success());
  Expected<std::unique_ptr<remarks::RemarkParser>> parser =
      remarks::createRemarkParser(remarks::Format::YAML, yaml);
  if (!parser)
    return done(parser.takeError());
  while (true) {
    Expected<std::unique_ptr<remarks::Remark>> remark = (*parser)->next();
    if (!remark) {
      Error e = remark.takeError();
      if (e.isA<remarks::EndOfFileError>()) {
        consumeError(std::move(e));
        return done(Error::success());
      }
      return done(std::move(e));
    }
    const remarks::Remark &r = **remark;
    // The detail that tells paths apart: why a path was refused, else which
    // instruction was selected (and for MMAs, the shape it was tiled to).
    std::string reason, instruction, shape;
    for (const remarks::Argument &arg : r.Args) {
      if (arg.Key == "Reason")
        reason = cleanDetail(arg.Val);
      else if (arg.Key == "Instruction")
        instruction = cleanDetail(arg.Val);
      else if (arg.Key == "Shape")
        shape = cleanDetail(arg.Val);
    }
    std::string detail = !reason.empty() ? reason : instruction;
    if (r.PassName == "Tensor-core" && !shape.empty())
      detail += (detail.empty() ? "" : " ") + shape;
    std::string point = (target + "|" + r.PassName + "|" + r.RemarkName + "|" +
                         outcomeName(r.RemarkType))
                            .str();
    if (!detail.empty())
      point += "|" + detail;
    points.insert(std::move(point));
  }
}

std::vector<std::pair<std::string, int64_t>>
tilecheck::fuzz::parseResourceUsage(StringRef text) {
  // "  REG:18 STACK:0 SHARED:1040 LOCAL:0 CONSTANT[0]:672 ..." once per
  // function; a kernel's figure is the largest over its functions.
  std::vector<std::pair<std::string, int64_t>> usage;
  auto note = [&](StringRef key, int64_t value) {
    for (auto &[k, v] : usage)
      if (k == key) {
        v = std::max(v, value);
        return;
      }
    usage.emplace_back(key.str(), value);
  };
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    if (!line.contains("REG:"))
      continue;
    SmallVector<StringRef> fields;
    line.trim().split(fields, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef field : fields) {
      auto [key, value] = field.split(':');
      int64_t n;
      if (llvm::is_contained({"REG", "STACK", "SHARED", "LOCAL"}, key) &&
          !value.getAsInteger(10, n))
        note(key, n);
    }
  }
  return usage;
}

std::vector<std::string>
tilecheck::fuzz::resourcePoints(ArrayRef<std::pair<std::string, int64_t>> usage,
                                StringRef target) {
  // Buckets where code generation changes character: register counts where
  // occupancy steps down, shared memory beyond the 48 KiB a launch gets
  // without opting in, any stack or local memory (spills).
  std::vector<std::string> points;
  auto bucket = [](int64_t v, ArrayRef<int64_t> bounds) -> std::string {
    if (v == 0 && bounds.front() == 0)
      return "0";
    for (int64_t b : bounds)
      if (v <= b)
        return "<=" + std::to_string(b);
    return ">" + std::to_string(bounds.back());
  };
  for (const auto &[key, value] : usage) {
    std::string b;
    if (key == "REG")
      b = bucket(value, {32, 64, 96, 128, 168, 232});
    else if (key == "SHARED")
      b = bucket(value, {0, 16384, 49152, 101376, 232448});
    else if (key == "STACK" || key == "LOCAL")
      b = value ? ">0" : "0";
    else
      continue;
    points.push_back((target + "|resources|" + key + "|" + b).str());
  }
  return points;
}
