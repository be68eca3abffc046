// Every tool parses its command line through one layer
// (tilecheck/Support/CommandLine.h): an option it does not know is a usage
// error, LLVM's message on stderr and exit 2, never LLVM's exit 1.
// RUN: sh -c 'tilec --no-such-option %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=TILEC
// TILEC: tilec{{.*}}Unknown command line argument '--no-such-option'
// TILEC: rc=2
// RUN: sh -c 'tilec-translate --no-such-option %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: Unknown command line argument '--no-such-option'
// TRANSLATE: rc=2
// RUN: sh -c 'tile-gen --no-such-option; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=GEN
// GEN: Unknown command line argument '--no-such-option'
// GEN: rc=2
// RUN: sh -c 'tile-reduce --no-such-option %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: Unknown command line argument '--no-such-option'
// REDUCE: rc=2
// RUN: sh -c 'tile-run --no-such-option %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=RUNTOOL
// RUNTOOL: Unknown command line argument '--no-such-option'
// RUNTOOL: rc=2
// RUN: sh -c 'tile-diff --no-such-option %s; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: Unknown command line argument '--no-such-option'
// DIFF: rc=2
// A tile-gen option's value it cannot use is a usage error too.
// RUN: sh -c 'tile-gen --count=many; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: 'many' value invalid
// VALUE: rc=2

cuda_tile.module @m {
  entry @k() {
    return
  }
}
