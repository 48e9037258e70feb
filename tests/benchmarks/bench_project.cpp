// Project file benchmarks (Google Benchmark): a simulated audit saved as a `.tribunal` project, then
// ProjectFile::open (read + validate + build the snapshot) and ProjectFile::save. Size from
// TRIBUNAL_BENCH_JUDGMENTS (default 1,000,000). Target: ../shared/spec/quality.md, "GUI" row (a
// 1,000,000-judgment project open to a usable overview <= 1 s); figures in docs/performance.md, "Opening a
// project".

#include "analysis/auditsimulator.h"
#include "io/project/projectfile.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace {

struct Fixture {
    std::filesystem::path dir;
    std::string project;
    tribunal::AuditPtr audit;

    Fixture()
    {
        const char* env = std::getenv("TRIBUNAL_BENCH_JUDGMENTS");
        tribunal::AuditSimulation settings;
        settings.judgments = env ? std::strtoull(env, nullptr, 10) : 1'000'000;
        dir = std::filesystem::temp_directory_path() /
              ("tribunal-bench-project-" + std::to_string(settings.judgments));
        std::filesystem::create_directories(dir);
        project = (dir / "audit.tribunal").string();
        audit = tribunal::simulateAudit(settings);
        std::string error;
        if (!tribunal::ProjectFile::save(project, *audit, {}, &error))
            throw std::runtime_error(error);
    }
};

const Fixture& fixture()
{
    static Fixture f;
    return f;
}

void BM_ProjectOpen(benchmark::State& state)
{
    const auto& f = fixture();
    std::size_t judgments = 0;
    for (auto _ : state) {
        std::string error;
        auto contents = tribunal::ProjectFile::open(f.project, &error);
        if (!contents) {
            state.SkipWithError(error.c_str());
            return;
        }
        judgments = contents->audit->judgmentCount();
        benchmark::DoNotOptimize(contents->audit.get());
    }
    state.counters["judgments"] = static_cast<double>(judgments);
    state.counters["MiB"] = static_cast<double>(std::filesystem::file_size(f.project)) / (1 << 20);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * judgments));
}

void BM_ProjectSave(benchmark::State& state)
{
    const auto& f = fixture();
    const std::string target = (f.dir / "saved.tribunal").string();
    for (auto _ : state) {
        std::string error;
        if (!tribunal::ProjectFile::save(target, *f.audit, {}, &error)) {
            state.SkipWithError(error.c_str());
            return;
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * f.audit->judgmentCount()));
}

} // namespace

BENCHMARK(BM_ProjectOpen)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ProjectSave)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

BENCHMARK_MAIN();
