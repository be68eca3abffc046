// tile-diff's command line: usage errors exit 2, a program whose reference
// cannot run exits 3, a configuration that only the target rejects is not a
// finding (exit 0), and the summary line always ends a check.

// RUN: sh -c 'tile-diff; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: give exactly one of FILE.mlir, --manifest M.json or --generate
// NOINPUT: exit=2

// RUN: sh -c 'tile-diff %s --manifest x.json; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: exit=2

// RUN: sh -c 'tile-diff %s --matrix huge; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=MATRIX
// MATRIX: unknown --matrix 'huge'
// MATRIX: exit=2

// RUN: sh -c 'tile-diff %s --only-config sm_100,O9; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=CONFIG
// CONFIG: opt level 9 is out of range
// CONFIG: exit=2

// RUN: sh -c 'tile-diff %s --print-signature; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=PRINTSIG
// PRINTSIG: --print-signature needs --only-config
// PRINTSIG: exit=2

// The executors a configuration can name, and an unknown one refused with
// their names.
// RUN: tile-diff --list-executors | FileCheck %s --check-prefix=EXECUTORS
// EXECUTORS: tilec{{ +}}ours: the driver's pipeline
// EXECUTORS-NEXT: tileiras{{ +}}NVIDIA's tileiras
// RUN: sh -c 'tile-diff %s --only-config compiler=gcc; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=GCC
// GCC: no executor 'gcc' (known: gpu, gpu-tileiras, ptxas, simt, tilec, tileiras)
// GCC: exit=2

// RUN: sh -c 'tile-diff --no-such-flag; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: exit=2

// The reference needs one buffer; without it the program cannot be checked.
// RUN: sh -c 'tile-diff %s --grid 1; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOREF
// NOREF: could not be checked: the reference run failed (tile-run exit 2): @k takes 1 arguments but 0 were given
// NOREF: 1 programs could not be checked
// NOREF-NEXT: 0 programs checked, 0 findings in 0 buckets
// NOREF: exit=3

// An input that is not a valid program is a usage error naming the file and
// the reason (exit 2), never a program counted as checked; Tile IR bytecode
// (here a cuTile Python export) is read like text.
// RUN: echo 'not ir' > %t.bad.mlir
// RUN: sh -c 'tile-diff %t.bad.mlir --grid 1; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: '{{.*}}bad.mlir' is not a valid Tile IR program:
// BAD-NOT: programs checked
// BAD: exit=2
// RUN: printf '\177TileIR\000garbage' > %t.bad.tileirbc
// RUN: sh -c 'tile-diff %t.bad.tileirbc --grid 1; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=BADBC
// BADBC: '{{.*}}bad.tileirbc' is not a valid Tile IR program (bytecode):
// BADBC-NOT: programs checked
// BADBC: exit=2
// RUN: python3 -c "import numpy as np; np.save('%t.x.npy', np.arange(1024, dtype=np.float32))"
// RUN: sh -c 'tile-diff %S/../Bytecode/Inputs/cutile-vadd-13.3.tileirbc --grid 4 --arg @%t.x.npy --arg 1024 --arg 1 --arg @%t.x.npy --arg 1024 --arg 1 --arg zeros:f32:1024 --arg 1024 --arg 1 --matrix sample --sample-size 2; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=BC
// BC: 1 programs checked, 0 findings in 0 buckets
// BC: exit=0

// mmaf_scaled needs sm_100: at sm_80 and sm_90 the conversion rejects it,
// correctly, and that is not counted.
// RUN: sh -c 'tile-diff %s --grid 1 --arg zeros:f32:16x16 --only-config sm_80,O2 -v; echo "exit=$?"' | FileCheck %s --check-prefix=TARGET
// TARGET: expected rejection {{.*}}[sm_80,O2,v2=0,strategy=none,scheduler=cost,order=row-major]: mma block scale is not supported by compute capability < sm100
// TARGET: 1 expected rejections (unsupported-target), not counted
// TARGET-NEXT: 1 programs checked, 0 findings in 0 buckets
// TARGET-NEXT: exit=0

// RUN: sh -c 'tile-diff %s --grid 1 --arg zeros:f32:16x16 --only-config sm_90,O0 --print-signature; echo "exit=$?"' | FileCheck %s --check-prefix=TARGETSIG
// TARGETSIG: none
// TARGETSIG-NEXT: exit=0

cuda_tile.module @m {
  entry @k(%out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %p = make_partition_view %t : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %a = constant <f8E4M3FN: 1.0> : tile<16x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<64x16xf8E4M3FN>
    %c = constant <f32: 0.5> : tile<16x16xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<16x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x16xf8E8M0FNU>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    %tok = make_token : token
    %t2 = store_view_tko weak %d, %p[%bx, %bx] token = %tok : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
