#!/usr/bin/env python3
"""tilecheck's fuzzing campaign runner.

A campaign checks programs with tile-diff until a time or program budget is
spent: the seed corpus first, then generated programs of a policy mix, each
over a configuration matrix, with N worker processes. Everything lives in a
state directory, so a campaign can be stopped at any moment (even kill -9)
and resumed, sharded over machines, and merged:

  campaign.py run    --state DIR [--time S | --programs N] [--workers N]
                     [--policies ints,floats=2,...] [--matrix default]
                     [--seed BASE] [--batch 8] [--shard I/N]
                     [--corpus corpus/seeds | --corpus none]
                     [--findings DIR] [--regressions DIR] [--no-reduce]
                     [--reduce-time S] [--report DIR]
                     [--tile-diff-arg=ARG ...]
  campaign.py report --state DIR [--report DIR]
  campaign.py merge  --out DIR STATE [STATE ...]
  campaign.py units  --state DIR | (the run options)   list the work units

Work units. Unit k is a corpus file (k < number of corpus files) or a batch
of generated programs: batch g = k - files uses the g-th policy of the
weighted round-robin of the mix and seeds BASE + g*BATCH .. + BATCH - 1, so
every program of a campaign is named by (policy, seed) and no seed is used
twice. Shard I/N runs the units k with k % N == I, in increasing order: with
a program budget the N shards of a campaign together run exactly the units
of the unsharded one (with a time budget, each shard runs a prefix of its
own units).

State directory:
  campaign.json      the parameters (fixed when the campaign starts) and the
                     sessions that ran (start, end, seconds)
  units/K.jsonl      tile-diff --results lines of unit K: one per program
                     checked, written as soon as it is checked
  units/K.done       JSON: exit status, seconds, peak RSS of the worker
  logs/K.log         tile-diff's output for unit K
  triage.jsonl       one line per triage event (a new bucket reduced, or
                     why not)
  findings/          the findings store (unless --findings names another),
                     with findings/reduced/SIG/ the reduction of each bucket
  report/            report.md, report.html, report.json and plots

Nothing is lost on a crash: a finding is in the store (SQLite, atomic)
before its program's results line is written; a unit without a .done file
is resumed by checking the programs it has no line for; a half-written last
line is cut before appending.

Triage: the first time a signature is seen, its bucket's stored example is
reduced (tile-reduce, interesting while tile-diff prints the same
signature) and, with --regressions DIR, the reduced program becomes a
regression entry DIR/KIND-SIG/ (regression.json says the configuration, the
signature and "status": "open"; scripts/check_regressions.py replays every
entry in the test suite). A signature whose entry is marked fixed gets an
open entry of its own, DIR/KIND-SIG-N/ with "reappeared_of": the fix
regressed, or another bug shares the signature.

Exit status: 0 no finding, 1 findings, 2 the campaign could not run.
"""

import argparse
import collections
import datetime
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import campaign_report  # noqa: E402

STATE_VERSION = 1
PRESETS = ["ints", "floats-exact", "floats", "memory", "control", "mma",
           "full", "pipeline"]
# Kinds that are findings (tile-diff's countsAsFinding); the others are
# outcomes: none, skipped, unsupported-target.
NOT_FINDINGS = {"none", "skipped", "unsupported-target"}
# Parameters that define the campaign's units and checks: a resume must not
# change them.
FIXED = ["seed", "batch", "policies", "matrix", "corpus", "tile_diff_args",
         "shard", "programs"]


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%SZ")


def die(msg):
    print(f"campaign: error: {msg}", file=sys.stderr)
    sys.exit(2)


def write_json_atomic(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def parse_mix(text):
    """'ints,floats=2' -> [('ints', 1), ('floats', 2)]."""
    mix = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, weight = part.partition("=")
        try:
            w = int(weight) if weight else 1
        except ValueError:
            die(f"bad weight in --policies '{part}'")
        if w < 1:
            die(f"weight of '{name}' must be at least 1")
        mix.append((name, w))
    if not mix:
        die("--policies names no policy")
    return mix


def round_robin(mix):
    """Smooth weighted round-robin: one period of the policy schedule."""
    total = sum(w for _, w in mix)
    current = [0] * len(mix)
    out = []
    for _ in range(total):
        for i, (_, w) in enumerate(mix):
            current[i] += w
        best = max(range(len(mix)), key=lambda i: (current[i], -i))
        current[best] -= total
        out.append(mix[best][0])
    return out


def parse_shard(text):
    m = re.fullmatch(r"(\d+)/(\d+)", text or "0/1")
    if not m or int(m.group(2)) < 1 or int(m.group(1)) >= int(m.group(2)):
        die(f"bad --shard '{text}' (I/N with 0 <= I < N)")
    return int(m.group(1)), int(m.group(2))


def corpus_files(corpus):
    if not corpus or corpus == "none":
        return []
    if not os.path.isdir(corpus):
        die(f"no corpus directory '{corpus}'")
    return sorted(os.path.join(corpus, f) for f in os.listdir(corpus)
                  if f.endswith(".mlir"))


class Units:
    """The campaign's work units (see the module comment)."""

    def __init__(self, params):
        self.params = params
        # The file list is fixed when the campaign starts (campaign.json):
        # a file added to the directory later must not shift the units.
        self.files = params.get("corpus_files")
        if self.files is None:
            self.files = corpus_files(params["corpus"])
        self.schedule = round_robin(parse_mix(params["policies"]))
        self.batch = params["batch"]
        self.shard = parse_shard(params["shard"])
        programs = params.get("programs")
        self.total = None
        if programs is not None:
            self.total = len(self.files) + -(-programs // self.batch)

    def unit(self, k):
        if k < len(self.files):
            return {"index": k, "kind": "corpus", "path": self.files[k],
                    "count": 1}
        g = k - len(self.files)
        count = self.batch
        if self.params.get("programs") is not None:
            count = min(count, self.params["programs"] - g * self.batch)
        return {"index": k, "kind": "generated",
                "policy": self.schedule[g % len(self.schedule)],
                "first": self.params["seed"] + g * self.batch, "count": count}

    def indices(self):
        """This shard's unit indices, in order (unbounded without a
        program budget)."""
        i, n = self.shard
        k = i
        while self.total is None or k < self.total:
            yield k
            k += n


# --------------------------------------------------------------------------
# Results files
# --------------------------------------------------------------------------

read_lines = campaign_report.read_lines


def store_example(findings, sig):
    """The example directory and kind of bucket `sig` in the findings store
    at `findings`, and the reason when there is none. The connection may
    write: a tile-diff killed in the middle of a commit (kill -9 of the
    campaign) leaves a hot journal that only a writer can roll back, and a
    read-only connection fails on it ("attempt to write a readonly
    database")."""
    db = os.path.join(findings, "index.sqlite")
    if not os.path.exists(db):
        return None, None, "the store has no index"
    try:
        con = sqlite3.connect(db, timeout=30)
        try:
            row = con.execute("SELECT example_dir, kind FROM buckets "
                              "WHERE signature = ?", (sig,)).fetchone()
        finally:
            con.close()
    except sqlite3.Error as e:
        return None, None, f"the store cannot be read: {e}"
    if not row:
        return None, None, "the store has no such bucket"
    return row[0], row[1], None


def cut_partial_line(path):
    """Truncates a results file after its last newline, so that appending
    never glues a new line to a half-written one."""
    try:
        with open(path, "rb+") as f:
            data = f.read()
            end = data.rfind(b"\n") + 1
            if end != len(data):
                f.truncate(end)
    except FileNotFoundError:
        pass


# --------------------------------------------------------------------------
# Live statistics (the progress line; the report recomputes from files)
# --------------------------------------------------------------------------

class Stats:
    def __init__(self, dialect_ops):
        self.programs = 0
        self.errors = 0
        self.findings = collections.Counter()  # kind -> count
        self.signatures = {}  # signature -> (kind, config, program, line)
        self.ops = set()
        self.passes = set()
        self.dialect_ops = dialect_ops
        self.started = time.time()
        self.session_programs = 0

    def add(self, line, live=True):
        self.programs += 1
        if live:
            self.session_programs += 1
        if "error" in line:
            self.errors += 1
        self.ops.update(op for op in line.get("ops", [])
                        if op.startswith("cuda_tile."))
        for r in line.get("results", []):
            self.passes.update(r.get("changed_passes", []))
            if r["kind"] in NOT_FINDINGS:
                continue
            self.findings[r["kind"]] += 1
            sig = r.get("signature", "")
            if sig and sig not in self.signatures:
                self.signatures[sig] = (r["kind"], r["config"],
                                        line.get("program", ""), line)

    def line(self, units_done, units_total, reducing, elapsed):
        rate = self.session_programs / max(elapsed, 1e-9)
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.findings.items()))
        total = "" if units_total is None else f"/{units_total}"
        ops = f"{len(self.ops)}/{len(self.dialect_ops)}" if self.dialect_ops \
            else str(len(self.ops))
        return (f"[{int(elapsed) // 60:02d}:{int(elapsed) % 60:02d}] "
                f"{self.programs} programs ({rate:.2f}/s) | findings "
                f"{sum(self.findings.values())}"
                f"{' (' + kinds + ')' if kinds else ''} in "
                f"{len(self.signatures)} buckets | ops {ops} | passes "
                f"{len(self.passes)} changed IR | units {units_done}{total}"
                f"{' | reducing ' + str(reducing) if reducing else ''}")


CAMPAIGN_PID = os.getpid()


# tile-diff options a regression replay must repeat (they change what a
# check finds).
REPLAY_OPTIONS = ("--bit-exact", "--max-steps", "--timeout-ms", "--memory-mb",
                  "--checkpoints", "--no-bisect", "--no-share")


def die_with_parent():
    """In a worker, before exec: SIGKILL when the campaign dies, even by
    kill -9 (Linux's PR_SET_PDEATHSIG), so that no orphaned tile-diff
    appends to a unit that a resumed campaign runs again (tile-diff's own
    children, in process groups of their own, end with their time limit
    or when their pipe to tile-diff closes)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != CAMPAIGN_PID:
        os._exit(1)  # the campaign died before prctl


def unit_failed(rc):
    """tile-diff exit statuses that mean it did not check its programs: a
    signal, 2 (usage or an invalid input) or anything above 3."""
    return rc < 0 or rc == 2 or rc > 3


# --------------------------------------------------------------------------
# Tasks and the worker pool
# --------------------------------------------------------------------------

class Task:
    """One or more commands run one after the other in one worker slot."""

    def __init__(self, kind, key, commands, log, env=None):
        self.kind = kind  # "unit" or "reduce"
        self.key = key
        self.commands = commands
        self.log = log
        self.env = env
        self.next = 0
        self.proc = None
        self.rc = 0
        self.maxrss_kb = 0
        self.started = None
        self.seconds = 0.0
        self.killed = False


class Campaign:
    def __init__(self, args, params, state):
        self.args = args
        self.params = params
        self.state = state
        self.bin = os.path.abspath(args.bin)
        self.units = Units(params)
        self.findings = os.path.abspath(params["findings"])
        self.regressions = params.get("regressions")
        self.stats = Stats(campaign_report.dialect_ops(ROOT))
        self.running = []
        self.retry = collections.deque()  # units to go on with at once
        self.pending_reduce = collections.deque()
        self.triaged = set()
        self.offsets = {}  # results file -> lines already counted
        self.units_done = 0
        self.stop = False
        self.last_progress = 0.0
        self.tty = sys.stderr.isatty() and not args.no_progress

    # ---- state -----------------------------------------------------------

    def path(self, *parts):
        return os.path.join(self.state, *parts)

    def load_existing(self):
        """Counts what earlier sessions did: finished units, results lines,
        triaged signatures."""
        os.makedirs(self.path("units"), exist_ok=True)
        os.makedirs(self.path("logs"), exist_ok=True)
        for name in os.listdir(self.path("units")):
            if name.endswith(".jsonl"):
                p = self.path("units", name)
                lines = read_lines(p)
                for line in lines:
                    self.stats.add(line, live=False)
                self.offsets[p] = len(lines)
            elif name.endswith(".done"):
                self.units_done += 1
        for event in read_lines(self.path("triage.jsonl")):
            self.triaged.add(event["signature"])
        # Buckets seen by earlier sessions but not triaged (stopped before
        # their reduction ran) are queued again.
        for sig in self.stats.signatures:
            if sig not in self.triaged:
                self.pending_reduce.append(sig)

    def unit_done(self, k):
        return os.path.exists(self.path("units", f"{k}.done"))

    def given_up(self, k):
        """A unit whose tile-diff failed three times (units/K.failed)."""
        path = self.path("units", f"{k}.failed")
        if not os.path.exists(path):
            return False
        with open(path) as f:
            return json.load(f).get("attempts", 0) >= 3

    # ---- commands --------------------------------------------------------

    def tile_diff_base(self):
        return [os.path.join(self.bin, "tile-diff"), "--matrix",
                self.params["matrix"], "--findings", self.findings,
                "--jobs", "1"] + self.params["tile_diff_args"]

    def unit_task(self, k):
        u = self.units.unit(k)
        results = self.path("units", f"{k}.jsonl")
        cut_partial_line(results)
        base = self.tile_diff_base() + ["--results", results]
        if u["kind"] == "corpus":
            # One program: checked once it has its line.
            commands = [] if read_lines(results) else \
                [base + [os.path.abspath(u["path"])]]
        else:
            done = {line.get("seed") for line in read_lines(results)}
            todo = [s for s in range(u["first"], u["first"] + u["count"])
                    if s not in done]
            commands = []
            # Contiguous ranges of the seeds not checked yet.
            i = 0
            while i < len(todo):
                j = i
                while j + 1 < len(todo) and todo[j + 1] == todo[j] + 1:
                    j += 1
                commands.append(base + ["--generate", "--policy", u["policy"],
                                        "--seed", str(todo[i]), "--count",
                                        str(j - i + 1)])
                i = j + 1
        return Task("unit", k, commands, self.path("logs", f"{k}.log"))

    def example_dir(self, sig):
        return store_example(self.findings, sig)

    def reduce_task(self, sig):
        example, _, why = self.example_dir(sig)
        out = os.path.join(self.findings, "reduced", sig)
        if os.path.isdir(out):
            # Reduced by an earlier campaign on the same store, or by this
            # one just before a kill (add_regression is idempotent).
            extra = {"reduced": out}
            if self.regressions and example:
                entry = self.add_regression(sig, out, example)
                if entry:
                    extra["regression"] = entry
            self.record_triage(sig, "reduced-before", **extra)
            return None
        if not example or not os.path.isdir(example):
            self.record_triage(sig, "no-example",
                               why=why or "the store has no example "
                               "directory")
            return None
        tmp = out + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        cmd = [os.path.join(self.bin, "tile-reduce"), "--tile-diff",
               os.path.join(self.bin, "tile-diff"), "--time-limit",
               str(self.params["reduce_time"]), "-o", tmp, example]
        for a in self.params["tile_diff_args"]:
            if a.startswith(REPLAY_OPTIONS + ("--tileiras",)):
                cmd.append("--tile-diff-arg=" + a)
        task = Task("reduce", sig, [cmd],
                    self.path("logs", f"reduce-{sig}.log"))
        task.example = example
        return task

    def record_triage(self, sig, outcome, **extra):
        event = {"signature": sig, "outcome": outcome, "time": now_iso()}
        event.update(extra)
        with open(self.path("triage.jsonl"), "a") as f:
            f.write(json.dumps(event, sort_keys=True) + "\n")
        self.triaged.add(sig)

    # ---- process management ----------------------------------------------

    def start(self, task):
        cmd = task.commands[task.next]
        if task.started is None:
            task.started = time.time()
        logf = open(task.log, "a")
        logf.write("$ " + " ".join(cmd) + "\n")
        logf.flush()
        env = dict(os.environ)
        if task.env:
            env.update(task.env)
        task.proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, env=env,
                                     start_new_session=True,
                                     preexec_fn=die_with_parent)
        logf.close()
        self.running.append(task)

    def reap(self, block):
        """Waits for a finished worker (wait4, for its peak RSS); returns the
        task, or None."""
        while True:
            try:
                pid, status, usage = os.wait4(-1, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return None
            except InterruptedError:
                continue
            if pid == 0:
                return None
            for task in self.running:
                if task.proc and task.proc.pid == pid:
                    task.proc.returncode = os.waitstatus_to_exitcode(status)
                    task.maxrss_kb = max(task.maxrss_kb, usage.ru_maxrss)
                    return task
            # Not ours (cannot happen: every child is a task); keep looking.

    def finish_command(self, task):
        rc = task.proc.returncode
        task.proc = None
        task.next += 1
        if task.kind == "reduce":
            task.rc = rc
            return True
        if unit_failed(rc):
            task.rc = rc
            return True
        task.rc = max(task.rc, rc)
        return task.next >= len(task.commands)

    def finished(self, task):
        task.seconds = time.time() - task.started
        if task.kind == "unit":
            results = self.path("units", f"{task.key}.jsonl")
            self.absorb(results)
            if task.killed:
                return
            unit = self.units.unit(task.key)
            corpus_refused = task.rc == 2 and unit["kind"] == "corpus"
            missing = [] if corpus_refused else self.missing(unit, results)
            if unit_failed(task.rc) and not corpus_refused:
                self.unit_failure(task, unit, missing)
                return
            if missing:
                # tile-diff ended normally without checking every program:
                # with none checked it could not open the store or the
                # results file, which every unit would meet; otherwise the
                # store failed to record a finding (its program has no
                # line), and the unit is tried again.
                self.unit_failure(task, unit, missing)
                if len(missing) == unit["count"]:
                    self.stop = True
                    self.failed = True
                elif not self.given_up(task.key):
                    self.retry.append(task.key)
                return
            # A corpus file tile-diff refuses (no launch header, invalid)
            # is done, with its exit status: the report lists it.
            write_json_atomic(self.path("units", f"{task.key}.done"),
                              {"rc": task.rc, "seconds": task.seconds,
                               "maxrss_kb": task.maxrss_kb,
                               "ended": now_iso(),
                               "unit": unit})
            self.units_done += 1
        else:
            self.finish_reduce(task)

    def missing(self, unit, results):
        """The seeds (or the corpus file) of `unit` without a results line."""
        lines = read_lines(results)
        if unit["kind"] == "corpus":
            return [] if lines else [unit["path"]]
        done = {line.get("seed") for line in lines}
        return [s for s in range(unit["first"], unit["first"] + unit["count"])
                if s not in done]

    def unit_failure(self, task, unit, missing):
        """tile-diff died (a signal), refused its arguments (2) or left
        programs unchecked. The unit stays open and units/K.failed says why.
        After a death, the first program without a line is the one it died
        on (programs are checked in order, --jobs 1): it gets an error line,
        so that the unit goes on after it instead of dying there again."""
        key = task.key
        path = self.path("units", f"{key}.failed")
        record = {"attempts": 0}
        if os.path.exists(path):
            with open(path) as f:
                record = json.load(f)
        record.update({"attempts": record.get("attempts", 0) + 1,
                       "rc": task.rc, "missing": len(missing),
                       "log": task.log, "time": now_iso(), "unit": unit})
        write_json_atomic(path, record)
        last = ""
        try:
            with open(task.log) as f:
                lines = [l.strip() for l in f if l.strip()]
            last = lines[-1] if lines else ""
        except OSError:
            pass
        print(f"\ncampaign: unit {key}: tile-diff exited with {task.rc} and "
              f"{len(missing)} programs unchecked, see {task.log}"
              + (f"\n  {last}" if last else ""), file=sys.stderr)
        if task.rc == 2:
            self.stop = True
            self.failed = True
            return
        if task.rc < 0 and missing and unit["kind"] == "generated":
            seed = missing[0]
            line = {"program": f"seed {seed} ({unit['policy']})",
                    "seed": seed, "policy": unit["policy"], "ops": [],
                    "results": [], "time": time.time(),
                    "error": f"tile-diff died (exit {task.rc}) checking it; "
                             f"see {task.log}"}
            results = self.path("units", f"{key}.jsonl")
            cut_partial_line(results)
            with open(results, "a") as f:
                f.write(json.dumps(line) + "\n")
            self.absorb(results)
            self.retry.append(key)

    def finish_reduce(self, task):
        sig = task.key
        out = os.path.join(self.findings, "reduced", sig)
        tmp = out + ".tmp"
        if task.killed:
            shutil.rmtree(tmp, ignore_errors=True)
            return
        text = ""
        try:
            with open(task.log) as f:
                text = f.read()
        except OSError:
            pass
        m = re.findall(r"reduced (\d+) ops to (\d+) ops", text)
        if task.rc != 0 or not os.path.isdir(tmp):
            shutil.rmtree(tmp, ignore_errors=True)
            why = "not interesting any more (flaky or input-dependent)" \
                if task.rc == 1 else f"tile-reduce exited with {task.rc}"
            self.record_triage(sig, "not-reduced", why=why,
                               seconds=round(task.seconds, 1),
                               example=task.example)
            return
        os.replace(tmp, out)
        extra = {"reduced": out, "example": task.example,
                 "seconds": round(task.seconds, 1)}
        if m:
            extra["ops_before"], extra["ops_after"] = map(int, m[-1])
        if self.regressions:
            entry = self.add_regression(sig, out, task.example)
            if entry:
                extra["regression"] = entry
        self.record_triage(sig, "reduced", **extra)

    def add_regression(self, sig, reduced, example):
        try:
            with open(os.path.join(example, "config.json")) as f:
                config = json.load(f)
        except (OSError, json.JSONDecodeError):
            return None
        kind = config.get("kind", "finding")
        name = f"{kind}-{sig}"
        entry = os.path.join(self.regressions, name)
        # A bucket whose regression entry is marked fixed came back: the fix
        # regressed, or another bug shares the signature (a backend
        # wrong-result names no op). It gets an open entry of its own,
        # KIND-SIG-N, rather than hiding behind the fixed one.
        reappeared = None
        n = 1
        while os.path.exists(entry):
            try:
                with open(os.path.join(entry, "regression.json")) as f:
                    status = json.load(f).get("status")
            except (OSError, json.JSONDecodeError):
                status = None
            if status != "fixed":
                return entry
            reappeared = entry
            n += 1
            entry = os.path.join(self.regressions, f"{name}-{n}")
        tmp = entry + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        for f in os.listdir(reduced):
            src = os.path.join(reduced, f)
            if os.path.isfile(src) and (f.endswith(".mlir") or
                                        f.endswith(".npy") or
                                        f == "manifest.json"):
                shutil.copy(src, tmp)
        conf = config.get("configuration", {})
        text = conf.get("text") if isinstance(conf, dict) else None
        write_json_atomic(os.path.join(tmp, "regression.json"), {
            "signature": sig, "kind": kind,
            "configuration": text or config.get("config", ""),
            "culprit": config.get("culprit", ""),
            "status": "open", "found": now_iso(),
            "found_by": f"campaign {os.path.abspath(self.state)}",
            # The campaign's tile-diff options that change what a check
            # finds; the replay passes them again.
            "tile_diff_args": [a for a in self.params["tile_diff_args"]
                               if a.startswith(REPLAY_OPTIONS)],
            # A peer compiler's findings depend on its release.
            "tool_version": (config.get("tileiras") or {}).get("version", ""),
            **({"reappeared_of": os.path.basename(reappeared)}
               if reappeared else {}),
        })
        os.replace(tmp, entry)
        return entry

    def absorb(self, results):
        lines = read_lines(results)
        seen = self.offsets.get(results, 0)
        for line in lines[seen:]:
            before = set(self.stats.signatures)
            self.stats.add(line)
            for sig in self.stats.signatures.keys() - before:
                if sig not in self.triaged:
                    self.pending_reduce.append(sig)
        self.offsets[results] = len(lines)

    def kill_all(self):
        for task in self.running:
            if task.proc:
                task.killed = True
                try:
                    os.killpg(task.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        while self.running:
            task = self.reap(block=True)
            if task is None:
                break
            self.running.remove(task)
            task.proc = None
            self.finished(task)

    # ---- the loop ----------------------------------------------------------

    def progress(self, force=False):
        t = time.time()
        interval = 1.0 if self.tty else 15.0
        if not force and t - self.last_progress < interval:
            return
        self.last_progress = t
        reducing = sum(1 for task in self.running if task.kind == "reduce")
        text = self.stats.line(self.units_done, self.units.total, reducing,
                               t - self.session_start)
        if self.tty:
            print("\r\033[K" + text, end="" if not force else "\n",
                  file=sys.stderr, flush=True)
        else:
            print(text, file=sys.stderr, flush=True)

    def save_session(self, end=False):
        sessions = self.params.setdefault("sessions", [])
        record = {"start": self.session_start_iso, "id": self.session_id,
                  "seconds": round(time.time() - self.session_start, 1),
                  "workers": self.args.workers}
        if end:
            record["end"] = now_iso()
        if sessions and sessions[-1].get("id") == self.session_id:
            sessions[-1] = record
        else:
            sessions.append(record)
        write_json_atomic(self.path("campaign.json"), self.params)

    def run(self):
        self.failed = False
        self.load_existing()
        self.session_start = time.time()
        self.session_start_iso = now_iso()
        self.session_id = f"{os.getpid()}-{self.session_start:.6f}"
        spent = sum(s.get("seconds", 0)
                    for s in self.params.get("sessions", []))
        budget = self.params.get("time")
        deadline = None if budget is None else \
            self.session_start + max(0.0, budget - spent)
        # A session that starts with the time spent only triages: the
        # reductions the budget cut off run now, without a deadline of
        # their own (tile-reduce's --time-limit bounds each).
        triage_only = deadline is not None and self.session_start >= deadline
        self.save_session()

        def on_signal(signum, frame):
            self.stop = True
        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)

        indices = (k for k in self.units.indices()
                   if not self.unit_done(k) and not self.given_up(k))
        exhausted = False
        last_save = time.time()
        try:
            while True:
                out_of_time = deadline is not None and time.time() >= deadline
                if self.stop:
                    self.kill_all()
                    break
                # Fill the free worker slots: reductions first, so triage
                # keeps up with the units.
                while len(self.running) < self.args.workers and \
                        (not out_of_time or triage_only):
                    task = None
                    while self.pending_reduce and task is None and \
                            self.params["reduce"]:
                        sig = self.pending_reduce.popleft()
                        if sig not in self.triaged:
                            task = self.reduce_task(sig)
                    if task is None and self.retry and not triage_only:
                        task = self.unit_task(self.retry.popleft())
                        if not task.commands:
                            task.started = time.time()
                            self.finished(task)
                            continue
                    if task is None and not exhausted and not triage_only:
                        k = next(indices, None)
                        if k is None:
                            exhausted = True
                        else:
                            task = self.unit_task(k)
                            if not task.commands:  # every program has a line
                                task.started = time.time()
                                self.finished(task)
                                continue
                    if task is None:
                        break
                    self.start(task)
                if not self.running:
                    break  # nothing left to start, or out of time
                task = self.reap(block=False)
                if task is None:
                    time.sleep(0.1)
                    if deadline is not None and out_of_time and \
                            not triage_only and \
                            time.time() > deadline + self.args.grace:
                        # Units past the grace period are cut off; a
                        # resume checks their remaining programs.
                        self.kill_all()
                        break
                else:
                    if self.finish_command(task):
                        self.running.remove(task)
                        self.finished(task)
                    else:
                        self.running.remove(task)
                        self.start(task)
                if time.time() - last_save > 10:
                    self.save_session()
                    last_save = time.time()
                self.progress()
        finally:
            self.save_session(end=True)
        self.progress(force=True)
        not_reduced = [s for s in self.stats.signatures
                       if s not in self.triaged]
        return not_reduced


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------

# Defaults of the options that define a campaign (None in argparse, so that
# a resume can tell an option given from one left out).
DEFAULTS = {"batch": 8, "policies": ",".join(PRESETS), "matrix": "default",
            "corpus": os.path.join(ROOT, "corpus", "seeds"), "shard": "0/1"}


def explicit_params(args):
    """The campaign-defining options given on the command line."""
    given = {}
    for key in ("seed", "batch", "policies", "matrix", "shard", "programs"):
        if getattr(args, key) is not None:
            given[key] = getattr(args, key)
    if args.corpus is not None:
        given["corpus"] = args.corpus if args.corpus == "none" else \
            os.path.abspath(args.corpus)
    if args.tile_diff_arg is not None:
        given["tile_diff_args"] = args.tile_diff_arg
    return given


def params_from_args(args):
    if args.time is None and args.programs is None:
        die("give a budget: --time SECONDS and/or --programs N")
    given = explicit_params(args)
    if given.get("batch", 1) < 1 or given.get("programs", 0) < 0:
        die("--batch must be at least 1 and --programs at least 0")
    corpus = given.get("corpus", DEFAULTS["corpus"])
    return {
        "version": STATE_VERSION,
        # Default: a million seeds per UTC day, so that daily campaigns
        # explore new programs and do not overlap.
        "seed": args.seed if args.seed is not None else
        int(time.time()) // 86400 * 1000000,
        "batch": given.get("batch", DEFAULTS["batch"]),
        "policies": given.get("policies", DEFAULTS["policies"]),
        "matrix": given.get("matrix", DEFAULTS["matrix"]),
        "corpus": corpus,
        "corpus_files": corpus_files(corpus),
        "tile_diff_args": given.get("tile_diff_args", []),
        "shard": given.get("shard", DEFAULTS["shard"]),
        "programs": args.programs,
        "time": args.time,
        "findings": os.path.abspath(args.findings) if args.findings else None,
        "regressions": os.path.abspath(args.regressions)
        if args.regressions else None,
        "reduce": not args.no_reduce,
        "reduce_time": args.reduce_time if args.reduce_time is not None
        else 120,
        "created": now_iso(),
    }


def open_state(args):
    """campaign.json of args.state: created from the arguments, or loaded
    (a resume) and checked against them."""
    state = os.path.abspath(args.state)
    path = os.path.join(state, "campaign.json")
    if os.path.exists(path):
        with open(path) as f:
            params = json.load(f)
        if params.get("version") != STATE_VERSION:
            die(f"{path} has state version {params.get('version')}, this "
                f"runner writes {STATE_VERSION}")
        for key, value in explicit_params(args).items():
            if value != params.get(key):
                die(f"{state} is a campaign with {key} = "
                    f"{params.get(key)!r}; resume it with the same value "
                    f"(or without the option), or start a new --state")
        if args.findings and os.path.abspath(args.findings) != \
                os.path.abspath(params.get("findings") or ""):
            die(f"{state} stores its findings in {params.get('findings')}; "
                "a resume cannot move them")
        # The budget's time and the triage options may change on a resume.
        if args.time is not None:
            params["time"] = args.time
        if args.regressions:
            params["regressions"] = os.path.abspath(args.regressions)
        if args.no_reduce:
            params["reduce"] = False
        if args.reduce_time is not None:
            params["reduce_time"] = args.reduce_time
        print(f"campaign: resuming {state}", file=sys.stderr)
    else:
        params = params_from_args(args)
        shard = parse_shard(params["shard"])
        if shard[1] > 1 and args.seed is None:
            die("--shard needs an explicit --seed: the default comes from "
                "the date, and shards started on different days would not "
                "be parts of one campaign")
        os.makedirs(state, exist_ok=True)
    if not params.get("findings"):
        params["findings"] = os.path.join(state, "findings")
    write_json_atomic(path, params)
    return state, params


def lock_state(state):
    """An exclusive lock on the state directory for this process's life:
    two runs on one state would check the same units."""
    import fcntl
    os.makedirs(state, exist_ok=True)
    f = open(os.path.join(state, "lock"), "w")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        die(f"{state} is in use by another campaign run")
    return f


def check_tools(args):
    for tool in ("tile-diff", "tile-reduce"):
        if not os.access(os.path.join(args.bin, tool), os.X_OK):
            die(f"no {tool} in {args.bin} (build first: bash scripts/build.sh)")


def cmd_run(args):
    check_tools(args)
    lock = lock_state(os.path.abspath(args.state))  # noqa: F841 (held)
    state, params = open_state(args)
    shard = parse_shard(params["shard"])
    budget = []
    if params.get("programs") is not None:
        budget.append(f"{params['programs']} generated programs")
    if params.get("time") is not None:
        budget.append(f"{params['time']} s")
    print(f"campaign: {state}: seeds from {params['seed']}, policies "
          f"{params['policies']}, matrix {params['matrix']}, shard "
          f"{shard[0]}/{shard[1]}, budget {' and '.join(budget)}, "
          f"{args.workers} workers", file=sys.stderr)
    campaign = Campaign(args, params, state)
    not_reduced = campaign.run()
    if campaign.failed:
        die("tile-diff refused its arguments (see the unit's log in "
            f"{os.path.join(state, 'logs')})")
    report_dir = args.report or os.path.join(state, "report")
    summary = campaign_report.write_report(state, report_dir, args.bin)
    print(f"campaign: {summary['programs']} programs checked, "
          f"{summary['findings']} findings in {len(summary['buckets'])} "
          f"buckets; report: {os.path.join(report_dir, 'report.html')}",
          file=sys.stderr)
    if not_reduced and params["reduce"]:
        print(f"campaign: {len(not_reduced)} buckets not reduced yet (the "
              f"budget ran out); `campaign.py run --state {state}` again "
              f"reduces them", file=sys.stderr)
    return 1 if summary["findings"] else 0


def cmd_units(args):
    if args.state and os.path.exists(os.path.join(args.state,
                                                  "campaign.json")):
        with open(os.path.join(args.state, "campaign.json")) as f:
            params = json.load(f)
    else:
        params = params_from_args(args)
    units = Units(params)
    limit = args.limit
    for n, k in enumerate(units.indices()):
        if units.total is None and n >= limit:
            break
        u = units.unit(k)
        if u["kind"] == "corpus":
            print(f"{k} corpus {u['path']}")
        else:
            print(f"{k} {u['policy']} {u['first']} {u['count']}")
    return 0


def cmd_report(args):
    state = os.path.abspath(args.state)
    if not os.path.exists(os.path.join(state, "campaign.json")):
        die(f"no campaign in {state}")
    report_dir = args.report or os.path.join(state, "report")
    summary = campaign_report.write_report(state, report_dir, args.bin)
    print(f"report: {os.path.join(report_dir, 'report.html')} "
          f"({summary['programs']} programs, {summary['findings']} "
          f"findings in {len(summary['buckets'])} buckets)")
    return 0


def merge_store(dst_dir, src_dir, final_dir=None):
    """Unions the findings store src_dir into dst_dir: buckets by signature,
    counts summed, first/last seen kept, examples copied (up to 3 each).
    The index names the examples under final_dir (where dst_dir will be
    renamed to), by default dst_dir."""
    final_dir = final_dir or dst_dir
    os.makedirs(dst_dir, exist_ok=True)
    dst = sqlite3.connect(os.path.join(dst_dir, "index.sqlite"), timeout=30)
    dst.executescript(
        "CREATE TABLE IF NOT EXISTS buckets( signature TEXT PRIMARY KEY,"
        " kind TEXT NOT NULL, culprit TEXT NOT NULL, count INTEGER NOT NULL,"
        " first_seen TEXT NOT NULL, last_seen TEXT NOT NULL,"
        " example_dir TEXT NOT NULL, signature_text TEXT);"
        "CREATE TABLE IF NOT EXISTS examples( signature TEXT NOT NULL,"
        " dir TEXT NOT NULL, configuration TEXT NOT NULL,"
        " program TEXT NOT NULL, seen TEXT NOT NULL);")
    src_db = os.path.join(src_dir, "index.sqlite")
    if not os.path.exists(src_db):
        dst.close()
        return
    src = sqlite3.connect(f"file:{src_db}?mode=ro", uri=True)
    with dst:
        for (sig, kind, culprit, count, first, last, example,
             text) in src.execute("SELECT signature, kind, culprit, count,"
                                  " first_seen, last_seen, example_dir,"
                                  " signature_text FROM buckets"):
            row = dst.execute("SELECT count, first_seen, last_seen FROM "
                              "buckets WHERE signature = ?", (sig,)).fetchone()
            if row:
                dst.execute("UPDATE buckets SET count = ?, first_seen = ?,"
                            " last_seen = ? WHERE signature = ?",
                            (row[0] + count, min(row[1], first),
                             max(row[2], last), sig))
            else:
                dst.execute("INSERT INTO buckets VALUES(?, ?, ?, ?, ?, ?, '',"
                            " ?)", (sig, kind, culprit, count, first, last,
                                    text))
            stored = dst.execute("SELECT COUNT(*) FROM examples WHERE "
                                 "signature = ?", (sig,)).fetchone()[0]
            for (d, config, program, seen) in src.execute(
                    "SELECT dir, configuration, program, seen FROM examples"
                    " WHERE signature = ?", (sig,)):
                if not os.path.isdir(d):
                    # A store copied from another machine: its index
                    # names the directories where they were written.
                    d = os.path.join(src_dir, os.path.basename(d))
                if stored >= 3 or not os.path.isdir(d):
                    continue
                stored += 1
                target = os.path.join(dst_dir, f"{kind}-{sig}-{stored}")
                while os.path.exists(target):
                    stored += 1
                    target = os.path.join(dst_dir, f"{kind}-{sig}-{stored}")
                shutil.copytree(d, target)  # repro.sh finds its own directory
                named = os.path.join(final_dir, os.path.basename(target))
                dst.execute("INSERT INTO examples VALUES(?, ?, ?, ?, ?)",
                            (sig, named, config, program, seen))
                dst.execute("UPDATE buckets SET example_dir = ? WHERE "
                            "signature = ? AND example_dir = ''",
                            (named, sig))
    src.close()
    dst.close()
    reduced = os.path.join(src_dir, "reduced")
    if os.path.isdir(reduced):
        for sig in os.listdir(reduced):
            target = os.path.join(dst_dir, "reduced", sig)
            if not sig.endswith(".tmp") and not os.path.exists(target):
                shutil.copytree(os.path.join(reduced, sig), target)


def state_findings(state, params):
    """A state's findings store: where campaign.json says, or, for a state
    copied from another machine, STATE/findings."""
    recorded = params.get("findings")
    if recorded and os.path.isdir(recorded):
        return recorded
    local = os.path.join(state, "findings")
    if os.path.isdir(local):
        return local
    die(f"the findings store of {state} is missing ({recorded or local})")


def cmd_merge(args):
    final = os.path.abspath(args.out)
    if os.path.exists(final):
        die(f"{final} exists; merge into a new directory")
    # Built beside the target and renamed at the end, so that a failed
    # merge leaves nothing half-merged behind.
    out = final + ".tmp"
    shutil.rmtree(out, ignore_errors=True)
    states = [os.path.abspath(s) for s in args.states]
    params_list = []
    for s in states:
        try:
            with open(os.path.join(s, "campaign.json")) as f:
                params_list.append(json.load(f))
        except OSError:
            die(f"no campaign in {s}")
    base = {k: v for k, v in params_list[0].items() if k != "sessions"}
    for s, p in zip(states, params_list):
        for key in FIXED:
            if key != "shard" and p.get(key) != base.get(key):
                die(f"{s} differs in {key} ({p.get(key)!r} vs "
                    f"{base.get(key)!r}): not shards of one campaign")
    os.makedirs(os.path.join(out, "units"), exist_ok=True)
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    findings = os.path.join(out, "findings")
    sessions = []
    shards = []
    merged_stores = set()
    for s, p in zip(states, params_list):
        shards.append(p.get("shard"))
        for name in os.listdir(os.path.join(s, "units")):
            target = os.path.join(out, "units", name)
            if os.path.exists(target):
                die(f"unit file {name} is in two of the merged states")
            shutil.copy(os.path.join(s, "units", name), target)
        for sess in p.get("sessions", []):
            sess = dict(sess)
            sess["shard"] = p.get("shard")
            sessions.append(sess)
        # Shards may share one store (e.g. the project's findings/):
        # merged once.
        store = os.path.realpath(state_findings(s, p))
        if store not in merged_stores:
            merged_stores.add(store)
            merge_store(findings, store, os.path.join(final, "findings"))
        triage = os.path.join(s, "triage.jsonl")
        if os.path.exists(triage):
            with open(triage) as f, \
                    open(os.path.join(out, "triage.jsonl"), "a") as g:
                g.write(f.read())
    base["shard"] = "merged"
    base["merged_from"] = [{"state": s, "shard": sh}
                           for s, sh in zip(states, shards)]
    base["sessions"] = sessions
    base["findings"] = os.path.join(final, "findings")
    write_json_atomic(os.path.join(out, "campaign.json"), base)
    os.replace(out, final)
    out = final
    summary = campaign_report.write_report(out, os.path.join(out, "report"),
                                           args.bin)
    print(f"merged {len(states)} states into {out}: {summary['programs']} "
          f"programs, {summary['findings']} findings in "
          f"{len(summary['buckets'])} buckets")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="tilecheck fuzzing campaigns (see the module comment)")
    sub = ap.add_subparsers(dest="command", required=True)

    def run_options(p, state_required=True):
        p.add_argument("--state", required=state_required,
                       help="the campaign's state directory")
        p.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
        p.add_argument("--time", type=float,
                       help="budget in seconds (over all sessions)")
        p.add_argument("--programs", type=int,
                       help="budget: generated programs (the corpus "
                            "files come on top)")
        p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
        p.add_argument("--policies",
                       help="generator presets or policy files, each with "
                            "an optional =WEIGHT (default: every preset)")
        p.add_argument("--matrix", help="a tile-diff --matrix: default, "
                                        "full, sample, tileiras, "
                                        "tileiras-targets, tileiras-bytecode, "
                                        "simt or gpu (default: default)")
        p.add_argument("--seed", type=int,
                       help="first generator seed (default: from the UTC "
                            "date)")
        p.add_argument("--batch", type=int,
                       help="generated programs per unit (default 8)")
        p.add_argument("--shard", help="I/N: this shard's units (default "
                                       "0/1)")
        p.add_argument("--corpus",
                       help="directory of .mlir files with launch headers, "
                            "or 'none' (default corpus/seeds)")
        p.add_argument("--findings",
                       help="findings store (default STATE/findings)")
        p.add_argument("--regressions",
                       help="write each reduced new bucket here as a "
                            "regression entry (e.g. corpus/regressions)")
        p.add_argument("--no-reduce", action="store_true")
        p.add_argument("--reduce-time", type=int,
                       help="seconds tile-reduce may spend on one bucket "
                            "(default 120)")
        p.add_argument("--grace", type=float, default=60,
                       help="seconds running units may overrun the time "
                            "budget before they are cut off (and resumed "
                            "by the next run)")
        p.add_argument("--report", help="report directory (default "
                                        "STATE/report)")
        p.add_argument("--no-progress", action="store_true",
                       help="progress lines every 15 s even on a terminal")
        p.add_argument("--tile-diff-arg", action="append",
                       help="extra tile-diff argument (repeatable), e.g. "
                            "--tile-diff-arg=--only-config=sm_80,O2")

    run_options(sub.add_parser("run", help="run or resume a campaign"))
    units = sub.add_parser("units", help="list the work units")
    run_options(units, state_required=False)
    units.add_argument("--limit", type=int, default=20,
                       help="units listed without a program budget")
    rep = sub.add_parser("report", help="write a campaign's report")
    rep.add_argument("--state", required=True)
    rep.add_argument("--report")
    rep.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    merge = sub.add_parser("merge", help="merge the states of shards")
    merge.add_argument("--out", required=True)
    merge.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    merge.add_argument("states", nargs="+")
    args = ap.parse_args(argv)
    if args.command == "units" and args.time is None and \
            args.programs is None:
        args.time = 0.0  # listing only: the budget does not matter
    return {"run": cmd_run, "units": cmd_units, "report": cmd_report,
            "merge": cmd_merge}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
