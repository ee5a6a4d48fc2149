"""Options several commands share, worded once."""

from __future__ import annotations

from typing import Annotated

import typer

FormatOption = Annotated[
    str, typer.Option("--format", "-f", help="Output: text, json, github, sarif or junit.")
]
StrictOption = Annotated[bool, typer.Option("--strict", help="Warnings fail the run too.")]
