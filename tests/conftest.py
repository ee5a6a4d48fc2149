"""Collect scenario files (*.scenario.yaml) as tests, register the tiny test game, and
fix the property tests' draws in CI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.testgame.kernel import register

register()

# In CI the property tests draw the same examples every run: a run lands or not by the
# change, never by the draw (a new example found on a developer's machine, where they
# draw afresh each run, becomes a test of its own).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.name.endswith(".scenario.yaml"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):  # type: ignore[no-untyped-def]
        yield ScenarioItem.from_parent(self, name=self.path.name.removesuffix(".scenario.yaml"))


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        from cardscript.interpreter.scenario import run_scenario

        result = run_scenario(self.path)
        if not result.passed:
            raise ScenarioFailed(result.report())

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, 0, f"scenario: {self.name}"


class ScenarioFailed(AssertionError):
    """A scenario whose expectations were not met."""
