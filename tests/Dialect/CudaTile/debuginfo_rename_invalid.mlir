// RUN: tilec-opt --test-debuginfo-update-symbol-name="symbol-to-rename=m::k scope=m::j new-name=x" %s -verify-diagnostics -o /dev/null
// RUN: not tilec-opt --test-debuginfo-update-symbol-name="symbol-to-rename=m::nope new-name=x" %s 2>&1 | FileCheck %s

// The scope of the renaming must enclose the renamed symbol.
cuda_tile.module @m {
  // expected-error @below {{attempted to update symbol names in a scope that did not enclose the symbol itself}}
  entry @k() {
    return
  }
  // expected-note @below {{scope defined here}}
  entry @j() {
    return
  }
}

// CHECK: could not find symbol op with name '@m::@nope'
