// tileas-generate-schedule on the gemm seed lowered to nv_tileas for sm_90
// (a 7-op K-loop: two tiled loads, layout conversions, a wgmma-class dot
// with the accumulator carried).
//
// serial-threshold=4 lets seed 004's selector pick the cost-based
// generator (7 ops, a WGMMA-class op): a modulo schedule at II = MII = 176
// (the accumulator recurrence: convert_layout 24 + dot 128 + convert_layout
// 24 cycles over one iteration), the loads three stages ahead of the dot.
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" | FileCheck %s --check-prefix=COST
// COST: nv_tileas.tiled_load {{.*}}tileas.schedule.cycle = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32
// COST: nv_tileas.tiled_load {{.*}}tileas.schedule.cycle = 2 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.stage = 0 : i32
// COST: nv_tileas.dot {{.*}}tileas.schedule.cycle = 528 : i32, tileas.schedule.order = 5 : i32, tileas.schedule.stage = 3 : i32
// COST: } {tileas.schedule.generator = "cost", tileas.schedule.ii = 176 : i32, tileas.schedule.mii = 176 : i32}
//
// Unknown scheduler names fall back to the cost scheduler (seed 000).
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="scheduler=no-such-scheduler serial-threshold=4" | FileCheck %s --check-prefix=COST
//
// scheduler=serial: every op at stage 0, in program order, no cycles.
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="scheduler=serial serial-threshold=4" | FileCheck %s --check-prefix=SERIAL
// SERIAL: nv_tileas.tiled_load {{.*}}{{{.*}}tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32}
// SERIAL-NOT: tileas.schedule.cycle
// SERIAL: nv_tileas.dot {{.*}}tileas.schedule.order = 5 : i32, tileas.schedule.stage = 0 : i32}
// SERIAL: } {tileas.schedule.generator = "serial"}
//
// At the default serial-threshold (8) a 7-op loop takes the serial path.
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule | FileCheck %s --check-prefix=SERIAL
//
// rrt-size-threshold=16: MII 176 > 16 rows, so time runs in units of 11
// cycles; the schedule is mapped back to cycles (multiples of 11), valid
// at a coarser II (18 rows of 11 cycles).
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4 rrt-size-threshold=16" | tilec-opt --tileas-print-schedule -o /dev/null | FileCheck %s --check-prefix=RRT
// RRT: schedule cost success ii 198 mii 176 (res 16, rec 176)
// RRT: 1 nv_tileas.tiled_load stage 0 order 1 cycle 11
// RRT: valid
//
// The schedule survives printing and parsing, and the print pass reads it
// back and checks it.
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" | tilec-opt | tilec-opt --tileas-print-schedule -o /dev/null | FileCheck %s --check-prefix=PRINT
// PRINT: loop 0 at
// PRINT-NEXT: schedule cost success ii 176 mii 176 (res 16, rec 176) stages 4
// PRINT-NEXT: 0 nv_tileas.tiled_load stage 0 order 0 cycle 0 slot 3
// PRINT-NEXT: 1 nv_tileas.tiled_load stage 0 order 1 cycle 2 slot 3
// PRINT-NEXT: 2 nv_tileas.convert_layout stage 2 order 2 cycle 500 slot 2
// PRINT-NEXT: 3 nv_tileas.convert_layout stage 2 order 3 cycle 502 slot 2
// PRINT-NEXT: 4 nv_tileas.convert_layout stage 2 order 4 cycle 504 slot 2
// PRINT-NEXT: 5 nv_tileas.dot stage 3 order 5 cycle 528 slot 10
// PRINT-NEXT: 6 nv_tileas.convert_layout stage 3 order 6 cycle 656 slot 2
// PRINT-NEXT: valid
//
// The Chrome trace is diagnostic only: the IR is the same with and without
// it, and the trace names every op with its issue time and latency.
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" -o %t.plain.mlir
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4 trace=%t.json" -o %t.traced.mlir
// RUN: diff %t.plain.mlir %t.traced.mlir
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// TRACE: "traceEvents": [
// TRACE: "name": "loop 0 {{.*}} (cost, II 176)"
// TRACE: "class": "global_load"
// TRACE: "latency": 500
// TRACE: "name": "nv_tileas.tiled_load"
// TRACE: "ts": 0
// TRACE: "atom": "#nv_tileas<atom wgmma_f32_f32_f32>"
// TRACE: "minimal_latency": 24
// TRACE: "name": "nv_tileas.dot"
// TRACE: "tid": "wgmma"
// TRACE: "ts": 528
//
// scheduler=exact (not seed 004's) runs the exact search only where the
// ladder gives up on an II. Here the ladder meets MII, so the schedule is
// the cost scheduler's, attribute for attribute (SchedulingTest's
// ExactSearch.* cover loops where the search finds a smaller II).
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="scheduler=exact serial-threshold=4" | FileCheck %s --check-prefix=COST
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4 exact-search-budget=10" | FileCheck %s --check-prefix=COST
//
// tilec takes it as --scheduler exact; other names are refused.
// RUN: tilec %S/../../../../corpus/seeds/gemm.mlir -O2 --emit tileas --gpu-name sm_90 --scheduler exact -o - | FileCheck %s --check-prefix=DRIVER
// DRIVER: tilec.pipeline_config = {{{.*}}scheduler = "exact"
// RUN: not tilec %S/../../../../corpus/seeds/gemm.mlir --scheduler nope -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADNAME
// BADNAME: tilec: unknown --scheduler 'nope' (expected serial, cost or exact)
