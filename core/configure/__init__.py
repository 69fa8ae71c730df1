"""Configuration changes made safely: the search path for CUDA/cuDNN and GPU memory settings.

- :mod:`.pathlist`: search-path values as exact segments, compared as the OS does; the list planner.
- :mod:`.folders`: which folders go on the path (from the scan or as given) and what they must precede.
- :mod:`.planner`: ``plan_path(host, scan, env, cuda_dir, cudnn_dir, target) -> Plan`` (pure decision,
  after reading the target).
- :mod:`.memory`: the GPU memory options in words, their snippets, and ``plan_memory``.
- :mod:`.memory_check`: the memory agent run twice, with and without a setting, and its answer.
- :mod:`.targets`, :mod:`.blocks`: where a setting lives (registry, profile, activate scripts, conda)
  and the quoted shell code that goes there.
- :mod:`.applier`: backup -> apply -> verify -> undo; :mod:`.store`: the backups and the history.
"""
