#!/usr/bin/env python3
"""Tests of the campaign runner (scripts/campaign.py), its report and
scripts/check_regressions.py, on real tile-diff runs kept small:

  - two shards of a campaign check exactly the programs of the unsharded
    campaign, and `merge` unions them into the same report;
  - kill -9 of the campaign in the middle of a run loses no finding and no
    program: the resumed campaign checks each program exactly once (a
    half-written results line included) and triages the new bucket;
  - the HTML report loads in headless Chromium with every plot decoded;
  - a regression entry written by the triage replays as "open", and fails
    the check once marked "fixed" while it still reproduces;
  - the triage finds a bucket's example in a store whose writer was killed
    in the middle of a commit (a hot journal).

Findings come from a fake tileiras that crashes at -O2
(tests/Fuzz/Inputs/fake-tileiras.sh), so they are deterministic on every
machine.

  test_campaign.py --bin build/bin
"""

import argparse
import glob
import importlib.util
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CAMPAIGN = os.path.join(ROOT, "scripts", "campaign.py")
CHECK = os.path.join(ROOT, "scripts", "check_regressions.py")
FAKE = os.path.join(ROOT, "tests", "Fuzz", "Inputs", "fake-tileiras.sh")
BIN = None
FAKE_ENV = {"TILECHECK_TILEIRAS": FAKE, "FAKE_TILEIRAS_MODE": "crash",
            "FAKE_TILEIRAS_LEVEL": "2"}


def env(extra=None):
    e = dict(os.environ)
    e.update(extra or {})
    return e


def campaign(*args, extra_env=None, check=True):
    run = subprocess.run([sys.executable, CAMPAIGN] + list(args) +
                         ["--bin", BIN], capture_output=True, text=True,
                         env=env(extra_env))
    if check and run.returncode not in (0, 1):
        raise AssertionError(f"campaign {args} exited {run.returncode}:\n"
                             f"{run.stderr[-3000:]}")
    return run


def programs_of(state):
    """(policy, seed) -> number of results lines, over the state's units."""
    seen = {}
    for path in glob.glob(os.path.join(state, "units", "*.jsonl")):
        with open(path) as f:
            for line in f:
                if not line.endswith("\n"):
                    break  # a line a kill cut off
                d = json.loads(line)
                key = (d.get("policy"), d.get("seed"))
                seen[key] = seen.get(key, 0) + 1
    return seen


def report_of(state):
    with open(os.path.join(state, "report", "report.json")) as f:
        return json.load(f)


class CampaignTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="campaign-test-")

    def tearDown(self):
        if os.environ.get("KEEP_CAMPAIGN_TMP"):
            return
        shutil.rmtree(self.tmp, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def test_shards_cover_the_unsharded_campaign(self):
        # 11 programs in batches of 3: the last batch is short.
        common = ["--programs", "11", "--batch", "3", "--policies",
                  "ints,control=2", "--seed", "40", "--corpus", "none",
                  "--no-reduce", "--tile-diff-arg=--only-config=sm_80,O1"]
        campaign("run", "--state", self.path("whole"), "--workers", "2",
                 *common)
        for i in range(2):
            campaign("run", "--state", self.path(f"shard{i}"), "--workers",
                     "1", "--shard", f"{i}/2", *common)
        whole = programs_of(self.path("whole"))
        shards = [programs_of(self.path(f"shard{i}")) for i in range(2)]
        self.assertEqual(len(whole), 11)
        self.assertTrue(all(n == 1 for n in whole.values()))
        self.assertEqual(set(shards[0]) | set(shards[1]), set(whole))
        self.assertFalse(set(shards[0]) & set(shards[1]))
        self.assertTrue(shards[0] and shards[1])
        # The policy mix: control twice as often as ints (four batches of
        # the schedule control, ints, control, control: 3 + 3 + 3 + 2).
        policies = [p for p, _ in whole]
        self.assertEqual(policies.count("control"), 8)
        self.assertEqual(policies.count("ints"), 3)
        self.assertEqual(sorted(s for _, s in whole), list(range(40, 51)))
        # The unit listing says the same as the runs did.
        listed = campaign("units", *common).stdout.split("\n")
        self.assertEqual([l.split() for l in listed if l.strip()],
                         [["0", "control", "40", "3"], ["1", "ints", "43", "3"],
                          ["2", "control", "46", "3"],
                          ["3", "control", "49", "2"]])
        # Merged, the shards give the unsharded campaign's report.
        run = campaign("merge", "--out", self.path("merged"),
                       self.path("shard0"), self.path("shard1"))
        self.assertIn("11 programs", run.stdout)
        merged = report_of(self.path("merged"))
        self.assertEqual(merged["programs"], 11)
        self.assertEqual(merged["outcomes"],
                         report_of(self.path("whole"))["outcomes"])
        # A resume may not change what the units are.
        run = campaign("run", "--state", self.path("whole"), "--programs",
                       "11", "--batch", "2", check=False)
        self.assertEqual(run.returncode, 2)
        self.assertIn("batch", run.stderr)
        # Shards need an explicit seed (the default is the date's).
        run = campaign("run", "--state", self.path("noseed"), "--programs",
                       "4", "--shard", "1/2", check=False)
        self.assertEqual(run.returncode, 2)
        self.assertIn("--seed", run.stderr)
        # tile-diff refusing its arguments stops the campaign (exit 2),
        # naming the log.
        run = campaign("run", "--state", self.path("bad"), "--programs", "2",
                       "--corpus", "none", "--tile-diff-arg=--bogus",
                       check=False)
        self.assertEqual(run.returncode, 2)
        self.assertIn("logs", run.stderr)

    def test_config_flags(self):
        # Every tilec axis of a configuration text becomes its tilec flag
        # (the report's pass lists come from `tilec --print-pipeline`).
        spec = importlib.util.spec_from_file_location(
            "campaign_report",
            os.path.join(ROOT, "scripts", "campaign_report.py"))
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        spec.loader.exec_module(module)
        self.assertEqual(
            module.config_flags("sm_90,O3,v2=1,strategy=warp-specialize,"
                                "scheduler=cost,agents=aus,reg2reg=4,"
                                "queues=3,order=row-major"),
            ["--gpu-name=sm_90", "-O3", "--v2-opt-level=1",
             "--pipeline-strategy=warp-specialize", "--scheduler=cost",
             "--materialize-schedule-use-aus",
             "--materialize-convert-layout-reg2reg-vec-size=4",
             "--queue-loads-depth=3"])
        self.assertIsNone(module.config_flags("compiler=simt,sm_90,O2"))

    def test_example_found_behind_a_hot_journal(self):
        # A writer killed in the middle of a transaction whose pages have
        # spilled to the journal leaves a hot journal: a read-only
        # connection refuses the store until a writer rolls it back, which
        # once sent a resumed campaign's triage to "no-example".
        spec = importlib.util.spec_from_file_location("campaign", CAMPAIGN)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        findings = self.path("store")
        example = os.path.join(findings, "crash-abc-1")
        os.makedirs(example)
        db = os.path.join(findings, "index.sqlite")
        con = sqlite3.connect(db)
        con.execute("CREATE TABLE buckets(signature TEXT, kind TEXT,"
                    " example_dir TEXT)")
        con.execute("INSERT INTO buckets VALUES('abc', 'crash', ?)",
                    (example,))
        con.execute("CREATE TABLE filler(x)")
        con.executemany("INSERT INTO filler VALUES(?)",
                        [(i,) for i in range(20000)])
        con.commit()
        con.close()
        writer = subprocess.Popen(
            [sys.executable, "-c",
             "import sqlite3, sys, time\n"
             "con = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
             "con.execute('PRAGMA cache_size=1')\n"
             "con.execute('BEGIN IMMEDIATE')\n"
             "con.execute('UPDATE filler SET x = x + 1')\n"
             "print('in', flush=True)\n"
             "time.sleep(60)\n", db],
            stdout=subprocess.PIPE, text=True)
        self.assertEqual(writer.stdout.readline().strip(), "in")
        writer.kill()
        writer.wait()
        self.assertTrue(os.path.exists(db + "-journal"))
        with self.assertRaises(sqlite3.Error):
            ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            try:
                ro.execute("SELECT * FROM buckets").fetchall()
            finally:
                ro.close()
        self.assertEqual(module.store_example(findings, "abc"),
                         (example, "crash", None))
        self.assertEqual(module.store_example(findings, "zzz"),
                         (None, None, "the store has no such bucket"))

    def test_kill_resume_report_and_regressions(self):
        state = self.path("killed")
        regressions = self.path("regressions")
        args = ["run", "--state", state, "--programs", "24", "--batch", "3",
                "--policies", "ints,floats", "--seed", "300", "--corpus",
                "none", "--workers", "2", "--matrix", "tileiras",
                "--regressions", regressions, "--reduce-time", "60",
                "--bin", BIN]
        proc = subprocess.Popen([sys.executable, CAMPAIGN] + args,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL,
                                env=env(FAKE_ENV))
        # Kill it (SIGKILL, no chance to clean up) once some programs are
        # checked and before all are.
        deadline = time.time() + 120
        while time.time() < deadline:
            if len(programs_of(state)) >= 4 or proc.poll() is not None:
                break
            time.sleep(0.05)
        self.assertIsNone(proc.poll(), "the campaign ended before the kill")
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        time.sleep(0.5)  # the workers die with it (PR_SET_PDEATHSIG)
        before = programs_of(state)
        self.assertTrue(4 <= len(before) < 24, len(before))
        done = {os.path.basename(p)[:-5]
                for p in glob.glob(os.path.join(state, "units", "*.done"))}
        open_units = [p for p in glob.glob(os.path.join(state, "units",
                                                        "*.jsonl"))
                      if os.path.basename(p)[:-6] not in done]
        if open_units:
            # As if the kill had hit tile-diff in the middle of a line.
            with open(open_units[0], "a") as f:
                f.write('{"program": "seed 3')
        def finding_dirs():
            return {d for d in os.listdir(os.path.join(state, "findings"))
                    if d.startswith("crash-")}
        stored = finding_dirs()

        run = campaign(*args[:-2], extra_env=FAKE_ENV)
        self.assertEqual(run.returncode, 1, run.stderr)
        self.assertIn("resuming", run.stderr)
        after = programs_of(state)
        self.assertEqual(len(after), 24)
        self.assertTrue(all(n == 1 for n in after.values()), after)
        self.assertTrue(stored and stored <= finding_dirs(), stored)
        report = report_of(state)
        self.assertEqual(report["programs"], 24)
        # Every program crashes the fake tileiras at -O2: one bucket.
        self.assertEqual(report["findings"], 24)
        self.assertEqual(len(report["buckets"]), 1)
        bucket = report["buckets"][0]
        self.assertEqual(bucket["kind"], "crash")
        self.assertEqual(bucket["culprit"], "tileiras-O2")
        self.assertEqual(bucket["triage"], "reduced")
        self.assertLess(bucket["ops_after"], bucket["ops_before"])
        self.assertEqual(len(report["sessions"]), 2)
        self.assertIn("--repro", bucket["repro"])

        # A state copied to another machine (the original gone) merges:
        # its store and examples are found under the copy.
        copy = self.path("copied")
        shutil.copytree(state, copy)
        os.rename(state, state + ".gone")
        run = campaign("merge", "--out", self.path("merged"), copy)
        self.assertIn("24 programs, 24 findings in 1 buckets", run.stdout)
        merged = report_of(self.path("merged"))
        self.assertEqual(merged["buckets"][0]["store_count"],
                         report["buckets"][0]["store_count"])
        self.assertTrue(os.path.isdir(merged["buckets"][0]["example_dir"]))
        os.rename(state + ".gone", state)

        # The report loads in a headless browser, every plot decoded.
        html = os.path.join(state, "report", "report.html")
        chromium = shutil.which("chromium") or shutil.which(
            "chromium-browser")
        self.assertIsNotNone(chromium, "chromium is missing: bash "
                             "scripts/setup.sh installs it")
        dom = subprocess.run([chromium, "--headless", "--no-sandbox",
                              "--disable-gpu", "--virtual-time-budget=10000",
                              "--dump-dom", "file://" + html],
                             capture_output=True, text=True, timeout=120)
        self.assertRegex(dom.stdout, r'data-check="ok-[4-9]-images"',
                         dom.stderr[-2000:])
        self.assertIn("24 programs checked, 24 findings in 1 buckets",
                      dom.stdout)

        # The triage's regression entry replays.
        entries = glob.glob(os.path.join(regressions, "*", "regression.json"))
        self.assertEqual(len(entries), 1)
        check = subprocess.run([sys.executable, CHECK, "--bin", BIN,
                                regressions], capture_output=True, text=True,
                               env=env(FAKE_ENV))
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        self.assertIn("still reproduces", check.stdout)
        with open(entries[0]) as f:
            meta = json.load(f)
        meta["status"] = "fixed"
        with open(entries[0], "w") as f:
            json.dump(meta, f)
        check = subprocess.run([sys.executable, CHECK, "--bin", BIN,
                                regressions], capture_output=True, text=True,
                               env=env(FAKE_ENV))
        self.assertEqual(check.returncode, 1, check.stdout)
        self.assertIn("it is back", check.stdout)

        # A campaign that meets the bucket of a fixed entry again (the fix
        # regressed, or another bug shares the signature) writes an open
        # entry of its own beside it instead of hiding behind it.
        fixed = os.path.dirname(entries[0])
        campaign("run", "--state", self.path("again"), "--programs", "3",
                 "--batch", "3", "--policies", "ints", "--seed", "300",
                 "--corpus", "none", "--workers", "1", "--matrix",
                 "tileiras", "--regressions", regressions,
                 "--reduce-time", "60", extra_env=FAKE_ENV)
        with open(os.path.join(fixed + "-2", "regression.json")) as f:
            reopened = json.load(f)
        self.assertEqual(reopened["status"], "open")
        self.assertEqual(reopened["reappeared_of"], os.path.basename(fixed))

    def test_time_budget(self):
        state = self.path("timed")
        start = time.time()
        run = campaign("run", "--state", state, "--time", "3", "--seed", "7",
                       "--policies", "ints", "--corpus", "none",
                       "--workers", "1", "--batch", "1", "--grace", "30",
                       "--tile-diff-arg=--only-config=sm_80,O0")
        self.assertLess(time.time() - start, 60)
        report = report_of(state)
        self.assertGreater(report["programs"], 0)
        programs = report["programs"]
        # The budget is spent: a resume with the same budget runs nothing,
        # a larger one goes on.
        campaign("run", "--state", state, "--time", "3")
        self.assertEqual(report_of(state)["programs"], programs)
        with open(os.path.join(state, "campaign.json")) as f:
            spent = sum(s["seconds"] for s in json.load(f)["sessions"])
        campaign("run", "--state", state, "--time", str(spent + 3))
        self.assertGreater(report_of(state)["programs"], programs)
        self.assertEqual(run.returncode, 0)


def main():
    global BIN
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    args, rest = ap.parse_known_args()
    BIN = os.path.abspath(args.bin)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
