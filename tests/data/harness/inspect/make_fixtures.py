#!/usr/bin/env python3
"""Writes the Inspect AI test logs of tests/io/tst_inspectlog.cpp (run from this directory: python3
make_fixtures.py). The same EvalLog goes into log.json (the .json container: one indented object, NaN written
as Python's json writes it) and log.eval (the ZIP container: header.json, samples/<id>_epoch_<n>.json in
completion order, summaries.json, reductions.json, _journal/start.json), following inspect_ai's log schema
version 2 (src/inspect_ai/log/_log.py, _recorders/eval.py). bad/ holds broken archives and logs.

Three samples x two epochs x two scorers: model_graded_qa (C/I, graded by the model bound to the `grader`
role; one unscored NaN; two edits of one score) and helpfulness (1..5, graded by the scorer's `model`
argument; one edit)."""

import copy
import json
import os
import zipfile

MODEL = "openai/gpt-4o-mini"
GRADER = "anthropic/claude-3-5-haiku-20241022"
RATER = "openai/gpt-4o"

EVAL = {
    "eval_id": "fx7Gq2", "run_id": "Rk3mV9", "created": "2025-03-04T10:00:00+00:00",
    "task": "capitals_and_sums", "task_id": "T1", "task_version": 0, "task_file": "capitals.py",
    "task_attribs": {}, "task_args": {},
    "dataset": {"name": "capitals", "samples": 3, "sample_ids": [1, 2, "q3"], "shuffled": False},
    "model": MODEL, "model_args": {},
    "model_roles": {"grader": {"model": GRADER, "config": {}}},
    "config": {"epochs": 2},
    "packages": {"inspect_ai": "0.3.90"},
    "scorers": [
        {"name": "model_graded_qa", "options": {}, "metrics": [{"name": "inspect_ai/accuracy", "options": {}}],
         "metadata": {}},
        {"name": "helpfulness", "options": {"model": RATER}, "metrics": [{"name": "inspect_ai/mean", "options": {}}],
         "metadata": {}},
    ],
}


def grading(prompt, reply, model):
    return [{"role": "user", "content": prompt, "source": "input"},
            {"role": "assistant", "content": reply, "source": "generate", "model": model}]


def qa(value, answer, explanation):
    return {"value": value, "answer": answer, "explanation": explanation,
            "metadata": {"grading": grading("[Task]: ...\n[Submission]: " + answer, explanation,
                                            "claude-3-5-haiku-20241022")}}


def helpful(value, answer):
    return {"value": value, "answer": answer, "explanation": "Rated %d of 5." % value,
            "metadata": {"grading": grading("Rate 1-5: " + answer, "Rating: %d" % value, "gpt-4o-2024-08-06")}}


def output(text, with_completion=True):
    out = {"model": "gpt-4o-mini-2024-07-18",
           "choices": [{"message": {"role": "assistant", "content": text, "source": "generate"},
                        "stop_reason": "stop"}],
           "usage": {"input_tokens": 20, "output_tokens": 3, "total_tokens": 23}}
    if with_completion:
        out["completion"] = text
    return out


def sample(id, epoch, input, target, answer, scores, with_completion=True):
    return {"id": id, "epoch": epoch, "input": input, "target": target,
            "messages": [{"role": "user", "content": input if isinstance(input, str) else input[-1]["content"]},
                         {"role": "assistant", "content": answer}],
            "output": output(answer, with_completion), "scores": scores, "metadata": {"topic": str(id)},
            "store": {}, "events": [], "model_usage": {}, "attachments": {}}


def edited(score, edits):
    """The score after edit_score(): history = [the original, the edits...], the fields as the edits left them."""
    original = {k: score[k] for k in ("value", "answer", "explanation", "metadata")}
    result = copy.deepcopy(score)
    result["history"] = [original] + edits
    for e in edits:
        for k in ("value", "answer", "explanation", "metadata"):
            if e.get(k, "UNCHANGED") != "UNCHANGED":
                result[k] = e[k]
    return result


def provenance(author, reason):
    return {"timestamp": "2025-03-05T09:00:00+00:00", "author": author, "reason": reason, "metadata": {}}


MESSAGES_INPUT = [{"role": "system", "content": "Answer with one word."},
                  {"role": "user", "content": [{"type": "text", "text": "Name the capital"},
                                               {"type": "text", "text": "of France."}]}]

SAMPLES = [
    sample(1, 1, "What is 2+2?", "4", "4",
           {"model_graded_qa": qa("C", "4", "The answer 4 is correct.\nGRADE: C"),
            "helpfulness": edited(helpful(4, "4"), [{"value": 5, "provenance": provenance("bob", "terse is fine")}])}),
    sample(2, 1, MESSAGES_INPUT, ["Paris"], "Paris",
           {"model_graded_qa": qa("C", "Paris", "Paris is the capital.\nGRADE: C"),
            "helpfulness": helpful(5, "Paris")}),
    sample("q3", 1, "Summarise: the cat sat on the mat.", "A cat sat.", "A cat sat on a mat.",
           {"model_graded_qa": qa("I", "A cat sat on a mat.", "Too long.\nGRADE: I"),
            "helpfulness": helpful(3, "A cat sat on a mat.")}, with_completion=False),
    sample(1, 2, "What is 2+2?", "4", "4",
           {"model_graded_qa": qa("C", "4", "Correct.\nGRADE: C"), "helpfulness": helpful(5, "4")}),
    sample(2, 2, MESSAGES_INPUT, ["Paris"], "Lyon",
           {"model_graded_qa": edited(qa("C", "Lyon", "Lyon is a French city.\nGRADE: C"),
                                      [{"value": "I", "provenance": provenance("alice", "Lyon is not the capital")},
                                       {"explanation": "Wrong city.", "provenance": provenance("bob", "typo")}]),
            "helpfulness": helpful(1, "Lyon")}),
    sample("q3", 2, "Summarise: the cat sat on the mat.", "A cat sat.", "The mat.",
           {"model_graded_qa": {"value": float("nan"), "answer": "The mat.",
                                "explanation": "Grade not found in model output: unsure",
                                "metadata": {"unscored_reason": "grade_parse_failure",
                                             "grading": grading("[Task]: ...", "unsure", "claude-3-5-haiku-20241022")}},
            "helpfulness": helpful(2, "The mat.")}),
]

HEADER = {"version": 2, "status": "success", "eval": EVAL,
          "plan": {"name": "plan", "steps": [{"solver": "generate", "params": {}}], "config": {}},
          "results": {"total_samples": 3, "completed_samples": 3,
                      "scores": [{"name": "model_graded_qa", "scorer": "model_graded_qa", "params": {},
                                  "metrics": {"accuracy": {"name": "accuracy", "value": 0.6, "params": {}}}},
                                 {"name": "helpfulness", "scorer": "helpfulness", "params": {},
                                  "metrics": {"mean": {"name": "mean", "value": 3.5, "params": {}}}}]},
          "stats": {"started_at": "2025-03-04T10:00:00+00:00", "completed_at": "2025-03-04T10:01:00+00:00",
                    "model_usage": {}}}


def dump(value):
    return json.dumps(value, indent=2, ensure_ascii=False)  # NaN stays NaN, as pydantic writes it


def write_eval(path, entries):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, text in entries:  # a fixed date: the same bytes on every run
            z.writestr(zipfile.ZipInfo(name, date_time=(2025, 3, 4, 10, 0, 0)), text,
                       compress_type=zipfile.ZIP_DEFLATED)


def eval_entries(samples, header=True):
    entries = [("_journal/start.json", dump({"version": 2, "eval": EVAL, "plan": HEADER["plan"]}))]
    for s in samples:
        entries.append(("samples/%s_epoch_%d.json" % (s["id"], s["epoch"]), dump(s)))
    summaries = [{"id": s["id"], "epoch": s["epoch"], "input": s["input"], "target": s["target"],
                  "scores": s["scores"]} for s in samples]
    entries.append(("summaries.json", dump(summaries)))
    entries.append(("reductions.json", dump([{"scorer": "model_graded_qa", "samples": []}])))
    if header:
        entries.append(("header.json", dump(HEADER)))
    return entries


def main():
    sorted_samples = sorted(SAMPLES, key=lambda s: (s["epoch"], str(s["id"]).zfill(20)))
    with open("log.json", "w") as f:
        f.write(dump(dict(HEADER, samples=sorted_samples, reductions=[])))
    completion_order = [SAMPLES[i] for i in (1, 0, 2, 4, 3, 5)]
    write_eval("log.eval", eval_entries(completion_order))

    # A requeued sample logged again under its old name: the last entry of a name is the sample.
    relogged = copy.deepcopy(SAMPLES[0])
    relogged["scores"]["model_graded_qa"]["value"] = "I"
    write_eval("relogged.eval", eval_entries(completion_order) + [("samples/1_epoch_1.json", dump(relogged))])

    os.makedirs("bad", exist_ok=True)
    write_eval("bad/no-header.eval", eval_entries(SAMPLES, header=False))
    entries = eval_entries(SAMPLES)
    entries = [(n, t[:-40] if n == "samples/2_epoch_1.json" else t) for n, t in entries]
    write_eval("bad/sample-json.eval", entries)
    bad = copy.deepcopy(SAMPLES)
    bad[0]["scores"]["model_graded_qa"]["value"] = "X"
    write_eval("bad/bad-value.eval", eval_entries(bad))
    with open("bad/bad-value.json", "w") as f:
        f.write(dump(dict(HEADER, samples=bad)))
    bad = copy.deepcopy(SAMPLES)
    bad[1]["scores"]["helpfulness"]["value"] = 2.5
    with open("bad/fraction.json", "w") as f:
        f.write(dump(dict(HEADER, samples=bad)))


if __name__ == "__main__":
    main()
