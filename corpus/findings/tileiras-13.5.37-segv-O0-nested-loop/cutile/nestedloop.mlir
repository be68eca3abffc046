// cuTile Python's export of nestedloop.py (nestedloop.tileirbc) as text: a
// loop with break from an if, nested in a for, then a reduce under an if,
// stored through 8 equal pointers. tileiras 13.5.37 crashes on it
// (SIGSEGV) at -O0..-O3.
// The launch below: S = 0, so the for runs once and the if loads X's tile
// (0, 1); X (8x32 f16) and Y (16 x f16), with the shape and stride scalars
// of cuTile's calling convention. X starts zeroed ("out"), so that the
// eight row maxima the scatter writes to Y[0] are equal (different values
// would be undefined behaviour).
// tilecheck: entry=@nestedloop_Kt1_Si32_A2f16_3l0_A1f16_1l0 grid=1,1,1
// tilecheck: arg0 = scalar i32 0
// tilecheck: arg1 = buffer f16[8x32] out
// tilecheck: arg2 = scalar i32 8
// tilecheck: arg3 = scalar i32 32
// tilecheck: arg4 = scalar i32 32
// tilecheck: arg5 = scalar i32 1
// tilecheck: arg6 = buffer f16[16] out
// tilecheck: arg7 = scalar i32 16
// tilecheck: arg8 = scalar i32 1
cuda_tile.module @kernels {
  entry @nestedloop_Kt1_Si32_A2f16_3l0_A1f16_1l0(%arg0: tile<i32>, %arg1: tile<ptr<f16>>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f16>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume bounded<0, ?>, %arg2 : tile<i32>
    %2 = assume bounded<0, ?>, %arg3 : tile<i32>
    %3 = assume bounded<0, ?>, %arg4 : tile<i32>
    %4 = assume bounded<0, ?>, %arg5 : tile<i32>
    %5 = make_tensor_view %arg1, shape = [%1, %2], strides = [%3, %4] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %6 = assume bounded<0, ?>, %arg7 : tile<i32>
    %7 = assume bounded<0, ?>, %arg8 : tile<i32>
    %8 = constant <f16: 0.000000e+00> : tile<8xf16>
    %9 = constant <i32: 1> : tile<i32>
    %10 = constant <i32: 1> : tile<i32>
    %11 = for %arg9 in (%arg0 to %9, step %10) : tile<i32> iter_values(%arg10 = %8) -> (tile<8xf16>) {
      %30:2 = loop iter_values(%arg11 = %arg9, %arg12 = %arg10) : tile<i32>, tile<8xf16> -> tile<i32>, tile<8xf16> {
        %31 = cmpi greater_than_or_equal %arg11, %arg9, signed : tile<i32> -> tile<i1>
        if %31 {
          break %arg11, %arg12 : tile<i32>, tile<8xf16>
        } else {
        }
        continue %arg9, %arg10 : tile<i32>, tile<8xf16>
      }
      continue %30#1 : tile<8xf16>
    }
    %12 = constant <i32: 1> : tile<i32>
    %13 = cmpi less_than %arg0, %12, signed : tile<i32> -> tile<i1>
    %14:2 = if %13 -> (tile<8xf16>, token) {
      %30 = constant <i32: 1> : tile<i32>
      %31 = make_partition_view %5 : partition_view<tile=(8x16), tensor_view<?x?xf16, strides=[?,?]>>
      %tile, %result_token = load_view_tko acquire device %31[%arg0, %30] token = %0 : partition_view<tile=(8x16), tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<8x16xf16>, token
      %32 = reduce %tile dim=1 identities=[0xFC00 : f16] : tile<8x16xf16> -> tile<8xf16> 
      (%arg9: tile<f16>, %arg10: tile<f16>) {
        %33 = maxf %arg9, %arg10 : tile<f16>
        yield %33 : tile<f16>
      }
      yield %32, %result_token : tile<8xf16>, token
    } else {
      yield %11, %0 : tile<8xf16>, token
    }
    %15 = constant <i32: 0> : tile<8xi32>
    %16 = exti %15 signed : tile<8xi32> -> tile<8xi64>
    %17 = exti %6 signed : tile<i32> -> tile<i64>
    %18 = reshape %17 : tile<i64> -> tile<1xi64>
    %19 = broadcast %18 : tile<1xi64> -> tile<8xi64>
    %20 = cmpi less_than %16, %19, unsigned : tile<8xi64> -> tile<8xi1>
    %21 = exti %7 signed : tile<i32> -> tile<i64>
    %22 = reshape %21 : tile<i64> -> tile<1xi64>
    %23 = broadcast %22 : tile<1xi64> -> tile<8xi64>
    %24 = muli %16, %23 : tile<8xi64>
    %25 = reshape %arg6 : tile<ptr<f16>> -> tile<1xptr<f16>>
    %26 = broadcast %25 : tile<1xptr<f16>> -> tile<8xptr<f16>>
    %27 = offset %26, %24 : tile<8xptr<f16>>, tile<8xi64> -> tile<8xptr<f16>>
    %28 = join_tokens %0, %14#1 : token
    %29 = store_ptr_tko weak %27, %14#0, %20 token=%28 : tile<8xptr<f16>>, tile<8xf16>, tile<8xi1> -> token
  }
}

