"""The record kept for good of a finished game: who played, who came where, and how.

Pure: a record is computed from the finished ``Game`` and its action log, with no store and
no Discord. The store writes it in the same transaction as the change that finished the game
(``bot.table.record_book``), and once more at start-up for games finished before records were kept
(the backfill).

- **Places** come from ``bot.table.standings`` (ties share a place).
- **What each seat did** (``SeatFacts``) is found by replaying the game's log from its setup
  (a few milliseconds for a whole game): the cards it bought (``CardBought`` events: from
  another monster or the discard pile too, which a count of Buy actions would miss), the
  times it entered Tokyo, the monsters it knocked out, and the fewest hearts it stood on.
  A game whose log does not replay has none (``None``: unknown). Records kept before the
  last three were counted get them at start-up (``RecordBook.backfill_facts``).
- **Left / autopiloted**: a player who left the game (``/kot leave``, gone from the server),
  and one the autopilot played at the end (left, or away after missed turns).
- **Rated**: a game won or lost to the end ("over") with no AI monster. Games with AI
  monsters, stopped by ``/kot end``, abandoned or left by everyone ("ended") are kept but
  left out of ratings.
- **Against AI monsters**: a player's games with AI monsters played to the end, counted
  apart (``against_ai``) by the strongest AI at the table: one with a Hard AI is a game
  against Hard.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from bot.store.store import RecordRows
from bot.table.model import AI_LEVEL_NAMES, AiLevel, Game, GameSetup
from bot.table.standings import standings
from engine import Action, GameState, IllegalAction, Options, apply, create_game, events

FINISHED_STATUSES = ("over", "ended")


class SeatRecord(msgspec.Struct, frozen=True):
    seat: int
    # None for an AI monster (its level says which).
    user_id: int | None
    ai: AiLevel | None
    # The player's display name when they joined (None for an AI or an old game).
    name: str | None
    monster: str
    place: int
    winner: bool
    points: int
    hearts: int
    # The turn it was knocked out in (0: knocked out, turn unknown); None while it stood.
    out_turn: int | None
    # None when the game's log could not be replayed to count them.
    cards_bought: int | None
    left_game: bool
    autopiloted: bool
    # Counted by the same replay (``SeatFacts``); None also in a record kept before they
    # were, until the start-up counts them.
    entered_tokyo: int | None = None
    knocked_out: int | None = None
    lowest_hearts: int | None = None


class GameRecord(msgspec.Struct, frozen=True):
    game_id: int
    guild_id: int | None
    channel_id: int
    # "over": played to its end; "ended": stopped (/kot end, abandoned, everyone left).
    status: str
    game_type: str
    edition: str
    # The engine's options the game was played with (JSON).
    options: Options
    started_at: float
    finished_at: float
    turns: int
    rated: bool
    seats: tuple[SeatRecord, ...]

    @property
    def length(self) -> float:
        """Seconds from the start to the end (0 when the start is not known)."""
        return max(0.0, self.finished_at - self.started_at) if self.started_at else 0.0


def is_finished(game: Game) -> bool:
    """Does this game get a record (finished, and it had started)?"""
    return game.status in FINISHED_STATUSES and game.state is not None


class SeatFacts(msgspec.Struct, frozen=True):
    """What a seat did in a game, found by replaying it."""

    cards_bought: int
    # Times it entered Tokyo (City or Bay), by its own move or made to.
    entered_tokyo: int
    # Other monsters whose last hearts its smashes or cards took.
    knocked_out: int
    # The fewest hearts it had while standing (its hearts at the start if it never lost any).
    lowest_hearts: int


def seat_facts(setup: GameSetup | None,
               moves: Sequence[tuple[int, Action]]) -> tuple[SeatFacts, ...] | None:
    """What each seat did, by replaying the game; None when it cannot be replayed."""
    if setup is None:
        return None
    try:
        state, happened = create_game(setup.options, setup.seed, setup.monsters)
        tally = _Tally(state)
        tally.add(state, happened)
        for seat, action in moves:
            state, happened = apply(state, seat, action)
            tally.add(state, happened)
    except (IllegalAction, ValueError):
        return None
    return tally.facts()


class _Tally:
    """The facts of each seat, counted move by move."""

    def __init__(self, start: GameState) -> None:
        count = len(start.monsters)
        self.bought, self.entered, self.knocked_out = [0] * count, [0] * count, [0] * count
        self.lowest = [monster.hearts for monster in start.monsters]

    def add(self, state: GameState, happened: Sequence[events.Event]) -> None:
        """A move that led to ``state``, and what happened in it."""
        for event in happened:
            if isinstance(event, events.CardBought):
                self.bought[event.seat] += 1
            elif isinstance(event, events.EnteredTokyo):
                self.entered[event.seat] += 1
            elif (isinstance(event, events.Eliminated) and event.by is not None
                  and event.by != event.seat):
                self.knocked_out[event.by] += 1
            elif isinstance(event, events.Damaged) and event.hearts > 0:
                # (Hearts lost and healed again within one move count too.)
                self.lowest[event.seat] = min(self.lowest[event.seat], event.hearts)
        for seat in state.alive_seats():
            self.lowest[seat] = min(self.lowest[seat], state.monsters[seat].hearts)

    def facts(self) -> tuple[SeatFacts, ...]:
        return tuple(SeatFacts(*facts) for facts in zip(
            self.bought, self.entered, self.knocked_out, self.lowest, strict=True))


def record_of(game: Game, facts: tuple[SeatFacts, ...] | None,
              finished_at: float) -> GameRecord:
    """The record of a finished game (``is_finished``), with what each seat did (``None``:
    unknown)."""
    state = game.playing_state()
    ai_seats = game.ai_seats()
    seats = tuple(
        SeatRecord(
            seat=row.seat,
            user_id=None if row.seat in ai_seats else game.seats[row.seat],
            ai=game.ai_level(row.seat),
            name=game.player_name(row.seat),
            monster=row.monster,
            place=row.place,
            winner=row.winner,
            points=row.points,
            hearts=row.hearts,
            out_turn=row.out_turn,
            left_game=row.seat in game.chronicle.presence.left,
            autopiloted=game.autopiloted(row.seat),
            **facts_columns(None if facts is None else facts[row.seat]),
        )
        for row in sorted(standings(state, game.chronicle.narration.eliminations),
                          key=lambda r: r.seat)
    )
    options = state.options
    return GameRecord(
        game_id=game.id,
        guild_id=game.guild_id,
        channel_id=game.channel_id,
        status=game.status,
        game_type=options.game,
        edition=options.edition,
        options=options,
        started_at=game.chronicle.life.started_at,
        finished_at=finished_at,
        turns=_turns_played(state),
        rated=game.status == "over" and not ai_seats,
        seats=seats,
    )


def facts_columns(facts: SeatFacts | None) -> dict[str, int | None]:
    """A seat's facts as its record's columns (each None when unknown)."""
    if facts is None:
        return dict.fromkeys(SeatFacts.__struct_fields__)
    return msgspec.structs.asdict(facts)


def _turns_played(state: GameState) -> int:
    return state.turn.number if state.turn is not None else 0


_options_decoder = msgspec.json.Decoder(Options)


def record_rows(record: GameRecord) -> RecordRows:
    """The record as the store's columns."""
    game = msgspec.structs.asdict(record)
    del game["seats"]
    game["options"] = msgspec.json.encode(record.options)
    return RecordRows(game, tuple({"game_id": record.game_id, **msgspec.structs.asdict(seat)}
                                  for seat in record.seats))


def record_from_rows(rows: RecordRows) -> GameRecord:
    """A stored record (SQLite's integers become the flags they stand for)."""
    seats = tuple(msgspec.convert({k: v for k, v in seat.items() if k != "game_id"},
                                  SeatRecord, strict=False) for seat in rows.seats)
    game = {**rows.game, "options": _options_decoder.decode(rows.game["options"]),
            "seats": seats}
    return msgspec.convert(game, GameRecord, strict=False, from_attributes=True)


class PlayerStats(msgspec.Struct, frozen=True):
    games: int
    wins: int
    average_place: float
    average_points: float
    favourite_monster: str
    # The game the player did best in: the best place, then the most points.
    best_game: GameRecord

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


def player_stats(records: Sequence[GameRecord], user_id: int) -> PlayerStats | None:
    """A player's figures over these records (None when they played none of them)."""
    played = [(record, seat) for record in records for seat in record.seats
              if seat.user_id == user_id]
    if not played:
        return None
    monsters: dict[str, int] = {}
    for _, seat in played:
        monsters[seat.monster] = monsters.get(seat.monster, 0) + 1
    best, _ = min(played, key=lambda pair: (pair[1].place, -pair[1].points,
                                            -pair[0].finished_at))
    return PlayerStats(
        games=len(played),
        wins=sum(seat.winner for _, seat in played),
        average_place=sum(seat.place for _, seat in played) / len(played),
        average_points=sum(seat.points for _, seat in played) / len(played),
        # The most played; among equals, the first in alphabetical order.
        favourite_monster=min(monsters, key=lambda name: (-monsters[name], name)),
        best_game=best,
    )


class AgainstAi(msgspec.Struct, frozen=True):
    """A player's games against AI monsters of one level: played to the end, and won."""

    level: AiLevel
    games: int
    wins: int


def against_ai(records: Sequence[GameRecord], user_id: int) -> tuple[AgainstAi, ...]:
    """A player's games against AI monsters played to the end, by the strongest AI at the
    table (easiest first; a level never played against is left out)."""
    levels: tuple[AiLevel, ...] = tuple(AI_LEVEL_NAMES)
    games = dict.fromkeys(levels, 0)
    wins = dict.fromkeys(levels, 0)
    for record in records:
        seat = next((s for s in record.seats if s.user_id == user_id), None)
        # (A record's AI seat without a level: the only level there was then, Easy.)
        ai = [s.ai or "easy" for s in record.seats if s.user_id is None]
        if seat is None or not ai or record.status != "over":
            continue
        strongest = max(ai, key=levels.index)
        games[strongest] += 1
        wins[strongest] += seat.winner
    return tuple(AgainstAi(level, games[level], wins[level]) for level in levels
                 if games[level])
