"""The game service: the bot's one door to games, with no Discord in sight.

``games`` (``bot.table.saved_games``) loads and saves them, ``settings``
(``bot.table.saved_settings``) keeps the servers' and people's own, ``record_book``
(``bot.table.record_book``) the finished games' records, ``lobbies`` (``bot.table.lobbies``)
runs the lobby; this module plays: a click or a timeout goes through
the engine under the game's lock, and is stored with its action and its publish plan's effects
(``bot.table.publish``) in one transaction (a unit of work: ``bot.table.unit_of_work``); then,
the lock released, ``show`` carries the game's queued effects out.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

import msgspec

from bot.i18n import say
from bot.store.store import ACTIVE_STATUSES, Status, Store
from bot.table import coach, idle_games, presence, publish, reminders, time_away
from bot.table.autoplay import HARD_AI_SECONDS, Asker, Autopilot, Think, Urgency
from bot.table.chronicle import chronicle_after, with_note
from bot.table.game_rows import LoggedAction
from bot.table.league.matchmaking import Matchmaking
from bot.table.league.tables import LeagueTables
from bot.table.league.tournament_desk import TournamentDesk
from bot.table.lobbies import Lobbies
from bot.table.model import (
    REACTION_SECONDS,
    TURN_SECONDS,
    Activity,
    AiLevel,
    Chronicle,
    ClickRefused,
    Game,
    Outcome,
    Refused,
    StandingOrder,
)
from bot.table.orders import (
    order_fields,
    ordered_answer,
    with_choice,
    with_never_asked,
    with_offer,
    with_order,
)
from bot.table.publish import Show
from bot.table.reads import TableReads
from bot.table.record_book import RecordBook
from bot.table.saved_games import SavedGames, retried_if_stale
from bot.table.saved_settings import SavedSettings
from bot.table.timers import clock_after, question_deadlines
from bot.table.unit_of_work import Change, Decide, change_game
from engine import (
    FACES,
    Action,
    Decision,
    EvolutionMomentQuestion,
    Face,
    GameState,
    IllegalAction,
    Keep,
    Phrase,
    Roll,
    Timeout,
    Turn,
    apply,
    asked_for,
    phrase,
    require_decision,
)

log = logging.getLogger(__name__)

# Timeouts in a row (nobody clicking anything) after which a game is ended as abandoned.
ABANDONED_AFTER_TIMEOUTS = 12
# A bound on the answers one timeout gives (a turn played to its end takes a handful).
MAX_AUTOPLAY_STEPS = 60

Shown = TypeVar("Shown")


class GameService(TableReads):
    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        think: Think | None = None,
        turn_seconds: float = TURN_SECONDS,
        reaction_seconds: float = REACTION_SECONDS,
        owns: Callable[[int | None], bool] = lambda guild_id: True,
    ) -> None:
        self.record_book = RecordBook(store, clock, owns=owns)
        self.games = SavedGames(store, self.record_book, owns=owns)
        self.settings = SavedSettings(store)
        self.lobbies = Lobbies(self.games, self.settings,
                               seed_source or (lambda: secrets.randbits(63)), clock,
                               turn_seconds=turn_seconds, reaction_seconds=reaction_seconds)
        league = LeagueTables(store, self.games, self.lobbies, self.settings,
                              self.record_book, clock, owns)
        self.matchmaking = Matchmaking(league)
        self.tournaments = TournamentDesk(league, seed_source or (lambda: secrets.randbits(63)))
        self.games.finished_listeners.append(self.tournaments.game_finished)
        self._clock = clock
        # (By default the engine's players, the Hard AI with its default budget.)
        self._think = think or Autopilot(HARD_AI_SECONDS).answer

    async def close(self) -> None:
        await self.games.close()

    def check_click(self, game: Game, user_id: int, decision_id: int) -> Decision:
        """The decision this user's click answers; raises ClickRefused when it cannot act.
        Needs no lock: the same check runs again under the lock before anything changes."""
        state = _playing_state(game)
        seat = game.seat_of(user_id)
        if seat is None:
            raise ClickRefused("not_a_player")
        if seat in game.chronicle.presence.left:
            raise ClickRefused("left_game")
        try:
            return require_decision(state, seat, decision_id)
        except IllegalAction as refusal:
            raise ClickRefused.from_engine(refusal) from refusal

    @retried_if_stale
    async def click(
        self, game_id: int, user_id: int, decision_id: int, code: str, show: Show
    ) -> Outcome:
        """Apply the button ``code`` of decision ``decision_id`` for this user ("h<die>"
        keeps a die, "r<die>" releases it, "f<face>" keeps every die showing that face,
        "x<counts>" keeps that many dice of each face and rolls, "o<n>" picks option n,
        "c<n>" too, once confirmed), then ``show`` it."""

        async def decide(game: Game) -> Change:
            decision = self.check_click(game, user_id, decision_id)
            actions = _actions_for(game.playing_state(), decision, code)
            if not actions:
                # The die already is as the button asks (its board was out of date): only
                # the board changes.
                return Change(game, effects=publish.refresh(game).effects,
                              outcome=Outcome(game, (), None, redraw=False))
            chronicle, note = self._after_click(game, decision.seat)
            # A click may be several actions (keep, then roll): all are applied before any
            # is stored, so a refused one leaves the game as it was.
            steps: list[_Step] = []
            current = replace(game, chronicle=chronicle)
            for action in actions:
                steps.append(self._step(current, decision.seat, user_id, action, note=note))
                current, note = steps[-1].outcome.game, None
            return self._played(game, [*steps, *self._by_orders(current)])

        change = await self._work(game_id, decide, show)
        assert change.outcome is not None
        return change.outcome

    def _after_click(self, game: Game, seat: int) -> tuple[Chronicle, Phrase | None]:
        """A player clicked a button of the game: they are here (no longer away, nor taking
        time away). The chronicle, and the line that tells the table (None for none)."""
        chronicle, note = presence.after_click(game, seat)
        chronicle, back_note = time_away.back(replace(game, chronicle=chronicle), seat,
                                              self._clock())
        if back_note is not None:
            # (Both at once are unlikely, as time away ends being away, but none is lost.)
            if note is not None:
                chronicle = with_note(chronicle, note)
            note = back_note
        return chronicle, note

    @retried_if_stale
    async def take_offer(self, game_id: int, user_id: int, decision_id: int, code: str,
                         show: Show) -> Game:
        """The standing order a question offers on the board (``bot.table.orders``:
        "always yield at N❤️ or fewer", "skip buying from now on"), taken by the player asked:
        it is set, and answers this question at once, as it will the next ones."""

        async def decide(game: Game) -> Change:
            decision = self.check_click(game, user_id, decision_id)
            try:
                order = with_offer(game, decision, code)
            except ValueError:
                raise ClickRefused("illegal_move",
                                   detail=phrase("table-click-unknown-button")) from None
            chronicle, note = self._after_click(game, decision.seat)
            if note is not None:
                chronicle = with_note(chronicle, note)
            return self._with_orders(replace(game, chronicle=msgspec.structs.replace(
                with_order(chronicle, order), activity=Activity(acted_at=self._clock()))))

        return (await self._work(game_id, decide, show)).game

    @retried_if_stale
    async def timeout(
        self, game_id: int, decision_ids: Iterable[int], show: Show
    ) -> Outcome | None:
        """Answer the decisions among ``decision_ids`` still pending: an AI monster's (its
        pause is over) as its level plays, a player's (the turn timer ran out, or they are
        away) as the autopilot does; a turn whose time is up is played on to its end (or to
        another monster's question) in the same change. Then ``show`` it. None when all were
        answered meanwhile."""

        async def decide(before: Game) -> Change:
            game = before
            steps: list[_Step] = []
            todo = list(decision_ids)
            while todo and len(steps) < MAX_AUTOPLAY_STEPS:
                state = game.state
                if game.status != "playing" or state is None:
                    break
                decision = state.decision(todo.pop(0))
                if decision is not None:
                    steps.append(await self._autoplay(game, decision))
                    steps.extend(self._by_orders(steps[-1].outcome.game))
                    game = steps[-1].outcome.game
                if not todo:
                    now = self._clock()
                    todo = [d for d, when in question_deadlines(game, now).items() if when <= now]
            return self._played(before, steps) if steps else Change.none(before)

        return (await self._work(game_id, decide, show)).outcome

    async def _autoplay(self, game: Game, decision: Decision) -> _Step:
        """One answer given for a seat: by its AI monster, or by the autopilot for a
        player."""
        state = game.playing_state()
        level = game.ai_level(decision.seat)
        if level is None and decision.power == EvolutionMomentQuestion.key:
            # The autopilot plays no Evolution of an absent player's: it passes.
            action: Action = Timeout(decision=decision.id)
        else:
            action = await self._answer_for(level or "easy", state, decision,
                                            Asker(game.id, _urgency(game)))
        if level is not None:
            return self._step(game, decision.seat, None, action, idle=False)
        told = presence.after_timeout(game, decision)
        game = replace(game, chronicle=told.chronicle)
        return self._step(game, decision.seat, None, action, note=told.note, idle=told.idle)

    def _by_orders(self, game: Game) -> list[_Step]:
        """The answers the players' standing orders give to the questions now pending, and
        to those these answers lead to (``bot.table.orders``)."""
        steps: list[_Step] = []
        while (len(steps) < MAX_AUTOPLAY_STEPS and game.status == "playing"
               and game.state is not None):
            ordered = next(((decision, answer) for decision in game.state.pending
                            if (answer := ordered_answer(game, decision)) is not None), None)
            if ordered is None:
                break
            decision, (action, note) = ordered
            # Not the table gone quiet: the player chose this answer.
            steps.append(self._step(game, decision.seat, None, action, note=note, idle=False))
            game = steps[-1].outcome.game
        return steps

    @retried_if_stale
    async def set_order(self, game_id: int, user_id: int, field: str, value: str,
                        show: Show) -> Game:
        """Change one part of a player's standing order (a menu of the "My monster" panel);
        a question it answers that is pending now is answered at once."""

        def changed(game: Game, order: StandingOrder) -> StandingOrder:
            if field not in order_fields(game):
                raise ValueError(field)
            return with_choice(order, field, value)

        return await self._change_order(game_id, user_id, changed, show)

    @retried_if_stale
    async def set_never_asked(self, game_id: int, user_id: int, decision_id: int,
                              keys: list[str], show: Show) -> Game:
        """Power Up!: among the Evolutions a moment's question of the player is asked for
        (its menu), those they are never to be asked for again; the question is passed at
        once if nothing is left to ask it for."""

        def changed(game: Game, order: StandingOrder) -> StandingOrder:
            decision = self.check_click(game, user_id, decision_id)
            if decision.power != EvolutionMomentQuestion.key:
                raise ValueError(decision.power)
            return with_never_asked(order, asked_for(game.playing_state(), decision), keys)

        return await self._change_order(game_id, user_id, changed, show)

    async def _change_order(self, game_id: int, user_id: int,
                            changed: Callable[[Game, StandingOrder], StandingOrder],
                            show: Show) -> Game:
        """A player's standing order ``changed`` (ValueError: a choice no menu offers); a
        question it answers that is pending now is answered at once."""

        async def decide(game: Game) -> Change:
            seat = _playing_seat(game, user_id)
            try:
                order = changed(game, game.chronicle.orders.of(seat))
            except ValueError:
                raise Refused(phrase("table-refusal-pick-listed-choice")) from None
            # A player setting an order is at the table: the game is neither abandoned
            # nor idle (as after a click or an order taken at a question).
            return self._with_orders(replace(game, chronicle=msgspec.structs.replace(
                with_order(game.chronicle, order), activity=Activity(acted_at=self._clock()))))

        return (await self._work(game_id, decide, show)).game

    def _with_orders(self, game: Game) -> Change:
        """A game whose standing orders changed, with the answers they give now to the
        questions pending (shown); only its chronicle when they give none."""
        steps = self._by_orders(game)
        if not steps:
            return Change(game, ("chronicle",), shown=False)
        return self._played(game, steps)

    @retried_if_stale
    async def set_coach(self, game_id: int, user_id: int, on: bool, show: Show) -> Game:
        """Turn a player's coach on or off (the 📋 panel's toggle); turned on, it notes the
        question pending now at once. The board shows or drops its 🎓 Coach button."""

        async def decide(game: Game) -> Change:
            seat = _playing_seat(game, user_id)
            game = replace(game, chronicle=coach.with_coach(game.chronicle, seat, on))
            game, notes = coach.with_notes(game)
            return Change(game, ("chronicle",), (*publish.refresh(game).effects,
                                                 *publish.coach_notes(notes)))

        return (await self._work(game_id, decide, show)).game

    @retried_if_stale
    async def take_time_away(self, game_id: int, user_id: int, days: int,
                             show: Show) -> time_away.Taken:
        """A player stops their clock in this game for ``days`` days from now
        (``bot.table.time_away``), or (0) comes back early. Being here, they are no longer
        played by the autopilot for missed turns. The table is told in the channel."""
        now = self._clock()

        async def decide(game: Game) -> Change:
            seat = _playing_seat(game, user_id)
            # (Without its "is back" note: the time away's notice says more.)
            chronicle, _is_back = presence.after_click(game, seat)
            game = replace(game, chronicle=chronicle)
            if days:
                chronicle, note = time_away.start(game, seat, days, now)
            else:
                chronicle, back_note = time_away.back(game, seat, now)
                if back_note is None:
                    raise Refused(phrase("away-refusal-not-away"))
                note = back_note
            # A player acting: the game is neither abandoned nor idle.
            game = replace(game, chronicle=msgspec.structs.replace(
                with_note(chronicle, note), activity=Activity(acted_at=now)))
            notice = say(game.language, _time_away_notice(game, seat, now))
            return Change(game, ("chronicle",), publish.after_time_away(game, notice).effects)

        game = (await self._work(game_id, decide, show)).game
        seat = game.seat_of(user_id)
        assert seat is not None  # (a player still playing: it was checked)
        away = game.chronicle.time_away
        return time_away.Taken(game_id, time_away.away_until(away, seat, now),
                               time_away.whole_days(time_away.days_left(away, seat)),
                               time_away.clock_of(game))

    @retried_if_stale
    async def end_idle(self, game_id: int, tag: tuple[int, ...], days: float,
                       show: Show) -> Game | None:
        """End a game in play nobody has played for ``days`` days, unless a player acted
        since its deadline was set (``tag``: ``idle_games.idle_tag``). None when it goes on."""

        async def decide(game: Game) -> Change:
            if game.status != "playing" or idle_games.idle_tag(game) != tag:
                return Change.none(game)
            days_said = round(days)
            game = replace(game, status="ended", chronicle=with_note(
                game.chronicle, phrase("away-note-idle", days=days_said)))
            notice = say(game.language,
                         phrase("away-notice-idle", game=str(game.id), days=days_said))
            return Change(game, ("status", "chronicle"), publish.after_end(game, notice).effects)

        change = await self._work(game_id, decide, show)
        return change.game if change.shown else None

    @retried_if_stale
    async def leave(self, game_id: int, user_id: int, show: Show) -> Game:
        """A player leaves a game in play: the autopilot plays their monster to the end. The
        last player to leave ends the game."""

        async def decide(game: Game) -> Change:
            seat = _playing_seat(game, user_id)
            chronicle, note = presence.after_leaving(game, seat)
            game = replace(game, chronicle=with_note(chronicle, note))
            if presence.players_left(game):
                everyone_left = phrase("table-note-everyone-left")
                game = replace(game, status="ended",
                               chronicle=with_note(game.chronicle, everyone_left))
                notice = phrase("table-notice-everyone-left", game=str(game.id))
                plan = publish.after_end(game, say(game.language, notice))
            else:
                plan = publish.refresh(game)
            return Change(game, ("status", "chronicle"), plan.effects)

        return (await self._work(game_id, decide, show)).game

    async def _answer_for(self, level: AiLevel, state: GameState, decision: Decision,
                          asker: Asker) -> Action:
        """The AI's answer; the decision's default if the AI fails (a bug, logged): the game
        goes on either way."""
        try:
            return await self._think(level, state, decision, asker)
        except Exception:
            log.exception("the %s AI failed on decision %s; its default is played",
                          level, decision.id)
            return Timeout(decision=decision.id)

    def _step(
        self, game: Game, seat: int, user_id: int | None, action: Action, *,
        note: Phrase | None = None,
        idle: bool = True,
    ) -> _Step:
        """Run the engine: the game after the action (not stored yet). An action with no
        user counts as idle (nobody clicking) unless ``idle`` is False (an AI monster's)."""
        before = game.playing_state()
        try:
            state, happened = apply(before, seat, action)
        except IllegalAction as refusal:
            raise ClickRefused.from_engine(refusal) from refusal
        end = publish.turn_end(before, seat, action, state, happened)
        chronicle = with_note(game.chronicle, note) if note is not None else game.chronicle
        chronicle, closing = chronicle_after(chronicle, before, state, happened)
        chronicle = reminders.news_after(game, chronicle, seat, moved=user_id is not None,
                                         end=end, happened=happened)
        activity = chronicle.activity
        chronicle = msgspec.structs.replace(
            clock_after(chronicle, before, state, self._clock()),
            activity=Activity(
                idle_timeouts=(0 if user_id is not None
                               else activity.idle_timeouts + 1 if idle else activity.idle_timeouts),
                acted_at=self._clock() if user_id is not None else activity.acted_at),
        )
        status: Status = "over" if state.over else "playing"
        if status == "playing" and chronicle.activity.idle_timeouts >= ABANDONED_AFTER_TIMEOUTS:
            status = "ended"
            chronicle = with_note(chronicle, phrase("table-note-abandoned"))
        after = replace(game, state=state, chronicle=chronicle, status=status)
        return _Step(LoggedAction(state.seq, seat, user_id, action),
                     Outcome(after, tuple(happened), closing,
                             # (A note is narration: the board's text changes.)
                             redraw=not isinstance(action, Keep) or note is not None,
                             turn_end=end))

    @staticmethod
    def _played(before: Game, steps: list[_Step]) -> Change:
        """The actions of ``steps``, the game they lead to and the effects that show them,
        to store in one transaction."""
        outcome = steps[0].outcome
        for step in steps[1:]:
            outcome = _merge(outcome, step.outcome)
        coached, notes = coach.with_notes(outcome.game)
        outcome = replace(outcome, game=coached)
        plan = publish.after_action(before, outcome)
        return Change(coached, effects=(*plan.effects, *publish.coach_notes(notes)),
                      moves=tuple(step.action for step in steps), outcome=outcome)

    @retried_if_stale
    async def remind(self, game_id: int, show: Show) -> Game | None:
        """A long game's reminder moment came: queue and ``show`` the reminders due
        (``bot.table.reminders``). Returns the game when none is (its moment moved)."""

        async def decide(game: Game) -> Change:
            if game.status != "playing" or not reminders.due(game, self._clock()):
                return Change.none(game)
            return Change(game, effects=(publish.SyncReminders(),))

        change = await self._work(game_id, decide, show)
        return None if change.shown else change.game

    @retried_if_stale
    async def end(self, game_id: int, show: Show, *, notice: str | None) -> Game:
        """Stop a lobby or a game for good (its row and log stay in the store). ``notice``
        goes to its channel; None when the channel is gone."""

        async def decide(game: Game) -> Change:
            if game.status not in ACTIVE_STATUSES:
                raise Refused(phrase("table-refusal-already-over"))
            game = replace(game, status="ended")
            return Change(game, ("status",), publish.after_end(game, notice).effects)

        return (await self._work(game_id, decide, show)).game

    @retried_if_stale
    async def show_board(self, game_id: int, plan: Callable[[Game], publish.Plan],
                         show: Callable[[int], Awaitable[Shown]]) -> Shown:
        """Show the game again as ``plan`` says (a repost, a refresh), changing nothing in
        the game; returns what ``show`` says about it."""

        async def decide(game: Game) -> Change:
            return Change(game, effects=plan(game).effects, shown=False)

        await self._work(game_id, decide, show)
        return await show(game_id)

    async def _work(self, game_id: int, decide: Decide, show: Show) -> Change:
        return await change_game(self.games, game_id, decide, show)


@dataclass(frozen=True)
class _Step:
    action: LoggedAction
    outcome: Outcome


def _playing_seat(game: Game, user_id: int) -> int:
    """The seat of a player still playing this game in play (to leave it, or change their
    standing orders); Refused otherwise."""
    if game.status != "playing":
        raise Refused(phrase("table-refusal-not-in-play"))
    seat = game.seat_of(user_id)
    if seat is None or game.ai_level(seat) is not None:
        raise Refused(phrase("table-refusal-not-playing"))
    if seat in game.chronicle.presence.left:
        raise Refused(phrase("table-refusal-already-left"))
    return seat


def _time_away_notice(game: Game, seat: int, now: float) -> Phrase:
    """The channel's notice of a player's time away (or of their coming back early)."""
    monster = game.playing_state().monsters[seat].name
    player = game.player_name(seat) or monster
    until = time_away.away_until(game.chronicle.time_away, seat, now)
    if until is None:
        return phrase("away-notice-back", player=player, monster=monster)
    return phrase("away-notice-away", player=player, monster=monster, until=str(int(until)),
                  clock=time_away.clock_of(game))


def _urgency(game: Game) -> Urgency:
    """Who waits for an AI move in this game: a person still playing, or only AI monsters
    (every player left, away or knocked out)."""
    state = game.playing_state()
    people = [seat for seat in state.alive_seats()
              if game.ai_level(seat) is None and not game.autopiloted(seat)]
    return "person" if people else "ais"


def _playing_state(game: Game) -> GameState:
    if game.status == "lobby":
        raise ClickRefused("not_started")
    if game.status != "playing" or game.state is None:
        raise ClickRefused("game_over")
    return game.state


def _actions_for(state: GameState, decision: Decision, code: str) -> tuple[Action, ...]:
    """The actions a button stands for, in order; none when it would change nothing."""
    if code.startswith("x"):
        return _keep_and_roll(state, decision, code[1:])
    action = _action_for(state, decision, code)
    return () if action is None else (action,)


def _action_for(state: GameState, decision: Decision, code: str) -> Action | None:
    """The action a one-action button stands for; None when it would change nothing."""
    kind, number = code[:1], code[1:]
    if not number.isdigit():
        raise ClickRefused("illegal_move", detail=phrase("table-click-unknown-button"))
    index = int(number)
    if kind in ("h", "r", "f"):
        turn = _dice_turn(state, decision)
        # Keep or release, as the button said: never a toggle, so a click on a board that
        # is out of date still does what the player saw.
        kept = set(turn.kept)
        if kind == "f":
            kept |= _dice_showing(turn.dice, index)
        elif index >= len(turn.dice):
            raise ClickRefused("illegal_move", detail=phrase("table-click-no-dice"))
        else:
            kept = kept | {index} if kind == "h" else kept - {index}
        if kept == set(turn.kept):
            return None
        return Keep(decision=decision.id, dice=tuple(sorted(kept)))
    if kind == "k":
        # A die toggle from a board drawn before this version: what it meant is unknown.
        raise ClickRefused("stale_decision")
    if kind in ("o", "c") and index < len(decision.options):
        return decision.options[index]  # (c: confirmed, bot.discord.clicks asked first)
    raise ClickRefused("illegal_move", detail=phrase("table-click-unknown-button"))


def _dice_turn(state: GameState, decision: Decision) -> Turn:
    if decision.kind != "roll" or state.turn is None:
        raise ClickRefused("illegal_move", detail=phrase("table-click-no-dice"))
    return state.turn


def _keep_and_roll(state: GameState, decision: Decision, digits: str) -> tuple[Action, ...]:
    """"💡 Suggested: keep 3 3 💥, roll 3" (``x`` and a count per face, in FACES order):
    that many dice of each face kept, then the turn's next roll. A die the player kept stays
    kept even where the count is short of it (a button drawn before the player kept it):
    a suggestion never undoes the player's keep."""
    if len(digits) != len(FACES) or not digits.isdigit():
        raise ClickRefused("illegal_move", detail=phrase("table-click-unknown-button"))
    turn = _dice_turn(state, decision)
    roll = next((option for option in decision.options
                 if isinstance(option, Roll) and option.card is None), None)
    if roll is None or turn.rolls_left == 0:
        raise ClickRefused("illegal_move", detail=phrase("table-click-no-roll-left"))
    wanted = dict(zip(FACES, map(int, digits), strict=True))
    kept = set(turn.kept)
    for index in kept:
        wanted[turn.dice[index]] = max(0, wanted[turn.dice[index]] - 1)
    for index, face in enumerate(turn.dice):
        if index not in kept and wanted[face] > 0:
            wanted[face] -= 1
            kept.add(index)
    if any(wanted.values()):
        # The dice were changed since the button was drawn (a card set or rerolled one).
        raise ClickRefused("illegal_move", detail=phrase("table-click-dice-changed"))
    if kept == set(turn.kept):
        return (roll,)
    return (Keep(decision=decision.id, dice=tuple(sorted(kept))), roll)


def _dice_showing(dice: tuple[Face, ...], face_index: int) -> set[int]:
    """The dice a "Keep 3s" button keeps: every die showing that face (kept or not)."""
    face = FACES[face_index] if face_index < len(FACES) else None
    showing = {index for index, shown in enumerate(dice) if shown == face}
    if not showing:
        # Only a forged button gets here: a board's faces are its roll's, which a keep
        # cannot change.
        raise ClickRefused("illegal_move", detail=phrase("table-click-no-face"))
    return showing


def _merge(first: Outcome, second: Outcome) -> Outcome:
    return Outcome(
        game=second.game,
        events=first.events + second.events,
        closing_log=first.closing_log if first.closing_log is not None else second.closing_log,
        redraw=first.redraw or second.redraw,
        # (Only the first turn a change finished had a board.)
        turn_end=first.turn_end if first.turn_end is not None else second.turn_end,
    )
