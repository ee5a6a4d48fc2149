"""Semantic checks of a parsed card text against its game's registry.

The parser already refuses words the game does not know; these checks catch texts that
are well-formed but cannot mean anything: a stat change with nobody to receive it, an X
that nothing defines, a keyword used with the wrong arguments, a rule value of the wrong
type.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.late_prevention import check_late_prevention
from cardscript.grammar.registry import Registry

_SUBJECT_VERBS = frozenset({"get", "have", "set_stat", "grant_ability", "can", "cannot", "become"})
_BOOL_VALUES = frozenset({"on", "off", "true", "false", "yes", "no"})


def check_script(
    script: ast.Script, registry: Registry, *, params: tuple[str, ...] = ()
) -> list[Diagnostic]:
    """Every semantic problem of one card text (or one keyword body, with its params)."""
    problems: list[Diagnostic] = []
    for line in script.lines:
        problems.extend(check_line(line, registry, params))
    return problems


def check_line(
    line: ast.AbilityLine, registry: Registry, params: tuple[str, ...] = ()
) -> Iterator[Diagnostic]:
    ability = line.ability
    if isinstance(ability, ast.KeywordDef):
        for item in ability.body:
            yield from check_line(item, registry, ability.params + params)
        return
    if isinstance(ability, ast.Activated) and registry.no_activated:
        instead = registry.no_activated_instead
        yield error(
            "CS-T008",
            f"an activated ability is never used in {registry.title}: {registry.no_activated}",
            ability.span,
            f'perhaps try "{instead}"' if instead else "",
        )
    yield from check_late_prevention(line, registry)
    bound = (
        set(params)
        | set(cost_names(ability))
        | {b.name for node in line.walk() if isinstance(node, ast.Steps) for b in node.where}
        | {node.name for node in line.walk() if isinstance(node, ast.DeclaredNumber)}
    )
    # "loses Poisoning" means the keyword whatever its value: no value is needed there
    losing = {
        id(k)
        for n in line.walk()
        if isinstance(n, ast.Action) and n.verb == "lose_keyword"
        for k in n.keywords
    }
    for node in line.walk():
        if isinstance(node, ast.KeywordUse):
            if id(node) not in losing or node.args:
                yield from _check_keyword_use(node, registry)
        elif isinstance(node, ast.Clause):
            yield from _check_clause(node)
            yield from _check_effect_verb(node.action, registry)
            yield from _check_core_action(node.action, registry, line.label)
            yield from _check_destination(node.action, registry)
            if node.action.verb == "grant_ability":
                yield from _check_granted(node.action, registry)
        elif isinstance(node, ast.Amount) and node.kind == "var" and node.value not in bound:
            yield error(
                "CS-T003",
                f"{node.value} is not defined here",
                node.span,
                f"perhaps try a number, or a cost that sets {node.value} such as "
                f'"pay {node.value} …"',
            )
        elif (
            isinstance(node, ast.StatMod)
            and node.delta[1:] in ("X", "Y", "Z", "N")
            and (node.delta[1:] not in bound)
        ):
            yield error(
                "CS-T003",
                f"{node.delta[1:]} is not defined here",
                node.span,
                "perhaps try a number such as +1",
            )
        elif isinstance(node, ast.RuleOverride):
            yield from _check_rule_value(node, registry)
        elif isinstance(node, ast.Steps):
            yield from _check_steps(node)
        elif isinstance(node, ast.Test) and node.kind == "has_resource":
            yield from _check_has_resource(node, registry)


def _check_has_resource(test: ast.Test, registry: Registry) -> Iterator[Diagnostic]:
    """Only players hold resources: "if this has 3 or more energy" asks a card."""
    from cardscript.grammar.format_phrases import PhraseFormatter

    if isinstance(test.subject, ast.Player) or test.subject is None:
        return
    words = PhraseFormatter(registry)
    resource = words.spell("RESOURCE", test.name or "")
    asked = f"{words.comparison(test.comparison)} {resource}" if test.comparison else resource
    yield error(
        "CS-T011",
        f'only a player has {resource}, and "{words.selector(test.subject)}" is a card',
        test.subject.span,
        f'perhaps try "you have {asked}" (its controller\'s {resource})',
    )


def _check_granted(action: ast.Action, registry: Registry) -> Iterator[Diagnostic]:
    """A granted ability written out ('have "close this → …"') must be one ability of
    card script itself; its problems are reported at the quoted text."""
    from cardscript.grammar.parser import parse_script

    result = parse_script(action.text or "", registry)
    problems = list(result.diagnostics) + check_script(result.script, registry)
    if problems:
        message = f"the granted ability does not read: {problems[0].message}"
    elif len(result.script.lines) != 1:
        message = f"a grant holds one ability, not {len(result.script.lines)}"
    else:
        return
    yield error(
        "CS-T006",
        message,
        action.span,
        'perhaps try one ability in the quotes, such as "close this → …"',
    )


def cost_names(ability: ast.Node) -> tuple[str, ...]:
    """The X (Y, …) an ability's costs name, in text order: X is then defined by the cost
    that pays it ("pay X energy → deal X damage"; the engine has the payer choose it)."""
    costs = getattr(ability, "costs", None)
    if costs is None:
        return ()
    found = (str(n.value) for n in costs.walk() if isinstance(n, ast.Amount) and n.kind == "var")
    return tuple(dict.fromkeys(found))


def _check_keyword_use(use: ast.KeywordUse, registry: Registry) -> Iterator[Diagnostic]:
    term = registry.term("KW", use.name)
    if term is None:
        return
    wanted = len(term.params)
    if wanted and len(use.args) < wanted:
        shape = "a strike such as 1-2-3" if term.params[0].count("-") == 2 else "a number"
        example = "1-2-3" if "-" in term.params[0] else "1"
        yield error(
            "CS-T001",
            f"{term.text} needs {shape}"
            if wanted == 1
            else f"{term.text} needs {wanted} values ({', '.join(term.params)})",
            use.span,
            f'perhaps try "{term.text} {example}"',
        )
    elif not wanted and use.args:
        extra = use.args[0]
        yield error(
            "CS-T001",
            f'{term.text} takes nothing after it, but "{extra.value}" follows',
            extra.span,
            f'perhaps try just "{term.text}", or a comma between keywords',
        )


def _check_clause(clause: ast.Clause) -> Iterator[Diagnostic]:
    if clause.subject is None and clause.action.verb in _SUBJECT_VERBS:
        verb = {
            "get": "gets",
            "have": "has",
            "set_stat": "has",
            "grant_ability": "has",
            "become": "becomes",
        }.get(clause.action.verb, clause.action.verb)
        yield error(
            "CS-T002",
            f'"{verb}" needs to say which card {verb} it',
            clause.action.span,
            f'perhaps try "this {verb} …"',
        )


def _check_effect_verb(action: ast.Action, registry: Registry) -> Iterator[Diagnostic]:
    """A verb the registry marks as a player's game action has no effect to run: the
    kernel takes that action in its own procedure, never from card text."""
    if action.verb not in ("primitive", "primitive_amount"):
        return
    term = registry.term("VERB", action.name or "")
    if term is None or not term.not_effect:
        return
    yield error(
        "CS-T007",
        f'"{term.text}" cannot be an effect in {registry.title}: {term.not_effect}',
        action.span,
        f'perhaps try "{term.instead}"' if term.instead else "",
    )


# the selector's words that speak of cards in play, or of a zone: the text then says where
_PLACED = frozenset({"zone", "you_control", "opponent_controls"})


def from_hand(selector: ast.Cards) -> bool:
    """Does "discard <selector>" take cards from the acting player's hand: the noun
    "card" with no zone, controller, possessor or target ("discard 2 cards")?
    (``interpreter.discard_from``: every game reads it so.)"""
    q = selector.quantifier
    if q is not None and (q.target or q.kind in ("target", "n_targets")):
        return False  # a target is chosen in play
    return (
        selector.noun == "card"
        and not selector.also
        and not any(f.kind in _PLACED for f in selector.filters)
        and not any(quality.kind == "possessor" for quality in selector.qualities)
    )


def _check_core_action(
    action: ast.Action, registry: Registry, label: ast.Label | None
) -> Iterator[Diagnostic]:
    """A core action the game has nothing for ("draw" where a player has no deck; "deal
    … card" where only players take damage): the generic primitive would change a zone or
    a count the game does not have. Some are right under one label only ("gain" in a
    Marvel Champions "Resource:" ability, whose gain pays the cost being paid)."""
    for key, named in _core_keys(action, registry):
        refused = registry.not_actions.get(key)
        if refused is not None:
            right_in = registry.not_actions_except.get(action.verb)
            if right_in is not None:
                if label is not None and label.name == right_in:
                    return
                term = registry.term("LABEL", right_in)
                named += f' outside a "{term.text if term else right_in}:" ability'
            reason, instead = refused
            yield error(
                "CS-T009",
                f"{named} means nothing in {registry.title}: {reason}",
                action.span,
                f'perhaps try "{instead}"' if instead else "",
            )
            return


def _core_keys(action: ast.Action, registry: Registry) -> Iterator[tuple[str, str]]:
    """The registry's keys that may refuse ``action``, the most particular first, each
    with how the message names it: "deal rear_guard" ('"deal" to a rear-guard'), then
    "deal card" / "deal player", "discard hand", then the verb alone."""
    verb, target = action.verb, action.target
    named = f'"{verb.replace("_", " ")}"'  # (as written: "gain control")
    if verb in ("deal", "heal") and (target is not None or verb == "heal"):
        to = "to" if verb == "deal" else "from"
        if target is None or isinstance(target, ast.Player):  # ("heal 2": the actor)
            yield f"{verb} player", f"{named} {to} a player"
        else:
            nouns = (target.noun, *target.also) if isinstance(target, ast.Cards) else ()
            for noun in nouns:  # damage aimed at one kind of card ("to target rear-guard")
                text = _spelled(registry, "NOUN", noun)
                yield f"{verb} {noun}", f"{named} {to} {_article(text)} {text}"
            yield f"{verb} card", f"{named} {to} a card"
    elif verb == "discard" and isinstance(target, ast.Cards) and from_hand(target):
        yield "discard hand", f"{named} from the hand"  # "discard a card": from the hand
    yield verb, named


def _check_destination(action: ast.Action, registry: Registry) -> Iterator[Diagnostic]:
    """A card put into a zone that never holds its kind ("put target Strength card … into
    your reserve", where the reserve holds only superpowers); reported at the word."""
    cards = action.target
    if action.destination is None or not isinstance(cards, ast.Cards):
        return
    zone = registry.term("ZONE", action.destination.zone.zone)
    if zone is None or not zone.refuses:
        return
    named = [
        (q.value, f"{_spelled(registry, 'ADJ', q.value)} card", q.span)
        for q in cards.qualities
        if q.kind == "adj" and not q.negated
    ]
    named += [(n, _spelled(registry, "NOUN", n), cards.span) for n in (cards.noun, *cards.also)]
    for word, text, span in named:
        if word in zone.refuses:
            yield error(
                "CS-T010",
                f"{_article(text)} {text} never goes into the {zone.text} in {registry.title}: "
                f"{zone.holds}",
                span,
                f'perhaps try "{zone.instead}"' if zone.instead else "",
            )
            return


def _spelled(registry: Registry, token_class: str, word: str) -> str:
    term = registry.term(token_class, word)
    return term.text if term else word


def _article(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


def _check_steps(steps: ast.Steps) -> Iterator[Diagnostic]:
    first = steps.steps[0]
    if isinstance(first, ast.Conditional) and any(
        t.kind in ("you_did", "you_did_not") for t in first.condition.tests
    ):
        yield error(
            "CS-T004",
            '"if you do" needs something before it to do',
            first.span,
            'perhaps try putting it after the step it depends on: "…, then if you do, …"',
        )


def _check_rule_value(node: ast.RuleOverride, registry: Registry) -> Iterator[Diagnostic]:
    hook = registry.term("HOOK", node.hook)
    if hook is None or hook.kind is None:
        return
    value = node.value.casefold()
    if hook.kind == "bool" and value not in _BOOL_VALUES:
        yield error(
            "CS-T005",
            f'rule {hook.text} is on or off, not "{node.value}"',
            node.span,
            f'perhaps try "rule {hook.text} is {"off" if hook.default else "on"}"',
        )
    elif hook.kind == "int" and node.value_kind not in ("INT", "SIGNED") and value != "unlimited":
        yield error(
            "CS-T005",
            f'rule {hook.text} is a number, not "{node.value}"',
            node.span,
            f'perhaps try "rule {hook.text} is {hook.default}" or "is unlimited"',
        )
