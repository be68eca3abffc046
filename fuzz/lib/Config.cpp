//===- Config.cpp - Configurations, matrices, kinds, signatures -----------===//
//
// See tilecheck/Fuzz/Config.h. Everything here is deterministic plain data:
// the matrices are listed in a fixed order and the sample uses its own
// SplitMix64 generator, so a configuration list (and therefore a finding's
// config.json) is the same on every machine.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Config.h"
#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Support/EnumNames.h"
#include "tilecheck/Support/Error.h"
#include "tilecheck/Support/Fnv1a.h"
#include "tilecheck/Support/SplitMix64.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

ArrayRef<StringLiteral> tilecheck::fuzz::tileirasTargets() {
  static const StringLiteral targets[] = {
      "sm_80",  "sm_86",  "sm_87",  "sm_88",  "sm_89",  "sm_90",
      "sm_100", "sm_103", "sm_107", "sm_110", "sm_120", "sm_121"};
  return targets;
}

std::string Configuration::tileirasCulprit() const {
  return "tileiras-O" + std::to_string(optLevel);
}

std::string Configuration::str() const {
  if (const Executor *executor = findExecutor(compiler))
    return executor->configurationText(*this);
  return "compiler=" + compiler + "," + tilecText();
}

std::string Configuration::tilecText() const {
  std::string out;
  raw_string_ostream os(out);
  os << target << ",O" << optLevel << ",v2=" << v2OptLevel
     << ",strategy=" << driver::stringifyPipelineStrategy(strategy)
     << ",scheduler=" << driver::stringifyScheduler(scheduler);
  if (strategy == driver::PipelineStrategy::Unspecialize)
    os << ",stages=" << stages;
  if (aus)
    os << ",agents=aus";
  if (reg2reg != Configuration().reg2reg)
    os << ",reg2reg=" << reg2reg;
  if (queues)
    os << ",queues=" << queues;
  if (interleavings)
    os << ",interleavings=" << interleavings;
  os << ",order=";
  if (blockOrderSeed)
    os << "seed:" << *blockOrderSeed;
  else
    os << "row-major";
  return out;
}

driver::CompileOptions Configuration::compileOptions() const {
  driver::CompileOptions opts;
  opts.gpuName = target;
  opts.optLevel = optLevel;
  opts.v2OptLevel = v2OptLevel;
  opts.pipelineStrategy = strategy;
  opts.scheduler = scheduler;
  opts.unspecializedPipelineNumStages = stages;
  opts.materializeScheduleUseAUS = aus;
  opts.reg2regVecSize = reg2reg;
  opts.queueDepth = queues;
  opts.emit = driver::EmitStage::TileAS;
  return opts;
}

json::Value Configuration::toJSON() const {
  json::Object obj{
      {"text", str()},
      {"compiler", compiler},
      {"target", target},
      {"opt_level", static_cast<int64_t>(optLevel)},
      {"v2_opt_level", static_cast<int64_t>(v2OptLevel)},
      {"pipeline_strategy", driver::stringifyPipelineStrategy(strategy)},
      {"scheduler", driver::stringifyScheduler(scheduler)},
      {"stages", static_cast<int64_t>(stages)},
      {"agents", aus ? "aus" : "aws"},
      {"reg2reg_vec_size", static_cast<int64_t>(reg2reg)},
      {"queue_depth", static_cast<int64_t>(queues)},
      {"interleavings", static_cast<int64_t>(interleavings)},
      {"bytecode", bytecodeVersion.empty() ? bytecode::Version::newest().str()
                                           : bytecodeVersion},
      {"block_order", blockOrderSeed
                          ? json::Value(static_cast<int64_t>(*blockOrderSeed))
                          : json::Value("row-major")}};
  return json::Value(std::move(obj));
}

Expected<Configuration> tilecheck::fuzz::parseConfiguration(StringRef text) {
  Configuration config;
  bool bytecodeGiven = false;
  SmallVector<StringRef> fields;
  text.trim().split(fields, ',', -1, /*KeepEmpty=*/false);
  auto bad = [&](StringRef field, const Twine &why) {
    return makeError("configuration '" + text + "': field '" + field +
                     "': " + why);
  };
  for (StringRef raw : fields) {
    StringRef field = raw.trim();
    auto [key, value] = field.split('=');
    if (!field.contains('=')) {
      if (field.starts_with("sm_")) {
        config.target = field.str();
        continue;
      }
      if (field.size() == 2 && field[0] == 'O' && field[1] >= '0' &&
          field[1] <= '9') {
        config.optLevel = field[1] - '0';
        continue;
      }
      return bad(field, "expected sm_XX, ON or key=value");
    }
    if (key == "compiler") {
      if (!findExecutor(value)) {
        std::string known;
        for (const Executor *e : registeredExecutors())
          known += (known.empty() ? "" : ", ") + e->name().str();
        return bad(field, "no executor '" + value + "' (known: " + known + ")");
      }
      config.compiler = value.str();
    } else if (key == "target") {
      config.target = value.str();
    } else if (key == "O" || key == "opt") {
      if (value.getAsInteger(10, config.optLevel))
        return bad(field, "not a number");
    } else if (key == "v2") {
      if (value.getAsInteger(10, config.v2OptLevel))
        return bad(field, "not a number");
    } else if (key == "strategy") {
      auto s = driver::parsePipelineStrategy(value);
      if (!s)
        return bad(field, "expected none, unspecialize or warp-specialize");
      config.strategy = *s;
    } else if (key == "scheduler") {
      auto s = driver::parseScheduler(value);
      if (!s)
        return bad(field, "expected serial, cost or exact");
      config.scheduler = *s;
    } else if (key == "stages") {
      if (value.getAsInteger(10, config.stages) || config.stages < 1 ||
          config.stages > 8)
        return bad(field, "expected a stage count 1..8");
    } else if (key == "agents") {
      if (value != "aus" && value != "aws")
        return bad(field, "expected aws or aus");
      config.aus = value == "aus";
    } else if (key == "reg2reg") {
      if (value.getAsInteger(10, config.reg2reg) || config.reg2reg > 64)
        return bad(field, "expected a copy atom width 0..64 (bytes)");
    } else if (key == "queues") {
      if (value.getAsInteger(10, config.queues) || config.queues > 8)
        return bad(field, "expected a queue depth 0..8 (0: off)");
    } else if (key == "interleavings") {
      if (value.getAsInteger(10, config.interleavings) ||
          config.interleavings < 1 || config.interleavings > 100000)
        return bad(field, "expected a number of interleavings 1..100000");
    } else if (key == "bytecode") {
      std::optional<bytecode::Version> v = bytecode::Version::parse(value);
      if (!v || v->tag || *v < bytecode::Version::oldest() ||
          bytecode::Version::newest() < *v)
        return bad(field, "expected a bytecode version " +
                              bytecode::Version::oldest().str() + " to " +
                              bytecode::Version::newest().str());
      // The newest is the default: one configuration, one text.
      bytecodeGiven = true;
      config.bytecodeVersion =
          *v == bytecode::Version::newest() ? "" : v->str();
    } else if (key == "order") {
      uint64_t seed;
      if (value == "row-major")
        config.blockOrderSeed.reset();
      else if (value.consume_front("seed:") && !value.getAsInteger(10, seed))
        config.blockOrderSeed = seed;
      else
        return bad(field, "expected row-major or seed:N");
    } else {
      return bad(field, "unknown field");
    }
  }
  // The stage count is printed (and read) only with unspecialize, so that a
  // text and its configuration stay one to one.
  if (config.stages != Configuration().stages &&
      config.strategy != driver::PipelineStrategy::Unspecialize)
    return makeError("configuration '" + text +
                     "': stages applies to strategy=unspecialize only");
  // Layout conversions are materialized from O2 on: a cap below makes no
  // configuration of its own.
  if (config.reg2reg != Configuration().reg2reg && config.optLevel < 2)
    return makeError("configuration '" + text +
                     "': reg2reg applies to O2 and O3 (where "
                     "tileas-materialize-convert-layout runs) only");
  if (config.queues && config.optLevel < 2)
    return makeError("configuration '" + text +
                     "': queues applies to O2 and O3 (where "
                     "tileaa-queue-loads runs) only");
  if (config.aus && config.strategy != driver::PipelineStrategy::WarpSpecialize)
    return makeError("configuration '" + text +
                     "': agents=aus applies to strategy=warp-specialize only");
  if (config.interleavings && config.compiler != kDefaultCompiler)
    return makeError("configuration '" + text +
                     "': interleavings applies to tilec configurations only "
                     "(the interpreter's checkpoints)");
  if (bytecodeGiven && !config.isTileiras())
    return makeError("configuration '" + text +
                     "': bytecode applies to tileiras configurations only "
                     "(tilec reads the program as it is)");
  if (Error e = findExecutor(config.compiler)->validate(config))
    return makeError("configuration '" + text + "': " + toString(std::move(e)));
  return config;
}

Expected<Configuration>
tilecheck::fuzz::configurationFromJSON(const json::Value &v) {
  const json::Object *obj = v.getAsObject();
  if (!obj)
    return makeError("configuration is not a JSON object");
  std::optional<StringRef> text = obj->getString("text");
  if (!text)
    return makeError("configuration has no \"text\"");
  return parseConfiguration(*text);
}

/// In MatrixKind's order.
static constexpr StringLiteral kMatrixKindNames[] = {
    "default",           "full", "sample", "tileiras", "tileiras-targets",
    "tileiras-bytecode", "simt", "gpu"};
static_assert(std::size(kMatrixKindNames) == size_t(MatrixKind::Gpu) + 1);

std::optional<MatrixKind> tilecheck::fuzz::parseMatrixKind(StringRef name) {
  return tilecheck::parseName<MatrixKind>(kMatrixKindNames, name);
}

std::vector<Configuration> tilecheck::fuzz::defaultMatrix() {
  std::vector<Configuration> out;
  for (unsigned o = 0; o <= 3; ++o)
    for (driver::Scheduler s :
         {driver::Scheduler::Serial, driver::Scheduler::Cost}) {
      Configuration c;
      c.target = "sm_100";
      c.optLevel = o;
      c.scheduler = s;
      out.push_back(c);
    }
  // Software pipelining of the cost-based schedules, two and four stages
  // deep (serial schedules have one stage: nothing to pipeline).
  for (auto [o, stages] : {std::pair(2u, 2u), std::pair(3u, 4u)}) {
    Configuration c;
    c.target = "sm_100";
    c.optLevel = o;
    c.v2OptLevel = 1;
    c.strategy = driver::PipelineStrategy::Unspecialize;
    c.scheduler = driver::Scheduler::Cost;
    c.stages = stages;
    out.push_back(c);
  }
  // Warp specialization of the same schedules: producer and consumer agents
  // (AWS) interleaved by a seeded agent schedule, and one agent (AUS). The
  // AWS one stages its layout conversions through shared memory
  // (reg2reg=0), so that buffers of different agents, which compaction
  // keeps apart, are checked while the agents interleave.
  for (bool aus : {false, true}) {
    Configuration c;
    c.target = "sm_100";
    c.optLevel = aus ? 3 : 2;
    c.v2OptLevel = 1;
    c.strategy = driver::PipelineStrategy::WarpSpecialize;
    c.scheduler = driver::Scheduler::Cost;
    c.aus = aus;
    if (!aus) {
      c.blockOrderSeed = 1;
      c.reg2reg = 0;
    }
    out.push_back(c);
  }
  // Layout conversions staged through shared memory (reg2reg=0) and moved
  // element by element (reg2reg=4: below every 16-byte atom, at or above
  // every element but f64 and pointers). The staged one is also
  // software-pipelined three stages deep, so that the compacted staging
  // buffers (which share bytes) are checked where the pipeliner interleaves
  // their ops across iterations.
  for (auto [o, width] : {std::pair(2u, 0u), std::pair(3u, 4u)}) {
    Configuration c;
    c.target = "sm_100";
    c.optLevel = o;
    c.reg2reg = width;
    if (width == 0) {
      c.v2OptLevel = 1;
      c.strategy = driver::PipelineStrategy::Unspecialize;
      c.scheduler = driver::Scheduler::Cost;
      c.stages = 3;
    }
    out.push_back(c);
  }
  // Queued loads: a producer agent and queues (tileaa-queue-loads), then
  // pipelines and agent_switch, the agents under a seeded interleaving.
  Configuration queued;
  queued.target = "sm_100";
  queued.optLevel = 2;
  queued.queues = 2;
  queued.blockOrderSeed = 2;
  out.push_back(queued);
  return out;
}

std::vector<Configuration> tilecheck::fuzz::fullMatrix() {
  std::vector<Configuration> out;
  for (StringRef target : {"sm_80", "sm_90", "sm_100"})
    for (unsigned o = 0; o <= 3; ++o)
      for (unsigned v2 = 0; v2 <= 3; ++v2)
        for (driver::PipelineStrategy st :
             {driver::PipelineStrategy::None,
              driver::PipelineStrategy::Unspecialize,
              driver::PipelineStrategy::WarpSpecialize})
          for (driver::Scheduler s :
               {driver::Scheduler::Serial, driver::Scheduler::Cost})
            for (std::optional<uint64_t> order :
                 {std::optional<uint64_t>(), std::optional<uint64_t>(1)}) {
              Configuration c;
              c.target = target.str();
              c.optLevel = o;
              c.v2OptLevel = v2;
              c.strategy = st;
              c.scheduler = s;
              c.blockOrderSeed = order;
              out.push_back(c);
            }
  return out;
}

std::vector<Configuration> tilecheck::fuzz::sampleMatrix(uint64_t seed,
                                                         unsigned size) {
  std::vector<Configuration> full = fullMatrix();
  if (size >= full.size())
    return full;
  // Partial Fisher-Yates over the indices, then back to matrix order.
  std::vector<size_t> index(full.size());
  for (size_t i = 0; i < index.size(); ++i)
    index[i] = i;
  tilecheck::SplitMix64 rng{seed};
  for (unsigned i = 0; i < size; ++i) {
    size_t j = i + rng.next() % (index.size() - i);
    std::swap(index[i], index[j]);
  }
  index.resize(size);
  llvm::sort(index);
  std::vector<Configuration> out;
  for (size_t i : index)
    out.push_back(full[i]);
  return out;
}

std::vector<Configuration> tilecheck::fuzz::tileirasMatrix() {
  std::vector<Configuration> out;
  for (unsigned o = 0; o <= 3; ++o) {
    Configuration c;
    c.compiler = "tileiras";
    c.target = "sm_100";
    c.optLevel = o;
    out.push_back(c);
  }
  return out;
}

Configuration tilecheck::fuzz::defaultTileirasConfiguration() {
  return tileirasMatrix().back();
}

std::vector<Configuration> tilecheck::fuzz::defaultTileirasConfigurations() {
  Configuration oldest = defaultTileirasConfiguration();
  oldest.bytecodeVersion = bytecode::Version::oldest().str();
  return {defaultTileirasConfiguration(), oldest};
}

std::vector<Configuration> tilecheck::fuzz::tileirasBytecodeMatrix() {
  std::vector<Configuration> out;
  for (StringRef version : {"13.1", "13.2", ""})
    for (Configuration c : tileirasMatrix()) {
      c.bytecodeVersion = version.str();
      out.push_back(c);
    }
  return out;
}

/// A backend executor's configuration: compiler, target, opt-level.
static Configuration backendConfiguration(StringRef compiler, StringRef target,
                                          unsigned o) {
  Configuration c;
  c.compiler = compiler.str();
  c.target = target.str();
  c.optLevel = o;
  return c;
}

static std::vector<Configuration> backendMatrix(StringRef compiler) {
  std::vector<Configuration> out;
  for (StringRef target : {"sm_80", "sm_90", "sm_100", "sm_120"})
    for (unsigned o = 0; o <= 3; ++o)
      out.push_back(backendConfiguration(compiler, target, o));
  return out;
}

std::vector<Configuration> tilecheck::fuzz::ptxasMatrix() {
  return backendMatrix("ptxas");
}

Configuration tilecheck::fuzz::defaultPtxasConfiguration() {
  return backendConfiguration("ptxas", "sm_100", 3);
}

std::vector<Configuration> tilecheck::fuzz::simtMatrix() {
  return backendMatrix("simt");
}

std::vector<Configuration> tilecheck::fuzz::defaultSimtConfigurations() {
  // The third and fourth run warp specialization as PTX (sm_90 gets the
  // cost-based schedules that are materialized; sm_80 never does): the
  // async pipelines as mbarriers and shared-memory slots, in one agent
  // (AUS) and in two agents on two thread groups (AWS).
  Configuration aus = backendConfiguration("simt", "sm_90", 2);
  aus.v2OptLevel = 1;
  aus.strategy = driver::PipelineStrategy::WarpSpecialize;
  aus.scheduler = driver::Scheduler::Cost;
  aus.aus = true;
  Configuration aws = aus;
  aws.aus = false;
  // The fifth and sixth lower materialized layout conversions: staged
  // through shared memory (the compacted buffers, in software-pipelined
  // loops), and element by element through the loop
  // tileas-unroll-register-loops tags.
  Configuration staged = backendConfiguration("simt", "sm_90", 2);
  staged.reg2reg = 0;
  staged.v2OptLevel = 1;
  staged.strategy = driver::PipelineStrategy::Unspecialize;
  staged.scheduler = driver::Scheduler::Cost;
  staged.stages = 3;
  Configuration perElement = backendConfiguration("simt", "sm_80", 3);
  perElement.reg2reg = 4;
  // The seventh runs queued loads: the producer agent of tileaa-queue-loads
  // on its own thread group, feeding the consumer through mbarriers, with
  // the layout conversions staged in each agent's own buffers (reg2reg=0).
  Configuration queued = backendConfiguration("simt", "sm_90", 2);
  queued.queues = 2;
  queued.reg2reg = 0;
  return {backendConfiguration("simt", "sm_100", 3),
          backendConfiguration("simt", "sm_80", 0),
          aus,
          aws,
          staged,
          perElement,
          queued};
}

std::vector<Configuration> tilecheck::fuzz::gpuMatrix(TileirasUse tileiras) {
  std::vector<Configuration> out;
  for (unsigned o = 0; o <= 3; ++o)
    out.push_back(backendConfiguration("gpu", "sm_90", o));
  Configuration serial = backendConfiguration("gpu", "sm_90", 3);
  serial.scheduler = driver::Scheduler::Serial;
  out.push_back(serial);
  Configuration pipelined = backendConfiguration("gpu", "sm_90", 3);
  pipelined.v2OptLevel = 1;
  pipelined.strategy = driver::PipelineStrategy::Unspecialize;
  out.push_back(pipelined);
  Configuration aws = pipelined;
  aws.strategy = driver::PipelineStrategy::WarpSpecialize;
  out.push_back(aws);
  Configuration aus = aws;
  aus.aus = true;
  out.push_back(aus);
  if (tileiras != TileirasUse::Exclude)
    for (unsigned o = 0; o <= 3; ++o)
      out.push_back(backendConfiguration("gpu-tileiras", "sm_90", o));
  out.push_back(backendConfiguration("simt", "sm_90", 3));
  return out;
}

std::vector<Configuration> tilecheck::fuzz::makeMatrix(MatrixKind kind,
                                                       uint64_t sampleSeed,
                                                       unsigned sampleSize,
                                                       TileirasUse tileiras) {
  std::vector<Configuration> out;
  switch (kind) {
  case MatrixKind::Default:
    out = defaultMatrix();
    out.push_back(defaultPtxasConfiguration());
    llvm::append_range(out, defaultSimtConfigurations());
    if (tileiras == TileirasUse::Found)
      llvm::append_range(out, defaultTileirasConfigurations());
    return out;
  case MatrixKind::Full:
    out = fullMatrix();
    llvm::append_range(out, ptxasMatrix());
    llvm::append_range(out, simtMatrix());
    if (tileiras != TileirasUse::Exclude)
      llvm::append_range(out, tileirasBytecodeMatrix());
    return out;
  case MatrixKind::Sample:
    return sampleMatrix(sampleSeed, sampleSize);
  case MatrixKind::Tileiras:
    if (tileiras != TileirasUse::Exclude)
      out = tileirasMatrix();
    return out;
  case MatrixKind::TileirasTargets:
    if (tileiras != TileirasUse::Exclude)
      for (StringRef target : {"sm_80", "sm_90", "sm_100", "sm_120"})
        for (unsigned o = 0; o <= 3; ++o)
          out.push_back(backendConfiguration("tileiras", target, o));
    return out;
  case MatrixKind::TileirasBytecode:
    if (tileiras != TileirasUse::Exclude)
      out = tileirasBytecodeMatrix();
    return out;
  case MatrixKind::Simt:
    return simtMatrix();
  case MatrixKind::Gpu:
    return gpuMatrix(tileiras);
  }
  llvm_unreachable("unknown matrix kind");
}

//===----------------------------------------------------------------------===//
// Kinds
//===----------------------------------------------------------------------===//

/// In FindingKind's order.
static constexpr StringLiteral kKindNames[] = {"none",
                                               "crash",
                                               "hang",
                                               "oom",
                                               "pass-failure",
                                               "verifier-failure",
                                               "invalid-schedule",
                                               "ptxas-rejection",
                                               "rejection",
                                               "wrong-result",
                                               "unsupported-instruction",
                                               "input-ub",
                                               "unsupported-target",
                                               "oracle-error",
                                               "skipped"};
static_assert(std::size(kKindNames) == size_t(FindingKind::Skipped) + 1);

StringRef tilecheck::fuzz::stringify(FindingKind kind) {
  return tilecheck::nameOf(kKindNames, kind);
}

std::optional<FindingKind> tilecheck::fuzz::parseFindingKind(StringRef name) {
  return tilecheck::parseName<FindingKind>(kKindNames, name);
}

bool tilecheck::fuzz::countsAsFinding(FindingKind kind) {
  return kind != FindingKind::None && kind != FindingKind::UnsupportedTarget &&
         kind != FindingKind::Skipped;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

/// Replaces every match of `pattern` in `text` by `with`.
static std::string replaceAll(StringRef text, Regex &pattern, StringRef with) {
  std::string out;
  StringRef rest = text;
  SmallVector<StringRef, 1> matches;
  while (!rest.empty() && pattern.match(rest, &matches)) {
    StringRef m = matches[0];
    if (m.empty()) {
      out += rest.front();
      rest = rest.drop_front();
      continue;
    }
    size_t at = m.data() - rest.data();
    out += rest.take_front(at);
    out += with;
    rest = rest.drop_front(at + m.size());
  }
  out += rest;
  return out;
}

/// Normalizes one line of text (diagnostic or assertion message).
std::string tilecheck::fuzz::normalizeLine(StringRef line) {
  static Regex location("[^ :]*:[0-9]+:[0-9]+: ");
  static Regex path("(/[A-Za-z0-9_.+-]+)+");
  static Regex hex("0x[0-9a-fA-F]+");
  static Regex ssa("%[A-Za-z0-9_]+(#[0-9]+)?");
  static Regex block("\\^bb[0-9]+");
  static Regex digits("[0-9]{4,}");
  static Regex space("[ \t]+");
  std::string s = replaceAll(line, location, "");
  s = replaceAll(s, hex, "0xN");
  s = replaceAll(s, path, "<path>");
  s = replaceAll(s, ssa, "%N");
  s = replaceAll(s, block, "^bbN");
  s = replaceAll(s, digits, "N");
  s = replaceAll(s, space, " ");
  return StringRef(s).trim().str();
}

std::string tilecheck::fuzz::normalizeDiagnostics(StringRef diagnostics) {
  SmallVector<StringRef> lines;
  diagnostics.split(lines, '\n', -1, /*KeepEmpty=*/false);
  std::string out;
  for (StringRef line : lines) {
    // Keep errors only; notes and remarks carry program-specific context.
    size_t at = line.find(": error: ");
    if (at == StringRef::npos) {
      if (!line.starts_with("error: "))
        continue;
      at = 0;
      line = line.drop_front(strlen("error: "));
    } else {
      line = line.drop_front(at + strlen(": error: "));
    }
    std::string n = normalizeLine(line);
    if (n.empty())
      continue;
    if (!out.empty())
      out += "; ";
    out += n;
  }
  return out;
}

std::string tilecheck::fuzz::normalizeRunFailure(StringRef message) {
  StringRef m = message.trim().split('\n').first;
  for (StringRef kind : {"undefined behaviour: ", "error: ", "assert failed: ",
                         "step limit: "}) {
    size_t at = m.find(kind);
    if (at != StringRef::npos) {
      m = m.drop_front(at + kind.size());
      break;
    }
  }
  size_t block = m.rfind(" (tile block ");
  if (block != StringRef::npos)
    m = m.take_front(block);
  SmallVector<StringRef> parts;
  m.split(parts, ": ");
  std::string kept = parts.size() >= 2 && parts[0].starts_with("'")
                         ? (parts[0] + ": " + parts[1]).str()
                     : parts.empty() ? ""
                                     : parts[0].str();
  static Regex number("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
  static Regex hex("0x[0-9a-fA-F]+");
  return replaceAll(replaceAll(normalizeLine(kept), hex, "N"), number, "N");
}

/// The function name of an LLVM stack-trace frame line, without argument
/// list or template arguments; empty when the frame names no function.
static std::string frameFunction(StringRef text) {
  // "(anonymous namespace)" holds the characters that end a name; hide it.
  std::string hidden = text.str();
  for (size_t at;
       (at = hidden.find("(anonymous namespace)")) != std::string::npos;)
    hidden.replace(at, strlen("(anonymous namespace)"), "{anonymous}");
  StringRef line = hidden;
  // "#3 0x00005555 in? name(args) (/path/lib.so+0x1234)" (symbolized) or
  // "#3 0x00005555 name + 42" / "#3 0x00005555 (/path/lib.so+0x1234)".
  line = line.trim();
  if (!line.consume_front("#"))
    return "";
  line = line.drop_while([](char c) { return isDigit(c); }).ltrim();
  if (line.starts_with("0x"))
    line = line.drop_while([](char c) { return !isSpace(c); }).ltrim();
  line.consume_front("in ");
  if (line.empty() || line.starts_with("("))
    return "";
  // Cut at the first '(' or '<' outside of "operator".
  std::string name;
  int depth = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '<') {
      ++depth;
      continue;
    }
    if (c == '>' && depth > 0) {
      --depth;
      continue;
    }
    if (depth > 0)
      continue;
    if (c == '(' || c == ' ')
      break;
    name += c;
  }
  for (size_t at; (at = name.find("{anonymous}")) != std::string::npos;)
    name.replace(at, strlen("{anonymous}"), "(anonymous namespace)");
  return name;
}

/// Frames that belong to the crash machinery, not to the bug.
static bool isMachineryFrame(StringRef fn) {
  static const char *const prefixes[] = {
      "llvm::sys::",
      "SignalHandler",
      "__restore_rt",
      "raise",
      "abort",
      "gsignal",
      "pthread_kill",
      "__pthread_kill",
      "__assert_fail",
      "__GI_",
      "__libc_",
      "llvm::llvm_unreachable_internal",
      "llvm::report_fatal_error",
      "llvm::report_bad_alloc_error",
      "std::__terminate",
      "std::terminate",
      "__cxa_",
      "__assert_perror_fail",
      "tilecheck::fuzz::detail::",
      "_start",
      "PrintStackTrace",
      "(anonymous namespace)::SignalHandler"};
  for (const char *p : prefixes)
    if (fn.starts_with(p))
      return true;
  return false;
}

std::string tilecheck::fuzz::normalizeCrash(StringRef stderrText, int signal,
                                            unsigned frames) {
  SmallVector<StringRef> lines;
  stderrText.split(lines, '\n', -1, /*KeepEmpty=*/false);
  std::string message;
  std::vector<std::string> names;
  for (StringRef line : lines) {
    StringRef t = line.trim();
    if (message.empty()) {
      size_t at = t.find("Assertion `");
      if (at != StringRef::npos) {
        message = "assertion " + normalizeLine(t.drop_front(at + 10));
        continue;
      }
      if (t.consume_front("LLVM ERROR: ")) {
        message = "fatal " + normalizeLine(t);
        continue;
      }
      if (t.starts_with("UNREACHABLE executed")) {
        message = "unreachable " + normalizeLine(t);
        continue;
      }
    }
    if (names.size() < frames && t.starts_with("#")) {
      std::string fn = frameFunction(t);
      if (!fn.empty() && !isMachineryFrame(fn))
        names.push_back(fn);
    }
  }
  std::string out = formatv("signal {0}", signal).str();
  if (!message.empty())
    out += "; " + message;
  for (const std::string &n : names)
    out += "; at " + n;
  return out;
}

std::string tilecheck::fuzz::stableHash(StringRef text) {
  return formatv("{0:x-16}", tilecheck::fnv1a(text)).str();
}

Signature tilecheck::fuzz::makeSignature(FindingKind kind, StringRef culprit,
                                         StringRef detail,
                                         ArrayRef<std::string> opKinds,
                                         StringRef opKind) {
  // The bucket is kind, culprit and normalized detail, not the op kinds of
  // the whole input program: with them every random program that hits one
  // bug got a bucket of its own, and a reducer keeping "the same
  // signature" could never remove an op kind. The ops a failure names are
  // in its detail; the program's op kinds stay in the finding's program.
  // The op a wrong result's culprit pass broke (the first value that
  // changed across the pass, named in the module before it) is the one op
  // kind hashed: it tells two miscompiles in one pass apart, and the same
  // bug in two programs breaks the same op.
  (void)opKinds;
  Signature sig;
  std::string legacy = (stringify(kind) + "|" + culprit + "|" + detail).str();
  sig.legacyHash = stableHash(legacy);
  if (opKind.empty()) {
    sig.text = std::move(legacy);
    sig.hash = sig.legacyHash;
    return sig;
  }
  sig.text =
      (stringify(kind) + "|" + culprit + "|op=" + opKind + "|" + detail).str();
  sig.hash = stableHash(sig.text);
  return sig;
}
