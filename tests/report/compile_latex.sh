#!/bin/sh
# Compiles every standalone LaTeX document in DIR (written by tst_trustlatex) with pdflatex and fails on the
# first error. Usage: compile_latex.sh DIR
set -u
dir=${1:?usage: compile_latex.sh DIR}
command -v pdflatex >/dev/null 2>&1 || { echo "pdflatex not found (install the texlive packages of .ci/install-deps)"; exit 1; }
found=0
for tex in "$dir"/*.tex; do
    [ -e "$tex" ] || continue
    found=$((found + 1))
    name=$(basename "$tex" .tex)
    if ! pdflatex -interaction=nonstopmode -halt-on-error -output-directory "$dir" "$tex" >"$dir/$name.out" 2>&1; then
        echo "FAIL: $tex"
        grep -A3 '^!' "$dir/$name.log" || tail -20 "$dir/$name.out"
        exit 1
    fi
    # A glyph the font lacks is only a log line, not an error: treat it as one.
    if grep -q 'Missing character' "$dir/$name.log"; then
        echo "FAIL: $tex: missing characters"
        grep 'Missing character' "$dir/$name.log"
        exit 1
    fi
    echo "ok: $tex"
done
[ "$found" -gt 0 ] || { echo "no .tex files in $dir"; exit 1; }
