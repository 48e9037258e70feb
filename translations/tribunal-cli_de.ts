<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>tribunal::cli::Msg</name>
    <message>
        <source>Usage: tribunal-cli COMMAND [options]</source>
        <translation>Aufruf: tribunal-cli COMMAND [Optionen]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>Befehle:</translation>
    </message>
    <message>
        <source>(judges: NAME or NAME@FORMAT)</source>
        <translation>(Judges: NAME oder NAME@FORMAT)</translation>
    </message>
    <message>
        <source>Run &apos;tribunal-cli COMMAND --help&apos; for a command&apos;s options.</source>
        <translation>Die Optionen eines Befehls zeigt &apos;tribunal-cli COMMAND --help&apos;.</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 usage or I/O error, 2 bad input (errors on stderr).</source>
        <translation>Exit-Codes: 0 Erfolg, 1 Aufruf- oder E/A-Fehler, 2 fehlerhafte Eingabe (Fehler auf stderr).</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Leave out judgments this project has recorded (like a resumed run).</source>
        <translation>Bewertungen auslassen, die dieses Projekt aufgezeichnet hat (wie ein fortgesetzter Lauf).</translation>
    </message>
    <message>
        <source>At most N requests per file (default 50000, OpenAI&apos;s limit); more are split into STEM.001.jsonl, STEM.002.jsonl, ...</source>
        <translation>Höchstens N Anfragen pro Datei (Standard 50000, das Limit von OpenAI); weitere werden aufgeteilt in STEM.001.jsonl, STEM.002.jsonl, ...</translation>
    </message>
    <message>
        <source>At most N bytes per file (default 200000000, OpenAI&apos;s 200 MB).</source>
        <translation>Höchstens N Bytes pro Datei (Standard 200000000, die 200 MB von OpenAI).</translation>
    </message>
    <message>
        <source>Only this judge&apos;s requests (providers take one model per batch).</source>
        <translation>Nur die Anfragen dieses Judges (Anbieter nehmen ein Modell pro Batch an).</translation>
    </message>
    <message>
        <source>Leave out requests the project recorded as failed.</source>
        <translation>Anfragen auslassen, die das Projekt als fehlgeschlagen aufgezeichnet hat.</translation>
    </message>
    <message>
        <source>Writes the requests of an audit design (docs/judging-batch.md) as an OpenAI-compatible Batch API input file: one line per request, custom_id = the request hash a live run uses, body = the exact chat-completions body. Run it on a provider&apos;s Batch API or with vLLM&apos;s run_batch, then &apos;batch import&apos; the output.</source>
        <translation>Schreibt die Anfragen eines Audit-Designs (docs/judging-batch.md) als OpenAI-kompatible Eingabedatei für die Batch API: eine Zeile pro Anfrage, custom_id = der Anfrage-Hash, den ein Live-Lauf verwendet, body = der exakte chat-completions-Body. Führen Sie sie über die Batch API eines Anbieters oder mit run_batch von vLLM aus und lesen Sie die Ausgabe dann mit &apos;batch import&apos; ein.</translation>
    </message>
    <message>
        <source>The design file (JSON).</source>
        <translation>Die Design-Datei (JSON).</translation>
    </message>
    <message>
        <source>batch write needs exactly one design file</source>
        <translation>batch write braucht genau eine Design-Datei</translation>
    </message>
    <message>
        <source>batch write needs -o FILE.jsonl</source>
        <translation>batch write braucht -o FILE.jsonl</translation>
    </message>
    <message>
        <source>Reads Batch API output files (and error files) of a design&apos;s batch input and writes the answers to PROJECT as judgments, exactly as a live run would (created when missing). Requests already recorded are skipped, so importing twice adds nothing. A bad line stops the import with nothing of its file written, unless --skip-bad.</source>
        <translation>Liest Ausgabedateien (und Fehlerdateien) der Batch API zur Batch-Eingabe eines Designs und schreibt die Antworten als Bewertungen in PROJECT, genau wie ein Live-Lauf (PROJECT wird angelegt, falls es fehlt). Bereits aufgezeichnete Anfragen werden übersprungen, ein zweiter Import fügt also nichts hinzu. Eine fehlerhafte Zeile bricht den Import ab, ohne etwas aus ihrer Datei zu schreiben, außer mit --skip-bad.</translation>
    </message>
    <message>
        <source>Batch output files (JSONL).</source>
        <translation>Batch-Ausgabedateien (JSONL).</translation>
    </message>
    <message>
        <source>batch import needs a design file and at least one output file</source>
        <translation>batch import braucht eine Design-Datei und mindestens eine Ausgabedatei</translation>
    </message>
    <message>
        <source>batch import needs -o PROJECT</source>
        <translation>batch import braucht -o PROJECT</translation>
    </message>
    <message>
        <source>skipped %1</source>
        <translation>übersprungen: %1</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>Aufruf: %1</translation>
    </message>
    <message>
        <source>bench compare needs --judges J1,J2,...</source>
        <translation>bench compare braucht --judges J1,J2,...</translation>
    </message>
    <message>
        <source>--judges: at least two judges needed</source>
        <translation>--judges: mindestens zwei Judges nötig</translation>
    </message>
    <message>
        <source>no panel and format in which two of the judges both scored a labelled rubric item</source>
        <translation>kein Panel und Format, in dem zwei der Judges beide ein Rubrik-Item mit Label gewertet haben</translation>
    </message>
    <message>
        <source>bench cascade needs --first J and --fallbacks J1,J2,...</source>
        <translation>bench cascade braucht --first J und --fallbacks J1,J2,...</translation>
    </message>
    <message>
        <source>--halvings: &apos;%1&apos; is not a whole number in [1, 100000]</source>
        <translation>--halvings: &apos;%1&apos; ist keine ganze Zahl in [1, 100000]</translation>
    </message>
    <message>
        <source>--seed: &apos;%1&apos; is not a whole number &gt;= 0</source>
        <translation>--seed: &apos;%1&apos; ist keine ganze Zahl &gt;= 0</translation>
    </message>
    <message>
        <source>--%1: expected ascending numbers in [0, %2]</source>
        <translation>--%1: aufsteigende Zahlen in [0, %2] erwartet</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; names a judge already listed</source>
        <translation>%1: &apos;%2&apos; nennt einen bereits aufgeführten Judge</translation>
    </message>
    <message>
        <source>no rubric panel on which &apos;%1&apos; and a fallback both judged</source>
        <translation>kein Rubrik-Panel, auf dem sowohl &apos;%1&apos; als auch ein Fallback bewertet haben</translation>
    </message>
    <message>
        <source>Time a stage end to end: %1, %2, %3, or %4, or %5.</source>
        <translation>Die Laufzeit einer Phase von Anfang bis Ende messen: %1, %2, %3 oder %4 oder %5.</translation>
    </message>
    <message>
        <source>import, bias, trust, compare or cascade</source>
        <translation>import, bias, trust, compare oder cascade</translation>
    </message>
    <message>
        <source>The file to import, or the audit to analyse.</source>
        <translation>Die zu importierende Datei oder das zu analysierende Audit.</translation>
    </message>
    <message>
        <source>Repetitions (the median is reported).</source>
        <translation>Wiederholungen (der Median wird ausgegeben).</translation>
    </message>
    <message>
        <source>bias, trust, compare: bootstrap resamples (default 2000; trust: 0 = none; compare: default 10000).</source>
        <translation>bias, trust, compare: Bootstrap-Ziehungen (Standard 2000; trust: 0 = keine; compare: Standard 10000).</translation>
    </message>
    <message>
        <source>bias: permutations (default 10000).</source>
        <translation>bias: Permutationen (Standard 10000).</translation>
    </message>
    <message>
        <source>bias, trust, compare: worker threads (default: all cores).</source>
        <translation>bias, trust, compare: Worker-Threads (Standard: alle Kerne).</translation>
    </message>
    <message>
        <source>compare: the judges to compare, comma-separated (at least two).</source>
        <translation>compare: die zu vergleichenden Judges, kommagetrennt (mindestens zwei).</translation>
    </message>
    <message>
        <source>compare, cascade: only this panel (dataset).</source>
        <translation>compare, cascade: nur dieses Panel (Datensatz).</translation>
    </message>
    <message>
        <source>cascade: the first judge D.</source>
        <translation>cascade: der erste Judge D.</translation>
    </message>
    <message>
        <source>cascade: fallback judges, comma-separated.</source>
        <translation>cascade: Fallback-Judges, kommagetrennt.</translation>
    </message>
    <message>
        <source>cascade: further single-judge candidates.</source>
        <translation>cascade: weitere einzelne Judges als Kandidaten.</translation>
    </message>
    <message>
        <source>cascade: K9 halvings (default 50).</source>
        <translation>cascade: K9-Halbierungen (Standard 50).</translation>
    </message>
    <message>
        <source>cascade: seed of the halvings (default 20261129).</source>
        <translation>cascade: Seed der Halbierungen (Standard 20261129).</translation>
    </message>
    <message>
        <source>cascade: thresholds on ordinal criteria.</source>
        <translation>cascade: Schwellen für ordinale Kriterien.</translation>
    </message>
    <message>
        <source>cascade: thresholds on binary criteria.</source>
        <translation>cascade: Schwellen für binäre Kriterien.</translation>
    </message>
    <message>
        <source>usage: %1</source>
        <translation>Aufruf: %1</translation>
    </message>
    <message>
        <source>B4 margin delta of the bias verdict (default 0.05).</source>
        <translation>B4-Marge delta des Bias-Urteils (Standard 0.05).</translation>
    </message>
    <message>
        <source>B6 margins of the count table, comma-separated (default 0.02,0.05,0.10).</source>
        <translation>B6-Margen der Zähltabelle, kommagetrennt (Standard 0.02,0.05,0.10).</translation>
    </message>
    <message>
        <source>B4 bootstrap resamples over items (default 2000).</source>
        <translation>B4-Bootstrap-Ziehungen über Items (Standard 2000).</translation>
    </message>
    <message>
        <source>B5 sign-flip permutations (default 10000).</source>
        <translation>B5-Vorzeichen-Permutationen (Standard 10000).</translation>
    </message>
    <message>
        <source>Seed of the bootstrap and permutation streams (default 20261129).</source>
        <translation>Seed der Bootstrap- und Permutationsströme (Standard 20261129).</translation>
    </message>
    <message>
        <source>Interval level (default 0.95).</source>
        <translation>Intervallniveau (Standard 0.95).</translation>
    </message>
    <message>
        <source>B5 Benjamini-Hochberg FDR level (default 0.05).</source>
        <translation>B5-FDR-Niveau nach Benjamini-Hochberg (Standard 0.05).</translation>
    </message>
    <message>
        <source>B8: a verdict that stays counts as moved when |Delta p| exceeds this (default 0.10).</source>
        <translation>B8: Ein gleichbleibendes Urteil gilt als bewegt, wenn |Delta p| diesen Wert übersteigt (Standard 0.10).</translation>
    </message>
    <message>
        <source>Worker threads (default: all cores).</source>
        <translation>Worker-Threads (Standard: alle Kerne).</translation>
    </message>
    <message>
        <source>Which table: excess (default; B1-B5, B7, B8, B10), counts (B6), confidence (B9), agreement (B12) or cost (B13).</source>
        <translation>Welche Tabelle: excess (Standard; B1-B5, B7, B8, B10), counts (B6), confidence (B9), agreement (B12) oder cost (B13).</translation>
    </message>
    <message>
        <source>--margins: &apos;%1&apos; is not a number in [0, 1)</source>
        <translation>--margins: &apos;%1&apos; ist keine Zahl in [0, 1)</translation>
    </message>
    <message>
        <source>--margins: no margin given</source>
        <translation>--margins: keine Marge angegeben</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>note: %1: CR unavailable (every original prompt has one answered run); RR only</source>
        <translation>Hinweis: %1: CR nicht verfügbar (jeder originale Prompt hat einen beantworteten Lauf); nur RR</translation>
    </message>
    <message>
        <source>note: %1 item(s) in %2 row(s) left out: original prompt with one answered run (column one_run)</source>
        <translation>Hinweis: %1 Item(s) in %2 Zeile(n) ausgelassen: originaler Prompt mit einem beantworteten Lauf (Spalte one_run)</translation>
    </message>
    <message numerus="yes">
        <source>note: %n row(s) have no item with answered original and perturbed verdicts</source>
        <translation>
            <numerusform>Hinweis: %n Zeile hat kein Item mit beantworteten originalen und perturbierten Urteilen</numerusform>
            <numerusform>Hinweis: %n Zeilen haben kein Item mit beantworteten originalen und perturbierten Urteilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Bias tests (metrics.md B1-B13): per (judge, format, test, version) the robustness rate RR, the consistency rate CR, the excess E = CR - RR with its bootstrap interval and verdict against the margin, the sign-flip permutation p-value with the Benjamini-Hochberg correction, the probability shift and the direction of the cue.</source>
        <translation>Bias-Tests (metrics.md B1-B13): je (Judge, Format, Test, Version) die Robustheitsrate RR, die Konsistenzrate CR, der Überschuss E = CR - RR mit seinem Bootstrap-Intervall und dem Urteil gegenüber der Marge, der p-Wert der Vorzeichen-Permutation mit Benjamini-Hochberg-Korrektur, die Wahrscheinlichkeitsverschiebung und die Richtung des Hinweises.</translation>
    </message>
    <message>
        <source>A project or judgment files with bias-test judgments.</source>
        <translation>Ein Projekt oder Bewertungsdateien mit Bias-Test-Bewertungen.</translation>
    </message>
    <message>
        <source>bias needs a project or judgment files</source>
        <translation>bias braucht ein Projekt oder Bewertungsdateien</translation>
    </message>
    <message>
        <source>unknown --table &apos;%1&apos; (expected excess, counts, confidence, agreement or cost)</source>
        <translation>--table: unbekannter Wert &apos;%1&apos; (erwartet: excess, counts, confidence, agreement oder cost)</translation>
    </message>
    <message>
        <source>no LaTeX table for --table %1 (LaTeX: excess or counts)</source>
        <translation>keine LaTeX-Tabelle für --table %1 (LaTeX: excess oder counts)</translation>
    </message>
    <message>
        <source>no bias-test judgments in the input (no judgment has variant &apos;perturbed&apos;)</source>
        <translation>keine Bias-Test-Bewertungen in der Eingabe (keine Bewertung hat die Variante &apos;perturbed&apos;)</translation>
    </message>
    <message>
        <source>Calibration of pairwise judges that return probabilities (metrics.md B11): per judge and format the accuracy, mean confidence, ECE, Brier score and log loss on the original prompts (every pairwise judgment when the audit has no bias-test design); --reliability writes the reliability points.</source>
        <translation>Kalibrierung paarweiser Judges, die Wahrscheinlichkeiten liefern (metrics.md B11): je Judge und Format Genauigkeit, mittlere Konfidenz, ECE, Brier-Score und Log-Loss auf den originalen Prompts (alle paarweisen Bewertungen, wenn das Audit kein Bias-Test-Design hat); --reliability schreibt die Reliabilitätspunkte.</translation>
    </message>
    <message>
        <source>A project or judgment files.</source>
        <translation>Ein Projekt oder Bewertungsdateien.</translation>
    </message>
    <message>
        <source>Write the reliability diagram points (bin, count, mean confidence, accuracy) instead of the summary.</source>
        <translation>Die Punkte des Reliabilitätsdiagramms (Klasse, Anzahl, mittlere Konfidenz, Genauigkeit) statt der Zusammenfassung schreiben.</translation>
    </message>
    <message>
        <source>Equal-width confidence bins of the ECE (default 10).</source>
        <translation>Gleich breite Konfidenzklassen der ECE (Standard 10).</translation>
    </message>
    <message>
        <source>calibration needs a project or judgment files</source>
        <translation>calibration braucht ein Projekt oder Bewertungsdateien</translation>
    </message>
    <message>
        <source>no LaTeX table for --reliability (LaTeX: the calibration summary)</source>
        <translation>keine LaTeX-Tabelle für --reliability (LaTeX: die Kalibrierungszusammenfassung)</translation>
    </message>
    <message>
        <source>no judgment with a probability on a pairwise item labelled A or B</source>
        <translation>keine Bewertung mit Wahrscheinlichkeit auf einem paarweisen Item mit Label A oder B</translation>
    </message>
    <message>
        <source>Only this panel (dataset).</source>
        <translation>Nur dieses Panel (Datensatz).</translation>
    </message>
    <message>
        <source>Seed of the random streams (default 20261129).</source>
        <translation>Seed der Zufallsströme (Standard 20261129).</translation>
    </message>
    <message>
        <source>The first judge D (judge or judge@format).</source>
        <translation>Der erste Judge D (judge oder judge@format).</translation>
    </message>
    <message>
        <source>A project or judgment files with binary or ordinal items.</source>
        <translation>Ein Projekt oder Bewertungsdateien mit binären oder ordinalen Items.</translation>
    </message>
    <message>
        <source>%1 needs --%2 %3</source>
        <translation>%1 braucht --%2 %3</translation>
    </message>
    <message>
        <source>Fallback judges, comma-separated.</source>
        <translation>Fallback-Judges, kommagetrennt.</translation>
    </message>
    <message>
        <source>Further single-judge candidates, comma-separated.</source>
        <translation>Weitere einzelne Judges als Kandidaten, kommagetrennt.</translation>
    </message>
    <message>
        <source>K9 halvings of the units (default 50).</source>
        <translation>K9-Halbierungen der Einheiten (Standard 50).</translation>
    </message>
    <message>
        <source>Thresholds on ordinal criteria, ascending in [0, 1] (default 0, 0.05, ..., 1).</source>
        <translation>Schwellen für ordinale Kriterien, aufsteigend in [0, 1] (Standard 0, 0.05, ..., 1).</translation>
    </message>
    <message>
        <source>Thresholds on binary criteria, ascending in [0, 0.5] (default 0, 0.02, ..., 0.5).</source>
        <translation>Schwellen für binäre Kriterien, aufsteigend in [0, 0.5] (Standard 0, 0.02, ..., 0.5).</translation>
    </message>
    <message>
        <source>--table curve has no --format latex (expected csv, md or json)</source>
        <translation>--table curve hat kein --format latex (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>note: fallback &apos;%1&apos; has no judgment on panel &apos;%2&apos; (left out there)</source>
        <translation>Hinweis: Der Fallback &apos;%1&apos; hat keine Bewertung auf Panel &apos;%2&apos; (dort ausgelassen)</translation>
    </message>
    <message>
        <source>note: single judge &apos;%1&apos; has no judgment on panel &apos;%2&apos; (left out there)</source>
        <translation>Hinweis: Der einzelne Judge &apos;%1&apos; hat keine Bewertung auf Panel &apos;%2&apos; (dort ausgelassen)</translation>
    </message>
    <message>
        <source>Confident errors (metrics.md K3) and repeated errors (K4): the first judge&apos;s most confident wrong answers per panel and kind with every other judge&apos;s answer on the pair, whether it repeats the error and its baseline; --table repeats writes repeats against expected repeats per confidence band, for the sample and for every error of the first judge.</source>
        <translation>Selbstsichere Fehler (metrics.md K3) und wiederholte Fehler (K4): die selbstsichersten falschen Antworten des ersten Judges je Panel und Art mit der Antwort jedes anderen Judges auf dem Paar, ob er den Fehler wiederholt, und seiner Baseline; --table repeats schreibt Wiederholungen gegenüber erwarteten Wiederholungen je Konfidenzband, für die Stichprobe und für alle Fehler des ersten Judges.</translation>
    </message>
    <message>
        <source>The other judges (default: every other judge with judgments on the panel).</source>
        <translation>Die anderen Judges (Standard: jeder andere Judge mit Bewertungen auf dem Panel).</translation>
    </message>
    <message>
        <source>Errors sampled per panel and kind (default 12).</source>
        <translation>Gezogene Fehler je Panel und Art (Standard 12).</translation>
    </message>
    <message>
        <source>--table repeats has no --format latex (the LaTeX table of --table sample includes the repeats)</source>
        <translation>--table repeats hat kein --format latex (die LaTeX-Tabelle von --table sample enthält die Wiederholungen)</translation>
    </message>
    <message>
        <source>note: other judge &apos;%1&apos; has no judgment on panel &apos;%2&apos; (left out there)</source>
        <translation>Hinweis: Der andere Judge &apos;%1&apos; hat keine Bewertung auf Panel &apos;%2&apos; (dort ausgelassen)</translation>
    </message>
    <message>
        <source>no rubric panel on which &apos;%1&apos; judged</source>
        <translation>kein Rubrik-Panel, auf dem &apos;%1&apos; bewertet hat</translation>
    </message>
    <message>
        <source>Juries (metrics.md K5, K6): the lower and upper median of the jurors&apos; answers per panel and kind, compared with the most accurate single candidate on the same pairs (R7 unit bootstrap, Holm over the two medians), with the share of pairs all jurors got wrong and the oracle accuracy.</source>
        <translation>Jurys (metrics.md K5, K6): der untere und obere Median der Antworten der Juroren je Panel und Art, verglichen mit dem genauesten einzelnen Kandidaten auf denselben Paaren (R7-Einheiten-Bootstrap, Holm über die beiden Mediane), mit dem Anteil der Paare, bei denen alle Juroren falsch lagen, und der Orakel-Genauigkeit.</translation>
    </message>
    <message>
        <source>The jurors, comma-separated (at least two).</source>
        <translation>Die Juroren, kommagetrennt (mindestens zwei).</translation>
    </message>
    <message>
        <source>Single judges the jury is compared with (default: the jurors).</source>
        <translation>Einzelne Judges, mit denen die Jury verglichen wird (Standard: die Juroren).</translation>
    </message>
    <message>
        <source>Bootstrap resamples (default 10000).</source>
        <translation>Bootstrap-Ziehungen (Standard 10000).</translation>
    </message>
    <message>
        <source>Parity margin as a proportion (default 0.05).</source>
        <translation>Paritätsmarge als Anteil (Standard 0.05).</translation>
    </message>
    <message>
        <source>--jurors: at least two judges needed</source>
        <translation>--jurors: mindestens zwei Judges nötig</translation>
    </message>
    <message>
        <source>note: candidate &apos;%1&apos; has no judgment on panel &apos;%2&apos; (left out there)</source>
        <translation>Hinweis: Der Kandidat &apos;%1&apos; hat keine Bewertung auf Panel &apos;%2&apos; (dort ausgelassen)</translation>
    </message>
    <message>
        <source>no rubric panel on which every juror judged</source>
        <translation>kein Rubrik-Panel, auf dem jeder Juror bewertet hat</translation>
    </message>
    <message>
        <source>Format dispersion of T per judge and dataset (metrics.md T8; the paper&apos;s Table 4).</source>
        <translation>Formatstreuung von T je Judge und Datensatz (metrics.md T8; Tabelle 4 des Papers).</translation>
    </message>
    <message>
        <source>A project, judgment files, or a cell-level table.</source>
        <translation>Ein Projekt, Bewertungsdateien oder eine Zellentabelle.</translation>
    </message>
    <message>
        <source>dispersion needs a project, judgment files or a cell-level table</source>
        <translation>dispersion braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle</translation>
    </message>
    <message numerus="yes">
        <source>note: %n cell(s) with undefined T left out</source>
        <translation>
            <numerusform>Hinweis: %n Zelle mit undefiniertem T ausgelassen</numerusform>
            <numerusform>Hinweis: %n Zellen mit undefiniertem T ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>Variance decomposition of T over cells (metrics.md T10; main effects and two-way interactions).</source>
        <translation>Varianzzerlegung von T über Zellen (metrics.md T10; Haupteffekte und Zweifach-Wechselwirkungen).</translation>
    </message>
    <message>
        <source>Comma-separated factor columns (default judge,format,dataset).</source>
        <translation>Kommagetrennte Faktorspalten (Standard judge,format,dataset).</translation>
    </message>
    <message>
        <source>anova needs a project, judgment files or a cell-level table</source>
        <translation>anova braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle</translation>
    </message>
    <message>
        <source>--factors needs at least one factor</source>
        <translation>--factors braucht mindestens einen Faktor</translation>
    </message>
    <message>
        <source>unknown factor &apos;%1&apos;</source>
        <translation>unbekannter Faktor &apos;%1&apos;</translation>
    </message>
    <message>
        <source>sum of squares: %1 (balanced design)</source>
        <translation>Quadratsummen: %1 (balanciertes Design)</translation>
    </message>
    <message>
        <source>sum of squares: %1 (unbalanced design)</source>
        <translation>Quadratsummen: %1 (unbalanciertes Design)</translation>
    </message>
    <message>
        <source>Check a published cell-level table (metrics.md T14): recompute T = C (A - phi/2), A_max, the Table-4 dispersion and the ANOVA, and list every printed value that disagrees beyond its rounding.</source>
        <translation>Eine veröffentlichte Zellentabelle prüfen (metrics.md T14): T = C (A - phi/2), A_max, die Streuung aus Tabelle 4 und die ANOVA neu berechnen und jeden gedruckten Wert auflisten, der über seine Rundung hinaus abweicht.</translation>
    </message>
    <message>
        <source>Cell-level table: judge,format,dataset[,condition...],C,phi,A[,T].</source>
        <translation>Zellentabelle: judge,format,dataset[,condition...],C,phi,A[,T].</translation>
    </message>
    <message>
        <source>A printed Table 4 (judge,dataset,dT_fmt[,T_min][,T_max]) to check.</source>
        <translation>Eine gedruckte Tabelle 4 (judge,dataset,dT_fmt[,T_min][,T_max]) zum Prüfen.</translation>
    </message>
    <message>
        <source>check-table needs exactly one cell-level table</source>
        <translation>check-table braucht genau eine Zellentabelle</translation>
    </message>
    <message>
        <source>%1: cannot read</source>
        <translation>%1: kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Run &apos;tribunal-cli --help&apos; for usage.</source>
        <translation>Die Hilfe zum Aufruf zeigt &apos;tribunal-cli --help&apos;.</translation>
    </message>
    <message>
        <source>Skip bad records and list them (default: stop at the first).</source>
        <translation>Fehlerhafte Einträge überspringen und auflisten (Standard: beim ersten abbrechen).</translation>
    </message>
    <message>
        <source>Prices per million tokens for requests without a recorded cost: JUDGE=INPUT/OUTPUT,... (K11).</source>
        <translation>Preise je Million Tokens für Anfragen ohne aufgezeichnete Kosten: JUDGE=INPUT/OUTPUT,... (K11).</translation>
    </message>
    <message>
        <source>unknown input format &apos;%1&apos; (expected one of %2)</source>
        <translation>unbekanntes Eingabeformat &apos;%1&apos; (erwartet: eines von %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n bad record(s) skipped</source>
        <translation>
            <numerusform>%n fehlerhafter Eintrag übersprungen</numerusform>
            <numerusform>%n fehlerhafte Einträge übersprungen</numerusform>
        </translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a whole number in [%3, %4]</source>
        <translation>--%1: &apos;%2&apos; ist keine ganze Zahl in [%3, %4]</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a number in %3%4, %5%6</source>
        <translation>--%1: &apos;%2&apos; ist keine Zahl in %3%4, %5%6</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not an ascending list of numbers in [%3, %4]</source>
        <translation>--%1: &apos;%2&apos; ist keine aufsteigende Liste von Zahlen in [%3, %4]</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not JUDGE=INPUT/OUTPUT with prices &gt;= 0 in USD per million tokens</source>
        <translation>--%1: &apos;%2&apos; ist nicht JUDGE=INPUT/OUTPUT mit Preisen &gt;= 0 in USD je Million Tokens</translation>
    </message>
    <message>
        <source>--%1: judge &apos;%2&apos; is priced twice</source>
        <translation>--%1: für Judge &apos;%2&apos; sind zwei Preise angegeben</translation>
    </message>
    <message>
        <source>Cost per judge (metrics.md B13, K11): per (judge, format, condition) the requests, total cost, cost per 1,000 requests, median latency, verdict share and the cost ratio to the cheapest. A request&apos;s cost is its recorded cost_usd, or - for judges given --prices - input tokens x input price + output tokens x output price.</source>
        <translation>Kosten je Judge (metrics.md B13, K11): je (Judge, Format, Bedingung) die Anfragen, Gesamtkosten, Kosten pro 1.000 Anfragen, Median der Latenz, Anteil mit Urteil und das Kostenverhältnis zum günstigsten Judge. Die Kosten einer Anfrage sind ihr aufgezeichnetes cost_usd oder - für Judges mit --prices - Eingabe-Tokens x Eingabepreis + Ausgabe-Tokens x Ausgabepreis.</translation>
    </message>
    <message>
        <source>cost needs a project or judgment files</source>
        <translation>cost braucht ein Projekt oder Bewertungsdateien</translation>
    </message>
    <message>
        <source>cost has no --format latex (expected csv, md or json)</source>
        <translation>cost hat kein --format latex (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>Import audit files into a project.</source>
        <translation>Audit-Dateien in ein Projekt importieren.</translation>
    </message>
    <message>
        <source>Files or directories (flat CSV, Tribunal JSONL, LLMBar layout).</source>
        <translation>Dateien oder Verzeichnisse (flaches CSV, Tribunal-JSONL, LLMBar-Layout).</translation>
    </message>
    <message>
        <source>The project file to write (.tribunal).</source>
        <translation>Die zu schreibende Projektdatei (.tribunal).</translation>
    </message>
    <message>
        <source>Replace PROJECT if it exists.</source>
        <translation>PROJECT ersetzen, falls es existiert.</translation>
    </message>
    <message>
        <source>Add the imported judgments to the existing PROJECT.</source>
        <translation>Die importierten Bewertungen zum bestehenden PROJECT hinzufügen.</translation>
    </message>
    <message>
        <source>import needs at least one input and -o PROJECT</source>
        <translation>import braucht mindestens eine Eingabe und -o PROJECT</translation>
    </message>
    <message>
        <source>%1 exists; use --append to add to it or --force to replace it</source>
        <translation>%1 existiert; verwenden Sie --append zum Ergänzen oder --force zum Ersetzen</translation>
    </message>
    <message>
        <source>Print the counts of an audit.</source>
        <translation>Die Anzahlen eines Audits ausgeben.</translation>
    </message>
    <message>
        <source>A project, or files to import.</source>
        <translation>Ein Projekt oder zu importierende Dateien.</translation>
    </message>
    <message>
        <source>Print JSON (a stable contract for scripts).</source>
        <translation>JSON ausgeben (eine stabile Schnittstelle für Skripte).</translation>
    </message>
    <message>
        <source>info needs a project or file</source>
        <translation>info braucht ein Projekt oder eine Datei</translation>
    </message>
    <message>
        <source>Write an audit as Tribunal JSONL (items + judgments) or flat pairwise CSV.</source>
        <translation>Ein Audit als Tribunal-JSONL (Items + Bewertungen) oder flaches paarweises CSV schreiben.</translation>
    </message>
    <message>
        <source>File to write (JSONL: items go to NAME.items.jsonl beside it).</source>
        <translation>Zu schreibende Datei (JSONL: Items kommen in NAME.items.jsonl daneben).</translation>
    </message>
    <message>
        <source>Output format: jsonl or csv (same as --format when exporting).</source>
        <translation>Ausgabeformat: jsonl oder csv (wie --format beim Export).</translation>
    </message>
    <message>
        <source>Output format: jsonl or csv.</source>
        <translation>Ausgabeformat: jsonl oder csv.</translation>
    </message>
    <message>
        <source>export needs an input, --format jsonl|csv and -o FILE</source>
        <translation>export braucht eine Eingabe, --format jsonl|csv und -o FILE</translation>
    </message>
    <message>
        <source>unknown --input-format</source>
        <translation>unbekanntes --input-format</translation>
    </message>
    <message>
        <source>JudgeBench&apos;s own score (utils/metrics.py): per cell and source prefix (mmlu-pro, livebench-reasoning, livebench-math, livecodebench, Overall) the labelled pairs, the pairs judged correct (both games: +1 for the label, -1 for the other response, correct when the sum &gt; 0) and 100 * correct / pairs.</source>
        <translation>Der eigene Score von JudgeBench (utils/metrics.py): je Zelle und Quellpräfix (mmlu-pro, livebench-reasoning, livebench-math, livecodebench, Overall) die Paare mit Label, die als richtig gewerteten Paare (beide Durchgänge: +1 für das Label, -1 für die andere Antwort, richtig bei Summe &gt; 0) und 100 * richtig / Paare.</translation>
    </message>
    <message>
        <source>A project or judgment files (JudgeBench outputs .jsonl).</source>
        <translation>Ein Projekt oder Bewertungsdateien (JudgeBench-Ausgaben .jsonl).</translation>
    </message>
    <message>
        <source>Write a JSON array instead of the text table.</source>
        <translation>Ein JSON-Array statt der Texttabelle schreiben.</translation>
    </message>
    <message>
        <source>judgebench-score needs a project or judgment files</source>
        <translation>judgebench-score braucht ein Projekt oder Bewertungsdateien</translation>
    </message>
    <message>
        <source>no cell has a labelled pairwise item: nothing to score</source>
        <translation>keine Zelle hat ein paarweises Item mit Label: nichts zu werten</translation>
    </message>
    <message>
        <source>Output format: csv (default), md or json.</source>
        <translation>Ausgabeformat: csv (Standard), md oder json.</translation>
    </message>
    <message>
        <source>Failure map (T11): C counts as good from this value (default 0.9).</source>
        <translation>Fehlermodus-Karte (T11): C gilt ab diesem Wert als gut (Standard 0.9).</translation>
    </message>
    <message>
        <source>Failure map (T11): phi counts as good up to this value (default 0.2).</source>
        <translation>Fehlermodus-Karte (T11): phi gilt bis zu diesem Wert als gut (Standard 0.2).</translation>
    </message>
    <message>
        <source>T12 mitigation replays per cell (metrics.md): (a) majority over runs per presentation, (b) keep a verdict only where both orders agree (accuracy and coverage), (c) average the two orders&apos; probabilities (prob_* columns; empty where the cell has no matched runs with probabilities). Then the cell&apos;s C, phi, A, its failure-map quadrant and mitigation (T11) and A_dec_half = (A - phi/2) / (1 - phi). A cell-level table has no verdicts: its replay columns are empty.</source>
        <translation>T12: nachgespielte Gegenmaßnahmen je Zelle (metrics.md): (a) Mehrheit über die Läufe je Präsentation, (b) ein Urteil nur behalten, wo beide Reihenfolgen übereinstimmen (Genauigkeit und Abdeckung), (c) die Wahrscheinlichkeiten der beiden Reihenfolgen mitteln (Spalten prob_*; leer, wo die Zelle keine zusammengehörigen Läufe mit Wahrscheinlichkeiten hat). Dann C, phi, A der Zelle, ihr Quadrant der Fehlermodus-Karte und ihre Gegenmaßnahme (T11) sowie A_dec_half = (A - phi/2) / (1 - phi). Eine Zellentabelle hat keine Urteile: Ihre Nachspiel-Spalten sind leer.</translation>
    </message>
    <message>
        <source>mitigate needs a project, judgment files or a cell-level table</source>
        <translation>mitigate braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle</translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos; (expected csv, md or json)</source>
        <translation>--format: unbekannter Wert &apos;%1&apos; (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>mitigate takes q = 1/2 (A_dec_half); --q observed does not apply</source>
        <translation>mitigate verwendet q = 1/2 (A_dec_half); --q observed gilt hier nicht</translation>
    </message>
    <message>
        <source>note: a cell-level table has no verdicts: the T12 replay columns (majority_*, both_order_*, prob_*) are empty; they need judgment data</source>
        <translation>Hinweis: Eine Zellentabelle hat keine Urteile: Die T12-Nachspiel-Spalten (majority_*, both_order_*, prob_*) sind leer; sie brauchen Bewertungsdaten</translation>
    </message>
    <message>
        <source>Assumed rates C,PHI,A (e.g. from a pilot) of the judge to plan for. Default: the simulated judge a = 0.8, b = 0.1, k = 0.95.</source>
        <translation>Angenommene Raten C,PHI,A (z. B. aus einem Pilotlauf) des Judges, für den geplant wird. Standard: der simulierte Judge a = 0.8, b = 0.1, k = 0.95.</translation>
    </message>
    <message>
        <source>Runs at which --rates were measured (default: each planned R).</source>
        <translation>Läufe, bei denen --rates gemessen wurden (Standard: jedes geplante R).</translation>
    </message>
    <message>
        <source>Item counts to plan for (default: the design&apos;s pairwise items).</source>
        <translation>Zu planende Item-Anzahlen (Standard: die paarweisen Items des Designs).</translation>
    </message>
    <message>
        <source>Run counts to plan for (default: the design&apos;s runs).</source>
        <translation>Zu planende Laufanzahlen (Standard: die Läufe des Designs).</translation>
    </message>
    <message>
        <source>Simulated audits per design point (default 400).</source>
        <translation>Simulierte Audits je Designpunkt (Standard 400).</translation>
    </message>
    <message>
        <source>Seed of the simulations (default 20261129).</source>
        <translation>Seed der Simulationen (Standard 20261129).</translation>
    </message>
    <message>
        <source>Full interval width to reach: adds the smallest item count that reaches it per metric and run count.</source>
        <translation>Zu erreichende volle Intervallbreite: ergänzt je Metrik und Laufanzahl die kleinste Item-Anzahl, die sie erreicht.</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a list of whole numbers in [%3, %4]</source>
        <translation>--%1: &apos;%2&apos; ist keine Liste ganzer Zahlen in [%3, %4]</translation>
    </message>
    <message>
        <source>Plans a design before it runs: prints (stderr) its requests, estimated tokens, cost and duration, and writes the expected interval widths of C, phi, A and T for each item count and run count, by simulating the assumed judge (analysis/precisionplanner.h; docs/judging.md).</source>
        <translation>Plant ein Design vor dem Lauf: gibt (auf stderr) seine Anfragen, geschätzten Tokens, Kosten und Dauer aus und schreibt die erwarteten Intervallbreiten von C, phi, A und T für jede Item- und Laufanzahl, indem es den angenommenen Judge simuliert (analysis/precisionplanner.h; docs/judging.md).</translation>
    </message>
    <message>
        <source>plan needs exactly one design file</source>
        <translation>plan braucht genau eine Design-Datei</translation>
    </message>
    <message>
        <source>plan has no --format latex (expected csv, md or json)</source>
        <translation>plan hat kein --format latex (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>--rates: &apos;%1&apos; is not C,PHI,A with each in [0, 1]</source>
        <translation>--rates: &apos;%1&apos; ist nicht C,PHI,A mit jedem Wert in [0, 1]</translation>
    </message>
    <message>
        <source>%1: the design has fewer than 2 pairwise items; give --items to plan precision</source>
        <translation>%1: Das Design hat weniger als 2 paarweise Items; geben Sie --items an, um die Präzision zu planen</translation>
    </message>
    <message>
        <source>R1 rule for a raters&apos; mean half-way between levels: half-up (default), half-down, or unrounded (half-up labels, offsets against the mean).</source>
        <translation>R1-Regel für ein Rater-Mittel genau zwischen zwei Stufen: half-up (Standard), half-down oder unrounded (Labels nach half-up, Abweichungen gegenüber dem Mittel).</translation>
    </message>
    <message>
        <source>unknown --rounding &apos;%1&apos; (expected half-up, half-down or unrounded)</source>
        <translation>--rounding: unbekannter Wert &apos;%1&apos; (erwartet: half-up, half-down oder unrounded)</translation>
    </message>
    <message>
        <source>no rubric items in the input (no item of kind binary or ordinal)</source>
        <translation>keine Rubrik-Items in der Eingabe (kein Item der Art binär oder ordinal)</translation>
    </message>
    <message>
        <source>%1 needs a project or judgment files</source>
        <translation>%1 braucht ein Projekt oder Bewertungsdateien</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is listed twice</source>
        <translation>--%1: &apos;%2&apos; ist doppelt aufgeführt</translation>
    </message>
    <message>
        <source>--fallbacks: at least one judge needed</source>
        <translation>--fallbacks: mindestens ein Judge nötig</translation>
    </message>
    <message>
        <source>unknown judge &apos;%1&apos; (no judgment of that judge)</source>
        <translation>unbekannter Judge &apos;%1&apos; (keine Bewertung dieses Judges)</translation>
    </message>
    <message>
        <source>no rubric panel &apos;%1&apos; in the input</source>
        <translation>kein Rubrik-Panel &apos;%1&apos; in der Eingabe</translation>
    </message>
    <message>
        <source>%1: judge &apos;%2&apos; has several formats on panel &apos;%3&apos; (%4): write %2@FORMAT</source>
        <translation>%1: Judge &apos;%2&apos; hat mehrere Formate auf Panel &apos;%3&apos; (%4): Schreiben Sie %2@FORMAT</translation>
    </message>
    <message>
        <source>%1: judge &apos;%2@%3&apos; has several conditions on panel &apos;%4&apos;</source>
        <translation>%1: Judge &apos;%2@%3&apos; hat mehrere Bedingungen auf Panel &apos;%4&apos;</translation>
    </message>
    <message>
        <source>unknown --table &apos;%1&apos; (expected agreement, confusion or shifts)</source>
        <translation>--table: unbekannter Wert &apos;%1&apos; (erwartet: agreement, confusion oder shifts)</translation>
    </message>
    <message>
        <source>Rubric judges (metrics.md R1-R6): per judge, format, panel and criterion the agreement with the raters&apos; label (ordinal: exact and within-one accuracy, QWK, offset, slope; binary: accuracy, kappa, MET-rate offset, FPR, FNR), the gap to the raters&apos; own leave-one-out agreement, the level shift and the constant baseline. --table confusion writes every judge&apos;s confusion matrices (one row per label and predicted level, with the NA and failed answers per label), --table shifts the level-shift accuracy curves (one row per shift).</source>
        <translation>Rubrik-Judges (metrics.md R1-R6): je Judge, Format, Panel und Kriterium die Übereinstimmung mit dem Label der Rater (ordinal: exakte Genauigkeit und Genauigkeit auf ±1 Stufe, QWK, Abweichung, Steigung; binär: Genauigkeit, Kappa, Abweichung der MET-Rate, FPR, FNR), der Abstand zur Leave-one-out-Übereinstimmung der Rater untereinander, die Stufenverschiebung und die konstante Baseline. --table confusion schreibt die Konfusionsmatrizen jedes Judges (eine Zeile je Label und vorhergesagter Stufe, mit den NA- und fehlgeschlagenen Antworten je Label), --table shifts die Genauigkeitskurven der Stufenverschiebung (eine Zeile je Verschiebung).</translation>
    </message>
    <message>
        <source>With --format latex: print the QWK next to each accuracy.</source>
        <translation>Mit --format latex: QWK neben jeder Genauigkeit ausgeben.</translation>
    </message>
    <message>
        <source>What to write: agreement (default; R2-R6 per criterion), confusion (label x predicted counts) or shifts (R5 accuracy per level shift).</source>
        <translation>Was geschrieben wird: agreement (Standard; R2-R6 je Kriterium), confusion (Anzahlen Label x vorhergesagt) oder shifts (R5-Genauigkeit je Stufenverschiebung).</translation>
    </message>
    <message>
        <source>--qwk needs --format latex</source>
        <translation>--qwk braucht --format latex</translation>
    </message>
    <message>
        <source>--table %1 has no --format latex (expected csv, md or json)</source>
        <translation>--table %1 hat kein --format latex (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>no rubric judgments in the input (the rubric items have no judgment)</source>
        <translation>keine Rubrik-Bewertungen in der Eingabe (die Rubrik-Items haben keine Bewertung)</translation>
    </message>
    <message>
        <source>Paired comparison of rubric judges (metrics.md R7): for every two judges of --judges, per panel and format, the accuracy difference on the pairs both scored with its unit-bootstrap intervals and outcome (separated, parity, inconclusive), the exact McNemar and sign tests, all p-values Holm-adjusted over the comparisons of the command.</source>
        <translation>Gepaarter Vergleich von Rubrik-Judges (metrics.md R7): für je zwei Judges aus --judges, je Panel und Format, die Genauigkeitsdifferenz auf den Paaren, die beide gewertet haben, mit ihren Einheiten-Bootstrap-Intervallen und dem Ergebnis (separated, parity, inconclusive), der exakte McNemar- und der Vorzeichentest, alle p-Werte nach Holm über die Vergleiche des Befehls adjustiert.</translation>
    </message>
    <message>
        <source>The judges to compare, comma-separated (at least two).</source>
        <translation>Die zu vergleichenden Judges, kommagetrennt (mindestens zwei).</translation>
    </message>
    <message>
        <source>Seed of the bootstrap streams (default 20261129).</source>
        <translation>Seed der Bootstrap-Ströme (Standard 20261129).</translation>
    </message>
    <message>
        <source>Also run the cluster bootstrap over: group.</source>
        <translation>Zusätzlich den Cluster-Bootstrap rechnen über: group.</translation>
    </message>
    <message>
        <source>compare needs --judges J1,J2,...</source>
        <translation>compare braucht --judges J1,J2,...</translation>
    </message>
    <message>
        <source>--judges: &apos;%1&apos; is listed twice</source>
        <translation>--judges: &apos;%1&apos; ist doppelt aufgeführt</translation>
    </message>
    <message>
        <source>--margin: &apos;%1&apos; is not a number in [0, 1)</source>
        <translation>--margin: &apos;%1&apos; ist keine Zahl in [0, 1)</translation>
    </message>
    <message>
        <source>unknown --cluster &apos;%1&apos; (expected group)</source>
        <translation>--cluster: unbekannter Wert &apos;%1&apos; (erwartet: group)</translation>
    </message>
    <message>
        <source>no panel and format in which two of the judges both judged rubric items</source>
        <translation>kein Panel und Format, in dem zwei der Judges beide Rubrik-Items bewertet haben</translation>
    </message>
    <message>
        <source>note: %1 and %2 scored no common pair on panel %3, format %4 (outcome undefined, outside the Holm family)</source>
        <translation>Hinweis: %1 und %2 haben auf Panel %3, Format %4 kein gemeinsames Paar gewertet (Ergebnis undefiniert, außerhalb der Holm-Familie)</translation>
    </message>
    <message>
        <source>Do not send requests an earlier run recorded as failed.</source>
        <translation>Keine Anfragen senden, die ein früherer Lauf als fehlgeschlagen aufgezeichnet hat.</translation>
    </message>
    <message>
        <source>Refuse responses larger than N bytes.</source>
        <translation>Antworten größer als N Bytes ablehnen.</translation>
    </message>
    <message>
        <source>First retry delay in seconds before jitter (doubles per retry).</source>
        <translation>Erste Wartezeit vor einem Wiederholversuch in Sekunden, ohne Jitter (verdoppelt sich je Versuch).</translation>
    </message>
    <message>
        <source>No progress lines on stderr.</source>
        <translation>Keine Fortschrittszeilen auf stderr.</translation>
    </message>
    <message>
        <source>Runs an audit design (docs/judging.md) against its judges&apos; OpenAI-compatible endpoints and writes every answer to PROJECT as it arrives. PROJECT is created when missing; when it exists the run resumes: requests already answered are not sent again. API keys come from the environment variables the judges name (api_key_env) and are never written. SIGINT / SIGTERM cancel cleanly.</source>
        <translation>Führt ein Audit-Design (docs/judging.md) gegen die OpenAI-kompatiblen Endpunkte seiner Judges aus und schreibt jede Antwort bei Eintreffen in PROJECT. PROJECT wird angelegt, falls es fehlt; existiert es, wird der Lauf fortgesetzt: Bereits beantwortete Anfragen werden nicht erneut gesendet. API-Schlüssel kommen aus den Umgebungsvariablen, die die Judges nennen (api_key_env), und werden nie geschrieben. SIGINT / SIGTERM brechen sauber ab.</translation>
    </message>
    <message>
        <source>run needs exactly one design file</source>
        <translation>run braucht genau eine Design-Datei</translation>
    </message>
    <message>
        <source>run needs -o PROJECT</source>
        <translation>run braucht -o PROJECT</translation>
    </message>
    <message>
        <source>answered %1/%2, failed %3, retried %4, in flight %5, spend %6</source>
        <translation>beantwortet %1/%2, fehlgeschlagen %3, wiederholt %4, laufend %5, ausgegeben %6</translation>
    </message>
    <message>
        <source>warning: cannot catch SIGINT and SIGTERM: they end the run at once (recorded answers are kept)</source>
        <translation>Warnung: SIGINT und SIGTERM können nicht abgefangen werden: Sie beenden den Lauf sofort (aufgezeichnete Antworten bleiben erhalten)</translation>
    </message>
    <message>
        <source>--judgments, --runs (1..1000) and --seed take non-negative integers</source>
        <translation>--judgments, --runs (1..1000) und --seed erwarten nichtnegative ganze Zahlen</translation>
    </message>
    <message>
        <source>simulate bias: judges, 1..32; simulate rubric: 3..16.</source>
        <translation>simulate bias: Judges, 1..32; simulate rubric: 3..16.</translation>
    </message>
    <message>
        <source>simulate bias: items, each judged under every test, 1..20000.</source>
        <translation>simulate bias: Items, jedes unter jedem Test bewertet, 1..20000.</translation>
    </message>
    <message>
        <source>simulate bias: s of every test instead of drawn values (0 = no bias), in [0, 1].</source>
        <translation>simulate bias: s jedes Tests statt gezogener Werte (0 = kein Bias), in [0, 1].</translation>
    </message>
    <message>
        <source>simulate rubric: units (5 criteria each), 1..20000.</source>
        <translation>simulate rubric: Einheiten (je 5 Kriterien), 1..20000.</translation>
    </message>
    <message>
        <source>--judges takes an integer in 1..32</source>
        <translation>--judges erwartet eine ganze Zahl in 1..32</translation>
    </message>
    <message>
        <source>--items takes an integer in 1..20000</source>
        <translation>--items erwartet eine ganze Zahl in 1..20000</translation>
    </message>
    <message>
        <source>--seed takes a non-negative integer</source>
        <translation>--seed erwartet eine nichtnegative ganze Zahl</translation>
    </message>
    <message>
        <source>--s takes a number in [0, 1]</source>
        <translation>--s erwartet eine Zahl in [0, 1]</translation>
    </message>
    <message>
        <source>--truth takes a .csv file name</source>
        <translation>--truth erwartet einen .csv-Dateinamen</translation>
    </message>
    <message>
        <source>note: a flat CSV keeps neither the item texts nor the prompts; write .jsonl or .tribunal to keep them</source>
        <translation>Hinweis: Ein flaches CSV enthält weder die Item-Texte noch die Prompts; schreiben Sie .jsonl oder .tribunal, um sie zu behalten</translation>
    </message>
    <message>
        <source>--judges takes an integer in 3..16</source>
        <translation>--judges erwartet eine ganze Zahl in 3..16</translation>
    </message>
    <message>
        <source>--units takes an integer in 1..20000</source>
        <translation>--units erwartet eine ganze Zahl in 1..20000</translation>
    </message>
    <message>
        <source>-o takes a .jsonl or .tribunal file name (the flat CSV holds pairwise judgments only)</source>
        <translation>-o erwartet einen .jsonl- oder .tribunal-Dateinamen (das flache CSV enthält nur paarweise Bewertungen)</translation>
    </message>
    <message>
        <source>simulate audit: number of judgments.</source>
        <translation>simulate audit: Anzahl der Bewertungen.</translation>
    </message>
    <message>
        <source>Random seed.</source>
        <translation>Zufalls-Seed.</translation>
    </message>
    <message>
        <source>File to write: .csv, .jsonl or .tribunal.</source>
        <translation>Zu schreibende Datei: .csv, .jsonl oder .tribunal.</translation>
    </message>
    <message>
        <source>%1: unknown column &apos;%2&apos; (available: %3)</source>
        <translation>%1: unbekannte Spalte &apos;%2&apos; (verfügbar: %3)</translation>
    </message>
    <message>
        <source>T9 condition sweep (metrics.md): for each value of a column, the mean and quartiles over cells of C, A - phi/2 and T (the paper&apos;s Figure 3). With --pool, cells are first pooled over a column as in the paper&apos;s Table 3 (mean C, phi and A; T recomputed from the means).</source>
        <translation>T9-Bedingungsverlauf (metrics.md): für jeden Wert einer Spalte Mittel und Quartile über die Zellen von C, A - phi/2 und T (Abbildung 3 des Papers). Mit --pool werden die Zellen zuerst über eine Spalte zusammengefasst wie in Tabelle 3 des Papers (Mittel von C, phi und A; T aus den Mitteln neu berechnet).</translation>
    </message>
    <message>
        <source>The column to sweep over (judge, format, dataset or a condition).</source>
        <translation>Die Spalte für den Verlauf (judge, format, dataset oder eine Bedingung).</translation>
    </message>
    <message>
        <source>Pool cells over this column first (Table 3 aggregation).</source>
        <translation>Zellen zuerst über diese Spalte zusammenfassen (Aggregation wie in Tabelle 3).</translation>
    </message>
    <message>
        <source>With --pool: which values pool into which name, as FROM=TO,FROM=TO (values not listed stay apart). Default: every value pools into &apos;all&apos;.</source>
        <translation>Mit --pool: welche Werte unter welchem Namen zusammengefasst werden, als FROM=TO,FROM=TO (nicht aufgeführte Werte bleiben getrennt). Standard: Alle Werte werden zu &apos;all&apos; zusammengefasst.</translation>
    </message>
    <message>
        <source>sweep needs a project, judgment files or a cell-level table</source>
        <translation>sweep braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle</translation>
    </message>
    <message>
        <source>sweep needs --over COLUMN</source>
        <translation>sweep braucht --over COLUMN</translation>
    </message>
    <message>
        <source>--pool-map needs --pool COLUMN</source>
        <translation>--pool-map braucht --pool COLUMN</translation>
    </message>
    <message>
        <source>--pool recomputes T from the pooled means with q = 1/2; it cannot be combined with --q observed</source>
        <translation>--pool berechnet T aus den zusammengefassten Mitteln mit q = 1/2 neu; das lässt sich nicht mit --q observed kombinieren</translation>
    </message>
    <message>
        <source>--pool-map: &apos;%1&apos; is not FROM=TO</source>
        <translation>--pool-map: &apos;%1&apos; ist nicht FROM=TO</translation>
    </message>
    <message>
        <source>--pool-map: no FROM=TO entry</source>
        <translation>--pool-map: kein FROM=TO-Eintrag</translation>
    </message>
    <message>
        <source>--pool-map: no value &apos;%1&apos; in column &apos;%2&apos;</source>
        <translation>--pool-map: kein Wert &apos;%1&apos; in Spalte &apos;%2&apos;</translation>
    </message>
    <message numerus="yes">
        <source>note: C = 1 was assumed for %n cell(s) with one run per presentation (--assume-consistent)</source>
        <translation>
            <numerusform>Hinweis: C = 1 wurde für %n Zelle mit einem Lauf je Präsentation angenommen (--assume-consistent)</numerusform>
            <numerusform>Hinweis: C = 1 wurde für %n Zellen mit einem Lauf je Präsentation angenommen (--assume-consistent)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>note: %n cell(s) have one run per presentation: C is n/a (1 run), so C and T are left empty; C = 1 can be assumed with --assume-consistent</source>
        <translation>
            <numerusform>Hinweis: %n Zelle hat einen Lauf je Präsentation: C ist nicht verfügbar (1 Lauf), daher bleiben C und T leer; mit --assume-consistent lässt sich C = 1 annehmen</numerusform>
            <numerusform>Hinweis: %n Zellen haben einen Lauf je Präsentation: C ist nicht verfügbar (1 Lauf), daher bleiben C und T leer; mit --assume-consistent lässt sich C = 1 annehmen</numerusform>
        </translation>
    </message>
    <message>
        <source>File to write (default: standard output).</source>
        <translation>Zu schreibende Datei (Standard: Standardausgabe).</translation>
    </message>
    <message>
        <source>Output format: csv (default), md, json or latex.</source>
        <translation>Ausgabeformat: csv (Standard), md, json oder latex.</translation>
    </message>
    <message>
        <source>With --format latex: wrap the table in a compilable document.</source>
        <translation>Mit --format latex: die Tabelle in ein kompilierbares Dokument einbetten.</translation>
    </message>
    <message>
        <source>Accuracy on order-flipping pairs: half (q = 1/2, default) or observed.</source>
        <translation>Genauigkeit auf Paaren mit Reihenfolge-Umkehrung: half (q = 1/2, Standard) oder observed.</translation>
    </message>
    <message>
        <source>What C averages over: pair (default) or presentation.</source>
        <translation>Worüber C mittelt: pair (Standard) oder presentation.</translation>
    </message>
    <message>
        <source>With one run per presentation, assume C = 1 (otherwise C and T are n/a).</source>
        <translation>Bei einem Lauf je Präsentation C = 1 annehmen (sonst sind C und T nicht verfügbar).</translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos; (expected csv, md, json or latex)</source>
        <translation>--format: unbekannter Wert &apos;%1&apos; (erwartet: csv, md, json oder latex)</translation>
    </message>
    <message>
        <source>unknown --q &apos;%1&apos; (expected half or observed)</source>
        <translation>--q: unbekannter Wert &apos;%1&apos; (erwartet: half oder observed)</translation>
    </message>
    <message>
        <source>unknown --unit &apos;%1&apos; (expected pair or presentation)</source>
        <translation>--unit: unbekannter Wert &apos;%1&apos; (erwartet: pair oder presentation)</translation>
    </message>
    <message>
        <source>--good-c and --good-phi take proportions in [0, 1]</source>
        <translation>--good-c und --good-phi erwarten Anteile in [0, 1]</translation>
    </message>
    <message>
        <source>unknown --input-format &apos;%1&apos; (expected one of %2)</source>
        <translation>--input-format: unbekannter Wert &apos;%1&apos; (erwartet: einer von %2)</translation>
    </message>
    <message numerus="yes">
        <source>note: %1 / %2 / %3: %n judgment(s) without an order: %4</source>
        <translation>
            <numerusform>Hinweis: %1 / %2 / %3: %n Bewertung ohne Reihenfolge: %4</numerusform>
            <numerusform>Hinweis: %1 / %2 / %3: %n Bewertungen ohne Reihenfolge: %4</numerusform>
        </translation>
    </message>
    <message>
        <source>--q observed needs per-pair data; a cell-level table has only C, phi and A</source>
        <translation>--q observed braucht Daten je Paar; eine Zellentabelle hat nur C, phi und A</translation>
    </message>
    <message>
        <source>--by: %1</source>
        <translation>--by: %1</translation>
    </message>
    <message numerus="yes">
        <source>note: %n group(s) without pairwise items left out</source>
        <translation>
            <numerusform>Hinweis: %n Gruppe ohne paarweise Items ausgelassen</numerusform>
            <numerusform>Hinweis: %n Gruppen ohne paarweise Items ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>Pairwise trust per cell (C, phi, A, A_max, T, T_joint, failure-map quadrant; metrics.md T1-T13).</source>
        <translation>Paarweises Vertrauen je Zelle (C, phi, A, A_max, T, T_joint, Quadrant der Fehlermodus-Karte; metrics.md T1-T13).</translation>
    </message>
    <message>
        <source>A project, judgment files, or a cell-level table (C, phi, A columns).</source>
        <translation>Ein Projekt, Bewertungsdateien oder eine Zellentabelle (Spalten C, phi, A).</translation>
    </message>
    <message>
        <source>Bootstrap resamples for the intervals (default 2000; 0 = no intervals).</source>
        <translation>Bootstrap-Ziehungen für die Intervalle (Standard 2000; 0 = keine Intervalle).</translation>
    </message>
    <message>
        <source>Bootstrap seed (default 20261129).</source>
        <translation>Bootstrap-Seed (Standard 20261129).</translation>
    </message>
    <message>
        <source>Interval level in (0, 1) (default 0.95).</source>
        <translation>Intervallniveau in (0, 1) (Standard 0.95).</translation>
    </message>
    <message>
        <source>Bootstrap threads (0 = all cores; results do not depend on it).</source>
        <translation>Bootstrap-Threads (0 = alle Kerne; die Ergebnisse hängen nicht davon ab).</translation>
    </message>
    <message>
        <source>With --format latex: shade the T cells in bands.</source>
        <translation>Mit --format latex: die T-Zellen in Bändern schattieren.</translation>
    </message>
    <message>
        <source>With --format latex: cells (Table 1 layout, default) or gap (Table 10: T, T_joint, their gap and its interval; needs judgment data).</source>
        <translation>Mit --format latex: cells (Layout von Tabelle 1, Standard) oder gap (Tabelle 10: T, T_joint, ihr Abstand und dessen Intervall; braucht Bewertungsdaten).</translation>
    </message>
    <message>
        <source>Pool the cells that agree on these comma-separated columns (judge, format, dataset, test, version or a condition key; empty = one pool) and give one row per group. judge, format and dataset stay as columns, empty when pooled over; the other grouping columns replace the condition columns. Needs judgment data; no intervals.</source>
        <translation>Die Zellen zusammenfassen, die in diesen kommagetrennten Spalten übereinstimmen (judge, format, dataset, test, version oder ein Bedingungsschlüssel; leer = eine Gruppe), und eine Zeile je Gruppe ausgeben. judge, format und dataset bleiben als Spalten erhalten, leer, wenn über sie zusammengefasst wird; die übrigen Gruppierungsspalten ersetzen die Bedingungsspalten. Braucht Bewertungsdaten; keine Intervalle.</translation>
    </message>
    <message>
        <source>trust needs a project, judgment files or a cell-level table</source>
        <translation>trust braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle</translation>
    </message>
    <message>
        <source>unknown --table &apos;%1&apos; (expected cells or gap)</source>
        <translation>--table: unbekannter Wert &apos;%1&apos; (erwartet: cells oder gap)</translation>
    </message>
    <message>
        <source>--table gap needs --format latex</source>
        <translation>--table gap braucht --format latex</translation>
    </message>
    <message>
        <source>--ci needs a number of resamples from 0 to 1000000</source>
        <translation>--ci braucht eine Anzahl Ziehungen von 0 bis 1000000</translation>
    </message>
    <message>
        <source>--seed needs a non-negative integer</source>
        <translation>--seed braucht eine nichtnegative ganze Zahl</translation>
    </message>
    <message>
        <source>--level needs a number in (0, 1)</source>
        <translation>--level braucht eine Zahl in (0, 1)</translation>
    </message>
    <message>
        <source>--threads needs a number from 0 to 1024</source>
        <translation>--threads braucht eine Zahl von 0 bis 1024</translation>
    </message>
    <message>
        <source>--by and --table gap cannot be combined</source>
        <translation>--by und --table gap lassen sich nicht kombinieren</translation>
    </message>
    <message>
        <source>--by needs judgment data; a cell-level table is already one row per cell</source>
        <translation>--by braucht Bewertungsdaten; eine Zellentabelle hat bereits eine Zeile je Zelle</translation>
    </message>
    <message>
        <source>--table gap needs judgment data; a cell-level table has no T_joint</source>
        <translation>--table gap braucht Bewertungsdaten; eine Zellentabelle hat kein T_joint</translation>
    </message>
    <message>
        <source>note: cell-level table: T and A_max recomputed from the given C, phi, A with q = 1/2; no intervals, no pair counts</source>
        <translation>Hinweis: Zellentabelle: T und A_max aus den angegebenen C, phi, A mit q = 1/2 neu berechnet; keine Intervalle, keine Paaranzahlen</translation>
    </message>
    <message numerus="yes">
        <source>note: C = 1 was assumed for %n cell(s) without C (--assume-consistent)</source>
        <translation>
            <numerusform>Hinweis: C = 1 wurde für %n Zelle ohne C angenommen (--assume-consistent)</numerusform>
            <numerusform>Hinweis: C = 1 wurde für %n Zellen ohne C angenommen (--assume-consistent)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>note: %n cell(s) without pairwise items left out</source>
        <translation>
            <numerusform>Hinweis: %n Zelle ohne paarweise Items ausgelassen</numerusform>
            <numerusform>Hinweis: %n Zellen ohne paarweise Items ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>What to write: sample (default), repeats, or discrimination (K2 of the first judge: AUROC, error rate per confidence band, selective accuracy).</source>
        <translation>Was geschrieben wird: sample (Standard), repeats oder discrimination (K2 des ersten Judges: AUROC, Fehlerrate je Konfidenzband, selektive Genauigkeit).</translation>
    </message>
    <message>
        <source>unknown --table &apos;%1&apos; (expected sample, repeats or discrimination)</source>
        <translation>--table: unbekannter Wert &apos;%1&apos; (erwartet: sample, repeats oder discrimination)</translation>
    </message>
    <message>
        <source>--table discrimination has no --format latex</source>
        <translation>--table discrimination hat kein --format latex</translation>
    </message>
    <message>
        <source>Input format: auto, csv, jsonl, llmbar, rubric-csv, arena-hard, mt-bench, judgebench, alpaca-eval, inspect.</source>
        <translation>Eingabeformat: auto, csv, jsonl, llmbar, rubric-csv, arena-hard, mt-bench, judgebench, alpaca-eval, inspect.</translation>
    </message>
    <message>
        <source>Arena-Hard / MT-Bench judgments: the question.jsonl of their questions (default: beside model_judgment/).</source>
        <translation>Arena-Hard-/MT-Bench-Bewertungen: die question.jsonl ihrer Fragen (Standard: neben model_judgment/).</translation>
    </message>
    <message>
        <source>Arena-Hard / MT-Bench judgments: the folder of the judged answers, &lt;model&gt;.jsonl (default: model_answer/ beside model_judgment/).</source>
        <translation>Arena-Hard-/MT-Bench-Bewertungen: der Ordner der bewerteten Antworten, &lt;model&gt;.jsonl (Standard: model_answer/ neben model_judgment/).</translation>
    </message>
    <message>
        <source>Arena-Hard judgments that name no baseline (v0.1): its model, whose answers are response A (default: gpt-4-0314).</source>
        <translation>Arena-Hard-Bewertungen ohne Baseline (v0.1): ihr Modell, dessen Antworten Antwort A sind (Standard: gpt-4-0314).</translation>
    </message>
    <message>
        <source>--questions: no such file &apos;%1&apos;</source>
        <translation>--questions: keine Datei &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--answers: no such folder &apos;%1&apos;</source>
        <translation>--answers: kein Ordner &apos;%1&apos;</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weitere</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>note: no labels for dataset %1 (cells: %2): the accuracy columns (%3) are empty; import the items with their labels or a labelled file</source>
        <translation>Hinweis: keine Labels für den Datensatz %1 (Zellen: %2): Die Genauigkeitsspalten (%3) sind leer; importieren Sie die Items mit ihren Labels oder eine Datei mit Labels</translation>
    </message>
    <message>
        <source>note: no labels for dataset %1 (cells: %2): the accuracy columns (%3) are empty; import the items with their labels (%4) or a labelled file</source>
        <translation>Hinweis: keine Labels für den Datensatz %1 (Zellen: %2): Die Genauigkeitsspalten (%3) sind leer; importieren Sie die Items mit ihren Labels (%4) oder eine Datei mit Labels</translation>
    </message>
    <message>
        <source>note: re-import with: %1</source>
        <translation>Hinweis: erneut importieren mit: %1</translation>
    </message>
    <message>
        <source>Judgment file format: auto, csv, jsonl, llmbar, rubric-csv, arena-hard, mt-bench, judgebench, alpaca-eval, inspect.</source>
        <translation>Format der Bewertungsdateien: auto, csv, jsonl, llmbar, rubric-csv, arena-hard, mt-bench, judgebench, alpaca-eval, inspect.</translation>
    </message>
    <message>
        <source>another program</source>
        <translation>einem anderen Programm</translation>
    </message>
    <message>
        <source>%1: the project is being written by %2 (pid %3 on %4 since %5); wait until it finishes, or stop it</source>
        <translation>%1: Das Projekt wird gerade von %2 geschrieben (PID %3 auf %4 seit %5); warten Sie, bis der Vorgang endet, oder beenden Sie ihn</translation>
    </message>
    <message>
        <source>Replace an existing project (-o FILE.tribunal).</source>
        <translation>Ein vorhandenes Projekt ersetzen (-o FILE.tribunal).</translation>
    </message>
    <message>
        <source>%1 exists; use --force to replace it</source>
        <translation>%1 existiert bereits; mit --force wird es ersetzt</translation>
    </message>
    <message>
        <source>Write again the requests of recorded judgments this design asks otherwise (their import replaces them).</source>
        <translation>Die Anfragen gespeicherter Urteile, die dieses Design anders stellt, erneut schreiben (ihr Import ersetzt sie).</translation>
    </message>
    <message>
        <source>note: to keep both, record the change as a condition of the design (&quot;conditions&quot;); to buy these judgments again and replace the recorded ones, run the same command with --rerun</source>
        <translation>Hinweis: Um beide zu behalten, die Änderung als Bedingung des Designs aufnehmen (&quot;conditions&quot;); um diese Urteile erneut zu kaufen und die gespeicherten zu ersetzen, denselben Befehl mit --rerun ausführen</translation>
    </message>
    <message numerus="yes">
        <source>note: %n recorded judgment(s) carry no record of how they were asked (imported, or written by an older version): kept as they are, not sent again</source>
        <translation>
            <numerusform>Hinweis: %n gespeichertes Urteil trägt keine Angabe, wie es gestellt wurde (importiert oder von einer älteren Version geschrieben): bleibt, wie es ist, und wird nicht erneut gesendet</numerusform>
            <numerusform>Hinweis: %n gespeicherte Urteile tragen keine Angabe, wie sie gestellt wurden (importiert oder von einer älteren Version geschrieben): bleiben, wie sie sind, und werden nicht erneut gesendet</numerusform>
        </translation>
    </message>
    <message>
        <source>Buy again the recorded judgments this design asks otherwise (another model, temperature or prompt), replacing them.</source>
        <translation>Gespeicherte Urteile, die dieses Design anders stellt (anderes Modell, andere Temperatur oder anderer Prompt), erneut kaufen und ersetzen.</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 oder %2</translation>
    </message>
    <message>
        <source>%1 needs a subcommand: %2</source>
        <translation>%1 braucht einen Unterbefehl: %2</translation>
    </message>
    <message>
        <source>%1: unknown subcommand &apos;%2&apos; (%3)</source>
        <translation>%1: unbekannter Unterbefehl &apos;%2&apos; (%3)</translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos; (expected jsonl or csv)</source>
        <translation>--format: unbekannter Wert &apos;%1&apos; (erwartet: jsonl oder csv)</translation>
    </message>
    <message>
        <source>INPUT OPTIONS (every command that reads judgment files):</source>
        <translation>INPUT OPTIONS (jeder Befehl, der Bewertungsdateien liest):</translation>
    </message>
    <message>
        <source>--table frontier has no --format latex (expected csv, md or json)</source>
        <translation>--table frontier hat kein --format latex (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>What to write: summary (default), curve, frontier (the cost-accuracy frontier of single judges, juries and cascades, with the Pareto points), or crossfit (how often the K9 halves chose each fallback and tau).</source>
        <translation>Was geschrieben wird: summary (Standard), curve, frontier (die Kosten-Genauigkeits-Front aus einzelnen Judges, Jurys und Kaskaden, mit den Pareto-Punkten) oder crossfit (wie oft die K9-Hälften jeden Fallback und jedes tau gewählt haben).</translation>
    </message>
    <message>
        <source>Cascade replays (metrics.md K7-K10): the first judge answers every pair and defers to a fallback when its confidence is below tau (binary criteria: |P(MET) - 0.5|). Per panel and kind: the summary (best single judge, oracle tau and accuracy, K10, the cross-fitted gain over halvings of the units, the cost share of the cascade matching the best fallback), with --table curve every tau, with --table frontier the cost-accuracy frontier, or with --table crossfit the fallbacks and taus the K9 halves chose.</source>
        <translation>Nachgespielte Kaskaden (metrics.md K7-K10): Der erste Judge beantwortet jedes Paar und reicht an einen Fallback weiter, wenn seine Konfidenz unter tau liegt (binäre Kriterien: |P(MET) - 0.5|). Je Panel und Art: die Zusammenfassung (bester einzelner Judge, Orakel-tau und Genauigkeit, K10, der Gewinn per Cross-Fitting über Halbierungen der Einheiten, der Kostenanteil der Kaskade, die so genau ist wie der beste Fallback), mit --table curve jedes tau, mit --table frontier die Kosten-Genauigkeits-Front oder mit --table crossfit die Fallbacks und taus, die die K9-Hälften gewählt haben.</translation>
    </message>
    <message>
        <source>unknown --table &apos;%1&apos; (expected summary, curve, frontier or crossfit)</source>
        <translation>--table: unbekannter Wert &apos;%1&apos; (erwartet: summary, curve, frontier oder crossfit)</translation>
    </message>
    <message>
        <source>--table crossfit has no --format latex (expected csv, md or json)</source>
        <translation>--table crossfit hat kein --format latex (erwartet: csv, md oder json)</translation>
    </message>
    <message>
        <source>Per-judge spread of the cell metrics (metrics.md T2, T6; the paper&apos;s Figure 5): for each judge, the number of cells and the mean, minimum and maximum over its cells of C, A - phi/2 and T. Undefined values are left out and counted.</source>
        <translation>Streuung der Zellmetriken je Judge (metrics.md T2, T6; Abbildung 5 des Papers): für jeden Judge die Zahl der Zellen und Mittelwert, Minimum und Maximum über seine Zellen von C, A - phi/2 und T. Undefinierte Werte werden ausgelassen und gezählt.</translation>
    </message>
    <message>
        <source>spread needs a project, judgment files or a cell-level table</source>
        <translation>spread braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle</translation>
    </message>
    <message>
        <source>simulate bias / rubric / trust: write the true values to this CSV file.</source>
        <translation>simulate bias / rubric / trust: die wahren Werte in diese CSV-Datei schreiben.</translation>
    </message>
    <message>
        <source>simulate trust: labelled pairs per dataset, 1..20000.</source>
        <translation>simulate trust: Paare mit Label je Datensatz, 1..20000.</translation>
    </message>
    <message>
        <source>--pairs takes an integer in 1..20000</source>
        <translation>--pairs braucht eine ganze Zahl in 1..20000</translation>
    </message>
    <message>
        <source>--runs takes an integer in 1..20</source>
        <translation>--runs braucht eine ganze Zahl in 1..20</translation>
    </message>
    <message>
        <source>simulate audit / trust: runs per (item, order); trust: 1..20, default 5.</source>
        <translation>simulate audit / trust: Läufe je (Item, Reihenfolge); trust: 1..20, Standard 5.</translation>
    </message>
    <message>
        <source>Write a synthetic (simulated) audit: simulate audit --judgments N -o FILE; or a bias-test audit with
stated true values: simulate bias -o FILE [--truth FILE.csv] (docs/bias-simulation.md); or a rubric
audit with stated true values: simulate rubric -o FILE [--truth FILE.csv] (docs/rubric-simulation.md); or a trust audit in seed 000&apos;s design with stated true values:
simulate trust -o FILE [--truth FILE.csv] (docs/trust-simulation.md).</source>
        <translation>Ein synthetisches (simuliertes) Audit schreiben: simulate audit --judgments N -o FILE; oder ein Bias-Test-Audit mit
angegebenen wahren Werten: simulate bias -o FILE [--truth FILE.csv] (docs/bias-simulation.md); oder ein Rubrik-
Audit mit angegebenen wahren Werten: simulate rubric -o FILE [--truth FILE.csv] (docs/rubric-simulation.md); oder ein Trust-Audit im Design von Seed 000 mit angegebenen wahren Werten:
simulate trust -o FILE [--truth FILE.csv] (docs/trust-simulation.md).</translation>
    </message>
    <message>
        <source>What to simulate: audit, bias, rubric or trust.</source>
        <translation>Was simuliert wird: audit, bias, rubric oder trust.</translation>
    </message>
    <message>
        <source>usage: %1
   or: %2
   or: %3
   or: %4</source>
        <translation>Aufruf: %1
  oder: %2
  oder: %3
  oder: %4</translation>
    </message>
    <message>
        <source>failed: %1 request(s): %2</source>
        <translation>fehlgeschlagen: %1 Anfrage(n): %2</translation>
    </message>
</context>
</TS>
