//===- OracleAsyncTest.cpp - queues, agents and async pipelines -----------===//
//
// The interpreter's agents (oracle/lib/Interpreter/AsyncState.h): queues
// between an nv_tileaa.execute agent and the tile block, agent_switch with
// produce_one/consume_one and with the explicit acquire/write/commit and
// wait/read/release steps, and every misuse the ops call undefined
// behaviour (read or release without a wait, double acquire, deadlock, a
// failure in one agent while another is blocked). Results must not depend
// on the interleaving: each program runs without a seed and under several
// agent seeds.
//
//===----------------------------------------------------------------------===//

#include "OracleTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

const uint64_t kSeeds[] = {1, 7, 42, 1234, 99999, 31337};

std::string replaceAll(std::string text, const std::string &from,
                       const std::string &to) {
  for (size_t p = 0; (p = text.find(from, p)) != std::string::npos;
       p += to.size())
    text.replace(p, from.size(), to);
  return text;
}

/// A module holding `nv_tileaa.func @f() -> i32` whose body is `body`.
std::string funcModule(const std::string &body) {
  return "module {\n  nv_tileaa.func @f() -> i32 {" + body + "  }\n}\n";
}

class OracleAsync : public OracleTest {
protected:
  /// Runs @f (no arguments) and returns its i32 result; fails the test when
  /// the run fails.
  int64_t runInt(std::optional<uint64_t> seed = std::nullopt,
                 std::string *printed = nullptr) {
    RunOptions options;
    options.agentSeed = seed;
    std::string out;
    llvm::raw_string_ostream os(out);
    options.printStream = &os;
    std::vector<RtValue> results;
    RunResult r = call("f", {}, results, options);
    EXPECT_TRUE(r.ok()) << (r.failure ? r.failure->str() : "");
    if (printed)
      *printed = out;
    if (!r.ok() || results.size() != 1 || !results[0].isTile()) {
      ADD_FAILURE() << "no i32 result";
      return -1;
    }
    return results[0].getTile().getSInt(0);
  }

  /// Expects @f to return `expected` without a seed and under every seed.
  void expectEverySeed(int64_t expected) {
    EXPECT_EQ(runInt(), expected);
    for (uint64_t seed : kSeeds)
      EXPECT_EQ(runInt(seed), expected) << "seed " << seed;
  }

  /// Runs @f and returns the failure it must produce.
  RunFailure runFailure(std::optional<uint64_t> seed = std::nullopt,
                        uint64_t maxSteps = 1ull << 32) {
    RunOptions options;
    options.agentSeed = seed;
    options.maxSteps = maxSteps;
    std::vector<RtValue> results;
    RunResult r = call("f", {}, results, options);
    EXPECT_TRUE(r.failure.has_value()) << "expected the run to fail";
    return r.failure ? *r.failure
                     : RunFailure{FailureKind::Error, "", "", {0, 0, 0}};
  }

  /// Expects undefined behaviour whose message contains `needle`, without a
  /// seed and under every seed.
  void expectUB(const std::string &needle) {
    std::vector<std::optional<uint64_t>> seeds = {std::nullopt};
    for (uint64_t s : kSeeds)
      seeds.push_back(s);
    for (std::optional<uint64_t> seed : seeds) {
      SCOPED_TRACE(seed ? "seed " + std::to_string(*seed) : "no seed");
      RunFailure f = runFailure(seed);
      EXPECT_EQ(f.kind, FailureKind::UndefinedBehavior) << f.str();
      EXPECT_NE(f.message.find(needle), std::string::npos)
          << "message: " << f.message << "\nexpected to contain: " << needle;
    }
  }
};

//===----------------------------------------------------------------------===//
// Queues through execute
//===----------------------------------------------------------------------===//

/// A producer agent puts i*i+1 for i in [0, 8); the block gets them and
/// returns sum(i * value). Both sides print what they do.
const char *const kQueueBody = R"mlir(
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, DEPTH>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c8 = "nv_tileaa.constant"() <{value = dense<8> : tensor<i32>}> : () -> i32
    nv_tileaa.execute {
      "scf.for"(%c0, %c8, %c1) ({
      ^bb0(%i: i32):
        %sq = "nv_tileaa.muli"(%i, %i) : (i32, i32) -> i32
        %v = "nv_tileaa.addi"(%sq, %c1) : (i32, i32) -> i32
        nv_tileaa.queue.put %q[%i], %v : !nv_tileaa.queue<i32, DEPTH>, i32
        %t = "nv_tileaa.print_tko"(%i) <{str = "p%d ", operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> !nv_tileaa.mem_token
        "scf.yield"() : () -> ()
      }) : (i32, i32, i32) -> ()
      nv_tileaa.execute.yield
    }
    %r = "scf.for"(%c0, %c8, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %v = nv_tileaa.queue.get %q[%i] : !nv_tileaa.queue<i32, DEPTH>, i32
      %t = "nv_tileaa.print_tko"(%i) <{str = "c%d ", operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> !nv_tileaa.mem_token
      %w = "nv_tileaa.muli"(%v, %i) : (i32, i32) -> i32
      %s = "nv_tileaa.addi"(%acc, %w) : (i32, i32) -> i32
      "scf.yield"(%s) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    nv_tileaa.return %r : i32
)mlir";

TEST_F(OracleAsync, QueueProducerConsumerThroughExecute) {
  // sum(i^3 + i) for i in [0, 8) = 784 + 28.
  const int64_t expected = 812;
  for (const char *depth : {"1", "2"}) {
    SCOPED_TRACE(std::string("depth ") + depth);
    ASSERT_TRUE(parse(funcModule(replaceAll(kQueueBody, "DEPTH", depth))));
    std::string printed;
    EXPECT_EQ(runInt(std::nullopt, &printed), expected);
    // Without a seed the block runs until its first get blocks, then the
    // producer until its put blocks on a full queue.
    if (std::string(depth) == "1")
      EXPECT_EQ(printed.substr(0, 12), "p0 c0 p1 c1 ") << printed;
    else
      EXPECT_EQ(printed.substr(0, 9), "p0 p1 c0 ") << printed;
    std::set<std::string> interleavings;
    for (uint64_t seed : kSeeds) {
      SCOPED_TRACE("seed " + std::to_string(seed));
      EXPECT_EQ(runInt(seed, &printed), expected);
      interleavings.insert(printed);
      // The same seed gives the same interleaving.
      std::string again;
      EXPECT_EQ(runInt(seed, &again), expected);
      EXPECT_EQ(again, printed);
    }
    // With one slot every put waits for the previous get and each side
    // prints right after its op, so only one order exists; with two slots
    // the seeds explore several.
    if (std::string(depth) == "1")
      EXPECT_EQ(interleavings.size(), 1u);
    else
      EXPECT_GT(interleavings.size(), 1u);
  }
}

TEST_F(OracleAsync, ExecuteInsideALoopKeepsEachAgentsValues) {
  // Each iteration starts an agent that puts 3*i; the agents outlive the
  // iteration that started them (the queue has one slot).
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 1>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c3 = "nv_tileaa.constant"() <{value = dense<3> : tensor<i32>}> : () -> i32
    %c4 = "nv_tileaa.constant"() <{value = dense<4> : tensor<i32>}> : () -> i32
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: i32):
      %v = "nv_tileaa.muli"(%i, %c3) : (i32, i32) -> i32
      nv_tileaa.execute {
        nv_tileaa.queue.put %q[%i], %v : !nv_tileaa.queue<i32, 1>, i32
        nv_tileaa.execute.yield
      }
      "scf.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    %r = "scf.for"(%c0, %c4, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %v = nv_tileaa.queue.get %q[%i] : !nv_tileaa.queue<i32, 1>, i32
      %w = "nv_tileaa.muli"(%v, %i) : (i32, i32) -> i32
      %s = "nv_tileaa.addi"(%acc, %w) : (i32, i32) -> i32
      "scf.yield"(%s) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    nv_tileaa.return %r : i32
)mlir")));
  // sum(3 * i * i) for i in [0, 4) = 3 * 14.
  expectEverySeed(42);
}

/// An execute per iteration of a loop of COUNT: each agent puts 2*i into a
/// one-slot queue, which the block drains right away (GET) or never.
const char *const kAgentPerIterationBody = R"mlir(
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 1>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c2 = "nv_tileaa.constant"() <{value = dense<2> : tensor<i32>}> : () -> i32
    %n = "nv_tileaa.constant"() <{value = dense<COUNT> : tensor<i32>}> : () -> i32
    %r = "scf.for"(%c0, %n, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %v = "nv_tileaa.muli"(%i, %c2) : (i32, i32) -> i32
      nv_tileaa.execute {
        nv_tileaa.queue.put %q[%i], %v : !nv_tileaa.queue<i32, 1>, i32
        nv_tileaa.execute.yield
      }
      GET
    }) : (i32, i32, i32, i32) -> i32
    nv_tileaa.return %r : i32
)mlir";

/// The module of kAgentPerIterationBody with COUNT and GET filled in.
std::string agentPerIteration(const std::string &count,
                              const std::string &get) {
  return funcModule(replaceAll(
      replaceAll(kAgentPerIterationBody, "COUNT", count), "GET", get));
}

TEST_F(OracleAsync, ManyShortLivedAgents) {
  // 1000 agents in all, at most two alive at once.
  ASSERT_TRUE(parse(agentPerIteration(
      "1000",
      "%w = nv_tileaa.queue.get %q[%i] : !nv_tileaa.queue<i32, 1>, i32\n"
      "      %s = \"nv_tileaa.addi\"(%acc, %w) : (i32, i32) -> i32\n"
      "      \"scf.yield\"(%s) : (i32) -> ()")));
  // sum(2 * i) for i in [0, 1000).
  EXPECT_EQ(runInt(), 999000);
  EXPECT_EQ(runInt(5), 999000);
}

TEST_F(OracleAsync, TooManyLiveAgentsStopCleanly) {
  // Nobody gets: agent i > 0 blocks in its put, so live agents pile up
  // until the limit stops the run; every blocked thread then unwinds.
  ASSERT_TRUE(
      parse(agentPerIteration("1000", "\"scf.yield\"(%acc) : (i32) -> ()")));
  for (std::optional<uint64_t> seed :
       {std::optional<uint64_t>(), std::optional<uint64_t>(3)}) {
    RunFailure f = runFailure(seed);
    EXPECT_EQ(f.kind, FailureKind::Error) << f.str();
    EXPECT_NE(f.message.find("would run more than 256 agents at once"),
              std::string::npos)
        << f.message;
  }
}

TEST_F(OracleAsync, QueueIterationPutTwiceIsUB) {
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 2>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    nv_tileaa.queue.put %q[%c0], %c0 : !nv_tileaa.queue<i32, 2>, i32
    nv_tileaa.queue.put %q[%c0], %c0 : !nv_tileaa.queue<i32, 2>, i32
    nv_tileaa.return %c0 : i32
)mlir")));
  expectUB("iteration 0 was already put into the queue");
}

TEST_F(OracleAsync, QueueGetNobodyPutsIsADeadlock) {
  // The block waits at its end for an agent blocked in get.
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 2>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    nv_tileaa.execute {
      %v = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<i32, 2>, i32
      nv_tileaa.execute.yield
    }
    nv_tileaa.return %c0 : i32
)mlir")));
  expectUB("deadlock: no agent of the tile block can proceed");
  RunFailure f = runFailure();
  EXPECT_NE(f.message.find("agent 0 (the tile block) waits at the end of the "
                           "tile block for the agents it started"),
            std::string::npos)
      << f.message;
  EXPECT_NE(f.message.find("agent 1 (nv_tileaa.execute at "), std::string::npos)
      << f.message;
  EXPECT_NE(f.message.find("is blocked in 'nv_tileaa.queue.get'"),
            std::string::npos)
      << f.message;
}

//===----------------------------------------------------------------------===//
// agent_switch and pipelines
//===----------------------------------------------------------------------===//

TEST_F(OracleAsync, AgentSwitchProduceOneConsumeOne) {
  // The producer agent sends i*i through 3 stages for i in [0, 10); the
  // consumer sums i * value and hands the sum to the block through a
  // one-stage pipeline.
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i32, 3>
    %out = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i32, 1>
    %it0 = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<i32, 3>
    %o0 = nv_tileas.async.pipeline.create_iterator %out : !nv_tileas.pipeline<i32, 1>
    %c0 = "nv_tileas.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileas.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c10 = "nv_tileas.constant"() <{value = dense<10> : tensor<i32>}> : () -> i32
    nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 4>} {
      %last = "scf.for"(%c0, %c10, %c1, %it0) ({
      ^bb0(%i: i32, %it: !nv_tileas.iterator):
        nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<i32, 3> {
          %sq = "nv_tileas.muli"(%i, %i) : (i32, i32) -> i32
          nv_tileas.async.pipeline.yield %sq : i32
        }
        %next = nv_tileas.async.pipeline.increment_iterator %it
        "scf.yield"(%next) : (!nv_tileas.iterator) -> ()
      }) : (i32, i32, i32, !nv_tileas.iterator) -> !nv_tileas.iterator
      nv_tileas.async.pipeline.yield
    }, {
      %sum, %last = "scf.for"(%c0, %c10, %c1, %c0, %it0) ({
      ^bb0(%i: i32, %acc: i32, %it: !nv_tileas.iterator):
        %s = nv_tileas.async.pipeline.consume_one %p, %it : !nv_tileas.pipeline<i32, 3> -> i32 {
        ^bb0(%v: i32):
          %w = "nv_tileas.muli"(%v, %i) : (i32, i32) -> i32
          %t = "nv_tileas.addi"(%acc, %w) : (i32, i32) -> i32
          nv_tileas.async.pipeline.yield %t : i32
        }
        %next = nv_tileas.async.pipeline.increment_iterator %it
        "scf.yield"(%s, %next) : (i32, !nv_tileas.iterator) -> ()
      }) : (i32, i32, i32, i32, !nv_tileas.iterator) -> (i32, !nv_tileas.iterator)
      nv_tileas.async.pipeline.produce_one %out, %o0 : !nv_tileas.pipeline<i32, 1> {
        nv_tileas.async.pipeline.yield %sum : i32
      }
      nv_tileas.async.pipeline.yield
    }
    %r = nv_tileas.async.pipeline.consume_one %out, %o0 : !nv_tileas.pipeline<i32, 1> -> i32 {
    ^bb0(%v: i32):
      nv_tileas.async.pipeline.yield %v : i32
    }
    nv_tileaa.return %r : i32
)mlir")));
  // sum(i^3) for i in [0, 10).
  expectEverySeed(2025);
}

TEST_F(OracleAsync, ExplicitAcquireWriteCommitWaitReadRelease) {
  // The same protocol step by step: 2 stages, 6 positions, values i + 100.
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %p = nv_tileas.async.pipeline.create_pipeline {producer_group_size = 32 : i32, consumer_group_size = 128 : i32} : !nv_tileas.pipeline<i32, 2>
    %out = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i32, 1>
    %it0 = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<i32, 2>
    %o0 = nv_tileas.async.pipeline.create_iterator %out : !nv_tileas.pipeline<i32, 1>
    %c0 = "nv_tileas.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileas.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %c6 = "nv_tileas.constant"() <{value = dense<6> : tensor<i32>}> : () -> i32
    %c100 = "nv_tileas.constant"() <{value = dense<100> : tensor<i32>}> : () -> i32
    nv_tileas.async.pipeline.agent_switch {
      %last = "scf.for"(%c0, %c6, %c1, %it0) ({
      ^bb0(%i: i32, %it: !nv_tileas.iterator):
        nv_tileas.async.pipeline.producer_acquire %p, %it : !nv_tileas.pipeline<i32, 2>
        %v = "nv_tileas.addi"(%i, %c100) : (i32, i32) -> i32
        nv_tileas.async.pipeline.producer_write %p, %it, %v : !nv_tileas.pipeline<i32, 2>
        nv_tileas.async.pipeline.producer_commit %p, %it : !nv_tileas.pipeline<i32, 2>
        %next = nv_tileas.async.pipeline.increment_iterator %it
        "scf.yield"(%next) : (!nv_tileas.iterator) -> ()
      }) : (i32, i32, i32, !nv_tileas.iterator) -> !nv_tileas.iterator
      nv_tileas.async.pipeline.yield
    }, {
      %sum, %last = "scf.for"(%c0, %c6, %c1, %c0, %it0) ({
      ^bb0(%i: i32, %acc: i32, %it: !nv_tileas.iterator):
        nv_tileas.async.pipeline.consumer_wait %p, %it : !nv_tileas.pipeline<i32, 2>
        %v = nv_tileas.async.pipeline.consumer_read %p, %it : !nv_tileas.pipeline<i32, 2>
        nv_tileas.async.pipeline.consumer_release %p, %it : !nv_tileas.pipeline<i32, 2>
        %s = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
        %next = nv_tileas.async.pipeline.increment_iterator %it
        "scf.yield"(%s, %next) : (i32, !nv_tileas.iterator) -> ()
      }) : (i32, i32, i32, i32, !nv_tileas.iterator) -> (i32, !nv_tileas.iterator)
      nv_tileas.async.pipeline.producer_acquire %out, %o0 : !nv_tileas.pipeline<i32, 1>
      nv_tileas.async.pipeline.producer_write %out, %o0, %sum : !nv_tileas.pipeline<i32, 1>
      nv_tileas.async.pipeline.producer_commit %out, %o0 : !nv_tileas.pipeline<i32, 1>
      nv_tileas.async.pipeline.yield
    }
    nv_tileas.async.pipeline.consumer_wait %out, %o0 : !nv_tileas.pipeline<i32, 1>
    %r = nv_tileas.async.pipeline.consumer_read %out, %o0 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.consumer_release %out, %o0 : !nv_tileas.pipeline<i32, 1>
    nv_tileaa.return %r : i32
)mlir")));
  // sum(i + 100) for i in [0, 6).
  expectEverySeed(615);
}

/// One agent, one stage: produce and consume positions 0 and 1 in turn,
/// then STEPS (the misuse under test).
const char *const kSingleAgentBody = R"mlir(
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i32, 1>
    %it0 = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<i32, 1>
    %it1 = nv_tileas.async.pipeline.increment_iterator %it0
    %c5 = "nv_tileas.constant"() <{value = dense<5> : tensor<i32>}> : () -> i32
    %c7 = "nv_tileas.constant"() <{value = dense<7> : tensor<i32>}> : () -> i32
    nv_tileas.async.pipeline.producer_acquire %p, %it0 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.producer_write %p, %it0, %c5 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.producer_commit %p, %it0 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.consumer_wait %p, %it0 : !nv_tileas.pipeline<i32, 1>
    %a = nv_tileas.async.pipeline.consumer_read %p, %it0 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.consumer_release %p, %it0 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.producer_acquire %p, %it1 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.producer_write %p, %it1, %c7 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.producer_commit %p, %it1 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.consumer_wait %p, %it1 : !nv_tileas.pipeline<i32, 1>
    %b = nv_tileas.async.pipeline.consumer_read %p, %it1 : !nv_tileas.pipeline<i32, 1>
    nv_tileas.async.pipeline.consumer_release %p, %it1 : !nv_tileas.pipeline<i32, 1>
    %it2 = nv_tileas.async.pipeline.increment_iterator %it1
    STEPS
    %r = arith.muli %a, %b : i32
    nv_tileaa.return %r : i32
)mlir";

std::string singleAgent(const std::string &steps) {
  return funcModule(replaceAll(kSingleAgentBody, "STEPS", steps));
}

TEST_F(OracleAsync, SingleAgentPipelineSteps) {
  ASSERT_TRUE(parse(singleAgent("")));
  EXPECT_EQ(runInt(), 35);
}

/// One line of STEPS: pipeline op `op` of %p on `operands` (an iterator
/// first).
std::string step(const std::string &op, const std::string &operands) {
  return "nv_tileas.async.pipeline." + op + " %p, " + operands +
         " : !nv_tileas.pipeline<i32, 1>\n";
}

/// STEPS that acquire position 2, write 5 into it and commit it.
std::string commitPosition2() {
  return step("producer_acquire", "%it2") +
         step("producer_write", "%it2, %c5") + step("producer_commit", "%it2");
}

TEST_F(OracleAsync, ReadWithoutWaitIsUB) {
  ASSERT_TRUE(parse(singleAgent(commitPosition2() +
                                "%x = " + step("consumer_read", "%it2"))));
  expectUB("'nv_tileas.async.pipeline.consumer_read': reads a pipeline slot "
           "it did not wait for (position 2 (stage 0, phase 0))");
}

TEST_F(OracleAsync, ReadOfAReleasedPositionIsUB) {
  ASSERT_TRUE(parse(singleAgent("%x = " + step("consumer_read", "%it1"))));
  expectUB("reads a pipeline slot it did not wait for (position 1 (stage 0, "
           "phase 1))");
}

TEST_F(OracleAsync, ReleaseWithoutWaitIsUB) {
  ASSERT_TRUE(
      parse(singleAgent(commitPosition2() + step("consumer_release", "%it2"))));
  expectUB("'nv_tileas.async.pipeline.consumer_release': releases position 2 "
           "(stage 0, phase 0) without waiting for it");
}

TEST_F(OracleAsync, DoubleAcquireIsUB) {
  ASSERT_TRUE(parse(singleAgent(step("producer_acquire", "%it2") +
                                step("producer_acquire", "%it2"))));
  expectUB("'nv_tileas.async.pipeline.producer_acquire': acquires position 2 "
           "(stage 0, phase 0) twice without a commit");
}

TEST_F(OracleAsync, WriteWithoutAcquireAndCommitWithoutWriteAreUB) {
  ASSERT_TRUE(parse(singleAgent(step("producer_write", "%it2, %c5"))));
  expectUB("writes position 2 (stage 0, phase 0) without acquiring it");
  ASSERT_TRUE(parse(singleAgent(step("producer_acquire", "%it2") +
                                step("producer_commit", "%it2"))));
  expectUB("commits position 2 (stage 0, phase 0) without writing a value");
}

TEST_F(OracleAsync, WaitOnAPipelineNobodyProducesIsADeadlock) {
  ASSERT_TRUE(parse(singleAgent(step("consumer_wait", "%it2"))));
  expectUB("'nv_tileas.async.pipeline.consumer_wait': deadlock: no agent of "
           "the tile block can proceed: agent 0 (the tile block) is blocked "
           "in 'nv_tileas.async.pipeline.consumer_wait' at ");
}

TEST_F(OracleAsync, DeadlockBetweenAgentsNamesEveryAgent) {
  // The consumer agent waits for position 0 of a pipeline whose producer
  // agent only acquires it.
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i32, 2>
    %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<i32, 2>
    %c0 = "nv_tileas.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    nv_tileas.async.pipeline.agent_switch {
      nv_tileas.async.pipeline.producer_acquire %p, %it : !nv_tileas.pipeline<i32, 2>
      nv_tileas.async.pipeline.yield
    }, {
      nv_tileas.async.pipeline.consumer_wait %p, %it : !nv_tileas.pipeline<i32, 2>
      nv_tileas.async.pipeline.yield
    }
    nv_tileaa.return %c0 : i32
)mlir")));
  expectUB("deadlock: no agent of the tile block can proceed");
  RunFailure f = runFailure();
  for (const char *needle :
       {"agent 0 (the tile block) is blocked in "
        "'nv_tileas.async.pipeline.agent_switch'",
        "agent 2 (nv_tileas.async.pipeline.agent_switch at ",
        "is blocked in 'nv_tileas.async.pipeline.consumer_wait'"})
    EXPECT_NE(f.message.find(needle), std::string::npos)
        << needle << "\nin: " << f.message;
  // Agent 1 ended: it is not part of the report.
  EXPECT_EQ(f.message.find("agent 1"), std::string::npos) << f.message;
}

TEST_F(OracleAsync, FailureInOneAgentWhileAnotherIsBlocked) {
  // Agent 1 waits for a position nobody commits; agent 2 divides by zero.
  // The run reports the division (not a deadlock) and every thread ends.
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i32, 2>
    %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<i32, 2>
    %c0 = "nv_tileas.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileas.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    nv_tileas.async.pipeline.agent_switch {
      nv_tileas.async.pipeline.consumer_wait %p, %it : !nv_tileas.pipeline<i32, 2>
      nv_tileas.async.pipeline.yield
    }, {
      %d = "nv_tileas.divi"(%c1, %c0) <{signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<zero>}> : (i32, i32) -> i32
      nv_tileas.async.pipeline.yield
    }
    nv_tileaa.return %c0 : i32
)mlir")));
  expectUB("by zero");
}

TEST_F(OracleAsync, FailureInAnAgentWhileTheBlockIsBlocked) {
  // The block waits in queue.get while the execute agent divides by zero
  // before it puts; then the same with the step limit running out in the
  // agent.
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<i32, 1>
    %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
    %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
    %big = "nv_tileaa.constant"() <{value = dense<1000> : tensor<i32>}> : () -> i32
    nv_tileaa.execute {
      "scf.for"(%c0, %big, %c1) ({
      ^bb0(%i: i32):
        "scf.yield"() : () -> ()
      }) : (i32, i32, i32) -> ()
      %d = "nv_tileaa.divi"(%c1, %c0) <{signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<zero>}> : (i32, i32) -> i32
      nv_tileaa.queue.put %q[%c0], %d : !nv_tileaa.queue<i32, 1>, i32
      nv_tileaa.execute.yield
    }
    %v = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<i32, 1>, i32
    nv_tileaa.return %v : i32
)mlir")));
  expectUB("by zero");
  for (std::optional<uint64_t> seed :
       {std::optional<uint64_t>(), std::optional<uint64_t>(42)}) {
    RunFailure f = runFailure(seed, /*maxSteps=*/500);
    EXPECT_EQ(f.kind, FailureKind::StepLimit) << f.str();
  }
}

TEST_F(OracleAsync, TokensAndFuturesCompleteEagerly) {
  ASSERT_TRUE(parse(funcModule(R"mlir(
    %c9 = "nv_tileas.constant"() <{value = dense<9> : tensor<i32>}> : () -> i32
    %t = nv_tileas.create_none : !nv_tileas.token
    %f = nv_tileas.async.to_async %c9 : i32
    nv_tileas.async.wait %t
    %r = nv_tileas.async.future_wait %f : !nv_tileas.future<i32>
    nv_tileaa.return %r : i32
)mlir")));
  EXPECT_EQ(runInt(), 9);
}

} // namespace
