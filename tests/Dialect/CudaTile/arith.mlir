// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

cuda_tile.module @arith {
  // CHECK-LABEL: testing$func @integer_ops
  // CHECK-SAME: (%[[A:.*]]: tile<4x8xi32>, %[[B:.*]]: tile<4x8xi32>)
  testing$func @integer_ops(%a: !cuda_tile.tile<4x8xi32>, %b: tile<4x8xi32>) {
    // CHECK: absi %[[A]] : tile<4x8xi32>
    %0 = absi %a : tile<4x8xi32>
    // CHECK: addi %[[A]], %[[B]] : tile<4x8xi32>
    %1 = addi %a, %b : tile<4x8xi32>
    // CHECK: addi %[[A]], %[[B]] overflow<no_wrap> : tile<4x8xi32>
    %2 = cuda_tile.addi %a, %b overflow<no_wrap> : !cuda_tile.tile<4x8xi32>
    // CHECK: subi %[[A]], %[[B]] overflow<no_signed_wrap> : tile<4x8xi32>
    %3 = subi %a, %b overflow<no_signed_wrap> : tile<4x8xi32>
    // CHECK: muli %[[A]], %[[B]] overflow<no_unsigned_wrap> : tile<4x8xi32>
    %4 = muli %a, %b overflow<no_unsigned_wrap> : tile<4x8xi32>
    // CHECK: mulhii %[[A]], %[[B]] : tile<4x8xi32>
    %5 = mulhii %a, %b : tile<4x8xi32>
    // CHECK: divi %[[A]], %[[B]] signed : tile<4x8xi32>
    %6 = divi %a, %b signed : tile<4x8xi32>
    // The default rounding (zero) is not printed.
    // CHECK: divi %[[A]], %[[B]] unsigned : tile<4x8xi32>
    %7 = divi %a, %b unsigned rounding<zero> : tile<4x8xi32>
    // CHECK: divi %[[A]], %[[B]] signed rounding<negative_inf> : tile<4x8xi32>
    %8 = divi %a, %b signed rounding<negative_inf> : tile<4x8xi32>
    // CHECK: divi %[[A]], %[[B]] unsigned rounding<positive_inf> : tile<4x8xi32>
    %9 = divi %a, %b unsigned rounding<positive_inf> : tile<4x8xi32>
    // CHECK: remi %[[A]], %[[B]] signed : tile<4x8xi32>
    %10 = remi %a, %b signed : tile<4x8xi32>
    // CHECK: negi %[[A]] : tile<4x8xi32>
    %11 = negi %a : tile<4x8xi32>
    // CHECK: negi %[[A]] overflow<no_signed_wrap> : tile<4x8xi32>
    %12 = negi %a overflow<no_signed_wrap> : tile<4x8xi32>
    // CHECK: shli %[[A]], %[[B]] : tile<4x8xi32>
    %13 = shli %a, %b : tile<4x8xi32>
    // CHECK: shri %[[A]], %[[B]] unsigned : tile<4x8xi32>
    %14 = shri %a, %b unsigned : tile<4x8xi32>
    // CHECK: maxi %[[A]], %[[B]] signed : tile<4x8xi32>
    %15 = maxi %a, %b signed : tile<4x8xi32>
    // CHECK: mini %[[A]], %[[B]] unsigned : tile<4x8xi32>
    %16 = mini %a, %b unsigned : tile<4x8xi32>
    // CHECK: cmpi greater_than_or_equal %[[A]], %[[B]], unsigned : tile<4x8xi32> -> tile<4x8xi1>
    %17 = cmpi greater_than_or_equal %a, %b, unsigned : tile<4x8xi32> -> tile<4x8xi1>
    // CHECK: cmpi equal %[[A]], %[[B]], signed : tile<4x8xi32> -> tile<4x8xi1>
    %18 = "cuda_tile.cmpi"(%a, %b) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<4x8xi32>, !cuda_tile.tile<4x8xi32>) -> !cuda_tile.tile<4x8xi1>
  }

  // CHECK-LABEL: testing$func @bitwise_ops
  // CHECK-SAME: (%[[P:.*]]: tile<16xi1>, %[[Q:.*]]: tile<16xi1>)
  testing$func @bitwise_ops(%p: tile<16xi1>, %q: tile<16xi1>) {
    // CHECK: andi %[[P]], %[[Q]] : tile<16xi1>
    %0 = andi %p, %q : tile<16xi1>
    // CHECK: ori %[[P]], %[[Q]] : tile<16xi1>
    %1 = ori %p, %q : tile<16xi1>
    // CHECK: xori %[[P]], %[[Q]] : tile<16xi1>
    %2 = xori %p, %q : tile<16xi1>
  }

  // CHECK-LABEL: testing$func @float_ops
  // CHECK-SAME: (%[[X:.*]]: tile<8xf32>, %[[Y:.*]]: tile<8xf32>, %[[Z:.*]]: tile<8xf32>)
  testing$func @float_ops(%x: tile<8xf32>, %y: tile<8xf32>, %z: tile<8xf32>) {
    // CHECK: absf %[[X]] : tile<8xf32>
    %0 = absf %x : tile<8xf32>
    // The default rounding (nearest_even) is not printed.
    // CHECK: addf %[[X]], %[[Y]] : tile<8xf32>
    %1 = addf %x, %y rounding<nearest_even> : tile<8xf32>
    // CHECK: addf %[[X]], %[[Y]] rounding<zero> flush_to_zero : tile<8xf32>
    %2 = addf %x, %y rounding<zero> flush_to_zero : tile<8xf32>
    // CHECK: subf %[[X]], %[[Y]] rounding<positive_inf> : tile<8xf32>
    %3 = subf %x, %y rounding<positive_inf> : tile<8xf32>
    // CHECK: mulf %[[X]], %[[Y]] rounding<negative_inf> : tile<8xf32>
    %4 = mulf %x, %y rounding<negative_inf> : tile<8xf32>
    // CHECK: divf %[[X]], %[[Y]] : tile<8xf32>
    %5 = divf %x, %y : tile<8xf32>
    // CHECK: divf %[[X]], %[[Y]] rounding<approx> flush_to_zero : tile<8xf32>
    %6 = divf %x, %y rounding<approx> flush_to_zero : tile<8xf32>
    // CHECK: divf %[[X]], %[[Y]] rounding<full> : tile<8xf32>
    %7 = divf %x, %y rounding<full> : tile<8xf32>
    // CHECK: remf %[[X]], %[[Y]] : tile<8xf32>
    %8 = remf %x, %y : tile<8xf32>
    // CHECK: negf %[[X]] : tile<8xf32>
    %9 = negf %x : tile<8xf32>
    // CHECK: fma %[[X]], %[[Y]], %[[Z]] rounding<zero> flush_to_zero : tile<8xf32>
    %10 = fma %x, %y, %z rounding<zero> flush_to_zero : tile<8xf32>
    // CHECK: maxf %[[X]], %[[Y]] : tile<8xf32>
    %11 = maxf %x, %y : tile<8xf32>
    // The two unit modifiers may come in either order; printed ftz first.
    // CHECK: maxf %[[X]], %[[Y]] flush_to_zero propagate_nan : tile<8xf32>
    %12 = maxf %x, %y propagate_nan flush_to_zero : tile<8xf32>
    // CHECK: minf %[[X]], %[[Y]] propagate_nan : tile<8xf32>
    %13 = minf %x, %y propagate_nan : tile<8xf32>
    // CHECK: cmpf less_than unordered %[[X]], %[[Y]] : tile<8xf32> -> tile<8xi1>
    %14 = cmpf less_than unordered %x, %y : tile<8xf32> -> tile<8xi1>
    // CHECK: cmpf not_equal ordered %[[X]], %[[Y]] : tile<8xf32> -> tile<8xi1>
    %15 = "cuda_tile.cmpf"(%x, %y) {comparison_predicate = #cuda_tile.comparison_predicate<not_equal>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>} : (!cuda_tile.tile<8xf32>, !cuda_tile.tile<8xf32>) -> !cuda_tile.tile<8xi1>
  }

  // CHECK-LABEL: testing$func @narrow_floats
  testing$func @narrow_floats(%h: tile<2x2xf16>, %b: tile<bf16>, %d: tile<4xf64>) {
    // CHECK: addf %{{.*}}, %{{.*}} : tile<2x2xf16>
    %0 = addf %h, %h : tile<2x2xf16>
    // CHECK: mulf %{{.*}}, %{{.*}} rounding<zero> : tile<bf16>
    %1 = mulf %b, %b rounding<zero> : tile<bf16>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<positive_inf> : tile<4xf64>
    %2 = divf %d, %d rounding<positive_inf> : tile<4xf64>
    // CHECK: maxf %{{.*}}, %{{.*}} propagate_nan : tile<2x2xf16>
    %3 = maxf %h, %h propagate_nan : tile<2x2xf16>
  }

  // CHECK-LABEL: testing$func @select_ops
  // CHECK-SAME: (%[[C:.*]]: tile<2x4xi1>, %[[T:.*]]: tile<2x4xf16>, %[[F:.*]]: tile<2x4xf16>, %[[P:.*]]: tile<2x4xptr<f32>>)
  testing$func @select_ops(%c: tile<2x4xi1>, %t: tile<2x4xf16>, %f: tile<2x4xf16>, %p: tile<2x4xptr<f32>>) {
    // CHECK: select %[[C]], %[[T]], %[[F]] : tile<2x4xi1>, tile<2x4xf16>
    %0 = select %c, %t, %f : tile<2x4xi1>, tile<2x4xf16>
    // Pointer tiles can be selected too.
    // CHECK: select %[[C]], %[[P]], %[[P]] : tile<2x4xi1>, tile<2x4xptr<f32>>
    %1 = select %c, %p, %p : tile<2x4xi1>, tile<2x4xptr<f32>>
  }
}
