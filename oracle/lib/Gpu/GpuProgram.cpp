//===- GpuProgram.cpp - A cuda_tile program's cubin, run on a GPU ---------===//

#include "tilecheck/Oracle/GpuProgram.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace tilecheck::oracle {

Expected<GpuLaunchMode> GpuLaunchMode::parse(StringRef text) {
  GpuLaunchMode m;
  if (text.empty() || text == "local")
    return m;
  auto [kind, dir] = text.split(':');
  if ((kind == "record" || kind == "replay") && !dir.empty()) {
    m.kind = kind == "record" ? Kind::Record : Kind::Replay;
    m.dir = dir.str();
    return m;
  }
  return createStringError(inconvertibleErrorCode(),
                           "GPU launch mode '" + text +
                               "': expected local, record:DIR or replay:DIR");
}

Expected<GpuLaunchMode> GpuLaunchMode::fromEnvironment() {
  const char *env = std::getenv("TILECHECK_GPU_LAUNCH");
  auto m = parse(env ? env : "");
  if (!m)
    return createStringError(inconvertibleErrorCode(),
                             "TILECHECK_GPU_LAUNCH: " +
                                 toString(m.takeError()));
  return m;
}

std::string GpuLaunchMode::str() const {
  switch (kind) {
  case Kind::Local:
    return "local";
  case Kind::Record:
    return "record:" + dir;
  case Kind::Replay:
    return "replay:" + dir;
  }
  return "local";
}

/// tile-run's exit code for a GPU run that ended with `status`.
static int exitCodeOf(gpu::Status status) {
  switch (status) {
  case gpu::Status::Ok:
  case gpu::Status::Recorded:
    return kExitOk;
  case gpu::Status::NoDriver:
  case gpu::Status::NoDevice:
  case gpu::Status::NotRecorded:
    return kExitNoGpu;
  case gpu::Status::Fault:
    return kExitUndefinedBehavior;
  case gpu::Status::Trap:
    return kExitAssertFailed;
  case gpu::Status::Timeout:
    return kExitStepLimit;
  case gpu::Status::LoadFailed:
  case gpu::Status::LaunchFailed:
  case gpu::Status::Error:
    return kExitError;
  }
  return kExitError;
}

GpuProgramOutcome runGpuProgram(mlir::Operation *module, StringRef programText,
                                const TileRunConfig &config,
                                const GpuRunOptions &options) {
  GpuProgramOutcome out;
  auto fail = [&](int code, const Twine &msg) {
    return failWith(out, code, msg);
  };

  gpu::Launch &launch = out.launch;
  int64_t globalScratchBytes = 0;
  if (options.cubin) {
    launch.image = *options.cubin;
    launch.block = {0, 0, 0};
    launch.dynamicSharedBytes = -1;
  } else {
    driver::CompileOptions copts = options.compile;
    copts.emit = driver::EmitStage::Cubin;
    driver::CompileResult compiled = driver::compile(programText, copts);
    out.compileCode = compiled.code;
    out.compileDiagnostics = compiled.diagnostics;
    if (!compiled.ok())
      return fail(kExitError,
                  "the compile to cubin failed:\n" + compiled.diagnostics);
    launch.image = std::move(compiled.output);
    launch.block = {static_cast<uint32_t>(compiled.threadsPerBlock), 1, 1};
    launch.dynamicSharedBytes = compiled.dynamicSharedBytes;
    globalScratchBytes = compiled.globalScratchBytes;
  }

  // Bind the arguments by the kernel ABI.
  KernelBinding binding = bindKernelArguments(module, config);
  if (binding.exitCode != kExitOk)
    return fail(binding.exitCode, binding.message);
  launch.kernel = binding.entry;
  for (unsigned d = 0; d < 3; ++d)
    launch.grid[d] = static_cast<uint32_t>(config.grid[d]);
  launch.origin =
      (options.cubin ? options.cubinOrigin
                     : "tilec " + options.compile.gpuName + " O" +
                           std::to_string(options.compile.optLevel)) +
      ", " + config.inputFile;
  struct Bound {
    unsigned argIndex;
    int buffer;
    NpyArray array;
    ElemType elem;
  };
  std::vector<Bound> bound;
  for (KernelArgument &arg : binding.args) {
    gpu::Param param;
    if (!arg.buffer) {
      param.bytes = std::move(arg.scalar);
      launch.params.push_back(std::move(param));
      continue;
    }
    PreparedBuffer &prepared = *arg.buffer;
    gpu::Buffer buffer;
    buffer.size = prepared.memorySize();
    if (!prepared.initialized)
      buffer.fill = gpu::Buffer::Fill::Uninit;
    else if (llvm::all_of(prepared.array.data,
                          [](uint8_t b) { return b == 0; }))
      buffer.fill = gpu::Buffer::Fill::Zero;
    else {
      buffer.fill = gpu::Buffer::Fill::Contents;
      buffer.contents = prepared.memoryImage();
    }
    param.buffer = static_cast<int>(launch.buffers.size());
    launch.buffers.push_back(std::move(buffer));
    launch.params.push_back(std::move(param));
    bound.push_back(
        {arg.index, param.buffer, std::move(prepared.array), arg.pointee});
  }
  if (globalScratchBytes > 0) {
    uint64_t blocks =
        uint64_t(launch.grid[0]) * launch.grid[1] * launch.grid[2];
    gpu::Buffer scratch;
    scratch.size = std::max<uint64_t>(1, blocks * globalScratchBytes);
    scratch.fill = gpu::Buffer::Fill::Uninit;
    scratch.readBack = false;
    gpu::Param param;
    param.buffer = static_cast<int>(launch.buffers.size());
    launch.buffers.push_back(std::move(scratch));
    launch.params.push_back(std::move(param));
  }

  // Launch, record or replay.
  out.launched = true;
  if (options.mode.kind != GpuLaunchMode::Kind::Local) {
    SmallString<256> dir(options.mode.dir);
    sys::path::append(dir, gpu::launchKey(launch));
    out.bundle = dir.str().str();
  }
  switch (options.mode.kind) {
  case GpuLaunchMode::Kind::Local:
    out.gpu = gpu::run(launch, options.run);
    break;
  case GpuLaunchMode::Kind::Record: {
    if (std::string e = gpu::writeBundle(launch, out.bundle); !e.empty())
      return fail(kExitError, "cannot record the launch: " + e);
    out.gpu.status = gpu::Status::Recorded;
    out.gpu.message = "launch recorded for tile-gpu-launch";
    break;
  }
  case GpuLaunchMode::Kind::Replay: {
    std::string e;
    if (std::optional<gpu::Result> r = gpu::readResult(out.bundle, e)) {
      out.gpu = std::move(*r);
    } else {
      out.gpu.status = gpu::Status::NotRecorded;
      out.gpu.message = "no recorded result for this launch (" + e + ")";
    }
    break;
  }
  }

  out.run.message = out.gpu.message;
  out.run.exitCode = exitCodeOf(out.gpu.status);
  if (out.gpu.status != gpu::Status::Ok)
    return std::move(out);

  // Read back.
  for (Bound &b : bound) {
    const std::vector<uint8_t> &bytes =
        static_cast<size_t>(b.buffer) < out.gpu.buffers.size()
            ? out.gpu.buffers[b.buffer]
            : std::vector<uint8_t>{};
    uint64_t size = memoryBytes(b.elem, b.array.numElements());
    if (bytes.size() != size)
      return fail(kExitError, "buffer of argument " + Twine(b.argIndex) +
                                  " came back with " + Twine(bytes.size()) +
                                  " bytes, not " + Twine(size));
    unpackFromMemory(b.elem, bytes, b.array.data);
    out.run.buffers.push_back({b.argIndex, std::move(b.array), b.elem});
  }
  if (!config.outDir.empty()) {
    if (std::error_code ec = sys::fs::create_directories(config.outDir))
      return fail(kExitError,
                  "cannot create '" + config.outDir + "': " + ec.message());
    for (const BufferResult &b : out.run.buffers) {
      SmallString<256> p(config.outDir);
      sys::path::append(p, "arg" + std::to_string(b.argIndex) + ".npy");
      if (Error e = writeNpy(p, b.array))
        return fail(kExitError, toString(std::move(e)));
    }
  }
  out.run.exitCode = kExitOk;
  return out;
}

} // namespace tilecheck::oracle
