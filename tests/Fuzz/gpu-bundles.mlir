// scripts/gpu_bundles.py: bundles go to a GPU machine packed (identical
// files once) and their results come back with the outputs that equal
// their inputs left out and written back here; a print and an output of
// an uninitialized buffer come back as they were written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/gpu-bundles-roundtrip.py %t | FileCheck %s
// CHECK: gpu_bundles: {{.*}}b.tar.xz: {{[0-9.]+}} MB, 3 distinct files
// CHECK: bundle files with other names: 0
// CHECK: buf0 stored as files: 1 links: 1
// CHECK: gpu_bundles: 3 outputs kept, 3 unchanged left out
// CHECK: gpu_bundles: unpacked 1 piece(s); 3 unchanged outputs written back
// CHECK: round trip: ok
