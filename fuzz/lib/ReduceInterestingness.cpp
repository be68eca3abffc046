//===- ReduceInterestingness.cpp - "Is it still the same bug?" ------------===//
//
// Three interestingness tests behind one interface: tile-diff's signature
// (the finding's bucket must stay the same), an arbitrary shell command
// (exit 0 means interesting, as in C-Reduce-style reducers), and a compiler
// crash whose normalized signature must stay the same. Each runs as a
// subprocess with a time limit, so a hanging compiler costs one candidate.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Reduce.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>
#include <optional>

extern char **environ;

using llvm::StringRef;

namespace tilecheck::reduce {

InterestingnessTest::~InterestingnessTest() = default;

namespace {

/// What a subprocess did.
struct ProcessRun {
  int exitCode = 0;
  bool signaled = false; ///< crashed (killed by a signal)
  bool timedOut = false;
  bool failedToStart = false;
  std::string out;    ///< stdout
  std::string output; ///< stdout then stderr
};

/// Runs `argv` with extra environment variables; stdout and stderr go to
/// files under `dir` that are read back.
ProcessRun runProcess(llvm::ArrayRef<std::string> argv,
                      llvm::ArrayRef<std::string> extraEnv, StringRef dir,
                      unsigned timeoutSeconds) {
  ProcessRun run;
  llvm::SmallString<256> outPath(dir), errPath(dir);
  llvm::sys::path::append(outPath, ".test-stdout");
  llvm::sys::path::append(errPath, ".test-stderr");
  std::vector<StringRef> args(argv.begin(), argv.end());
  std::vector<std::string> envStore;
  for (char **e = environ; e && *e; ++e)
    envStore.push_back(*e);
  for (const std::string &e : extraEnv)
    envStore.push_back(e);
  std::vector<StringRef> env(envStore.begin(), envStore.end());
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outPath),
                                          StringRef(errPath)};
  std::string errMsg;
  bool execFailed = false;
  int rc = llvm::sys::ExecuteAndWait(args[0], args, env, redirects,
                                     timeoutSeconds, 0, &errMsg, &execFailed);
  if (execFailed) {
    run.failedToStart = true;
    run.exitCode = -1;
  } else if (rc == -2 && StringRef(errMsg).contains("timed out")) {
    run.timedOut = true;
    run.exitCode = -1;
  } else if (rc == -2) {
    run.signaled = true;
    run.exitCode = -2;
  } else if (rc == -1) {
    // LLVM reports exit status 127 (command not found) as -1.
    run.exitCode = 127;
  } else {
    run.exitCode = rc;
  }
  if (auto buf = llvm::MemoryBuffer::getFile(outPath))
    run.out = (*buf)->getBuffer().str();
  run.output = run.out;
  if (auto buf = llvm::MemoryBuffer::getFile(errPath))
    run.output += (*buf)->getBuffer().str();
  llvm::sys::fs::remove(outPath);
  llvm::sys::fs::remove(errPath);
  return run;
}

std::string findTool(StringRef name) {
  if (name.contains('/'))
    return name.str();
  if (auto p = llvm::sys::findProgramByName(name))
    return *p;
  return name.str();
}

//===----------------------------------------------------------------------===//
// A tool's signature
//===----------------------------------------------------------------------===//

/// The tests that run a tool on each candidate: interesting when the
/// signature the tool yields is the original's.
class ToolSignatureTest : public InterestingnessTest {
public:
  ToolSignatureTest(std::string what, std::string tool, unsigned timeout)
      : tool(findTool(tool)), timeout(timeout), what(std::move(what)) {}
  std::string describe() const override {
    return what + " signature '" + signature + "'";
  }
  bool isConfigurationAware() const override { return true; }

  llvm::Error initialize(const Candidate &original) override {
    ProcessRun run;
    signature = compute(original, run);
    if (run.failedToStart)
      return makeError("cannot run '" + tool + "'");
    if (std::optional<std::string> why = notAFinding(run))
      return makeError(*why);
    return llvm::Error::success();
  }
  bool isInteresting(const Candidate &cand) override {
    ProcessRun run;
    return compute(cand, run) == signature;
  }

protected:
  /// The tool's signature of `cand` ("" when it gives none); `run` is the
  /// tool's run.
  virtual std::string compute(const Candidate &cand, ProcessRun &run) = 0;
  /// Why the original (whose `signature` was just computed by `run`) is not
  /// a finding; nullopt when it is one.
  virtual std::optional<std::string> notAFinding(const ProcessRun &run) = 0;

  std::string tool;
  unsigned timeout;
  std::string signature;

private:
  std::string what;
};

//===----------------------------------------------------------------------===//
// tile-diff signature
//===----------------------------------------------------------------------===//

class SignatureTest : public ToolSignatureTest {
public:
  SignatureTest(std::string tool, std::vector<std::string> extraArgs,
                unsigned timeout)
      : ToolSignatureTest("tile-diff", std::move(tool), timeout),
        extraArgs(std::move(extraArgs)) {}

private:
  std::optional<std::string> notAFinding(const ProcessRun &run) override {
    // `none`: no finding; `error`: tile-diff could not check the program.
    if (signature.empty() || signature == "none" || signature == "error")
      return "the original is not a finding: tile-diff printed '" + signature +
             "'" + (run.output.empty() ? "" : "\n" + run.output);
    return std::nullopt;
  }
  std::string compute(const Candidate &cand, ProcessRun &run) override {
    // tile-diff needs a non-empty configuration; every field left out
    // takes its default, so an empty one stands for the default target.
    std::string config =
        cand.testCase.config.empty() ? "sm_100" : cand.testCase.config;
    std::vector<std::string> argv = {
        tool,   "--manifest",       cand.manifestPath, "--only-config",
        config, "--print-signature"};
    argv.insert(argv.end(), extraArgs.begin(), extraArgs.end());
    run = runProcess(argv, {}, cand.dir, timeout);
    if (run.signaled || run.timedOut || run.failedToStart)
      return "";
    // The signature is the last non-empty line of stdout (stderr holds
    // progress and diagnostics).
    llvm::SmallVector<StringRef> lines;
    StringRef(run.out).split(lines, '\n', -1, /*KeepEmpty=*/false);
    for (auto it = lines.rbegin(); it != lines.rend(); ++it)
      if (!it->trim().empty())
        return it->trim().str();
    return "";
  }

  std::vector<std::string> extraArgs;
};

//===----------------------------------------------------------------------===//
// External command
//===----------------------------------------------------------------------===//

class CommandTest : public InterestingnessTest {
public:
  CommandTest(std::string command, unsigned timeout, bool configAware)
      : command(std::move(command)), timeout(timeout),
        configAware(configAware) {}
  std::string describe() const override { return "command '" + command + "'"; }
  bool isConfigurationAware() const override { return configAware; }

  llvm::Error initialize(const Candidate &original) override {
    ProcessRun run = execute(original);
    if (run.failedToStart)
      return makeError("cannot run /bin/sh");
    if (run.exitCode != 0)
      return makeError("the original is not interesting: '" + command +
                       "' exited with " +
                       (run.signaled   ? std::string("a signal")
                        : run.timedOut ? std::string("a timeout")
                                       : std::to_string(run.exitCode)) +
                       (run.output.empty() ? "" : "\n" + run.output));
    return llvm::Error::success();
  }
  bool isInteresting(const Candidate &cand) override {
    ProcessRun run = execute(cand);
    return !run.signaled && !run.timedOut && run.exitCode == 0;
  }

private:
  ProcessRun execute(const Candidate &cand) {
    std::vector<std::string> argv = {"/bin/sh", "-c",
                                     "cd \"$TILE_REDUCE_DIR\" && " + command};
    std::vector<std::string> env = {"TILE_REDUCE_DIR=" + cand.dir,
                                    "TILE_REDUCE_MANIFEST=" + cand.manifestPath,
                                    "TILE_REDUCE_PROGRAM=" + cand.programPath,
                                    "TILE_REDUCE_CONFIG=" +
                                        cand.testCase.config};
    return runProcess(argv, env, cand.dir, timeout);
  }

  std::string command;
  unsigned timeout;
  bool configAware;
};

//===----------------------------------------------------------------------===//
// Compiler crash
//===----------------------------------------------------------------------===//

class CrashTest : public ToolSignatureTest {
public:
  CrashTest(std::string tool, unsigned timeout)
      : ToolSignatureTest("compiler", std::move(tool), timeout) {}

private:
  std::optional<std::string> notAFinding(const ProcessRun &run) override {
    if (signature.empty())
      return "the original does not crash or fail '" + tool + "' (exit code " +
             std::to_string(run.exitCode) + ")";
    return std::nullopt;
  }
  std::string compute(const Candidate &cand, ProcessRun &run) override {
    std::vector<std::string> argv = {tool};
    llvm::SmallVector<StringRef> flags;
    StringRef(cand.testCase.config).split(flags, ' ', -1, false);
    for (StringRef f : flags)
      argv.push_back(f.str());
    argv.push_back(cand.programPath);
    argv.push_back("-o");
    argv.push_back("/dev/null");
    run = runProcess(argv, {}, cand.dir, timeout);
    if (run.failedToStart)
      return "";
    if (run.timedOut)
      return "hang";
    return crashSignature(run.exitCode, run.signaled, run.output);
  }
};

//===----------------------------------------------------------------------===//
// In-process predicate
//===----------------------------------------------------------------------===//

class PredicateTest : public InterestingnessTest {
public:
  PredicateTest(std::string name,
                std::function<bool(const Candidate &)> predicate,
                bool configAware)
      : name(std::move(name)), predicate(std::move(predicate)),
        configAware(configAware) {}
  std::string describe() const override { return name; }
  bool isConfigurationAware() const override { return configAware; }
  llvm::Error initialize(const Candidate &original) override {
    if (!predicate(original))
      return makeError("the original is not interesting: " + name);
    return llvm::Error::success();
  }
  bool isInteresting(const Candidate &cand) override { return predicate(cand); }

private:
  std::string name;
  std::function<bool(const Candidate &)> predicate;
  bool configAware;
};

/// Removes what changes between two runs of the same bug on different
/// programs: paths, file positions, addresses, numbers, types' shapes.
std::string normalizeText(StringRef text) {
  std::string s = text.trim().str();
  static const std::pair<const char *, const char *> rules[] = {
      {"0x[0-9a-fA-F]+", "ADDR"},
      {"(/[^ :'\"]+)+", "PATH"},
      {"[0-9]+", "N"},
      {"[ \t]+", " "},
  };
  for (auto [pattern, replacement] : rules) {
    llvm::Regex re(pattern);
    std::string prev;
    // Regex::sub replaces one match; repeat until nothing changes.
    for (unsigned i = 0; i < 10000 && re.match(s); ++i) {
      prev = s;
      s = re.sub(replacement, s);
      if (s == prev)
        break;
    }
  }
  return s;
}

} // namespace

std::string crashSignature(int exitCode, bool signaled, StringRef output) {
  llvm::SmallVector<StringRef> lines;
  output.split(lines, '\n', -1, /*KeepEmpty=*/false);
  std::string kind, message;
  std::vector<std::string> frames;
  for (StringRef line : lines) {
    StringRef l = line.trim();
    size_t assertPos = l.find("Assertion `");
    if (assertPos != StringRef::npos && message.empty()) {
      kind = "assert";
      message = normalizeText(l.drop_front(assertPos));
      continue;
    }
    if (l.starts_with("LLVM ERROR:") && message.empty()) {
      kind = "fatal";
      message = normalizeText(l.drop_front(11));
      continue;
    }
    if (l.contains("UNREACHABLE executed") && message.empty()) {
      kind = "unreachable";
      message = normalizeText(l);
      continue;
    }
    // Stack frames: "#3 0x000055d1 in? name(args) file:line" -- keep the
    // function name, which survives rebuilds and program changes.
    if (l.starts_with("#") && frames.size() < 5) {
      llvm::SmallVector<StringRef> parts;
      l.split(parts, ' ', -1, false);
      if (parts.size() >= 3) {
        StringRef fn = parts[2];
        if (fn == "in" && parts.size() >= 4)
          fn = parts[3];
        fn = fn.split('(').first;
        // Frames of the signal handler and libc say nothing about the bug.
        if (!fn.contains("PrintStackTrace") && !fn.contains("SignalHandler") &&
            !fn.contains("RunSignalHandlers") && !fn.starts_with("__") &&
            !fn.starts_with("abort") && !fn.starts_with("raise") &&
            !fn.starts_with("gsignal") && !fn.empty() &&
            !fn.starts_with("0x") && !fn.starts_with("/"))
          frames.push_back(fn.str());
      }
    }
  }
  if (signaled || !kind.empty()) {
    std::string sig = kind.empty() ? "signal" : kind;
    if (!message.empty())
      sig += ": " + message;
    for (const std::string &f : frames)
      sig += " | " + f;
    return sig;
  }
  if (exitCode == 0)
    return "";
  // A compile failure: the first error diagnostic, without its position.
  for (StringRef line : lines) {
    size_t pos = line.find("error: ");
    if (pos != StringRef::npos)
      return "error: " + normalizeText(line.drop_front(pos + 7));
  }
  return "exit " + std::to_string(exitCode);
}

std::unique_ptr<InterestingnessTest>
createSignatureTest(std::string tileDiffPath,
                    std::vector<std::string> extraArgs,
                    unsigned timeoutSeconds) {
  return std::make_unique<SignatureTest>(std::move(tileDiffPath),
                                         std::move(extraArgs), timeoutSeconds);
}

std::unique_ptr<InterestingnessTest>
createCommandTest(std::string command, unsigned timeoutSeconds,
                  bool configurationAware) {
  return std::make_unique<CommandTest>(std::move(command), timeoutSeconds,
                                       configurationAware);
}

std::unique_ptr<InterestingnessTest> createCrashTest(std::string tilecPath,
                                                     unsigned timeoutSeconds) {
  return std::make_unique<CrashTest>(std::move(tilecPath), timeoutSeconds);
}

std::unique_ptr<InterestingnessTest>
createPredicateTest(std::string name,
                    std::function<bool(const Candidate &)> predicate,
                    bool configurationAware) {
  return std::make_unique<PredicateTest>(std::move(name), std::move(predicate),
                                         configurationAware);
}

} // namespace tilecheck::reduce
