<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CascadeWorkspace</name>
    <message>
        <source>no judge of the panel gives a confidence or probabilities: the first judge in name order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cheapest judge (K11 cost per 1,000 requests) whose verdicts carry a confidence or probabilities</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfidentErrorView</name>
    <message>
        <source>%1 of %2 checks (%3), expected %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repeats (K4) in the sample: %1; in every error of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n sampled check(s) without a baseline left out</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 no answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discrimination (K2) of %1: AUROC %2 over %3 answers with a confidence; error rate by confidence band: %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gui_main</name>
    <message>
        <source>Workbench for auditing LLM judges.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A .tribunal project, or audit files and LLMBar folders to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of the window to PNG once the audit is shown, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file given and no sample project found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not load %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start loading %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of every panel into DIR once the analysis is done, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>panelscreenshots</name>
    <message>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not create %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasComparisonView</name>
    <message>
        <source>(not given)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No item selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perturbed prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 · judge %3 · test %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · unlabelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · label %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original prompt (not recorded: the question)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perturbed prompt (not recorded: the question and the perturbation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perturbation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perturbation: %1, cue on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: %1 (run 1), %2 (run 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: %1 (run 1, no second run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: %1, changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: %1, unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run 1:
%1

Run 2:
%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasForestPlot</name>
    <message>
        <source>Forest plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excess E = CR − RR (%1% bootstrap interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(E_fo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows without E (one run only, or no items), not drawn: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasHeatmap</name>
    <message>
        <source>Heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows without E (one run only, or no items), shown grey: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasItemModel</name>
    <message>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answered second run of the original prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed: the perturbed verdict differs from the original run 1 (B1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original run 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original run 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perturbed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(A) original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(A) perturbed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasPanel</name>
    <message>
        <source>Bias tests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plots show the rows of one format (and condition) at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Margin δ: a row is &quot;bias&quot; when its whole interval of E lies above δ (B4). Changing it re-reads the intervals; nothing is recomputed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bootstrap resamples over items for the interval of E (B4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random sign-flip permutations of the test of E &gt; 0 (B5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of every bootstrap and permutation stream: the same seed gives the same numbers as tribunal-cli bias.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Margin δ:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resamples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Permutations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the bias tests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the table behind the current tab (tab-separated, with a header line).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hanged only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List only items whose perturbed verdict differs from the original run 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bias-test judgments in this audit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a row of the forest plot or a heatmap cell to list its items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 items, %3 changed · RR %4, CR %5, %6 %7 [%8, %9] · %10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E_fo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unclear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict of each row against the margin: bias when the whole interval lies above it, no bias when it lies below, unclear otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasPlot</name>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge: %1
Test: %2
Version: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E_fo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2 [%3, %4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict at δ = %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p_BH = %1 (significant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p_BH = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Items: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::BiasWorkspace</name>
    <message>
        <source>Bias tests not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unclear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CR unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no format)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::CascadePlot</name>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold tau (defer when the first judge&apos;s score is below it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascade accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascade cost (USD, all pairs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy vs tau</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost vs tau</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pair of this kind has a label and a scored verdict of the first judge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
tau %2: accuracy %3, cost %4 USD
kept %5, deferred %6 (share %7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cross-fitted choices (K9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2 at tau %3: chosen by %4 of %5 half-splits (K9)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::CascadeWorkspace</name>
    <message>
        <source>No rubric judgments in this audit (no judged binary or ordinal item).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascades need two judges with rubric judgments on panel &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jury (lower median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jury (upper median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascades not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::CascadesPanel</name>
    <message>
        <source>binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K10: the cascade&apos;s gain over its fallback alone equals the kept share times the first judge&apos;s edge over the fallback on the kept pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ummary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;urve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rubric panel (dataset) whose pairs are replayed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary criteria defer on |P(MET) - 0.5| (grid k/50), ordinal ones on the first judge&apos;s confidence (grid k/20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first judge D: it answers every pair and defers below tau (K7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fallbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The judges D defers to (one curve each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K9: random halvings of the units; each half picks tau, the other half is scored with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the K9 halvings: the same seed gives the same numbers as tribunal-cli cascade.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R1: how a raters&apos; mean half-way between two levels becomes the label.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the current table (tab-separated, every digit, with a header line).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Panel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;irst judge:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Halvings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fallback whose cascade the slider reads out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The threshold tau: the first judge defers the pairs whose score is below it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fall&amp;back:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tau:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first judge D (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the cascades…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cascades not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No %1 pair has a label and a scored verdict of the first judge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pairs. Best single judge: %2 (accuracy %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best cascade: %1 → %2 at its oracle tau %3 (K8, in-sample): accuracy %4, deferred share %5, cost %6 USD.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K9 cross-fitting: computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K9 (%1 halvings): mean gain over the best single judge %2, a gain in %3 of the halvings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K9: no halving scored a pair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matching cascade (as accurate as %1 alone) at tau %2: cost share %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tau makes the cascade as accurate as %1 alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cross-fitted cost share %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tau = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept %1 · deferred %2 · accuracy %3 · deferred share %4 · cost %5 USD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K10: accuracy(cascade) − accuracy(fallback) = %1; s_kept × (a_kept(D) − a_kept(fallback)) = %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::CeilingPlot</name>
    <message>
        <source>Accuracy ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position flip rate φ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ceiling A = 1 − φ/2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Infeasible region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible cells left out: %1 (φ or A is n/a).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ConfidenceFlipsPlot</name>
    <message>
        <source>Flips by confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence of the original verdict (run 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of verdicts changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
confidence %2: %3 of %4 changed (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No original verdict of this format has a probability of A: there are no confidence bins.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ConfidentErrorWorkspace</name>
    <message>
        <source>No judge judged panel %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unanimous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confident errors not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ConfidentErrorsPanel</name>
    <message>
        <source>Confident errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confident &amp;errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repeats by &amp;band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rubric panel and kind whose errors are listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first judge, whose most confident wrong answers are sampled (K3). Default: the first judge whose answers carry a confidence or probabilities.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors sampled per panel and kind (K3; binary: half false positives, half false negatives).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Other judges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The judges checked for repeating the first judge&apos;s errors (K4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R1: how a raters&apos; mean half-way between two levels becomes the label.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only errors on pairs whose raters agreed (unanimous) or disagreed (split).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the current table (tab-separated, every digit, with a header line).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Panel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;First judge:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;n:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ra&amp;ters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your note on this pair (stored in the project)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store the note in the project (an empty note removes it); moving to another pair stores an edited note too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (confidence)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not stored: a job is running. Try again when it ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored (saved with the project).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding the confident errors…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No binary or ordinal items in this audit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confident errors not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sampled error on pairs with %1 raters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No error of the first judge to sample on this panel and kind.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ConfusionHeatmap</name>
    <message>
        <source>Confusion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label (R1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pooled row spans several criteria and scales: select a criterion row to see its confusion matrix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The constant baseline has no confusion matrix here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 / %3
Label %4, predicted %5: %6 of %7 predictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to list the pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not on the axes: %1 NA and %2 failed or out-of-scale predictions.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ExportDialog</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shade T in bands (xcolor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standalone document (compiles on its own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save .tex...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export LaTeX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust cells (Table 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format dispersion (Table 4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ANOVA of T (Table 5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed-form vs joint T (Table 10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checked columns are the ANOVA factors, in this order (drag to reorder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ANOVA &amp;factors:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save LaTeX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LaTeX files (*.tex);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an audit to export its tables.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rows are pooled by %1: a grouping gives only the trust cell table (as tribunal-cli trust --by does).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least one ANOVA factor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This table cannot be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intervals are being computed; the text has them once they arrive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The intervals were cancelled: the text has none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same text as: tribunal-cli %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This dialog does not export the bias tests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bias tests are being computed; the table appears when they are done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bias tests of this audit were not computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This audit has no bias-test judgments (no judgment has variant &apos;perturbed&apos;): there is no bias table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This audit has no judgment with a probability on a pairwise item labelled A or B: there is no calibration table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bias excess (seed 001 Table 10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judges with a bias per margin (Table 12)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration (Table 21)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bias tests are being recomputed with new settings; the text follows when they are done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This dialog does not export the rubric judges.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rubric judges are being computed; the table appears when they are done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rubric judges of this audit were not computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This audit has no rubric judgments (no judgment of a binary or ordinal item): there is no accuracy table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No panel and format in which two of the chosen judges both judged rubric items: there is no comparison table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric judges: accuracy per panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric judges: paired comparisons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rubric judges are being recomputed with new settings; the text follows when they are done.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::FailureMapPlot</name>
    <message>
        <source>Failure modes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position flip rate φ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistency C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trustworthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidently biased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Noisy but fair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chaos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible cells left out: %1 (C or φ is n/a; C needs repeated runs).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::FlipInspectorPanel</name>
    <message>
        <source>Flip inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a row of the trust table to inspect its pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flipped only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unstable only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs whose two orders have no common modal verdict (P_i = 0). Key: F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs whose runs disagree within an order (N_i = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labelled pairs with at least one verdict that differs from the label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>green: agrees with the label · red: differs · grey: no verdict or no label · T tie, N abstained, - none · J/K next/previous, N note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw outputs of run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit note…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 pairs: %3 flipped, %4 unstable, %5 wrong; %6 dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1 · run %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No verdict (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first-shown response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the second-shown response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parsed verdict %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (not found in the text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No note on this item (N adds one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note on item %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in the project; an empty note removes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The note was not stored: a job is running. Try again when it ends.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::FlipItemModel</name>
    <message>
        <source>dropped: an order never shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped: an order without verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unstable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No modal verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modal verdict: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge · format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AB runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BA runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::FrontierPlot</name>
    <message>
        <source>Cost-accuracy frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost per pair (USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>single judges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>juries (lower / upper median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
accuracy %2, cost %3 USD per pair (%4 USD in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
tau %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
on the frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pareto frontier</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ImportDialog</name>
    <message>
        <source>Skip bad records and list them (otherwise the first bad record stops the import)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add LLMBar folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files and folders to import into the open audit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit files (*.csv *.jsonl *.ndjson);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import an LLMBar folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::IsoTrustPlot</name>
    <message>
        <source>Iso-T factors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order-corrected accuracy A − φ/2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistency C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible cells left out: %1 (C, φ or A is n/a; C needs repeated runs).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ItemDetailPanel</name>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · run %3 · answer %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ItemTableModel</name>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judgments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing verdicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ItemTextsView</name>
    <message>
        <source>(not given)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No item selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · label %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · unlabelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Levels, ratings and other fields</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ItemsPanel</name>
    <message>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search item id, question, responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All datasets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All judges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::JobReportDialog</name>
    <message>
        <source>Opened with skipped records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened %1. %Ln bad record(s) were skipped:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported with skipped records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Imported %1. %Ln bad record(s) were skipped:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Could not import %1. The open audit is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save %1. The previous file, if any, is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::JobStatusWidget</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::JudgeWhiskerPlot</name>
    <message>
        <source>Judges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A − φ/2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2: mean %3 (min %4, max %5)
cells: %6, n/a and left out: %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left out as n/a: C in %1, A − φ/2 in %2, T in %3 of %4 visible cells.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean, min–max</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::JudgmentTreeModel</name>
    <message>
        <source>Judgment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probabilities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in / out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cue on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tribunal projects (*.tribunal);;Audit files (*.csv *.jsonl *.ndjson);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tribunal projects (*.tribunal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The open audit has changes that are not saved in a project. Discard them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 judgments · %L2 items · %L3 judges · %L4 cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Tribunal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tribunal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %L1 judgments, %L2 new items from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::OverviewPanel</name>
    <message>
        <source>Audit overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show interval columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the shown rows as tab-separated text with a header row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::PlotExportDialog</name>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figure size must be positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (vector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG (vector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG (image)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scale (PNG):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG files (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file to save to.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::PlotTabs</name>
    <message>
        <source>Drag to pan and use the wheel to zoom; this restores the full view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this plot as PDF, SVG or PNG at a chosen size.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::PlotsPanel</name>
    <message>
        <source>Plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep &amp;over:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::RawOutputView</name>
    <message>
        <source>(no raw output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw output</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ReliabilityPlot</name>
    <message>
        <source>Reliability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean confidence max(P(A), 1 − P(A)) per bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (ECE %2, n = %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
confidence bin [%2, %3), answers: %4
mean confidence %5, accuracy %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No judgment of this format has a probability of A on a labelled item: there is nothing to calibrate.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::RubricPairView</name>
    <message>
        <source>Judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bias test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no raw output recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unanimous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No label (raters&apos; mean %1, %2 raters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label %1 (raters&apos; mean %2, %3, %4 raters; rule %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not scored</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::RubricPairsDialog</name>
    <message>
        <source>Rubric pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raters&apos; mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n pair(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tribunal::RubricPanel</name>
    <message>
        <source>Double-click a row to list the pairs behind it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all %1 criteria</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constant baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric judges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per &amp;criterion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paired c&amp;omparisons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R1: how a raters&apos; mean half-way between two levels becomes the label (unrounded: half-up labels, offsets against the raters&apos; mean).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bootstrap resamples of the paired comparisons (R7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the bootstrap streams: the same seed gives the same numbers as tribunal-cli compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity margin (accuracy difference as a proportion): &quot;parity&quot; when the whole interval lies inside ±margin (R7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;luster bootstrap (by group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also resample whole groups (the items&apos; group field), as tribunal-cli compare --cluster group does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Judges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The judges whose pairs are compared (every two of them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the current table (tab-separated, every digit, with a header line).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Margin:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the rubric metrics…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric metrics not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rubric judgments in this audit (no judged binary or ordinal item).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 / %3 · label %4, predicted %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::RubricWorkspace</name>
    <message>
        <source>Paired comparisons need two judges with rubric judgments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least two judges to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No panel and format in which two of the judges both judged rubric items.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric metrics not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>half-down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unrounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>half-up</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::ShiftCurvePlot</name>
    <message>
        <source>Accuracy vs shift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level shift s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level shifts (R5) are defined for judges on ordinal criteria; select such a row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
s = %2: accuracy %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
best shift %2: accuracy %3 (s = 0: %4; leave-one-out: %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judges without a scored prediction here: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::SweepPlot</name>
    <message>
        <source>Condition sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A − φ/2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2
%3: mean %4, quartiles %5 – %6
cells: %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left out as n/a: C in %1, A − φ/2 in %2, T in %3 of %4 visible cells.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean, IQR band</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::TrustFilterTree</name>
    <message>
        <source>Show rows with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::TrustPlot</name>
    <message>
        <source>trustworthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>noisy but fair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chaos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confidently biased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C = %1, φ = %2, A = %3, T = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::TrustSettingsForm</name>
    <message>
        <source>Assume C = 1 with one run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1/2 (forced binary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>observed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy assumed on order-flipping pairs in A_max and T (T4-T6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the consistency C averages over (T2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With one run per order C is not identifiable; this opt-in sets C = 1 (T2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure map (T11): consistency is good when C is at least this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure map (T11): order invariance is good when the flip rate is at most this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bootstrap resamples for the intervals (T13); 0 computes none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interval level (T13).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool the cells that agree on the checked columns. None checked: one row per cell. A grouping has no intervals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistency unit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good C ≥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good φ ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resamples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group by:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::TrustTableModel</name>
    <message>
        <source>trustworthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>noisy but fair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chaos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confidently biased</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The remaining gap to the ceiling is capability: only a stronger judge closes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample repeatedly and take the majority verdict; position bias is low.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate both candidate orders to reduce position bias, then take the majority over repeated runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stable verdicts hide a strong position bias: evaluate both orders; repeating runs does not help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quadrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a (1 run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2 (%3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% interval: undefined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% interval: [%2, %3]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::TrustWorkspace</name>
    <message>
        <source>Grouping failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No intervals for a grouping: the bootstrap is per cell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intervals cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tribunal::VerdictHighlightView</name>
    <message>
        <source>(no raw output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order AB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order BA</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
