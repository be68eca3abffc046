//===- Tileiras.cpp - NVIDIA's tileiras as a compiler under test ----------===//
//
// See tilecheck/Fuzz/Tileiras.h. Process structure: the program worker
// creates a scratch directory and forks one child (runIsolated, in a process
// group of its own) that parses the program in the engine's shared context,
// writes it as bytecode with tilecheck::bytecode::writeBytecode (at the
// configuration's bytecode version; a program only a newer version encodes
// is skipped, a program no version encodes is the writer's bug), reports
// "phase tileiras" on its channel and execs tileiras, which inherits the
// address-space limit and the captured stderr (stdout goes there too). The
// worker kills the group at the deadline and classifies what happened.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Tileiras.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Bytecode/Bytecode.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;

//===----------------------------------------------------------------------===//
// Locating the tool
//===----------------------------------------------------------------------===//

static bool isExecutable(StringRef path) {
  return !path.empty() && sys::fs::can_execute(path) &&
         !sys::fs::is_directory(path);
}

/// Runs `argv` (argv[0] is the program) with a time limit and returns its
/// stdout, or nullopt when it did not exit 0.
static std::optional<std::string> captureOutput(ArrayRef<StringRef> argv,
                                                unsigned seconds) {
  SmallString<128> out;
  if (sys::fs::createTemporaryFile("tile-diff-tool", "txt", out))
    return std::nullopt;
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(out),
                                          StringRef("")};
  int rc = sys::ExecuteAndWait(argv[0], argv, /*Env=*/std::nullopt, redirects,
                               seconds);
  std::optional<std::string> text;
  if (rc == 0)
    if (auto buffer = MemoryBuffer::getFile(out))
      text = (*buffer)->getBuffer().str();
  sys::fs::remove(out);
  return text;
}

/// tileiras of the nvidia-cuda-tileiras wheel: nvidia/cu13/bin/tileiras
/// under one of the `nvidia` namespace package's directories.
static std::string tileirasFromPython() {
  ErrorOr<std::string> python = sys::findProgramByName("python3");
  if (!python)
    return "";
  std::optional<std::string> dirs = captureOutput(
      {*python, "-c", "import nvidia\nfor d in nvidia.__path__: print(d)\n"},
      20);
  if (!dirs)
    return "";
  SmallVector<StringRef> lines;
  StringRef(*dirs).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef dir : lines) {
    SmallString<256> candidate(dir.trim());
    sys::path::append(candidate, "cu13", "bin", "tileiras");
    if (isExecutable(candidate))
      return candidate.str().str();
  }
  return "";
}

TileirasLocation tilecheck::fuzz::locateTileiras(StringRef explicitPath) {
  TileirasLocation loc;
  auto use = [&](StringRef path, StringRef how) {
    if (!isExecutable(path)) {
      loc.missing = (how + " '" + path + "' is not an executable").str();
      return;
    }
    SmallString<256> abs(path);
    sys::fs::make_absolute(abs);
    loc.path = abs.str().str();
  };
  if (!explicitPath.empty()) {
    use(explicitPath, "--tileiras");
  } else if (const char *env = std::getenv("TILECHECK_TILEIRAS")) {
    if (StringRef(env) == "none")
      loc.missing = "tileiras is turned off (TILECHECK_TILEIRAS=none)";
    else
      use(env, "TILECHECK_TILEIRAS");
  } else if (ErrorOr<std::string> onPath = sys::findProgramByName("tileiras")) {
    use(*onPath, "PATH");
  } else if (std::string wheel = tileirasFromPython(); !wheel.empty()) {
    use(wheel, "the nvidia-cuda-tileiras wheel's");
  } else {
    loc.missing = "tileiras not found (not on PATH, no nvidia-cuda-tileiras "
                  "wheel for python3; give --tileiras PATH or set "
                  "TILECHECK_TILEIRAS)";
  }
  if (loc.path.empty())
    return loc;
  std::optional<std::string> text = captureOutput({loc.path, "--version"}, 30);
  if (!text) {
    loc.version = "unknown (--version failed)";
    return loc;
  }
  SmallVector<StringRef> lines;
  StringRef(*text).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines)
    if (line.contains("release")) {
      loc.version = line.trim().str();
      return loc;
    }
  loc.version =
      lines.empty() ? "unknown (empty --version)" : lines.front().trim().str();
  return loc;
}

void tilecheck::fuzz::setTileiras(EngineOptions &options,
                                  const TileirasLocation &location) {
  options.tileiras = location.path;
  options.tileirasVersion = location.version;
  options.tileirasMissing = location.missing;
  // cuobjdump for the coverage's resource usage: $TILECHECK_CUOBJDUMP, the
  // one beside tileiras (the nvidia-cuda-cuobjdump wheel installs it into
  // the same nvidia/cu13/bin), then PATH.
  options.cuobjdump.clear();
  if (const char *env = std::getenv("TILECHECK_CUOBJDUMP")) {
    if (StringRef(env) != "none" && isExecutable(env))
      options.cuobjdump = env;
    return;
  }
  if (!location.path.empty()) {
    SmallString<256> sibling(sys::path::parent_path(location.path));
    sys::path::append(sibling, "cuobjdump");
    if (isExecutable(sibling)) {
      options.cuobjdump = sibling.str().str();
      return;
    }
  }
  if (ErrorOr<std::string> onPath = sys::findProgramByName("cuobjdump"))
    options.cuobjdump = *onPath;
}

/// The CUDA_HOME tileiras needs: the wheel's nvidia/cu13 holds the libNVVM
/// and ptxas of its own release, and an older toolkit elsewhere must not be
/// picked up instead. Empty when the tool does not sit in such a tree.
static std::string cudaHomeFor(StringRef tool) {
  StringRef root = sys::path::parent_path(sys::path::parent_path(tool));
  SmallString<256> ptxas(root);
  sys::path::append(ptxas, "bin", "ptxas");
  return !root.empty() && sys::fs::exists(ptxas) ? root.str() : "";
}

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

/// Output that says the tool failed inside itself rather than diagnosed
/// the program.
static bool looksLikeInternalError(StringRef text) {
  static const char *const markers[] = {
      "Assertion `",         "LLVM ERROR",     "UNREACHABLE executed",
      "PLEASE submit a bug", "Stack dump",     "internal error",
      "Internal error",      "INTERNAL ERROR", "Segmentation fault",
      "terminate called",    "Aborted",        "stack trace"};
  for (const char *m : markers)
    if (text.contains(m))
      return true;
  return false;
}

/// A diagnostic saying the target lacks a feature the program uses: a
/// correct rejection (as the compiler's "not supported by compute
/// capability").
static bool looksLikeTargetRejection(StringRef text) {
  std::string lower = text.lower();
  StringRef l = lower;
  return (l.contains("not supported") || l.contains("unsupported")) &&
         (l.contains("sm_") || l.contains("compute capability") ||
          l.contains("architecture"));
}

/// The first non-empty line of `text`.
static StringRef firstNonEmptyLine(StringRef text) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines)
    if (!line.trim().empty())
      return line.trim();
  return "";
}

ConfigResult tilecheck::fuzz::classifyTileiras(const ChildOutcome &outcome,
                                               const Configuration &config,
                                               bool cubinWritten,
                                               const EngineOptions &options) {
  ConfigResult r;
  r.config = config;
  r.seconds = outcome.seconds;
  r.diagnostics = outcome.stderrText;
  StringRef channel = outcome.channel;
  StringRef err = outcome.stderrText;
  bool reachedTool = channel.contains("phase tileiras\n");
  std::string sigDetail;
  r.culprit = reachedTool ? config.tileirasCulprit() : "bytecode-writer";
  r.culpritMethod = reachedTool ? "tileiras" : "instrumentation";
  std::string who = reachedTool ? "tileiras" : "the bytecode writer";

  if (size_t at = channel.find("writer-unencodable\n"); at != StringRef::npos) {
    StringRef why = firstNonEmptyLine(
        channel.drop_front(at + strlen("writer-unencodable\n")));
    why.consume_front("error: ");
    r.kind = FindingKind::Skipped;
    r.culprit.clear();
    r.detail = ("the program needs a bytecode version newer than " +
                config.bytecodeVersion + ": " + why)
                   .str();
  } else if (size_t at = channel.find("writer-error\n");
             at != StringRef::npos) {
    // Our writer refused a valid program: our bug.
    StringRef diags = channel.drop_front(at + strlen("writer-error\n"));
    r.kind = FindingKind::PassFailure;
    r.detail =
        ("the bytecode writer failed: " + firstNonEmptyLine(diags)).str();
    sigDetail = normalizeDiagnostics(diags);
    r.diagnostics = diags.str() + r.diagnostics;
  } else if (size_t at = channel.find("exec-failed "); at != StringRef::npos) {
    // The tool vanished or cannot run: not the program's finding.
    r.kind = FindingKind::Skipped;
    r.culprit.clear();
    r.detail = ("cannot run tileiras: " +
                firstNonEmptyLine(channel.drop_front(at + 12)))
                   .str();
  } else if (outcome.status == ChildOutcome::Status::TimedOut) {
    r.kind = FindingKind::Hang;
    r.detail = formatv("{0} did not finish within {1} ms (killed)", who,
                       options.limits.timeoutMs)
                   .str();
    sigDetail = "timeout";
  } else if (outcome.status == ChildOutcome::Status::OutOfMemory) {
    r.kind = FindingKind::Oom;
    r.detail = formatv("{0} exceeded the memory limit of {1} MiB", who,
                       options.limits.memoryMb)
                   .str();
    sigDetail = "memory limit";
  } else if (outcome.status == ChildOutcome::Status::Signaled) {
    r.kind = FindingKind::Crash;
    r.detail = formatv("{0} was killed by signal {1} ({2})", who,
                       outcome.signal, strsignal(outcome.signal))
                   .str();
    sigDetail = normalizeCrash(err, outcome.signal);
  } else if (!reachedTool) {
    // The writer child ended without reaching the tool or saying why.
    r.kind = FindingKind::Crash;
    r.detail =
        formatv("the bytecode writer exited with code {0}", outcome.exitCode)
            .str();
    sigDetail = "exit " + std::to_string(outcome.exitCode);
  } else if (outcome.exitCode == 0) {
    if (cubinWritten) {
      r.kind = FindingKind::None;
      r.culprit.clear();
      r.culpritMethod.clear();
      r.detail = "tileiras wrote a cubin";
    } else {
      r.kind = FindingKind::Crash;
      r.detail = "tileiras exited 0 without writing a cubin";
      sigDetail = "exit 0 without output";
    }
  } else if (looksLikeInternalError(err)) {
    r.kind = FindingKind::Crash;
    r.detail = formatv("tileiras exited with code {0}: {1}", outcome.exitCode,
                       firstNonEmptyLine(err))
                   .str();
    // normalizeCrash reads the assertion / fatal message and the frames;
    // its "signal 0" becomes the exit code.
    std::string crash = normalizeCrash(err, 0);
    StringRef rest = StringRef(crash).drop_front(strlen("signal 0"));
    sigDetail = "exit " + std::to_string(outcome.exitCode) + rest.str();
    if (rest.empty())
      sigDetail += "; " + normalizeLine(firstNonEmptyLine(err));
  } else {
    r.kind = looksLikeTargetRejection(err) ? FindingKind::UnsupportedTarget
                                           : FindingKind::Rejection;
    r.detail = formatv("tileiras rejected the program (exit {0}): {1}",
                       outcome.exitCode, firstNonEmptyLine(err))
                   .str();
    sigDetail = normalizeDiagnostics(err);
    if (sigDetail.empty())
      sigDetail = normalizeLine(firstNonEmptyLine(err));
    if (sigDetail.empty())
      sigDetail =
          "exit " + std::to_string(outcome.exitCode) + " without diagnostics";
  }
  r.signatureDetail = sigDetail;
  r.signature = makeSignature(r.kind, r.culprit, sigDetail, {});
  return r;
}

//===----------------------------------------------------------------------===//
// Running it
//===----------------------------------------------------------------------===//

/// Coverage of one tileiras run: its remarks, whatever the outcome (a crash
/// may have written some), and the cubin's resource usage when there is one.
/// A remarks file that does not parse is noted in the diagnostics, never a
/// finding: the coverage is a by-product.
static void collectCoverage(ConfigResult &result, StringRef remarksPath,
                            StringRef cubinPath, const EngineOptions &options) {
  const std::string &target = result.config.target;
  if (auto yaml = MemoryBuffer::getFile(remarksPath)) {
    Expected<std::vector<std::string>> points =
        tileirasRemarkPoints((*yaml)->getBuffer(), target);
    if (points)
      result.coverage = std::move(*points);
    else
      result.diagnostics += "note: tileiras's remarks do not parse: " +
                            toString(points.takeError()) + "\n";
  }
  if (cubinPath.empty() || options.cuobjdump.empty())
    return;
  std::optional<std::string> usage = captureOutput(
      {options.cuobjdump, "--dump-resource-usage", cubinPath}, 30);
  if (!usage) {
    result.diagnostics += "note: cuobjdump --dump-resource-usage failed\n";
    return;
  }
  result.resources = parseResourceUsage(*usage);
  for (std::string &p : resourcePoints(result.resources, target))
    result.coverage.push_back(std::move(p));
}

/// The configuration child: write the bytecode, exec tileiras. Returns only
/// when the bytecode could not be written or the exec failed.
static int tileirasChild(int fd, const TestCase &program,
                         const Configuration &config, StringRef tool,
                         StringRef bytecodePath, StringRef cubinPath,
                         StringRef remarksPath) {
  writeAll(fd, "phase write-bytecode\n");
  mlir::MLIRContext &ctx = engineContext();
  std::string diags;
  {
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
        diags += "error: " + d.str() + "\n";
      return mlir::success();
    });
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(program.text,
                                                mlir::ParserConfig(&ctx));
    bytecode::Version version = bytecode::Version::newest();
    if (!config.bytecodeVersion.empty())
      version = *bytecode::Version::parse(config.bytecodeVersion);
    std::string bytes;
    raw_string_ostream os(bytes);
    if (!module || failed(bytecode::writeBytecode(module.get(), os, version))) {
      if (!module)
        diags = "error: the program does not parse\n" + diags;
      // A program the newest version encodes, refused at an older one for
      // something that version lacks (the writer says which "bytecode
      // version" it needs): nothing to test at this version, not a writer
      // bug. Any other refusal stays the writer's bug.
      std::string newest;
      raw_string_ostream newestOs(newest);
      if (module && !(version == bytecode::Version::newest()) &&
          StringRef(diags).contains("bytecode version") &&
          succeeded(bytecode::writeBytecode(module.get(), newestOs))) {
        writeAll(fd, "writer-unencodable\n" + diags);
        return 1;
      }
      writeAll(fd, "writer-error\n" + diags);
      return 1;
    }
    os.flush();
    std::error_code ec;
    raw_fd_ostream file(bytecodePath, ec);
    if (ec) {
      writeAll(fd, "exec-failed cannot write '" + bytecodePath.str() +
                       "': " + ec.message() + "\n");
      return 127;
    }
    file << bytes;
  }
  writeAll(fd, "phase tileiras\n");
  // tileiras's stdout joins its stderr in the capture.
  ::dup2(2, 1);
  std::string cudaHome = cudaHomeFor(tool);
  if (!cudaHome.empty())
    ::setenv("CUDA_HOME", cudaHome.c_str(), 1);
  std::string toolStr = tool.str(), gpu = "--gpu-name=" + config.target,
              opt = "--opt-level=" + std::to_string(config.optLevel),
              in = bytecodePath.str(), out = "--output-file=" + cubinPath.str();
  std::vector<char *> argv = {toolStr.data(), gpu.data(), opt.data(), in.data(),
                              out.data()};
  std::string remarks = "--remarks=all", format = "--remark-format=yaml",
              remarksOut = "--remarks-output-file=" + remarksPath.str();
  if (!remarksPath.empty())
    argv.insert(argv.end(), {remarks.data(), format.data(), remarksOut.data()});
  argv.push_back(nullptr);
  ::execv(toolStr.c_str(), argv.data());
  writeAll(fd, std::string("exec-failed ") + std::strerror(errno) + "\n");
  return 127;
}

ConfigResult tilecheck::fuzz::checkTileiras(const TestCase &program,
                                            const Reference &reference,
                                            const Configuration &config,
                                            const EngineOptions &options,
                                            std::string *cubin) {
  (void)reference;
  ConfigResult result;
  result.config = config;
  if (options.tileiras.empty()) {
    result.kind = FindingKind::Skipped;
    result.detail = options.tileirasMissing;
    return result;
  }
  SmallString<128> dir;
  if (std::error_code ec =
          sys::fs::createUniqueDirectory("tile-diff-tileiras", dir)) {
    result.kind = FindingKind::Skipped;
    result.detail = "cannot create a scratch directory: " + ec.message();
    return result;
  }
  SmallString<256> bytecodePath(dir), cubinPath(dir), remarksPath;
  sys::path::append(bytecodePath, "program.tileirbc");
  sys::path::append(cubinPath, "program.cubin");
  if (options.tileirasCoverage) {
    remarksPath = dir;
    sys::path::append(remarksPath, "remarks.yaml");
  }
  engineContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        return tileirasChild(fd, program, config, options.tileiras,
                             bytecodePath, cubinPath, remarksPath);
      },
      options.limits, /*processGroup=*/true);
  uint64_t cubinSize = 0;
  bool cubinWritten =
      !sys::fs::file_size(cubinPath, cubinSize) && cubinSize > 0;
  result = classifyTileiras(outcome, config, cubinWritten, options);
  // The bytecode goes into a finding's directory; results without one do
  // not carry it (it would only grow the worker reports).
  if (countsAsFinding(result.kind))
    if (auto bytes = MemoryBuffer::getFile(bytecodePath))
      result.bytecode = (*bytes)->getBuffer().str();
  std::string cudaHome = cudaHomeFor(options.tileiras);
  // Run on the finding's program.tileirbc, which is written at the
  // configuration's bytecode version.
  result.toolCommand =
      (cudaHome.empty() ? "" : "CUDA_HOME=" + cudaHome + " ") +
      options.tileiras + " --gpu-name=" + config.target +
      " --opt-level=" + std::to_string(config.optLevel) +
      " program.tileirbc --output-file=program.cubin" +
      (remarksPath.empty() ? ""
                           : " --remarks=all --remark-format=yaml "
                             "--remarks-output-file=remarks.yaml");
  result.toolVersion = options.tileirasVersion;
  if (!remarksPath.empty())
    collectCoverage(result, remarksPath, cubinWritten ? cubinPath.str() : "",
                    options);
  if (result.kind == FindingKind::None) {
    // Compile only: the gpu-tileiras executor runs the cubin.
    result.diagnostics +=
        formatv("note: cubin of {0} bytes\n", cubinSize).str();
    if (cubin)
      if (auto bytes = MemoryBuffer::getFile(cubinPath, /*IsText=*/false))
        *cubin = (*bytes)->getBuffer().str();
  }
  sys::fs::remove_directories(dir);
  return result;
}

//===----------------------------------------------------------------------===//
// The executor
//===----------------------------------------------------------------------===//

namespace {

class TileirasExecutor final : public Executor {
public:
  TileirasExecutor()
      : Executor("tileiras",
                 "NVIDIA's tileiras on the program's bytecode, compile only: "
                 "crashes, hangs, rejections of valid programs") {}
  Error validate(const Configuration &config) const override {
    // tileiras has a target and an opt level; the other axes are tilec's.
    Configuration defaults;
    if (config.v2OptLevel != defaults.v2OptLevel ||
        config.strategy != defaults.strategy ||
        config.scheduler != defaults.scheduler ||
        config.stages != defaults.stages || config.aus != defaults.aus ||
        config.reg2reg != defaults.reg2reg || config.queues ||
        config.blockOrderSeed)
      return makeError("tileiras configurations take only a target, an "
                       "opt level and a bytecode version");
    if (!llvm::is_contained(tileirasTargets(), config.target))
      return makeError("tileiras has no target '" + config.target + "'");
    if (config.optLevel > 3)
      return makeError("tileiras opt levels are 0 to 3");
    return Error::success();
  }
  ConfigResult check(const TestCase &program, const Reference &reference,
                     const Configuration &config,
                     const EngineOptions &options) const override {
    return checkTileiras(program, reference, config, options);
  }
  bool needsReference() const override { return false; }
};

} // namespace

std::unique_ptr<Executor> tilecheck::fuzz::createTileirasExecutor() {
  return std::make_unique<TileirasExecutor>();
}
