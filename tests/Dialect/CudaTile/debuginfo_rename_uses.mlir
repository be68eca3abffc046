// RUN: tilec-opt --test-debuginfo-update-symbol-name="symbol-to-rename=m::g new-name=g2 update-uses=true" %s | FileCheck %s

// With update-uses the references to a renamed global follow it.
// CHECK: global @g2
// CHECK: get_global @g2
cuda_tile.module @m {
  global @g <i32: 0> : tile<1xi32>
  entry @k() {
    %p = get_global @g : tile<ptr<i32>>
    return
  }
}
