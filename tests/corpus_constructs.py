"""The constructs of the card language a text uses, by name ("action:deal", "timing:when",
"quantifier:up_to_target"…): the corpus tests check that each game's good texts use every
construct the game has."""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast

_JOINERS = {
    ",": "comma",
    ", then": "then",
    ", and": "and",
    "and": "and_alone",
    ". then": "sentence_then",
    ".": "sentence",
}
_RULE_VALUES = {"INT": "int", "SIGNED": "signed", "WORD": "word", "ADJ": "adj"}


def constructs(script: ast.Script) -> Iterator[str]:
    """Names of the constructs a text uses (spaces in words become "_")."""
    for name in _raw_constructs(script):
        yield name.replace(" ", "_")


def _raw_constructs(script: ast.Script) -> Iterator[str]:
    if script.version is not None:
        yield "version"
    for line in script.lines:
        if line.label is not None:
            yield "label"
            if line.label.qualifier:
                yield "label_qualifier"
        for mod in line.mods:
            yield f"mod:{mod.kind}"
        for node in line.walk():
            if isinstance(node, ast.KeywordList):
                yield "keyword_list_many" if len(node.keywords) > 1 else "keyword_list"
            elif isinstance(node, ast.KeywordUse) and node.args:
                yield "keyword_arg"
                yield from (f"keyword_arg:{a.kind}" for a in node.args)
            elif isinstance(node, ast.Triggered):
                yield f"timing:{node.timing}"
                yield "triggered_cost" if node.costs is not None else "triggered"
            elif isinstance(node, ast.Activated):
                yield "activated"
            elif isinstance(node, ast.EffectAbility):
                kind = "while" if node.condition else "during" if node.during else "plain"
                yield f"effect:{kind}"
            elif isinstance(node, ast.Replacement):
                yield "replacement"
                yield from ("replacement_object",) * (node.obj is not None)
            elif isinstance(node, ast.RuleOverride):
                yield f"rule:{_RULE_VALUES[node.value_kind]}"
                yield from ("rule:for",) * (node.scope is not None)
                yield from ("rule:while",) * (node.condition is not None)
                if node.scope is None and node.condition is None:
                    yield "rule:global"
            elif isinstance(node, ast.Event):
                yield f"event:{'moment' if node.moment else 'subject' if node.subject else 'bare'}"
                if node.obj is not None and node.obj.preposition:
                    yield f"event_object:{node.obj.preposition}"
            elif isinstance(node, ast.Moment):
                yield f"moment:{node.edge}"
            elif isinstance(node, ast.Duration):
                yield from ("duration:no_the",) * (not node.the)
            elif isinstance(node, ast.Steps):
                yield from (f"joiner:{_JOINERS[j]}" for j in node.joiners)
                yield from ("where",) * bool(node.where)
            elif isinstance(node, ast.Conditional):
                yield "step:if"
            elif isinstance(node, ast.ForEach):
                yield "step:for_each"
            elif isinstance(node, ast.Choice):
                yield "step:choice"
            elif isinstance(node, ast.InPlayerOrder):
                yield "step:in_player_order"
            elif isinstance(node, ast.Cards) and node.also:
                yield "noun_list"
            elif isinstance(node, ast.Clause):
                yield from ("clause_subject",) * (node.subject is not None)
                yield from ("may",) * node.optional
                yield from ("per_each",) * (node.per_each is not None)
                yield from ("duration",) * (node.duration is not None)
                yield from ("delay",) * (node.delay is not None)
            elif isinstance(node, ast.Action):
                yield f"action:{node.verb}"
                if node.verb == "prevent":
                    yield f"prevent:{node.word or 'amount'}"
                    yield from ("prevent:each",) * (node.period is not None)
                elif node.verb == "heal" and node.word:
                    yield f"heal:{node.word}"
                elif node.verb == "move":
                    yield f"move:{node.word}"
            elif isinstance(node, ast.Destination):
                yield f"placement:{node.placement}"
                yield from ("face",) * (node.face is not None)
            elif isinstance(node, ast.Test):
                yield f"test:{node.kind}" + (":not" if node.negated else "")
            elif isinstance(node, ast.Condition):
                yield from (f"logic:{op}" for op in node.ops)
            elif isinstance(node, ast.Comparison):
                yield f"compare:{node.op or 'exact'}"
            elif isinstance(node, ast.Amount):
                yield f"amount:{node.kind}"
            elif isinstance(node, ast.PhaseRef) and node.owner:
                yield f"phase_owner:{node.owner}"
            elif isinstance(node, ast.ZoneRef) and node.possessor:
                yield f"possessor:{node.possessor}"
            elif isinstance(node, ast.Quantifier):
                yield f"quantifier:{node.kind}"
                yield from ("quantifier:up_to_target",) * (node.kind == "up_to" and node.target)
            elif isinstance(node, ast.Quality):
                yield f"quality:{node.kind}" + (":non" if node.negated else "")
                if node.kind == "possessor" and "opponent" in node.value:
                    yield "quality:possessor:opponent"
            elif isinstance(node, ast.Filter):
                yield f"filter:{node.kind}"
            elif isinstance(node, ast.ThisCard):
                yield "selector:this"
                yield from ("selector:this_noun",) * bool(node.noun)
            elif isinstance(node, ast.It):
                yield "selector:them" if node.word == "them" else "selector:it"
            elif isinstance(node, ast.ThatCard):
                yield "selector:that"
            elif isinstance(node, ast.Player):
                yield "selector:player"
                yield f"player:{node.who}"
