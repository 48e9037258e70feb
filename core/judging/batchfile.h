#pragma once
// Batch engines for large runs (issue 8): an audit design's requests written as an OpenAI-compatible Batch
// API input file, and the engine's output file read back as judgments, so audits of millions of requests run
// on a provider's batch service or on a cluster's offline runner instead of the live scheduler
// (runscheduler.h). Both ends use the live run's identities: custom_id is the call's request hash
// (taskCallHash), the body is exactly chatRequestBody's, and the import writes its rows with judgmentRowOf
// and ProjectRunLog::append, so a project filled from a batch is indistinguishable from one filled live, and
// a live run (or another batch) resumes it.
//
// File shapes relied on (JSONL, one object a line):
//   input:  {"custom_id": "<64 hex>", "method": "POST", "url": "/v1/chat/completions", "body": {...}}
//           OpenAI's BatchRequestInput (openapi.yaml, as mirrored by the openai-struct crate,
//           https://docs.rs/openai-struct/latest/src/openai_struct/models/batch_request_input.rs.html);
//           vLLM's offline runner reads the same lines (`vllm run-batch -i IN.jsonl -o OUT.jsonl --model M`,
//           https://www.mintlify.com/vllm-project/vllm/api/cli/run-batch and
//           https://docs.vllm.ai/en/latest/api/vllm/entrypoints/cli/run_batch/).
//   output: {"id": ..., "custom_id": ..., "response": {"status_code": 200, "request_id": ..., "body": {...}},
//            "error": null}; a request that failed with a non-HTTP error has "response": null and
//           "error": {"code": ..., "message": ...} (BatchRequestOutput, openapi.yaml,
//           https://docs.rs/openai-struct/latest/openai_struct/models/struct.BatchRequestOutput.html).
//           OpenAI writes failed requests to a separate error file of the same shape; import it together
//           with the output file.
//   limits: one input file holds at most 50,000 requests and 200 MB (Create batch, input_file_id:
//           https://learn.microsoft.com/en-us/azure/foundry/reference/rest/batches-create-batch, and the
//           async-openai docs); OpenAI also wants one model per file, hence BatchWriteOptions::judge.
//
// Plain functions; not thread-safe for the same files (they read and write files and a project).

#include "auditdesign.h"
#include "model/audit.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace tribunal {

struct BatchWriteOptions {
    /// At most this many lines per file (> 0). OpenAI's limit is 50,000.
    std::int64_t maxRequestsPerFile = 50'000;
    /// At most this many bytes per file (> 0). OpenAI's limit is 200 MB; 200 * 10^6 stays under it whichever
    /// megabyte is meant.
    std::int64_t maxBytesPerFile = 200'000'000;
    /// Only this judge's requests (its name); empty = every judge. Providers take one model per batch.
    QString judge;
    /// Optional existing project: judgments it has recorded are not written (like a resumed run).
    QString projectPath;
    /// Write requests the project recorded as failed for good again (a resumed run's default).
    bool retryFailed = true;
    /// Write the requests of recorded judgments the design asks otherwise (judgmentidentity.h); without it
    /// such a design is refused (ResumePlan::refusal()) and no file is written.
    bool rerunChanged = false;
};

struct BatchWriteCounts {
    std::uint64_t judgments = 0;       ///< judgments of the design (of the chosen judge)
    std::uint64_t alreadyRecorded = 0; ///< of those, recorded in the project: not written
    std::uint64_t requests = 0;        ///< lines written
    std::uint64_t sharedRequests = 0; ///< calls whose request equals an earlier line's (one line serves both)
    QStringList files;                ///< the files written, in order
};

/// Streams the design's requests not yet recorded to `outPath`, one line per distinct request, in the
/// design's task order; the calls of one judgment stay in one file. When the requests exceed a file's limits
/// they are split into `<stem>.001.jsonl`, `<stem>.002.jsonl`, ... (`stem` = outPath without ".jsonl"; the
/// first file moves to its numbered name when the second starts), and outPath itself is then not written. A
/// single line over the byte limit still gets a file of its own. Every file is written by the output policy
/// (io/outputfile.h: complete or not at all, links followed, read-only files refused, a FIFO or device
/// written in place, which fails when the requests need a second file). Recorded judgments are found as a
/// resumed run finds them (judgmentidentity.h); judgments the design asks otherwise are refused
/// (ResumePlan::refusal() + "; no file was written") unless options.rerunChanged. nullopt with *error
/// ("<path>: <reason>") on I/O failure, a refusal or an unknown judge.
std::optional<BatchWriteCounts> writeBatchInput(const AuditDesign& design, const Audit& items,
                                                const QString& outPath, const BatchWriteOptions& options,
                                                QString* error);

struct BatchImportOptions {
    /// Skip bad lines (listed in BatchImportCounts::badLines) instead of stopping at the first one.
    bool skipBad = false;
};

struct BatchImportCounts {
    std::uint64_t lines = 0;           ///< non-blank lines read
    std::uint64_t answeredCalls = 0;   ///< lines with a usable 200 answer
    std::uint64_t failedCalls = 0;     ///< lines with an error, a non-200 status or a malformed 200 body
    std::uint64_t written = 0;         ///< judgments written
    std::uint64_t failureRows = 0;     ///< of those, run_failure rows
    std::uint64_t unparsed = 0;        ///< of those, answers the parser could not read
    std::uint64_t alreadyRecorded = 0; ///< complete judgments the project had: not written again
    std::uint64_t incomplete = 0;      ///< judgments with some but not all calls in the files: not written
    QStringList badLines;              ///< with skipBad: the located errors of the skipped lines
};

/// Imports batch output files into `projectPath` (created with createRunProject when missing; else it must
/// hold the design's items). Each line's custom_id is mapped back to its (judgment, call) by recomputing the
/// design's hashes; a 200 body is read with ChatAttempt::parseCompletion; a line with "error" set, a
/// status_code other than 200, or a 200 body without an answer is a failed call, and a judgment with a
/// failed call is written as a failure row (run_failure, error "batch: <code>: <message>"). A judgment is
/// written once all its calls (FLASK's four) are in the files, which may be split across the files of one
/// import. Judgments the project has recorded are skipped (importing twice adds nothing); a failure row is
/// replaced when the import brings an answer.
///
/// Bad lines are located errors "<file>:<line>: <field>: <reason>" (file as given): not a JSON object,
/// custom_id missing or not of this design, a custom_id seen before in this import, response / error
/// missing or of the wrong type. By default the import stops at the first bad line with nothing of that
/// file written (files before it stay written): nullopt with *error. With skipBad the line is listed and
/// skipped. nullopt with *error also when a file or the project cannot be read or written.
std::optional<BatchImportCounts> importBatchOutput(const AuditDesign& design, const Audit& items,
                                                   const QString& projectPath, const QStringList& outputFiles,
                                                   const BatchImportOptions& options, QString* error);

} // namespace tribunal
