"""The validate bench times a corpus every card of which is valid: a check added to
validate must not turn the bench into a measure of error reporting (CS-C038 once made 94
of 2,000 generated cards errors, unnoticed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardscript.cardfiles.validate import validate_paths


def test_the_generated_corpus_validates_without_a_problem(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    import validate_bench  # type: ignore[import-not-found]

    monkeypatch.setattr(validate_bench, "OUT", tmp_path / "corpus")
    files = validate_bench.generate(500, 50, seed=1)
    assert len(files) == 10
    report = validate_paths([str(f) for f in files], use_cache=False)
    assert [d.message for d in report.diagnostics] == []
