"""`cardscript validate` resolves a file's references against the bundled cards of its
game too, as ``play --cards`` does, and refuses a bundled card's id, as ``play --cards``
does (the files given first: a bundled file given is checked as given)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardscript.cardfiles.validate import validate_paths
from cardscript.cli.main import app
from cardscript.games import bundled_cards_dir
from tests.test_validate import _found

runner = CliRunner()
BULWARK = bundled_cards_dir() / "marvel-champions" / "bulwark.yaml"

# a hero card for Bulwark (a bundled hero), and a hero of its own whose nemesis set is
# Bulwark's (a bundled set)
NAMING = """\
game: marvel-champions
set: XT
cards:
- id: xt-01
  name: Steel Resolve
  type: event
  cost: 1
  resources: [physical]
  text: |
    Hero Action: Draw 1 card.
  aspect: hero
  owner: bulwark-hero
- id: xt-hero
  name: Night Owl
  type: hero
  traits: [Vigilante]
  back: xt-alter-ego
  thw: 2
  atk: 2
  def: 2
  hit_points: 10
  hand_size: 5
  nemesis_set: bulwark-nemesis
- id: xt-alter-ego
  name: Dan Dreiberg
  type: alter_ego
  traits: [Civilian]
  back: xt-hero
  rec: 3
  hit_points: 10
  hand_size: 6
"""
TAKING = """\
game: marvel-champions
set: XT
cards:
- id: bulwark-01
  name: Shield Smash
  type: event
  cost: 2
  resources: [physical]
  text: |
    Hero Action (attack): Deal 4 damage to target enemy.
  aspect: hero
  owner: bulwark-hero
"""


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSCRIPT_CACHE_DIR", str(tmp_path / "cache"))


def _hints(path: Path) -> list[tuple[str, ...]]:
    return [d.hints for d in validate_paths([path]).diagnostics]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def test_a_card_may_name_a_bundled_card_as_play_allows(tmp_path: Path) -> None:
    # (before: CS-C021 "owner" names the card "bulwark-hero", which does not exist, and
    # CS-C024 for the nemesis set)
    extra = _write(tmp_path, "extra.yaml", NAMING)
    assert _found(tmp_path, "extra.yaml") == []
    assert _found(tmp_path, "extra.yaml", use_cache=False) == []
    checked = runner.invoke(app, ["validate", str(extra)])
    assert (checked.exit_code, checked.stderr) == (0, "checked 1 file: no problems\n")


def test_pocket_duel_heroes_and_teams_may_be_bundled_heroes(tmp_path: Path) -> None:
    legacy = _write(
        tmp_path,
        "legacy.yaml",
        "game: pocket-duel\nset: XT\ncards:\n"
        "- id: xt-legacy\n  name: Automa Old Guard\n  type: automa_legacy\n"
        "  team: [cinder-hero, ivo-hero, nell-hero]\n"
        "  hero_order: [nell-hero, cinder-hero, ivo-hero]\n"
        "  transfer_types: [weapon, rest]\n",
    )
    assert _found(tmp_path, "legacy.yaml") == []
    legacy.write_text(legacy.read_text("utf-8").replace("nell-hero]", "nel-hero]"), "utf-8")
    assert _found(tmp_path, "legacy.yaml") == [
        ("legacy.yaml", "CS-C021", 7, 33, '"team" names the card "nel-hero", which does not exist')
    ]
    assert _hints(legacy) == [('did you mean "nell-hero"?',)]


def test_a_bundled_card_s_id_is_taken_as_play_refuses(tmp_path: Path) -> None:
    extra = _write(tmp_path, "extra.yaml", TAKING)
    assert _found(tmp_path, "extra.yaml") == [
        (
            "extra.yaml",
            "CS-C020",
            4,
            7,
            f'the id "bulwark-01" is already used by "Shield Bash" at {BULWARK}:38:7',
        ),
    ]
    assert _hints(extra) == [("ids must be unique within a game, the bundled cards' too",)]
    deck = str(bundled_cards_dir().parent / "decks" / "marvel-champions" / "bulwark.yaml")
    played = runner.invoke(app, ["play", "marvel-champions", "--deck", deck, "--cards", str(extra)])
    assert (played.exit_code, played.stderr) == (
        1,
        f'error: {extra}:4:7: card id "bulwark-01" is already defined by the bundled cards; '
        "perhaps try a new id\n",
    )


def test_the_other_side_named_must_name_this_one_bundled_or_not(tmp_path: Path) -> None:
    extra = _write(
        tmp_path, "extra.yaml", NAMING.replace("back: xt-alter-ego", "back: bulwark-alter-ego")
    )
    assert _found(tmp_path, "extra.yaml") == [
        (
            "extra.yaml",
            "CS-C022",
            13,
            7,
            '"xt-hero" names "bulwark-alter-ego" as its other side, but "bulwark-alter-ego" '
            'does not name "xt-hero"',
        ),
        (
            "extra.yaml",
            "CS-C022",
            24,
            7,
            '"xt-alter-ego" names "xt-hero" as its other side, but "xt-hero" does not name '
            '"xt-alter-ego"',
        ),
    ]
    assert _hints(extra) == [
        ('perhaps try "back: xt-hero" on "bulwark-alter-ego"',),
        ('perhaps try "back: xt-alter-ego" on "xt-hero"',),
    ]


def test_a_bundled_file_given_is_checked_as_given_not_twice(tmp_path: Path) -> None:
    assert _found(BULWARK.parent, BULWARK.name) == []
    assert _found(BULWARK.parent) == []
    (tmp_path / "linked.yaml").symlink_to(BULWARK)  # (the same file by another name)
    assert _found(tmp_path, "linked.yaml") == []
    (tmp_path / "copied.yaml").write_bytes(BULWARK.read_bytes())  # (another file)
    assert [d[:4] for d in _found(tmp_path, "copied.yaml")][:2] == [
        ("copied.yaml", "CS-C020", 5, 7),
        ("copied.yaml", "CS-C020", 18, 7),
    ]


def test_a_warm_run_reads_only_the_bundled_files_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path, "extra.yaml", TAKING)
    cold = _found(tmp_path, "extra.yaml")
    cache = next((tmp_path / "cache").glob("results-*.json"))
    kept = [k for k in json.loads(cache.read_text("utf-8")) if k.startswith("cards:")]
    assert len(kept) == len(list(BULWARK.parent.glob("*.yaml")))  # (every bundled file)
    from cardscript.cardfiles import yamlsource

    def unread(*args: object, **kwargs: object) -> None:
        raise AssertionError("a bundled file was read as YAML again")

    monkeypatch.setattr(yamlsource, "load_yaml_file", unread)
    assert _found(tmp_path, "extra.yaml") == cold
