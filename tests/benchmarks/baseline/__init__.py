"""The Python baseline of Tribunal's benchmark suite, one module per job (tests/benchmarks/baseline.py runs it).

Stages, each the code a careful pandas / numpy / scipy user would write, with its agreement check:
  import_stages  import-csv, import-jsonl: read_csv with categoricals, read_json and a json.loads loop
  trust          trust: the T1-T8 trust table per cell (and T8 dispersion)
  bootstrap      bootstrap: T13 percentile intervals; the Monte Carlo tolerance (rank_z) compare reuses
  compare        compare: R7 paired comparisons of rubric judges
  cascade        cascade: K9 cross-fitted cascade thresholds (halvings: the halvings it draws)
Around them:
  generate       the simulated input files (tribunal-cli simulate)
  cli            running tribunal-cli: wall time, peak RSS, the figures of its bench subcommands
  tables         reading tribunal-cli's CSV / JSON tables
  stage          one stage in one process: timed runs, peak RSS, then the checks
  check          --check-only (CTest benchmark_baseline_check)
  full_run       the timed run; report: its table
  main           the command line

Nothing is imported here, so that `baseline.main` loads only what it uses.
"""
