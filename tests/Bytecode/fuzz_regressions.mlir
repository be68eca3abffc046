// Inputs found by tilec-bytecode-fuzzer, kept as regressions. Each must be
// rejected with its diagnostic (and no crash).

// Optimization hints whose per-architecture value is not a dictionary used
// to reach the hints printer, which assumes dictionaries.
// RUN: not tilec-translate --tileirbc-to-mlir %S/Inputs/fuzz-hints-not-dict.tileirbc 2>&1 | FileCheck %s --check-prefix=HINTS
// RUN: not tilec-opt %S/Inputs/fuzz-hints-not-dict.tileirbc 2>&1 | FileCheck %s --check-prefix=HINTS
// HINTS: error: optimization hints for 'default' must be a dictionary
