"""The game service: the bot's one door to games, with no Discord in sight.

``games`` (``bot.saved_games``) loads and saves them, ``lobbies`` (``bot.lobbies``) runs the
lobby; this module plays: a click or a timeout goes through the engine under the game's lock,
is stored with its action, and its publish plan (``bot.publish``) is handed to ``show``.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import TypeVar

import msgspec

from bot import publish
from bot.chronicle import chronicle_after, with_note
from bot.lobbies import Lobbies
from bot.model import ClickRefused, Game, Outcome, Refused
from bot.publish import Show
from bot.saved_games import SavedGames
from bot.store import ACTIVE_STATUSES, Status, Store
from engine import (
    Action,
    Decision,
    GameState,
    IllegalAction,
    Keep,
    Timeout,
    apply,
    require_decision,
)

# Timeouts in a row (nobody clicking anything) after which a game is ended as abandoned.
ABANDONED_AFTER_TIMEOUTS = 12
ABANDONED_NOTE = "🛑 Nobody has played for a long while: the game is over, with no winner."
TIMEOUT_NOTE = "⏰ {monster} ran out of time."

Shown = TypeVar("Shown")


class GameService:
    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.games = SavedGames(store)
        self.lobbies = Lobbies(self.games, seed_source or (lambda: secrets.randbits(63)),
                               clock)
        self._clock = clock

    async def close(self) -> None:
        await self.games.close()

    def check_click(self, game: Game, user_id: int, decision_id: int) -> Decision:
        """The decision this user's click answers; raises ClickRefused when it cannot act.
        Needs no lock: the same check runs again under the lock before anything changes."""
        state = _playing_state(game)
        seat = game.seat_of(user_id)
        if seat is None:
            raise ClickRefused("not_a_player")
        try:
            return require_decision(state, seat, decision_id)
        except IllegalAction as refusal:
            raise ClickRefused.from_engine(refusal) from refusal

    async def click(
        self, game_id: int, user_id: int, decision_id: int, code: str, show: Show
    ) -> Outcome:
        """Apply the button ``code`` ("k<die>" toggles a die, "o<n>" picks option n) of
        decision ``decision_id`` for this user, then ``show`` it."""
        async with self.games.lock(game_id):
            game = await self.games.game(game_id)
            decision = self.check_click(game, user_id, decision_id)
            action = _action_for(game.playing_state(), decision, code)
            outcome = await self._apply(game, decision.seat, user_id, action)
            await show(publish.after_action(game, outcome))
            return outcome

    async def timeout(
        self, game_id: int, decision_ids: Iterable[int], show: Show
    ) -> Outcome | None:
        """Answer, with their defaults, the decisions among ``decision_ids`` still pending
        (the turn timer ran out), then ``show`` it. None when all were answered meanwhile."""
        async with self.games.lock(game_id):
            before = game = await self.games.game(game_id)
            outcome: Outcome | None = None
            for decision_id in decision_ids:
                state = game.state
                if game.status != "playing" or state is None:
                    break
                decision = state.decision(decision_id)
                if decision is None:
                    continue
                note = TIMEOUT_NOTE.format(monster=state.monsters[decision.seat].name)
                step = await self._apply(game, decision.seat, None,
                                         Timeout(decision=decision.id), note=note)
                outcome = step if outcome is None else _merge(outcome, step)
                game = step.game
            if outcome is not None:
                await show(publish.after_action(before, outcome))
            return outcome

    async def _apply(
        self, game: Game, seat: int, user_id: int | None, action: Action, *, note: str = ""
    ) -> Outcome:
        """Run the engine, then log the action and its state in one transaction."""
        before = game.playing_state()
        try:
            state, happened = apply(before, seat, action)
        except IllegalAction as refusal:
            raise ClickRefused.from_engine(refusal) from refusal
        chronicle = with_note(game.chronicle, note) if note else game.chronicle
        chronicle, closing = chronicle_after(chronicle, before, state, happened)
        chronicle = msgspec.structs.replace(
            chronicle,
            # A new question restarts the clock; answering one of two keeps the other's.
            asked_at=chronicle.asked_at
            if {d.id for d in state.pending} <= {d.id for d in before.pending}
            else self._clock(),
            idle_timeouts=0 if user_id is not None else chronicle.idle_timeouts + 1,
        )
        status: Status = "over" if state.over else "playing"
        if status == "playing" and chronicle.idle_timeouts >= ABANDONED_AFTER_TIMEOUTS:
            status = "ended"
            chronicle = with_note(chronicle, ABANDONED_NOTE)
        game = await self.games.record_action(
            replace(game, state=state, chronicle=chronicle, status=status),
            seat=seat, user_id=user_id, action=action,
        )
        return Outcome(game, tuple(happened), closing, redraw=not isinstance(action, Keep))

    async def end(self, game_id: int, show: Show, *, notice: str | None) -> Game:
        """Stop a lobby or a game for good (its row and log stay in the store). ``notice``
        goes to its channel; None when the channel is gone."""
        async with self.games.lock(game_id):
            game = await self.games.game(game_id)
            if game.status not in ACTIVE_STATUSES:
                raise Refused("this game is already over")
            game = await self.games.save(replace(game, status="ended"), "status")
            await show(publish.after_end(game, notice))
            return game

    async def show_board(self, game_id: int, plan: Callable[[Game], publish.Plan],
                         show: Callable[[publish.Plan], Awaitable[Shown]]) -> Shown:
        """Show the game again as ``plan`` says (a repost, a refresh), changing nothing;
        returns what ``show`` says about it."""
        async with self.games.lock(game_id):
            return await show(plan(await self.games.game(game_id)))

    async def set_board_message(self, game_id: int, message_id: int) -> Game:
        """Remember the live board message. Call it holding the game's lock (``show``
        callbacks do)."""
        game = await self.games.game(game_id)
        return await self.games.save(replace(game, board_message_id=message_id),
                                     "board_message_id")


def _playing_state(game: Game) -> GameState:
    if game.status == "lobby":
        raise ClickRefused("not_started")
    if game.status != "playing" or game.state is None:
        raise ClickRefused("game_over")
    return game.state


def _action_for(state: GameState, decision: Decision, code: str) -> Action:
    kind, number = code[:1], code[1:]
    if not number.isdigit():
        raise ClickRefused("illegal_move", detail="that button is not one this bot knows")
    index = int(number)
    if kind == "k":
        if decision.kind != "roll" or state.turn is None or index >= len(state.turn.dice):
            raise ClickRefused("illegal_move", detail="there are no dice to keep now")
        kept = set(state.turn.kept) ^ {index}
        return Keep(decision=decision.id, dice=tuple(sorted(kept)))
    if kind == "o" and index < len(decision.options):
        return decision.options[index]
    raise ClickRefused("illegal_move", detail="that button is not one this bot knows")


def _merge(first: Outcome, second: Outcome) -> Outcome:
    return Outcome(
        game=second.game,
        events=first.events + second.events,
        closing_log=first.closing_log if first.closing_log is not None else second.closing_log,
        redraw=first.redraw or second.redraw,
    )
