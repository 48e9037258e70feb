<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
</TS>
