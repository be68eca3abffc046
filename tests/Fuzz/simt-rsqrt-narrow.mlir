// Regression test of a backend bug found by a campaign (seed 91000000 and
// on, default matrix, simt sm_100 O3), reduced to tan(rsqrt(x)) on bf16:
// rsqrt lowered to upstream's math.rsqrt, which is 1/sqrt in the element
// type with both steps rounded to it. In bf16 that put rsqrt(0.0459) at
// 4.6875 instead of 4.65625, and tan, near its pole there, turned one unit
// into 147. rsqrt now computes 1/sqrt in f64 and rounds once to f32 and
// then to the element type, as the interpreter does: bit for bit on a sweep
// of f32, f16 and bf16 inputs.
// RUN: tile-diff %s --entry sweep --grid 1 --arg zeros:bf16:256 --arg zeros:f16:256 --arg zeros:f32:256 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry sweep --grid 1 --arg zeros:bf16:256 --arg zeros:f16:256 --arg zeros:f32:256 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry pole --grid 1 --arg zeros:bf16:1 --only-config compiler=simt,sm_100,O3 | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets
// The PTX computes in f64 (rcp.rn of sqrt.rn: 1/x correctly rounded) and
// rounds twice.
// RUN: tilec -O3 --gpu-name sm_100 --emit ptx --select-kernels=sweep %s | FileCheck %s --check-prefix=PTX
// PTX: sqrt.rn.f64
// PTX-NEXT: rcp.rn.f64
// PTX-NEXT: cvt.rn.f32.f64
// PTX-NEXT: cvt.rn.bf16.f32

cuda_tile.module @m {
  entry @sweep(%ob: tile<ptr<bf16>>, %oh: tile<ptr<f16>>, %of: tile<ptr<f32>>) {
    %i = iota : tile<256xi32>
    %f = itof %i signed : tile<256xi32> -> tile<256xf32>
    %s = constant <f32: 0.013671875> : tile<256xf32>
    %o = constant <f32: 0.01> : tile<256xf32>
    %x0 = mulf %f, %s : tile<256xf32>
    %x = addf %x0, %o : tile<256xf32>
    %xb = ftof %x : tile<256xf32> -> tile<256xbf16>
    %xh = ftof %x : tile<256xf32> -> tile<256xf16>
    %rb = rsqrt %xb : tile<256xbf16>
    %rh = rsqrt %xh : tile<256xf16>
    %rf = rsqrt %x : tile<256xf32>
    %pb0 = reshape %ob : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %pb1 = broadcast %pb0 : tile<1xptr<bf16>> -> tile<256xptr<bf16>>
    %pb = offset %pb1, %i : tile<256xptr<bf16>>, tile<256xi32> -> tile<256xptr<bf16>>
    %t0 = store_ptr_tko weak %pb, %rb : tile<256xptr<bf16>>, tile<256xbf16> -> token
    %ph0 = reshape %oh : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ph1 = broadcast %ph0 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %ph = offset %ph1, %i : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %t1 = store_ptr_tko weak %ph, %rh : tile<256xptr<f16>>, tile<256xf16> -> token
    %pf0 = reshape %of : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pf1 = broadcast %pf0 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %pf = offset %pf1, %i : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %t2 = store_ptr_tko weak %pf, %rf : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
  entry @pole(%arg0: tile<ptr<bf16>>) {
    %0 = constant <bf16: 4.589840e-02> : tile<bf16>
    %1 = rsqrt %0 : tile<bf16>
    %2 = tan %1 : tile<bf16>
    %3 = store_ptr_tko release device %arg0, %2 : tile<ptr<bf16>>, tile<bf16> -> token
    return
  }
}
