//===- Executor.h - Everything that runs code for the engine ----*- C++ -*-===//
//
// An executor takes a test case, the reference run of it and one
// configuration, runs that configuration and says how it compares: a
// classified ConfigResult (agreement, wrong result, crash, hang, rejection,
// ...). The engine owns everything around it: the reference runs, the
// matrix loop, result sharing, isolation (runIsolated), limits,
// classification of dead children (collect) and signatures.
//
// A configuration names its executor with `compiler=NAME` (no field means
// tilec). The executors of this build:
//   tilec        ours: the driver's pipeline, interpreted after every
//                checkpoint pass and on the compiled module; culprit pass by
//                checkpoint, instrumentation or bisection.
//   tileiras     NVIDIA's assembler on the program's bytecode, compile
//                only: crash, hang, rejection of a valid program.
//   ptxas        tilec's pipeline and backend to PTX, then ptxas, compile
//                only: ptxas rejections, backend failures and crashes.
//   simt         tilec's pipeline and backend to PTX, run on the CPU SIMT
//                executor and compared with the reference.
//   gpu          tilec's pipeline and backend to a cubin, run on the GPU
//                and compared with the reference (GpuExecutor.cpp).
//   gpu-tileiras tileiras's cubin, run on the GPU and compared with the
//                reference.
// Adding one is one file defining an Executor and one `add(...)` line in
// the registry (Executor.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_EXECUTOR_H
#define TILECHECK_FUZZ_EXECUTOR_H

#include "tilecheck/Fuzz/Engine.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::fuzz {

class Executor {
public:
  /// `name`: the `compiler=` value of the configurations this executor
  /// runs; `description`: one line for `tile-diff --list-executors`. Both
  /// are kept by reference (string literals).
  Executor(llvm::StringRef name, llvm::StringRef description)
      : name_(name), description_(description) {}
  virtual ~Executor();

  llvm::StringRef name() const { return name_; }
  llvm::StringRef description() const { return description_; }

  /// Runs `config` on `program` and compares with `reference` (the
  /// interpreter on the input at the configuration's block order). Runs
  /// its work in forked children under `options.limits`; never throws,
  /// never kills the caller.
  virtual ConfigResult check(const TestCase &program,
                             const Reference &reference,
                             const Configuration &config,
                             const EngineOptions &options) const = 0;

  /// Configuration::str() of this executor's configurations: the axes it
  /// reads. The default: "compiler=NAME,TARGET,O<N>", ",bytecode=V" when
  /// an older bytecode version is asked for (tileiras executors only) and
  /// ",order=seed:N" when the blocks are shuffled.
  virtual std::string configurationText(const Configuration &config) const;

  /// Refuses a configuration that sets an axis this executor does not read,
  /// or a value it does not support (parseConfiguration calls it). The
  /// default accepts every configuration.
  virtual llvm::Error validate(const Configuration &config) const;

  /// Configurations with equal keys give equal results on every program
  /// (their work is a pure function of the input and the key): the engine
  /// runs one and shares its result. nullopt: never shared.
  virtual std::optional<std::string>
  sharingKey(const Configuration &config) const;

  /// Whether check() compares with the reference's outputs. An executor
  /// that only compiles (tileiras) can check programs whose reference
  /// cannot run (EngineOptions::mutants); it is then given a reference
  /// with the program's op kinds and no outputs.
  virtual bool needsReference() const { return true; }

  /// Whether check() may run inside a batch child, its runs in that
  /// child's process (EngineOptions::batchRuns). Not for executors whose
  /// runs must each have a fresh process (a CUDA context does not survive
  /// a crash of the program it runs).
  virtual bool batchable() const { return true; }

protected:
  /// "compiler=NAME," and tilec's axes (Configuration::tilecText): the text
  /// of the executors that compile with tilec.
  std::string tilecConfigurationText(const Configuration &config) const;

private:
  llvm::StringRef name_, description_;
};

/// Registers `executor` (ownership passes to the registry). A second
/// executor with the same name replaces the first (tests use this).
void registerExecutor(std::unique_ptr<Executor> executor);

/// The executor named `name`, or null. The built-in executors are
/// registered on first use.
const Executor *findExecutor(llvm::StringRef name);

/// Every registered executor, sorted by name.
std::vector<const Executor *> registeredExecutors();

/// The built-in executors' constructors (one file each).
std::unique_ptr<Executor> createTilecExecutor();
std::unique_ptr<Executor> createTileirasExecutor();
std::unique_ptr<Executor> createPtxasExecutor();
std::unique_ptr<Executor> createSimtExecutor();
std::unique_ptr<Executor> createGpuExecutor();
std::unique_ptr<Executor> createGpuTileirasExecutor();

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_EXECUTOR_H
