// A tilec configuration's interleavings=N interprets, at each checkpoint
// whose module has agents (warp specialization's producer and consumer),
// every interleaving of each tile block's agents up to N per block and
// compares each with the reference, instead of the one interleaving the
// order seed picks. The `pipeline` preset's programs 7 to 9 all have
// materialized loops at sm_100, so each takes more interpretations so (136
// for program 8, about 19 s under ASan: a longer time limit).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-diff --generate --policy=pipeline --seed=7 --count=3 --only-config=sm_100,O2,v2=1,strategy=warp-specialize,scheduler=cost,order=seed:1 --results=%t/one.jsonl | FileCheck %s
// RUN: tile-diff --generate --policy=pipeline --seed=7 --count=3 --only-config=sm_100,O2,v2=1,strategy=warp-specialize,scheduler=cost,interleavings=16,order=seed:1 --timeout-ms=120000 --results=%t/all.jsonl -v | FileCheck %s --check-prefix=ALL
// ALL: ok seed 7 (pipeline) [sm_100,O2,v2=1,strategy=warp-specialize,scheduler=cost,interleavings=16,order=seed:1]
// CHECK: 3 programs checked, 0 findings
// ALL: 3 programs checked, 0 findings
// RUN: python3 -c "import json,sys; c=lambda f: [json.loads(l)['results'][0]['interpretations'] for l in open(f)]; one, all = c('%t/one.jsonl'), c('%t/all.jsonl'); print('more:', sum(a > o for o, a in zip(one, all)), 'of', len(one))" | FileCheck %s --check-prefix=MORE
// MORE: more: 3 of 3
// Only tilec configurations interpret checkpoints.
// RUN: not tile-diff --generate --count=1 --only-config=compiler=simt,sm_90,O2,interleavings=4 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: interleavings applies to tilec configurations only
