"""Keywords gained and lost in play: from lasting effects and standing text, worked out
once per moment of the game, with the abilities the gained ones bring (§407.5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from cardscript.grammar import ast
from cardscript.interpreter.cards import CompiledAbility, play_keys, use_key
from cardscript.interpreter.lasting import covered
from cardscript.interpreter.select import candidates

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine
    from cardscript.interpreter.parts import EngineParts
else:
    EngineParts = object


class KeywordView(NamedTuple):
    """Keywords gained and lost in play (``Engine._keywords_now``), by card."""

    by_key: dict[Any, list[tuple[int, CompiledAbility, Any]]]  # by ``play_index`` key
    abilities: dict[int, tuple[CompiledAbility, ...]]
    names: dict[int, frozenset[str]]  # the keywords gained
    lost: dict[int, frozenset[str]]


@dataclass
class _Gains:
    """What the engine keeps about keywords gained in play (``Engine._keywords_now``)."""

    moving: frozenset[str]  # the keywords that may be gained or lost
    gain_keys: frozenset[Any]  # the ``play_index`` keys gained ones bring
    blanks: bool = False  # some text makes a card lose all abilities (``lost_all``)
    gaining: bool = False  # being worked out: only printed keywords count meanwhile
    key: tuple[Any, ...] = ()
    view: KeywordView | None = None


class KeywordsInPlay(EngineParts):
    """Keywords cards have now (a mixin of ``Engine``)."""

    # Keywords gained in play: an instance attribute only for a pool whose text (or rules)
    # can move keywords; not a field, since an object with 30 attributes or more reads
    # every one of them slower (Python's shared instance keys), and the engine is hot.
    _kw: ClassVar[_Gains | None] = None

    def card_abilities(self, uid: int, kind: type | None = None) -> tuple[CompiledAbility, ...]:
        """The card's abilities now (of one AST kind): printed, with its printed keywords'
        (``CardDef.abilities``), and those of the keywords it has gained in play."""
        definition = self.definition(uid)
        printed = definition.abilities if kind is None else definition.by_kind.get(kind, ())
        if self._kw is not None and printed and uid in self.lost_all():
            printed = tuple(a for a in printed if self.kept_when_lost(a))
        kw = self._keywords_move()
        if kw is None or (kind is not None and kind not in kw.gain_keys):
            return printed
        gained = self._keywords_now().abilities.get(uid)
        if not gained:
            return printed
        if kind is not None:
            gained = tuple(a for a in gained if type(a.node) is kind)
        return printed + gained

    def lost_all(self) -> frozenset[int]:
        """The cards that have lost all their abilities now ("target creature loses all
        abilities until the end of the turn"): their own, printed keywords included, are
        gone; those other cards gave them, in play or lent for a period, stay (Berserk
        §407.4). Read from the lasting effects, only where the pool's text can say it."""
        kw, lasting = self._kw, self.state.lasting
        if kw is None or not kw.blanks or not lasting:
            return frozenset()
        return frozenset(u for e in lasting if e["kind"] == "abilities_lost" for u in e["uids"])

    def kept_when_lost(self, ability: CompiledAbility) -> bool:
        """Does a card that lost all its abilities keep this printed one: a line the rules
        count as acquired, or the keyword that links it (``Kernel.acquired_labels``:
        Berserk's Formation and its Formation-linked lines, §407.4)?"""
        label = ability.line.label
        kept = self.kernel.acquired_labels
        if label is not None and label.name in kept:
            return True
        return ability.origin.startswith("keyword:") and _keyword_id(ability.origin) in kept

    def _keywords_move(self) -> _Gains | None:
        if self.pool.version != self._pool_version:
            self._know_pool()
        kw = self._kw
        return None if kw is None or kw.gaining else kw

    def _keywords_now(self) -> KeywordView:
        """The keywords cards in play have gained and lost now, and the abilities the gained
        ones bring: from lasting effects ("gains Plague", "loses Poisoning X") and standing
        text ("Formation: this has Protection from Magic"), a keyword's own "this has"
        included. A lost keyword cannot be gained (§407.5). Worked out again when anything
        happened (a change, an event, a zone change, a lasting effect, a new step); while
        it is worked out, only printed keywords count."""
        state = self.state
        key = (
            id(state),
            self.steps,
            state.clock,
            id(state.lasting),
            len(state.lasting),
            len(state.history),
            state.phase,
            state.step,
            state.turn,
        )
        kw = self._kw
        assert kw is not None
        view = kw.view
        if view is not None and key == kw.key:
            return view
        kw.gaining = True
        try:
            view = self._work_out_keywords()
        finally:
            kw.gaining = False
        kw.key, kw.view = key, view
        return view

    def _work_out_keywords(self) -> KeywordView:
        state = self.state
        kernel = self.kernel
        zones = kernel.play_zones
        gains: dict[int, list[ast.KeywordUse]] = {}
        lost: dict[int, set[str]] = {}
        # a keyword that comes back as a new ability, gained after it was lost (DICT «Броня Х»)
        regained: dict[int, list[tuple[ast.KeywordUse, int]]] = {}
        # abilities granted written out (text, granter), or copied (key, None)
        written: dict[int, list[tuple[str, int | None]]] = {}
        for effect in state.lasting:  # oldest first
            if effect["kind"] == "copied":  # ``lasting.copy_abilities``
                for uid in effect["uids"]:
                    written.setdefault(uid, []).extend((k, None) for k in effect["abilities"])
                continue
            if effect["kind"] not in ("grant", "keyword"):
                continue
            held = covered(cast("Engine", self), effect) if "group" in effect else effect["uids"]
            if effect["kind"] == "grant":  # ``lasting_steps.grant``
                giver = effect.get("giver")
                for uid in held:
                    written.setdefault(uid, []).append(
                        (effect["text"], uid if giver is None else giver)
                    )
                continue
            for uid in held:
                if effect["gain"]:
                    args = tuple(ast.Arg("WORD", str(v)) for v in effect.get("args", ()))
                    use = ast.KeywordUse(effect["keyword"], args)
                    if use.name in lost.get(uid, ()) and self.pool.regained_is_new(use.name):
                        regained.setdefault(uid, []).append((use, effect.get("timestamp", 0)))
                    else:
                        gains.setdefault(uid, []).append(use)
                else:
                    lost.setdefault(uid, set()).update(self.pool.brought(effect["keyword"]))
                    regained.pop(uid, None)  # lost again: the regained copy goes too
        blank = self.lost_all()
        texts = list(self.in_play(("verb", "keywords")))
        done: set[tuple[int, tuple[str, tuple[str, ...]]]] = set()
        # by card: each gained keyword, the abilities and keywords it brings
        brings: dict[int, list[tuple[str, tuple[CompiledAbility, ...], set[str]]]] = {}
        while True:
            for source, ability, node in texts:
                if not self.static_applies(source, ability, node):
                    continue
                ctx = self.context(source, ability)
                for step in node.effects.steps:
                    if (
                        not isinstance(step, ast.Clause)
                        or step.action.verb not in _GRANTS
                        or step.duration is not None
                    ):
                        continue
                    subject = step.subject
                    if subject is None or isinstance(subject, ast.ThisCard):
                        targets = [source]
                    else:
                        targets = [t for t in candidates(ctx, subject) if isinstance(t, int)]
                    if step.action.verb == "grant_ability":
                        for uid in targets:
                            written.setdefault(uid, []).append((step.action.text or "", source))
                        continue
                    for uid in targets:
                        for use in step.action.keywords:
                            if step.action.verb == "lose_keyword":
                                lost.setdefault(uid, set()).update(self.pool.brought(use.name))
                            else:
                                gains.setdefault(uid, []).append(use)
            texts = []
            for uid, uses in gains.items():
                card = state.cards[uid]
                if card.zone not in zones or not kernel.text_active(cast("Engine", self), uid):
                    continue
                definition = self.definition(uid)
                # (a card that lost all its abilities has none printed to gain again)
                printed = set() if uid in blank else {use_key(k) for k in definition.keywords}
                for use in uses:
                    wanted = use_key(use)
                    if wanted in printed or (uid, wanted) in done:
                        continue
                    done.add((uid, wanted))
                    brought, keywords = self.pool.gained(card.card_id, use)
                    named = {k.name for k in keywords}
                    brings.setdefault(uid, []).append((use.name, brought, named))
                    texts.extend(
                        (uid, a, a.node) for a in brought if ("verb", "keywords") in play_keys(a)
                    )
            if not texts:
                break
        for uid, again in regained.items():
            card = state.cards[uid]
            if card.zone in zones and kernel.text_active(cast("Engine", self), uid):
                for new_use, instance in again:
                    brought, keywords = self.pool.gained(card.card_id, new_use, instance)
                    brings.setdefault(uid, []).append(("", brought, {k.name for k in keywords}))
        for uid, grants in written.items():
            card = state.cards[uid]
            if card.zone in zones and kernel.text_active(cast("Engine", self), uid):
                for text, granter in dict.fromkeys(grants):
                    brought = (
                        self.pool.copied(card.card_id, text)
                        if granter is None
                        else self.pool.granted(card.card_id, text, granter)
                    )
                    brings.setdefault(uid, []).append(("", brought, set()))
        index: dict[Any, list[tuple[int, CompiledAbility, Any]]] = {}
        kept: dict[int, tuple[CompiledAbility, ...]] = {}
        names: dict[int, frozenset[str]] = {}
        for uid, found in brings.items():
            gone = lost.get(uid, set())
            mine: list[CompiledAbility] = []
            have: set[str] = set()
            for name, brought, named in found:
                if not name and named:  # regained as a new ability: it is had again
                    have |= named
                    mine.extend(brought)
                    continue
                if name in gone:
                    continue  # a lost keyword brings nothing, nor can it be gained (§407.5)
                have |= named - gone
                mine.extend(a for a in brought if _keyword_id(a.origin) not in gone)
            kept[uid] = tuple(mine)
            names[uid] = frozenset(have)
            for ability in mine:
                for k in play_keys(ability):
                    index.setdefault(k, []).append((uid, ability, ability.node))
        return KeywordView(index, kept, names, {u: frozenset(n) for u, n in lost.items()})

    def has_keyword(self, uid: int, keyword: str) -> bool:
        kw = self._keywords_move()
        if kw is not None and keyword in kw.moving:
            view = self._keywords_now()
            if keyword in view.names.get(uid, ()):
                return True  # gained, or regained as a new ability after a loss
            if keyword in view.lost.get(uid, ()):
                return False
            return self._printed_keyword(uid, keyword)
        if self._printed_keyword(uid, keyword):
            lost = any(
                e["kind"] == "keyword"
                and not e["gain"]
                and e["keyword"] == keyword
                and self.covers(e, uid)
                for e in self.state.lasting
            )
            return not lost
        return any(
            e["kind"] == "keyword" and e["gain"] and e["keyword"] == keyword and self.covers(e, uid)
            for e in self.state.lasting
        )

    def _printed_keyword(self, uid: int, keyword: str) -> bool:
        if not self.definition(uid).has_keyword(keyword):
            return False
        if self._kw is None or keyword in self.kernel.acquired_labels:
            return True  # (kept by a card that lost all its abilities)
        return uid not in self.lost_all()

    def ability_lost(self, uid: int, ability: CompiledAbility) -> bool:
        """Is this keyword ability of the card gone with its keyword (§407.5)? A printed
        copy is gone while the keyword is lost; a copy gained in play counts while it is
        had, a keyword regained as a new ability included (DICT «Броня Х»)."""
        if not ability.origin.startswith("keyword:"):
            return False
        keyword = _keyword_id(ability.origin)
        kw = self._keywords_move()
        if kw is not None and keyword in kw.moving:
            view = self._keywords_now()
            if ability in view.abilities.get(uid, ()):
                return False
            if keyword in view.lost.get(uid, ()):
                return True
        return not self.has_keyword(uid, keyword)


_GRANTS = frozenset({"have", "gain_keyword", "lose_keyword", "grant_ability"})


def _keyword_id(origin: str) -> str:
    """The keyword id behind an ability's origin ("keyword:Armor" -> "armor")."""
    return origin.removeprefix("keyword:").casefold().replace(" ", "_")
