// tile-diff, when it checks many programs (--generate, --mutants), makes
// the dynamic linker bind every symbol at start-up
// (fuzz::bindSymbolsAtStartup), so that its forked children do not each
// resolve libMLIR's and libLLVM's functions again: it re-executes itself
// once with LD_BIND_NOW, so the loader starts twice. Not with
// TILECHECK_LAZY_BINDING=1, not when LD_BIND_NOW is set already, and not
// for one program (one batch child: lazy binding costs less there).
// RUN: env LD_DEBUG=statistics tile-diff --generate --count 1 --only-config O0 2>&1 | grep -c "total startup time in dynamic loader" | FileCheck %s --check-prefix=TWICE
// TWICE: {{^}}2{{$}}
// RUN: env LD_DEBUG=statistics TILECHECK_LAZY_BINDING=1 tile-diff --generate --count 1 --only-config O0 2>&1 | grep -c "total startup time in dynamic loader" | FileCheck %s --check-prefix=ONCE
// RUN: env LD_DEBUG=statistics LD_BIND_NOW=1 tile-diff --generate --count 1 --only-config O0 2>&1 | grep -c "total startup time in dynamic loader" | FileCheck %s --check-prefix=ONCE
// RUN: env LD_DEBUG=statistics tile-diff %s --grid 1 --only-config O0 2>&1 | grep -c "total startup time in dynamic loader" | FileCheck %s --check-prefix=ONCE
// ONCE: {{^}}1{{$}}
// The programs it starts run in the user's environment: neither variable
// reaches tileiras.
// RUN: rm -f %t.env
// RUN: env TILECHECK_TILEIRAS=%S/Inputs/fake-tileiras.sh FAKE_TILEIRAS_ENV_OUT=%t.env tile-diff --generate --count 1 --matrix tileiras
// RUN: grep -c FAKE_TILEIRAS_ENV_OUT %t.env
// RUN: not grep -E "LD_BIND_NOW|TILECHECK_BOUND" %t.env

cuda_tile.module @m {
  entry @k() {
    return
  }
}
