// Each kind of malformed input ends in one diagnostic and exit code 1, from
// both tilec-translate and tilec-opt: bad magic, unsupported version, an
// unknown section, a section longer than the file, data after the end
// section, a count larger than the remaining bytes, a truncated file, an
// out-of-range value index and an out-of-range opcode.

// RUN: printf 'notbytecode' > %t.magic
// RUN: not tilec-translate --tileirbc-to-mlir %t.magic 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: error: invalid magic number

// RUN: printf '\177TileIR\000\022\000\000\000\000' > %t.version
// RUN: not tilec-translate --tileirbc-to-mlir %t.version 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: not tilec-opt %t.version 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: unsupported Tile version 18.0.0, this reader supports versions [13.1 - 13.3]

// RUN: printf '\177TileIR\000\015\001\000\000\011\000\000' > %t.section
// RUN: not tilec-translate --tileirbc-to-mlir %t.section 2>&1 | FileCheck %s --check-prefix=SECTION
// SECTION: error: unknown section ID: 9

// RUN: printf '\177TileIR\000\015\001\000\000\001\377\377\003\000' > %t.length
// RUN: not tilec-translate --tileirbc-to-mlir %t.length 2>&1 | FileCheck %s --check-prefix=LENGTH
// LENGTH: error: section 1 length 65535 exceeds the file size

// RUN: printf '\177TileIR\000\015\001\000\000\000\001' > %t.trailing
// RUN: not tilec-translate --tileirbc-to-mlir %t.trailing 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: error: end section is not the last section

// A function count of 262143 in a 3-byte section must not allocate.
// RUN: printf '\177TileIR\000\015\001\000\000\001\001\000\005\001\000\002\003\377\377\017\000' > %t.count
// RUN: not tilec-translate --tileirbc-to-mlir %t.count 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: malformed function section: function count 262143 exceeds the remaining 0 bytes

// A valid file cut short.
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.valid
// RUN: head -c 40 %t.valid > %t.truncated
// RUN: not tilec-translate --tileirbc-to-mlir %t.truncated 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: error: {{.*}}exceeds the file size

// The entry body of this module is `absf %arg0; return`: bytes 00 (absf),
// 01 (result type), 00 (operand), 5c 00 (return, no operands). Pointing the
// operand at value 7 and the opcode at 0x7f breaks the file in two ways.
// RUN: od -An -tx1 %t.valid | FileCheck %s --check-prefix=BODY
// BODY: 00 01 00 5c 00
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); i=d.index(bytes([0,1,0,0x5c,0])); open(sys.argv[2],'wb').write(d[:i+2]+bytes([7])+d[i+3:])" %t.valid %t.operand
// RUN: not tilec-translate --tileirbc-to-mlir %t.operand 2>&1 | FileCheck %s --check-prefix=OPERAND
// OPERAND: error: value index 7 out of range (1 values in scope)
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); i=d.index(bytes([0,1,0,0x5c,0])); open(sys.argv[2],'wb').write(d[:i]+bytes([0x7f])+d[i+1:])" %t.valid %t.opcode
// RUN: not tilec-translate --tileirbc-to-mlir %t.opcode 2>&1 | FileCheck %s --check-prefix=OPCODE
// OPCODE: error: unknown or misplaced opcode 0x7F
// Opcode 0xFFFFFFFF (DenseMap's empty key; it replaces the whole 5-byte
// body) once crashed the opcode lookup;
// found by tilec-bytecode-fuzzer.
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); i=d.index(bytes([0,1,0,0x5c,0])); open(sys.argv[2],'wb').write(d[:i]+bytes([0xff,0xff,0xff,0xff,0x0f])+d[i+5:])" %t.valid %t.bigopcode
// RUN: not tilec-translate --tileirbc-to-mlir %t.bigopcode 2>&1 | FileCheck %s --check-prefix=BIGOPCODE
// BIGOPCODE: error: {{.*}}opcode

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %0 = absf %x : tile<f32>
    return
  }
}
