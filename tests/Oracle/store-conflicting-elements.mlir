// Two elements of one store that write different values to one address: the
// memory model leaves the order of a tile store's element writes open, so
// the stored value is not determined and the interpreter rejects the
// program as undefined (exit 3), for store_ptr_tko and store_view_tko. The
// same address written with equal values is fine. Regression: a campaign's
// reduction (of a backend precision finding) drifted into the first kernel
// below, which the interpreter used to run in row-major order (the last
// element won) while the SIMT executor's threads race.
// RUN: not tile-run %s --entry ptrs --grid 1 --arg zeros:f64:4 --arg zeros:f64:1 2>&1 | FileCheck %s --check-prefix=PTR
// PTR: undefined behaviour{{.*}}elements 0 and 1 of one store write different values to 0x{{[0-9a-f]+}}; the order of a tile store's element writes is unspecified, so the stored value is not determined
// RUN: tile-run %s --entry same --grid 1 --arg zeros:f32:1 --out-dir %t.same
// RUN: not tile-run %s --entry view --grid 1 --arg zeros:i32:4 2>&1 | FileCheck %s --check-prefix=VIEW
// VIEW: undefined behaviour{{.*}}elements 1 and 2 of one store write different values
cuda_tile.module @m {
  entry @ptrs(%arg0: tile<ptr<f64>>, %arg1: tile<ptr<f64>>) {
    %0 = constant <i32: 0> : tile<i32>
    %c = constant <f64: [[1.0], [2.0]]> : tile<2x1xf64>
    %3 = reshape %arg1 : tile<ptr<f64>> -> tile<1x1xptr<f64>>
    %4 = broadcast %3 : tile<1x1xptr<f64>> -> tile<2x1xptr<f64>>
    %5 = store_ptr_tko weak %4, %c : tile<2x1xptr<f64>>, tile<2x1xf64> -> token
    return
  }
  entry @same(%arg0: tile<ptr<f32>>) {
    %c = constant <f32: 3.0> : tile<4xf32>
    %p = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %b = broadcast %p : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %t = store_ptr_tko weak %b, %c : tile<4xptr<f32>>, tile<4xf32> -> token
    return
  }
  entry @view(%arg0: tile<ptr<i32>>) {
    %0 = constant <i32: 0> : tile<i32>
    %v = constant <i32: [[0, 1], [2, 3]]> : tile<2x2xi32>
    %tv = make_tensor_view %arg0, shape = [2, 2], strides = [1, 1] : tensor_view<2x2xi32, strides=[1,1]>
    %pv = make_partition_view %tv : partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[1,1]>>
    %t = store_view_tko weak %v, %pv[%0, %0] : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[1,1]>>, tile<i32> -> token
    return
  }
}
