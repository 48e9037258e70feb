<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ConfidentErrorView</name>
    <message>
        <source>Repeats (K4) in the sample: %1; in every error of %2: %3</source>
        <translation>Wiederholungen (K4) in der Stichprobe: %1; über alle Fehler von %2: %3</translation>
    </message>
    <message numerus="yes">
        <source> · %n sampled check(s) without a baseline left out</source>
        <translation>
            <numerusform> · %n gezogene Prüfung ohne Baseline ausgelassen</numerusform>
            <numerusform> · %n gezogene Prüfungen ohne Baseline ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 no answers</source>
        <translation>%1 keine Antworten</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>%1 of %2 (%3), expected %4 (%5)</source>
        <translation>%1 von %2 (%3), erwartet %4 (%5)</translation>
    </message>
    <message>
        <source>%1 check</source>
        <translation>%1 Prüfung</translation>
    </message>
    <message>
        <source>%1 checks</source>
        <translation>%1 Prüfungen</translation>
    </message>
    <message>
        <source>Discrimination (K2) of %1: AUROC %2 over %3 with a confidence; error rate by confidence band: %4</source>
        <translation>Trennschärfe (K2) von %1: AUROC %2 über %3 mit Konfidenz; Fehlerrate je Konfidenzband: %4</translation>
    </message>
    <message>
        <source>%1 answer</source>
        <translation>%1 Antwort</translation>
    </message>
    <message>
        <source>%1 answers</source>
        <translation>%1 Antworten</translation>
    </message>
</context>
<context>
    <name>PanelParts</name>
    <message>
        <source>Cop&amp;y table</source>
        <translation>Tabelle &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy the current table (tab-separated, every digit, with a header line).</source>
        <translation>Die aktuelle Tabelle kopieren (tabulatorgetrennt, alle Stellen, mit Kopfzeile).</translation>
    </message>
</context>
<context>
    <name>gui_main</name>
    <message>
        <source>Workbench for auditing LLM judges.</source>
        <translation>Workbench zum Auditieren von LLM-Judges.</translation>
    </message>
    <message>
        <source>A .tribunal project, or audit files and LLMBar folders to read.</source>
        <translation>Ein .tribunal-Projekt oder einzulesende Audit-Dateien und LLMBar-Ordner.</translation>
    </message>
    <message>
        <source>Save a picture of the window to PNG once the audit is shown, then quit.</source>
        <translation>Ein Bild des Fensters als PNG speichern, sobald das Audit angezeigt wird, dann beenden.</translation>
    </message>
    <message>
        <source>No file given and no sample project found.</source>
        <translation>Keine Datei angegeben und kein Beispielprojekt gefunden.</translation>
    </message>
    <message>
        <source>could not load %1</source>
        <translation>%1 konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>could not start loading %1</source>
        <translation>Laden von %1 konnte nicht gestartet werden</translation>
    </message>
    <message>
        <source>Save a picture of every panel into DIR once the analysis is done, then quit.</source>
        <translation>Ein Bild jedes Panels in DIR speichern, sobald die Analyse fertig ist, dann beenden.</translation>
    </message>
    <message>
        <source>Print the names of the pictures --panel-screenshots writes, then quit.</source>
        <translation>Die Namen der Bilder ausgeben, die --panel-screenshots schreibt, dann beenden.</translation>
    </message>
    <message>
        <source>Window size of --screenshot and --panel-screenshots (default 1920x1080).</source>
        <translation>Fenstergröße für --screenshot und --panel-screenshots (Standard 1920x1080).</translation>
    </message>
    <message>
        <source>--screenshot-size needs --screenshot or --panel-screenshots</source>
        <translation>--screenshot-size braucht --screenshot oder --panel-screenshots</translation>
    </message>
    <message>
        <source>clipped in %1</source>
        <translation>abgeschnitten in %1</translation>
    </message>
</context>
<context>
    <name>panelscreenshots</name>
    <message>
        <source>could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>could not create %1</source>
        <translation>%1 konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>--screenshot-size: expected WIDTHxHEIGHT in pixels from %1x%2 to %3x%4 (e.g. 1366x768), not &quot;%5&quot;</source>
        <translation>--screenshot-size: erwartet BREITExHÖHE in Pixeln von %1x%2 bis %3x%4 (z. B. 1366x768), nicht „%5“</translation>
    </message>
    <message>
        <source>the window cannot be %1x%2: it is at least %3x%4</source>
        <translation>das Fenster kann nicht %1x%2 groß sein: es ist mindestens %3x%4</translation>
    </message>
</context>
<context>
    <name>tribunal::AuditSession</name>
    <message>
        <source>another program</source>
        <translation>einem anderen Programm</translation>
    </message>
    <message>
        <source>%1: the project is being written by %2 (pid %3 on %4 since %5); wait until it finishes, or stop it</source>
        <translation>%1: Das Projekt wird gerade von %2 geschrieben (PID %3 auf %4 seit %5); warten Sie, bis der Vorgang endet, oder beenden Sie ihn</translation>
    </message>
    <message>
        <source>%1: %2 (detected), %L3 judgment</source>
        <translation>%1: %2 (erkannt), %L3 Bewertung</translation>
    </message>
    <message>
        <source>%1: %2 (detected), %L3 judgments</source>
        <translation>%1: %2 (erkannt), %L3 Bewertungen</translation>
    </message>
    <message>
        <source>%1: %2, %L3 judgment</source>
        <translation>%1: %2, %L3 Bewertung</translation>
    </message>
    <message>
        <source>%1: %2, %L3 judgments</source>
        <translation>%1: %2, %L3 Bewertungen</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasComparisonView</name>
    <message>
        <source>(not given)</source>
        <translation>(nicht angegeben)</translation>
    </message>
    <message>
        <source>Response A</source>
        <translation>Antwort A</translation>
    </message>
    <message>
        <source>Response B</source>
        <translation>Antwort B</translation>
    </message>
    <message>
        <source>Raw output</source>
        <translation>Rohausgabe</translation>
    </message>
    <message>
        <source>No item selected.</source>
        <translation>Kein Item ausgewählt.</translation>
    </message>
    <message>
        <source>Original prompt</source>
        <translation>Originaler Prompt</translation>
    </message>
    <message>
        <source>Perturbed prompt</source>
        <translation>Perturbierter Prompt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 / %2 · judge %3 · test %4</source>
        <translation>%1 / %2 · Judge %3 · Test %4</translation>
    </message>
    <message>
        <source> · unlabelled</source>
        <translation> · ohne Label</translation>
    </message>
    <message>
        <source> · label %1</source>
        <translation> · Label %1</translation>
    </message>
    <message>
        <source>Original prompt (not recorded: the question)</source>
        <translation>Originaler Prompt (nicht aufgezeichnet: die Frage)</translation>
    </message>
    <message>
        <source>Perturbed prompt (not recorded: the question and the perturbation)</source>
        <translation>Perturbierter Prompt (nicht aufgezeichnet: Frage und Perturbation)</translation>
    </message>
    <message>
        <source>Perturbation: %1</source>
        <translation>Perturbation: %1</translation>
    </message>
    <message>
        <source>Perturbation: %1, cue on %2</source>
        <translation>Perturbation: %1, Hinweis auf %2</translation>
    </message>
    <message>
        <source>better</source>
        <translation>die bessere Antwort</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>die schlechtere Antwort</translation>
    </message>
    <message>
        <source>Verdict: %1 (run 1), %2 (run 2)</source>
        <translation>Urteil: %1 (Lauf 1), %2 (Lauf 2)</translation>
    </message>
    <message>
        <source>Verdict: %1 (run 1, no second run)</source>
        <translation>Urteil: %1 (Lauf 1, kein zweiter Lauf)</translation>
    </message>
    <message>
        <source>Verdict: %1, changed</source>
        <translation>Urteil: %1, geändert</translation>
    </message>
    <message>
        <source>Verdict: %1, unchanged</source>
        <translation>Urteil: %1, unverändert</translation>
    </message>
    <message>
        <source>Run 1:
%1

Run 2:
%2</source>
        <translation>Lauf 1:
%1

Lauf 2:
%2</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasForestPlot</name>
    <message>
        <source>Forest plot</source>
        <translation>Forest-Plot</translation>
    </message>
    <message>
        <source>Excess E = CR − RR (%1% bootstrap interval)</source>
        <translation>Überschuss E = CR − RR (%1%-Bootstrap-Intervall)</translation>
    </message>
    <message>
        <source>(E_fo)</source>
        <translation>(E_fo)</translation>
    </message>
    <message>
        <source>Rows without E (one run only, or no items), not drawn: %1.</source>
        <translation>Zeilen ohne E (nur ein Lauf oder keine Items), nicht gezeichnet: %1.</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasHeatmap</name>
    <message>
        <source>Heatmap</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Rows without E (one run only, or no items), shown grey: %1.</source>
        <translation>Zeilen ohne E (nur ein Lauf oder keine Items), grau dargestellt: %1.</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasItemModel</name>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>No answered second run of the original prompt.</source>
        <translation>Kein beantworteter zweiter Lauf des originalen Prompts.</translation>
    </message>
    <message>
        <source>Changed: the perturbed verdict differs from the original run 1 (B1).</source>
        <translation>Geändert: Das perturbierte Urteil weicht vom originalen Lauf 1 ab (B1).</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Original run 1</source>
        <translation>Original Lauf 1</translation>
    </message>
    <message>
        <source>Original run 2</source>
        <translation>Original Lauf 2</translation>
    </message>
    <message>
        <source>Perturbed</source>
        <translation>Perturbiert</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>P(A) original</source>
        <translation>P(A) original</translation>
    </message>
    <message>
        <source>P(A) perturbed</source>
        <translation>P(A) perturbiert</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasPanel</name>
    <message>
        <source>Bias tests</source>
        <translation>Bias-Tests</translation>
    </message>
    <message>
        <source>The plots show the rows of one format (and condition) at a time.</source>
        <translation>Die Diagramme zeigen jeweils die Zeilen eines Formats (und einer Bedingung).</translation>
    </message>
    <message>
        <source>Margin δ: a row is &quot;bias&quot; when its whole interval of E lies above δ (B4). Changing it re-reads the intervals; nothing is recomputed.</source>
        <translation>Marge δ: Eine Zeile gilt als „Bias“, wenn ihr ganzes Intervall von E über δ liegt (B4). Eine Änderung liest nur die Intervalle neu; nichts wird neu berechnet.</translation>
    </message>
    <message>
        <source>Bootstrap resamples over items for the interval of E (B4).</source>
        <translation>Bootstrap-Ziehungen über Items für das Intervall von E (B4).</translation>
    </message>
    <message>
        <source>Random sign-flip permutations of the test of E &gt; 0 (B5).</source>
        <translation>Zufällige Vorzeichen-Permutationen für den Test von E &gt; 0 (B5).</translation>
    </message>
    <message>
        <source>Seed of every bootstrap and permutation stream: the same seed gives the same numbers as tribunal-cli bias.</source>
        <translation>Seed aller Bootstrap- und Permutationsströme: Derselbe Seed liefert dieselben Zahlen wie tribunal-cli bias.</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Margin δ:</source>
        <translation>&amp;Marge δ:</translation>
    </message>
    <message>
        <source>&amp;Resamples:</source>
        <translation>&amp;Ziehungen:</translation>
    </message>
    <message>
        <source>&amp;Permutations:</source>
        <translation>&amp;Permutationen:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>&amp;Seed:</translation>
    </message>
    <message>
        <source>Computing the bias tests…</source>
        <translation>Bias-Tests werden berechnet…</translation>
    </message>
    <message>
        <source>&amp;Copy table</source>
        <translation>Tabelle &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy the table behind the current tab (tab-separated, with a header line).</source>
        <translation>Die Tabelle hinter dem aktuellen Reiter kopieren (tabulatorgetrennt, mit Kopfzeile).</translation>
    </message>
    <message>
        <source>C&amp;hanged only</source>
        <translation>Nur &amp;geänderte</translation>
    </message>
    <message>
        <source>List only items whose perturbed verdict differs from the original run 1.</source>
        <translation>Nur Items zeigen, deren perturbiertes Urteil vom originalen Lauf 1 abweicht.</translation>
    </message>
    <message>
        <source>Reset &amp;view</source>
        <translation>&amp;Ansicht zurücksetzen</translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation>Kein Audit geöffnet.</translation>
    </message>
    <message>
        <source>No bias-test judgments in this audit.</source>
        <translation>Keine Bias-Test-Bewertungen in diesem Audit.</translation>
    </message>
    <message>
        <source>Click a row of the forest plot or a heatmap cell to list its items.</source>
        <translation>Klicken Sie auf eine Zeile des Forest-Plots oder eine Zelle der Heatmap, um ihre Items aufzulisten.</translation>
    </message>
    <message>
        <source>E_fo</source>
        <translation>E_fo</translation>
    </message>
    <message>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>Bias</translation>
    </message>
    <message>
        <source>unclear</source>
        <translation>unklar</translation>
    </message>
    <message>
        <source>no bias</source>
        <translation>kein Bias</translation>
    </message>
    <message>
        <source>Verdict of each row against the margin: bias when the whole interval lies above it, no bias when it lies below, unclear otherwise.</source>
        <translation>Urteil jeder Zeile gegenüber der Marge: Bias, wenn das ganze Intervall darüber liegt, kein Bias, wenn es darunter liegt, sonst unklar.</translation>
    </message>
    <message>
        <source>%1: %2, %3 changed · RR %4, CR %5, %6 %7 [%8, %9] · %10</source>
        <translation>%1: %2, %3 geändert · RR %4, CR %5, %6 %7 [%8, %9] · %10</translation>
    </message>
    <message>
        <source>%1 item</source>
        <translation>%1 Item</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 Items</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasPlot</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Judge: %1
Test: %2
Version: %3</source>
        <translation>Judge: %1
Test: %2
Version: %3</translation>
    </message>
    <message>
        <source>E_fo</source>
        <translation>E_fo</translation>
    </message>
    <message>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <source>%1 = %2 [%3, %4]</source>
        <translation>%1 = %2 [%3, %4]</translation>
    </message>
    <message>
        <source>Verdict at δ = %1: %2</source>
        <translation>Urteil bei δ = %1: %2</translation>
    </message>
    <message>
        <source>p_BH = %1 (significant)</source>
        <translation>p_BH = %1 (signifikant)</translation>
    </message>
    <message>
        <source>p_BH = %1</source>
        <translation>p_BH = %1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Items: %1</source>
        <translation>Items: %1</translation>
    </message>
</context>
<context>
    <name>tribunal::BiasWorkspace</name>
    <message>
        <source>Bias tests not computed: %1</source>
        <translation>Bias-Tests nicht berechnet: %1</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>Bias</translation>
    </message>
    <message>
        <source>unclear</source>
        <translation>unklar</translation>
    </message>
    <message>
        <source>no bias</source>
        <translation>kein Bias</translation>
    </message>
    <message>
        <source>CR unavailable</source>
        <translation>CR nicht verfügbar</translation>
    </message>
    <message>
        <source>no items</source>
        <translation>keine Items</translation>
    </message>
    <message>
        <source>(no format)</source>
        <translation>(kein Format)</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
</context>
<context>
    <name>tribunal::CascadePlot</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Threshold tau (defer when the first judge&apos;s score is below it)</source>
        <translation>Schwelle tau (weiterreichen, wenn der Score des ersten Judges darunter liegt)</translation>
    </message>
    <message>
        <source>Cascade accuracy</source>
        <translation>Kaskadengenauigkeit</translation>
    </message>
    <message>
        <source>Cascade cost (USD, all pairs)</source>
        <translation>Kaskadenkosten (USD, alle Paare)</translation>
    </message>
    <message>
        <source>Accuracy vs tau</source>
        <translation>Genauigkeit vs. tau</translation>
    </message>
    <message>
        <source>Cost vs tau</source>
        <translation>Kosten vs. tau</translation>
    </message>
    <message>
        <source>No pair of this kind has a label and a scored verdict of the first judge.</source>
        <translation>Kein Paar dieser Art hat ein Label und ein Urteil des ersten Judges mit Score.</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1
tau %2: accuracy %3, cost %4 USD
kept %5, deferred %6 (share %7)</source>
        <translation>%1
tau %2: Genauigkeit %3, Kosten %4 USD
behalten %5, weitergereicht %6 (Anteil %7)</translation>
    </message>
    <message>
        <source>cross-fitted choices (K9)</source>
        <translation>Cross-Fitting-Wahl (K9)</translation>
    </message>
    <message>
        <source>%1 → %2 at tau %3: chosen by %4 of %5 half-splits (K9)</source>
        <translation>%1 → %2 bei tau %3: gewählt von %4 der %5 Halbierungen (K9)</translation>
    </message>
</context>
<context>
    <name>tribunal::CascadeWorkspace</name>
    <message>
        <source>No rubric judgments in this audit (no judged binary or ordinal item).</source>
        <translation>Keine Rubrik-Bewertungen in diesem Audit (kein bewertetes binäres oder ordinales Item).</translation>
    </message>
    <message>
        <source>Cascades need two judges with rubric judgments on panel &apos;%1&apos;.</source>
        <translation>Kaskaden brauchen zwei Judges mit Rubrik-Bewertungen auf Panel „%1“.</translation>
    </message>
    <message>
        <source>jury (lower median)</source>
        <translation>Jury (unterer Median)</translation>
    </message>
    <message>
        <source>jury (upper median)</source>
        <translation>Jury (oberer Median)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Cascades not computed: %1</source>
        <translation>Kaskaden nicht berechnet: %1</translation>
    </message>
    <message>
        <source>no judge of the panel gives a confidence or probabilities: the first judge in name order</source>
        <translation>kein Judge des Panels liefert eine Konfidenz oder Wahrscheinlichkeiten: der erste Judge in Namensreihenfolge</translation>
    </message>
    <message>
        <source>the cheapest judge (K11 cost per 1,000 requests) whose verdicts carry a confidence or probabilities</source>
        <translation>der günstigste Judge (K11-Kosten pro 1.000 Anfragen), dessen Urteile eine Konfidenz oder Wahrscheinlichkeiten tragen</translation>
    </message>
</context>
<context>
    <name>tribunal::CascadesPanel</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Cascades</source>
        <translation>Kaskaden</translation>
    </message>
    <message>
        <source>K10: the cascade&apos;s gain over its fallback alone equals the kept share times the first judge&apos;s edge over the fallback on the kept pairs.</source>
        <translation>K10: Der Gewinn der Kaskade gegenüber ihrem Fallback allein ist der behaltene Anteil mal dem Vorsprung des ersten Judges vor dem Fallback auf den behaltenen Paaren.</translation>
    </message>
    <message>
        <source>S&amp;ummary</source>
        <translation>&amp;Zusammenfassung</translation>
    </message>
    <message>
        <source>C&amp;urve</source>
        <translation>Kur&amp;ve</translation>
    </message>
    <message>
        <source>Reset &amp;view</source>
        <translation>&amp;Ansicht zurücksetzen</translation>
    </message>
    <message>
        <source>The rubric panel (dataset) whose pairs are replayed.</source>
        <translation>Das Rubrik-Panel (Datensatz), dessen Paare nachgespielt werden.</translation>
    </message>
    <message>
        <source>Binary criteria defer on |P(MET) - 0.5| (grid k/50), ordinal ones on the first judge&apos;s confidence (grid k/20).</source>
        <translation>Binäre Kriterien reichen nach |P(MET) - 0.5| weiter (Raster k/50), ordinale nach der Konfidenz des ersten Judges (Raster k/20).</translation>
    </message>
    <message>
        <source>The first judge D: it answers every pair and defers below tau (K7).</source>
        <translation>Der erste Judge D: Er beantwortet jedes Paar und reicht unterhalb von tau weiter (K7).</translation>
    </message>
    <message>
        <source>&amp;Fallbacks</source>
        <translation>&amp;Fallbacks</translation>
    </message>
    <message>
        <source>The judges D defers to (one curve each).</source>
        <translation>Die Judges, an die D weiterreicht (je eine Kurve).</translation>
    </message>
    <message>
        <source>K9: random halvings of the units; each half picks tau, the other half is scored with it.</source>
        <translation>K9: Zufällige Halbierungen der Einheiten; jede Hälfte wählt tau, die andere Hälfte wird damit bewertet.</translation>
    </message>
    <message>
        <source>Seed of the K9 halvings: the same seed gives the same numbers as tribunal-cli cascade.</source>
        <translation>Seed der K9-Halbierungen: Derselbe Seed liefert dieselben Zahlen wie tribunal-cli cascade.</translation>
    </message>
    <message>
        <source>R1: how a raters&apos; mean half-way between two levels becomes the label.</source>
        <translation>R1: wie ein Rater-Mittel genau zwischen zwei Stufen zum Label wird.</translation>
    </message>
    <message>
        <source>&amp;Panel:</source>
        <translation>&amp;Panel:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>Ar&amp;t:</translation>
    </message>
    <message>
        <source>F&amp;irst judge:</source>
        <translation>Erster &amp;Judge:</translation>
    </message>
    <message>
        <source>&amp;Halvings:</source>
        <translation>&amp;Halbierungen:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>&amp;Seed:</translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation>&amp;Rundung:</translation>
    </message>
    <message>
        <source>The fallback whose cascade the slider reads out.</source>
        <translation>Der Fallback, dessen Kaskade der Schieberegler ausliest.</translation>
    </message>
    <message>
        <source>The threshold tau: the first judge defers the pairs whose score is below it.</source>
        <translation>Die Schwelle tau: Der erste Judge reicht die Paare weiter, deren Score darunter liegt.</translation>
    </message>
    <message>
        <source>Fall&amp;back:</source>
        <translation>Fall&amp;back:</translation>
    </message>
    <message>
        <source>&amp;Tau:</source>
        <translation>Ta&amp;u:</translation>
    </message>
    <message>
        <source>The first judge D (default: %1).</source>
        <translation>Der erste Judge D (Standard: %1).</translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation>Kein Audit geöffnet.</translation>
    </message>
    <message>
        <source>Replaying the cascades…</source>
        <translation>Kaskaden werden nachgespielt…</translation>
    </message>
    <message>
        <source>Cascades not computed: %1</source>
        <translation>Kaskaden nicht berechnet: %1</translation>
    </message>
    <message>
        <source>No %1 pair has a label and a scored verdict of the first judge.</source>
        <translation>Kein Paar der Art %1 hat ein Label und ein Urteil des ersten Judges mit Score.</translation>
    </message>
    <message>
        <source>Best cascade: %1 → %2 at its oracle tau %3 (K8, in-sample): accuracy %4, deferred share %5, cost %6 USD.</source>
        <translation>Beste Kaskade: %1 → %2 bei ihrem Orakel-tau %3 (K8, auf denselben Daten gewählt): Genauigkeit %4, weitergereichter Anteil %5, Kosten %6 USD.</translation>
    </message>
    <message>
        <source>K9 cross-fitting: computing…</source>
        <translation>K9-Cross-Fitting: wird berechnet…</translation>
    </message>
    <message>
        <source>K9: no halving scored a pair.</source>
        <translation>K9: Keine Halbierung hat ein Paar bewertet.</translation>
    </message>
    <message>
        <source>Matching cascade (as accurate as %1 alone) at tau %2: cost share %3.</source>
        <translation>Gleichwertige Kaskade (so genau wie %1 allein) bei tau %2: Kostenanteil %3.</translation>
    </message>
    <message>
        <source>No tau makes the cascade as accurate as %1 alone.</source>
        <translation>Kein tau macht die Kaskade so genau wie %1 allein.</translation>
    </message>
    <message>
        <source>Cross-fitted cost share %1.</source>
        <translation>Kostenanteil per Cross-Fitting %1.</translation>
    </message>
    <message>
        <source>tau = %1</source>
        <translation>tau = %1</translation>
    </message>
    <message>
        <source>kept %1 · deferred %2 · accuracy %3 · deferred share %4 · cost %5 USD</source>
        <translation>behalten %1 · weitergereicht %2 · Genauigkeit %3 · weitergereichter Anteil %4 · Kosten %5 USD</translation>
    </message>
    <message>
        <source>K10: accuracy(cascade) − accuracy(fallback) = %1; s_kept × (a_kept(D) − a_kept(fallback)) = %2</source>
        <translation>K10: Genauigkeit(Kaskade) − Genauigkeit(Fallback) = %1; s_kept × (a_kept(D) − a_kept(Fallback)) = %2</translation>
    </message>
    <message>
        <source>%1. Best single judge: %2 (accuracy %3).</source>
        <translation>%1. Bester einzelner Judge: %2 (Genauigkeit %3).</translation>
    </message>
    <message>
        <source>%1 pair</source>
        <translation>%1 Paar</translation>
    </message>
    <message>
        <source>%1 pairs</source>
        <translation>%1 Paare</translation>
    </message>
    <message>
        <source>K9 (%1): mean gain over the best single judge %2, a gain in %3 of the halvings.</source>
        <translation>K9 (%1): mittlerer Gewinn gegenüber dem besten einzelnen Judge %2, ein Gewinn in %3 der Halbierungen.</translation>
    </message>
    <message>
        <source>%1 halving</source>
        <translation>%1 Halbierung</translation>
    </message>
    <message>
        <source>%1 halvings</source>
        <translation>%1 Halbierungen</translation>
    </message>
</context>
<context>
    <name>tribunal::CeilingPlot</name>
    <message>
        <source>Accuracy ceiling</source>
        <translation>Genauigkeitsobergrenze</translation>
    </message>
    <message>
        <source>Position flip rate φ</source>
        <translation>Positions-Umkehrrate φ</translation>
    </message>
    <message>
        <source>Accuracy A</source>
        <translation>Genauigkeit A</translation>
    </message>
    <message>
        <source>Ceiling A = 1 − φ/2</source>
        <translation>Obergrenze A = 1 − φ/2</translation>
    </message>
    <message>
        <source>Infeasible region</source>
        <translation>Unerreichbarer Bereich</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Zellen</translation>
    </message>
    <message>
        <source>Visible cells left out: %1 (φ or A is n/a).</source>
        <translation>Ausgelassene sichtbare Zellen: %1 (φ oder A nicht verfügbar).</translation>
    </message>
</context>
<context>
    <name>tribunal::ConfidenceFlipsPlot</name>
    <message>
        <source>Flips by confidence</source>
        <translation>Umkehrungen nach Konfidenz</translation>
    </message>
    <message>
        <source>Confidence of the original verdict (run 1)</source>
        <translation>Konfidenz des originalen Urteils (Lauf 1)</translation>
    </message>
    <message>
        <source>Share of verdicts changed</source>
        <translation>Anteil geänderter Urteile</translation>
    </message>
    <message>
        <source>%1
confidence %2: %3 of %4 changed (%5)</source>
        <translation>%1
Konfidenz %2: %3 von %4 geändert (%5)</translation>
    </message>
    <message>
        <source>No original verdict of this format has a probability of A: there are no confidence bins.</source>
        <translation>Kein originales Urteil dieses Formats hat eine Wahrscheinlichkeit für A: Es gibt keine Konfidenzklassen.</translation>
    </message>
</context>
<context>
    <name>tribunal::ConfidentErrorWorkspace</name>
    <message>
        <source>No judge judged panel %1.</source>
        <translation>Kein Judge hat Panel %1 bewertet.</translation>
    </message>
    <message>
        <source>unanimous</source>
        <translation>einstimmig</translation>
    </message>
    <message>
        <source>split</source>
        <translation>uneinig</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Confident errors not computed: %1</source>
        <translation>Selbstsichere Fehler nicht berechnet: %1</translation>
    </message>
</context>
<context>
    <name>tribunal::ConfidentErrorsPanel</name>
    <message>
        <source>Confident errors</source>
        <translation>Selbstsichere Fehler</translation>
    </message>
    <message>
        <source>Confident &amp;errors</source>
        <translation>Selbstsichere &amp;Fehler</translation>
    </message>
    <message>
        <source>Repeats by &amp;band</source>
        <translation>Wiederholungen nach &amp;Band</translation>
    </message>
    <message>
        <source>The rubric panel and kind whose errors are listed.</source>
        <translation>Rubrik-Panel und Art, deren Fehler aufgelistet werden.</translation>
    </message>
    <message>
        <source>The first judge, whose most confident wrong answers are sampled (K3). Default: the first judge whose answers carry a confidence or probabilities.</source>
        <translation>Der erste Judge, dessen selbstsicherste falsche Antworten gezogen werden (K3). Standard: der erste Judge, dessen Antworten eine Konfidenz oder Wahrscheinlichkeiten tragen.</translation>
    </message>
    <message>
        <source>Errors sampled per panel and kind (K3; binary: half false positives, half false negatives).</source>
        <translation>Gezogene Fehler je Panel und Art (K3; binär: halb falsch-positive, halb falsch-negative).</translation>
    </message>
    <message>
        <source>&amp;Other judges</source>
        <translation>&amp;Andere Judges</translation>
    </message>
    <message>
        <source>The judges checked for repeating the first judge&apos;s errors (K4).</source>
        <translation>Die Judges, die darauf geprüft werden, ob sie die Fehler des ersten Judges wiederholen (K4).</translation>
    </message>
    <message>
        <source>R1: how a raters&apos; mean half-way between two levels becomes the label.</source>
        <translation>R1: wie ein Rater-Mittel genau zwischen zwei Stufen zum Label wird.</translation>
    </message>
    <message>
        <source>Only errors on pairs whose raters agreed (unanimous) or disagreed (split).</source>
        <translation>Nur Fehler auf Paaren, bei denen die Rater übereinstimmten (einstimmig) oder nicht (uneinig).</translation>
    </message>
    <message>
        <source>&amp;Panel:</source>
        <translation>&amp;Panel:</translation>
    </message>
    <message>
        <source>&amp;First judge:</source>
        <translation>Erster &amp;Judge:</translation>
    </message>
    <message>
        <source>&amp;n:</source>
        <translation>&amp;n:</translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation>&amp;Rundung:</translation>
    </message>
    <message>
        <source>Ra&amp;ters:</source>
        <translation>Ra&amp;ter:</translation>
    </message>
    <message>
        <source>Your note on this pair (stored in the project)</source>
        <translation>Ihre Notiz zu diesem Paar (wird im Projekt gespeichert)</translation>
    </message>
    <message>
        <source>&amp;Save note</source>
        <translation>Notiz &amp;speichern</translation>
    </message>
    <message>
        <source>Store the note in the project (an empty note removes it); moving to another pair stores an edited note too.</source>
        <translation>Die Notiz im Projekt ablegen (eine leere Notiz entfernt sie); beim Wechsel zu einem anderen Paar wird eine bearbeitete Notiz ebenfalls abgelegt.</translation>
    </message>
    <message>
        <source>%1 (confidence)</source>
        <translation>%1 (Konfidenz)</translation>
    </message>
    <message>
        <source>Not stored: a job is running. Try again when it ends.</source>
        <translation>Nicht abgelegt: Ein Job läuft. Versuchen Sie es erneut, wenn er beendet ist.</translation>
    </message>
    <message>
        <source>Stored (saved with the project).</source>
        <translation>Abgelegt (wird mit dem Projekt gespeichert).</translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation>Kein Audit geöffnet.</translation>
    </message>
    <message>
        <source>Finding the confident errors…</source>
        <translation>Selbstsichere Fehler werden gesucht…</translation>
    </message>
    <message>
        <source>No binary or ordinal items in this audit.</source>
        <translation>Keine binären oder ordinalen Items in diesem Audit.</translation>
    </message>
    <message>
        <source>Confident errors not computed: %1</source>
        <translation>Selbstsichere Fehler nicht berechnet: %1</translation>
    </message>
    <message>
        <source>No sampled error on pairs with %1 raters.</source>
        <translation>Kein gezogener Fehler auf Paaren mit dieser Rater-Auswahl (%1).</translation>
    </message>
    <message>
        <source>No error of the first judge to sample on this panel and kind.</source>
        <translation>Kein Fehler des ersten Judges in diesem Panel und dieser Art, der gezogen werden könnte.</translation>
    </message>
</context>
<context>
    <name>tribunal::ConfusionHeatmap</name>
    <message>
        <source>Confusion matrix</source>
        <translation>Konfusionsmatrix</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Label (R1)</source>
        <translation>Label (R1)</translation>
    </message>
    <message>
        <source>A pooled row spans several criteria and scales: select a criterion row to see its confusion matrix.</source>
        <translation>Eine zusammengefasste Zeile umfasst mehrere Kriterien und Skalen: Wählen Sie eine Kriteriumszeile, um ihre Konfusionsmatrix zu sehen.</translation>
    </message>
    <message>
        <source>The constant baseline has no confusion matrix here.</source>
        <translation>Die konstante Baseline hat hier keine Konfusionsmatrix.</translation>
    </message>
    <message>
        <source>Double-click to list the pairs.</source>
        <translation>Doppelklicken, um die Paare aufzulisten.</translation>
    </message>
    <message>
        <source>%1
%2 / %3
Label %4, predicted %5: %6 of %7</source>
        <translation>%1
%2 / %3
Label %4, vorhergesagt %5: %6 von %7</translation>
    </message>
    <message>
        <source>%1 prediction</source>
        <translation>%1 Vorhersage</translation>
    </message>
    <message>
        <source>%1 predictions</source>
        <translation>%1 Vorhersagen</translation>
    </message>
    <message>
        <source>Not on the axes: NA %1, failed or out of scale %2 (predictions).</source>
        <translation>Nicht auf den Achsen: NA %1, fehlgeschlagen oder außerhalb der Skala %2 (Vorhersagen).</translation>
    </message>
</context>
<context>
    <name>tribunal::CoreError</name>
    <message>
        <source>bias settings: resamples must be at least 1</source>
        <translation>Bias-Einstellungen: mindestens 1 Resample nötig</translation>
    </message>
    <message>
        <source>bias settings: permutations must be at least 1</source>
        <translation>Bias-Einstellungen: mindestens 1 Permutation nötig</translation>
    </message>
    <message>
        <source>bias settings: level must lie between 0 and 1</source>
        <translation>Bias-Einstellungen: das Niveau muss zwischen 0 und 1 liegen</translation>
    </message>
    <message>
        <source>bias settings: FDR level must lie between 0 and 1</source>
        <translation>Bias-Einstellungen: das FDR-Niveau muss zwischen 0 und 1 liegen</translation>
    </message>
    <message>
        <source>calibration bins must be between 1 and %1, got %2</source>
        <extracomment>%1: the largest number of bins, %2: the number given</extracomment>
        <translation>Die Zahl der Kalibrierungsklassen muss zwischen 1 und %1 liegen, angegeben: %2</translation>
    </message>
    <message>
        <source>spearmanCorrelation: x has %1 values, y has %2</source>
        <extracomment>%1, %2: numbers of values</extracomment>
        <translation>spearmanCorrelation: x hat %1 Werte, y hat %2</translation>
    </message>
    <message>
        <source>K7: at least one fallback needed</source>
        <translation>K7: mindestens ein Fallback nötig</translation>
    </message>
    <message>
        <source>K7: the first judge cannot be its own fallback</source>
        <translation>K7: der erste Judge kann nicht sein eigener Fallback sein</translation>
    </message>
    <message>
        <source>K9: score has %1 values, expected %2</source>
        <extracomment>%1: values given, %2: number of pairs</extracomment>
        <translation>K9: score hat %1 Werte, erwartet: %2</translation>
    </message>
    <message>
        <source>K9: %1 right has %2 values, expected %3</source>
        <extracomment>%1: judge name, %2: correctness values given, %3: number of pairs</extracomment>
        <translation>K9: right von %1 hat %2 Werte, erwartet: %3</translation>
    </message>
    <message>
        <source>K9: %1 cost has %2 values, expected %3</source>
        <extracomment>%1: judge name, %2: cost values given, %3: number of pairs</extracomment>
        <translation>K9: cost von %1 hat %2 Werte, erwartet: %3</translation>
    </message>
    <message>
        <source>K9: the grid must be ascending</source>
        <translation>K9: das Gitter muss aufsteigend sein</translation>
    </message>
    <message>
        <source>K9: halvings must be &gt;= 1</source>
        <translation>K9: die Zahl der Halbierungen muss &gt;= 1 sein</translation>
    </message>
    <message>
        <source>K9: at least one fallback needed</source>
        <translation>K9: mindestens ein Fallback nötig</translation>
    </message>
    <message>
        <source>R7: resamples must be &gt;= 1</source>
        <translation>R7: die Zahl der Resamples muss &gt;= 1 sein</translation>
    </message>
    <message>
        <source>R7: margin must be &gt;= 0</source>
        <translation>R7: die Marge muss &gt;= 0 sein</translation>
    </message>
    <message>
        <source>R7: correctness of pair %1 must lie in [0, 1]</source>
        <extracomment>%1: pair index, from 0</extracomment>
        <translation>R7: die Korrektheit von Paar %1 muss in [0, 1] liegen</translation>
    </message>
    <message>
        <source>duplicate cell: judge &quot;%1&quot;, format &quot;%2&quot;, dataset &quot;%3&quot;</source>
        <translation>doppelte Zelle: Judge &quot;%1&quot;, Format &quot;%2&quot;, Datensatz &quot;%3&quot;</translation>
    </message>
    <message>
        <source>unknown column &apos;%1&apos;</source>
        <translation>unbekannte Spalte &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown factor &quot;%1&quot;</source>
        <translation>unbekannter Faktor &quot;%1&quot;</translation>
    </message>
    <message>
        <source>factor &quot;%1&quot; given twice</source>
        <translation>Faktor &quot;%1&quot; doppelt angegeben</translation>
    </message>
    <message>
        <source>no cell has a value of the response</source>
        <translation>keine Zelle hat einen Wert der Zielgröße</translation>
    </message>
    <message>
        <source>grouping column &apos;%1&apos; given twice</source>
        <translation>Gruppierungsspalte &apos;%1&apos; doppelt angegeben</translation>
    </message>
    <message>
        <source>unknown grouping column &apos;%1&apos;</source>
        <translation>unbekannte Gruppierungsspalte &apos;%1&apos;</translation>
    </message>
    <message>
        <source>trust table: no cells</source>
        <translation>Vertrauenstabelle: keine Zellen</translation>
    </message>
    <message>
        <source>trust table: duplicate cell %1 / %2 / %3</source>
        <extracomment>%1: judge, %2: format, %3: dataset</extracomment>
        <translation>Vertrauenstabelle: doppelte Zelle %1 / %2 / %3</translation>
    </message>
    <message>
        <source>dispersion table: no tables</source>
        <translation>Streuungstabelle: keine Tabellen</translation>
    </message>
    <message>
        <source>trust gap table: no cells</source>
        <translation>Tabelle der T-Differenzen: keine Zellen</translation>
    </message>
    <message>
        <source>trust gap table: %1 intervals for %2 cells</source>
        <translation>Tabelle der T-Differenzen: %1 Intervalle für %2 Zellen</translation>
    </message>
    <message>
        <source>no pairwise cells</source>
        <translation>keine paarweisen Zellen</translation>
    </message>
    <message>
        <source>bias excess table: the audit has no bias-test rows</source>
        <translation>Bias-Überschusstabelle: das Audit hat keine Zeilen von Bias-Tests</translation>
    </message>
    <message>
        <source>bias count table: the audit has no bias-test rows</source>
        <translation>Bias-Zähltabelle: das Audit hat keine Zeilen von Bias-Tests</translation>
    </message>
    <message>
        <source>calibration table: no judge returned probabilities</source>
        <translation>Kalibrierungstabelle: kein Judge hat Wahrscheinlichkeiten geliefert</translation>
    </message>
    <message>
        <source>rubric accuracy table: the audit has no rubric judge rows</source>
        <translation>Rubrik-Genauigkeitstabelle: das Audit hat keine Zeilen von Rubrik-Judges</translation>
    </message>
    <message>
        <source>paired comparison table: no comparison</source>
        <translation>Tabelle der Paarvergleiche: kein Vergleich</translation>
    </message>
    <message>
        <source>cascade table: no panel</source>
        <translation>Kaskadentabelle: kein Panel</translation>
    </message>
    <message>
        <source>confident-error table: no panel</source>
        <translation>Tabelle der sicheren Fehler: kein Panel</translation>
    </message>
    <message>
        <source>jury table: no panel</source>
        <translation>Jury-Tabelle: kein Panel</translation>
    </message>
    <message>
        <source>flat table row has %1 cells for %2 columns</source>
        <translation>Tabellenzeile hat %1 Zellen für %2 Spalten</translation>
    </message>
    <message>
        <source>flat table has no column %1</source>
        <translation>Tabelle hat keine Spalte %1</translation>
    </message>
</context>
<context>
    <name>tribunal::ExportDialog</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Shade T in bands (xcolor)</source>
        <translation>T in Bändern schattieren (xcolor)</translation>
    </message>
    <message>
        <source>Standalone document (compiles on its own)</source>
        <translation>Eigenständiges Dokument (allein kompilierbar)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Save .tex...</source>
        <translation>Als .tex &amp;speichern...</translation>
    </message>
    <message>
        <source>Export LaTeX</source>
        <translation>LaTeX exportieren</translation>
    </message>
    <message>
        <source>Trust cells (Table 1)</source>
        <translation>Vertrauenszellen (Tabelle 1)</translation>
    </message>
    <message>
        <source>Format dispersion (Table 4)</source>
        <translation>Formatstreuung (Tabelle 4)</translation>
    </message>
    <message>
        <source>ANOVA of T (Table 5)</source>
        <translation>ANOVA von T (Tabelle 5)</translation>
    </message>
    <message>
        <source>Closed-form vs joint T (Table 10)</source>
        <translation>T geschlossen vs. gemeinsam (Tabelle 10)</translation>
    </message>
    <message>
        <source>The checked columns are the ANOVA factors, in this order (drag to reorder).</source>
        <translation>Die markierten Spalten sind die ANOVA-Faktoren, in dieser Reihenfolge (zum Umordnen ziehen).</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Tabelle:</translation>
    </message>
    <message>
        <source>ANOVA &amp;factors:</source>
        <translation>ANOVA-&amp;Faktoren:</translation>
    </message>
    <message>
        <source>Save LaTeX</source>
        <translation>LaTeX speichern</translation>
    </message>
    <message>
        <source>LaTeX files (*.tex);;All files (*)</source>
        <translation>LaTeX-Dateien (*.tex);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open an audit to export its tables.</source>
        <translation>Öffnen Sie ein Audit, um seine Tabellen zu exportieren.</translation>
    </message>
    <message>
        <source>The rows are pooled by %1: a grouping gives only the trust cell table (as tribunal-cli trust --by does).</source>
        <translation>Die Zeilen sind nach %1 zusammengefasst: Eine Gruppierung liefert nur die Tabelle der Vertrauenszellen (wie tribunal-cli trust --by).</translation>
    </message>
    <message>
        <source>Check at least one ANOVA factor.</source>
        <translation>Markieren Sie mindestens einen ANOVA-Faktor.</translation>
    </message>
    <message>
        <source>This table cannot be written: %1</source>
        <translation>Diese Tabelle kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Intervals are being computed; the text has them once they arrive.</source>
        <translation>Die Intervalle werden berechnet; der Text enthält sie, sobald sie vorliegen.</translation>
    </message>
    <message>
        <source>The intervals were cancelled: the text has none.</source>
        <translation>Die Intervalle wurden abgebrochen: Der Text enthält keine.</translation>
    </message>
    <message>
        <source>Same text as: tribunal-cli %1</source>
        <translation>Derselbe Text wie: tribunal-cli %1</translation>
    </message>
    <message>
        <source>This dialog does not export the bias tests.</source>
        <translation>Dieser Dialog exportiert die Bias-Tests nicht.</translation>
    </message>
    <message>
        <source>The bias tests are being computed; the table appears when they are done.</source>
        <translation>Die Bias-Tests werden berechnet; die Tabelle erscheint, wenn sie fertig sind.</translation>
    </message>
    <message>
        <source>The bias tests of this audit were not computed.</source>
        <translation>Die Bias-Tests dieses Audits wurden nicht berechnet.</translation>
    </message>
    <message>
        <source>This audit has no bias-test judgments (no judgment has variant &apos;perturbed&apos;): there is no bias table.</source>
        <translation>Dieses Audit hat keine Bias-Test-Bewertungen (keine Bewertung hat die Variante &apos;perturbed&apos;): Es gibt keine Bias-Tabelle.</translation>
    </message>
    <message>
        <source>This audit has no judgment with a probability on a pairwise item labelled A or B: there is no calibration table.</source>
        <translation>Dieses Audit hat keine Bewertung mit Wahrscheinlichkeit auf einem paarweisen Item mit Label A oder B: Es gibt keine Kalibrierungstabelle.</translation>
    </message>
    <message>
        <source>Bias excess (seed 001 Table 10)</source>
        <translation>Bias-Überschuss (Seed 001, Tabelle 10)</translation>
    </message>
    <message>
        <source>Judges with a bias per margin (Table 12)</source>
        <translation>Judges mit Bias je Marge (Tabelle 12)</translation>
    </message>
    <message>
        <source>Calibration (Table 21)</source>
        <translation>Kalibrierung (Tabelle 21)</translation>
    </message>
    <message>
        <source>The bias tests are being recomputed with new settings; the text follows when they are done.</source>
        <translation>Die Bias-Tests werden mit neuen Einstellungen neu berechnet; der Text folgt, wenn sie fertig sind.</translation>
    </message>
    <message>
        <source>This dialog does not export the rubric judges.</source>
        <translation>Dieser Dialog exportiert die Rubrik-Judges nicht.</translation>
    </message>
    <message>
        <source>The rubric judges are being computed; the table appears when they are done.</source>
        <translation>Die Rubrik-Judges werden berechnet; die Tabelle erscheint, wenn sie fertig sind.</translation>
    </message>
    <message>
        <source>The rubric judges of this audit were not computed.</source>
        <translation>Die Rubrik-Judges dieses Audits wurden nicht berechnet.</translation>
    </message>
    <message>
        <source>This audit has no rubric judgments (no judgment of a binary or ordinal item): there is no accuracy table.</source>
        <translation>Dieses Audit hat keine Rubrik-Bewertungen (keine Bewertung eines binären oder ordinalen Items): Es gibt keine Genauigkeitstabelle.</translation>
    </message>
    <message>
        <source>No panel and format in which two of the chosen judges both judged rubric items: there is no comparison table.</source>
        <translation>Kein Panel und Format, in dem zwei der gewählten Judges beide Rubrik-Items bewertet haben: Es gibt keine Vergleichstabelle.</translation>
    </message>
    <message>
        <source>Rubric judges: accuracy per panel</source>
        <translation>Rubrik-Judges: Genauigkeit je Panel</translation>
    </message>
    <message>
        <source>Rubric judges: paired comparisons</source>
        <translation>Rubrik-Judges: gepaarte Vergleiche</translation>
    </message>
    <message>
        <source>The rubric judges are being recomputed with new settings; the text follows when they are done.</source>
        <translation>Die Rubrik-Judges werden mit neuen Einstellungen neu berechnet; der Text folgt, wenn sie fertig sind.</translation>
    </message>
    <message>
        <source>tribunal-cli cannot name judge &apos;%1&apos; on panel &apos;%2&apos; (several conditions in one format, a comma or spaces around the name, or a name it reads as another judge): there is no command for this table.</source>
        <translation>tribunal-cli kann den Judge &apos;%1&apos; auf dem Panel &apos;%2&apos; nicht benennen (mehrere Bedingungen in einem Format, ein Komma oder Leerzeichen um den Namen oder ein Name, den es als anderen Judge liest): Für diese Tabelle gibt es keinen Befehl.</translation>
    </message>
    <message>
        <source>This dialog does not export the cascades.</source>
        <translation>Dieser Dialog exportiert die Kaskaden nicht.</translation>
    </message>
    <message>
        <source>The cascades are being computed; the table appears when they are done.</source>
        <translation>Die Kaskaden werden berechnet; die Tabelle erscheint, sobald sie fertig sind.</translation>
    </message>
    <message>
        <source>The jury is being computed; the table appears when it is done.</source>
        <translation>Die Jury wird berechnet; die Tabelle erscheint, sobald sie fertig ist.</translation>
    </message>
    <message>
        <source>The cascades of this audit were not computed.</source>
        <translation>Die Kaskaden dieses Audits wurden nicht berechnet.</translation>
    </message>
    <message>
        <source>The jury of this audit was not computed.</source>
        <translation>Die Jury dieses Audits wurde nicht berechnet.</translation>
    </message>
    <message>
        <source>No pair of panel &apos;%1&apos; can be replayed: there is no cascade table.</source>
        <translation>Kein Paar des Panels &apos;%1&apos; lässt sich nachspielen: Es gibt keine Kaskadentabelle.</translation>
    </message>
    <message>
        <source>No pair of panel &apos;%1&apos; has a jury verdict: there is no jury table.</source>
        <translation>Kein Paar des Panels &apos;%1&apos; hat ein Jury-Urteil: Es gibt keine Jury-Tabelle.</translation>
    </message>
    <message>
        <source>This dialog does not export the confident errors.</source>
        <translation>Dieser Dialog exportiert die selbstsicheren Fehler nicht.</translation>
    </message>
    <message>
        <source>The confident errors are being computed; the table appears when they are done.</source>
        <translation>Die selbstsicheren Fehler werden berechnet; die Tabelle erscheint, sobald sie fertig sind.</translation>
    </message>
    <message>
        <source>The confident errors of this audit were not computed.</source>
        <translation>Die selbstsicheren Fehler dieses Audits wurden nicht berechnet.</translation>
    </message>
    <message>
        <source>This audit has no rubric judgments (no judgment of a binary or ordinal item): there is no confident-error table.</source>
        <translation>Dieses Audit hat keine Rubrik-Bewertungen (keine Bewertung eines binären oder ordinalen Items): Es gibt keine Tabelle der selbstsicheren Fehler.</translation>
    </message>
    <message>
        <source>No pair of panel &apos;%1&apos; has a label and an answer of the first judge: there is no confident-error table.</source>
        <translation>Kein Paar des Panels &apos;%1&apos; hat ein Label und eine Antwort des ersten Judges: Es gibt keine Tabelle der selbstsicheren Fehler.</translation>
    </message>
    <message>
        <source>Cascades: summary with K9 cross-fitting</source>
        <translation>Kaskaden: Zusammenfassung mit K9-Cross-Fitting</translation>
    </message>
    <message>
        <source>Confident errors (K3) and repeats (K4)</source>
        <translation>Selbstsichere Fehler (K3) und Wiederholungen (K4)</translation>
    </message>
    <message>
        <source>Jury of the cascade&apos;s judges (K5, K6)</source>
        <translation>Jury aus den Judges der Kaskade (K5, K6)</translation>
    </message>
    <message>
        <source>The confident errors are being recomputed with new settings; the text follows when they are done.</source>
        <translation>Die selbstsicheren Fehler werden mit neuen Einstellungen neu berechnet; der Text folgt, sobald sie fertig sind.</translation>
    </message>
    <message>
        <source>The cascades are being recomputed with new settings; the text follows when they are done.</source>
        <translation>Die Kaskaden werden mit neuen Einstellungen neu berechnet; der Text folgt, sobald sie fertig sind.</translation>
    </message>
</context>
<context>
    <name>tribunal::Factor</name>
    <message>
        <source>judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <source>format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
</context>
<context>
    <name>tribunal::FailureMapPlot</name>
    <message>
        <source>Failure modes</source>
        <translation>Fehlermodi</translation>
    </message>
    <message>
        <source>Position flip rate φ</source>
        <translation>Positions-Umkehrrate φ</translation>
    </message>
    <message>
        <source>Consistency C</source>
        <translation>Konsistenz C</translation>
    </message>
    <message>
        <source>Trustworthy</source>
        <translation>Vertrauenswürdig</translation>
    </message>
    <message>
        <source>Confidently biased</source>
        <translation>Selbstsicher verzerrt</translation>
    </message>
    <message>
        <source>Noisy but fair</source>
        <translation>Verrauscht, aber fair</translation>
    </message>
    <message>
        <source>Chaos</source>
        <translation>Chaos</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Zellen</translation>
    </message>
    <message>
        <source>Visible cells left out: %1 (C or φ is n/a; C needs repeated runs).</source>
        <translation>Ausgelassene sichtbare Zellen: %1 (C oder φ nicht verfügbar; C braucht wiederholte Läufe).</translation>
    </message>
</context>
<context>
    <name>tribunal::FigureRenderer</name>
    <message>
        <source>One column (3.5 in)</source>
        <translation>Eine Spalte (3,5 in)</translation>
    </message>
    <message>
        <source>Two columns (7.0 in)</source>
        <translation>Zwei Spalten (7,0 in)</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>Eigene Größe</translation>
    </message>
</context>
<context>
    <name>tribunal::FlipInspectorPanel</name>
    <message>
        <source>Flip inspector</source>
        <translation>Umkehr-Inspektor</translation>
    </message>
    <message>
        <source>Select a row of the trust table to inspect its pairs.</source>
        <translation>Wählen Sie eine Zeile der Vertrauenstabelle, um ihre Paare zu untersuchen.</translation>
    </message>
    <message>
        <source>Flipped only</source>
        <translation>Nur umgekehrte</translation>
    </message>
    <message>
        <source>Unstable only</source>
        <translation>Nur instabile</translation>
    </message>
    <message>
        <source>Wrong only</source>
        <translation>Nur falsche</translation>
    </message>
    <message>
        <source>Pairs whose two orders have no common modal verdict (P_i = 0). Key: F</source>
        <translation>Paare, deren beide Reihenfolgen kein gemeinsames modales Urteil haben (P_i = 0). Taste: F</translation>
    </message>
    <message>
        <source>Pairs whose runs disagree within an order (N_i = 0)</source>
        <translation>Paare, deren Läufe innerhalb einer Reihenfolge nicht übereinstimmen (N_i = 0)</translation>
    </message>
    <message>
        <source>Labelled pairs with at least one verdict that differs from the label</source>
        <translation>Paare mit Label und mindestens einem Urteil, das vom Label abweicht</translation>
    </message>
    <message>
        <source>green: agrees with the label · red: differs · grey: no verdict or no label · T tie, N abstained, - none · J/K next/previous, N note</source>
        <translation>grün: stimmt mit dem Label überein · rot: weicht ab · grau: kein Urteil oder kein Label · T Unentschieden, N enthalten, - keines · J/K nächstes/vorheriges, N Notiz</translation>
    </message>
    <message>
        <source>Raw outputs of run:</source>
        <translation>Rohausgaben von Lauf:</translation>
    </message>
    <message>
        <source>Edit note…</source>
        <translation>Notiz bearbeiten…</translation>
    </message>
    <message>
        <source>Order %1 · run %2</source>
        <translation>Reihenfolge %1 · Lauf %2</translation>
    </message>
    <message>
        <source>No run.</source>
        <translation>Kein Lauf.</translation>
    </message>
    <message>
        <source>No verdict (%1)</source>
        <translation>Kein Urteil (%1)</translation>
    </message>
    <message>
        <source>the first-shown response</source>
        <translation>die zuerst gezeigte Antwort</translation>
    </message>
    <message>
        <source>the second-shown response</source>
        <translation>die als zweite gezeigte Antwort</translation>
    </message>
    <message>
        <source>a tie</source>
        <translation>ein Unentschieden</translation>
    </message>
    <message>
        <source>Parsed verdict %1: %2</source>
        <translation>Erkanntes Urteil %1: %2</translation>
    </message>
    <message>
        <source> (not found in the text)</source>
        <translation> (nicht im Text gefunden)</translation>
    </message>
    <message>
        <source>No note on this item (N adds one).</source>
        <translation>Keine Notiz zu diesem Item (N fügt eine hinzu).</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Notiz: %1</translation>
    </message>
    <message>
        <source>Note on item %1</source>
        <translation>Notiz zu Item %1</translation>
    </message>
    <message>
        <source>Stored in the project; an empty note removes it.</source>
        <translation>Wird im Projekt abgelegt; eine leere Notiz entfernt sie.</translation>
    </message>
    <message>
        <source>The note was not stored: a job is running. Try again when it ends.</source>
        <translation>Die Notiz wurde nicht abgelegt: Ein Job läuft. Versuchen Sie es erneut, wenn er beendet ist.</translation>
    </message>
    <message>
        <source>%1 — %2: %3 flipped, %4 unstable, %5 wrong; %6 dropped</source>
        <translation>%1 — %2: %3 umgekehrt, %4 instabil, %5 falsch; %6 ausgelassen</translation>
    </message>
    <message>
        <source>%1 pair</source>
        <translation>%1 Paar</translation>
    </message>
    <message>
        <source>%1 pairs</source>
        <translation>%1 Paare</translation>
    </message>
</context>
<context>
    <name>tribunal::FlipItemModel</name>
    <message>
        <source>dropped: an order never shown</source>
        <translation>verworfen: eine Reihenfolge nie gezeigt</translation>
    </message>
    <message>
        <source>dropped: an order without verdict</source>
        <translation>verworfen: eine Reihenfolge ohne Urteil</translation>
    </message>
    <message>
        <source>flipped</source>
        <translation>umgekehrt</translation>
    </message>
    <message>
        <source>unstable</source>
        <translation>instabil</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>No modal verdict</source>
        <translation>Kein modales Urteil</translation>
    </message>
    <message>
        <source>Modal verdict: %1</source>
        <translation>Modales Urteil: %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Judge · format</source>
        <translation>Judge · Format</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>AB runs</source>
        <translation>AB-Läufe</translation>
    </message>
    <message>
        <source>BA runs</source>
        <translation>BA-Läufe</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Befunde</translation>
    </message>
</context>
<context>
    <name>tribunal::FrontierPlot</name>
    <message>
        <source>Cost-accuracy frontier</source>
        <translation>Kosten-Genauigkeits-Front</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Cost per pair (USD)</source>
        <translation>Kosten pro Paar (USD)</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>single judges</source>
        <translation>einzelne Judges</translation>
    </message>
    <message>
        <source>juries (lower / upper median)</source>
        <translation>Jurys (unterer / oberer Median)</translation>
    </message>
    <message>
        <source>%1
accuracy %2, cost %3 USD per pair (%4 USD in all)</source>
        <translation>%1
Genauigkeit %2, Kosten %3 USD pro Paar (%4 USD insgesamt)</translation>
    </message>
    <message>
        <source>
tau %1</source>
        <translation>
tau %1</translation>
    </message>
    <message>
        <source>
on the frontier</source>
        <translation>
auf der Front</translation>
    </message>
    <message>
        <source>Pareto frontier</source>
        <translation>Pareto-Front</translation>
    </message>
</context>
<context>
    <name>tribunal::ImportDialog</name>
    <message>
        <source>Skip bad records and list them (otherwise the first bad record stops the import)</source>
        <translation>Fehlerhafte Einträge überspringen und auflisten (sonst bricht der erste fehlerhafte Eintrag den Import ab)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation>Dateien hinzufügen…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Files and folders to import into the open audit:</source>
        <translation>Dateien und Ordner, die in das geöffnete Audit importiert werden:</translation>
    </message>
    <message>
        <source>Import files</source>
        <translation>Dateien importieren</translation>
    </message>
    <message>
        <source>Audit files (*.csv *.jsonl *.ndjson *.json);;All files (*)</source>
        <translation>Audit-Dateien (*.csv *.jsonl *.ndjson *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>An LLMBar layout, or a folder of AlpacaEval annotations.json files</source>
        <translation>Ein LLMBar-Layout oder ein Ordner mit AlpacaEval-Dateien annotations.json</translation>
    </message>
    <message>
        <source>Texts of Arena-Hard and MT-Bench judgments</source>
        <translation>Texte von Arena-Hard- und MT-Bench-Bewertungen</translation>
    </message>
    <message>
        <source>question.jsonl beside model_judgment/</source>
        <translation>question.jsonl neben model_judgment/</translation>
    </message>
    <message>
        <source>model_answer/ beside model_judgment/</source>
        <translation>model_answer/ neben model_judgment/</translation>
    </message>
    <message>
        <source>gpt-4-0314 for Arena-Hard v0.1 records that name none</source>
        <translation>gpt-4-0314 für Arena-Hard-v0.1-Einträge ohne Baseline</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>The folder of answer files</source>
        <translation>Der Ordner der Antwortdateien</translation>
    </message>
    <message>
        <source>The questions file</source>
        <translation>Die Fragendatei</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Questions:</source>
        <translation>Fragen:</translation>
    </message>
    <message>
        <source>Answers folder:</source>
        <translation>Antwortordner:</translation>
    </message>
    <message>
        <source>Baseline model:</source>
        <translation>Baseline-Modell:</translation>
    </message>
    <message>
        <source>Import a folder (LLMBar, AlpacaEval results)</source>
        <translation>Einen Ordner importieren (LLMBar, AlpacaEval-Ergebnisse)</translation>
    </message>
    <message>
        <source>%1 (unreadable: no format detected)</source>
        <translation>%1 (nicht lesbar: kein Format erkannt)</translation>
    </message>
    <message>
        <source>%1 (%2, detected)</source>
        <translation>%1 (%2, erkannt)</translation>
    </message>
</context>
<context>
    <name>tribunal::IsoTrustPlot</name>
    <message>
        <source>Iso-T factors</source>
        <translation>Iso-T-Faktoren</translation>
    </message>
    <message>
        <source>Order-corrected accuracy A − φ/2</source>
        <translation>Reihenfolgekorrigierte Genauigkeit A − φ/2</translation>
    </message>
    <message>
        <source>Consistency C</source>
        <translation>Konsistenz C</translation>
    </message>
    <message>
        <source>T = %1</source>
        <translation>T = %1</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Zellen</translation>
    </message>
    <message>
        <source>Visible cells left out: %1 (C, φ or A is n/a; C needs repeated runs).</source>
        <translation>Ausgelassene sichtbare Zellen: %1 (C, φ oder A nicht verfügbar; C braucht wiederholte Läufe).</translation>
    </message>
</context>
<context>
    <name>tribunal::ItemDetailPanel</name>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>%1 · %2 · run %3 · answer %4</source>
        <translation>%1 · %2 · Lauf %3 · Antwort %4</translation>
    </message>
    <message>
        <source>Order %1: %2</source>
        <translation>Reihenfolge %1: %2</translation>
    </message>
</context>
<context>
    <name>tribunal::ItemTableModel</name>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Judgments</source>
        <translation>Bewertungen</translation>
    </message>
    <message>
        <source>Missing verdicts</source>
        <translation>Fehlende Urteile</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
</context>
<context>
    <name>tribunal::ItemTextsView</name>
    <message>
        <source>(not given)</source>
        <translation>(nicht angegeben)</translation>
    </message>
    <message>
        <source>No item selected.</source>
        <translation>Kein Item ausgewählt.</translation>
    </message>
    <message>
        <source>%1 / %2 · %3</source>
        <translation>%1 / %2 · %3</translation>
    </message>
    <message>
        <source> · label %1</source>
        <translation> · Label %1</translation>
    </message>
    <message>
        <source> · unlabelled</source>
        <translation> · ohne Label</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Response A</source>
        <translation>Antwort A</translation>
    </message>
    <message>
        <source>Response B</source>
        <translation>Antwort B</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Submission</source>
        <translation>Einreichung</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>Kriterium</translation>
    </message>
    <message>
        <source>Level %1: %2</source>
        <translation>Stufe %1: %2</translation>
    </message>
    <message>
        <source>Rating by %1: %2</source>
        <translation>Rating von %1: %2</translation>
    </message>
    <message>
        <source>Levels, ratings and other fields</source>
        <translation>Stufen, Ratings und weitere Felder</translation>
    </message>
</context>
<context>
    <name>tribunal::ItemsPanel</name>
    <message>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <source>Search item id, question, responses</source>
        <translation>Item-ID, Frage, Antworten durchsuchen</translation>
    </message>
    <message>
        <source>All datasets</source>
        <translation>Alle Datensätze</translation>
    </message>
    <message>
        <source>All judges</source>
        <translation>Alle Judges</translation>
    </message>
    <message>
        <source>All formats</source>
        <translation>Alle Formate</translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation>%L1 von %L2</translation>
    </message>
</context>
<context>
    <name>tribunal::JobReportDialog</name>
    <message>
        <source>Opened with skipped records</source>
        <translation>Geöffnet, Einträge übersprungen</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>Öffnen fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1. %Ln bad record(s) were skipped:</source>
        <translation>
            <numerusform>%1 geöffnet. %Ln fehlerhafter Eintrag wurde übersprungen:</numerusform>
            <numerusform>%1 geöffnet. %Ln fehlerhafte Einträge wurden übersprungen:</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1. Nothing was changed.</source>
        <translation>%1 konnte nicht geöffnet werden. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Imported with skipped records</source>
        <translation>Importiert, Einträge übersprungen</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1. %Ln bad record(s) were skipped:</source>
        <translation>
            <numerusform>%1 importiert. %Ln fehlerhafter Eintrag wurde übersprungen:</numerusform>
            <numerusform>%1 importiert. %Ln fehlerhafte Einträge wurden übersprungen:</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not import %1. The open audit is unchanged.</source>
        <translation>%1 konnte nicht importiert werden. Das geöffnete Audit ist unverändert.</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Could not save %1. The previous file, if any, is unchanged.</source>
        <translation>%1 konnte nicht gespeichert werden. Die bisherige Datei, falls vorhanden, ist unverändert.</translation>
    </message>
    <message>
        <source>Opened with notes</source>
        <translation>Mit Hinweisen geöffnet</translation>
    </message>
    <message>
        <source>Opened %1. Please note:</source>
        <translation>%1 geöffnet. Bitte beachten:</translation>
    </message>
    <message>
        <source>Imported with notes</source>
        <translation>Mit Hinweisen importiert</translation>
    </message>
    <message>
        <source>Imported %1. Please note:</source>
        <translation>%1 importiert. Bitte beachten:</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>%1 judgment(s) agreed with ones already read or in the audit and were merged (kept once).</source>
        <translation>%1 Bewertung(en) stimmten mit bereits gelesenen oder im Audit vorhandenen überein und wurden zusammengeführt (einmal behalten).</translation>
    </message>
    <message>
        <source>To read the rest, choose “Skip bad records” and try again: the bad records are then left out and listed.</source>
        <translation>Um den Rest zu lesen, wählen Sie „Fehlerhafte Einträge überspringen“ und versuchen Sie es erneut: Die fehlerhaften Einträge werden dann ausgelassen und aufgelistet.</translation>
    </message>
    <message>
        <source>Read:</source>
        <translation>Gelesen:</translation>
    </message>
</context>
<context>
    <name>tribunal::JobStatusWidget</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>tribunal::JudgeEditDialog</name>
    <message>
        <source>Ask for log-probabilities</source>
        <translation>Log-Wahrscheinlichkeiten anfordern</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <source>e.g. gpt-4o-direct</source>
        <translation>z. B. gpt-4o-direct</translation>
    </message>
    <message>
        <source>OpenAI-compatible endpoint; requests go to &lt;base URL&gt;/chat/completions.</source>
        <translation>OpenAI-kompatibler Endpunkt; Anfragen gehen an &lt;base URL&gt;/chat/completions.</translation>
    </message>
    <message>
        <source>the endpoint&apos;s model id</source>
        <translation>die Modell-ID des Endpunkts</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>Sent as reasoning_effort unless it is none.</source>
        <translation>Wird als reasoning_effort gesendet, außer bei „keiner“.</translation>
    </message>
    <message>
        <source> USD</source>
        <translation> USD</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The NAME of the environment variable that holds the API key. The key itself is read when a run starts and is never saved.</source>
        <translation>Der NAME der Umgebungsvariablen, die den API-Schlüssel enthält. Der Schlüssel selbst wird beim Start eines Laufs gelesen und nie gespeichert.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <source>Max &amp;tokens:</source>
        <translation>Max. T&amp;okens:</translation>
    </message>
    <message>
        <source>Reasoning &amp;effort:</source>
        <translation>&amp;Denkaufwand:</translation>
    </message>
    <message>
        <source>Price &amp;in per million tokens:</source>
        <translation>Preis &amp;Eingabe je Mio. Tokens:</translation>
    </message>
    <message>
        <source>Price &amp;out per million tokens:</source>
        <translation>Preis &amp;Ausgabe je Mio. Tokens:</translation>
    </message>
    <message>
        <source>Requests in &amp;flight:</source>
        <translation>&amp;Gleichzeitige Anfragen:</translation>
    </message>
    <message>
        <source>Requests per &amp;second:</source>
        <translation>Anfragen pro &amp;Sekunde:</translation>
    </message>
    <message>
        <source>Time&amp;out per attempt:</source>
        <translation>&amp;Zeitlimit je Versuch:</translation>
    </message>
    <message>
        <source>Max &amp;retries:</source>
        <translation>Max. &amp;Wiederholversuche:</translation>
    </message>
    <message>
        <source>API &amp;key variable:</source>
        <translation>API-Schlüssel-&amp;Variable:</translation>
    </message>
    <message>
        <source>The judge needs a name.</source>
        <translation>Der Judge braucht einen Namen.</translation>
    </message>
    <message>
        <source>A judge named &quot;%1&quot; exists already.</source>
        <translation>Ein Judge namens „%1“ existiert bereits.</translation>
    </message>
    <message>
        <source>The base URL must be an http:// or https:// address with a host, like https://api.openai.com/v1.</source>
        <translation>Die Basis-URL muss eine http://- oder https://-Adresse mit Host sein, etwa https://api.openai.com/v1.</translation>
    </message>
    <message>
        <source>The judge needs a model id.</source>
        <translation>Der Judge braucht eine Modell-ID.</translation>
    </message>
    <message>
        <source>The API key variable must be the name of an environment variable (letters, digits and underscores, not starting with a digit), not the key itself.</source>
        <translation>Die API-Schlüssel-Variable muss der Name einer Umgebungsvariablen sein (Buchstaben, Ziffern und Unterstriche, nicht mit einer Ziffer beginnend), nicht der Schlüssel selbst.</translation>
    </message>
    <message>
        <source>The configuration is not valid: %1</source>
        <translation>Die Konfiguration ist ungültig: %1</translation>
    </message>
    <message>
        <source>No key is sent.</source>
        <translation>Es wird kein Schlüssel gesendet.</translation>
    </message>
    <message>
        <source>Not an environment variable name.</source>
        <translation>Kein Name einer Umgebungsvariablen.</translation>
    </message>
    <message>
        <source>%1 is not set.</source>
        <translation>%1 ist nicht gesetzt.</translation>
    </message>
    <message>
        <source>Key found in %1.</source>
        <translation>Schlüssel in %1 gefunden.</translation>
    </message>
</context>
<context>
    <name>tribunal::JudgeWhiskerPlot</name>
    <message>
        <source>Judges</source>
        <translation>Judges</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <source>A − φ/2</source>
        <translation>A − φ/2</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>%1
%2: mean %3 (min %4, max %5)
cells: %6, n/a and left out: %7</source>
        <translation>%1
%2: Mittel %3 (Min. %4, Max. %5)
Zellen: %6, nicht verfügbar und ausgelassen: %7</translation>
    </message>
    <message>
        <source>Left out as n/a: C in %1, A − φ/2 in %2, T in %3 of %4 visible cells.</source>
        <translation>Als nicht verfügbar ausgelassen: C in %1, A − φ/2 in %2, T in %3 von %4 sichtbaren Zellen.</translation>
    </message>
    <message>
        <source>Mean, min–max</source>
        <translation>Mittel, Min.–Max.</translation>
    </message>
</context>
<context>
    <name>tribunal::JudgesPanel</name>
    <message>
        <source>better</source>
        <translation>besserer Kandidat</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>schlechterer Kandidat</translation>
    </message>
    <message>
        <source>Judges</source>
        <translation>Judges</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>AB</source>
        <translation>AB</translation>
    </message>
    <message>
        <source>BA</source>
        <translation>BA</translation>
    </message>
    <message>
        <source>Add &amp;version</source>
        <translation>&amp;Version hinzufügen</translation>
    </message>
    <message>
        <source>Remove version</source>
        <translation>Version entfernen</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>Gleichzeitig</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>$ in / M tokens</source>
        <translation>$ ein / Mio. Tokens</translation>
    </message>
    <message>
        <source>$ out / M tokens</source>
        <translation>$ aus / Mio. Tokens</translation>
    </message>
    <message>
        <source>Judges (all take part in a run)</source>
        <translation>Judges (alle nehmen an einem Lauf teil)</translation>
    </message>
    <message>
        <source>Design (items: the open audit&apos;s)</source>
        <translation>Design (Items: die des geöffneten Audits)</translation>
    </message>
    <message>
        <source>Only the checked datasets&apos; items are judged.</source>
        <translation>Nur die Items der markierten Datensätze werden bewertet.</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>The first N items of each dataset, in file order.</source>
        <translation>Die ersten N Items jedes Datensatzes, in Dateireihenfolge.</translation>
    </message>
    <message>
        <source>%1 requests per judgment</source>
        <translation>%1 Anfragen pro Bewertung</translation>
    </message>
    <message>
        <source>one request per judgment</source>
        <translation>eine Anfrage pro Bewertung</translation>
    </message>
    <message>
        <source>e.g. 0, 0.7, 1 (empty: the judges&apos; own)</source>
        <translation>z. B. 0, 0.7, 1 (leer: die der Judges)</translation>
    </message>
    <message>
        <source>Comma-separated temperatures: one condition each.</source>
        <translation>Kommagetrennte Temperaturen: je eine Bedingung.</translation>
    </message>
    <message>
        <source>e.g. 90%, book, cheerful, x2, default</source>
        <translation>z. B. 90%, book, cheerful, x2, default</translation>
    </message>
    <message>
        <source>The labelled candidate the cue favours; unlabelled items get no perturbed prompts.</source>
        <translation>Der Kandidat mit Label, den der Hinweis begünstigt; Items ohne Label erhalten keine perturbierten Prompts.</translation>
    </message>
    <message>
        <source>&amp;Datasets:</source>
        <translation>&amp;Datensätze:</translation>
    </message>
    <message>
        <source>&amp;Max items per dataset:</source>
        <translation>&amp;Max. Items je Datensatz:</translation>
    </message>
    <message>
        <source>Prompt formats:</source>
        <translation>Promptformate:</translation>
    </message>
    <message>
        <source>R&amp;uns:</source>
        <translation>&amp;Läufe:</translation>
    </message>
    <message>
        <source>Orders:</source>
        <translation>Reihenfolgen:</translation>
    </message>
    <message>
        <source>&amp;Temperatures:</source>
        <translation>&amp;Temperaturen:</translation>
    </message>
    <message>
        <source>cue &amp;on</source>
        <translation>H&amp;inweis auf</translation>
    </message>
    <message>
        <source>Bias versions:</source>
        <translation>Bias-Versionen:</translation>
    </message>
    <message>
        <source>%v of %m requests</source>
        <translation>%v von %m Anfragen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>%1 %2, cue on the %3 candidate</source>
        <translation>%1 %2, Hinweis auf: %3</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>Wird geschätzt…</translation>
    </message>
    <message>
        <source>Open an audit to estimate a design.</source>
        <translation>Öffnen Sie ein Audit, um ein Design zu schätzen.</translation>
    </message>
    <message>
        <source>Add a judge to estimate the design.</source>
        <translation>Fügen Sie einen Judge hinzu, um das Design zu schätzen.</translation>
    </message>
    <message>
        <source>answered %L1 · failed %L2 · retried %L3 · in flight %L4 · spent $%5</source>
        <translation>beantwortet %L1 · fehlgeschlagen %L2 · wiederholt %L3 · laufend %L4 · ausgegeben $%5</translation>
    </message>
    <message>
        <source>Send the design&apos;s requests; answers already recorded in the project are not sent again.</source>
        <translation>Die Anfragen des Designs senden; bereits im Projekt aufgezeichnete Antworten werden nicht erneut gesendet.</translation>
    </message>
    <message>
        <source>Resumes: %L1 judgments already recorded.</source>
        <translation>Fortsetzung: %L1 Bewertungen bereits aufgezeichnet.</translation>
    </message>
    <message>
        <source>Edit judge</source>
        <translation>Judge bearbeiten</translation>
    </message>
    <message>
        <source>Add judge</source>
        <translation>Judge hinzufügen</translation>
    </message>
    <message>
        <source>%1, %2, ~%L3 tokens in, ~%L4 out, ~$%5, ~%6 min</source>
        <translation>%1, %2, ~%L3 Tokens ein, ~%L4 aus, ~$%5, ~%6 min</translation>
    </message>
    <message>
        <source>%L1 judgment</source>
        <translation>%L1 Bewertung</translation>
    </message>
    <message>
        <source>%L1 judgments</source>
        <translation>%L1 Bewertungen</translation>
    </message>
    <message>
        <source>%L1 request</source>
        <translation>%L1 Anfrage</translation>
    </message>
    <message>
        <source>%L1 requests</source>
        <translation>%L1 Anfragen</translation>
    </message>
    <message>
        <source>Resumes: %L1 judgment already recorded.</source>
        <translation>Fortsetzung: %L1 Bewertung bereits aufgezeichnet.</translation>
    </message>
    <message>
        <source>Send these judgments again as the design asks them now; each new answer replaces the recorded one, and they are paid again.</source>
        <translation>Diese Urteile erneut so senden, wie das Design sie jetzt stellt; jede neue Antwort ersetzt die gespeicherte, und sie werden erneut bezahlt.</translation>
    </message>
    <message>
        <source>&amp;Buy %L1 changed judgment again</source>
        <translation>%L1 geändertes Urteil erneut &amp;kaufen</translation>
    </message>
    <message>
        <source>&amp;Buy %L1 changed judgments again</source>
        <translation>%L1 geänderte Urteile erneut &amp;kaufen</translation>
    </message>
    <message>
        <source>Remaining: %L1 of %2 (%L3 already recorded), %4, ~%L5 tokens in, ~%L6 out, ~$%7, ~%8 min</source>
        <translation>Verbleibend: %L1 von %2 (%L3 bereits gespeichert), %4, ~%L5 Tokens ein, ~%L6 aus, ~$%7, ~%8 min</translation>
    </message>
    <message>
        <source>%L1 of %L2 requests failed</source>
        <translation>%L1 von %L2 Anfragen fehlgeschlagen</translation>
    </message>
    <message>
        <source>Not started: %L1 item lacks texts its prompt needs.</source>
        <translation>Nicht gestartet: %L1 Item fehlen Texte, die sein Prompt braucht.</translation>
    </message>
    <message>
        <source>Not started: %L1 items lack texts their prompts need.</source>
        <translation>Nicht gestartet: %L1 Items fehlen Texte, die ihre Prompts brauchen.</translation>
    </message>
    <message>
        <source>%L1 without a question</source>
        <translation>%L1 ohne Frage</translation>
    </message>
    <message>
        <source>%L1 without a response</source>
        <translation>%L1 ohne Antwort</translation>
    </message>
    <message>
        <source>%L1 without a submission</source>
        <translation>%L1 ohne Einreichung</translation>
    </message>
    <message>
        <source>%L1 without a criterion</source>
        <translation>%L1 ohne Kriterium</translation>
    </message>
    <message>
        <source>%L1 of %2 in dataset &quot;%3&quot; (%4)</source>
        <translation>%L1 von %2 im Datensatz „%3“ (%4)</translation>
    </message>
    <message>
        <source>%L1 item</source>
        <translation>%L1 Item</translation>
    </message>
    <message>
        <source>%L1 items</source>
        <translation>%L1 Items</translation>
    </message>
    <message>
        <source>Items without texts</source>
        <translation>Items ohne Texte</translation>
    </message>
    <message>
        <source>%L1 item of this run lacks texts its prompt needs:</source>
        <translation>%L1 Item dieses Laufs fehlen Texte, die sein Prompt braucht:</translation>
    </message>
    <message>
        <source>%L1 items of this run lack texts their prompts need:</source>
        <translation>%L1 Items dieses Laufs fehlen Texte, die ihre Prompts brauchen:</translation>
    </message>
    <message>
        <source>Their prompts would be sent with these texts empty, and the answers would judge nothing. Send them anyway?</source>
        <translation>Ihre Prompts würden mit leeren Texten gesendet, und die Antworten würden nichts bewerten. Trotzdem senden?</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>&amp;Fortfahren</translation>
    </message>
</context>
<context>
    <name>tribunal::JudgesWorkspace</name>
    <message>
        <source>The judge needs a name.</source>
        <translation>Der Judge braucht einen Namen.</translation>
    </message>
    <message>
        <source>A judge named &quot;%1&quot; exists already.</source>
        <translation>Ein Judge namens „%1“ existiert bereits.</translation>
    </message>
    <message>
        <source>There is no judge %1.</source>
        <translation>Es gibt keinen Judge %1.</translation>
    </message>
    <message>
        <source>Temperatures must be numbers from 0 to 2 separated by commas; &quot;%1&quot; is not one.</source>
        <translation>Temperaturen müssen Zahlen von 0 bis 2 sein, durch Kommas getrennt; „%1“ ist keine.</translation>
    </message>
    <message>
        <source>This bias version is in the design already.</source>
        <translation>Diese Bias-Version ist bereits im Design.</translation>
    </message>
    <message>
        <source>A run is in progress.</source>
        <translation>Ein Lauf ist im Gange.</translation>
    </message>
    <message>
        <source>Open an audit whose items the judges should judge.</source>
        <translation>Öffnen Sie ein Audit, dessen Items die Judges bewerten sollen.</translation>
    </message>
    <message>
        <source>Save the audit as a project first: the run writes every answer to the project file.</source>
        <translation>Speichern Sie das Audit zuerst als Projekt: Der Lauf schreibt jede Antwort in die Projektdatei.</translation>
    </message>
    <message>
        <source>Save the project first: it has unsaved changes.</source>
        <translation>Speichern Sie zuerst das Projekt: Es hat ungespeicherte Änderungen.</translation>
    </message>
    <message>
        <source>Wait for the open, import or save to finish.</source>
        <translation>Warten Sie, bis Öffnen, Import oder Speichern abgeschlossen ist.</translation>
    </message>
    <message>
        <source>Add a judge.</source>
        <translation>Fügen Sie einen Judge hinzu.</translation>
    </message>
    <message>
        <source>Choose a prompt format.</source>
        <translation>Wählen Sie ein Promptformat.</translation>
    </message>
    <message>
        <source>Choose an order.</source>
        <translation>Wählen Sie eine Reihenfolge.</translation>
    </message>
    <message>
        <source>Choose a dataset.</source>
        <translation>Wählen Sie einen Datensatz.</translation>
    </message>
    <message>
        <source>The design asks for no judgments: no item fits the chosen formats and datasets.</source>
        <translation>Das Design verlangt keine Bewertungen: Kein Item passt zu den gewählten Formaten und Datensätzen.</translation>
    </message>
    <message>
        <source>The run could not start: %1</source>
        <translation>Der Lauf konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>%L1 answered, %L2 failed, %L3 retried, $%4 spent</source>
        <translation>%L1 beantwortet, %L2 fehlgeschlagen, %L3 wiederholt, $%4 ausgegeben</translation>
    </message>
    <message>
        <source>The run stopped: %1 (%2).</source>
        <translation>Der Lauf wurde angehalten: %1 (%2).</translation>
    </message>
    <message>
        <source>Cancelled: %1. Run again to resume; recorded answers are not sent again.</source>
        <translation>Abgebrochen: %1. Starten Sie erneut, um fortzusetzen; aufgezeichnete Antworten werden nicht erneut gesendet.</translation>
    </message>
    <message>
        <source>Finished: %1.</source>
        <translation>Fertig: %1.</translation>
    </message>
    <message>
        <source>The project has unsaved changes, so the run&apos;s judgments are not shown yet. Reopen the project to see them (saving now would write the audit without them).</source>
        <translation>Das Projekt hat ungespeicherte Änderungen, daher werden die Bewertungen des Laufs noch nicht angezeigt. Öffnen Sie das Projekt erneut, um sie zu sehen (Speichern würde jetzt das Audit ohne sie schreiben).</translation>
    </message>
    <message>
        <source>Reopen the project to see the run&apos;s judgments (another job was running).</source>
        <translation>Öffnen Sie das Projekt erneut, um die Bewertungen des Laufs zu sehen (ein anderer Job lief).</translation>
    </message>
    <message>
        <source>To keep both, record the change as a condition of the design; to replace them, buy them again.</source>
        <translation>Um beide zu behalten, die Änderung als Bedingung des Designs aufnehmen; um sie zu ersetzen, sie erneut kaufen.</translation>
    </message>
    <message>
        <source>The project is read-only (the bundled sample or a file you may not write): save it as a new project first; the run writes every answer to the project file.</source>
        <translation>Das Projekt ist schreibgeschützt (das mitgelieferte Beispiel oder eine Datei, die Sie nicht schreiben dürfen): Speichern Sie es zuerst als neues Projekt; der Lauf schreibt jede Antwort in die Projektdatei.</translation>
    </message>
    <message>
        <source>The run stopped: %1 (%2 — %3).</source>
        <translation>Der Lauf wurde angehalten: %1 (%2 — %3).</translation>
    </message>
    <message>
        <source>Cancelled: %1 — %2. Run again to resume; recorded answers are not sent again, failed ones are.</source>
        <translation>Abgebrochen: %1 — %2. Erneut starten, um fortzusetzen; gespeicherte Antworten werden nicht erneut gesendet, fehlgeschlagene schon.</translation>
    </message>
    <message>
        <source>Failed: %1 — %2. Run again to send the failed requests again.</source>
        <translation>Fehlgeschlagen: %1 — %2. Erneut starten, um die fehlgeschlagenen Anfragen erneut zu senden.</translation>
    </message>
    <message>
        <source>Finished with failures: %1 — %2. Run again to send the failed requests again.</source>
        <translation>Mit Fehlern beendet: %1 — %2. Erneut starten, um die fehlgeschlagenen Anfragen erneut zu senden.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>Running: %L1 answered, %L2 failed so far — %3</source>
        <translation>Läuft: bisher %L1 beantwortet, %L2 fehlgeschlagen — %3</translation>
    </message>
    <message>
        <source>%L1 × %2</source>
        <translation>%L1 × %2</translation>
    </message>
    <message>
        <source>and %L1 more</source>
        <translation>und %L1 weitere</translation>
    </message>
    <message>
        <source>Failed requests by reason:</source>
        <translation>Fehlgeschlagene Anfragen nach Ursache:</translation>
    </message>
</context>
<context>
    <name>tribunal::JudgmentTreeModel</name>
    <message>
        <source>Judgment</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Probabilities</source>
        <translation>Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>Kosten (USD)</translation>
    </message>
    <message>
        <source>Latency (s)</source>
        <translation>Latenz (s)</translation>
    </message>
    <message>
        <source>Tokens in / out</source>
        <translation>Tokens ein / aus</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>cue on %1</source>
        <translation>Hinweis auf %1</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>Reihenfolge %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
</context>
<context>
    <name>tribunal::LabelNote</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weitere</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>No labels for dataset %1 (cells: %2).</source>
        <translation>Keine Labels für den Datensatz %1 (Zellen: %2).</translation>
    </message>
    <message>
        <source>The accuracy columns (%1) are empty there: import the items with their labels (the .items.jsonl file beside a Tribunal JSONL file) or a labelled file.</source>
        <translation>Die Genauigkeitsspalten (%1) sind dort leer: Importieren Sie die Items mit ihren Labels (die Datei .items.jsonl neben einer Tribunal-JSONL-Datei) oder eine Datei mit Labels.</translation>
    </message>
    <message>
        <source>No labels for dataset(s) %1: their accuracy columns are empty.</source>
        <translation>Keine Labels für die Datensätze %1: ihre Genauigkeitsspalten sind leer.</translation>
    </message>
</context>
<context>
    <name>tribunal::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>&amp;Systemsprache</translation>
    </message>
    <message>
        <source>the system language</source>
        <translation>die Systemsprache</translation>
    </message>
</context>
<context>
    <name>tribunal::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>Tribunal projects (*.tribunal)</source>
        <translation>Tribunal-Projekte (*.tribunal)</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>No audit open</source>
        <translation>Kein Audit geöffnet</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1[*] — Tribunal</source>
        <translation>%1[*] — Tribunal</translation>
    </message>
    <message>
        <source>Tribunal</source>
        <translation>Tribunal</translation>
    </message>
    <message>
        <source>Cancelled: nothing was changed.</source>
        <translation>Abgebrochen: Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>&amp;Export Table…</source>
        <translation>Tabelle &amp;exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Tribunal projects (*.tribunal);;Audit files (*.csv *.jsonl *.ndjson *.json);;All files (*)</source>
        <translation>Tribunal-Projekte (*.tribunal);;Audit-Dateien (*.csv *.jsonl *.ndjson *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The interface changes to %1 when Tribunal starts again.</source>
        <translation>Die Oberfläche wechselt beim nächsten Start von Tribunal auf %1.</translation>
    </message>
    <message>
        <source>%L1 judgment</source>
        <translation>%L1 Bewertung</translation>
    </message>
    <message>
        <source>%L1 judgments</source>
        <translation>%L1 Bewertungen</translation>
    </message>
    <message>
        <source>%L1 item</source>
        <translation>%L1 Item</translation>
    </message>
    <message>
        <source>%L1 items</source>
        <translation>%L1 Items</translation>
    </message>
    <message>
        <source>%L1 judge</source>
        <translation>%L1 Judge</translation>
    </message>
    <message>
        <source>%L1 judges</source>
        <translation>%L1 Judges</translation>
    </message>
    <message>
        <source>%L1 cell</source>
        <translation>%L1 Zelle</translation>
    </message>
    <message>
        <source>%L1 cells</source>
        <translation>%L1 Zellen</translation>
    </message>
    <message>
        <source>Imported %1, %2 from %3</source>
        <translation>Importiert: %1, %2 aus %3</translation>
    </message>
    <message>
        <source>%L1 new item</source>
        <translation>%L1 neues Item</translation>
    </message>
    <message>
        <source>%L1 new items</source>
        <translation>%L1 neue Items</translation>
    </message>
    <message>
        <source>%1 is read-only (the bundled sample or a file you may not write). Choose another file for your copy.</source>
        <translation>%1 ist schreibgeschützt (das mitgelieferte Beispiel oder eine Datei, die Sie nicht schreiben dürfen). Wählen Sie eine andere Datei für Ihre Kopie.</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>Closed the audit.</source>
        <translation>Audit geschlossen.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About Tribunal</source>
        <translation>&amp;Über Tribunal</translation>
    </message>
    <message>
        <source>About Tribunal</source>
        <translation>Über Tribunal</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>%1	%2 (%3)</source>
        <translation>%1	%2 (%3)</translation>
    </message>
    <message>
        <source>Flip inspector (with the pair list focused): J next pair, K previous pair, F flipped only on or off, N edit the note.</source>
        <translation>Umkehr-Inspektor (mit Fokus auf der Paarliste): J nächstes Paar, K vorheriges Paar, F „nur gekippte“ ein oder aus, N Notiz bearbeiten.</translation>
    </message>
    <message>
        <source>Tribunal %1: a workbench for auditing LLM judges (trust, bias tests, rubric judges, cascades).

Licence: GPL-3.0-or-later. The bundled sample keeps its sources&apos; notices (LLMBar, Position-Bias-Analyzer: MIT); its datasets named sim-… are simulated, with stated true values.

Qt %2.</source>
        <translation>Tribunal %1: eine Workbench zum Auditieren von LLM-Judges (Vertrauen, Bias-Tests, Rubrik-Judges, Kaskaden).

Lizenz: GPL-3.0-or-later. Das mitgelieferte Beispiel behält die Hinweise seiner Quellen (LLMBar, Position-Bias-Analyzer: MIT); seine Datensätze namens sim-… sind simuliert, mit angegebenen wahren Werten.

Qt %2.</translation>
    </message>
    <message>
        <source>The open audit has changes that are not saved in a project. Save them first?</source>
        <translation>Das geöffnete Audit hat Änderungen, die in keinem Projekt gespeichert sind. Zuerst speichern?</translation>
    </message>
</context>
<context>
    <name>tribunal::OverviewPanel</name>
    <message>
        <source>Audit overview</source>
        <translation>Audit-Übersicht</translation>
    </message>
    <message>
        <source>Show interval columns</source>
        <translation>Intervallspalten zeigen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Copy the shown rows as tab-separated text with a header row</source>
        <translation>Die angezeigten Zeilen als tabulatorgetrennten Text mit Kopfzeile kopieren</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Show all rows</source>
        <translation>Alle Zeilen zeigen</translation>
    </message>
    <message>
        <source>Assume C = 1</source>
        <translation>C = 1 annehmen</translation>
    </message>
    <message>
        <source>Showing %1 of %2 rows: the filters hide %3.</source>
        <translation>%1 von %2 Zeilen sichtbar: Die Filter blenden %3 aus.</translation>
    </message>
    <message>
        <source>1 shown row has one run per order: C cannot be measured there, so T and T_joint are n/a (T2).</source>
        <translation>1 sichtbare Zeile hat einen Lauf je Reihenfolge: C ist dort nicht messbar, daher sind T und T_joint k. A. (T2).</translation>
    </message>
    <message>
        <source>%1 shown rows have one run per order: C cannot be measured there, so T and T_joint are n/a (T2).</source>
        <translation>%1 sichtbare Zeilen haben einen Lauf je Reihenfolge: C ist dort nicht messbar, daher sind T und T_joint k. A. (T2).</translation>
    </message>
    <message>
        <source>Set “Assume C = 1 with one run” (Settings; stored in the project), as tribunal-cli trust --assume-consistent does</source>
        <translation>„Bei einem Lauf C = 1 annehmen“ einschalten (Einstellungen; wird im Projekt gespeichert), wie tribunal-cli trust --assume-consistent</translation>
    </message>
    <message>
        <source>Show or hide the filters and settings beside the table</source>
        <translation>Filter und Einstellungen neben der Tabelle zeigen oder ausblenden</translation>
    </message>
    <message>
        <source>Hide filters</source>
        <translation>Filter ausblenden</translation>
    </message>
    <message>
        <source>Filters and settings</source>
        <translation>Filter und Einstellungen</translation>
    </message>
</context>
<context>
    <name>tribunal::PlotExportDialog</name>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>The figure size must be positive.</source>
        <translation>Die Bildgröße muss positiv sein.</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PDF (vector)</source>
        <translation>PDF (Vektor)</translation>
    </message>
    <message>
        <source>SVG (vector)</source>
        <translation>SVG (Vektor)</translation>
    </message>
    <message>
        <source>PNG (image)</source>
        <translation>PNG (Bild)</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <source>&amp;Scale (PNG):</source>
        <translation>&amp;Skalierung (PNG):</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>SVG files (*.svg)</source>
        <translation>SVG-Dateien (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Choose a file to save to.</source>
        <translation>Wählen Sie eine Zieldatei.</translation>
    </message>
    <message>
        <source>Cannot write %1: no temporary directory (%2).</source>
        <translation>%1 kann nicht geschrieben werden: kein temporäres Verzeichnis (%2).</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>%1 kann nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>A paper preset sets the width, 9 pt text and a height that follows the plot (one line per row where the plot has rows); PNG at 300 dpi.</source>
        <translation>Eine Papier-Vorlage setzt die Breite, 9-pt-Text und eine Höhe, die dem Diagramm folgt (eine Zeile je Reihe, wo das Diagramm Reihen hat); PNG mit 300 dpi.</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>&amp;Größe:</translation>
    </message>
</context>
<context>
    <name>tribunal::PlotTabs</name>
    <message>
        <source>Drag to pan and use the wheel to zoom; this restores the full view.</source>
        <translation>Ziehen zum Verschieben, Mausrad zum Zoomen; dies stellt die volle Ansicht wieder her.</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Save this plot as PDF, SVG or PNG at a chosen size.</source>
        <translation>Dieses Diagramm als PDF, SVG oder PNG in einer gewählten Größe speichern.</translation>
    </message>
</context>
<context>
    <name>tribunal::PlotsPanel</name>
    <message>
        <source>Plots</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Sweep &amp;over:</source>
        <translation>Verlauf &amp;über:</translation>
    </message>
    <message>
        <source>&amp;Reset view</source>
        <translation>&amp;Ansicht zurücksetzen</translation>
    </message>
</context>
<context>
    <name>tribunal::RawOutputView</name>
    <message>
        <source>(no raw output)</source>
        <translation>(keine Rohausgabe)</translation>
    </message>
    <message>
        <source>Raw output</source>
        <translation>Rohausgabe</translation>
    </message>
</context>
<context>
    <name>tribunal::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
</context>
<context>
    <name>tribunal::ReliabilityPlot</name>
    <message>
        <source>Reliability</source>
        <translation>Reliabilität</translation>
    </message>
    <message>
        <source>Mean confidence max(P(A), 1 − P(A)) per bin</source>
        <translation>Mittlere Konfidenz max(P(A), 1 − P(A)) je Klasse</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>%1 (ECE %2, n = %3)</source>
        <translation>%1 (ECE %2, n = %3)</translation>
    </message>
    <message>
        <source>%1
confidence bin [%2, %3), answers: %4
mean confidence %5, accuracy %6</source>
        <translation>%1
Konfidenzklasse [%2, %3), Antworten: %4
mittlere Konfidenz %5, Genauigkeit %6</translation>
    </message>
    <message>
        <source>No judgment of this format has a probability of A on a labelled item: there is nothing to calibrate.</source>
        <translation>Keine Bewertung dieses Formats hat eine Wahrscheinlichkeit für A auf einem Item mit Label: Es gibt nichts zu kalibrieren.</translation>
    </message>
</context>
<context>
    <name>tribunal::RubricPairView</name>
    <message>
        <source>Judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <source>Bias test</source>
        <translation>Bias-Test</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>P(answer)</source>
        <translation>P(Antwort)</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>Kosten (USD)</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>(no raw output recorded)</source>
        <translation>(keine Rohausgabe aufgezeichnet)</translation>
    </message>
    <message>
        <source>unanimous</source>
        <translation>einstimmig</translation>
    </message>
    <message>
        <source>split</source>
        <translation>uneinig</translation>
    </message>
    <message>
        <source>Ratings: %1</source>
        <translation>Ratings: %1</translation>
    </message>
    <message>
        <source>right</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>not scored</source>
        <translation>nicht gewertet</translation>
    </message>
    <message>
        <source>%1 rater</source>
        <translation>%1 Rater</translation>
    </message>
    <message>
        <source>%1 raters</source>
        <translation>%1 Rater</translation>
    </message>
    <message>
        <source>No label (raters&apos; mean %1, %2)</source>
        <translation>Kein Label (Rater-Mittel %1, %2)</translation>
    </message>
    <message>
        <source>Label %1 (raters&apos; mean %2, %3, %4; rule %5)</source>
        <translation>Label %1 (Rater-Mittel %2, %3, %4; Regel %5)</translation>
    </message>
</context>
<context>
    <name>tribunal::RubricPairsDialog</name>
    <message>
        <source>Rubric pairs</source>
        <translation>Rubrik-Paare</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>Kriterium</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Raters&apos; mean</source>
        <translation>Rater-Mittel</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n pair(s)</source>
        <translation>
            <numerusform>%1 · %n Paar</numerusform>
            <numerusform>%1 · %n Paare</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tribunal::RubricPanel</name>
    <message>
        <source>Double-click a row to list the pairs behind it.</source>
        <translation>Doppelklicken Sie auf eine Zeile, um die Paare dahinter aufzulisten.</translation>
    </message>
    <message>
        <source>constant baseline</source>
        <translation>konstante Baseline</translation>
    </message>
    <message>
        <source>Rubric judges</source>
        <translation>Rubrik-Judges</translation>
    </message>
    <message>
        <source>Per &amp;criterion</source>
        <translation>&amp;Pro Kriterium</translation>
    </message>
    <message>
        <source>Paired c&amp;omparisons</source>
        <translation>&amp;Gepaarte Vergleiche</translation>
    </message>
    <message>
        <source>Reset &amp;view</source>
        <translation>&amp;Ansicht zurücksetzen</translation>
    </message>
    <message>
        <source>R1: how a raters&apos; mean half-way between two levels becomes the label (unrounded: half-up labels, offsets against the raters&apos; mean).</source>
        <translation>R1: wie ein Rater-Mittel genau zwischen zwei Stufen zum Label wird (ungerundet: Labels halb aufgerundet, Abweichungen gegenüber dem Rater-Mittel).</translation>
    </message>
    <message>
        <source>Bootstrap resamples of the paired comparisons (R7).</source>
        <translation>Bootstrap-Ziehungen der gepaarten Vergleiche (R7).</translation>
    </message>
    <message>
        <source>Seed of the bootstrap streams: the same seed gives the same numbers as tribunal-cli compare.</source>
        <translation>Seed der Bootstrap-Ströme: Derselbe Seed liefert dieselben Zahlen wie tribunal-cli compare.</translation>
    </message>
    <message>
        <source>Parity margin (accuracy difference as a proportion): &quot;parity&quot; when the whole interval lies inside ±margin (R7).</source>
        <translation>Paritätsmarge (Genauigkeitsdifferenz als Anteil): „Parität“, wenn das ganze Intervall innerhalb von ±Marge liegt (R7).</translation>
    </message>
    <message>
        <source>C&amp;luster bootstrap (by group)</source>
        <translation>&amp;Cluster-Bootstrap (nach Gruppe)</translation>
    </message>
    <message>
        <source>Also resample whole groups (the items&apos; group field), as tribunal-cli compare --cluster group does.</source>
        <translation>Zusätzlich ganze Gruppen neu ziehen (das Feld group der Items), wie tribunal-cli compare --cluster group.</translation>
    </message>
    <message>
        <source>&amp;Judges</source>
        <translation>&amp;Judges</translation>
    </message>
    <message>
        <source>The judges whose pairs are compared (every two of them).</source>
        <translation>Die Judges, deren Paare verglichen werden (jeweils zwei davon).</translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation>&amp;Rundung:</translation>
    </message>
    <message>
        <source>Re&amp;samples:</source>
        <translation>&amp;Ziehungen:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>&amp;Seed:</translation>
    </message>
    <message>
        <source>&amp;Margin:</source>
        <translation>&amp;Marge:</translation>
    </message>
    <message>
        <source>No audit open.</source>
        <translation>Kein Audit geöffnet.</translation>
    </message>
    <message>
        <source>Computing the rubric metrics…</source>
        <translation>Rubrik-Metriken werden berechnet…</translation>
    </message>
    <message>
        <source>Rubric metrics not computed: %1</source>
        <translation>Rubrik-Metriken nicht berechnet: %1</translation>
    </message>
    <message>
        <source>No rubric judgments in this audit (no judged binary or ordinal item).</source>
        <translation>Keine Rubrik-Bewertungen in diesem Audit (kein bewertetes binäres oder ordinales Item).</translation>
    </message>
    <message>
        <source>%1 vs %2 on %3</source>
        <translation>%1 vs. %2 auf %3</translation>
    </message>
    <message>
        <source>%1 correct</source>
        <translation>%1 richtig</translation>
    </message>
    <message>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>%1 · %2 / %3 · label %4, predicted %5</source>
        <translation>%1 · %2 / %3 · Label %4, vorhergesagt %5</translation>
    </message>
    <message>
        <source>all binary criteria</source>
        <translation>alle binären Kriterien</translation>
    </message>
    <message>
        <source>all ordinal criteria</source>
        <translation>alle ordinalen Kriterien</translation>
    </message>
</context>
<context>
    <name>tribunal::RubricWorkspace</name>
    <message>
        <source>Paired comparisons need two judges with rubric judgments.</source>
        <translation>Gepaarte Vergleiche brauchen zwei Judges mit Rubrik-Bewertungen.</translation>
    </message>
    <message>
        <source>Choose at least two judges to compare.</source>
        <translation>Wählen Sie mindestens zwei Judges zum Vergleichen.</translation>
    </message>
    <message>
        <source>No panel and format in which two of the judges both judged rubric items.</source>
        <translation>Kein Panel und Format, in dem zwei der Judges beide Rubrik-Items bewertet haben.</translation>
    </message>
    <message>
        <source>Rubric metrics not computed: %1</source>
        <translation>Rubrik-Metriken nicht berechnet: %1</translation>
    </message>
    <message>
        <source>half-down</source>
        <translation>halb abrunden</translation>
    </message>
    <message>
        <source>unrounded</source>
        <translation>ungerundet</translation>
    </message>
    <message>
        <source>half-up</source>
        <translation>halb aufrunden</translation>
    </message>
</context>
<context>
    <name>tribunal::ShiftCurvePlot</name>
    <message>
        <source>Accuracy vs shift</source>
        <translation>Genauigkeit vs. Verschiebung</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Level shift s</source>
        <translation>Stufenverschiebung s</translation>
    </message>
    <message>
        <source>Exact accuracy</source>
        <translation>Exakte Genauigkeit</translation>
    </message>
    <message>
        <source>Level shifts (R5) are defined for judges on ordinal criteria; select such a row.</source>
        <translation>Stufenverschiebungen (R5) sind für Judges auf ordinalen Kriterien definiert; wählen Sie eine solche Zeile.</translation>
    </message>
    <message>
        <source>%1
s = %2: accuracy %3</source>
        <translation>%1
s = %2: Genauigkeit %3</translation>
    </message>
    <message>
        <source>%1
best shift %2: accuracy %3 (s = 0: %4; leave-one-out: %5)</source>
        <translation>%1
beste Verschiebung %2: Genauigkeit %3 (s = 0: %4; Leave-one-out: %5)</translation>
    </message>
    <message>
        <source>Judges without a scored prediction here: %1.</source>
        <translation>Judges ohne bewertete Vorhersage hier: %1.</translation>
    </message>
</context>
<context>
    <name>tribunal::SweepPlot</name>
    <message>
        <source>Condition sweep</source>
        <translation>Bedingungsverlauf</translation>
    </message>
    <message>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <source>A − φ/2</source>
        <translation>A − φ/2</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>%1 = %2
%3: mean %4, quartiles %5 – %6
cells: %7</source>
        <translation>%1 = %2
%3: Mittel %4, Quartile %5 – %6
Zellen: %7</translation>
    </message>
    <message>
        <source>Left out as n/a: C in %1, A − φ/2 in %2, T in %3 of %4 visible cells.</source>
        <translation>Als nicht verfügbar ausgelassen: C in %1, A − φ/2 in %2, T in %3 von %4 sichtbaren Zellen.</translation>
    </message>
    <message>
        <source>Mean, IQR band</source>
        <translation>Mittel, IQR-Band</translation>
    </message>
</context>
<context>
    <name>tribunal::TaskKind</name>
    <message>
        <source>pairwise</source>
        <translation>paarweise</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>binär</translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation>ordinal</translation>
    </message>
</context>
<context>
    <name>tribunal::TrustFilterTree</name>
    <message>
        <source>Show rows with</source>
        <translation>Zeilen zeigen mit</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
</context>
<context>
    <name>tribunal::TrustPlot</name>
    <message>
        <source>trustworthy</source>
        <translation>vertrauenswürdig</translation>
    </message>
    <message>
        <source>noisy but fair</source>
        <translation>verrauscht, aber fair</translation>
    </message>
    <message>
        <source>chaos</source>
        <translation>Chaos</translation>
    </message>
    <message>
        <source>confidently biased</source>
        <translation>selbstsicher verzerrt</translation>
    </message>
    <message>
        <source>C = %1, φ = %2, A = %3, T = %4</source>
        <translation>C = %1, φ = %2, A = %3, T = %4</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
</context>
<context>
    <name>tribunal::TrustSettingsForm</name>
    <message>
        <source>Assume C = 1 with one run</source>
        <translation>Bei einem Lauf C = 1 annehmen</translation>
    </message>
    <message>
        <source>1/2 (forced binary)</source>
        <translation>1/2 (erzwungen binär)</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>beobachtet</translation>
    </message>
    <message>
        <source>Accuracy assumed on order-flipping pairs in A_max and T (T4-T6).</source>
        <translation>Angenommene Genauigkeit auf Paaren mit Reihenfolge-Umkehrung in A_max und T (T4-T6).</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>Paar</translation>
    </message>
    <message>
        <source>presentation</source>
        <translation>Präsentation</translation>
    </message>
    <message>
        <source>What the consistency C averages over (T2).</source>
        <translation>Worüber die Konsistenz C mittelt (T2).</translation>
    </message>
    <message>
        <source>With one run per order C is not identifiable; this opt-in sets C = 1 (T2).</source>
        <translation>Mit einem Lauf pro Reihenfolge ist C nicht identifizierbar; diese Option setzt C = 1 (T2).</translation>
    </message>
    <message>
        <source>Failure map (T11): consistency is good when C is at least this.</source>
        <translation>Fehlermodus-Karte (T11): Die Konsistenz ist gut, wenn C mindestens diesen Wert hat.</translation>
    </message>
    <message>
        <source>Failure map (T11): order invariance is good when the flip rate is at most this.</source>
        <translation>Fehlermodus-Karte (T11): Die Reihenfolge-Invarianz ist gut, wenn die Umkehrrate höchstens diesen Wert hat.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Bootstrap resamples for the intervals (T13); 0 computes none.</source>
        <translation>Bootstrap-Ziehungen für die Intervalle (T13); 0 berechnet keine.</translation>
    </message>
    <message>
        <source>Interval level (T13).</source>
        <translation>Intervallniveau (T13).</translation>
    </message>
    <message>
        <source>Pool the cells that agree on the checked columns. None checked: one row per cell. A grouping has no intervals.</source>
        <translation>Die Zellen zusammenfassen, die in den markierten Spalten übereinstimmen. Keine markiert: eine Zeile pro Zelle. Eine Gruppierung hat keine Intervalle.</translation>
    </message>
    <message>
        <source>q:</source>
        <translation>q:</translation>
    </message>
    <message>
        <source>Consistency unit:</source>
        <translation>Konsistenzeinheit:</translation>
    </message>
    <message>
        <source>Good C ≥</source>
        <translation>Gutes C ≥</translation>
    </message>
    <message>
        <source>Good φ ≤</source>
        <translation>Gutes φ ≤</translation>
    </message>
    <message>
        <source>Resamples:</source>
        <translation>Ziehungen:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Seed:</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Niveau:</translation>
    </message>
    <message>
        <source>Group by:</source>
        <translation>Gruppieren nach:</translation>
    </message>
</context>
<context>
    <name>tribunal::TrustTableModel</name>
    <message>
        <source>trustworthy</source>
        <translation>vertrauenswürdig</translation>
    </message>
    <message>
        <source>noisy but fair</source>
        <translation>verrauscht, aber fair</translation>
    </message>
    <message>
        <source>chaos</source>
        <translation>Chaos</translation>
    </message>
    <message>
        <source>confidently biased</source>
        <translation>selbstsicher verzerrt</translation>
    </message>
    <message>
        <source>The remaining gap to the ceiling is capability: only a stronger judge closes it.</source>
        <translation>Die verbleibende Lücke zur Obergrenze ist eine Frage der Fähigkeit: Nur ein stärkerer Judge schließt sie.</translation>
    </message>
    <message>
        <source>Sample repeatedly and take the majority verdict; position bias is low.</source>
        <translation>Wiederholt abfragen und das Mehrheitsurteil nehmen; der Positionsbias ist gering.</translation>
    </message>
    <message>
        <source>Evaluate both candidate orders to reduce position bias, then take the majority over repeated runs.</source>
        <translation>Beide Kandidatenreihenfolgen bewerten, um den Positionsbias zu verringern, dann die Mehrheit über wiederholte Läufe nehmen.</translation>
    </message>
    <message>
        <source>Stable verdicts hide a strong position bias: evaluate both orders; repeating runs does not help.</source>
        <translation>Stabile Urteile verdecken einen starken Positionsbias: Beide Reihenfolgen bewerten; wiederholte Läufe helfen nicht.</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Judge</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>Paare</translation>
    </message>
    <message>
        <source>%1 lo</source>
        <translation>%1 UG</translation>
    </message>
    <message>
        <source>%1 hi</source>
        <translation>%1 OG</translation>
    </message>
    <message>
        <source>Quadrant</source>
        <translation>Quadrant</translation>
    </message>
    <message>
        <source>n/a (1 run)</source>
        <translation>k. A. (1 Lauf)</translation>
    </message>
    <message>
        <source>%1: undefined</source>
        <translation>%1: undefiniert</translation>
    </message>
    <message>
        <source>%1 = %2 (%3%)</source>
        <translation>%1 = %2 (%3%)</translation>
    </message>
    <message>
        <source>%1% interval: undefined</source>
        <translation>%1%-Intervall: undefiniert</translation>
    </message>
    <message>
        <source>%1% interval: [%2, %3]</source>
        <translation>%1%-Intervall: [%2, %3]</translation>
    </message>
    <message>
        <source>n/a (no order)</source>
        <translation>k. A. (keine Reihenfolge)</translation>
    </message>
    <message numerus="yes">
        <source>Unavailable: %n judgment(s) carry no order. The source did not record which answer was shown first (AlpacaEval randomises the order and keeps no trace), and C, phi, A and T need both orders of an item.</source>
        <translation>
            <numerusform>Nicht verfügbar: %n Bewertung hat keine Reihenfolge. Die Quelle hat nicht aufgezeichnet, welche Antwort zuerst gezeigt wurde (AlpacaEval randomisiert die Reihenfolge und hinterlässt keine Spur), und C, phi, A und T brauchen beide Reihenfolgen eines Items.</numerusform>
            <numerusform>Nicht verfügbar: %n Bewertungen haben keine Reihenfolge. Die Quelle hat nicht aufgezeichnet, welche Antwort zuerst gezeigt wurde (AlpacaEval randomisiert die Reihenfolge und hinterlässt keine Spur), und C, phi, A und T brauchen beide Reihenfolgen eines Items.</numerusform>
        </translation>
    </message>
    <message>
        <source>No item was judged in both orders: C, phi, A and T need both orders of an item.</source>
        <translation>Kein Item wurde in beiden Reihenfolgen bewertet: C, phi, A und T brauchen beide Reihenfolgen eines Items.</translation>
    </message>
    <message>
        <source>No item has an answer in both orders (failed or unparsed calls): C, phi, A and T are undefined.</source>
        <translation>Kein Item hat eine Antwort in beiden Reihenfolgen (fehlgeschlagene oder nicht auswertbare Aufrufe): C, phi, A und T sind undefiniert.</translation>
    </message>
    <message>
        <source>n/a (1 run, no labels)</source>
        <translation>k. A. (1 Lauf, keine Labels)</translation>
    </message>
    <message>
        <source>n/a (no labels)</source>
        <translation>k. A. (keine Labels)</translation>
    </message>
    <message>
        <source>No labels in this dataset: accuracy needs the right answer of each item (T4). Import the items with their labels (File &gt; Import).</source>
        <translation>Keine Labels in diesem Datensatz: Die Genauigkeit braucht die richtige Antwort jedes Items (T4). Importieren Sie die Items mit ihren Labels (Datei &gt; Importieren).</translation>
    </message>
    <message>
        <source>One run per order: C (reproducibility) cannot be measured, and T needs it (T2). Judge the items again, or click “Assume C = 1” above the table (stored in the project; tribunal-cli trust --assume-consistent).</source>
        <translation>Ein Lauf je Reihenfolge: C (Reproduzierbarkeit) ist nicht messbar, und T braucht es (T2). Bewerten Sie die Items erneut, oder klicken Sie über der Tabelle auf „C = 1 annehmen“ (wird im Projekt gespeichert; tribunal-cli trust --assume-consistent).</translation>
    </message>
</context>
<context>
    <name>tribunal::TrustWorkspace</name>
    <message>
        <source>Grouping failed: %1</source>
        <translation>Gruppierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>No intervals for a grouping: the bootstrap is per cell.</source>
        <translation>Keine Intervalle für eine Gruppierung: Der Bootstrap erfolgt je Zelle.</translation>
    </message>
    <message>
        <source>Intervals cancelled.</source>
        <translation>Intervalle abgebrochen.</translation>
    </message>
    <message>
        <source>The settings apply, but the project stores them only once the running job has finished: change them again then.</source>
        <translation>Die Einstellungen gelten, aber das Projekt speichert sie erst, wenn der laufende Auftrag beendet ist: Ändern Sie sie dann erneut.</translation>
    </message>
    <message>
        <source>Project settings not read (the defaults apply): %1</source>
        <translation>Projekteinstellungen nicht gelesen (es gelten die Standardwerte): %1</translation>
    </message>
</context>
<context>
    <name>tribunal::VerdictHighlightView</name>
    <message>
        <source>(no raw output)</source>
        <translation>(keine Rohausgabe)</translation>
    </message>
    <message>
        <source>Order AB</source>
        <translation>Reihenfolge AB</translation>
    </message>
    <message>
        <source>Order BA</source>
        <translation>Reihenfolge BA</translation>
    </message>
</context>
</TS>
