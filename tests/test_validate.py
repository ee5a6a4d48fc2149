"""`cardscript validate`: every error class with its exact message and position, hostile
input, cross-file checks, the cache, parallel runs and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardscript.cardfiles.checkfile import check_document
from cardscript.cardfiles.validate import validate_paths
from cardscript.cardfiles.yamlsource import load_yaml_text
from cardscript.cli.main import app

GOOD = """\
game: vs-system
set: TST
cards:
  - id: TST-001
    name: Captain Rook
    type: character
    cost: 3
    version: Bird of Prey
    team: Skyguard
    atk: 3
    def: 3
    flight: true
    text: |
      Flight
      When this attacks, target character gets +1 ATK until end of turn.
"""


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(tmp_path / "cache"))


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, "utf-8")
    return path


def _found(folder: Path, *names: str, **kw: object) -> list[tuple[str, str, int, int, str]]:
    run = validate_paths([folder / n for n in names] if names else [folder], **kw)  # type: ignore[arg-type]
    return [
        (
            Path(d.span.file).name if d.span and d.span.file else "",
            d.code,
            d.span.line if d.span else 0,
            d.span.column if d.span else 0,
            d.message,
        )
        for d in run.diagnostics
    ]


def test_clean_file(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD)
    assert _found(tmp_path) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("game: vs-system\nset: [\n", ("CS-Y001", 3, 1)),
        ("game: vs-system\ngame: berserk\nset: A\ncards: []\n", ("CS-Y003", 2, 1)),
        ("", ("CS-C001", 1, 1)),
        ("- 1\n- 2\n", ("CS-C002", 1, 1)),
        ("game: vs-sytem\nset: A\ncards: []\n", ("CS-C003", 1, 7)),
    ],
)
def test_file_level_errors(tmp_path: Path, text: str, expected: tuple[str, int, int]) -> None:
    _write(tmp_path, "a.yaml", text)
    found = _found(tmp_path)
    assert [(code, line, col) for _, code, line, col, _ in found][:1] == [expected]


def test_unknown_game_suggests_the_right_one(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "game: vs-sytem\nset: A\ncards: []\n")
    run = validate_paths([tmp_path])
    (d,) = run.diagnostics
    assert d.message == (
        'the game is "vs-sytem"; a card file names one of: vs-system, '
        "pocket-duel, berserk, marvel-champions, vanguard"
    )
    assert d.hints == ('did you mean "vs-system"?',)


def test_schema_errors_point_at_the_yaml_node(tmp_path: Path) -> None:
    text = (
        GOOD.replace("    def: 3\n", '    def: "3"\n    tema: Skyguard\n')
        .replace("cost: 3", "cost: -1")
        .replace("type: character", "type: character\n    rarity: epic")
    )
    _write(tmp_path, "a.yaml", text)
    assert _found(tmp_path) == [
        (
            "a.yaml",
            "CS-C006",
            7,
            13,
            '"epic" is not a value for "rarity"; expected common, uncommon, rare',
        ),
        ("a.yaml", "CS-C008", 8, 11, '"cost" must be at least 0, not -1'),
        ("a.yaml", "CS-C007", 12, 10, '"def" must be a whole number, not text'),
        ("a.yaml", "CS-C005", 13, 5, 'a character card has no field "tema"'),
    ]


def test_counted_bounds_are_told_in_good_english(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "game: vs-system\nset: A\ncards: []\n")
    assert _found(tmp_path) == [("a.yaml", "CS-C009", 3, 8, '"cards" needs at least 1 item')]


def test_the_common_forms_are_told_in_words_not_as_patterns(tmp_path: Path) -> None:
    text = (
        GOOD.replace("version: Bird of Prey", 'version: ""')
        .replace("name: Captain Rook", 'name: " Captain Rook"')
        .replace("id: TST-001", "id: TST 001!")
    )
    _write(tmp_path, "a.yaml", text)
    run = validate_paths([tmp_path])
    assert [(d.code, d.span.line, d.span.column, d.message, d.hints) for d in run.diagnostics] == [
        (
            "CS-C009",
            4,
            9,
            '"id" may only hold letters, digits, "_", "." and "-", and must start with a '
            'letter or a digit: "TST 001!"',
            ('perhaps try "TST-001"',),
        ),
        (
            "CS-C009",
            5,
            11,
            '"name" must not start or end with a space: " Captain Rook"',
            ('perhaps try "Captain Rook"',),
        ),
        ("CS-C009", 8, 14, '"version" must not be empty', ()),
    ]


def test_a_field_missing_from_the_file_is_named_as_the_file_s(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD.replace("set: TST\n", ""))
    assert _found(tmp_path) == [
        ("a.yaml", "CS-C004", 1, 1, 'this card file needs the field "set"'),
    ]


def test_a_card_missing_two_fields_is_told_each_once(tmp_path: Path) -> None:
    """One "required" error per missing field, each naming every one: each told once."""
    _write(tmp_path, "a.yaml", "game: vs-system\nset: FZ\ncards:\n- id: FZ-x\n")
    assert _found(tmp_path) == [
        ("a.yaml", "CS-C004", 4, 3, 'this card needs the field "name"'),
        ("a.yaml", "CS-C004", 4, 3, 'this card needs the field "type"'),
    ]


def test_a_required_field_spelt_wrong_is_told_once_as_the_misspelling(tmp_path: Path) -> None:
    """ "ATK: 3" for "atk": the foreign field's "did you mean" tells the fix; a second
    error saying "atk" is missing would count one mistake twice. A missing field that no
    foreign field spells nearly is still told."""
    text = GOOD.replace("    atk: 3\n", "    ATK: 3\n").replace("    version: Bird of Prey\n", "")
    _write(tmp_path, "a.yaml", text)
    assert _found(tmp_path) == [
        ("a.yaml", "CS-C004", 4, 5, 'a character card needs the field "version"'),
        ("a.yaml", "CS-C005", 9, 5, 'a character card has no field "ATK"'),
    ]


def test_missing_field_and_unknown_type(tmp_path: Path) -> None:
    text = GOOD.replace("    cost: 3\n", "")
    text += "  - id: TST-002\n    name: Odd\n    type: charcter\n"
    _write(tmp_path, "a.yaml", text)
    found = _found(tmp_path)
    assert ("a.yaml", "CS-C004", 4, 5, 'a character card needs the field "cost"') in found
    assert (
        "a.yaml",
        "CS-C006",
        17,
        11,
        '"charcter" is not a card type; expected character, equipment, location, plot_twist',
    ) in found


def test_card_script_errors_are_mapped_into_the_file(tmp_path: Path) -> None:
    text = GOOD.replace("      Flight\n", "      Flihgt\n").replace(
        "until end of turn.", "until end of trun."
    )
    text += (
        "  - id: TST-002\n    name: Plain\n    type: plot_twist\n    threshold: 1\n"
        '    text: "Draw 2 cards to."\n'
    )
    _write(tmp_path, "a.yaml", text)
    found = [(code, line, col) for _, code, line, col, _ in _found(tmp_path)]
    assert found == [("CS-P002", 14, 7), ("CS-P002", 15, 68), ("CS-P001", 20, 25)]


def test_semantic_text_errors(tmp_path: Path) -> None:
    text = GOOD.replace("      Flight\n", "      Flight 2\n      Gets +1 ATK.\n")
    _write(tmp_path, "a.yaml", text)
    assert _found(tmp_path) == [
        ("a.yaml", "CS-T001", 14, 14, 'Flight takes nothing after it, but "2" follows'),
        ("a.yaml", "CS-T002", 15, 7, '"gets" needs to say which card gets it'),
    ]


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD)
    _write(tmp_path, "b.yaml", GOOD.replace("Captain Rook", "Other Rook"))
    (d,) = validate_paths([tmp_path]).diagnostics
    assert (d.code, Path(d.span.file).name, d.span.line, d.span.column) == (  # type: ignore[union-attr, arg-type]
        "CS-C020",
        "b.yaml",
        4,
        9,
    )
    assert d.message.startswith('the id "TST-001" is already used by "Captain Rook" at ')


def test_hostile_files_do_not_stop_the_others(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}]\n"
        for i in range(9)
    )
    _write(tmp_path, "bomb.yaml", bomb)
    _write(tmp_path, "deep.yaml", "x: " + "[" * 100_000)
    _write(tmp_path, "latin1.yaml", "game: vs-system\nname: caf\xe9\n".encode("latin-1"))
    with open(tmp_path / "huge.yaml", "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing on disk
    _write(tmp_path, "types.yaml", "game: 3\nset: [1]\ncards: {a: b}\n")
    _write(tmp_path, "good.yaml", GOOD)
    codes = {name: code for name, code, *_ in _found(tmp_path)}
    assert codes == {
        "bomb.yaml": "CS-Y004",
        "deep.yaml": "CS-Y005",
        "latin1.yaml": "CS-Y002",
        "huge.yaml": "CS-Y006",
        "types.yaml": "CS-C003",
    }


def test_cache_answers_unchanged_files_and_notices_changes(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD)
    bad = _write(
        tmp_path, "b.yaml", GOOD.replace("TST-001", "TST-002").replace("Flight\n", "Flihgt\n")
    )
    first = validate_paths([tmp_path])
    second = validate_paths([tmp_path])
    assert (first.cached, second.cached) == (0, 2)
    assert second.diagnostics == first.diagnostics
    assert second.sources == first.sources
    bad.write_text(GOOD.replace("TST-001", "TST-002"), "utf-8")
    third = validate_paths([tmp_path])
    assert (third.cached, third.diagnostics) == (1, ())


def test_the_cache_is_keyed_by_the_checks_code_and_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editable install keeps its version while its checks change: a changed check or
    message must not be answered from results cached before it."""
    import shutil

    from cardscript.cardfiles import validate

    package = tmp_path / "cardscript"
    installed = Path(__file__).resolve().parents[1] / "cardscript"
    shutil.copytree(installed, package, ignore=shutil.ignore_patterns("__pycache__"))
    before = validate.engine_fingerprint()
    monkeypatch.setattr(validate.resources, "files", lambda name: package)
    assert validate.engine_fingerprint() == before  # the copy is the installed package
    for changed in ("grammar/checks.py", "cardfiles/cardchecks.py", "codes.yaml"):
        path = package / changed
        text = path.read_text("utf-8")
        path.write_text(text + "\n# changed\n", "utf-8")
        assert validate.engine_fingerprint() != before, changed
        path.write_text(text, "utf-8")
    assert validate.engine_fingerprint() == before


def test_a_cached_file_shows_its_source_under_a_cross_file_problem(tmp_path: Path) -> None:
    # a cached file without problems of its own kept no text: a warm run showed the
    # duplicate id below without the line it is on
    _write(tmp_path, "a.yaml", GOOD)
    twin = _write(tmp_path, "b.yaml", GOOD.replace("Captain Rook", "Captain Crow"))
    first = validate_paths([tmp_path])
    second = validate_paths([tmp_path])
    assert second.cached == 2
    assert second.sources == first.sources == {str(twin): twin.read_text("utf-8")}
    shown = [runner.invoke(app, ["validate", str(tmp_path)]).stdout for _ in range(2)]
    assert shown[0] == shown[1]
    assert "4 |   - id: TST-001\n  |         ^^^^^^^\n" in shown[1]


def test_parallel_and_serial_runs_agree(tmp_path: Path) -> None:
    for n in range(10):
        text = GOOD.replace("TST-001", f"TST-{n:03}")
        if n % 3 == 0:
            text = text.replace("Flight\n", "Flihgt\n")
        _write(tmp_path, f"c{n}.yaml", text)
    serial = validate_paths([tmp_path], use_cache=False, jobs=1)
    parallel = validate_paths([tmp_path], use_cache=False, jobs=2)
    assert serial.diagnostics == parallel.diagnostics
    assert len(serial.diagnostics) == 4


runner = CliRunner()


def test_cli_exit_codes_and_json(tmp_path: Path) -> None:
    good = _write(tmp_path, "a.yaml", GOOD)
    assert runner.invoke(app, ["validate", str(good)]).exit_code == 0
    bad = _write(
        tmp_path, "b.yaml", GOOD.replace("TST-001", "TST-002").replace("Flight\n", "Flihgt\n")
    )
    result = runner.invoke(app, ["validate", "--format", "json", str(bad)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["summary"] == {"files": 1, "errors": 1, "warnings": 0, "notes": 0}
    assert data["diagnostics"][0]["code"] == "CS-P002"
    assert (data["diagnostics"][0]["line"], data["diagnostics"][0]["column"]) == (14, 7)
    assert runner.invoke(app, ["validate", str(tmp_path / "missing.yaml")]).exit_code == 2
    assert runner.invoke(app, ["validate", "--format", "xml", str(good)]).exit_code == 2


def test_warnings_fail_only_with_strict(tmp_path: Path) -> None:
    text = (
        "game: vs-system\nset: TST\ncards:\n  - id: TST-009\n    name: Quiet Place\n"
        "    type: location\n    threshold: 1\n"
    )
    path = _write(tmp_path, "a.yaml", text)
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    assert runner.invoke(app, ["validate", "--strict", str(path)]).exit_code == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.binary(max_size=400),
        st.text(max_size=400),
        st.builds(
            lambda cut, junk: GOOD[:cut] + junk + GOOD[cut:],
            st.integers(0, len(GOOD)),
            st.text(max_size=12),
        ),
    )
)
def test_validation_never_raises(data: bytes | str) -> None:
    result = check_document(load_yaml_text(data, "fuzz.yaml"))
    for d in result.diagnostics:
        assert d.code.startswith("CS-")
        assert d.span is None or d.span.line >= 1


def test_nemesis_set_must_exist(tmp_path: Path) -> None:
    hero = """\
game: marvel-champions
set: TST
cards:
  - {id: h1a, name: Kite, type: hero, back: h1b, thw: 1, atk: 2, def: 1, hit_points: 10,
     hand_size: 5, nemesis_set: kite_nemesis}
  - {id: h1b, name: Jo, type: alter_ego, back: h1a, rec: 4, hit_points: 10, hand_size: 6}
"""
    _write(tmp_path, "a.yaml", hero)
    found = [(code, line, col, msg) for _, code, line, col, msg in _found(tmp_path)]
    assert found == [
        (
            "CS-C024",
            4,
            10,
            '"Kite" names the nemesis set "kite_nemesis", but no card has that set_code',
        )
    ]


def test_boost_star_needs_a_boost_ability(tmp_path: Path) -> None:
    """MC2-T-112 (CARD-C1): a star in the boost field with no "Boost:" text warns."""
    cards = """\
game: marvel-champions
set: TST
cards:
  - {id: t1, name: Gust, type: treachery, set_code: tst, boost: {icons: 0, star: true},
     text: "When Revealed: Place 1 threat on the main scheme."}
  - {id: t2, name: Squall, type: treachery, set_code: tst, boost: {icons: 0, star: true},
     text: "Boost: Place 1 threat on the main scheme."}
"""
    _write(tmp_path, "a.yaml", cards)
    message = 'the boost field has a star, but the text has no "Boost:" ability for it'
    assert _found(tmp_path) == [("a.yaml", "CS-C035", 4, 65, message)]


def test_negative_workers_are_a_usage_error(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD)
    refused = runner.invoke(app, ["validate", str(tmp_path), "--jobs", "-2"])
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr.endswith(
        "Error: Invalid value for '--jobs' / '-j': Input should be greater than or equal to 0\n"
    )


def test_an_empty_folder_is_an_error_with_no_summary(tmp_path: Path) -> None:
    # (fuzz4: "checked 0 files: no problems" came before the error)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["validate", str(empty)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: no card files found (looked for *.yaml and *.yml)\n"
