//===- ScheduleIRTest.cpp - Schedules of loops in the IR ------------------===//
//
// The bridge between scf.for bodies and the scheduling library: the graph
// built from a hand-written body (data, token, memory and iter_arg edges),
// and a RapidCheck property over generated programs: tileas-generate-schedule
// never fails on a valid program, every schedule it writes reads back and
// passes the checker, and compiling twice gives the same text.
//
//===----------------------------------------------------------------------===//

#include "ArbitraryProgram.h"

#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"
#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Generators/Generator.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <tuple>

using namespace mlir;
using namespace tilecheck;
using sched::EdgeKind;
using tilecheck::testing::arbitraryProgram;

namespace {

class ScheduleIRTest : public ::testing::Test {
protected:
  ScheduleIRTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  OwningOpRef<ModuleOp> parse(llvm::StringRef text) {
    return parseSourceString<ModuleOp>(text, &ctx);
  }
  MLIRContext ctx{MLIRContext::Threading::DISABLED};
};

/// Every loop's schedule read back and checked; "" when all are valid.
std::string checkLoops(ModuleOp module, unsigned &loops, unsigned &cost) {
  std::string problems;
  module.walk([&](scf::ForOp loop) {
    if (!loop->hasAttr("tileas.schedule.generator")) {
      problems += "a loop without a schedule\n";
      return;
    }
    ++loops;
    std::optional<sched::Target> target = nv_tileas::scheduleTargetOf(loop);
    if (!target) {
      problems += "no target\n";
      return;
    }
    sched::MachineModel model = sched::MachineModel::forTarget(*target);
    nv_tileas::BodyGraph body = nv_tileas::buildBodyGraph(loop, model);
    std::string error;
    std::optional<sched::ScheduleAnalysis> s =
        nv_tileas::readSchedule(loop, body, error);
    if (!s) {
      problems += error + "\n";
      return;
    }
    cost += s->generator == sched::Generator::CostBased;
    for (const std::string &p :
         sched::checkSchedule(*s, body.graph, model, body.constraints))
      problems += p + "\n";
  });
  return problems;
}

TEST_F(ScheduleIRTest, BodyGraphHasDataMemoryAndCarriedEdges) {
  // A store and a load of the same memref (memory edges both ways), a
  // value carried to the next iteration, and a pure op.
  const char *text = R"mlir(
module attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @f(%p: !nv_tileaa.ptr<i32, 1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m = nv_tileas.make_memref %p {operandSegmentSizes = array<i32: 1, 0, 0>} : (!nv_tileaa.ptr<i32, 1>) -> !nv_tileaa.memref<4xi32, strides=[1], 1>
    %v = nv_tileas.view %m : (!nv_tileaa.memref<4xi32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[4], !nv_tileaa.memref<4xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
    %init = arith.constant dense<0> : tensor<4xi32, #nv_tileas<layout reg>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<4xi32, #nv_tileas<layout reg>>) : i32 {
      %t, %tok = nv_tileas.tiled_load %v, %c0 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.tiled_view<partition, tile=[4], !nv_tileaa.memref<4xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<4xi32, #nv_tileas<layout reg>>, !nv_tileaa.mem_token)
      %s = arith.addi %acc, %t : tensor<4xi32, #nv_tileas<layout reg>>
      %tok2 = nv_tileas.tiled_store %s, %v, %c0 {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<4xi32, #nv_tileas<layout reg>>, !nv_tileaa.tiled_view<partition, tile=[4], !nv_tileaa.memref<4xi32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> !nv_tileaa.mem_token
      scf.yield %s : tensor<4xi32, #nv_tileas<layout reg>>
    }
    nv_tileaa.return
  }
}
)mlir";
  OwningOpRef<ModuleOp> module = parse(text);
  ASSERT_TRUE(module);
  scf::ForOp loop;
  module->walk([&](scf::ForOp l) { loop = l; });
  ASSERT_TRUE(loop);
  ASSERT_EQ(nv_tileas::scheduleTargetOf(loop), sched::Target::SM90);
  sched::MachineModel model =
      sched::MachineModel::forTarget(sched::Target::SM90);
  nv_tileas::BodyGraph body = nv_tileas::buildBodyGraph(loop, model);
  ASSERT_EQ(body.ops.size(), 3u); // load, addi, store
  EXPECT_EQ(body.graph.node(0).opClass, sched::OpClass::GlobalLoad);
  EXPECT_EQ(body.graph.node(1).opClass, sched::OpClass::Alu);
  EXPECT_EQ(body.graph.node(2).opClass, sched::OpClass::GlobalStore);
  std::set<std::tuple<unsigned, unsigned, EdgeKind, unsigned>> edges;
  for (const sched::Edge &e : body.graph.edges())
    edges.insert({e.from, e.to, e.kind, e.distance});
  // load -> addi -> store (data); addi -> addi next iteration (iter_arg);
  // load -> store and store -> next load (memory).
  std::set<std::tuple<unsigned, unsigned, EdgeKind, unsigned>> expected = {
      {0, 1, EdgeKind::Data, 0},
      {1, 2, EdgeKind::Data, 0},
      {1, 1, EdgeKind::Data, 1},
      {0, 2, EdgeKind::Memory, 0},
      {2, 0, EdgeKind::Memory, 1}};
  EXPECT_EQ(edges, expected) << body.graph.str();
  EXPECT_EQ(body.graph.edges()[0].latency,
            model.timing(sched::OpClass::GlobalLoad).latency);
}

TEST_F(ScheduleIRTest, GeneratedLoopsGetValidDeterministicSchedules) {
  auto pipeline = llvm::cantFail(gen::presetPolicy("pipeline"));
  auto full = llvm::cantFail(gen::presetPolicy("full"));
  unsigned loops = 0, cost = 0;
  bool ok = rc::check(
      "tileas-generate-schedule schedules every generated loop validly and "
      "deterministically, with either scheduler",
      [&] {
        gen::GeneratedProgram program = arbitraryProgram(full, pipeline);
        const char *target = *rc::gen::element("sm_80", "sm_90", "sm_100");
        bool serial = *rc::gen::arbitrary<bool>();
        driver::CompileOptions opts;
        opts.optLevel = 2 + *rc::gen::inRange(0u, 2u);
        opts.emit = driver::EmitStage::TileAS;
        opts.gpuName = target;
        opts.scheduler =
            serial ? driver::Scheduler::Serial : driver::Scheduler::Cost;
        driver::CompileResult r = driver::compile(program.text, opts);
        if (!r.ok()) {
          // Only a target that lacks a feature may refuse.
          RC_ASSERT(r.diagnostics.find("is not supported by compute "
                                       "capability") != std::string::npos);
          return;
        }
        driver::CompileResult again = driver::compile(program.text, opts);
        RC_ASSERT(again.ok());
        RC_ASSERT(again.output == r.output);
        OwningOpRef<ModuleOp> module = parse(r.output);
        RC_ASSERT(static_cast<bool>(module));
        unsigned l = 0, c = 0;
        std::string problems = checkLoops(*module, l, c);
        RC_LOG() << program.text << problems;
        RC_ASSERT(problems.empty());
        RC_ASSERT(!serial || c == 0);
        loops += l;
        cost += c;
      });
  EXPECT_TRUE(ok);
  // The property saw loops, and some went to the cost-based generator.
  EXPECT_GT(loops, 0u);
  EXPECT_GT(cost, 0u);
}

} // namespace
