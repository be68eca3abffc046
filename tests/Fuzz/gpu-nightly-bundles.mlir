// scripts/gpu_nightly.py --record / --replay --results, the way a GPU
// machine without the toolchain is used: the record packs what the GPU
// machine needs into DIR/to-gpu (scripts/gpu_bundles.py: bundles with
// identical files once), the GPU machine's results come back packed with
// the outputs that equal their inputs left out, and the replay unpacks them
// before it checks the programs. The GPU here is a stand-in whose kernels
// write nothing (Inputs/fake-gpu-launch.py), so every GPU launch whose
// program writes an output is a wrong result, and the SIMT executor, which
// needs no GPU, agrees.

// REQUIRES: ptxas, tileiras
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_TILEIRAS=%tileiras python3 %S/../../scripts/gpu_nightly.py --bin %bindir --record %t/R --programs 1 --seed 45000001 --policies tensorcore --no-gemm --workers 2 | FileCheck %s --check-prefix=REC
// REC: gpu_bundles: {{.*}}to-gpu/bundles.tar.xz: {{[0-9.]+}} MB, {{[0-9]+}} distinct files
// REC: gpu_nightly: recorded {{[1-9][0-9]*}} launches in {{.*}}; on the GPU machine, with a copy of {{.*}}to-gpu: sh to-gpu/run-on-gpu.sh OUT
// RUN: ls %t/R/to-gpu | FileCheck %s --check-prefix=TOGPU
// TOGPU: bundles.tar.xz
// TOGPU-NEXT: gpu_bundles.py
// TOGPU-NEXT: run-on-gpu.sh
// TOGPU-NEXT: tile-gpu-launch
// RUN: cp -r %t/R/to-gpu %t/gpu && mkdir -p %t/out
// RUN: bash -c "cd %t/gpu && python3 gpu_bundles.py extract bundles.tar.xz && python3 %S/Inputs/fake-gpu-launch.py bundles && echo 'device: a fake GPU, sm_90' > %t/out/launch.log && python3 gpu_bundles.py results %t/out bundles" | FileCheck %s --check-prefix=RES
// RES: gpu_bundles: 0 outputs kept, {{[1-9][0-9]*}} unchanged left out
// RUN: bash -c "env TILECHECK_TILEIRAS=%tileiras python3 %S/../../scripts/gpu_nightly.py --bin %bindir --replay %t/R --results %t/out --out %t/rep --programs 1 --seed 45000001 --policies tensorcore --no-gemm --workers 2; test \$? -eq 1" | FileCheck %s --check-prefix=REP
// REP: gpu_bundles: unpacked 1 piece(s); {{[1-9][0-9]*}} unchanged outputs written back
// RUN: FileCheck %s --check-prefix=REPORT < %t/rep/report.md
// REPORT: Device: a fake GPU, sm_90; mode replay
// REPORT: | gpu | 0 | {{[1-9][0-9]*}} | {{[0-9]+}} | 0 |
// REPORT: | gpu-tileiras | 0 | {{[1-9][0-9]*}} | {{[0-9]+}} | 0 |
// REPORT: | simt | {{[1-9][0-9]*}} | 0 |

// --results without --replay is a usage error.
// RUN: not python3 %S/../../scripts/gpu_nightly.py --bin %bindir --results %t/out 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: --results goes with --replay
