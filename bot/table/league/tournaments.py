"""Swiss nights as the table keeps them (pure): a tournament's entrants, its rounds of
tables, and its results read from the records of its games.

A tournament is one stored document (``Tournament``, JSON), changed whole at a version like a
game. Its life: ``open`` (players join and leave, the host adds AI entrants), ``playing``
(round after round: each round's tables are seated by ``bot.table.league.swiss`` and opened
as games; a round is over when every one of its games has a record), then ``finished``
after its last round (or ``cancelled`` by its host).

The results are never stored here: a table's result is its game's record (places, points),
so a tournament reads the same truth as the ratings do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

import msgspec

from bot.table.league.queue import QueueClock
from bot.table.league.swiss import (
    Contender,
    Finish,
    NoSeating,
    pair_round,
    seed_order,
    standings,
    table_sizes,
)
from bot.table.model import AiLevel, GameChoice
from bot.table.records import GameRecord
from engine import GAME_RULES

TournamentStatus = Literal["open", "playing", "finished", "cancelled"]

# The rounds a host may ask for, and the table sizes (King of Tokyo seats 2 to 6; a Swiss
# night's tables seat 3 to 6, 4 preferred).
MAX_ROUNDS = 8
DEFAULT_ROUNDS = 3
SMALLEST_TOURNAMENT_TABLE = 3
LARGEST_TOURNAMENT_TABLE = 6
DEFAULT_TABLE = 4
# The most entrants a tournament takes (32 tables of 4 in a round).
MAX_ENTRANTS = 128


class Entrant(msgspec.Struct, frozen=True, omit_defaults=True):
    # A Discord user id; an AI entrant has a negative id of its own (-1, -2...).
    user_id: int
    name: str | None = None
    ai: AiLevel | None = None
    # Left during play: seated no more (their games so far still count).
    dropped: bool = False


# A table: the entrants seated at it, in seat order.
Seating = tuple[int, ...]


class Tournament(msgspec.Struct, frozen=True, omit_defaults=True):
    guild_id: int
    # Where it was made: its posts go there, its tables open in threads of it.
    channel_id: int
    host_id: int
    created_at: float
    status: TournamentStatus = "open"
    rounds: int = DEFAULT_ROUNDS
    size: int = DEFAULT_TABLE
    clock: QueueClock = "live"
    game: GameChoice = "2016"
    # The language of its posts and games.
    language: str = "en"
    entrants: tuple[Entrant, ...] = ()
    # The entrants in seed order, set at the start (``swiss.seed_order``: by rating).
    seeds: tuple[int, ...] = ()
    # The tables of each round seated so far, round 1 first. (Which game plays each table
    # is stored apart, with the game: ``Store.tournament_games``.)
    tables: tuple[tuple[Seating, ...], ...] = ()
    # Rounds whose tables were announced in the channel, and rounds whose standings were
    # posted (the last round's is the final post).
    announced: int = 0
    posted: int = 0

    @property
    def round(self) -> int:
        """The round in play (0 before the start)."""
        return len(self.tables)

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def seated(self) -> list[Entrant]:
        """The entrants still taking part (not dropped)."""
        return [entrant for entrant in self.entrants if not entrant.dropped]

    def largest_table(self) -> int:
        """The most monsters a table of its game seats (Origins: 4)."""
        rules = GAME_RULES["origins" if self.game == "origins" else "kot"]
        return min(LARGEST_TOURNAMENT_TABLE, rules.max_monsters)

    def next_ai_id(self) -> int:
        """The id of a new AI entrant."""
        return min((e.user_id for e in self.entrants if e.user_id < 0), default=0) - 1


class StoredTournament(msgspec.Struct, frozen=True):
    """A tournament with its row's id and version (what a change must write at)."""

    id: int
    version: int
    tournament: Tournament


_decoder = msgspec.json.Decoder(Tournament)


def encode_tournament(tournament: Tournament) -> bytes:
    return msgspec.json.encode(tournament)


def decode_tournament(raw: bytes) -> Tournament:
    return _decoder.decode(raw)


# --- what a tournament in play does next --------------------------------------------------

# Which game plays each table: by (round, table index), both from 1 and 0.
OpenedTables = Mapping[tuple[int, int], int]


class OpenTable(msgspec.Struct, frozen=True):
    """Open the game of this table of the current round."""

    round: int
    index: int
    players: Seating


class AnnounceRound(msgspec.Struct, frozen=True):
    """Tell the channel where the round's tables play."""

    round: int


class PostStandings(msgspec.Struct, frozen=True):
    """Post the standings after this round (``final``: the tournament's last post)."""

    round: int
    final: bool


class SeatRound(msgspec.Struct, frozen=True):
    """Seat the next round at these tables."""

    tables: tuple[Seating, ...]


Step = OpenTable | AnnounceRound | PostStandings | SeatRound


def start(tournament: Tournament, seed: int,
          ratings: Mapping[int, float]) -> Tournament:
    """The tournament started: seeded (by rating, then at random) and round 1 seated
    (``NoSeating`` when its entrants cannot be seated at its table sizes)."""
    seeds = seed_order([entrant.user_id for entrant in tournament.entrants], seed,
                       dict(ratings))
    started = msgspec.structs.replace(tournament, status="playing", seeds=seeds)
    return msgspec.structs.replace(started, tables=(next_tables(started, ()),))


def next_tables(tournament: Tournament,
                finished: Sequence[Sequence[Finish]]) -> tuple[Seating, ...]:
    """The next round's tables for the entrants still in (``NoSeating`` when too few)."""
    lines = [line for line in standings(tournament.seeds, finished)
             if not _dropped(tournament, line.player)]
    sizes = table_sizes(len(lines), preferred=tournament.size,
                        largest=tournament.largest_table())
    return pair_round(lines, sizes)


def _dropped(tournament: Tournament, user_id: int) -> bool:
    entrant = tournament.entrant(user_id)
    return entrant is None or entrant.dropped


def finishes(players: Seating, record: GameRecord) -> tuple[Finish, ...]:
    """A table's result, from its game's record: each entrant's place and ★ (seat order is
    the table's)."""
    return tuple(Finish(players[seat.seat], seat.place, seat.points) for seat in record.seats)


def finished_tables(tournament: Tournament, opened: OpenedTables,
                    records: Mapping[int, GameRecord]) -> list[tuple[Finish, ...]]:
    """Every table's result so far (tables whose game has a record), round by round."""
    return [finishes(players, records[opened[(round_, index)]])
            for round_, tables in enumerate(tournament.tables, 1)
            for index, players in enumerate(tables)
            if opened.get((round_, index)) in records]


def standing_lines(tournament: Tournament, opened: OpenedTables,
                   records: Mapping[int, GameRecord]) -> tuple[Contender, ...]:
    """The standings after the tables played so far."""
    return standings(tournament.seeds, finished_tables(tournament, opened, records))


def next_step(tournament: Tournament, opened: OpenedTables,
              records: Mapping[int, GameRecord]) -> Step | None:
    """What a tournament in play does next; None while its round's games are being played
    (or once it is over). In order: open each table's game, announce the round, wait for
    every game's record, post the standings, seat the next round."""
    if tournament.status != "playing" or not tournament.tables:
        return None
    round_ = tournament.round
    for index, players in enumerate(tournament.tables[-1]):
        if (round_, index) not in opened:
            return OpenTable(round_, index, players)
    if tournament.announced < round_:
        return AnnounceRound(round_)
    if any(opened[(round_, index)] not in records
           for index in range(len(tournament.tables[-1]))):
        return None
    if tournament.posted < round_:
        return PostStandings(round_, final=not _another_round(tournament))
    if not _another_round(tournament):
        return None
    return SeatRound(next_tables(tournament, finished_tables(tournament, opened, records)))


def _another_round(tournament: Tournament) -> bool:
    """Whether a round follows the current one: rounds are left, and enough entrants."""
    if tournament.round >= tournament.rounds:
        return False
    try:
        table_sizes(len(tournament.seated()), preferred=tournament.size,
                    largest=tournament.largest_table())
    except NoSeating:
        return False
    return True
