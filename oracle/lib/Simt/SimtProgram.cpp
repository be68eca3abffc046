//===- SimtProgram.cpp - A cuda_tile program through the backend, on the CPU //

#include "tilecheck/Oracle/SimtProgram.h"
#include "tilecheck/Oracle/Interpreter.h"
#include "tilecheck/Oracle/Memory.h"
#include "tilecheck/Oracle/Value.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace tilecheck::oracle {

/// tile-run's exit code for a SIMT run that ended with each status, in
/// SimtStatus's order.
constexpr int kExitCodeOfStatus[] = {
    kExitOk,           kExitUnsupported, kExitUndefinedBehavior,
    kExitAssertFailed, kExitStepLimit,   kExitError};
static_assert(std::size(kExitCodeOfStatus) ==
              size_t(simt::SimtStatus::Error) + 1);

SimtProgramOutcome runSimtProgram(mlir::Operation *module,
                                  StringRef programText,
                                  const TileRunConfig &config,
                                  const SimtRunOptions &options) {
  SimtProgramOutcome out;
  auto fail = [&](int code, const Twine &msg) {
    return failWith(out, code, msg);
  };

  // Compile to PTX.
  driver::CompileOptions copts = options.compile;
  copts.emit = driver::EmitStage::PTX;
  driver::CompileResult compiled;
  if (options.precompiled) {
    compiled.output = options.precompiled->ptx;
    compiled.threadsPerBlock = options.precompiled->threadsPerBlock;
    compiled.dynamicSharedBytes = options.precompiled->dynamicSharedBytes;
    compiled.globalScratchBytes = options.precompiled->globalScratchBytes;
  } else {
    compiled = driver::compile(programText, copts);
  }
  out.compileCode = compiled.code;
  out.compileDiagnostics = compiled.diagnostics;
  if (!compiled.ok())
    return fail(kExitError,
                "the compile to PTX failed:\n" + compiled.diagnostics);
  out.threadsPerBlock = compiled.threadsPerBlock;
  out.dynamicSharedBytes = compiled.dynamicSharedBytes;
  out.globalScratchBytes = compiled.globalScratchBytes;
  out.ptx = options.ptxOverride.empty() ? compiled.output : options.ptxOverride;
  auto parsed = simt::parsePtx(out.ptx);
  if (!parsed)
    return fail(kExitError,
                "cannot read the PTX: " + toString(parsed.takeError()));

  // Bind the arguments by the kernel ABI.
  KernelBinding binding = bindKernelArguments(module, config);
  if (binding.exitCode != kExitOk)
    return fail(binding.exitCode, binding.message);
  Memory memory(config.run.detectRaces);
  simt::SimtLaunch launch;
  launch.entry = binding.entry;
  for (unsigned d = 0; d < 3; ++d)
    launch.grid[d] = static_cast<uint32_t>(config.grid[d]);
  launch.block = {static_cast<uint32_t>(compiled.threadsPerBlock), 1, 1};
  launch.dynamicSharedBytes =
      static_cast<uint32_t>(compiled.dynamicSharedBytes);
  launch.maxWarpSteps = options.maxWarpSteps;
  launch.detectRaces = options.detectRaces;
  // A pointer argument: its 8 bytes.
  auto pushAddress = [&](uint64_t addr) {
    std::vector<uint8_t> bytes(8);
    std::memcpy(bytes.data(), &addr, 8);
    launch.params.push_back(std::move(bytes));
  };
  std::vector<BoundBuffer> bound;
  for (KernelArgument &arg : binding.args) {
    if (!arg.buffer) {
      launch.params.push_back(std::move(arg.scalar));
      continue;
    }
    // The backend stores a 4-bit element by rewriting its byte
    // (compiler/docs/Backend.md, "4-bit elements"), so the PTX reads the
    // other nibble, which the interpreter (tracking nibbles) may never have
    // seen written: an uninitialized 4-bit buffer starts as zeros here, as
    // GPU memory holds some value.
    if (isPacked(arg.buffer->elem))
      arg.buffer->initialized = true;
    uint64_t addr = allocateBuffer(memory, *arg.buffer, arg.index);
    pushAddress(addr);
    bound.push_back(
        {arg.index, addr, std::move(arg.buffer->array), arg.pointee});
  }
  // The allocas' global scratch (Kernel ABI): one region per tile block,
  // uninitialized (the interpreter's alloca is too), except that an alloca
  // of 4-bit elements is written by rewriting bytes (as above), so a
  // module with one gets zeros.
  if (compiled.globalScratchBytes > 0) {
    uint64_t blocks =
        uint64_t(launch.grid[0]) * launch.grid[1] * launch.grid[2];
    bool nibbleAlloca = false;
    module->walk([&](mlir::Operation *op) {
      if (!op->getName().getStringRef().ends_with(".alloca"))
        return;
      for (mlir::Type t : op->getResultTypes())
        if (isTileLike(t))
          if (mlir::Type p = pointeeTypeOf(tileElementType(t)))
            if (std::optional<ElemType> e = elemTypeOf(p); e && isPacked(*e))
              nibbleAlloca = true;
    });
    uint64_t size = std::max<uint64_t>(1, blocks * compiled.globalScratchBytes);
    pushAddress(nibbleAlloca
                    ? memory.allocateZeroed("global scratch", size, 256)
                    : memory.allocate("global scratch", size, 256));
  }

  out.simt = simt::runKernel(**parsed, launch, memory);
  out.run.steps = out.simt.stats.threadInstructions;
  if (Error e = readBackBuffers(memory, bound, out.run, config.outDir))
    return fail(kExitError, toString(std::move(e)));
  out.run.exitCode = kExitCodeOfStatus[size_t(out.simt.status)];
  out.run.message = out.simt.message;
  return out;
}

} // namespace tilecheck::oracle
