"""Marvel Champions: the primitives whose work is a rules procedure of the turn or the
villain phase (a forced change of form, dealing an encounter card, an enemy's attack or
scheme, a thwart, a minion engaging, spending Uses tokens, putting a card into play,
removing threat under a Crisis icon, paying typed resources)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardscript.interpreter import primitives
from cardscript.interpreter.engine import Cause, Event
from cardscript.interpreter.select import Seat
from cardscript.kernels.marvel_champions import player as turns
from cardscript.kernels.marvel_champions import resources
from cardscript.kernels.marvel_champions import villain as vphase
from cardscript.kernels.marvel_champions.statuses import status_room

if TYPE_CHECKING:
    from cardscript.interpreter.engine import Engine, PrimitiveFn
    from cardscript.interpreter.primitives import Target
    from cardscript.kernels.marvel_champions.kernel import MarvelChampionsKernel


def verb_primitives(k: MarvelChampionsKernel) -> dict[str, PrimitiveFn]:
    def seat_of(engine: Engine, target: Target) -> int:
        return target.index if isinstance(target, Seat) else engine.state.cards[target].controller

    def change_form(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """A forced flip: it does not use the once-per-turn change (S029)."""
        turns.change_form(k, engine, seat_of(engine, target), voluntary=False)
        return True

    def deal_encounter(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """G41: face down in front of the player, revealed in the villain phase (S068)."""
        return vphase.deal_encounter(k, engine, seat_of(engine, target))

    def activation(scheme: bool) -> PrimitiveFn:
        def activate(
            engine: Engine, cause: Cause, target: Target, actor: int | None = None, **_: Any
        ) -> bool:
            """Card text "the villain attacks you" / "... attacks a hero" (G01, S006), "the
            villain schemes" (G19): an activation of the enemy against that player (the
            one resolving the text), as an attack or a scheme."""
            enemy = actor if actor is not None else cause.source
            if enemy is None or engine.state.cards[enemy].zone != "play":
                return False
            if scheme and engine.card_type(enemy) not in ("villain", "minion"):
                return False
            player = seat_of(engine, target)
            vphase.activate(k, engine, enemy, player, attack=not scheme, scheme=scheme)
            return True

        return activate

    def thwart(
        engine: Engine, cause: Cause, target: Target, actor: int | None = None, **_: Any
    ) -> bool:
        """Card text "thwart target scheme" (G44, S116): a thwart attempt of the character
        acting, or of the player's identity for an event's text; nothing exhausts. One that
        "cannot thwart" makes none (False; a confused one keeps its confused card)."""
        uid = actor if actor is not None else cause.source
        if uid is None or not isinstance(target, int) or target not in k.schemes(engine):
            return False
        player = engine.state.cards[uid].controller
        if engine.card_type(uid) not in ("hero", "ally"):
            found = k.identity(engine, player)
            if found is None:
                return False
            uid = found
        if not k.may(engine, uid, "thwart"):
            return False
        return turns.thwart(k, engine, uid, target, player)

    def engage(
        engine: Engine, cause: Cause, target: Target, actor: int | None = None, **_: Any
    ) -> bool:
        """Card text "engage target minion" (the player of the text) or "this engages
        you" (G70): the minion moves in front of that player, who it now engages; "when
        this engages you" is heard (Quickstrike)."""
        if isinstance(target, Seat):
            minion, player = (actor if actor is not None else cause.source), target.index
        elif cause.source is not None:
            minion, player = target, engine.state.cards[cause.source].controller
        else:
            return False
        if minion is None or engine.card_type(minion) != "minion":
            return False
        card = engine.state.cards[minion]
        if card.zone != "play" or (card.controller == player and "shared" not in card.data):
            return False
        engine.state.move(minion, "play", player=player)
        engine.emit(Event("engages", subject=minion, player=player))
        k.resolve_pending(engine)
        return True

    def spend(engine: Engine, cause: Cause, player: int, amount: int, **_: Any) -> bool:
        """The cost "spend N": Uses tokens of the card whose ability it is (K1)."""
        if cause.source is None:
            return False
        counters = engine.state.cards[cause.source].counters
        if counters.get("all_purpose", 0) < amount:
            return False
        counters["all_purpose"] -= amount
        return True

    def move(
        engine: Engine, cause: Cause, uid: int, zone: str, played: bool = False, **args: Any
    ) -> None:
        """A card put into play enters play (G21, S121): it is ready and its "enters
        play" abilities (Toughness, Uses) trigger; it was not played (MC-PLAY-4); a minion
        in a player's area engages that player (G70). A card ``played`` from hand: the
        caller says when it enters play."""
        card = engine.state.cards[uid]
        was = card.zone
        if zone == "play":
            primitives.move(engine, cause, uid, zone, **args)
        elif not k.out_of_play(  # returned to a hand, a deck …: heard as it leaves play
            engine, uid, lambda _: primitives.move(engine, cause, uid, zone, **args)
        ):
            return  # its leaving was cancelled or replaced
        if zone == "play" and was != "play":
            card.face_up = True
            card.states.discard("exhausted")  # ready (G22)
            if not played:
                engine.emit(Event("enters_play", subject=uid, player=card.controller))
                if uid in k.engaged(engine, card.controller):  # G70: it engages them
                    engine.emit(Event("engages", subject=uid, player=card.controller))

    def remove_counters(engine: Engine, cause: Cause, uid: int, counter: str, amount: int) -> bool:
        """G55 Crisis: no threat leaves the main scheme while a Crisis icon is in play."""
        if (
            counter == "threat"
            and uid == k.main_scheme(engine)
            and vphase.icons(k, engine, "crisis")
        ):
            return False
        if counter == "threat" and cause.rule is None:  # (a thwart's, ``turns.thwart``)
            k.dealt_by(engine, uid, cause.source)  # a side scheme it defeats: theirs
        return primitives.remove_counters(engine, cause, uid, counter, amount)

    def pay(engine: Engine, cause: Cause, player: int, resource: str, amount: int) -> bool:
        """A cost "pay N <type> resource(s)": generated like a card's cost (MC2-T-052),
        keeping the later steps of the cost payable (``Engine.cost_after``)."""
        kind = resources.typed(resource)
        return resources.pay(engine, player, cause.source, amount, kind, engine.cost_after)

    def heal(engine: Engine, cause: Cause, target: Target, **args: Any) -> bool | None:
        """A card that "cannot be healed" is not: "cannot" is absolute (G74, S063), and
        the refusal is False for "it" and "if you do". With ``heal_above_max``, or a heal
        "beyond its maximum hit points" (``beyond``), healing goes past the maximum (G57,
        S118): the surplus is kept as negative damage, so the card has that many hit points
        more left."""
        if isinstance(target, int) and engine.permitted("be_healed", target) is False:
            return False
        if isinstance(target, int) and (
            args.get("beyond") or engine.rule("heal_above_max", uid=target)
        ):
            counters = engine.state.cards[target].counters
            counters["damage"] = counters.get("damage", 0) - int(args.get("amount") or 0)
            engine.emit(Event("healed", subject=target, amount=args.get("amount")))
            return None
        primitives.heal(engine, cause, target, **args)
        return None

    def add_counters(
        engine: Engine, cause: Cause, uid: int, counter: str, amount: int
    ) -> bool | None:
        """At most ``status_card_limit`` status cards of a kind on a card, none that its
        text forbids ("This cannot be stunned.": G49, G74): where none may be placed,
        nothing is (False: "if you do" after it does not run). Threat placed on a scheme,
        by card text or by the rules (villain step 1, a scheme activation, a move), is
        heard as the scheme's ``gets_threat`` and the subjectless ``threat_placed`` ("After
        threat is placed on the main scheme"), the scheme its object (G19, G37)."""
        room = status_room(engine, uid, counter)
        if room is not None:
            if room <= 0:
                return False
            amount = min(amount, room)
        primitives.add_counters(engine, cause, uid, counter, amount)
        if counter == "threat" and amount > 0:
            engine.happened("gets_threat", uid, None, None, amount, cause.source)
            engine.happened("threat_placed", None, None, uid, amount, cause.source)
        return None

    def reveal(
        engine: Engine, cause: Cause, uids: tuple[int, ...], zone: str | None, player: int | None
    ) -> None:
        """An encounter card out of play that card text reveals is revealed as in villain
        step 4, for the player resolving the text (MC2-T-058, MC2-T-107, ``resolver``);
        other cards are only shown."""
        shown = []
        for uid in uids:
            card = engine.state.cards[uid]
            if card.data.get("encounter") and card.zone not in ("play", "revealing"):
                vphase.reveal(k, engine, uid, resolver(engine, cause.source))
            else:
                shown.append(uid)
        primitives.reveal(engine, cause, tuple(shown), zone, player)
        if zone == "encounter_deck" and not uids:  # a search found nothing (S081)
            vphase.refill(k, engine, searched=True)

    def resolver(engine: Engine, source: int | None) -> int:
        """The player resolving a card's text: the one revealing it while its reveal
        lasts (Surge's text runs once the card is discarded, K4), else its controller."""
        if source is None:
            return 0
        found = k.revealers.get(source)
        return engine.state.cards[source].controller if found is None else found

    def attach(engine: Engine, cause: Cause, target: Target, **_: Any) -> bool:
        """The card whose text it is attaches to a card in play (G04, MC-ATTACH-1); it
        leaves play with it (``to_discard``)."""
        if cause.source is None or not isinstance(target, int):
            return False
        if engine.state.cards[target].zone != "play" or target == cause.source:
            return False
        engine.state.cards[cause.source].attached_to = target
        return True

    def gain_control(engine: Engine, cause: Cause, uid: int, player: int) -> None:
        """A card changes control with what is attached to it (G15, S034)."""
        primitives.gain_control(engine, cause, uid, player)
        for other in list(engine.state.cards.values()):
            if other.attached_to == uid and other.zone == "play" and not other.data.get("shared"):
                primitives.gain_control(engine, cause, other.uid, player)

    return {
        "gain_control": gain_control,
        "attach": attach,
        "attack": activation(scheme=False),
        "scheme": activation(scheme=True),
        "thwart": thwart,
        "engage": engage,
        "reveal": reveal,
        "add_counters": add_counters,
        "heal": heal,
        "pay": pay,
        "change_form": change_form,
        "deal_encounter": deal_encounter,
        "spend": spend,
        "move": move,
        "remove_counters": remove_counters,
    }
