"""Symbiotes and equipment on their hosts (spec berserk.md §8.3, §8.4; §210, §214, §306.4–306.6).

An attachment (a symbiote or an equipment) keeps its host's uid in ``card.data["host"]``
and has no cell of its own: it stands on its host's cell, moves with it without using
movement and is adjacent to the host and to everything adjacent to the host (§210.8–210.9а,
§214.7–214.8а). Hosts are assigned at the reveal step: the first player's equipment, then the
second player's, then the symbiotes in the same order (§306.4–306.5); an attachment left
without a host dies (INTRO, hook ``orphans_die``). When the host gets a Destruction Effect
its attachments get it too and follow it to the graveyard, host first (§210.6, §214.6);
when the host changes zone otherwise, its attachments get an uncancellable Destruction
Effect at once (§210.7, applied to equipment too as the spec recommends). A symbiote whose
host gains a subtype or becomes incorporeal (it being corporeal) dies, and so does an
equipment whose host becomes a flyer or incorporeal (§210.3, §210.5; INTRO); a host that
loses its classes keeps its equipment (§214.4б).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardscript.interpreter.engine import Cause, Engine, Event

if TYPE_CHECKING:
    from cardscript.kernels.berserk.field import FieldKernel

HOST_RULE = Cause(rule="reveal step: hosts")
LOST_HOST = Cause(rule="the host changed zone")
UNFIT_HOST = Cause(rule="the host can no longer carry it")


def is_attachment(engine: Engine, uid: int) -> bool:
    definition = engine.definition(uid)
    return definition.type == "equipment" or definition.get("subtype") == "symbiote"


def host_of(engine: Engine, uid: int) -> int | None:
    """The card's host while both stand on the battlefield."""
    host = engine.state.cards[uid].data.get("host")
    if host is None or engine.state.cards[int(host)].zone != "battlefield":
        return None
    return int(host)


def attachments(engine: Engine, host: int) -> list[int]:
    """The cards riding on ``host``, in the order they were attached."""
    if engine.state.cards[host].zone != "battlefield":
        return []
    return [  # a stolen host's symbiote stays with its controller (§210.12): look at both sides
        u
        for p in engine.state.players
        for u in p.zones.get("battlefield", ())
        if engine.state.cards[u].data.get("host") == host
    ]


def _classes(engine: Engine, uid: int, field: str) -> set[str]:
    found = engine.definition(uid).get(field) or []
    return {str(c) for c in found}


def can_host(kernel: FieldKernel, engine: Engine, host: int, attachment: int) -> bool:
    """May ``host`` be given ``attachment``? A creature of the attachment's owner on the
    battlefield, revealed or not. A symbiote needs a host with no subtype and no symbiote
    yet, an incorporeal symbiote if the host is incorporeal (§210.3–210.5); an equipment
    needs a host with a class, not a flyer, not incorporeal, wearing no equipment of its
    classes (§214.4а, §214.5, §214.9; INTRO)."""
    state = engine.state
    card = state.cards[host]
    if (
        host == attachment
        or card.zone != "battlefield"
        or card.controller != state.cards[attachment].controller
        or engine.definition(host).type != "creature"
        or is_attachment(engine, host)
        or kernel.is_flyer(engine, host)
    ):
        return False
    worn = [u for u in attachments(engine, host) if u != attachment]
    incorporeal = engine.has_keyword(host, "incorporeality")
    if engine.definition(attachment).type == "equipment":
        if not _classes(engine, host, "classes"):
            return False
        if incorporeal and engine.rule("equipment_forbids_incorporeal", uid=host):
            return False
        if engine.rule("incorporeal_host_only", uid=host):
            return False
        mine = _classes(engine, attachment, "equipment_classes")
        return not any(mine & _classes(engine, u, "equipment_classes") for u in worn)
    if engine.definition(host).get("subtype"):
        return False
    if any(engine.definition(u).get("subtype") == "symbiote" for u in worn):
        return False
    if incorporeal or engine.rule("incorporeal_host_only", uid=host):
        return engine.has_keyword(attachment, "incorporeality")
    return True


def attach(engine: Engine, attachment: int, host: int) -> None:
    """Put ``attachment`` on ``host``'s cell; it keeps no cell of its own."""
    card = engine.state.cards[attachment]
    card.data.pop("cell", None)
    card.data["host"] = host
    engine.emit(Event("is_attached", subject=attachment, obj=host, player=card.controller))


def assign_hosts(kernel: FieldKernel, engine: Engine, order: list[int]) -> None:
    """§306.4–306.6: each player in turn gives each of their equipment a host, then each
    of their symbiotes; the owner chooses among the eligible creatures. Those left without
    one die (INTRO)."""
    orphans: list[int] = []
    for kind in ("equipment", "symbiote"):
        for player in order:
            for uid in list(kernel.squad(engine, player)):
                definition = engine.definition(uid)
                if (definition.type if kind == "equipment" else definition.get("subtype")) != kind:
                    continue
                squad = kernel.squad(engine, player)
                hosts = [h for h in squad if can_host(kernel, engine, h, uid)]
                if not hosts:
                    orphans.append(uid)
                    continue
                labels = [f"{definition.name} on {engine.describe(h)}" for h in hosts]
                (picked,) = engine.choose(player, "option", "assign a host", hosts, labels)
                attach(engine, uid, hosts[picked])
    for uid in orphans:
        if engine.rule("orphans_die", uid=uid):
            engine.apply("destroy", HOST_RULE, target=uid, killer=None)


def follow_host(engine: Engine, host: int, riders: list[int], cause: Cause) -> None:
    """The host has left the battlefield: its attachments go to the graveyard after it
    (§210.6, §214.6) — on its own Destruction Effect, or on the uncancellable one its
    leaving gives them (§210.7)."""
    for uid in riders:
        engine.state.cards[uid].data.pop("host", None)
        engine.apply("destroy", cause, target=uid, killer=None)


def still_fits(kernel: FieldKernel, engine: Engine, uid: int, host: int) -> bool:
    """May ``uid`` go on riding ``host`` (§210.3, §210.5; INTRO for equipment)?"""
    if engine.definition(uid).type == "equipment":
        incorporeal = engine.has_keyword(host, "incorporeality") and bool(
            engine.rule("equipment_forbids_incorporeal", uid=host)
        )
        return not (kernel.is_flyer(engine, host) or incorporeal)
    if engine.definition(host).type != "creature" or engine.definition(host).get("subtype"):
        return False
    return not engine.has_keyword(host, "incorporeality") or engine.has_keyword(
        uid, "incorporeality"
    )


def drop_unfit(kernel: FieldKernel, engine: Engine) -> bool:
    """Riders whose host can no longer carry them die (a base effect); True if one did."""
    riders = [
        (u, int(engine.state.cards[u].data["host"]))
        for p in engine.state.players
        for u in p.zones.get("battlefield", ())
        if engine.state.cards[u].data.get("host") is not None
    ]
    unfit = [u for u, host in riders if not still_fits(kernel, engine, u, host)]
    for uid in unfit:
        engine.state.cards[uid].data.pop("host", None)
        engine.apply("destroy", UNFIT_HOST, target=uid, killer=None)
    return bool(unfit)
