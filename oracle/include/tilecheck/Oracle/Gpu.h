//===- Gpu.h - Kernel launches on a GPU through the CUDA Driver API -------===//
//
// The GPU runner: one kernel launch (a cubin or PTX image, a grid, a block,
// parameters, buffers) run on the first GPU through the CUDA Driver API,
// which is loaded at run time (dlopen of libcuda.so.1, the versioned entry
// points such as cuMemAlloc_v2), so every build runs on machines without a
// GPU and says so.
//
// A launch is plain data and can also be written to a directory (a launch
// bundle: `launch.txt`, the image, one file per initialized buffer) and run
// elsewhere with `tile-gpu-launch`, which links nothing but this library:
// a machine with a GPU needs no LLVM, MLIR or tilecheck build to run what
// a machine without one compiled (GpuProgram.h: record and replay).
//
// Plain C++ (no LLVM types), so that tile-gpu-launch stays small.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_GPU_H
#define TILECHECK_ORACLE_GPU_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::oracle::gpu {

/// One buffer of a launch, allocated in global memory.
struct Buffer {
  enum class Fill { Contents, Zero, Uninit };
  uint64_t size = 0;
  Fill fill = Fill::Zero;
  /// The initial bytes when fill is Contents (size bytes).
  std::vector<uint8_t> contents;
  /// Copy it back after the launch.
  bool readBack = true;
};

/// One kernel parameter: the global address of a buffer, or raw bytes.
struct Param {
  int buffer = -1;
  std::vector<uint8_t> bytes;
};

struct Launch {
  /// The module image: a cubin, or PTX text (JIT-compiled by the driver).
  std::string image;
  bool isPtx = false;
  std::string kernel;
  std::array<uint32_t, 3> grid{1, 1, 1};
  /// Threads per block; {0, 0, 0}: the kernel's required block (.reqntid in
  /// the cubin's .nv.info), an error when it has none.
  std::array<uint32_t, 3> block{0, 0, 0};
  /// Bytes of dynamic shared memory; -1: the device's opt-in maximum per
  /// block minus the kernel's static shared memory (what cuTile's launcher
  /// gives a tileiras kernel).
  int64_t dynamicSharedBytes = 0;
  std::vector<Buffer> buffers;
  std::vector<Param> params;
  /// What launched it, for the reader of a bundle (one line).
  std::string origin;
};

enum class Status {
  Ok,
  /// libcuda.so.1 cannot be loaded, or a Driver API entry point is missing.
  NoDriver,
  /// The driver loaded but reports no device (cuInit or cuDeviceGet fails).
  NoDevice,
  /// The image does not load (the JIT log is in the message).
  LoadFailed,
  /// The launch was refused (bad block, too much shared memory, parameter
  /// sizes that do not match the kernel's).
  LaunchFailed,
  /// The kernel faulted (illegal address, misaligned access, illegal
  /// instruction, ...): undefined behaviour in the compiled code.
  Fault,
  /// The kernel trapped (a failed device-side assert).
  Trap,
  /// The kernel did not finish within the time limit.
  Timeout,
  /// Any other driver error.
  Error,
  /// Record mode: the launch was written to a bundle, not run.
  Recorded,
  /// Replay mode: no result was recorded for this launch.
  NotRecorded,
};
const char *statusName(Status status);
std::optional<Status> statusFromName(const std::string &name);

struct Result {
  Status status = Status::Error;
  std::string message;
  /// The device that ran it ("NVIDIA H200, sm_90").
  std::string device;
  /// The buffers after the launch (read-back ones; the others empty), when
  /// the kernel ran (status Ok).
  std::vector<std::vector<uint8_t>> buffers;
  /// What the kernel printed (device printf, i.e. print_tko), captured from
  /// this process's stdout around the launch; not captured in timing mode.
  std::string printed;
  /// Milliseconds of each timed launch (timing mode), and their median.
  std::vector<float> timesMs;
  double medianMs = 0;
};

struct RunOptions {
  /// Timing mode: after `warmup` launches, time `timedRuns` launches with
  /// CUDA events (each its own pair); 0 launches once, untimed. The buffers
  /// read back are those after the last launch.
  unsigned timedRuns = 0;
  unsigned warmup = 2;
  /// Wall-clock limit of the launch; in timing mode, of the warm-ups and
  /// timed launches together (tile-gpu-launch gives its workers that many
  /// times --timeout-ms).
  unsigned timeoutMs = 20000;
};

/// What run() checks before it touches the driver: the image is a cubin
/// with the kernel (or PTX), the block is the kernel's required one (or,
/// when the launch names none, the required one exists: it is returned),
/// every parameter names an existing buffer, and the parameters' count and
/// sizes are those of the cubin's EIATTR_KPARAM_INFO. nullopt and `error`
/// otherwise. Needs no GPU.
std::optional<std::array<uint32_t, 3>> checkLaunch(const Launch &launch,
                                                   std::string &error);

/// Runs `launch` on device 0 in this process. Never throws; every driver
/// object is released on every path.
Result run(const Launch &launch, const RunOptions &options = {});

/// Whether a driver and a device are there: Ok with `device` set, or
/// NoDriver/NoDevice with the message naming what is missing.
Result probe();

/// The kernel facts a cubin's .nv.info section holds.
struct ParamInfo {
  uint32_t ordinal = 0, offset = 0, size = 0;
};
struct CubinKernelInfo {
  std::optional<std::array<uint32_t, 3>> requiredBlock;
  /// Sorted by ordinal.
  std::vector<ParamInfo> params;
};
/// Reads `kernel`'s .nv.info.<kernel> section of an ELF cubin; nullopt and
/// `error` when the image is not such a cubin or has no such kernel.
std::optional<CubinKernelInfo> readCubinKernelInfo(const std::string &cubin,
                                                   const std::string &kernel,
                                                   std::string &error);

/// A 64-bit hash of everything that decides a launch's result (image,
/// kernel, geometry, parameters, buffer sizes and contents), as 16 hex
/// digits: the name of its bundle.
std::string launchKey(const Launch &launch);

/// Writes `launch` into directory `dir` (created): launch.txt, the image
/// (kernel.cubin or kernel.ptx) and bufN.bin for each Contents buffer.
/// Returns an error message, empty on success.
std::string writeBundle(const Launch &launch, const std::string &dir);
/// Reads a bundle written by writeBundle; `error` set on failure.
std::optional<Launch> readBundle(const std::string &dir, std::string &error);

/// Writes `result` into the bundle directory: result.txt and outN.bin per
/// read-back buffer. Returns an error message, empty on success.
std::string writeResult(const Result &result, const std::string &dir);
/// Reads what writeResult wrote; nullopt when there is no result.txt.
std::optional<Result> readResult(const std::string &dir, std::string &error);

} // namespace tilecheck::oracle::gpu

#endif // TILECHECK_ORACLE_GPU_H
