/*===- test-libcuda.c - A stand-in CUDA driver for tile-gpu-launch's pool -===//
 *
 * Loaded through TILECHECK_LIBCUDA by tests/Oracle/tile-gpu-launch-pool.mlir
 * to check how tile-gpu-launch's worker pool survives what a real GPU does
 * to a process: a kernel named "fault" faults (CUDA_ERROR_ILLEGAL_ADDRESS,
 * after which the context is unusable), "hang" never finishes, "crash"
 * kills the process inside the driver; any other kernel finishes at once
 * and leaves memory as it was. "Device" memory is host memory. It computes
 * nothing: what kernels compute is checked on a real GPU
 * (scripts/gpu_nightly.py).
 *
 *===----------------------------------------------------------------------===*/

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static CUresult pending = 0;

CUresult cuInit(unsigned flags) { (void)flags; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int i) { (void)i; *d = 0; return 0; }
CUresult cuDeviceGetName(char *s, int n, int d) {
  (void)d;
  snprintf(s, (size_t)n, "test driver");
  return 0;
}
CUresult cuDeviceGetAttribute(int *v, int attr, int d) {
  (void)d;
  *v = attr == 75 ? 9 : attr == 76 ? 0 : 232448;
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { (void)d; *c = &pending; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { (void)d; return 0; }
CUresult cuCtxSetCurrent(void *c) { (void)c; return 0; }
CUresult cuCtxSynchronize(void) { return pending; }
CUresult cuModuleLoadDataEx(void **m, const void *image, unsigned n, int *o, void **v) {
  (void)image; (void)n; (void)o; (void)v;
  *m = &pending;
  return 0;
}
CUresult cuModuleGetFunction(void **f, void *m, const char *name) {
  (void)m;
  *f = strdup(name);
  return 0;
}
CUresult cuModuleUnload(void *m) { (void)m; return 0; }
CUresult cuFuncGetAttribute(int *v, int attr, void *f) { (void)attr; (void)f; *v = 1024; return 0; }
CUresult cuFuncSetAttribute(void *f, int attr, int v) { (void)f; (void)attr; (void)v; return 0; }
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) { *p = (CUdeviceptr)malloc(n); return 0; }
CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)p); return 0; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { memcpy(d, (void *)s, n); return 0; }
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char c, size_t n) { memset((void *)d, c, n); return 0; }
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, void *stream,
                        void **params, void **extra) {
  (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)shared;
  (void)stream; (void)params; (void)extra;
  if (!strcmp((const char *)f, "fault"))
    pending = 700;
  else if (!strcmp((const char *)f, "hang"))
    pending = 600;
  else if (!strcmp((const char *)f, "crash"))
    abort();
  return 0;
}
CUresult cuStreamQuery(void *s) { (void)s; return pending; }
CUresult cuEventCreate(void **e, unsigned flags) { (void)flags; *e = malloc(1); return 0; }
CUresult cuEventRecord(void *e, void *s) { (void)e; (void)s; return 0; }
CUresult cuEventSynchronize(void *e) { (void)e; return 0; }
CUresult cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 1.0f; return 0; }
CUresult cuEventDestroy_v2(void *e) { free(e); return 0; }
CUresult cuGetErrorName(CUresult r, const char **s) {
  *s = r == 700 ? "CUDA_ERROR_ILLEGAL_ADDRESS" : "CUDA_ERROR_UNKNOWN";
  return 0;
}
CUresult cuGetErrorString(CUresult r, const char **s) {
  *s = r == 700 ? "an illegal memory access was encountered" : "unknown error";
  return 0;
}
