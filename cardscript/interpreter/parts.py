"""What the parts of the engine (``Engine``'s mixins) read of one another: declarations
for the type checker only (imported under ``TYPE_CHECKING``; at run time the mixins'
base is ``object``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardscript.grammar import ast
from cardscript.interpreter.cards import CardDef, CardPool, CompiledAbility
from cardscript.interpreter.select import Context
from cardscript.interpreter.state import GameState

if TYPE_CHECKING:
    from cardscript.interpreter.events import Event
    from cardscript.interpreter.kernel import Kernel
    from cardscript.interpreter.keywords_in_play import KeywordView, _Gains
    from cardscript.interpreter.play_index import GameFacts


class EngineParts(Protocol):
    """The engine's fields and the methods one mixin calls on another."""

    game: Any
    pool: CardPool
    kernel: Kernel
    state: GameState
    steps: int
    _pool_version: int
    _kw: ClassVar[_Gains | None]
    _game: GameFacts

    def _know_pool(self) -> None: ...
    def definition(self, uid: int) -> CardDef: ...
    def in_play(self, key: Any) -> Sequence[tuple[int, CompiledAbility, Any]]: ...
    def covers(self, effect: dict[str, Any], uid: int) -> bool: ...
    def _keywords_now(self) -> KeywordView: ...
    def lost_all(self) -> frozenset[int]: ...
    def kept_when_lost(self, ability: CompiledAbility) -> bool: ...
    def game_keys(self) -> frozenset[Any]: ...
    def _know_game(self) -> GameFacts: ...
    def context(
        self,
        source: int | None,
        ability: CompiledAbility | None = None,
        controller: int | None = None,
        event: Event | None = None,
    ) -> Context: ...
    def static_applies(
        self, source: int, ability: CompiledAbility, node: ast.EffectAbility
    ) -> bool: ...
