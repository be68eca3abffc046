// Bad input ends in exit code 1 and a diagnostic that names the file, never
// in a crash: random bytes, invalid IR, truncated and corrupted bytecode,
// a missing file.

// RUN: printf '\001\002garbage\377\000more' > %t.garbage
// RUN: sh -c 'tilec --emit mlir %t.garbage; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: {{.*}}.garbage:1:1: error:
// GARBAGE: rc=1

// RUN: printf '%%s\n' 'cuda_tile.module @m {' '  entry @k(%%x: tile<f32>) {' '    %%0 = addi %%x, %%x : tile<f32>' '    return' '  }' '}' > %t.invalid.mlir
// RUN: sh -c 'tilec -O0 --emit mlir %t.invalid.mlir; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: {{.*}}.invalid.mlir:3:{{[0-9]+}}: error:
// INVALID: rc=1

// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: head -c 40 %t.tileirbc > %t.trunc.tileirbc
// RUN: sh -c 'tilec --emit mlir %t.trunc.tileirbc; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: {{.*}}.trunc.tileirbc:0:0: error:
// TRUNC: rc=1

// Only the magic: no version.
// RUN: printf '\177TileIR\000' > %t.magic.tileirbc
// RUN: sh -c 'tilec --emit mlir %t.magic.tileirbc; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: {{.*}}.magic.tileirbc:0:0: error:
// MAGIC: rc=1

// RUN: sh -c 'tilec --emit mlir %t.does-not-exist; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tilec: {{.*}}does-not-exist
// MISSING: rc=1

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %0 = addf %x, %x rounding<zero> : tile<f32>
    return
  }
}
