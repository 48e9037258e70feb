#include "plots/plotregistry.h"

#include "bias/biascliarguments.h"
#include "bias/biasworkspace.h"
#include "cascades/cascadeview.h"
#include "cascades/cascadeworkspace.h"
#include "plots/sweepplot.h"
#include "rubric/rubricworkspace.h"
#include "trust/trustworkspace.h"

#include "analysis/biasdesign.h"
#include "analysis/rubriclabels.h"

#include <QLocale>

namespace tribunal {

namespace {

const PlotColumn kNone{};

PlotColumn col(const char* name)
{
    return {{QString::fromLatin1(name), 1.0}};
}

QStringList list(std::initializer_list<const char*> items)
{
    QStringList out;
    for (const char* item : items)
        out << QString::fromLatin1(item);
    return out;
}

PlotSeries covered(const char* id, const char* description, const char* command,
                   std::initializer_list<const char*> options, PlotColumn x, PlotColumn y,
                   std::initializer_list<const char*> keys, const char* filter)
{
    PlotSeries s;
    s.id = QString::fromLatin1(id);
    s.description = QString::fromLatin1(description);
    s.command = QString::fromLatin1(command);
    s.options = list(options);
    s.x = std::move(x);
    s.y = std::move(y);
    s.keys = list(keys);
    s.filter = QString::fromLatin1(filter);
    return s;
}

PlotSeries withInterval(PlotSeries s, const char* lower, const char* upper)
{
    s.lower = col(lower);
    s.upper = col(upper);
    return s;
}

std::vector<PlotDescriptor> makeRegistry()
{
    std::vector<PlotDescriptor> out;
    const auto cellKeys = {"judge", "format", "dataset", "[conditions]"};

    // --- the Plots dock (trust workspace) ---
    out.push_back({QStringLiteral("ceiling"),
                   QStringLiteral("tribunal::CeilingPlot"),
                   PlotDock::Plots,
                   PlotStates::One,
                   {covered("cells", "each visible cell at (phi, A)", "trust", {"--ci", "0"}, col("phi"),
                            col("A"), cellKeys, "phi!=;A!=")}});
    out.push_back({QStringLiteral("isotrust"),
                   QStringLiteral("tribunal::IsoTrustPlot"),
                   PlotDock::Plots,
                   PlotStates::One,
                   {covered("cells", "each visible cell at (A - phi/2, C)", "trust", {"--ci", "0"},
                            {{QStringLiteral("A"), 1.0}, {QStringLiteral("phi"), -0.5}}, col("C"), cellKeys,
                            "A!=;phi!=;C!=")}});
    out.push_back({QStringLiteral("failuremap"),
                   QStringLiteral("tribunal::FailureMapPlot"),
                   PlotDock::Plots,
                   PlotStates::One,
                   {covered("cells", "each visible cell at (phi, C)", "trust", {"--ci", "0"}, col("phi"),
                            col("C"), cellKeys, "phi!=;C!=")}});
    {
        PlotDescriptor judges{QStringLiteral("judges"),
                              QStringLiteral("tribunal::JudgeWhiskerPlot"),
                              PlotDock::Plots,
                              PlotStates::One,
                              {}};
        for (const char* m : {"C", "A_minus_half_phi", "T"}) {
            const std::string filter = std::string("measure=") + m + ";mean!=";
            PlotSeries mean = covered(m, "per judge: the mean over its visible cells", "sweep",
                                      {"--over", "judge"}, kNone, col("mean"), {"judge", "measure"}, "");
            mean.filter = QString::fromStdString(filter);
            judges.series.push_back(std::move(mean));
        }
        for (const char* m : {"C", "A_minus_half_phi", "T"}) {
            PlotSeries range = withInterval(covered((std::string(m) + "-range").c_str(),
                                                    "per judge: the min-max whisker over its "
                                                    "visible cells",
                                                    "spread", {}, kNone, kNone, {"judge", "measure"}, ""),
                                            "min", "max");
            range.filter = QString::fromStdString(std::string("measure=") + m + ";mean!=");
            judges.series.push_back(std::move(range));
        }
        out.push_back(std::move(judges));
    }
    {
        PlotDescriptor sweep{QStringLiteral("sweep"),
                             QStringLiteral("tribunal::SweepPlot"),
                             PlotDock::Plots,
                             PlotStates::One,
                             {}};
        for (const char* m : {"C", "A_minus_half_phi", "T"}) {
            PlotSeries s =
                withInterval(covered(m, "per value of the swept column: mean and IQR band", "sweep",
                                     {"--over", "{over}"}, kNone, col("mean"), {"{over}", "measure"}, ""),
                             "q1", "q3");
            s.filter = QString::fromStdString(std::string("measure=") + m + ";mean!=");
            sweep.series.push_back(std::move(s));
        }
        out.push_back(std::move(sweep));
    }

    // --- the Bias tests dock ---
    const auto biasKeys = {"judge", "format", "[conditions]", "test", "version"};
    {
        PlotSeries excess =
            withInterval(covered("excess", "E of each design row with its bootstrap interval", "bias",
                                 {"--table", "excess"}, col("E"), kNone, biasKeys, "E!="),
                         "E_lo", "E_hi");
        excess.label = QStringLiteral("verdict");
        out.push_back({QStringLiteral("bias-forest"),
                       QStringLiteral("tribunal::BiasForestPlot"),
                       PlotDock::Bias,
                       PlotStates::BiasFamilies,
                       {std::move(excess)}});
    }
    {
        PlotSeries cells = covered("excess", "E written in each (judge, test) cell (n/a: empty)", "bias",
                                   {"--table", "excess"}, kNone, col("E"), biasKeys, "");
        cells.shownDecimals = 3;
        out.push_back({QStringLiteral("bias-heatmap"),
                       QStringLiteral("tribunal::BiasHeatmap"),
                       PlotDock::Bias,
                       PlotStates::BiasFamilies,
                       {std::move(cells)}});
    }
    out.push_back(
        {QStringLiteral("bias-reliability"),
         QStringLiteral("tribunal::ReliabilityPlot"),
         PlotDock::Bias,
         PlotStates::BiasFamilies,
         {covered("reliability", "per judge and confidence bin: accuracy against mean confidence",
                  "calibration", {"--reliability"}, col("mean_confidence"), col("accuracy"),
                  {"judge", "format", "[conditions]", "bin_lo", "bin_hi"}, "mean_confidence!=;accuracy!=")}});
    out.push_back({QStringLiteral("bias-flips-by-confidence"),
                   QStringLiteral("tribunal::ConfidenceFlipsPlot"),
                   PlotDock::Bias,
                   PlotStates::BiasFamilies,
                   {covered("share", "per judge and non-empty confidence bin: the share of changed verdicts",
                            "bias", {"--table", "confidence"}, kNone, col("share"),
                            {"judge", "format", "[conditions]", "bin_lo", "bin_hi"}, "share!=")}});

    // --- the Rubric judges dock ---
    {
        PlotSeries counts =
            covered("counts", "the count written in each (label, predicted) cell", "rubric",
                    {"--table", "confusion"}, kNone, col("count"),
                    {"judge", "format", "[conditions]", "panel", "criterion", "label", "predicted"}, "");
        counts.shownDecimals = 0;
        out.push_back({QStringLiteral("rubric-confusion"),
                       QStringLiteral("tribunal::ConfusionHeatmap"),
                       PlotDock::Rubric,
                       PlotStates::RubricRows,
                       {std::move(counts)}});
    }
    out.push_back(
        {QStringLiteral("rubric-shift"),
         QStringLiteral("tribunal::ShiftCurvePlot"),
         PlotDock::Rubric,
         PlotStates::RubricRows,
         {covered("curve", "per judge cell: exact accuracy at each level shift", "rubric",
                  {"--table", "shifts"}, col("shift"), col("accuracy"),
                  {"judge", "format", "[conditions]", "panel", "criterion", "pooled", "shift"}, "accuracy!="),
          covered("best", "per judge cell: the best shift (diamond)", "rubric", {"--table", "agreement"},
                  col("best_shift"), col("best_accuracy"),
                  {"judge", "format", "[conditions]", "panel", "criterion", "pooled"}, "best_accuracy!=")}});

    // --- the Cascades dock ---
    for (const bool accuracy : {true, false}) {
        const char* value = accuracy ? "accuracy" : "cost";
        PlotDescriptor d{accuracy ? QStringLiteral("cascade-accuracy") : QStringLiteral("cascade-cost"),
                         QStringLiteral("tribunal::CascadePlot"),
                         PlotDock::Cascades,
                         PlotStates::CascadeKinds,
                         {}};
        PlotSeries curve = covered("curve", "per fallback: the cascade at each tau", "cascade",
                                   {"{judges}", "--table", "curve"}, col("tau"), col(value),
                                   {"panel", "kind", "fallback", "tau"}, "");
        curve.filter = QString::fromLatin1(value) + QStringLiteral("!=");
        PlotSeries oracle = curve;
        oracle.id = QStringLiteral("oracle");
        oracle.description = QStringLiteral("per fallback: the K8 oracle point (diamond)");
        oracle.filter = QStringLiteral("oracle=true;") + curve.filter;
        PlotSeries first = covered("first", "the first judge alone (dashed line)", "cascade",
                                   {"{judges}", "--table", "summary"}, kNone,
                                   col(accuracy ? "first_accuracy" : "first_cost"), {"panel", "kind"}, "");
        first.filter = QString::fromLatin1(accuracy ? "first_accuracy" : "first_cost") + QStringLiteral("!=");
        PlotSeries crossFit = covered("crossfit", "the cascades the K9 half-splits chose (triangles)",
                                      "cascade", {"{judges}", "--table", "crossfit"}, col("tau"), col(value),
                                      {"panel", "kind", "fallback", "tau"}, "");
        crossFit.filter = curve.filter;
        d.series = {std::move(curve), std::move(oracle), std::move(first), std::move(crossFit)};
        out.push_back(std::move(d));
    }
    {
        const auto frontier = [](const char* id, const char* description,
                                 std::initializer_list<const char*> keys, const char* filter) {
            return covered(id, description, "cascade", {"{judges}", "--table", "frontier"},
                           col("cost_per_pair"), col("accuracy"), keys, filter);
        };
        out.push_back(
            {QStringLiteral("cascade-frontier"),
             QStringLiteral("tribunal::FrontierPlot"),
             PlotDock::Cascades,
             PlotStates::CascadeKinds,
             {frontier("singles", "each judge alone", {"panel", "kind", "type", "label"}, "type=single"),
              frontier("juries", "the lower and upper median jury", {"panel", "kind", "type"},
                       "type=jury-lower|jury-upper"),
              frontier("cascades", "every cascade point", {"panel", "kind", "type", "fallback", "tau"},
                       "type=cascade"),
              frontier("pareto", "the Pareto frontier line", {"panel", "kind", "type"}, "pareto=1")}});
    }
    return out;
}

QString latin(std::string_view text)
{
    return QString::fromLatin1(text.data(), static_cast<qsizetype>(text.size()));
}

void addTrustSettings(QStringList& args, const TrustWorkspace* trust)
{
    if (!trust)
        return;
    const TrustSettings& s = trust->view()->settings.trust;
    if (s.qMode == QMode::Observed)
        args << QStringLiteral("--q") << QStringLiteral("observed");
    if (s.consistencyUnit == ConsistencyUnit::Presentation)
        args << QStringLiteral("--unit") << QStringLiteral("presentation");
    if (s.assumeConsistentWhenSingleRun)
        args << QStringLiteral("--assume-consistent");
}

void addBiasSettings(QStringList& args, const QString& command, const BiasWorkspace* bias)
{
    if (!bias)
        return;
    const BiasSettings& s = bias->view()->analysis.settings;
    args << (command == QLatin1String("calibration") ? calibrationCliArguments(s) : biasCliArguments(s));
}

void addRounding(QStringList& args, LabelRounding rounding)
{
    if (rounding != LabelRounding::HalfUp)
        args << QStringLiteral("--rounding") << latin(labelRoundingName(rounding));
}

/// --panel, --first and --fallbacks of the Cascades dock's curves (judge labels are the CLI's names).
QStringList cascadeJudges(const CascadeWorkspace* cascades)
{
    QStringList args;
    if (!cascades)
        return args;
    const CascadeCurveView& view = *cascades->curveView();
    if (!view.audit)
        return args;
    args << QStringLiteral("--panel")
         << QString::fromStdString(std::string(view.audit->str(view.key.dataset)));
    // Table judges: key.first, then key.fallbacks.
    args << QStringLiteral("--first") << view.judgeLabel(0);
    QStringList fallbacks;
    for (std::size_t i = 0; i < view.key.fallbacks.size(); ++i)
        fallbacks << view.judgeLabel(i + 1);
    args << QStringLiteral("--fallbacks") << fallbacks.join(QLatin1Char(','));
    return args;
}

} // namespace

const std::vector<PlotDescriptor>& plotRegistry()
{
    static const std::vector<PlotDescriptor> registry = makeRegistry();
    return registry;
}

const PlotDescriptor* findPlotDescriptor(const QString& id)
{
    for (const PlotDescriptor& d : plotRegistry())
        if (d.id == id)
            return &d;
    return nullptr;
}

QStringList plotCliArguments(const PlotDescriptor& plot, const PlotSeries& series, const QString& input,
                             const InteractivePlot& drawn, const PlotWorkspaces& workspaces)
{
    if (series.command.isEmpty())
        return {};
    QStringList args{series.command, input};
    for (const QString& option : series.options) {
        if (option == QLatin1String("{over}")) {
            const auto* sweep = qobject_cast<const SweepPlot*>(&drawn);
            args << (sweep ? sweep->column() : QString());
        } else if (option == QLatin1String("{judges}")) {
            args << cascadeJudges(workspaces.cascades);
        } else {
            args << option;
        }
    }
    switch (plot.dock) {
    case PlotDock::Plots:
        addTrustSettings(args, workspaces.trust);
        break;
    case PlotDock::Bias:
        addBiasSettings(args, series.command, workspaces.bias);
        break;
    case PlotDock::Rubric:
        if (workspaces.rubric)
            addRounding(args, workspaces.rubric->view()->settings.rounding);
        break;
    case PlotDock::Cascades:
        if (workspaces.cascades) {
            addRounding(args, workspaces.cascades->curveView()->key.rounding);
            const CascadeSummaryView& summary = *workspaces.cascades->summaryView();
            const CascadeSettings defaults;
            if (summary.halvings != defaults.halvings)
                args << QStringLiteral("--halvings") << QString::number(summary.halvings);
            if (summary.seed != defaults.seed)
                args << QStringLiteral("--seed") << QString::number(summary.seed);
        }
        break;
    }
    args << QStringLiteral("--format") << QStringLiteral("csv");
    return args;
}

std::vector<std::pair<QString, QString>> judgeFormatKey(const Audit& audit, StrId judge, StrId format,
                                                        CondId condition)
{
    std::vector<std::pair<QString, QString>> key{
        {QStringLiteral("judge"), QString::fromStdString(std::string(audit.str(judge)))},
        {QStringLiteral("format"), QString::fromStdString(std::string(audit.str(format)))}};
    for (StrId name : audit.conditionKeys())
        key.emplace_back(
            QString::fromStdString(std::string(audit.str(name))),
            QString::fromStdString(std::string(audit.str(audit.conditionValue(condition, name)))));
    return key;
}

std::vector<std::pair<QString, QString>> biasRowKey(const Audit& audit, const BiasRowKey& key)
{
    auto out = judgeFormatKey(audit, key.judge, key.format, key.condition);
    out.emplace_back(QStringLiteral("test"), QString::fromStdString(std::string(audit.str(key.test))));
    out.emplace_back(QStringLiteral("version"), QString::fromStdString(std::string(audit.str(key.version))));
    return out;
}

QString keyNumber(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace tribunal
