#pragma once
// A small audit for the GUI tests, built in memory with AuditBuilder.
//
// Pairwise items: d1/p1 (label A), d1/p2 (label B), d2/p3 (unlabelled), each with a question and two
// responses. p1 and p2 are judged by j1 and j2 in formats Direct and CoT, orders AB and BA, runs 1 and 2
// (16 judgments each); p3 only by j1 in Direct (4 judgments). p2's j2/CoT/BA/run 2 judgment failed (answer
// none, error "timeout"). Every judgment has the raw output rawText(...).
// With rubric = true, also d2/r1: a binary rubric item (input, submission, criterion, two ratings) judged
// once by j1 in format G-Eval.

#include "model/auditbuilder.h"

#include <string>

namespace tribunal::testaudit {

inline constexpr int kJudgments = 36;
inline constexpr int kItems = 3;
inline constexpr int kJudges = 2;
inline constexpr int kCells = 5;

inline std::string rawText(const std::string& item, const std::string& judge, const std::string& format,
                           Order order, int rep)
{
    return "raw " + item + " " + judge + " " + format + " " + std::string(orderName(order)) + " run " +
           std::to_string(rep) + "\nVerdict follows.";
}

inline std::string question(const std::string& item)
{
    if (item == "p1")
        return "What is the capital of France?\nAnswer briefly.";
    if (item == "p2")
        return "Explain photosynthesis to a child.";
    return "Übersetze: Ärger im Büro.";
}

inline AuditPtr build(bool rubric = false)
{
    AuditBuilder b;
    const auto file = b.addSourceFile("test");
    std::uint64_t line = 0;
    struct ItemSpec {
        const char* dataset;
        const char* id;
        Answer label;
    };
    const ItemSpec specs[] = {
        {"d1", "p1", answer::kA}, {"d1", "p2", answer::kB}, {"d2", "p3", answer::kNone}};
    for (const auto& spec : specs) {
        const auto item = b.addItem(b.intern(spec.dataset), b.intern(spec.id), TaskKind::Pairwise);
        b.setLabel(item, spec.label);
        b.setText(item, ItemText::Question, b.intern(question(spec.id)));
        b.setText(item, ItemText::ResponseA, b.intern(std::string("Response A of ") + spec.id + ": Paris."));
        b.setText(item, ItemText::ResponseB, b.intern(std::string("Response B of ") + spec.id + ": Lyon."));
        const std::string id = spec.id;
        for (const char* judge : {"j1", "j2"}) {
            for (const char* format : {"Direct", "CoT"}) {
                if (id == "p3" && (std::string(judge) != "j1" || std::string(format) != "Direct"))
                    continue;
                for (auto order : {Order::AB, Order::BA}) {
                    for (int rep = 1; rep <= 2; ++rep) {
                        JudgmentInput j;
                        j.item = item;
                        j.judge = b.intern(judge);
                        j.format = b.intern(format);
                        j.order = order;
                        j.rep = static_cast<std::uint16_t>(rep);
                        j.answer = order == Order::AB ? answer::kA : answer::kB;
                        j.raw = b.intern(rawText(id, judge, format, order, rep));
                        j.confidence = 0.75;
                        j.costUsd = 0.0012;
                        j.tokensIn = 100;
                        j.tokensOut = 20;
                        if (id == "p2" && std::string(judge) == "j2" && std::string(format) == "CoT" &&
                            order == Order::BA && rep == 2) {
                            j.answer = answer::kNone;
                            j.error = b.intern("timeout");
                        }
                        j.source = {file, ++line};
                        b.addJudgment(j);
                    }
                }
            }
        }
    }
    if (rubric) {
        const auto item = b.addItem(b.intern("d2"), b.intern("r1"), TaskKind::Binary);
        b.setLabel(item, answer::kMet);
        b.setText(item, ItemText::Input, b.intern("Write a haiku about rain."));
        b.setText(item, ItemText::Submission, b.intern("Rain on the tin roof"));
        b.setText(item, ItemText::Criterion, b.intern("Has three lines"));
        b.setRatings(item, {{b.intern("rater1"), answer::kMet}, {b.intern("rater2"), answer::kUnmet}});
        JudgmentInput j;
        j.item = item;
        j.judge = b.intern("j1");
        j.format = b.intern("G-Eval");
        j.answer = answer::kUnmet;
        j.raw = b.intern("raw r1 j1 G-Eval");
        j.source = {file, ++line};
        b.addJudgment(j);
    }
    ImportLog log;
    return b.build(log);
}

} // namespace tribunal::testaudit
