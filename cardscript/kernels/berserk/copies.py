"""Same-name abilities (spec berserk.md §20.5, T-73; §414.4–414.5, DICT «Броня Х»).

Of several constant abilities of one name and one X on a card, the one the card got
earliest works (§414.5), and each has its own X (DICT «Броня Х»). The engine has one
ability for a keyword of one name and values however many grants give it (printed Armor 2
and Armor 2 gained are one), so what tells the copies apart is the grant behind the one
that works: ``working`` names it. When that grant ends (its duration is over, or the card
whose standing text gave it leaves), the next copy works, a different ability whose budget
("prevent the first X wounds … each turn") is its own, untouched (``kinds.prevention``).
"Loses Armor 2" takes every copy at once (§407.5), so only an end of a grant removes one.
"""

from __future__ import annotations

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility
from cardscript.interpreter.engine import Engine
from cardscript.interpreter.select import selects, test

_GAINS = ("have", "gain_keyword")


def _same(use_name: str, values: list[str], ability: CompiledAbility) -> bool:
    return use_name.casefold() == ability.origin.removeprefix("keyword:").casefold() and (
        values == [v for _, v in ability.keyword_values]
    )


def _standing(engine: Engine, uid: int, ability: CompiledAbility) -> list[tuple[int, str]]:
    """The standing texts giving the card this keyword now, as (when the card got it: the
    later of the giver's and its own entry into play, the giver)."""
    kernel = engine.kernel
    here = engine.state.cards[uid].timestamp
    out: list[tuple[int, str]] = []
    for source, text, node in engine.in_play(("verb", "keywords")):
        if not kernel.static_active(engine, source, text):
            continue
        ctx = engine.context(source, text)
        if node.condition is not None and not test(ctx, node.condition):
            continue
        for step in node.effects.steps:
            if not isinstance(step, ast.Clause) or step.duration is not None:
                continue
            if step.action.verb not in _GAINS:
                continue
            subject = step.subject
            if subject is None or isinstance(subject, ast.ThisCard):
                if source != uid:
                    continue
            elif not selects(ctx, subject, uid):
                continue
            for use in step.action.keywords:
                if _same(use.name, [a.value for a in use.args], ability):
                    stamp = max(here, engine.state.cards[source].timestamp)
                    out.append((stamp, f"card {source}@{engine.state.cards[source].timestamp}"))
    return out


def working(engine: Engine, uid: int, ability: CompiledAbility) -> str:
    """The grant behind the copy of a gained keyword ability that works now (§414.5): the
    earliest still giving it, a lasting effect by its timestamp or a standing text by
    when the card got it; empty for a printed one, which is had before any gain."""
    if not ability.origin.startswith("keyword:") or ability in engine.definition(uid).abilities:
        return ""
    found = _standing(engine, uid, ability)
    for effect in engine.state.lasting:
        if effect["kind"] != "keyword" or not effect["gain"] or not engine.covers(effect, uid):
            continue
        if _same(str(effect["keyword"]), [str(v) for v in effect.get("args", ())], ability):
            stamp = int(effect["timestamp"])
            found.append((stamp, f"effect {stamp}"))
    return min(found)[1] if found else ""
