// The backend on the seed kernels: LLVM IR, PTX and (with ptxas) a cubin
// for every target at every tier. A GEMM contracts through the shared
// scratch buffer with one FMA per step; softmax's exp comes from libdevice,
// linked, so the PTX calls nothing.
// RUN: tilec -O2 --gpu-name sm_90 --emit ptx %S/../../corpus/seeds/gemm.mlir | FileCheck %s --check-prefix=GEMM
// GEMM: .extern .shared .align 16 .b8 __tilec_smem[];
// GEMM: .visible .entry gemm(
// GEMM: .maxntid 128, 1, 1
// GEMM: st.shared
// GEMM: bar.sync 0;
// GEMM: ld.shared
// GEMM: fma.rn.f32

// RUN: tilec -O3 --gpu-name sm_100 --emit ptx %S/../../corpus/seeds/row_softmax.mlir | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: .visible .entry row_softmax(
// SOFTMAX-NOT: call
// SOFTMAX: ret;

// RUN: tilec -O0 --gpu-name sm_80 --emit llvm %S/../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=IR
// IR: target triple = "nvptx64-nvidia-cuda"
// IR: define ptx_kernel void @vector_add(ptr addrspace(1) {{.*}}, ptr addrspace(1) {{.*}}, ptr addrspace(1) {{.*}}, i32 {{.*}})
// IR: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// IR: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// IR: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

// An op with no lowering yet is a compile error naming it (exit 1).
// RUN: sh -c 'tilec --emit ptx %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=NOLOWER
// (Printing a pointer: its address would be the launcher's, not the
// interpreter's.)
// NOLOWER: error: the LLVM backend does not lower 'nv_tileas.print_tko' yet
// NOLOWER: rc=1

cuda_tile.module @m {
  entry @k(%q: tile<ptr<f32>>) {
    %t = print_tko "%p\n", %q : tile<ptr<f32>> -> token
    return
  }
}

// A scalar broadcast to a tile needs no scratch buffer (every thread holds
// the scalar): saxpy launches without dynamic shared memory.
// RUN: tilec -O2 --gpu-name sm_90 --emit ptx --launch-info %S/../../corpus/seeds/saxpy.mlir -o %t.saxpy.ptx 2>&1 | FileCheck %s --check-prefix=SAXPY
// SAXPY: launch: block=128,1,1 dynamic_shared_bytes=0
