// RUN: not tilec-opt --split-input-file %s 2>&1 | FileCheck %s

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 4>
// The function location must name a subprogram, not a lexical block.
// CHECK: 'cuda_tile.entry' op invalid function debug info scope: #cuda_tile.di_lexical_block<{{.*}}>. Function location must have cuda_tile.di_subprogram debug info scope.
cuda_tile.module @m {
  entry @k() {
    return
  } loc(#cuda_tile.di_loc<loc("/src/k.py":4:1) in #blk>)
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
// The subprogram's linkage name must be the symbol name.
// CHECK: Function name "other" does not match subprogram scope linkage name "k".
cuda_tile.module @m {
  entry @other() {
    return
  } loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>)
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 4>
// An op with a scope inside a function without one; found through a
// call-site location's caller.
// CHECK: 'cuda_tile.constant' op invalid operation debug info scope: {{.*}}. Operation has debug info scope, but function debug info scope is undefined.
cuda_tile.module @m {
  entry @k() {
    %0 = constant <i32: 1> : tile<i32> loc(callsite("callee" at #cuda_tile.di_loc<loc("/src/k.py":4:1) in #blk>))
    return
  }
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 9, name = "j", linkageName = "j", compileUnit = #cu>
// An op in another function's scope, nested inside an if.
// CHECK: Operation debug info scope does not match function debug info scope: #cuda_tile.di_subprogram<{{.*}}linkageName = "k"
cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    if %c {
      %0 = constant <i32: 1> : tile<i32> loc(#cuda_tile.di_loc<loc("/src/k.py":9:1) in #sp2>)
    }
    return
  } loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>)
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
// Globals carry no scope.
// CHECK: 'cuda_tile.global' op invalid operation debug info scope: {{.*}}. Global variables must not have scope.
cuda_tile.module @m {
  global @g <i32: 0> : tile<1xi32> loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>)
}

// -----
// Required struct parameters are diagnosed by the parser.
// CHECK: struct is missing required parameter: linkageName
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", compileUnit = #cu>
