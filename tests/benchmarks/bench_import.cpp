// Import benchmarks (Google Benchmark): a generated audit written as flat CSV and as Tribunal JSONL, imported
// end to end (read + validate + build the snapshot). Size from TRIBUNAL_BENCH_JUDGMENTS (default 1,000,000).
// Targets: ../shared/spec/quality.md. Peak memory per import is measured by run_import_bench.sh in separate
// processes (`tribunal-cli bench import`), since one benchmark process holds every fixture at once.

#include "analysis/auditsimulator.h"
#include "io/exporter.h"
#include "io/importer.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Fixture {
    std::filesystem::path dir;
    std::string csv, jsonl;
    std::uint64_t judgments = 0;

    Fixture()
    {
        const char* env = std::getenv("TRIBUNAL_BENCH_JUDGMENTS");
        judgments = env ? std::strtoull(env, nullptr, 10) : 1'000'000;
        dir = std::filesystem::temp_directory_path() / ("tribunal-bench-" + std::to_string(judgments));
        std::filesystem::create_directories(dir);
        csv = (dir / "audit.csv").string();
        jsonl = (dir / "audit.jsonl").string();
        tribunal::AuditSimulation settings;
        settings.judgments = judgments;
        auto audit = tribunal::simulateAudit(settings);
        std::string error;
        if (!tribunal::exportFlatCsv(*audit, csv, &error) || !tribunal::exportJsonl(*audit, jsonl, &error))
            throw std::runtime_error(error);
    }
};

const Fixture& fixture()
{
    static Fixture f;
    return f;
}

void importFiles(benchmark::State& state, const std::vector<std::string>& paths)
{
    std::uint64_t judgments = 0;
    std::uintmax_t bytes = 0;
    for (const auto& path : paths)
        bytes += std::filesystem::file_size(path);
    for (auto _ : state) {
        auto outcome = tribunal::importSources(paths, nullptr, {});
        if (!outcome.audit) {
            state.SkipWithError("import failed");
            return;
        }
        judgments = outcome.audit->judgmentCount();
        benchmark::DoNotOptimize(outcome.audit.get());
    }
    state.counters["judgments"] = static_cast<double>(judgments);
    state.counters["MiB"] = static_cast<double>(bytes) / (1 << 20);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * judgments));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

void BM_ImportFlatCsv(benchmark::State& state)
{
    importFiles(state, {fixture().csv});
}
// Judgments and items both, as the CLI reads an exported pair.
void BM_ImportJsonl(benchmark::State& state)
{
    importFiles(state, {tribunal::itemsPathFor(fixture().jsonl), fixture().jsonl});
}

void BM_SimulateAndBuild(benchmark::State& state)
{
    // Baseline within the same run: building the snapshot alone (no parsing) from the same generator.
    tribunal::AuditSimulation settings;
    settings.judgments = fixture().judgments;
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::simulateAudit(settings).get());
}

} // namespace

// A flat CSV whose header has `columns` condition columns after the required ones, and one data row: the
// header checks (unique names, known columns located) must take linear time (docs/performance.md).
void BM_ImportWideCsvHeader(benchmark::State& state)
{
    const auto columns = static_cast<std::size_t>(state.range(0));
    const auto path =
        std::filesystem::temp_directory_path() / ("tribunal-bench-wide-" + std::to_string(columns) + ".csv");
    {
        std::string header = "dataset,item_id,judge,format,order,rep,verdict,label";
        std::string row = "d,1,j,f,AB,1,A,A";
        for (std::size_t c = 0; c < columns; ++c) {
            header += ",c" + std::to_string(c);
            row += ",1";
        }
        std::ofstream out(path, std::ios::binary);
        out << header << '\n' << row << '\n';
    }
    for (auto _ : state) {
        auto outcome = tribunal::importSources({path.string()}, nullptr, {});
        if (!outcome.audit) {
            state.SkipWithError("import failed");
            return;
        }
        benchmark::DoNotOptimize(outcome.audit->judgmentCount());
    }
    state.counters["columns"] = static_cast<double>(columns);
    std::filesystem::remove(path);
}

// Detecting the format of an input before it is imported (importer.h detectFormat): the flat CSV and JSONL
// fixtures (detection reads up to 1 MiB of each, looking for Inspect logs), and a folder of 1,000
// annotations.json files in 100 model folders (detection walks the tree to tell AlpacaEval from LLMBar).
// Compare with BM_ImportFlatCsv of the same run: detection must be a small fraction of an import.
void BM_DetectFormat(benchmark::State& state)
{
    std::string path;
    switch (state.range(0)) {
    case 0:
        path = fixture().csv;
        break;
    case 1:
        path = fixture().jsonl;
        break;
    default: {
        const auto dir = std::filesystem::temp_directory_path() / "tribunal-bench-detect-tree";
        if (!std::filesystem::exists(dir / "complete")) {
            for (int m = 0; m < 100; ++m)
                for (int a = 0; a < 10; ++a) {
                    const auto folder =
                        dir / ("model" + std::to_string(m)) / ("annotator" + std::to_string(a));
                    std::filesystem::create_directories(folder);
                    std::ofstream(folder / "annotations.json", std::ios::binary)
                        << "[{\"instruction\":\"q\",\"output_1\":\"a\",\"output_2\":\"b\",\"generator_1\":"
                           "\"x\",\"generator_2\":\"y\",\"annotator\":\"j\",\"preference\":1.0}]\n";
                }
            std::ofstream(dir / "complete") << "1\n";
        }
        path = dir.string();
        break;
    }
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::detectFormat(path));
    state.counters["input"] = static_cast<double>(state.range(0));
}

BENCHMARK(BM_DetectFormat)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ImportFlatCsv)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_ImportJsonl)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_ImportWideCsvHeader)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_SimulateAndBuild)->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
