//===- Findings.cpp - The findings store and replays ----------------------===//
//
// See tilecheck/Fuzz/Findings.h. The index is plain SQLite (libsqlite3);
// record() runs inside BEGIN IMMEDIATE so that the read-count-write of a
// bucket and the decision to store an example are atomic across processes.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Findings.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Oracle/Manifest.h"
#include "tilecheck/Oracle/Npy.h"
#include "tilecheck/Oracle/TestCase.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <sqlite3.h>

#include <cstdlib>
#include <ctime>
#include <unistd.h>

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;

static std::string nowUtc() {
  std::time_t t = std::time(nullptr);
  std::tm tm;
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

static Error writeText(StringRef dir, StringRef name, StringRef text) {
  SmallString<256> path(dir);
  sys::path::append(path, name);
  return writeFileContents(path, text);
}

static Error writeOutputs(StringRef dir, const RunOutputs &outputs) {
  if (std::error_code ec = sys::fs::create_directories(dir))
    return makeError("cannot create '" + dir + "': " + ec.message());
  for (const auto &[index, array] : outputs.buffers) {
    SmallString<256> path(dir);
    sys::path::append(path, "arg" + std::to_string(index) + ".npy");
    if (Error e = oracle::writeNpy(path, array))
      return e;
  }
  if (!outputs.printed.empty())
    if (Error e = writeText(dir, "printed.txt", outputs.printed))
      return e;
  return writeText(
      dir, "run.txt",
      formatv("tile-run exit {0}\n{1}\n", outputs.exitCode, outputs.message)
          .str());
}

static json::Value engineOptionsJSON(const EngineOptions &options) {
  json::Value checkpoints = json::Value("all");
  if (!options.checkpointAll) {
    if (options.checkpointPasses.empty()) {
      checkpoints = json::Value("none");
    } else {
      json::Array list;
      for (const std::string &p : options.checkpointPasses)
        list.push_back(p);
      checkpoints = json::Value(std::move(list));
    }
  }
  return json::Object{
      {"timeout_ms", static_cast<int64_t>(options.limits.timeoutMs)},
      {"memory_mb", static_cast<int64_t>(options.limits.memoryMb)},
      {"checkpoints", std::move(checkpoints)},
      {"bisect", options.bisect},
      {"bit_exact", options.bitExact},
      {"max_steps", static_cast<int64_t>(options.maxSteps)},
      {"share_identical_pipelines", options.shareIdenticalPipelines},
      {"mutants", options.mutants}};
}

static EngineOptions engineOptionsFromJSON(const json::Object *obj) {
  EngineOptions options;
  if (!obj)
    return options;
  options.limits.timeoutMs =
      obj->getInteger("timeout_ms").value_or(options.limits.timeoutMs);
  options.limits.memoryMb =
      obj->getInteger("memory_mb").value_or(options.limits.memoryMb);
  if (const json::Value *cp = obj->get("checkpoints")) {
    if (std::optional<StringRef> s = cp->getAsString()) {
      options.checkpointAll = *s == "all";
    } else if (const json::Array *list = cp->getAsArray()) {
      options.checkpointAll = false;
      for (const json::Value &p : *list)
        options.checkpointPasses.push_back(p.getAsString().value_or("").str());
    }
  }
  options.bisect = obj->getBoolean("bisect").value_or(options.bisect);
  options.bitExact = obj->getBoolean("bit_exact").value_or(options.bitExact);
  if (std::optional<int64_t> steps = obj->getInteger("max_steps"))
    options.maxSteps = *steps;
  options.shareIdenticalPipelines =
      obj->getBoolean("share_identical_pipelines").value_or(true);
  // A finding on a mutant replays as one (its reference may not run).
  options.mutants = obj->getBoolean("mutants").value_or(false);
  return options;
}

Error tilecheck::fuzz::writeFindingDir(StringRef finalDir,
                                       const TestCase &program,
                                       const ConfigResult &result,
                                       const EngineOptions &options) {
  StringRef parent = sys::path::parent_path(finalDir);
  if (std::error_code ec =
          sys::fs::create_directories(parent.empty() ? "." : parent))
    return makeError("cannot create '" + parent + "': " + ec.message());
  SmallString<256> tmpl(parent.empty() ? "." : parent);
  sys::path::append(tmpl, ".tmp-XXXXXX");
  std::string tmp = tmpl.str().str();
  if (!::mkdtemp(tmp.data()))
    return makeError("cannot create a directory under '" + parent + "'");
  auto cleanup = [&](Error e) {
    sys::fs::remove_directories(tmp);
    return e;
  };

  // The case itself, as every tool writes one (its inputs beside it),
  // under the configuration that found it.
  TestCase stored = program;
  stored.config = result.config.str();
  if (Error e = oracle::writeTestCase(stored, tmp))
    return cleanup(std::move(e));

  json::Object config{{"configuration", result.config.toJSON()},
                      {"engine", engineOptionsJSON(options)},
                      {"kind", stringify(result.kind)},
                      {"culprit", result.culprit},
                      {"culprit_method", result.culpritMethod},
                      {"signature", result.signature.hash},
                      {"op_kind", result.opKind},
                      {"detail", result.detail},
                      {"program_name", program.name}};
  if (!result.toolCommand.empty())
    config["tileiras"] = json::Object{{"command", result.toolCommand},
                                      {"version", result.toolVersion}};
  if (Error e =
          writeText(tmp, "config.json",
                    formatv("{0:2}\n", json::Value(std::move(config))).str()))
    return cleanup(std::move(e));

  if (result.reference) {
    SmallString<256> d(tmp);
    sys::path::append(d, "reference");
    if (Error e = writeOutputs(d, *result.reference))
      return cleanup(std::move(e));
  }
  if (result.got) {
    SmallString<256> d(tmp);
    sys::path::append(d, "got");
    if (Error e = writeOutputs(d, *result.got))
      return cleanup(std::move(e));
  }
  if (!result.compiled.empty())
    if (Error e = writeText(tmp, "compiled.mlir", result.compiled))
      return cleanup(std::move(e));
  if (!result.bytecode.empty())
    if (Error e = writeText(tmp, "program.tileirbc", result.bytecode))
      return cleanup(std::move(e));
  if (!result.toolCommand.empty()) {
    // The recorded command, runnable without tile-diff (e.g. for a report
    // to NVIDIA): tileiras on program.tileirbc, in this directory.
    if (Error e = writeText(tmp, "tileiras.sh",
                            "#!/bin/sh\n# " + result.toolVersion +
                                "\ncd \"$(dirname \"$0\")\" && exec env " +
                                result.toolCommand + "\n"))
      return cleanup(std::move(e));
    SmallString<256> script(tmp);
    sys::path::append(script, "tileiras.sh");
    sys::fs::setPermissions(script, sys::fs::perms(0755));
  }
  std::string diagnostics = result.detail + "\n" + result.diagnostics;
  if (Error e = writeText(tmp, "diagnostics.txt", diagnostics))
    return cleanup(std::move(e));
  if (Error e = writeText(tmp, "signature.txt",
                          result.signature.hash + "\n" + result.signature.text +
                              "\n"))
    return cleanup(std::move(e));
  if (Error e =
          writeText(tmp, "culprit.txt",
                    (result.culprit.empty() ? "(unknown)" : result.culprit) +
                        std::string("\n") +
                        (result.culpritMethod.empty()
                             ? ""
                             : "found by " + result.culpritMethod + "\n")))
    return cleanup(std::move(e));
  if (Error e = writeText(
          tmp, "repro.sh",
          "#!/bin/sh\n"
          "# Replays this finding bit for bit; exit 0 if it still "
          "reproduces (same signature), 1 if not.\n"
          "exec \"${TILE_DIFF:-tile-diff}\" --repro \"$(cd \"$(dirname "
          "\"$0\")\" && pwd)\"\n"))
    return cleanup(std::move(e));
  SmallString<256> script(tmp);
  sys::path::append(script, "repro.sh");
  sys::fs::setPermissions(script, sys::fs::perms(0755));

  if (std::error_code ec = sys::fs::rename(tmp, finalDir))
    return cleanup(makeError("cannot rename '" + tmp + "' to '" + finalDir +
                             "': " + ec.message()));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// FindingsStore
//===----------------------------------------------------------------------===//

namespace {

/// A prepared statement that finalizes itself.
class Statement {
public:
  Statement(sqlite3 *db, const char *sql) : db(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK)
      stmt = nullptr;
  }
  ~Statement() { sqlite3_finalize(stmt); }
  explicit operator bool() const { return stmt; }
  Statement &bind(int i, StringRef text) {
    sqlite3_bind_text(stmt, i, text.data(), text.size(), SQLITE_TRANSIENT);
    return *this;
  }
  Statement &bind(int i, int64_t value) {
    sqlite3_bind_int64(stmt, i, value);
    return *this;
  }
  /// SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(stmt); }
  std::string text(int col) {
    const unsigned char *t = sqlite3_column_text(stmt, col);
    return t ? reinterpret_cast<const char *>(t) : "";
  }
  int64_t integer(int col) { return sqlite3_column_int64(stmt, col); }

private:
  sqlite3 *db;
  sqlite3_stmt *stmt = nullptr;
};

Error sqlError(sqlite3 *db, const Twine &what) {
  return makeError(what + ": " + sqlite3_errmsg(db));
}

Error exec(sqlite3 *db, const char *sql) {
  char *msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    std::string m = msg ? msg : "unknown error";
    sqlite3_free(msg);
    return makeError(Twine("sqlite: ") + m + " (" + sql + ")");
  }
  return Error::success();
}

} // namespace

Expected<std::unique_ptr<FindingsStore>>
FindingsStore::open(StringRef dir, unsigned maxExamples) {
  if (std::error_code ec = sys::fs::create_directories(dir))
    return makeError("cannot create '" + dir + "': " + ec.message());
  // Absolute, so that example directories recorded in the index (and
  // printed repro commands) work from anywhere.
  SmallString<256> absDir(dir);
  sys::fs::make_absolute(absDir);
  sys::path::remove_dots(absDir, /*remove_dot_dot=*/true);
  SmallString<256> path(absDir);
  sys::path::append(path, "index.sqlite");
  sqlite3 *db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    Error e = sqlError(db, "cannot open '" + path + "'");
    sqlite3_close(db);
    return std::move(e);
  }
  sqlite3_busy_timeout(db, 30000);
  if (Error e = exec(db, "CREATE TABLE IF NOT EXISTS buckets("
                         " signature TEXT PRIMARY KEY, kind TEXT NOT NULL,"
                         " culprit TEXT NOT NULL, count INTEGER NOT NULL,"
                         " first_seen TEXT NOT NULL, last_seen TEXT NOT NULL,"
                         " example_dir TEXT NOT NULL, signature_text TEXT);"
                         "CREATE TABLE IF NOT EXISTS examples("
                         " signature TEXT NOT NULL, dir TEXT NOT NULL,"
                         " configuration TEXT NOT NULL, program TEXT NOT NULL,"
                         " seen TEXT NOT NULL);")) {
    sqlite3_close(db);
    return std::move(e);
  }
  return std::unique_ptr<FindingsStore>(
      new FindingsStore(absDir.str().str(), db, maxExamples));
}

FindingsStore::~FindingsStore() { sqlite3_close(db); }

Expected<RecordOutcome> FindingsStore::record(const TestCase &program,
                                              const ConfigResult &result,
                                              const EngineOptions &options) {
  RecordOutcome out;
  if (Error e = exec(db, "BEGIN IMMEDIATE"))
    return std::move(e);
  auto rollback = [&](Error e) {
    consumeError(exec(db, "ROLLBACK"));
    return std::move(e);
  };
  const std::string &sig = result.signature.hash;
  std::string now = nowUtc();
  int64_t count = 0;
  {
    Statement q(db, "SELECT count FROM buckets WHERE signature = ?");
    if (!q)
      return rollback(sqlError(db, "prepare"));
    q.bind(1, sig);
    if (q.step() == SQLITE_ROW)
      count = q.integer(0);
    else
      out.newBucket = true;
  }
  int64_t stored = 0;
  {
    Statement q(db, "SELECT COUNT(*) FROM examples WHERE signature = ?");
    q.bind(1, sig);
    if (q.step() == SQLITE_ROW)
      stored = q.integer(0);
  }
  std::string exampleDir;
  if (stored < maxExamples) {
    // Directory names: kind-hash-N, N counting this bucket's examples.
    for (int64_t n = stored + 1;; ++n) {
      SmallString<256> d(dir);
      sys::path::append(
          d, formatv("{0}-{1}-{2}", stringify(result.kind), sig, n).str());
      if (!sys::fs::exists(d)) {
        exampleDir = d.str().str();
        break;
      }
    }
    if (Error e = writeFindingDir(exampleDir, program, result, options))
      return rollback(std::move(e));
    Statement ins(db, "INSERT INTO examples(signature, dir, configuration,"
                      " program, seen) VALUES(?, ?, ?, ?, ?)");
    ins.bind(1, sig).bind(2, exampleDir).bind(3, result.config.str());
    ins.bind(4, program.name).bind(5, now);
    if (ins.step() != SQLITE_DONE)
      return rollback(sqlError(db, "insert example"));
    out.dir = exampleDir;
  }
  if (out.newBucket) {
    Statement ins(db, "INSERT INTO buckets(signature, kind, culprit, count,"
                      " first_seen, last_seen, example_dir, signature_text)"
                      " VALUES(?, ?, ?, 1, ?, ?, ?, ?)");
    ins.bind(1, sig).bind(2, stringify(result.kind)).bind(3, result.culprit);
    ins.bind(4, now).bind(5, now).bind(6, exampleDir);
    ins.bind(7, result.signature.text);
    if (ins.step() != SQLITE_DONE)
      return rollback(sqlError(db, "insert bucket"));
    out.count = 1;
  } else {
    Statement up(db, "UPDATE buckets SET count = count + 1, last_seen = ?,"
                     " example_dir = CASE WHEN example_dir = '' THEN ?"
                     " ELSE example_dir END WHERE signature = ?");
    up.bind(1, now).bind(2, exampleDir).bind(3, sig);
    if (up.step() != SQLITE_DONE)
      return rollback(sqlError(db, "update bucket"));
    out.count = count + 1;
  }
  if (Error e = exec(db, "COMMIT"))
    return rollback(std::move(e));
  return out;
}

Expected<std::vector<Bucket>> FindingsStore::buckets() {
  std::vector<Bucket> out;
  Statement q(db, "SELECT signature, kind, culprit, count, first_seen,"
                  " last_seen, example_dir FROM buckets"
                  " ORDER BY count DESC, signature");
  if (!q)
    return sqlError(db, "prepare");
  while (q.step() == SQLITE_ROW)
    out.push_back({q.text(0), q.text(1), q.text(2), q.integer(3), q.text(4),
                   q.text(5), q.text(6)});
  return out;
}

Expected<std::vector<std::string>>
FindingsStore::examples(StringRef signature) {
  std::vector<std::string> out;
  Statement q(db, "SELECT dir FROM examples WHERE signature = ? ORDER BY dir");
  if (!q)
    return sqlError(db, "prepare");
  q.bind(1, signature);
  while (q.step() == SQLITE_ROW)
    out.push_back(q.text(0));
  return out;
}

//===----------------------------------------------------------------------===//
// Replay
//===----------------------------------------------------------------------===//

Expected<LoadedFinding> tilecheck::fuzz::loadFinding(StringRef dir) {
  LoadedFinding f;
  SmallString<256> manifest(dir), config(dir), signature(dir);
  sys::path::append(manifest, "manifest.json");
  sys::path::append(config, "config.json");
  sys::path::append(signature, "signature.txt");
  auto program = oracle::loadManifestCase(manifest);
  if (!program)
    return program.takeError();
  f.program = std::move(*program);
  auto configText = MemoryBuffer::getFile(config);
  if (!configText)
    return makeError("cannot read '" + config +
                     "': " + configText.getError().message());
  auto json = json::parse((*configText)->getBuffer());
  if (!json)
    return json.takeError();
  const json::Object *obj = json->getAsObject();
  if (!obj || !obj->get("configuration"))
    return makeError("'" + config + "' has no \"configuration\"");
  auto cfg = configurationFromJSON(*obj->get("configuration"));
  if (!cfg)
    return cfg.takeError();
  f.config = *cfg;
  f.options = engineOptionsFromJSON(obj->getObject("engine"));
  f.kind = parseFindingKind(obj->getString("kind").value_or("none"))
               .value_or(FindingKind::None);
  if (const json::Object *tool = obj->getObject("tileiras")) {
    f.toolVersion = tool->getString("version").value_or("").str();
    f.toolCommand = tool->getString("command").value_or("").str();
  }
  auto sigText = MemoryBuffer::getFile(signature);
  if (!sigText)
    return makeError("cannot read '" + signature +
                     "': " + sigText.getError().message());
  f.signature = (*sigText)->getBuffer().split('\n').first.trim().str();
  return f;
}

Expected<ConfigResult>
tilecheck::fuzz::replayFinding(const LoadedFinding &finding) {
  ProgramReport report =
      checkProgram(finding.program, {finding.config}, finding.options);
  if (report.error)
    return makeError(*report.error);
  if (report.results.empty())
    return makeError("the replay produced no result");
  // The configuration's own result: a mutant's undefined behaviour comes
  // first without one (EngineOptions::mutants).
  for (const ConfigResult &r : report.results)
    if (r.config.str() == finding.config.str())
      return r;
  return report.results.front();
}
