//===- CudaDriver.cpp - One kernel launch through the CUDA Driver API -----===//
//
// libcuda.so.1 is opened with dlopen and its entry points resolved by their
// versioned names (cuMemAlloc_v2, ...): the toolkit's link stub is never
// linked, so a build without a driver runs and reports NoDriver. The types
// and enumerator values below are the Driver API's public ABI (cuda.h).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Gpu.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <thread>
#include <unistd.h>

namespace tilecheck::oracle::gpu {

namespace {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUevent = void *;
using CUstream = void *;

constexpr CUresult kSuccess = 0;
constexpr CUresult kNotReady = 600;
constexpr int kAttrMajor = 75, kAttrMinor = 76, kAttrSharedOptin = 97;
constexpr int kFuncMaxThreads = 0, kFuncStaticShared = 1,
              kFuncMaxDynamicShared = 8;
constexpr int kJitErrorLog = 5, kJitErrorLogSize = 6;

/// The entry points, resolved once per process.
struct Api {
  void *handle = nullptr;
  std::string missing;
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  /// Optional: the printf FIFO is left at the driver's 1 MiB without it.
  CUresult (*cuCtxSetLimit)(int, size_t);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamQuery)(CUstream);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
};

template <typename F> void resolve(Api &api, F &slot, const char *name) {
  slot = reinterpret_cast<F>(dlsym(api.handle, name));
  if (!slot && api.missing.empty())
    api.missing = std::string("libcuda.so.1 has no entry point ") + name;
}

const Api &api() {
  static Api a = [] {
    Api a{};
    const char *override = std::getenv("TILECHECK_LIBCUDA");
    const char *path = override && *override ? override : "libcuda.so.1";
    a.handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!a.handle) {
      const char *why = dlerror();
      a.missing = std::string("no CUDA driver: cannot load ") + path + " (" +
                  (why ? why : "unknown reason") + ")";
      return a;
    }
    resolve(a, a.cuInit, "cuInit");
    resolve(a, a.cuDeviceGetCount, "cuDeviceGetCount");
    resolve(a, a.cuDeviceGet, "cuDeviceGet");
    resolve(a, a.cuDeviceGetName, "cuDeviceGetName");
    resolve(a, a.cuDeviceGetAttribute, "cuDeviceGetAttribute");
    resolve(a, a.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    resolve(a, a.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    resolve(a, a.cuCtxSetCurrent, "cuCtxSetCurrent");
    resolve(a, a.cuCtxSynchronize, "cuCtxSynchronize");
    a.cuCtxSetLimit = reinterpret_cast<CUresult (*)(int, size_t)>(
        dlsym(a.handle, "cuCtxSetLimit"));
    resolve(a, a.cuModuleLoadDataEx, "cuModuleLoadDataEx");
    resolve(a, a.cuModuleGetFunction, "cuModuleGetFunction");
    resolve(a, a.cuModuleUnload, "cuModuleUnload");
    resolve(a, a.cuFuncGetAttribute, "cuFuncGetAttribute");
    resolve(a, a.cuFuncSetAttribute, "cuFuncSetAttribute");
    resolve(a, a.cuMemAlloc, "cuMemAlloc_v2");
    resolve(a, a.cuMemFree, "cuMemFree_v2");
    resolve(a, a.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
    resolve(a, a.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
    resolve(a, a.cuMemsetD8, "cuMemsetD8_v2");
    resolve(a, a.cuLaunchKernel, "cuLaunchKernel");
    resolve(a, a.cuStreamQuery, "cuStreamQuery");
    resolve(a, a.cuEventCreate, "cuEventCreate");
    resolve(a, a.cuEventRecord, "cuEventRecord");
    resolve(a, a.cuEventSynchronize, "cuEventSynchronize");
    resolve(a, a.cuEventElapsedTime, "cuEventElapsedTime");
    resolve(a, a.cuEventDestroy, "cuEventDestroy_v2");
    resolve(a, a.cuGetErrorName, "cuGetErrorName");
    resolve(a, a.cuGetErrorString, "cuGetErrorString");
    return a;
  }();
  return a;
}

std::string errorText(CUresult rc) {
  const Api &a = api();
  const char *name = nullptr, *text = nullptr;
  if (a.cuGetErrorName)
    a.cuGetErrorName(rc, &name);
  if (a.cuGetErrorString)
    a.cuGetErrorString(rc, &text);
  std::string s = name ? name : "CUDA error " + std::to_string(rc);
  if (text)
    s += std::string(" (") + text + ")";
  return s;
}

/// The status of an error from a launch or the synchronization after it.
Status launchErrorStatus(CUresult rc) {
  switch (rc) {
  case 700: // ILLEGAL_ADDRESS
  case 714: // HARDWARE_STACK_ERROR
  case 715: // ILLEGAL_INSTRUCTION
  case 716: // MISALIGNED_ADDRESS
  case 717: // INVALID_ADDRESS_SPACE
  case 718: // INVALID_PC
  case 719: // LAUNCH_FAILED
    return Status::Fault;
  case 710: // ASSERT
    return Status::Trap;
  case 702: // LAUNCH_TIMEOUT
    return Status::Timeout;
  default:
    return Status::Error;
  }
}

/// The primary context of device 0, current on this thread.
struct Session {
  CUdevice device = 0;
  CUcontext context = nullptr;
  bool retained = false;
  ~Session() {
    if (retained)
      api().cuDevicePrimaryCtxRelease(device);
  }
};

/// Opens device 0; on failure returns NoDriver/NoDevice/Error in `result`.
bool open(Session &s, Result &result) {
  const Api &a = api();
  if (!a.missing.empty()) {
    result.status = Status::NoDriver;
    result.message = a.missing;
    return false;
  }
  if (CUresult rc = a.cuInit(0); rc != kSuccess) {
    result.status = Status::NoDevice;
    result.message = "no usable GPU: cuInit failed: " + errorText(rc);
    return false;
  }
  int count = 0;
  if (a.cuDeviceGetCount(&count) != kSuccess || count == 0) {
    result.status = Status::NoDevice;
    result.message = "no GPU: the CUDA driver reports no device";
    return false;
  }
  if (CUresult rc = a.cuDeviceGet(&s.device, 0); rc != kSuccess) {
    result.status = Status::NoDevice;
    result.message = "no GPU: cuDeviceGet failed: " + errorText(rc);
    return false;
  }
  char name[256] = {0};
  a.cuDeviceGetName(name, sizeof(name) - 1, s.device);
  int major = 0, minor = 0;
  a.cuDeviceGetAttribute(&major, kAttrMajor, s.device);
  a.cuDeviceGetAttribute(&minor, kAttrMinor, s.device);
  result.device = std::string(name) + ", sm_" + std::to_string(major) +
                  std::to_string(minor);
  if (CUresult rc = a.cuDevicePrimaryCtxRetain(&s.context, s.device);
      rc != kSuccess) {
    result.status = Status::Error;
    result.message = "cannot retain the primary context: " + errorText(rc);
    return false;
  }
  s.retained = true;
  if (CUresult rc = a.cuCtxSetCurrent(s.context); rc != kSuccess) {
    result.status = Status::Error;
    result.message = "cannot make the context current: " + errorText(rc);
    return false;
  }
  // One more reference for the life of the process: releasing the last one
  // destroys the context, and the next launch would create it again. And
  // a printf FIFO of 32 MiB (CU_LIMIT_PRINTF_FIFO_SIZE), not 1 MiB: what
  // does not fit is dropped, which would read as a wrong print.
  static bool keptAlive = [&] {
    CUcontext extra = nullptr;
    if (a.cuCtxSetLimit)
      a.cuCtxSetLimit(/*CU_LIMIT_PRINTF_FIFO_SIZE=*/1, size_t(32) << 20);
    return a.cuDevicePrimaryCtxRetain(&extra, s.device) == kSuccess;
  }();
  (void)keptAlive;
  return true;
}

/// Device allocations and the module, freed on every path.
struct Resources {
  std::vector<CUdeviceptr> buffers;
  CUmodule module = nullptr;
  std::vector<CUevent> events;
  /// False after a timeout: the kernel may still run, and freeing under it
  /// would block; the process is expected to exit.
  bool release = true;
  ~Resources() {
    if (!release)
      return;
    const Api &a = api();
    for (CUevent e : events)
      a.cuEventDestroy(e);
    for (CUdeviceptr p : buffers)
      if (p)
        a.cuMemFree(p);
    if (module)
      a.cuModuleUnload(module);
  }
};

/// Waits for the null stream until `deadline`: kSuccess, an error, or
/// kNotReady when the deadline passed.
CUresult waitUntil(std::chrono::steady_clock::time_point deadline) {
  const Api &a = api();
  for (unsigned spin = 0;; ++spin) {
    CUresult rc = a.cuStreamQuery(nullptr);
    if (rc != kNotReady)
      return rc == kSuccess ? a.cuCtxSynchronize() : rc;
    if (std::chrono::steady_clock::now() > deadline)
      return kNotReady;
    std::this_thread::sleep_for(
        std::chrono::microseconds(spin < 100 ? 20 : 1000));
  }
}

/// Device printf goes to the process's stdout when the driver synchronizes:
/// fd 1 points to a temporary file while the kernel runs.
class StdoutCapture {
public:
  bool begin() {
    std::fflush(stdout);
    file = std::tmpfile();
    if (!file)
      return false;
    saved = ::dup(1);
    if (saved < 0 || ::dup2(::fileno(file), 1) < 0) {
      end();
      return false;
    }
    return true;
  }
  std::string end() {
    std::string text;
    std::fflush(stdout);
    if (saved >= 0) {
      ::dup2(saved, 1);
      ::close(saved);
      saved = -1;
    }
    if (file) {
      std::rewind(file);
      char buf[4096];
      for (size_t n; (n = std::fread(buf, 1, sizeof buf, file)) > 0;)
        text.append(buf, n);
      std::fclose(file);
      file = nullptr;
    }
    return text;
  }
  ~StdoutCapture() { end(); }

private:
  FILE *file = nullptr;
  int saved = -1;
};

} // namespace

std::optional<std::array<uint32_t, 3>> checkLaunch(const Launch &launch,
                                                   std::string &error) {
  std::optional<CubinKernelInfo> info;
  if (!launch.isPtx) {
    info = readCubinKernelInfo(launch.image, launch.kernel, error);
    if (!info)
      return std::nullopt;
  }
  std::array<uint32_t, 3> block = launch.block;
  if (block == std::array<uint32_t, 3>{0, 0, 0}) {
    if (!info || !info->requiredBlock) {
      error = "the launch names no block and kernel '" + launch.kernel +
              "' requires none (.reqntid)";
      return std::nullopt;
    }
    block = *info->requiredBlock;
  } else if (info && info->requiredBlock && *info->requiredBlock != block) {
    const std::array<uint32_t, 3> &r = *info->requiredBlock;
    error = "kernel '" + launch.kernel + "' requires a block of " +
            std::to_string(r[0]) + "x" + std::to_string(r[1]) + "x" +
            std::to_string(r[2]) + " but the launch gives " +
            std::to_string(block[0]) + "x" + std::to_string(block[1]) + "x" +
            std::to_string(block[2]);
    return std::nullopt;
  }
  for (size_t i = 0; i < launch.params.size(); ++i)
    if (launch.params[i].buffer >= static_cast<int>(launch.buffers.size())) {
      error = "parameter " + std::to_string(i) + " names buffer " +
              std::to_string(launch.params[i].buffer) + " of " +
              std::to_string(launch.buffers.size());
      return std::nullopt;
    }
  if (info && !info->params.empty()) {
    if (info->params.size() != launch.params.size()) {
      error = "kernel '" + launch.kernel + "' takes " +
              std::to_string(info->params.size()) +
              " parameters but the launch gives " +
              std::to_string(launch.params.size());
      return std::nullopt;
    }
    for (size_t i = 0; i < launch.params.size(); ++i) {
      size_t given = launch.params[i].buffer >= 0
                         ? sizeof(CUdeviceptr)
                         : launch.params[i].bytes.size();
      if (info->params[i].size != given) {
        error = "parameter " + std::to_string(i) + " of kernel '" +
                launch.kernel + "' is " + std::to_string(info->params[i].size) +
                " bytes but the launch gives " + std::to_string(given);
        return std::nullopt;
      }
    }
  }
  return block;
}

Result probe() {
  Result result;
  Session s;
  if (open(s, result))
    result.status = Status::Ok;
  return result;
}

Result run(const Launch &launch, const RunOptions &options) {
  Result result;
  Session session;
  if (!open(session, result))
    return result;
  const Api &a = api();
  auto fail = [&](Status status, const std::string &message) {
    result.status = status;
    result.message = message;
    return result;
  };

  std::string checkError;
  std::optional<std::array<uint32_t, 3>> checkedBlock =
      checkLaunch(launch, checkError);
  if (!checkedBlock)
    return fail(Status::LaunchFailed, checkError);
  std::array<uint32_t, 3> block = *checkedBlock;

  Resources res;
  // Load the image, with the JIT's error log.
  {
    std::vector<char> log(16384, 0);
    int opts[] = {kJitErrorLog, kJitErrorLogSize};
    void *vals[] = {log.data(), reinterpret_cast<void *>(log.size() - 1)};
    std::string image = launch.image;
    if (launch.isPtx)
      image.push_back('\0');
    if (CUresult rc =
            a.cuModuleLoadDataEx(&res.module, image.data(), 2, opts, vals);
        rc != kSuccess) {
      res.module = nullptr;
      std::string jit(log.data());
      return fail(Status::LoadFailed,
                  "cannot load the " +
                      std::string(launch.isPtx ? "PTX" : "cubin") + ": " +
                      errorText(rc) + (jit.empty() ? "" : "\n" + jit));
    }
  }
  CUfunction fn = nullptr;
  if (CUresult rc =
          a.cuModuleGetFunction(&fn, res.module, launch.kernel.c_str());
      rc != kSuccess)
    return fail(Status::LoadFailed, "the module has no kernel '" +
                                        launch.kernel + "': " + errorText(rc));
  int64_t dynamicShared = launch.dynamicSharedBytes;
  if (dynamicShared < 0) {
    int optin = 0, staticShared = 0;
    a.cuDeviceGetAttribute(&optin, kAttrSharedOptin, session.device);
    a.cuFuncGetAttribute(&staticShared, kFuncStaticShared, fn);
    dynamicShared = std::max(0, optin - staticShared);
  }
  if (dynamicShared > 48 * 1024)
    if (CUresult rc = a.cuFuncSetAttribute(fn, kFuncMaxDynamicShared,
                                           static_cast<int>(dynamicShared));
        rc != kSuccess)
      return fail(Status::LaunchFailed,
                  "cannot allow " + std::to_string(dynamicShared) +
                      " bytes of dynamic shared memory: " + errorText(rc));
  int maxThreads = 0;
  a.cuFuncGetAttribute(&maxThreads, kFuncMaxThreads, fn);

  // Buffers.
  res.buffers.assign(launch.buffers.size(), 0);
  for (size_t i = 0; i < launch.buffers.size(); ++i) {
    const Buffer &b = launch.buffers[i];
    if (CUresult rc =
            a.cuMemAlloc(&res.buffers[i], std::max<uint64_t>(1, b.size));
        rc != kSuccess) {
      res.buffers[i] = 0;
      return fail(Status::Error, "cannot allocate buffer " + std::to_string(i) +
                                     " (" + std::to_string(b.size) +
                                     " bytes): " + errorText(rc));
    }
    CUresult rc = kSuccess;
    switch (b.fill) {
    case Buffer::Fill::Contents:
      if (b.contents.size() != b.size)
        return fail(Status::Error, "buffer " + std::to_string(i) + " has " +
                                       std::to_string(b.contents.size()) +
                                       " initial bytes for " +
                                       std::to_string(b.size));
      if (b.size)
        rc = a.cuMemcpyHtoD(res.buffers[i], b.contents.data(), b.size);
      break;
    case Buffer::Fill::Zero:
      rc = a.cuMemsetD8(res.buffers[i], 0, std::max<uint64_t>(1, b.size));
      break;
    case Buffer::Fill::Uninit:
      // Contents undefined: a recognizable pattern rather than stale data.
      rc = a.cuMemsetD8(res.buffers[i], 0xA5, std::max<uint64_t>(1, b.size));
      break;
    }
    if (rc != kSuccess)
      return fail(Status::Error, "cannot initialize buffer " +
                                     std::to_string(i) + ": " + errorText(rc));
  }

  // Parameters: the driver copies each from the address it is given.
  std::vector<CUdeviceptr> addresses(launch.params.size(), 0);
  std::vector<void *> args(launch.params.size(), nullptr);
  for (size_t i = 0; i < launch.params.size(); ++i) {
    const Param &p = launch.params[i];
    if (p.buffer >= 0) {
      if (static_cast<size_t>(p.buffer) >= res.buffers.size())
        return fail(Status::Error, "parameter " + std::to_string(i) +
                                       " names buffer " +
                                       std::to_string(p.buffer) + " of " +
                                       std::to_string(res.buffers.size()));
      addresses[i] = res.buffers[p.buffer];
      args[i] = &addresses[i];
    } else {
      args[i] = const_cast<uint8_t *>(p.bytes.data());
    }
  }

  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(options.timeoutMs);
  auto launchOnce = [&]() -> CUresult {
    return a.cuLaunchKernel(fn, launch.grid[0], launch.grid[1], launch.grid[2],
                            block[0], block[1], block[2],
                            static_cast<unsigned>(dynamicShared), nullptr,
                            args.data(), nullptr);
  };
  auto finish = [&](CUresult rc) {
    if (rc == kNotReady) {
      res.release = false;
      return fail(Status::Timeout, "the kernel did not finish within " +
                                       std::to_string(options.timeoutMs) +
                                       " ms");
    }
    return fail(launchErrorStatus(rc), "the kernel failed: " + errorText(rc));
  };
  unsigned total = options.timedRuns ? options.warmup + options.timedRuns : 1;
  StdoutCapture capture;
  bool capturing = !options.timedRuns && capture.begin();
  for (unsigned i = 0; i < total; ++i) {
    bool timed = options.timedRuns && i >= options.warmup;
    CUevent start = nullptr, stop = nullptr;
    if (timed) {
      if (a.cuEventCreate(&start, 0) != kSuccess ||
          a.cuEventCreate(&stop, 0) != kSuccess)
        return fail(Status::Error, "cannot create CUDA events");
      res.events.push_back(start);
      res.events.push_back(stop);
      a.cuEventRecord(start, nullptr);
    }
    if (CUresult rc = launchOnce(); rc != kSuccess) {
      Status st = launchErrorStatus(rc);
      std::string why =
          "cuLaunchKernel(grid " + std::to_string(launch.grid[0]) + "x" +
          std::to_string(launch.grid[1]) + "x" +
          std::to_string(launch.grid[2]) + ", block " +
          std::to_string(block[0]) + "x" + std::to_string(block[1]) + "x" +
          std::to_string(block[2]) + ", " + std::to_string(dynamicShared) +
          " bytes dynamic shared; the kernel allows " +
          std::to_string(maxThreads) + " threads) failed: " + errorText(rc);
      return fail(st == Status::Error ? Status::LaunchFailed : st, why);
    }
    if (timed)
      a.cuEventRecord(stop, nullptr);
    if (CUresult rc = waitUntil(deadline); rc != kSuccess)
      return finish(rc);
    if (timed) {
      float ms = 0;
      a.cuEventElapsedTime(&ms, start, stop);
      result.timesMs.push_back(ms);
    }
  }
  if (capturing)
    result.printed = capture.end();
  if (!result.timesMs.empty()) {
    std::vector<float> sorted = result.timesMs;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    result.medianMs = n % 2 ? sorted[n / 2]
                            : 0.5 * (double(sorted[n / 2 - 1]) + sorted[n / 2]);
  }

  result.buffers.resize(launch.buffers.size());
  for (size_t i = 0; i < launch.buffers.size(); ++i) {
    const Buffer &b = launch.buffers[i];
    if (!b.readBack || !b.size)
      continue;
    result.buffers[i].resize(b.size);
    if (CUresult rc =
            a.cuMemcpyDtoH(result.buffers[i].data(), res.buffers[i], b.size);
        rc != kSuccess)
      return fail(Status::Error, "cannot read buffer " + std::to_string(i) +
                                     " back: " + errorText(rc));
  }
  result.status = Status::Ok;
  return result;
}

} // namespace tilecheck::oracle::gpu
