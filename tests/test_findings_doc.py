"""The finding catalog: the ids the issue requires exist, and the generated table and
translation markers match resources/kb/findings.json."""

from __future__ import annotations

import re

from tfgpu.core.findings import doc as findings_doc
from tfgpu.core.findings.catalog import catalog, make_finding
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import TrText

REQUIRED = {
    "driver-missing", "driver-too-old", "cuda-runtime-missing", "cuda-version-mismatch", "cudnn-missing",
    "cudnn-version-mismatch", "path-not-set", "no-native-windows-gpu", "cpu-only-build", "python-unsupported",
    "gpu-oom", "memory-growth-after-init", "compute-capability-unsupported", "libdevice-missing",
    "ptx-toolchain-mismatch", "benign-log", "gpu-ok",
}


def test_every_required_id_is_in_the_catalog_with_a_source():
    rows = catalog()
    assert REQUIRED <= set(rows)
    for finding_id, row in rows.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", finding_id), finding_id
        assert row["sources"] and all(s.strip() for s in row["sources"]), finding_id
        assert Severity(row["severity"]) and row["title"] and row["meaning"]
    orders = [row["order"] for row in rows.values()]
    assert len(orders) == len(set(orders)), "root-cause order must be a strict ranking"


def test_make_finding_refuses_an_id_outside_the_catalog():
    import pytest

    with pytest.raises(KeyError):
        make_finding("not-a-finding", TrText("x"))


def test_docs_table_is_generated_from_the_catalog_and_current():
    assert findings_doc.DOC.read_text(encoding="utf-8") == findings_doc.findings_markdown(), (
        "docs/findings.md is stale: run python -m tfgpu.core.findings.doc"
    )
    for finding_id in catalog():
        assert f"`{finding_id}`" in findings_doc.findings_markdown()


def test_title_markers_are_current_so_titles_get_translated():
    assert findings_doc.TITLES.read_text(encoding="utf-8") == findings_doc.titles_module(), (
        "core/findings/catalog_titles.py is stale: run python -m tfgpu.core.findings.doc"
    )
