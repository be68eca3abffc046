#!/usr/bin/env python3
# Sums the libFuzzer runs of reports/libfuzzer.md into its table.
# Usage: summarize.py RUN_DIR, where RUN_DIR holds one directory per target
# (parse, bytecode, diff, interp, sched), each with log* files (libFuzzer's
# output with -print_final_stats=1; first runs also carry /usr/bin/time -v
# lines), a `times` file ("rc R cpu N" lines for runs stopped at a CPU
# budget), crashes/ (artifacts) and corpus/ (the new inputs).
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
rows = []
for name in ['parse', 'bytecode', 'diff', 'interp', 'sched']:
    d = os.path.join(root, name)
    execs = 0; cpu = 0.0; runs = 0; peak = 0; timeouts = 0; slow = 0
    for log in sorted(glob.glob(os.path.join(d, 'log*'))):
        t = open(log, errors='replace').read()
        m = re.search(r'stat::number_of_executed_units:\s+(\d+)', t)
        if m: execs += int(m.group(1)); runs += 1
        m = re.search(r'stat::peak_rss_mb:\s+(\d+)', t)
        if m: peak = max(peak, int(m.group(1)))
        u = re.search(r'User time \(seconds\): ([\d.]+)', t)
        s = re.search(r'System time \(seconds\): ([\d.]+)', t)
        if u and s: cpu += float(u.group(1)) + float(s.group(1))
    # cpu_run runs: "rc R cpu N" lines in times
    for line in open(os.path.join(d, 'times')):
        m = re.match(r'rc (\d+) cpu (\d+)', line)
        if m: cpu += int(m.group(2))
    crashes = os.listdir(os.path.join(d, 'crashes'))
    kinds = {}
    for c in crashes:
        k = c.split('-')[0]
        kinds[k] = kinds.get(k, 0) + 1
    corpus = len(os.listdir(os.path.join(d, 'corpus')))
    rows.append((name, runs, execs, cpu, execs / cpu if cpu else 0, corpus, peak, kinds))
print('| target | runs | executions | CPU-minutes | executions per CPU-second | corpus (new inputs) | peak RSS (MiB) | artifacts |')
print('|---|---|---|---|---|---|---|---|')
for name, runs, execs, cpu, rate, corpus, peak, kinds in rows:
    art = ', '.join('%d %s' % (v, k) for k, v in sorted(kinds.items())) or 'none'
    print('| `tilec-%s-fuzzer` | %d | %s | %.1f | %.1f | %d | %d | %s |' % (name, runs, format(execs, ','), cpu / 60, rate, corpus, peak, art))
