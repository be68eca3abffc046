// cuTile Python's export of atomicloop.py (atomicloop.tileirbc) as text: a
// for loop with a load and atomic_rmw_tko min, swapping 4x4 i16 values,
// one of them stored through 16 equal pointers. tileiras 13.5.37 crashes
// on it (SIGSEGV) at -O1..-O3 and compiles it at -O0.
// The launch below: N = 4 iterations over X (4 x i32), M (1 x i32) and Y
// (16 x i16), with the shape and stride scalars of cuTile's calling
// convention.
// tilecheck: entry=@atomicloop_Kt1_Si32_A1i32_1l0_A1i32_1l0_A1i16_1l0 grid=1,1,1
// tilecheck: arg0 = scalar i32 4
// tilecheck: arg1 = buffer i32[4] in
// tilecheck: arg2 = scalar i32 4
// tilecheck: arg3 = scalar i32 1
// tilecheck: arg4 = buffer i32[1] inout
// tilecheck: arg5 = scalar i32 1
// tilecheck: arg6 = scalar i32 1
// tilecheck: arg7 = buffer i16[16] out
// tilecheck: arg8 = scalar i32 16
// tilecheck: arg9 = scalar i32 1
cuda_tile.module @kernels {
  entry @atomicloop_Kt1_Si32_A1i32_1l0_A1i32_1l0_A1i16_1l0(%arg0: tile<i32>, %arg1: tile<ptr<i32>>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<ptr<i32>>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<i16>>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume bounded<0, ?>, %arg2 : tile<i32>
    %2 = assume bounded<0, ?>, %arg3 : tile<i32>
    %3 = make_tensor_view %arg1, shape = [%1], strides = [%2] : tile<i32> -> tensor_view<?xi32, strides=[?]>
    %4 = assume bounded<0, ?>, %arg5 : tile<i32>
    %5 = assume bounded<0, ?>, %arg6 : tile<i32>
    %6 = assume bounded<0, ?>, %arg8 : tile<i32>
    %7 = assume bounded<0, ?>, %arg9 : tile<i32>
    %8 = constant <i16: 0> : tile<4x4xi16>
    %9 = constant <i16: 0> : tile<4x4xi16>
    %10 = constant <i32: 0> : tile<i32>
    %11 = constant <i32: 1> : tile<i32>
    %12 = make_partition_view %3 : partition_view<tile=(1), tensor_view<?xi32, strides=[?]>>
    %13 = constant <i32: 0> : tile<1xi32>
    %14 = exti %13 signed : tile<1xi32> -> tile<1xi64>
    %15 = exti %4 signed : tile<i32> -> tile<i64>
    %16 = reshape %15 : tile<i64> -> tile<1xi64>
    %17 = cmpi less_than %14, %16, unsigned : tile<1xi64> -> tile<1xi1>
    %18 = exti %5 signed : tile<i32> -> tile<i64>
    %19 = reshape %18 : tile<i64> -> tile<1xi64>
    %20 = muli %14, %19 : tile<1xi64>
    %21 = reshape %arg4 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %22 = offset %21, %20 : tile<1xptr<i32>>, tile<1xi64> -> tile<1xptr<i32>>
    %23 = constant <i16: 1> : tile<4x4xi16>
    %24:3 = for %arg10 in (%10 to %arg0, step %11) : tile<i32> iter_values(%arg11 = %8, %arg12 = %9, %arg13 = %0) -> (tile<4x4xi16>, tile<4x4xi16>, token) {
      %tile, %result_token = load_view_tko relaxed device %12[%arg10] token = %0 : partition_view<tile=(1), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<1xi32>, token
      %result, %result_token_0 = atomic_rmw_tko relaxed device %22, min, %tile, %17 token=%arg13 : tile<1xptr<i32>>, tile<1xi32>, tile<1xi1> -> tile<1xi32>, token
      continue %23, %arg11, %result_token_0 : tile<4x4xi16>, tile<4x4xi16>, token
    }
    %25 = constant <i32: 0> : tile<16xi32>
    %26 = reshape %24#1 : tile<4x4xi16> -> tile<16xi16>
    %27 = exti %25 signed : tile<16xi32> -> tile<16xi64>
    %28 = exti %6 signed : tile<i32> -> tile<i64>
    %29 = reshape %28 : tile<i64> -> tile<1xi64>
    %30 = broadcast %29 : tile<1xi64> -> tile<16xi64>
    %31 = cmpi less_than %27, %30, unsigned : tile<16xi64> -> tile<16xi1>
    %32 = exti %7 signed : tile<i32> -> tile<i64>
    %33 = reshape %32 : tile<i64> -> tile<1xi64>
    %34 = broadcast %33 : tile<1xi64> -> tile<16xi64>
    %35 = muli %27, %34 : tile<16xi64>
    %36 = reshape %arg7 : tile<ptr<i16>> -> tile<1xptr<i16>>
    %37 = broadcast %36 : tile<1xptr<i16>> -> tile<16xptr<i16>>
    %38 = offset %37, %35 : tile<16xptr<i16>>, tile<16xi64> -> tile<16xptr<i16>>
    %39 = store_ptr_tko weak %38, %26, %31 token=%0 : tile<16xptr<i16>>, tile<16xi16>, tile<16xi1> -> token
  }
}

