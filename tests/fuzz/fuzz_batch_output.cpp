// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: importBatchOutput (a Batch API output file) against a small fixed design: two pairwise items,
// one judge, formats direct, flask (four calls a judgment) and g-eval, both orders, one run = 24 calls. A
// random custom_id is never one of the design's, so the input may write `$` and one more byte for the
// design's custom_id number (that byte modulo 24): `{"custom_id": "$0", ...}`. The file is imported into a
// fresh project, stopping at the first bad line and again skipping bad lines. Checks: a failure says why;
// the counts add up; what imports strictly imports the same skipping, with nothing skipped.

#include "fuzzinput.h"

#include "io/auditsource.h"
#include "judging/batchfile.h"
#include "judging/chatrequest.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace tribunal;

namespace {

constexpr std::string_view kItems =
    R"({"dataset":"batch","item_id":"q1","kind":"pairwise","question":"Name a prime between 10 and 20.","response_a":"13","response_b":"15","label":"A"}
{"dataset":"batch","item_id":"q2","kind":"pairwise","question":"Say hi.","response_a":"Bye.","response_b":"Hi!","label":"B"}
)";

struct Fixture {
    std::unique_ptr<QCoreApplication> app; // the project's SQLite driver is a plugin: it needs one
    AuditDesign design;
    AuditPtr items;
    std::vector<QString> customIds; ///< every call's custom_id (request hash), in task order
};

const Fixture& fixture()
{
    static const Fixture* made = [] {
        auto* f = new Fixture;
        static int argc = 1;
        static char name[] = "fuzz_batch_output";
        static char* argv[] = {name, nullptr};
        f->app = std::make_unique<QCoreApplication>(argc, argv);
        const auto itemsPath = fuzz::scratchDir() / "batch-items.jsonl";
        fuzz::writeFile(itemsPath, kItems);
        const QJsonObject judge{{QStringLiteral("name"), QStringLiteral("judge-a")},
                                {QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:9/v1")},
                                {QStringLiteral("model"), QStringLiteral("judge-a")},
                                {QStringLiteral("timeout_s"), 10.0}};
        const QJsonObject json{
            {QStringLiteral("items"), QJsonArray{QString::fromStdString(itemsPath.string())}},
            {QStringLiteral("judges"), QJsonArray{judge}},
            {QStringLiteral("formats"),
             QJsonArray{QStringLiteral("direct"), QStringLiteral("flask"), QStringLiteral("g-eval")}},
            {QStringLiteral("runs"), 1}};
        QString error;
        auto design = designFromJson(json, QString::fromStdString(fuzz::scratchDir().string()), &error);
        fuzz::check(design.has_value(), "the fixed design is valid");
        f->design = *design;
        f->items = loadAudit({itemsPath.string()}, ImportOptions{}).audit;
        fuzz::check(f->items != nullptr, "the fixed items import");
        for (const DesignTask& task : expandDesign(f->design, *f->items).tasks)
            for (int call = 0; call < callsPerJudgment(f->design.formats[task.format]); ++call)
                f->customIds.push_back(
                    taskCallHash(f->design, requestOf(f->design, *f->items, task, call), task));
        fuzz::check(f->customIds.size() == 24, "the fixed design has 24 calls");
        return f;
    }();
    return *made;
}

/// The input with every `$c` replaced by custom_id number c % 24.
std::string expandIds(std::string_view input, const Fixture& f)
{
    std::string out;
    out.reserve(input.size());
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (input[i] == '$' && i + 1 < input.size()) {
            out += f.customIds[static_cast<unsigned char>(input[i + 1]) % f.customIds.size()].toStdString();
            ++i;
        } else {
            out += input[i];
        }
    }
    return out;
}

std::optional<BatchImportCounts> importInto(const Fixture& f, const std::filesystem::path& output,
                                            bool skipBad, QString& error)
{
    const auto dir = fuzz::scratchDir() / "batch-project";
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    std::filesystem::create_directories(dir, ec);
    BatchImportOptions options;
    options.skipBad = skipBad;
    return importBatchOutput(f.design, *f.items, QString::fromStdString((dir / "p.tribunal").string()),
                             {QString::fromStdString(output.string())}, options, &error);
}

void checkCounts(const BatchImportCounts& counts)
{
    fuzz::check(counts.answeredCalls + counts.failedCalls <= counts.lines, "each line is at most one call");
    fuzz::check(counts.failureRows <= counts.written && counts.unparsed <= counts.written,
                "failure rows and unparsed answers are among the rows written");
    fuzz::check(counts.written + counts.alreadyRecorded + counts.incomplete <= 12,
                "no more judgments than the design has");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Fixture& f = fixture();
    const auto output = fuzz::scratchDir() / "batch-output.jsonl";
    fuzz::writeFile(output, expandIds(fuzz::asText({data, size}), f));

    QString strictError;
    const auto strict = importInto(f, output, false, strictError);
    QString skipError;
    const auto skipped = importInto(f, output, true, skipError);
    if (std::getenv("TRIBUNAL_FUZZ_VERBOSE")) // what an input does, when writing seeds
        std::fprintf(stderr, "strict: %s; skipping: %s\n",
                     strict ? qPrintable(QStringLiteral("%1 written").arg(strict->written))
                            : qPrintable(strictError),
                     skipped ? qPrintable(QStringLiteral("%1 written, %2 bad lines")
                                              .arg(skipped->written)
                                              .arg(skipped->badLines.size()))
                             : qPrintable(skipError));
    fuzz::check(strict.has_value() || !strictError.isEmpty(), "a failed strict import says why");
    fuzz::check(skipped.has_value() || !skipError.isEmpty(), "a failed skipping import says why");
    if (strict) {
        checkCounts(*strict);
        fuzz::check(strict->badLines.isEmpty(), "a strict import lists no bad lines");
        fuzz::check(skipped.has_value(), "what imports strictly imports skipping bad lines");
    }
    if (skipped)
        checkCounts(*skipped);
    if (strict && skipped) {
        fuzz::check(skipped->badLines.isEmpty(), "a file a strict import accepts has no bad line");
        fuzz::check(skipped->written == strict->written && skipped->failureRows == strict->failureRows &&
                        skipped->answeredCalls == strict->answeredCalls && skipped->lines == strict->lines,
                    "both policies import the same");
    }
    return 0;
}
