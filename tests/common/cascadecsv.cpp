#include "cascadecsv.h"

#include <QString>

namespace tribunal::testing {

QByteArray cascadeRubricCsv()
{
    QByteArray out = "dataset,unit_id,criterion,kind,judge,format,rep,prediction,label,probs,confidence,"
                     "cost_usd,levels\n";
    const auto row = [&out](const char* dataset, const QString& unit, const char* criterion, const char* kind,
                            const char* judge, const char* format, const QString& prediction,
                            const QString& label, const char* probs, const QString& confidence,
                            const QString& cost) {
        const bool ordinal = QByteArray(kind) == "ordinal";
        out += QString("%1,%2,%3,%4,%5,%6,1,%7,%8,%9,%10,%11,%12\n")
                   .arg(dataset, unit, criterion, kind, judge, format, prediction, label, probs, confidence,
                        cost, ordinal ? "5" : "")
                   .toUtf8();
    };
    // examples.md section 7: D right, D confidence, F right, D cost, F cost.
    const int dRight[10] = {1, 0, 1, 1, 1, 0, 0, 1, 0, 1}, fRight[10] = {1, 1, 0, 1, 0, 0, 1, 1, 1, 1};
    const char* const conf[10] = {"0.92", "0.87", "0.71", "0.63", "0.50",
                                  "0.44", "0.38", "0.27", "0.27", "0.08"};
    const char* const dCost[10] = {"0.0020", "0.0020", "0.0025", "0.0020", "0.0030",
                                   "0.0020", "0.0025", "0.0020", "0.0020", "0.0030"};
    const char* const fCost[10] = {"0.0150", "0.0180", "0.0160", "0.0200", "0.0170",
                                   "0.0190", "0.0150", "0.0210", "0.0160", "0.0180"};
    for (int q = 0; q < 10; ++q) {
        const QString unit = QString("q%1").arg(q + 1);
        row("casc", unit, "Depth", "ordinal", "D", "plain", dRight[q] ? "3" : "2", "3", "", conf[q],
            dCost[q]);
        row("casc", unit, "Depth", "ordinal", "F", "plain", fRight[q] ? "3" : "4", "3", "", "", fCost[q]);
    }
    row("casc", "q1", "Depth", "ordinal", "G", "a", "3", "3", "", "", "");
    row("casc", "q1", "Depth", "ordinal", "G", "b", "3", "3", "", "", "");
    // examples.md section 8.
    const int votes[5][4] = {{3, 3, 4, 3}, {2, 4, 4, 2}, {1, 2, 5, 3}, {5, 4, 5, 5}, {2, 1, 3, 2}};
    const int labels[5] = {3, 4, 2, 5, 1};
    for (int v = 0; v < 5; ++v)
        for (int j = 0; j < 4; ++j)
            row("jury", QString("v%1").arg(v + 1), "Depth", "ordinal", qPrintable(QString("j%1").arg(j + 1)),
                "plain", QString::number(votes[v][j]), QString::number(labels[v]), "", "", "");
    // The binary panel: unit, label, D's answer and P(MET), X's and Y's answers (Y has none on b4).
    struct B {
        const char *unit, *label, *d, *probs, *x, *y;
    };
    const B checks[6] = {{"b1", "UNMET", "MET", "MET=0.9;UNMET=0.1", "MET", "UNMET"},
                         {"b2", "UNMET", "MET", "MET=0.7;UNMET=0.3", "UNMET", "MET"},
                         {"b3", "UNMET", "UNMET", "MET=0.2;UNMET=0.8", "UNMET", "UNMET"},
                         {"b4", "MET", "UNMET", "MET=0.1;UNMET=0.9", "UNMET", nullptr},
                         {"b5", "MET", "UNMET", "MET=0.4;UNMET=0.6", "MET", "MET"},
                         {"b6", "MET", "MET", "MET=0.8;UNMET=0.2", "MET", "UNMET"}};
    for (const B& b : checks) {
        row("checks", b.unit, "Has title", "binary", "D", "plain", b.d, b.label, b.probs, "", "");
        row("checks", b.unit, "Has title", "binary", "X", "plain", b.x, b.label, "", "", "");
        if (b.y)
            row("checks", b.unit, "Has title", "binary", "Y", "plain", b.y, b.label, "", "", "");
    }
    return out;
}

} // namespace tribunal::testing
