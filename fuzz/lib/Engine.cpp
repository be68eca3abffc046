//===- Engine.cpp - The differential engine -------------------------------===//
//
// See tilecheck/Fuzz/Engine.h. Process structure: the caller (a tile-diff
// program worker) forks one child for the reference run of each block order
// and one child per configuration. A configuration child inherits the
// reference outputs (copy-on-write), compiles, interprets and compares by
// itself, and writes a JSON result, preceded by progress lines ("pass X",
// "done X", "phase P"), to its pipe. When a child dies, the last progress
// line names what it was doing.
//
// Nothing in the parent runs threads: every MLIRContext is single-threaded,
// so forking is safe.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Fuzz/Localize.h"
#include "tilecheck/Fuzz/Sanitizers.h"
#include "tilecheck/Fuzz/Tileiras.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Oracle/Value.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <new>
#include <poll.h>
#include <set>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using llvm::StringRef;
using namespace tilecheck;
using namespace tilecheck::fuzz;

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// The program in `path` as cuda_tile text: a text file as it is, Tile IR
/// bytecode (.tileirbc, e.g. a cuTile Python export) printed with its
/// locations (di_loc included). Either way it must parse and verify here;
/// otherwise the input is an error naming the file and the reason, never a
/// program counted as checked.
static llvm::Expected<std::string> readProgramText(StringRef path) {
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!file)
    return makeError("cannot read '" + path +
                     "': " + file.getError().message());
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  MLIRContext context(registry);
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  bool isBytecode = bytecode::isBytecode((*file)->getBuffer());
  std::string original = (*file)->getBuffer().str();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
  OwningOpRef<ModuleOp> module =
      bytecode::readProgram(sourceMgr, &context, path);
  if (!module)
    return makeError("'" + path + "' is not a valid Tile IR program" +
                     (isBytecode ? " (bytecode)" : "") + ": " +
                     (diagText.empty() ? std::string("it does not verify")
                                       : StringRef(diagText).trim().str()));
  if (!isBytecode)
    return original;
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  return text;
}

llvm::Expected<ProgramCase>
tilecheck::fuzz::loadManifestCase(StringRef manifestPath) {
  oracle::TileRunConfig config;
  if (llvm::Error e = oracle::loadManifest(manifestPath, config))
    return std::move(e);
  auto text = readProgramText(config.inputFile);
  if (!text)
    return text.takeError();
  ProgramCase program;
  program.name = manifestPath.str();
  program.text = std::move(*text);
  program.entry = config.entry;
  program.grid = config.grid;
  for (const oracle::ArgSpec &a : config.args)
    program.args.push_back(a.text);
  // Generator provenance, when the manifest comes from tile-gen.
  auto buffer = llvm::MemoryBuffer::getFile(manifestPath);
  if (buffer) {
    if (auto json = llvm::json::parse((*buffer)->getBuffer())) {
      if (const llvm::json::Object *obj = json->getAsObject()) {
        if (std::optional<int64_t> seed = obj->getInteger("seed"))
          program.seed = *seed;
        if (std::optional<StringRef> p = obj->getString("policy"))
          program.policy = p->str();
        if (std::optional<StringRef> h = obj->getString("policy_hash"))
          program.policyHash = h->str();
      }
    } else {
      llvm::consumeError(json.takeError());
    }
  }
  return program;
}

llvm::Expected<ProgramCase>
tilecheck::fuzz::loadFileCase(StringRef path, StringRef entry,
                              std::array<int64_t, 3> grid,
                              std::vector<std::string> args) {
  auto text = readProgramText(path);
  if (!text)
    return text.takeError();
  ProgramCase program;
  program.name = path.str();
  program.text = std::move(*text);
  program.entry = entry.ltrim('@').str();
  program.grid = grid;
  program.args = std::move(args);
  return program;
}

llvm::Expected<ProgramCase> tilecheck::fuzz::loadSeedCase(StringRef path,
                                                          StringRef workDir) {
  auto text = readProgramText(path);
  if (!text)
    return text.takeError();
  ProgramCase program;
  program.name = path.str();
  program.text = std::move(*text);
  std::map<unsigned, std::string> args;
  bool sawEntry = false;
  // SplitMix64 seeded by the file name: the same seed file always gets the
  // same inputs.
  uint64_t state = 0x5eed;
  for (char c : llvm::sys::path::filename(path))
    state = state * 131 + static_cast<unsigned char>(c);
  auto next = [&] {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  llvm::SmallVector<StringRef> lines;
  StringRef(program.text).split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (!line.consume_front("//"))
      continue;
    line = line.trim();
    if (!line.consume_front("tilecheck:"))
      continue;
    line = line.trim();
    auto bad = [&](const llvm::Twine &why) {
      return makeError(path + ": bad launch header '" + line + "': " + why);
    };
    if (line.starts_with("entry=")) {
      llvm::SmallVector<StringRef> fields;
      line.split(fields, ' ', -1, false);
      for (StringRef f : fields) {
        if (f.consume_front("entry="))
          program.entry = f.ltrim('@').str();
        else if (f.consume_front("grid=")) {
          llvm::SmallVector<StringRef> dims;
          f.split(dims, ',');
          if (dims.empty() || dims.size() > 3)
            return bad("grid needs 1 to 3 sizes");
          for (auto [i, d] : llvm::enumerate(dims))
            if (d.getAsInteger(10, program.grid[i]) || program.grid[i] < 1)
              return bad("bad grid");
        }
      }
      sawEntry = true;
      continue;
    }
    if (!line.consume_front("arg"))
      continue;
    unsigned index;
    if (line.consumeInteger(10, index))
      return bad("bad argument index");
    line = line.ltrim();
    if (!line.consume_front("="))
      return bad("expected '='");
    llvm::SmallVector<StringRef> fields;
    line.split(fields, ' ', -1, false);
    if (fields.size() == 3 && fields[0] == "scalar") {
      args[index] = fields[2].str();
      continue;
    }
    if (fields.size() != 3 || fields[0] != "buffer")
      return bad("expected 'buffer DTYPE[SHAPE] in|out|inout' or 'scalar "
                 "DTYPE VALUE'");
    auto [dtype, rest] = fields[1].split('[');
    StringRef shapeText = rest.rtrim(']');
    std::optional<oracle::ElemType> type = oracle::parseElemType(dtype);
    if (!type)
      return bad("unknown element type '" + dtype + "'");
    if (fields[2] == "out") {
      args[index] = ("zeros:" + dtype + ":" + shapeText).str();
      continue;
    }
    if (fields[2] != "in" && fields[2] != "inout")
      return bad("expected in, out or inout");
    oracle::NpyArray array;
    array.descr = oracle::npyDescrFor(*type);
    llvm::SmallVector<StringRef> dims;
    shapeText.split(dims, 'x');
    for (StringRef d : dims) {
      int64_t n;
      if (d.getAsInteger(10, n) || n < 0)
        return bad("bad shape");
      array.shape.push_back(n);
    }
    unsigned bytes = oracle::storageBytes(*type);
    array.data.assign(array.numElements() * bytes, 0);
    for (int64_t e = 0; e < array.numElements(); ++e) {
      uint8_t *p = array.data.data() + e * bytes;
      if (oracle::isFloat(*type)) {
        int k = static_cast<int>(next() % 17) - 8;
        llvm::APFloat v(static_cast<double>(k) / 4.0);
        bool lost;
        v.convert(*oracle::semantics(*type), llvm::APFloat::rmNearestTiesToEven,
                  &lost);
        oracle::storeFloat(*type, p, v);
      } else if (*type == oracle::ElemType::I1) {
        oracle::storeInt(*type, p, llvm::APInt(1, next() & 1));
      } else {
        unsigned width = oracle::bitWidth(*type);
        int64_t lo = -100, hi = 100;
        if (width < 8) {
          lo = -(int64_t(1) << (width - 1));
          hi = (int64_t(1) << (width - 1)) - 1;
        }
        int64_t v = lo + static_cast<int64_t>(next() % (hi - lo + 1));
        oracle::storeInt(*type, p,
                         llvm::APInt(width, static_cast<uint64_t>(v),
                                     /*isSigned=*/true));
      }
    }
    llvm::SmallString<256> file(workDir);
    llvm::sys::path::append(file, "arg" + std::to_string(index) + ".npy");
    if (llvm::Error e = oracle::writeNpy(file, array))
      return std::move(e);
    args[index] = ("@" + file).str();
  }
  if (!sawEntry)
    return makeError(path + " has no '// tilecheck: entry=@NAME grid=X,Y,Z' "
                            "launch header (give --entry, --grid and --arg)");
  for (auto [i, a] : llvm::enumerate(args)) {
    if (a.first != i)
      return makeError(path + ": the launch header has no arg" +
                       llvm::Twine(i));
    program.args.push_back(a.second);
  }
  return program;
}

//===----------------------------------------------------------------------===//
// Isolation
//===----------------------------------------------------------------------===//

void tilecheck::fuzz::writeAll(int fd, StringRef data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    data = data.drop_front(n);
  }
}

static void childOutOfMemory() {
  static const char msg[] = "tilecheck: out of memory (allocation failed)\n";
  (void)!::write(2, msg, sizeof(msg) - 1);
  ::_exit(kChildOutOfMemoryExit);
}

static std::string readWholeFd(int fd, size_t cap) {
  std::string out;
  if (::lseek(fd, 0, SEEK_SET) < 0)
    return out;
  char buf[65536];
  while (out.size() < cap) {
    ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    out.append(buf, n);
  }
  if (out.size() > cap)
    out.resize(cap);
  return out;
}

ChildOutcome tilecheck::fuzz::runIsolated(llvm::function_ref<int(int)> body,
                                          const Limits &limits,
                                          bool processGroup) {
  using Clock = std::chrono::steady_clock;
  ChildOutcome outcome;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    outcome.status = ChildOutcome::Status::Exited;
    outcome.exitCode = -1;
    outcome.stderrText = "tile-diff: pipe failed";
    return outcome;
  }
  int errFd = ::memfd_create("tilecheck-child-stderr", MFD_CLOEXEC);
  std::fflush(stdout);
  std::fflush(stderr);
  llvm::outs().flush();
  llvm::errs().flush();
  Clock::time_point start = Clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    if (processGroup)
      ::setpgid(0, 0);
    if (errFd >= 0)
      ::dup2(errFd, 2);
    if (limits.memoryMb && canLimitAddressSpace()) {
      struct rlimit rl;
      rl.rlim_cur = rl.rlim_max = static_cast<rlim_t>(limits.memoryMb) << 20;
      ::setrlimit(RLIMIT_AS, &rl);
    }
    std::set_new_handler(childOutOfMemory);
    int rc = body(fds[1]);
    ::_exit(rc);
  }
  ::close(fds[1]);
  // Also in the parent, so that a kill right after fork reaches the group.
  if (pid > 0 && processGroup)
    ::setpgid(pid, pid);
  if (pid < 0) {
    ::close(fds[0]);
    if (errFd >= 0)
      ::close(errFd);
    outcome.exitCode = -1;
    outcome.stderrText = "tile-diff: fork failed";
    return outcome;
  }

  Clock::time_point deadline =
      start + std::chrono::milliseconds(limits.timeoutMs);
  bool timedOut = false;
  char buf[65536];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - Clock::now())
                    .count();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    struct pollfd p = {fds[0], POLLIN, 0};
    int r = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (r < 0 && errno != EINTR)
      break;
    if (r <= 0)
      continue;
    ssize_t n = ::read(fds[0], buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // EOF: the child exited (or closed its end).
    outcome.channel.append(buf, n);
  }
  ::close(fds[0]);

  int status = 0;
  for (;;) {
    if (timedOut) {
      if (processGroup)
        ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR)
      break;
    if (Clock::now() >= deadline) {
      timedOut = true;
      continue;
    }
    ::usleep(1000);
  }
  // What the child started and left behind dies with it.
  if (processGroup)
    ::kill(-pid, SIGKILL);
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (errFd >= 0) {
    outcome.stderrText = readWholeFd(errFd, 1 << 20);
    ::close(errFd);
  }

  bool allocFailed =
      StringRef(outcome.stderrText).contains("out of memory") ||
      StringRef(outcome.stderrText).contains("std::bad_alloc") ||
      StringRef(outcome.stderrText).contains("Cannot allocate memory");
  if (timedOut) {
    outcome.status = ChildOutcome::Status::TimedOut;
    outcome.signal = SIGKILL;
  } else if (WIFEXITED(status)) {
    outcome.exitCode = WEXITSTATUS(status);
    outcome.status = outcome.exitCode == kChildOutOfMemoryExit
                         ? ChildOutcome::Status::OutOfMemory
                         : ChildOutcome::Status::Exited;
  } else if (WIFSIGNALED(status)) {
    outcome.signal = WTERMSIG(status);
    // SIGKILL we did not send is the kernel's OOM killer.
    outcome.status = (allocFailed || outcome.signal == SIGKILL)
                         ? ChildOutcome::Status::OutOfMemory
                         : ChildOutcome::Status::Signaled;
  }
  return outcome;
}

//===----------------------------------------------------------------------===//
// Channel protocol
//===----------------------------------------------------------------------===//

namespace {

/// The child's side: progress lines and one JSON result.
struct Channel {
  int fd;
  void line(StringRef kind, StringRef text) {
    writeAll(fd, (kind + " " + text + "\n").str());
  }
  void result(const llvm::json::Value &value) {
    std::string body;
    llvm::raw_string_ostream os(body);
    os << value;
    writeAll(fd, ("result " + llvm::Twine(body.size()) + "\n").str());
    writeAll(fd, body);
  }
};

/// The parent's view of a channel transcript.
struct Transcript {
  std::optional<llvm::json::Value> result;
  /// The pass running when the child stopped (a "pass" without "done").
  std::string runningPass;
  /// The last phase line.
  std::string phase;
  /// The last pass that finished.
  std::string lastDone;
};

Transcript parseTranscript(StringRef text) {
  Transcript t;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    if (line.consume_front("result ")) {
      size_t n = 0;
      if (!line.getAsInteger(10, n) && rest.size() >= n) {
        auto parsed = llvm::json::parse(rest.take_front(n));
        if (parsed)
          t.result = std::move(*parsed);
        else
          llvm::consumeError(parsed.takeError());
        rest = rest.drop_front(n);
      }
    } else if (line.consume_front("pass ")) {
      t.runningPass = line.str();
      t.phase = ("pass " + line).str();
    } else if (line.consume_front("done ")) {
      t.runningPass.clear();
      t.lastDone = line.str();
      t.phase.clear();
    } else if (line.consume_front("phase ")) {
      t.phase = line.str();
    }
    text = rest;
  }
  return t;
}

} // namespace

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
// Shared child machinery
//===----------------------------------------------------------------------===//

void tilecheck::fuzz::installCrashHandler() {
  static std::once_flag once;
  std::call_once(once,
                 [] { llvm::sys::PrintStackTraceOnErrorSignal("tile-diff"); });
}

namespace {

/// One MLIRContext per worker process, created before the first fork and
/// inherited by every child (copy-on-write), so a child does not pay for
/// dialect loading. Single-threaded: fork-safe.
MLIRContext &sharedContext() {
  static MLIRContext *ctx = [] {
    // Children inherit the handler: a crash prints its stack trace (once)
    // to the captured stderr, which the crash signature reads.
    installCrashHandler();
    DialectRegistry registry;
    tilecheck::registerAllDialects(registry);
    // nv_tileas programs contain upstream arith and math ops.
    registry.insert<arith::ArithDialect, math::MathDialect>();
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    // Building (not running) a pipeline registers every pass once.
    OpPassManager pm(ModuleOp::getOperationName());
    std::string ignored;
    llvm::raw_string_ostream os(ignored);
    (void)driver::populatePipeline(pm, driver::CompileOptions(), os);
    return c;
  }();
  return *ctx;
}

/// Captures every diagnostic as "file:line:col: severity: message".
struct DiagnosticCapture {
  std::string text;
  ScopedDiagnosticHandler handler;
  explicit DiagnosticCapture(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &diag) {
          append(diag);
          return success();
        }) {}
  void append(Diagnostic &diag) {
    llvm::raw_string_ostream os(text);
    auto printLoc = [&](Location loc) {
      if (auto file = loc->findInstanceOf<FileLineColLoc>())
        os << file.getFilename().getValue() << ":" << file.getLine() << ":"
           << file.getColumn() << ": ";
      else
        os << "<input>: ";
    };
    printLoc(diag.getLocation());
    StringRef severity =
        diag.getSeverity() == DiagnosticSeverity::Error     ? "error"
        : diag.getSeverity() == DiagnosticSeverity::Warning ? "warning"
        : diag.getSeverity() == DiagnosticSeverity::Note    ? "note"
                                                            : "remark";
    os << severity << ": " << diag << "\n";
    for (Diagnostic &note : diag.getNotes()) {
      printLoc(note.getLocation());
      os << "note: " << note << "\n";
    }
  }
};

/// The test-only fault hook: TILECHECK_TEST_CHILD_FAULT=abort|segv|hang|oom,
/// optionally "@PASS" to fire when the pass with that argument starts
/// (without it: when a configuration child starts). Only tests set it.
void maybeInjectFault(StringRef where) {
  const char *env = std::getenv("TILECHECK_TEST_CHILD_FAULT");
  if (!env || !*env)
    return;
  auto [what, at] = StringRef(env).split('@');
  if (at != where)
    return;
  if (what == "abort") {
    std::abort();
  } else if (what == "segv") {
    std::raise(SIGSEGV);
  } else if (what == "hang") {
    for (;;)
      ::pause();
  } else if (what == "oom") {
    // Without an address-space limit (ASan builds) this would take the
    // machine's memory: refuse instead.
    if (!canLimitAddressSpace()) {
      std::fputs("test hook 'oom' needs an address-space limit\n", stderr);
      std::abort();
    }
    // Touch memory until the address-space limit stops us.
    std::vector<std::unique_ptr<char[]>> hog;
    for (;;) {
      hog.emplace_back(new char[64 << 20]);
      std::memset(hog.back().get(), 1, 64 << 20);
    }
  }
}

/// The test-only miscompile hook: TILECHECK_TEST_CHILD_FAULT=miscompile@PASS
/// turns the first `*.addi` op of the module into the same dialect's `subi`
/// right after PASS, at whatever IR level PASS leaves. Tests use it to check
/// culprit naming without a real compiler bug.
void maybeInjectMiscompile(StringRef passArg, Operation *module) {
  const char *env = std::getenv("TILECHECK_TEST_CHILD_FAULT");
  if (!env || !*env)
    return;
  auto [what, at] = StringRef(env).split('@');
  if (what != "miscompile" || at != passArg)
    return;
  Operation *target = nullptr;
  module->walk([&](Operation *op) {
    if (!target && op->getName().getStringRef().ends_with(".addi"))
      target = op;
  });
  if (!target)
    return;
  OperationState state(
      target->getLoc(),
      (target->getName().getStringRef().drop_back(4) + "subi").str());
  state.addOperands(target->getOperands());
  state.addTypes(target->getResultTypes());
  state.addAttributes(target->getAttrs());
  OpBuilder builder(target);
  Operation *sub = builder.create(state);
  target->replaceAllUsesWith(sub);
  target->erase();
}

/// The test-only verifier-failure hook: TILECHECK_TEST_CHILD_FAULT=
/// invalid@PASS replaces the `sym_name` of every function-like op by an
/// integer just before PASS runs, so the verifier rejects PASS's output.
void maybeInjectInvalidIR(StringRef passArg, Operation *module) {
  const char *env = std::getenv("TILECHECK_TEST_CHILD_FAULT");
  if (!env || !*env)
    return;
  auto [what, at] = StringRef(env).split('@');
  if (what != "invalid" || at != passArg)
    return;
  module->walk([&](Operation *op) {
    if (op != module && op->getNumRegions() == 1 && op->hasAttr("sym_name") &&
        op->hasAttr("function_type"))
      op->setAttr("sym_name",
                  IntegerAttr::get(IntegerType::get(op->getContext(), 32), 0));
  });
}

oracle::TileRunConfig runConfigFor(const ProgramCase &program,
                                   std::optional<uint64_t> order,
                                   const EngineOptions &options,
                                   llvm::raw_ostream &printed,
                                   llvm::raw_ostream &asserts) {
  oracle::TileRunConfig cfg;
  cfg.inputFile = program.name;
  cfg.entry = program.entry;
  cfg.grid = program.grid;
  for (const std::string &a : program.args)
    cfg.args.push_back({a});
  cfg.run.blockOrderSeed = order;
  // The block-order seed doubles as the interleaving seed of agents
  // (Config.h).
  cfg.run.agentSeed = order;
  cfg.run.maxSteps = options.maxSteps;
  cfg.run.printStream = &printed;
  cfg.run.assertStream = &asserts;
  return cfg;
}

/// Interprets `module` with the program's launch.
RunOutputs interpret(Operation *module, const ProgramCase &program,
                     std::optional<uint64_t> order,
                     const EngineOptions &options) {
  RunOutputs out;
  std::string asserts;
  llvm::raw_string_ostream printedOs(out.printed), assertsOs(asserts);
  oracle::TileRunOutcome run = oracle::runTileModule(
      module, runConfigFor(program, order, options, printedOs, assertsOs));
  out.exitCode = run.exitCode;
  out.message = run.message;
  for (oracle::BufferResult &b : run.buffers)
    out.buffers.push_back({b.argIndex, std::move(b.array)});
  return out;
}

/// The comparison class of float buffers, from the program's op kinds: the
/// loosest class any op of the program belongs to.
oracle::ResultClass resultClassOf(llvm::ArrayRef<std::string> opKinds) {
  auto has = [&](std::initializer_list<StringRef> names) {
    for (const std::string &op : opKinds) {
      StringRef base = StringRef(op).rsplit('.').second;
      if (base.empty())
        base = op;
      for (StringRef n : names)
        if (base == n)
          return true;
    }
    return false;
  };
  if (has({"mmaf", "mmai", "mmaf_scaled", "dot", "dot_int", "block_scaled_mma",
           "mma_block_scale"}))
    return oracle::ResultClass::Mma;
  if (has({"reduce", "scan"}))
    return oracle::ResultClass::Reduction;
  if (has({"exp", "exp2", "log", "log2", "pow", "rsqrt", "sin", "cos", "tan",
           "sinh", "cosh", "tanh", "atan2"}))
    return oracle::ResultClass::MathFunction;
  if (has({"addf", "subf", "mulf", "divf", "fma", "sqrt", "ftof", "itof",
           "ftoi", "remf"}))
    return oracle::ResultClass::Elementwise;
  return oracle::ResultClass::Exact;
}

StringRef resultClassName(oracle::ResultClass c) {
  switch (c) {
  case oracle::ResultClass::Exact:
    return "exact";
  case oracle::ResultClass::Elementwise:
    return "elementwise";
  case oracle::ResultClass::MathFunction:
    return "math";
  case oracle::ResultClass::Reduction:
    return "reduction";
  case oracle::ResultClass::Mma:
    return "mma";
  }
  return "exact";
}

oracle::ResultClass parseResultClass(StringRef name) {
  return llvm::StringSwitch<oracle::ResultClass>(name)
      .Case("elementwise", oracle::ResultClass::Elementwise)
      .Case("math", oracle::ResultClass::MathFunction)
      .Case("reduction", oracle::ResultClass::Reduction)
      .Case("mma", oracle::ResultClass::Mma)
      .Default(oracle::ResultClass::Exact);
}

StringRef firstLine(StringRef text) { return text.trim().split('\n').first; }

/// How a compiled run compares with the reference.
struct Verdict {
  FindingKind kind = FindingKind::None;
  std::string detail;
  /// The stable part of the detail, for the signature.
  std::string signatureDetail;
};

Verdict compareOutputs(const Reference &ref, const RunOutputs &got,
                       const EngineOptions &options) {
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
  if (got.printed != exp.printed)
    return wrong("print_tko output differs", "printed output");
  oracle::ResultClass cls = parseResultClass(ref.resultClass);
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
    auto cmp = oracle::compareNpy(expected, *actual, *type, policy);
    if (!cmp)
      return wrong("argument " + llvm::Twine(index) + ": " +
                       llvm::toString(cmp.takeError()),
                   "buffer shape");
    if (!cmp->ok())
      return wrong("arg" + llvm::Twine(index) + ": " + cmp->describe(),
                   "buffer contents");
  }
  return v;
}

/// Diagnostics that are correct rejections of a configuration whose target
/// lacks a feature the program needs (not findings).
bool isExpectedTargetRejection(StringRef diagnostics) {
  static const char *const patterns[] = {
      "is not supported by compute capability",
  };
  for (const char *p : patterns)
    if (diagnostics.contains(p))
      return true;
  return false;
}

/// The top-level elements of "builtin.module(a,b{x=1 y=2},c)".
std::vector<std::string> splitPipeline(StringRef text) {
  std::vector<std::string> out;
  text = text.trim();
  size_t open = text.find('(');
  if (open == StringRef::npos || !text.ends_with(")"))
    return out;
  StringRef body = text.slice(open + 1, text.size() - 1);
  int depth = 0;
  std::string cur;
  for (char c : body) {
    if (c == '{' || c == '(')
      ++depth;
    if (c == '}' || c == ')')
      --depth;
    if (c == ',' && depth == 0) {
      if (!StringRef(cur).trim().empty())
        out.push_back(StringRef(cur).trim().str());
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!StringRef(cur).trim().empty())
    out.push_back(StringRef(cur).trim().str());
  return out;
}

StringRef passArgument(StringRef passText) {
  return passText.take_until([](char c) { return c == '{' || c == '('; })
      .trim();
}

/// Runs after every pass: progress lines for crash attribution, the
/// checkpoint interpretations, the failing pass.
class EngineInstrumentation : public PassInstrumentation {
public:
  EngineInstrumentation(Channel &channel, const ProgramCase &program,
                        const Reference &reference,
                        std::optional<uint64_t> order,
                        const EngineOptions &options, bool checkpoints)
      : channel(channel), program(program), reference(reference), order(order),
        options(options), checkpoints(checkpoints) {}

  void runBeforePass(Pass *pass, Operation *op) override {
    StringRef arg = pass->getArgument();
    if (arg.empty())
      return;
    channel.line("pass", arg);
    maybeInjectFault(arg);
    maybeInjectInvalidIR(arg, op);
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    StringRef arg = pass->getArgument();
    if (arg.empty())
      return;
    channel.line("done", arg);
    ++passIndex;
    maybeInjectMiscompile(arg, op);
    if (!checkpoints || culprit || !isa<ModuleOp>(op) || op->getParentOp())
      return;
    if (!options.checkpointAll &&
        !llvm::is_contained(options.checkpointPasses, arg.str()))
      return;
    // An unchanged module interprets as before: skip it.
    OperationFingerPrint print(op);
    if (lastPrint && *lastPrint == print) {
      lastAgreeing = passIndex;
      return;
    }
    lastPrint = print;
    channel.line("phase", ("interpret-after " + arg).str());
    RunOutputs outputs = interpret(op, program, order, options);
    ++interpretations;
    Verdict v = compareOutputs(reference, outputs, options);
    if (v.kind != FindingKind::None) {
      culprit = arg.str();
      culpritIndex = passIndex;
      culpritVerdict = v;
      // Only this pass ran since the module that agreed: the first value it
      // changed names the op it broke (deterministic; the step budget of
      // the checkpoint runs bounds both runs).
      if (v.kind == FindingKind::WrongResult && agreeing &&
          culpritIndex == lastAgreeing + 1) {
        channel.line("phase", ("localize-after " + arg).str());
        std::string printed, asserts;
        llvm::raw_string_ostream printedOs(printed), assertsOs(asserts);
        culpritOpKind = localizeBrokenOp(
            agreeing.get(), op,
            runConfigFor(program, order, options, printedOs, assertsOs));
      }
      agreeing = nullptr;
    } else {
      lastAgreeing = passIndex;
      // Kept for localization should the next checkpoint disagree. A copy
      // per checkpoint that ran the interpreter, which costs far more.
      agreeing = OwningOpRef<Operation *>(op->clone());
    }
    channel.line("phase", "compile");
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    StringRef arg = pass->getArgument();
    if (arg.empty() || failedPass)
      return;
    channel.line("done", arg);
    failedPass = arg.str();
    // The pass manager verifies after a successful pass and reports a
    // failure when the IR is invalid; a pass that failed by itself leaves
    // valid IR (conversions roll back).
    // Silently: the pass manager already reported what is wrong.
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    invalidIR = failed(verify(op, /*verifyRecursively=*/true));
  }

  Channel &channel;
  const ProgramCase &program;
  const Reference &reference;
  std::optional<uint64_t> order;
  const EngineOptions &options;
  bool checkpoints;
  /// Top-level passes finished so far; the pass count after the last
  /// checkpoint that agreed, and after the one that disagreed.
  unsigned passIndex = 0, lastAgreeing = 0, culpritIndex = 0;
  unsigned interpretations = 0;
  std::optional<OperationFingerPrint> lastPrint;
  std::optional<std::string> culprit;
  Verdict culpritVerdict;
  /// A copy of the module after the last checkpoint that agreed (the input
  /// before the first), while no checkpoint disagreed.
  OwningOpRef<Operation *> agreeing;
  /// The op the culprit broke (Localize.h), "" when unknown.
  std::string culpritOpKind;
  std::optional<std::string> failedPass;
  bool invalidIR = false;
};

/// What a configuration child reports.
struct ChildResult {
  FindingKind kind = FindingKind::None;
  std::string culprit, culpritMethod, detail, signatureDetail, diagnostics,
      compiled, notes, opKind;
  unsigned interpretations = 0;
  /// With sparse checkpoints: the culprit lies among passes (lo, hi].
  unsigned rangeLo = 0, rangeHi = 0;
  std::optional<RunOutputs> got;

  llvm::json::Value toJSON() const {
    llvm::json::Object obj{
        {"kind", stringify(kind)},
        {"culprit", culprit},
        {"culprit_method", culpritMethod},
        {"detail", detail},
        {"signature_detail", signatureDetail},
        {"op_kind", opKind},
        {"diagnostics", diagnostics},
        {"compiled", compiled},
        {"notes", notes},
        {"interpretations", static_cast<int64_t>(interpretations)},
        {"range_lo", static_cast<int64_t>(rangeLo)},
        {"range_hi", static_cast<int64_t>(rangeHi)}};
    if (got)
      obj["got"] = got->toJSON();
    return llvm::json::Value(std::move(obj));
  }
  static ChildResult fromJSON(const llvm::json::Value &v) {
    ChildResult r;
    const llvm::json::Object *obj = v.getAsObject();
    if (!obj)
      return r;
    r.kind = parseFindingKind(obj->getString("kind").value_or("none"))
                 .value_or(FindingKind::None);
    auto str = [&](StringRef key) {
      return obj->getString(key).value_or("").str();
    };
    r.culprit = str("culprit");
    r.culpritMethod = str("culprit_method");
    r.detail = str("detail");
    r.signatureDetail = str("signature_detail");
    r.opKind = str("op_kind");
    r.diagnostics = str("diagnostics");
    r.compiled = str("compiled");
    r.notes = str("notes");
    r.interpretations = obj->getInteger("interpretations").value_or(0);
    r.rangeLo = obj->getInteger("range_lo").value_or(0);
    r.rangeHi = obj->getInteger("range_hi").value_or(0);
    if (const llvm::json::Value *g = obj->get("got")) {
      if (auto outs = RunOutputs::fromJSON(*g))
        r.got = std::move(*outs);
      else
        llvm::consumeError(outs.takeError());
    }
    return r;
  }
};

/// How a configuration child compiles.
enum class CompileMode {
  /// driver::compile() exactly, then interpret its output.
  Driver,
  /// populatePipeline (or a pipeline prefix) with the engine's
  /// instrumentation: progress lines, checkpoints, the failing pass.
  Instrumented,
};

/// Parses compiled text and interprets it; fills `r` on disagreement.
void interpretCompiled(StringRef compiledText, const ProgramCase &program,
                       const Reference &reference,
                       std::optional<uint64_t> order,
                       const EngineOptions &options, DiagnosticCapture &diags,
                       Channel &channel, ChildResult &r) {
  MLIRContext &ctx = sharedContext();
  channel.line("phase", "parse-compiled");
  size_t diagMark = diags.text.size();
  OwningOpRef<ModuleOp> reparsed = parseSourceString<ModuleOp>(
      compiledText, ParserConfig(&ctx), "<compiled>");
  if (!reparsed) {
    r.kind = FindingKind::VerifierFailure;
    r.culprit = "print/parse";
    r.culpritMethod = "instrumentation";
    r.detail = ("the compiled module does not parse back: " +
                firstLine(StringRef(diags.text).drop_front(diagMark)))
                   .str();
    r.signatureDetail =
        normalizeDiagnostics(StringRef(diags.text).drop_front(diagMark));
    return;
  }
  channel.line("phase", "interpret-compiled");
  RunOutputs got = interpret(reparsed.get(), program, order, options);
  ++r.interpretations;
  Verdict v = compareOutputs(reference, got, options);
  if (v.kind == FindingKind::None)
    return;
  r.kind = v.kind;
  r.detail = v.detail;
  r.signatureDetail = v.signatureDetail;
  r.got = std::move(got);
}

/// The body of a configuration child.
int configChild(int fd, const ProgramCase &program, const Reference &reference,
                const Configuration &config, const EngineOptions &options,
                CompileMode mode, bool checkpoints,
                const std::string *pipelinePrefix) {
  Channel channel{fd};
  ChildResult r;
  channel.line("phase", "start");
  maybeInjectFault("");
  MLIRContext &ctx = sharedContext();
  DiagnosticCapture diags(ctx);
  driver::CompileOptions opts = config.compileOptions();

  // The stages after tileas are not built yet: record it, do not fake.
  {
    driver::CompileOptions ptx = opts;
    ptx.emit = driver::EmitStage::PTX;
    driver::CompileResult described = driver::describePipeline(ptx);
    if (described.code == driver::TILEIR_ERROR_UNSUPPORTED_EMIT)
      r.notes = "ptx/ptxas: not supported yet (the LLVM/NVVM backend is not "
                "built); compiled to tileas and interpreted";
  }

  std::string compiledText;
  if (mode == CompileMode::Driver) {
    channel.line("phase", "compile");
    driver::CompileResult cr = driver::compile(program.text, opts, "<input>");
    r.diagnostics += cr.diagnostics;
    if (!cr.ok()) {
      bool expected = isExpectedTargetRejection(cr.diagnostics);
      r.kind =
          expected ? FindingKind::UnsupportedTarget : FindingKind::PassFailure;
      r.detail = firstLine(normalizeDiagnostics(cr.diagnostics)).str();
      r.signatureDetail = normalizeDiagnostics(cr.diagnostics);
      channel.result(r.toJSON());
      return 0;
    }
    compiledText = std::move(cr.output);
  } else {
    channel.line("phase", "parse-input");
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
        program.text, ParserConfig(&ctx), "<input>");
    if (!module) {
      r.kind = FindingKind::OracleError;
      r.detail = "the input does not parse in the configuration child";
      r.signatureDetail = normalizeDiagnostics(diags.text);
      r.diagnostics = diags.text;
      channel.result(r.toJSON());
      return 0;
    }
    PassManager pm(&ctx, ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    std::string errors;
    llvm::raw_string_ostream errorsOs(errors);
    LogicalResult built = success();
    if (pipelinePrefix) {
      FailureOr<OpPassManager> parsed =
          parsePassPipeline(*pipelinePrefix, errorsOs);
      if (failed(parsed))
        built = failure();
      else
        static_cast<OpPassManager &>(pm) = *parsed;
    } else {
      built = driver::populatePipeline(pm, opts, errorsOs);
    }
    if (failed(built)) {
      r.kind = FindingKind::OracleError;
      r.detail = "the pipeline cannot be built: " + errors;
      r.signatureDetail = normalizeDiagnostics("error: " + errors);
      channel.result(r.toJSON());
      return 0;
    }
    auto instrumentation = std::make_unique<EngineInstrumentation>(
        channel, program, reference, config.blockOrderSeed, options,
        checkpoints);
    EngineInstrumentation *instr = instrumentation.get();
    if (checkpoints)
      instr->agreeing = OwningOpRef<Operation *>(module.get()->clone());
    pm.addInstrumentation(std::move(instrumentation));
    channel.line("phase", "compile");
    LogicalResult ran = pm.run(*module);
    r.interpretations += instr->interpretations;
    r.diagnostics += diags.text;
    if (failed(ran)) {
      if (isExpectedTargetRejection(diags.text)) {
        r.kind = FindingKind::UnsupportedTarget;
      } else {
        r.kind = instr->invalidIR ? FindingKind::VerifierFailure
                                  : FindingKind::PassFailure;
      }
      r.culprit = instr->failedPass.value_or("");
      r.culpritMethod = "instrumentation";
      r.detail = firstLine(normalizeDiagnostics(diags.text)).str();
      r.signatureDetail = normalizeDiagnostics(diags.text);
      channel.result(r.toJSON());
      return 0;
    }
    if (instr->culprit) {
      // A checkpoint disagreed; the end result decides the kind below, the
      // checkpoint names the pass.
      r.culprit = *instr->culprit;
      r.culpritMethod = "checkpoint";
      r.opKind = instr->culpritOpKind;
      if (instr->culpritIndex > instr->lastAgreeing + 1) {
        // Passes ran between the last agreeing checkpoint and this one.
        r.rangeLo = instr->lastAgreeing;
        r.rangeHi = instr->culpritIndex;
      }
    }
    llvm::raw_string_ostream os(compiledText);
    module->print(os);
    os.flush();
    bool allCheckpoints = checkpoints && options.checkpointAll;
    size_t diagMark = diags.text.size();
    interpretCompiled(compiledText, program, reference, config.blockOrderSeed,
                      options, diags, channel, r);
    r.diagnostics += diags.text.substr(diagMark);
    if (r.kind == FindingKind::None && instr->culprit) {
      // An intermediate module disagreed and a later pass hid it: still a
      // miscompile of that pass (two bugs, or a dead result).
      r.kind = instr->culpritVerdict.kind;
      r.detail = "after " + *instr->culprit + ": " +
                 instr->culpritVerdict.detail +
                 " (the final module agrees again)";
      r.signatureDetail = instr->culpritVerdict.signatureDetail;
    }
    if (r.kind != FindingKind::None && r.culprit.empty() && allCheckpoints &&
        r.culpritMethod.empty()) {
      // Every checkpoint agreed, so the module only changed meaning on its
      // way through the printer and parser.
      r.culprit = "print/parse";
      r.culpritMethod = "checkpoint";
    }
    r.compiled = compiledText;
    channel.result(r.toJSON());
    return 0;
  }
  r.compiled = compiledText;
  interpretCompiled(compiledText, program, reference, config.blockOrderSeed,
                    options, diags, channel, r);
  r.diagnostics += diags.text;
  channel.result(r.toJSON());
  return 0;
}

/// Turns a finished child into a ConfigResult (crash, hang, OOM, or its
/// JSON result).
ConfigResult collect(const ChildOutcome &outcome, const Configuration &config,
                     const Reference &reference) {
  ConfigResult result;
  result.config = config;
  result.seconds = outcome.seconds;
  Transcript t = parseTranscript(outcome.channel);
  auto where = [&]() -> std::string {
    if (!t.runningPass.empty())
      return t.runningPass;
    if (StringRef(t.phase).starts_with("interpret"))
      return ("interpreter (" + t.phase + ")");
    if (t.phase == "parse-compiled")
      return "print/parse";
    // Start-up, parsing the input, between passes: no pass to blame (the
    // bisection probes the empty prefix to say so).
    return "";
  };
  std::string sigDetail;
  if (outcome.status == ChildOutcome::Status::TimedOut) {
    result.kind = FindingKind::Hang;
    result.culprit = where();
    result.culpritMethod = result.culprit.empty() ? "" : "instrumentation";
    result.detail = "no result within the time limit (killed)";
    StringRef phase = t.phase;
    if (phase.consume_front("interpret-after ")) {
      // The module after that pass runs forever where the input did not:
      // that pass made the hang (the reference finished in time).
      result.culprit = phase.str();
      result.culpritMethod = "checkpoint";
      result.detail = ("the module after " + phase +
                       " does not finish within the time limit (killed)")
                          .str();
    } else if (phase == "interpret-compiled") {
      // Only the compiled module hangs: let the bisection find the pass.
      result.culprit.clear();
      result.culpritMethod.clear();
      result.detail = "the compiled module does not finish within the time "
                      "limit (killed)";
    }
    result.diagnostics = outcome.stderrText;
  } else if (outcome.status == ChildOutcome::Status::OutOfMemory) {
    result.kind = FindingKind::Oom;
    result.culprit = where();
    result.culpritMethod = result.culprit.empty() ? "" : "instrumentation";
    result.detail = "the memory limit was exceeded";
    result.diagnostics = outcome.stderrText;
  } else if (outcome.status == ChildOutcome::Status::Signaled || !t.result) {
    result.kind = FindingKind::Crash;
    result.culprit = where();
    result.culpritMethod = result.culprit.empty() ? "" : "instrumentation";
    sigDetail = normalizeCrash(outcome.stderrText, outcome.signal);
    result.detail = outcome.status == ChildOutcome::Status::Signaled
                        ? ("killed by signal " + llvm::Twine(outcome.signal) +
                           " (" + strsignal(outcome.signal) + ")")
                              .str()
                        : ("exited with code " + llvm::Twine(outcome.exitCode) +
                           " without a result")
                              .str();
    if (outcome.status != ChildOutcome::Status::Signaled)
      sigDetail = "exit " + std::to_string(outcome.exitCode);
    result.diagnostics = outcome.stderrText;
  } else {
    ChildResult r = ChildResult::fromJSON(*t.result);
    result.kind = r.kind;
    result.culprit = r.culprit;
    result.culpritMethod = r.culpritMethod;
    result.detail = r.detail;
    sigDetail = r.signatureDetail;
    result.diagnostics = r.diagnostics;
    if (!r.notes.empty())
      result.diagnostics += "note: " + r.notes + "\n";
    if (!outcome.stderrText.empty())
      result.diagnostics += outcome.stderrText;
    result.compiled = std::move(r.compiled);
    result.got = std::move(r.got);
    result.interpretations = r.interpretations;
    result.culpritRangeLo = r.rangeLo;
    result.culpritRangeHi = r.rangeHi;
    // Only a wrong result's bucket names the op (a hang or an oracle error
    // after the same checkpoint keeps kind|culprit|detail).
    if (r.kind == FindingKind::WrongResult)
      result.opKind = r.opKind;
  }
  if (result.kind == FindingKind::WrongResult)
    result.reference = reference.outputs;
  result.signatureDetail = sigDetail;
  result.signature = makeSignature(result.kind, result.culprit, sigDetail,
                                   reference.opKinds, result.opKind);
  return result;
}

ConfigResult runConfigChild(const ProgramCase &program,
                            const Reference &reference,
                            const Configuration &config,
                            const EngineOptions &options, CompileMode mode,
                            bool checkpoints,
                            const std::string *pipelinePrefix = nullptr) {
  sharedContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        return configChild(fd, program, reference, config, options, mode,
                           checkpoints, pipelinePrefix);
      },
      options.limits);
  return collect(outcome, config, reference);
}

} // namespace

//===----------------------------------------------------------------------===//
// Reference
//===----------------------------------------------------------------------===//

void tilecheck::fuzz::prepareEngine() { sharedContext(); }

MLIRContext &tilecheck::fuzz::engineContext() { return sharedContext(); }

llvm::Expected<Reference>
tilecheck::fuzz::runReference(const ProgramCase &program,
                              std::optional<uint64_t> order,
                              const EngineOptions &options) {
  sharedContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        Channel channel{fd};
        MLIRContext &ctx = sharedContext();
        DiagnosticCapture diags(ctx);
        OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
            program.text, ParserConfig(&ctx), program.name);
        if (!module) {
          channel.result(
              llvm::json::Object{{"error", "the program does not parse: " +
                                               firstLine(diags.text).str()}});
          return 0;
        }
        std::set<std::string> ops;
        module->walk([&](Operation *op) {
          if (!isa<ModuleOp>(op))
            ops.insert(op->getName().getStringRef().str());
        });
        std::vector<std::string> opKinds(ops.begin(), ops.end());
        llvm::json::Array types;
        oracle::Memory memory;
        oracle::Interpreter interp(module.get(), memory, oracle::RunOptions());
        std::string error;
        if (Operation *entry = interp.findEntry(program.entry, error)) {
          for (auto [i, arg] :
               llvm::enumerate(entry->getRegion(0).front().getArguments())) {
            auto tile = dyn_cast<cuda_tile::TileType>(arg.getType());
            if (!tile)
              continue;
            auto ptr = dyn_cast<cuda_tile::PointerType>(tile.getElementType());
            if (!ptr)
              continue;
            if (auto elem = oracle::elemTypeOf(ptr.getPointeeType()))
              types.push_back(llvm::json::Array{static_cast<int64_t>(i),
                                                oracle::name(*elem)});
          }
        }
        channel.line("phase", "interpret-reference");
        RunOutputs outputs = interpret(module.get(), program, order, options);
        llvm::json::Array opsJson;
        for (const std::string &op : opKinds)
          opsJson.push_back(op);
        channel.result(llvm::json::Object{
            {"outputs", outputs.toJSON()},
            {"types", std::move(types)},
            {"ops", std::move(opsJson)},
            {"class", resultClassName(resultClassOf(opKinds))}});
        return 0;
      },
      options.limits);
  Transcript t = parseTranscript(outcome.channel);
  if (outcome.status == ChildOutcome::Status::TimedOut)
    return makeError("the reference run did not finish within the time "
                     "limit");
  if (outcome.status == ChildOutcome::Status::OutOfMemory)
    return makeError("the reference run exceeded the memory limit");
  if (!t.result)
    return makeError(
        "the reference run died (" +
        (outcome.signal
             ? llvm::Twine("signal ") + llvm::Twine(outcome.signal)
             : llvm::Twine("exit ") + llvm::Twine(outcome.exitCode)) +
        "): " + firstLine(outcome.stderrText));
  const llvm::json::Object *obj = t.result->getAsObject();
  if (!obj)
    return makeError("the reference run sent no result");
  if (std::optional<StringRef> err = obj->getString("error"))
    return makeError(*err);
  Reference ref;
  const llvm::json::Value *outs = obj->get("outputs");
  if (!outs)
    return makeError("the reference run sent no outputs");
  auto parsed = RunOutputs::fromJSON(*outs);
  if (!parsed)
    return parsed.takeError();
  ref.outputs = std::move(*parsed);
  if (const llvm::json::Array *types = obj->getArray("types"))
    for (const llvm::json::Value &tv : *types)
      if (const llvm::json::Array *pair = tv.getAsArray();
          pair && pair->size() == 2)
        ref.bufferTypes.push_back(
            {static_cast<unsigned>((*pair)[0].getAsInteger().value_or(0)),
             (*pair)[1].getAsString().value_or("").str()});
  if (const llvm::json::Array *ops = obj->getArray("ops"))
    for (const llvm::json::Value &op : *ops)
      ref.opKinds.push_back(op.getAsString().value_or("").str());
  ref.resultClass = obj->getString("class").value_or("exact").str();
  return ref;
}

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

llvm::Expected<std::vector<std::string>>
tilecheck::fuzz::pipelinePasses(const Configuration &config) {
  driver::CompileResult described =
      driver::describePipeline(config.compileOptions());
  if (!described.ok())
    return makeError(firstLine(described.diagnostics));
  return splitPipeline(described.output);
}

/// Finds the shortest prefix of the pass list that shows the finding's
/// kind, among prefixes of (lo, hi] passes; hi = 0 means the whole list,
/// whose empty prefix is probed first.
static void bisect(const ProgramCase &program, const Reference &reference,
                   ConfigResult &result, const EngineOptions &options,
                   size_t lo = 0, size_t hi = 0) {
  auto passes = pipelinePasses(result.config);
  if (!passes) {
    llvm::consumeError(passes.takeError());
    return;
  }
  unsigned probes = 0;
  auto shows = [&](size_t n) {
    std::string prefix = "builtin.module(";
    for (size_t i = 0; i < n; ++i)
      prefix += (i ? "," : "") + (*passes)[i];
    prefix += ")";
    ConfigResult probe = runConfigChild(program, reference, result.config,
                                        options, CompileMode::Instrumented,
                                        /*checkpoints=*/false, &prefix);
    ++probes;
    return probe.kind == result.kind;
  };
  bool refine = hi != 0;
  if (!refine) {
    // The empty prefix first: a finding without any pass is no pass's
    // fault (a crash at start-up, a module that does not survive printing).
    if (shows(0)) {
      result.culprit = "(no pass)";
      result.culpritMethod = "bisection";
      return;
    }
    hi = passes->size();
  }
  hi = std::min(hi, passes->size());
  // Invariant: a prefix of `lo` passes does not show the finding, a prefix
  // of `hi` passes does.
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (shows(mid))
      hi = mid;
    else
      lo = mid;
  }
  if (hi == 0 || hi > passes->size())
    return;
  result.culprit = passArgument((*passes)[hi - 1]).str();
  result.culpritMethod = refine ? "checkpoint+bisection" : "bisection";
  result.diagnostics +=
      llvm::formatv("note: bisection over {0} passes ({1} "
                    "probes) names pass {2}: {3}\n",
                    passes->size(), probes, hi, (*passes)[hi - 1])
          .str();
}

ConfigResult tilecheck::fuzz::checkConfiguration(const ProgramCase &program,
                                                 const Reference &reference,
                                                 const Configuration &config,
                                                 const EngineOptions &options) {
  // NVIDIA's assembler: a subprocess on the bytecode, no passes to blame.
  if (config.isTileiras())
    return checkTileiras(program, reference, config, options);
  bool checkpoints = options.checkpointAll || !options.checkpointPasses.empty();
  ConfigResult result = runConfigChild(program, reference, config, options,
                                       checkpoints ? CompileMode::Instrumented
                                                   : CompileMode::Driver,
                                       checkpoints);
  if (!checkpoints && countsAsFinding(result.kind) && result.culprit.empty() &&
      (result.kind == FindingKind::PassFailure ||
       result.kind == FindingKind::VerifierFailure ||
       result.kind == FindingKind::Crash || result.kind == FindingKind::Hang ||
       result.kind == FindingKind::Oom)) {
    // driver::compile() has no progress lines: replay instrumented (no
    // checkpoints) to name the pass and tell pass from verifier failures.
    ConfigResult replay =
        runConfigChild(program, reference, config, options,
                       CompileMode::Instrumented, /*checkpoints=*/false);
    if (countsAsFinding(replay.kind) && !replay.culprit.empty())
      result = std::move(replay);
  }
  if (countsAsFinding(result.kind) && result.culprit.empty() &&
      options.bisect && result.kind != FindingKind::OracleError)
    bisect(program, reference, result, options);
  else if (countsAsFinding(result.kind) && options.bisect &&
           result.culpritMethod == "checkpoint" &&
           result.culpritRangeHi > result.culpritRangeLo + 1)
    // Sparse checkpoints bracket the culprit; bisect inside the bracket.
    bisect(program, reference, result, options, result.culpritRangeLo,
           result.culpritRangeHi);
  // The culprit may have changed: recompute the bucket. The op kind belongs
  // to the checkpoint culprit; a bisection culprit has none.
  if (result.culpritMethod != "checkpoint")
    result.opKind.clear();
  result.signature =
      makeSignature(result.kind, result.culprit, result.signatureDetail,
                    reference.opKinds, result.opKind);
  return result;
}

ProgramReport
tilecheck::fuzz::checkProgram(const ProgramCase &program,
                              llvm::ArrayRef<Configuration> matrix,
                              const EngineOptions &options) {
  ProgramReport report;
  report.programName = program.name;
  std::map<std::optional<uint64_t>, Reference> references;
  auto reference = [&](std::optional<uint64_t> order) -> const Reference * {
    auto it = references.find(order);
    if (it != references.end())
      return &it->second;
    auto ref = runReference(program, order, options);
    if (!ref) {
      report.error = llvm::toString(ref.takeError());
      return nullptr;
    }
    return &references.emplace(order, std::move(*ref)).first->second;
  };

  const Reference *rowMajor = reference(std::nullopt);
  if (!rowMajor)
    return report;
  report.opKinds = rowMajor->opKinds;
  auto inputUB = [&](const Reference &ref, const Configuration *config) {
    ConfigResult ub;
    if (config)
      ub.config = *config;
    ub.kind = FindingKind::InputUB;
    ub.culprit = "input";
    ub.detail = firstLine(ref.outputs.message).str();
    ub.diagnostics = ref.outputs.message;
    // The UB kind and op, not its values, make the bucket.
    ub.signatureDetail = normalizeRunFailure(ref.outputs.message);
    ub.signature = makeSignature(FindingKind::InputUB, "input",
                                 ub.signatureDetail, ref.opKinds);
    report.results.push_back(std::move(ub));
  };
  if (rowMajor->outputs.exitCode == oracle::kExitUndefinedBehavior) {
    inputUB(*rowMajor, nullptr);
    return report;
  }
  if (rowMajor->outputs.exitCode != oracle::kExitOk &&
      rowMajor->outputs.exitCode != oracle::kExitAssertFailed) {
    report.error = "the reference run failed (tile-run exit " +
                   std::to_string(rowMajor->outputs.exitCode) +
                   "): " + firstLine(rowMajor->outputs.message).str();
    return report;
  }

  // Configurations with the same pipeline text and block order compile and
  // run identically: run one, share its result.
  std::map<std::string, size_t> byPipeline;
  for (const Configuration &config : matrix) {
    const Reference *ref = reference(config.blockOrderSeed);
    if (!ref)
      return report;
    if (ref->outputs.exitCode == oracle::kExitUndefinedBehavior) {
      inputUB(*ref, &config);
      continue;
    }
    std::string key;
    if (options.shareIdenticalPipelines && !config.isTileiras()) {
      driver::CompileResult described =
          driver::describePipeline(config.compileOptions());
      key = described.output + "|" +
            (config.blockOrderSeed ? std::to_string(*config.blockOrderSeed)
                                   : "row-major");
      auto it = byPipeline.find(key);
      if (described.ok() && it != byPipeline.end()) {
        ConfigResult shared = report.results[it->second];
        shared.config = config;
        shared.seconds = 0;
        shared.diagnostics += "note: same pipeline as " +
                              report.results[it->second].config.str() +
                              "; result shared\n";
        report.results.push_back(std::move(shared));
        continue;
      }
    }
    report.results.push_back(
        checkConfiguration(program, *ref, config, options));
    if (!key.empty())
      byPipeline[key] = report.results.size() - 1;
  }
  return report;
}

ConfigResult tilecheck::fuzz::compareModules(const ProgramCase &program,
                                             StringRef expectedText,
                                             StringRef actualText,
                                             const EngineOptions &options) {
  ProgramCase expected = program;
  expected.text = expectedText.str();
  ConfigResult result;
  auto ref = runReference(expected, std::nullopt, options);
  if (!ref) {
    result.kind = FindingKind::OracleError;
    result.detail = llvm::toString(ref.takeError());
    return result;
  }
  if (ref->outputs.exitCode == oracle::kExitUndefinedBehavior) {
    result.kind = FindingKind::InputUB;
    result.culprit = "input";
    result.detail = firstLine(ref->outputs.message).str();
    result.signatureDetail = normalizeRunFailure(ref->outputs.message);
    result.signature = makeSignature(result.kind, "input",
                                     result.signatureDetail, ref->opKinds);
    return result;
  }
  std::string actual = actualText.str();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        Channel channel{fd};
        ChildResult r;
        DiagnosticCapture diags(sharedContext());
        interpretCompiled(actual, program, *ref, std::nullopt, options, diags,
                          channel, r);
        r.diagnostics = diags.text;
        channel.result(r.toJSON());
        return 0;
      },
      options.limits);
  return collect(outcome, Configuration(), *ref);
}
