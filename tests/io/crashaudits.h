// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The two audits the crash tests save over each other (tst_projectcrash and its child, projectsaver_main):
// both sides build them from this header, so the parent knows what either state looks like without reading
// the child's memory. State A and state B differ in their judgment count and in every answer, so a file that
// mixed pages of both, or held a partial write, cannot pass for either.

#include "model/auditbuilder.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tribunal::test {

enum class CrashState { A, B };

/// Judgments of the state: large enough that one save takes tens of milliseconds.
inline constexpr int kCrashItems = 1500;
inline int crashJudgmentCount(CrashState state)
{
    return state == CrashState::A ? kCrashItems * 12 : kCrashItems * 10;
}

/// The audit of `state`: kCrashItems pairwise items, crashJudgmentCount(state) judgments; null only if the
/// builder refuses it (a bug in this file).
inline AuditPtr crashAudit(CrashState state)
{
    AuditBuilder b;
    const std::uint32_t file = b.addSourceFile("crash");
    const bool a = state == CrashState::A;
    const int judges = crashJudgmentCount(state) / kCrashItems / 2;
    std::uint64_t line = 0;
    for (int i = 0; i < kCrashItems; ++i) {
        const auto item =
            b.addItem(b.intern("crash"), b.intern("item-" + std::to_string(i)), TaskKind::Pairwise);
        b.setLabel(item, i % 2 ? answer::kA : answer::kB);
        b.setText(item, ItemText::Question, b.intern("question " + std::to_string(i)));
    }
    for (int k = 0; k < judges; ++k) {
        const StrId judge = b.intern((a ? "judge-a" : "judge-b") + std::to_string(k));
        for (std::uint32_t i = 0; i < kCrashItems; ++i)
            for (const Order order : {Order::AB, Order::BA}) {
                JudgmentInput j;
                j.item = i;
                j.judge = judge;
                j.format = b.intern("direct");
                j.order = order;
                ++line;
                // A and B give opposite answers to the same (item, order), so no row of one equals the
                // other's.
                j.answer = ((line % 3 == 0) == a) ? answer::kA : answer::kB;
                j.raw = b.intern((a ? "rationale a " : "rationale b ") + std::to_string(line));
                j.source = {file, line};
                b.addJudgment(j);
            }
    }
    ImportLog log;
    return b.build(log);
}

/// FNV-1a over what the crash tests compare: items (dataset, id, label) and judgments in import order (item,
/// judge, order, answer, raw). Equal checksums of two audits of equal counts mean the same content here.
inline std::uint64_t crashChecksum(const Audit& audit)
{
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](std::string_view bytes) {
        for (const char c : bytes) {
            h ^= static_cast<unsigned char>(c);
            h *= 1099511628211ull;
        }
        h ^= 0xff; // separator, so "ab"+"c" differs from "a"+"bc"
        h *= 1099511628211ull;
    };
    const auto& items = audit.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        mix(audit.str(items.dataset[i]));
        mix(audit.str(items.itemId[i]));
        mix(std::to_string(items.label[i]));
    }
    const auto& j = audit.judgments();
    for (const std::uint32_t row : audit.importOrder()) {
        mix(std::to_string(j.item[row]));
        mix(audit.str(j.judge[row]));
        mix(std::to_string(static_cast<int>(j.order[row])));
        mix(std::to_string(j.answer[row]));
        mix(audit.str(j.raw[row]));
    }
    return h;
}

} // namespace tribunal::test
