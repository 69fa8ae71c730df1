"""Benchmarks: the bench agent's events (:mod:`.events`), the runner (:mod:`.runner`), the result document
(:mod:`.model`), peaks (:mod:`.peaks`), saved runs (:mod:`.saved_runs`) and the words (:mod:`.summary`, :mod:`.render`).

Kept empty so that importing one part (the CLI's suite names) does not load the rest."""
