// tile-run's command line: `--arg @file` must reach tile-run verbatim (not
// be expanded as an LLVM response file), missing options and bad bindings
// are reported with the argument's index. Without --entry, --grid and --arg
// the file's seed launch header is the launch, as for tile-diff.

// RUN: not tile-run %s 2>&1 | FileCheck %s --check-prefix=NOLAUNCH
// NOLAUNCH: tile-run: {{.*}}tile-run-cli.mlir has no '// tilecheck: entry=@NAME grid=X,Y,Z' launch header (give --entry, --grid and --arg)

// RUN: not tile-run %s --arg zeros:f32:4 2>&1 | FileCheck %s --check-prefix=NOGRID
// NOGRID: tile-run: --grid is required

// RUN: tile-run %S/../Fuzz/seed-header.mlir --out-dir %t.seed
// RUN: python3 -c "import numpy; a = numpy.load('%t.seed/arg2.npy'); b = numpy.load('%t.seed/arg1.npy'); print(a.shape, bool((a == b * 3 + 3).all()))" | FileCheck %s --check-prefix=SEEDOUT
// SEEDOUT: (16,) True

// RUN: not tile-run %s --grid 1 --arg @%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tile-run: argument 0: {{.*}}missing.npy

// RUN: not tile-run %s --grid 1 --arg 5 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: tile-run: argument 0: a pointer argument needs a buffer

// RUN: not tile-run %s --grid 1 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tile-run: @k takes 1 arguments but 0 were given

// RUN: not tile-run %s --grid 0 --arg zeros:f32:4 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: tile-run: bad --grid '0'

// RUN: tile-run %s --grid 2,1 --arg zeros:f32:4 --out-dir %t.out
// RUN: test -f %t.out/arg0.npy

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    return
  }
}
