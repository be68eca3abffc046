// The format's debug section stores #cuda_tile.di_loc and call-site
// locations (file/line/column and unknown ones are its reserved index 0);
// other kinds are refused instead of being dropped silently.
// RUN: not tilec-translate --mlir-to-tileirbc -split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: tilec-translate --verify-roundtrip %S/roundtrip_text.mlir | FileCheck %s --check-prefix=OK
// OK: round trip ok

#a = loc("k.py":1:1)
#b = loc("k.py":1:2)
cuda_tile.module @fused {
  entry @k() {
    // CHECK: error: unsupported location, got FusedLoc, expected DILocAttr or CallSiteLoc
    %0 = constant <i32: 1> : tile<i32> loc(fused[#a, #b])
    return
  }
}

// -----

#a = loc("k.py":1:1)
cuda_tile.module @named {
  entry @k() {
    // CHECK: error: unsupported location, got NameLoc, expected DILocAttr or CallSiteLoc
    %0 = constant <i32: 1> : tile<i32> loc("x"(#a))
    return
  }
}

// -----

// A call site is checked through both of its ends.
#a = loc("k.py":1:1)
#b = loc("k.py":1:2)
cuda_tile.module @callsite {
  entry @k() {
    // CHECK: error: unsupported location, got FusedLoc, expected DILocAttr or CallSiteLoc
    %0 = constant <i32: 1> : tile<i32> loc(callsite(#a at fused[#a, #b]))
    return
  }
}
