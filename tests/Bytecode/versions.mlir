// Writing for an older bytecode version: ops, types and attributes newer
// than the target are refused with a diagnostic; defaults of newer required
// attributes are dropped silently; the reader restores them.
// RUN: not tilec-translate --mlir-to-tileirbc --bytecode-version 13.1 -split-input-file %s 2>&1 | FileCheck %s --check-prefix=V131
// RUN: not tilec-translate --mlir-to-tileirbc --bytecode-version 13.2 -split-input-file %s 2>&1 | FileCheck %s --check-prefix=V132
// RUN: not tilec-translate --mlir-to-tileirbc --bytecode-version 12.0 %s 2>&1 | FileCheck %s --check-prefix=BADVER
// BADVER: Invalid argument '12.0': the supported versions are [13.1 - 13.3]

// atan2 appeared in 13.2.
// V131: error: operation 'cuda_tile.atan2' is not available in bytecode version 13.1
cuda_tile.module @a {
  entry @k(%x: tile<f32>) {
    %0 = atan2 %x, %x : tile<f32>
    return
  }
}

// -----

// f8E8M0FNU appeared in 13.2.
// V131: type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1
cuda_tile.module @b {
  entry @k() {
    %0 = constant <f8E8M0FNU: 1.0> : tile<f8E8M0FNU>
    return
  }
}

// -----

// negi's overflow flags appeared in 13.2; a non-default value cannot be
// written for 13.1.
// V131: attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1
cuda_tile.module @c {
  entry @k(%x: tile<i32>) {
    %0 = negi %x overflow<no_signed_wrap> : tile<i32>
    return
  }
}

// -----

// alloca appeared in 13.3.
// V132: error: operation 'cuda_tile.alloca' is not available in bytecode version 13.2
cuda_tile.module @d {
  entry @k() {
    %a = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    return
  }
}

// -----

// A private global needs 13.3.
// V132: error: global `p` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.2 (requires bytecode 13.3+)
cuda_tile.module @e {
  global private @p <i32: 1> : tile<1xi32>
  entry @k() {
    return
  }
}

// -----

// The unsigned-comparison flag of `for` is an optional field of 13.2.
// V131: error: optional attribute 'unsignedCmp' is provided but requires bytecode version 13.2, targeting 13.1
cuda_tile.module @f {
  entry @k(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for unsigned %iv in (%c0 to %n, step %c1) : tile<i32> {
      continue
    }
    return
  }
}

// -----

// mmaf's fast_acc is an optional field of 13.3.
// V132: error: optional attribute 'fast_acc' is provided but requires bytecode version 13.3, targeting 13.2
cuda_tile.module @g {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<128x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x128xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %f = mmaf %a, %b, %c fast_acc : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
    return
  }
}
