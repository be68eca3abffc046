// Warp specialization runs as PTX; the async pipelines of
// tileas-materialize-schedule become mbarriers and shared-memory slots
// (convert-tileas-to-llvm-pipelines.mlir), its two agents (AWS) two thread
// groups of the tile block (convert-tileas-to-llvm-agents.mlir), and the
// CPU SIMT executor runs them against the interpreter. The default matrix
// has both configurations (its third and fourth simt ones). The `pipeline`
// preset's K-loops are materialized on sm_90 (the cost-based scheduler), as
// the PTX of the first program shows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-gen --policy=pipeline --seed=1 --count=3 -o %t/gen
// RUN: tilec %t/gen/3/program.mlir -O2 --emit ptx --gpu-name sm_90 --scheduler cost --v2-opt-level 1 --pipeline-strategy warp-specialize --materialize-schedule-use-aus -o %t/aus.ptx
// RUN: FileCheck %s --check-prefix=AUS < %t/aus.ptx
// AUS: .maxntid 128, 1, 1
// AUS: mbarrier.init.shared.b64
// AUS: mbarrier.try_wait.parity.shared.b64
// AUS: mbarrier.arrive.shared.b64
// RUN: tilec %t/gen/3/program.mlir -O2 --emit ptx --gpu-name sm_90 --scheduler cost --v2-opt-level 1 --pipeline-strategy warp-specialize -o %t/aws.ptx
// RUN: FileCheck %s --check-prefix=AWS < %t/aws.ptx
// AWS: .maxntid 256, 1, 1
// AWS: mbarrier.init.shared.b64
// AWS: mbarrier.try_wait.parity.shared.b64
// AWS: bar.sync {{.*}}2, 128;
// Every program runs (none is skipped as not lowered), program 3's
// pipelined PTX among them.
// RUN: tile-diff --generate --policy=pipeline --seed=1 --count=16 --only-config=compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus -v | FileCheck %s --implicit-check-not=skipped
// RUN: tile-diff --generate --policy=pipeline --seed=1 --count=16 --only-config=compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,scheduler=cost -v | FileCheck %s --implicit-check-not=skipped
// CHECK: ok seed 3 (pipeline) [compiler=simt,sm_90,O2,v2=1,strategy=warp-specialize,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 16 programs checked, 0 findings
