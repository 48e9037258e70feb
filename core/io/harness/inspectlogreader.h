#pragma once
// Mapping the records of an Inspect AI evaluation log to the audit (docs/harness-formats.md, "Inspect AI
// evaluation logs"), whatever its container (inspectlogimporter.cpp reads the `.eval` ZIP and the `.json`
// file and hands over the header and each sample as a parsed object with its text).
//
// Mapping: an item per sample and scorer (dataset = `eval.task`, item_id `<sample id>:<scorer>:<eval.model>`,
// unit_id = the sample id, criterion = the score name; input, submission, extra {model, target, metadata});
// a judgment per epoch (rep = epoch, format = the score name, judge = the grader the log records, see
// inspectloggraders.cpp; raw = the explanation); the values as inspectlogscores.h maps them; the score's edit
// history (Score.history) as the item's ratings (per provenance.author) and label (the last edit).
//
// Samples are read first and committed by finish(): a scorer's kind (binary or ordinal) depends on all its
// values in the log, an item's submission on all the epochs of its sample, and its label and ratings on the
// score edits of every epoch. One score (a sample's value of one scorer) is one record: a bad score is listed
// (or stops the import) at its `file:line` with the key path (`scores.grader.value`), the sample's other
// scores are kept. Not thread-safe: one reader per log file.

#include "io/harness/harnessfields.h"
#include "io/harness/inspectlogscores.h"
#include "io/itemorigins.h"
#include "model/auditbuilder.h"

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tribunal {

/// Where a parsed value is in its JSON text: `file` (the log, or `<log>/<entry>` for a ZIP entry) and the
/// line of a byte offset, counted on from the last one asked (offsets are mostly asked in increasing order).
class InspectLocator {
public:
    InspectLocator(std::string name, std::string_view text) : m_name(std::move(name)), m_text(text) {}
    const std::string& name() const { return m_name; }
    std::string_view text() const { return m_text; }
    std::uint64_t line(std::size_t offset);

private:
    std::string m_name;
    std::string_view m_text;
    std::size_t m_offset = 0;
    std::uint64_t m_line = 1;
};

/// What the log's `eval` spec says about the task, the evaluated model and the graders.
struct InspectEval {
    std::string task;
    std::string model;
    std::unordered_map<std::string, std::string>
        scorerModel;                                        ///< score name -> `model` of its scorer's options
    std::unordered_map<std::string, std::string> roleModel; ///< model role (`grader`) -> its model
};

class InspectLogReader {
public:
    InspectLogReader(AuditBuilder& builder, ImportLog& log) : m_builder(builder), m_log(log) {}

    /// Reads the log's header object (`version`, `eval`): a problem fails the import (returns false).
    bool readHeader(simdjson::dom::object header, InspectLocator& where, std::size_t start);
    /// Reads one sample whose object starts at byte `start` of where.text(); `prefix` starts its key paths in
    /// messages (`samples[3].` in a .json log). False when the import must stop.
    bool readSample(simdjson::dom::object sample, InspectLocator& where, std::size_t start,
                    std::string_view prefix = {});
    /// Commits the samples read: false when the import must stop.
    bool finish();

    std::uint64_t samplesRead() const { return m_samples.size(); }
    /// Samples read that hold no score (no `scores`, null or `{}`): they give no judgment.
    std::uint64_t unscoredSamples() const { return m_unscored; }

private:
    struct Edit {
        StrId author = kEmptyStr;
        InspectValue value;
        Answer answer = answer::kNone; ///< set by finish()
        std::uint64_t line = 0;
        std::string field;
    };
    struct Score {
        std::uint32_t sample = 0; ///< index in m_samples
        StrId scorer = kEmptyStr;
        bool judged = true; ///< false: a person created the score (its first history entry has provenance)
        InspectValue value;
        Answer answer = answer::kNone; ///< set by finish()
        bool dropped = false;          ///< a bad record, listed
        StrId judge = kEmptyStr, raw = kEmptyStr, error = kEmptyStr;
        std::string extra; ///< kept fields as an unclosed JSON object text ("" = none)
        std::vector<Edit> edits;
        std::uint32_t file = 0;
        std::uint64_t line = 0;
        std::string field;      ///< `scores.<name>` (`samples[3].scores.<name>` in a .json log)
        std::string valueField; ///< the key path of the scorer's value (`...history[0].value` once edited)
        std::uint64_t valueLine = 0;
    };
    struct Sample {
        StrId id = kEmptyStr;
        std::uint16_t epoch = 1;
        StrId input = kEmptyStr, submission = kEmptyStr, itemExtra = kEmptyStr;
        std::string name; ///< the file name of messages
    };

    std::optional<HarnessProblem> readSampleFields(simdjson::dom::object sample, Sample& out);
    std::optional<HarnessProblem> readScore(std::string_view name, simdjson::dom::element value, Score& out);
    std::optional<HarnessProblem> readHistory(simdjson::dom::array history, Score& out,
                                              simdjson::dom::object& original, bool& hasOriginal);
    StrId judgeOf(std::string_view scorer, const simdjson::dom::element* metadata);
    std::string_view resolved(std::string_view text) const; ///< an `attachment://` reference resolved
    std::uint64_t lineOf(std::string_view field);           ///< line of a key path of the current sample

    bool mapValues(Score& score, TaskKind kind);
    bool commitItem(const std::vector<std::uint32_t>& scores, TaskKind kind);
    std::optional<ImportIssue> checkItem(const std::vector<std::uint32_t>& scores, TaskKind kind,
                                         std::vector<Rating>& ratings, Answer& label, bool& sameSubmission);
    bool bad(const std::string& name, std::uint64_t line, std::string field, std::string reason);

    AuditBuilder& m_builder;
    ImportLog& m_log;
    InspectEval m_eval;
    std::vector<Sample> m_samples;
    std::vector<Score> m_scores;
    std::unordered_map<StrId, InspectScale> m_scales; ///< per scorer name
    ItemOrigins m_origins;
    std::string m_fileName; ///< the source file registered last (AuditBuilder::addSourceFile)
    std::uint32_t m_file = 0;
    // The sample being read.
    InspectLocator* m_where = nullptr;
    std::size_t m_start = 0;
    std::string m_prefix; ///< key path prefix of the sample (`samples[3].`) in messages
    simdjson::dom::object m_attachments;
    bool m_hasAttachments = false;
    std::uint64_t m_unscored = 0;
};

} // namespace tribunal
