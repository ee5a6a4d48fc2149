"""Semantic checks of a parsed card text against its game's registry.

The parser already refuses words the game does not know; these checks catch texts that
are well-formed but cannot mean anything: a stat change with nobody to receive it, an X
that nothing defines, a keyword used with the wrong arguments, a rule value of the wrong
type.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cardscript.grammar import ast
from cardscript.grammar.before_play_check import check_before_play
from cardscript.grammar.binding_check import check_bindings, check_unread
from cardscript.grammar.count_check import check_bare_counts
from cardscript.grammar.delayed_order import check_delayed_order
from cardscript.grammar.diagnostics import Diagnostic, error
from cardscript.grammar.duration_check import check_durations
from cardscript.grammar.edgeless_check import check_edgeless
from cardscript.grammar.format_phrases import PhraseFormatter, is_plural
from cardscript.grammar.formatter import Formatter
from cardscript.grammar.heal_beyond_check import check_heal_beyond
from cardscript.grammar.history_check import check_history_periods
from cardscript.grammar.instead_check import check_instead
from cardscript.grammar.interrupt_check import check_interrupt_window
from cardscript.grammar.late_prevention import check_late_prevention
from cardscript.grammar.lost_abilities_check import check_lost_abilities
from cardscript.grammar.none_check import check_none, check_there_is
from cardscript.grammar.player_quality_check import check_player_quality
from cardscript.grammar.random_check import check_random
from cardscript.grammar.refusal_check import check_refusals
from cardscript.grammar.refusal_check import from_hand as from_hand  # discard_from reads it
from cardscript.grammar.registry import Registry
from cardscript.grammar.self_reading_check import check_self_reading
from cardscript.grammar.standing_step import check_standing_steps
from cardscript.grammar.step_label_check import check_step_label
from cardscript.grammar.toward_check import check_toward
from cardscript.grammar.would_check import check_would

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
    yield from check_refusals(ability, registry, line.label)
    yield from check_late_prevention(line, registry)
    yield from check_would(line, registry)
    yield from check_toward(line, registry)
    yield from check_standing_steps(line, registry)
    yield from check_delayed_order(line, registry)
    yield from check_bare_counts(line, registry)
    yield from check_history_periods(line, registry)
    yield from check_instead(line, registry)
    yield from check_interrupt_window(line, registry)
    yield from check_step_label(line, registry)
    yield from check_before_play(line, registry)
    yield from check_edgeless(line, registry)
    yield from check_random(line, registry)
    yield from check_none(line, registry)
    yield from check_there_is(line, registry)
    yield from check_bindings(line, registry, params)
    yield from check_unread(line, registry)
    yield from check_self_reading(line, registry)
    yield from check_durations(line, registry)
    yield from check_lost_abilities(line, registry)
    yield from check_heal_beyond(line, registry)
    yield from check_player_quality(line, registry)
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
            if id(node) not in losing:
                yield from _check_keyword_values(node, registry, bound)
        elif isinstance(node, ast.Clause):
            yield from _check_clause(node, line, registry)
            yield from check_refusals(node.action, registry, line.label)
            if node.action.verb == "grant_ability":
                yield from _check_granted(node.action, registry)
        elif isinstance(node, ast.Amount) and node.kind == "var" and node.value not in bound:
            name = str(node.value)
            hint = f'perhaps try a number, or a cost that sets {name} such as "pay {name} …"'
            yield _undefined(name, node, hint)
        elif (
            isinstance(node, ast.StatMod)
            and node.delta[1:] in ast.LETTERS
            and (node.delta[1:] not in bound)
        ):
            yield _undefined(node.delta[1:], node, "perhaps try a number such as +1")
        elif isinstance(node, ast.RuleOverride):
            yield from _check_rule_value(node, registry, bound)
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


def _undefined(name: str, node: ast.Node, hint: str) -> Diagnostic:
    return error("CS-T003", f"{name} is not defined here", node.span, hint)


def number_params(definition: ast.KeywordDef) -> tuple[str, ...]:
    """The parameters a keyword's body counts with ("heal X wounds", "+X die roll"): a
    card gives each a number, since only digits take the place of such an X in play."""
    used = set()
    for line in definition.body:
        for node in line.walk():
            if isinstance(node, ast.Amount) and node.kind == "var":
                used.add(str(node.value))
            elif isinstance(node, ast.StatMod):
                used.add(node.delta[1:])
    return tuple(p for p in definition.params if p in used)


def _check_keyword_values(
    use: ast.KeywordUse, registry: Registry, bound: set[str]
) -> Iterator[Diagnostic]:
    term = registry.term("KW", use.name)
    if term is None:
        return
    for param, arg in zip(term.params, use.args, strict=False):
        counted = param in term.numbers
        if arg.kind == "VAR" and arg.value not in bound:
            hint = f'perhaps try "{term.text} 1"' if counted else "perhaps try a value in its place"
            yield _undefined(arg.value, arg, hint)
        elif counted and arg.kind not in ("INT", "VAR"):
            yield error(
                "CS-T001",
                f'{term.text} needs a number, not "{arg.value}"',
                arg.span,
                f'perhaps try "{term.text} 1"',
            )


def _check_clause(
    clause: ast.Clause, line: ast.AbilityLine, registry: Registry
) -> Iterator[Diagnostic]:
    if clause.subject is None and clause.action.verb in _SUBJECT_VERBS:
        verb = {
            "get": "gets",
            "have": "has",
            "set_stat": "has",
            "grant_ability": "has",
            "become": "becomes",
        }.get(clause.action.verb, clause.action.verb)
        what = "it"
        if verb in ("can", "cannot"):  # ("which card cannot be stunned", not "cannot it")
            what = PhraseFormatter(registry).spell("PERMISSION", clause.action.name or "")
        again = _said_again(clause, line, registry)
        yield error(
            "CS-T002",
            f'"{verb}" needs to say which card {verb} {what}',
            clause.action.span,
            f'perhaps try "{again}"' if again else f'perhaps try "this {verb} …"',
        )


def _said_again(clause: ast.Clause, line: ast.AbilityLine, registry: Registry) -> str:
    """ "Target character cannot be exhausted this turn and cannot be stunned this turn.":
    a clause after one of some cards is of those cards said again, "it" ("they"), not of
    "this" (the card with the text); the line so written, or "" for a first clause."""
    before = next(
        (
            steps.steps[n - 1]
            for steps in line.walk()
            if isinstance(steps, ast.Steps)
            for n, step in enumerate(steps.steps)
            if step is clause and n > 0
        ),
        None,
    )
    if not isinstance(before, ast.Clause) or not isinstance(
        before.subject, (ast.Cards, ast.It, ast.ThatCard)
    ):  # (a player, or none: "this …" it is)
        return ""
    word = "them" if is_plural(before.subject) else "it"

    def change(node: ast.Node) -> ast.Node:
        if node is clause:
            return dataclasses.replace(clause, subject=ast.It(word=word))
        return node

    fixed = ast.rewritten(line, change)
    assert isinstance(fixed, ast.AbilityLine)
    return Formatter(registry).line(fixed)


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


def _check_rule_value(
    node: ast.RuleOverride, registry: Registry, bound: set[str]
) -> Iterator[Diagnostic]:
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
    elif node.value_kind == "VAR" and node.value not in bound:
        yield _undefined(node.value, node, f'perhaps try "rule {hook.text} is {hook.default}"')
    elif node.value_kind == "SIGNED" and not str(hook.default or 0).isdigit():
        # "+1"/"-1" changes the rule's default, which here is a word
        yield error(
            "CS-T005",
            f'rule {hook.text} is a word (normally "{hook.default}"), so "{node.value}" '
            "cannot change it",
            node.span,
            f'perhaps try a value of its own, such as "rule {hook.text} is {hook.default}"',
        )
