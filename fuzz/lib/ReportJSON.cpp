//===- ReportJSON.cpp - Program reports as JSON ---------------------------===//
//
// The JSON forms of a program's report (TileDiff.h): the whole report,
// which tile-diff's forked program workers send to the main process, and
// the one-line summary of --results that campaigns read.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/TileDiff.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/JSON.h"

#include <chrono>

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;
using namespace tilecheck::fuzz::detail;

//===----------------------------------------------------------------------===//
// Report serialization
//===----------------------------------------------------------------------===//

/// A tileiras configuration's coverage points and resource usage.
static void addCoverage(json::Object &obj, const ConfigResult &r) {
  if (!r.coverage.empty())
    obj["coverage"] = json::Array(r.coverage);
  if (!r.resources.empty()) {
    json::Object usage;
    for (const auto &[key, value] : r.resources)
      usage[key] = value;
    obj["resources"] = std::move(usage);
  }
}

static json::Value resultToJSON(const ConfigResult &r) {
  json::Object obj{{"config", r.config.str()},
                   {"signature", r.signature.hash},
                   {"signature_text", r.signature.text},
                   {"signature_legacy", r.signature.legacyHash},
                   {"seconds", r.seconds}};
  writeResultFields(r, obj);
  if (!r.toolCommand.empty()) {
    obj["tool_command"] = r.toolCommand;
    obj["tool_version"] = r.toolVersion;
  }
  if (!r.bytecode.empty())
    obj["bytecode"] = encodeBase64(r.bytecode);
  addCoverage(obj, r);
  if (r.reference)
    obj["reference"] = r.reference->toJSON();
  return json::Value(std::move(obj));
}

static Expected<ConfigResult> resultFromJSON(const json::Value &v) {
  const json::Object *obj = v.getAsObject();
  if (!obj)
    return makeError("result is not an object");
  ConfigResult r;
  auto config = parseConfiguration(obj->getString("config").value_or(""));
  if (!config)
    return config.takeError();
  r.config = *config;
  if (Error e = readResultFields(*obj, r))
    return std::move(e);
  auto str = [&](StringRef key) {
    return obj->getString(key).value_or("").str();
  };
  r.signature.hash = str("signature");
  r.signature.text = str("signature_text");
  r.signature.legacyHash = str("signature_legacy");
  r.seconds = obj->getNumber("seconds").value_or(0);
  r.toolCommand = str("tool_command");
  r.toolVersion = str("tool_version");
  if (const json::Array *points = obj->getArray("coverage"))
    for (const json::Value &p : *points)
      r.coverage.push_back(p.getAsString().value_or("").str());
  if (const json::Object *usage = obj->getObject("resources"))
    for (const auto &[key, value] : *usage)
      r.resources.emplace_back(key.str(), value.getAsInteger().value_or(0));
  llvm::sort(r.resources);
  if (std::optional<StringRef> b64 = obj->getString("bytecode")) {
    std::vector<char> bytes;
    if (Error e = decodeBase64(*b64, bytes))
      return std::move(e);
    r.bytecode.assign(bytes.begin(), bytes.end());
  }
  if (const json::Value *o = obj->get("reference")) {
    auto outs = RunOutputs::fromJSON(*o);
    if (!outs)
      return outs.takeError();
    r.reference = std::move(*outs);
  }
  return r;
}

json::Value tilecheck::fuzz::reportToJSON(const ProgramReport &report) {
  json::Array results, ops;
  for (const ConfigResult &r : report.results)
    results.push_back(resultToJSON(r));
  for (const std::string &op : report.opKinds)
    ops.push_back(op);
  json::Object obj{{"program", report.programName},
                   {"ops", std::move(ops)},
                   {"results", std::move(results)}};
  if (report.error)
    obj["error"] = *report.error;
  if (report.batched)
    obj["batched"] = true;
  return json::Value(std::move(obj));
}

void tilecheck::fuzz::writeReport(int fd, const ProgramReport &report) {
  std::string text;
  raw_string_ostream os(text);
  os << reportToJSON(report);
  os.flush();
  writeAll(fd, text);
}

Expected<ProgramReport>
tilecheck::fuzz::reportFromJSON(const json::Value &value) {
  const json::Object *obj = value.getAsObject();
  if (!obj)
    return makeError("report is not an object");
  ProgramReport report;
  report.programName = obj->getString("program").value_or("").str();
  if (std::optional<StringRef> e = obj->getString("error"))
    report.error = e->str();
  report.batched = obj->getBoolean("batched").value_or(false);
  if (const json::Array *ops = obj->getArray("ops"))
    for (const json::Value &op : *ops)
      report.opKinds.push_back(op.getAsString().value_or("").str());
  if (const json::Array *results = obj->getArray("results"))
    for (const json::Value &r : *results) {
      auto parsed = resultFromJSON(r);
      if (!parsed)
        return parsed.takeError();
      report.results.push_back(std::move(*parsed));
    }
  return report;
}

/// One line of --results: what a campaign needs of a program's report (no
/// module texts or buffers: those go to the findings store).
json::Value tilecheck::fuzz::resultsLine(const TestCase &program,
                                         const ProgramReport &report) {
  json::Array results, ops;
  for (const ConfigResult &r : report.results) {
    json::Object o{{"config", r.config.str()},
                   {"kind", stringify(r.kind)},
                   {"seconds", r.seconds},
                   {"interpretations", static_cast<int64_t>(r.interpretations)},
                   {"changed_passes", json::Array(r.changedPasses)}};
    addCoverage(o, r);
    if (countsAsFinding(r.kind)) {
      o["signature"] = r.signature.hash;
      o["culprit"] = r.culprit;
      o["culprit_method"] = r.culpritMethod;
      o["op_kind"] = r.opKind;
    }
    if (r.kind != FindingKind::None) {
      // At most 400 bytes, not cutting a UTF-8 sequence.
      size_t n = std::min<size_t>(r.detail.size(), 400);
      while (n < r.detail.size() && n > 0 &&
             (static_cast<unsigned char>(r.detail[n]) & 0xC0) == 0x80)
        --n;
      o["detail"] = r.detail.substr(0, n);
    }
    results.push_back(std::move(o));
  }
  for (const std::string &op : report.opKinds)
    ops.push_back(op);
  json::Object line{
      {"program", program.name},
      {"ops", std::move(ops)},
      {"results", std::move(results)},
      {"time", std::chrono::duration<double>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count()}};
  if (program.seed) {
    line["seed"] = static_cast<int64_t>(*program.seed);
    line["policy"] = program.policy;
  }
  // A mutant (tile-diff --mutants): which one of the program's.
  if (std::optional<int64_t> m = program.extra.getInteger("mutant_seed"))
    line["mutant_seed"] = *m;
  if (report.error)
    line["error"] = *report.error;
  return json::Value(std::move(line));
}
