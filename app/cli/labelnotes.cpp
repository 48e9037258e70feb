#include "labelnotes.h"

#include "io/exporter.h"
#include "model/importissue.h"

#include <QFileInfo>

#include <iostream>

namespace tribunal::cli {
namespace {

constexpr std::size_t kNamedCells = 4;

QString qString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// The items file an input would have had beside it: the first input `X.jsonl` (not an items file) whose
// `X.items.jsonl` is neither present nor among the inputs. Empty when there is none.
QString missingItemsFile(const QStringList& inputs)
{
    for (const QString& input : inputs) {
        if (!input.endsWith(".jsonl") || input.endsWith(".items.jsonl"))
            continue;
        const QString items = QString::fromStdString(itemsPathFor(input.toStdString()));
        if (!QFileInfo::exists(items) && !inputs.contains(items))
            return QFileInfo(items).fileName();
    }
    return {};
}

// Single-quotes `text` for a POSIX shell unless it is made of characters no shell treats specially.
std::string shellQuoted(const std::string& text)
{
    bool plain = !text.empty();
    for (const char c : text) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          std::string_view("_-./:@%+=,").find(c) != std::string_view::npos;
        plain = plain && safe;
    }
    if (plain && text.front() != '-')
        return text;
    std::string out = "'";
    for (const char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The note's text. (A QString function: lupdate misreads a Msg::tr inside a function returning a std:: type
// and would file the message under the context "Msg".)
QString missingLabelsNote(const QString& name, const QStringList& names, std::size_t cellCount,
                          const QString& columns, const QString& itemsFile)
{
    QString cells = names.join(", ");
    if (cellCount > kNamedCells)
        cells = Msg::tr("%1 and %n more", nullptr, static_cast<int>(cellCount - kNamedCells)).arg(cells);
    return itemsFile.isEmpty()
               ? Msg::tr("note: no labels for dataset %1 (cells: %2): the accuracy columns (%3) are empty; "
                         "import the items with their labels or a labelled file")
                     .arg(name, cells, columns)
               : Msg::tr("note: no labels for dataset %1 (cells: %2): the accuracy columns (%3) are empty; "
                         "import the items with their labels (%4) or a labelled file")
                     .arg(name, cells, columns, itemsFile);
}

} // namespace

std::size_t noteMissingLabels(const Audit& audit, LabelScope scope, const QString& columns,
                              const QStringList& inputs)
{
    const auto datasets = unlabelledDatasets(audit, scope);
    if (datasets.empty())
        return 0;
    const QString itemsFile = missingItemsFile(inputs);
    for (const UnlabelledDataset& dataset : datasets) {
        QStringList names;
        for (std::size_t i = 0; i < dataset.cells.size() && i < kNamedCells; ++i)
            names.push_back(QString::fromStdString(labelCellName(audit, dataset.cells[i])));
        std::cerr << missingLabelsNote(qString(audit.str(dataset.dataset)), names, dataset.cells.size(),
                                       columns, itemsFile)
                         .toStdString()
                  << '\n';
    }
    return datasets.size();
}

std::string reimportCommand(const std::string& path, bool jsonl)
{
    std::string inputs = shellQuoted(path);
    // importSources reads the items file by itself only beside a judgments file named X.jsonl.
    const bool sibling = path.ends_with(".jsonl") && !path.ends_with(".items.jsonl");
    if (jsonl && !sibling)
        inputs = shellQuoted(itemsPathFor(path)) + " " + inputs;
    std::string project = path;
    for (const std::string_view ext : {".jsonl", ".csv"}) {
        if (project.size() > ext.size() && std::string_view(project).ends_with(ext)) {
            project.resize(project.size() - ext.size());
            break;
        }
    }
    return "tribunal-cli import " + inputs + " -o " + shellQuoted(project + ".tribunal");
}

void noteReimport(const std::string& path, bool jsonl)
{
    // A name with a control character is shown escaped (one line, no terminal escapes), not pasteable.
    std::cerr << Msg::tr("note: re-import with: %1")
                     .arg(QString::fromStdString(
                         escapeForMessage(reimportCommand(path, jsonl), Backslashes::Keep)))
                     .toStdString()
              << '\n';
}

} // namespace tribunal::cli
