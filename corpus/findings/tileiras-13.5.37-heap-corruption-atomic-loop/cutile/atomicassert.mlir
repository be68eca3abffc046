// cuTile Python's export of atomicassert.py (atomicassert.tileirbc) as
// text: a for loop of three iterations with assert, a load and
// atomic_rmw_tko max, swapping two 1xi32 values. tileiras 13.5.37 corrupts
// its heap on it at -O1..-O3 (glibc abort or SIGSEGV); -O0 compiles.
// The launch below: X (3 x i32) and M (1 x i32), with the shape and stride
// scalars of cuTile's calling convention. As in ../program.mlir, the assert
// fails in the first iteration (b = 1, a = 0): tile-run exits 4.
// tilecheck: entry=@atomicassert_Kt1_A1i32_1l0_A1i32_1l0 grid=1,1,1
// tilecheck: arg0 = buffer i32[3] in
// tilecheck: arg1 = scalar i32 3
// tilecheck: arg2 = scalar i32 1
// tilecheck: arg3 = buffer i32[1] inout
// tilecheck: arg4 = scalar i32 1
// tilecheck: arg5 = scalar i32 1
cuda_tile.module @kernels {
  entry @atomicassert_Kt1_A1i32_1l0_A1i32_1l0(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume bounded<0, ?>, %arg1 : tile<i32>
    %2 = assume bounded<0, ?>, %arg2 : tile<i32>
    %3 = make_tensor_view %arg0, shape = [%1], strides = [%2] : tile<i32> -> tensor_view<?xi32, strides=[?]>
    %4 = assume bounded<0, ?>, %arg4 : tile<i32>
    %5 = assume bounded<0, ?>, %arg5 : tile<i32>
    %6 = constant <i32: 0> : tile<1xi32>
    %7 = constant <i32: 1> : tile<1xi32>
    %8 = constant <i32: 3> : tile<i32>
    %9 = constant <i32: 0> : tile<i32>
    %10 = constant <i32: 1> : tile<i32>
    %11 = make_partition_view %3 : partition_view<tile=(1), tensor_view<?xi32, strides=[?]>>
    %12 = constant <i32: 0> : tile<1xi32>
    %13 = exti %12 signed : tile<1xi32> -> tile<1xi64>
    %14 = exti %4 signed : tile<i32> -> tile<i64>
    %15 = reshape %14 : tile<i64> -> tile<1xi64>
    %16 = cmpi less_than %13, %15, unsigned : tile<1xi64> -> tile<1xi1>
    %17 = exti %5 signed : tile<i32> -> tile<i64>
    %18 = reshape %17 : tile<i64> -> tile<1xi64>
    %19 = muli %13, %18 : tile<1xi64>
    %20 = reshape %arg3 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %21 = offset %20, %19 : tile<1xptr<i32>>, tile<1xi64> -> tile<1xptr<i32>>
    %22 = constant <i32: 1> : tile<1xi32>
    %23:3 = for %arg6 in (%9 to %8, step %10) : tile<i32> iter_values(%arg7 = %6, %arg8 = %7, %arg9 = %0) -> (tile<1xi32>, tile<1xi32>, token) {
      %24 = cmpi less_than_or_equal %arg8, %arg7, signed : tile<1xi32> -> tile<1xi1>
      assert %24, "b <= a" : tile<1xi1>
      %tile, %result_token = load_view_tko weak %11[%arg6] token = %0 : partition_view<tile=(1), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<1xi32>, token
      %result, %result_token_0 = atomic_rmw_tko relaxed device %21, max, %tile, %16 token=%arg9 : tile<1xptr<i32>>, tile<1xi32>, tile<1xi1> -> tile<1xi32>, token
      continue %22, %arg7, %result_token_0 : tile<1xi32>, tile<1xi32>, token
    }
  }
}

