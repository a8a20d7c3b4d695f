"""Swiss nights as the table runs them: the host's and players' verbs, and the pass that
carries a tournament in play from round to round.

**The verbs** (create, join, leave, add an AI entrant, cancel, start) each read the
tournament under its lock, change it (``bot.table.league.tournaments``, pure; a ``Refused``
says why not) and write it at the version read.

**The pass** (``advance``) does what ``tournaments.next_step`` says until it says to wait:
open each table's game (in a new thread of the tournament's channel, which the Discord side
makes: a ``TournamentHall``), announce the round in the channel, wait for every game's
record, post the standings, seat the next round; after the last round, the final post, and
the tournament is finished. Each step is stored before the next: a table's game is written
with its table (``Store.create_lobby(for_table=...)``: opened once or not at all), a post
is noted once sent. A pass runs when the tournament starts, when one of its games finishes
(``game_finished``: a game of a tournament table has the tournament's id in its lobby), at
start-up for every tournament in play (``resume``), and again after a failure (``Retries``:
from 1 s, doubling, at most a minute apart). A post a crash sent but did not note is sent
again at the next pass.

Its games are ordinary games: their clocks play for absent players, and a game nobody
plays ends as idle, so a round always ends.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Protocol

import msgspec

from bot.i18n import say
from bot.store.store import StaleWrite, TableOpened, TournamentBusy, TournamentRow
from bot.table import publish
from bot.table.carrier import Failure, Gone
from bot.table.league.bulletins import Bulletin, BulletinBoard, Queued
from bot.table.league.swiss import DUEL, Contender, NoSeating
from bot.table.league.tables import LeagueTables
from bot.table.league.tournament_bulletins import round_post, standings_post
from bot.table.league.tournaments import (
    MAX_ENTRANTS,
    AnnounceRound,
    Entrant,
    OpenTable,
    PostStandings,
    SeatRound,
    StoredTournament,
    Tournament,
    decode_tournament,
    encode_tournament,
    next_step,
    standing_lines,
    start,
)
from bot.table.lobbies import with_game
from bot.table.model import AiLevel, Game, Lobby, LobbyPlayer, Refused
from bot.table.publish import Show
from bot.table.records import GameRecord
from bot.table.timers import AT_ONCE, Deadlines, Retries
from engine import phrase

log = logging.getLogger(__name__)

# A pass takes at most this many steps before it lets others run (a round of 32 tables is
# 32 openings, an announcement, a post and a seating).
_STEPS_A_PASS = 64


class TournamentHall(Protocol):
    """What a tournament asks of the Discord side: a thread for each table's game (its
    posts are bulletins)."""

    async def open_thread(self, stored: StoredTournament, round_: int,
                          index: int) -> int | Failure:
        """A new thread of the tournament's channel for a table's game: its id."""


class TournamentDesk:
    def __init__(self, tables: LeagueTables, seed_source: Callable[[], int]) -> None:
        self._tables = tables
        self._store = tables.store
        self._games = tables.games
        self._lobbies = tables.lobbies
        self._record_book = tables.record_book
        self._clock = tables.clock
        self._seed_source = seed_source
        self._locks: dict[int, asyncio.Lock] = {}
        self._hall: TournamentHall | None = None
        self._show: Show | None = None
        self._board: BulletinBoard | None = None
        # A pass asked for soon (a game finished), and the retries of failed ones.
        self.soon = Deadlines(lambda tournament_id, _tag: self.advance(tournament_id))
        self.retries = Retries(self.advance)

    def attach(self, hall: TournamentHall, show: Show, board: BulletinBoard) -> None:
        """The Discord side, how a game's changes are shown (the bot's delivery), and the
        servers' bulletins (the tournament's posts)."""
        self._hall = hall
        self._show = show
        self._board = board

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # --- reads ----------------------------------------------------------------------

    async def in_channel(self, channel_id: int) -> StoredTournament | None:
        """The channel's tournament open or in play, if any."""
        row = await self._store.tournament_in_channel(channel_id)
        return None if row is None else _stored(row)

    async def last_in_channel(self, channel_id: int) -> StoredTournament | None:
        """The channel's latest tournament, finished or not."""
        row = await self._store.last_tournament_in_channel(channel_id)
        return None if row is None else _stored(row)

    async def read(self, tournament_id: int) -> StoredTournament:
        row = await self._store.tournament(tournament_id)
        if row is None:
            raise Refused(phrase("tournament-refusal-none"))
        return _stored(row)

    async def standings(self, stored: StoredTournament) -> tuple[Contender, ...]:
        """Its standings after the games finished so far."""
        opened = await self._store.tournament_games(stored.id)
        records = await self._record_book.records_of_games(opened.values())
        return standing_lines(stored.tournament, opened, records)

    # --- the verbs ------------------------------------------------------------------

    async def create(self, tournament: Tournament) -> StoredTournament:
        """A new tournament, as made (its host among its entrants); refused when the
        channel has one open or in play."""
        try:
            tournament_id = await self._store.create_tournament(
                tournament.guild_id, tournament.channel_id, tournament.status,
                encode_tournament(tournament))
        except TournamentBusy:
            raise Refused(phrase("tournament-refusal-channel-busy")) from None
        return StoredTournament(tournament_id, 0, tournament)

    async def join(self, tournament_id: int, user_id: int, name: str) -> StoredTournament:
        def change(tournament: Tournament) -> Tournament:
            _require_open(tournament)
            if tournament.entrant(user_id) is not None:
                raise Refused(phrase("tournament-refusal-in-already"))
            _require_room(tournament)
            return _with_entrants(tournament, (*tournament.entrants,
                                               Entrant(user_id, name=name)))
        return await self._change(tournament_id, change)

    async def leave(self, tournament_id: int, user_id: int) -> StoredTournament:
        """Leave before the start, or drop out during play (seated no more)."""
        def change(tournament: Tournament) -> Tournament:
            if tournament.entrant(user_id) is None:
                raise Refused(phrase("tournament-refusal-not-in"))
            if tournament.status == "open":
                return _with_entrants(tournament, tuple(
                    e for e in tournament.entrants if e.user_id != user_id))
            return _with_entrants(tournament, tuple(
                msgspec.structs.replace(e, dropped=True) if e.user_id == user_id else e
                for e in tournament.entrants))
        return await self._change(tournament_id, change)

    async def add_ai(self, tournament_id: int, user_id: int, level: AiLevel,
                     name: str) -> StoredTournament:
        def change(tournament: Tournament) -> Tournament:
            _require_open(tournament)
            _require_host(tournament, user_id)
            _require_room(tournament)
            return _with_entrants(tournament, (*tournament.entrants, Entrant(
                tournament.next_ai_id(), name=name, ai=level)))
        return await self._change(tournament_id, change)

    async def cancel(self, tournament_id: int, user_id: int) -> StoredTournament:
        """Cancelled by its host: no more rounds (games in play go on as any game)."""
        def change(tournament: Tournament) -> Tournament:
            if tournament.status not in ("open", "playing"):
                raise Refused(phrase("tournament-refusal-over"))
            _require_host(tournament, user_id)
            return msgspec.structs.replace(tournament, status="cancelled")
        return await self._change(tournament_id, change)

    async def begin(self, tournament_id: int, user_id: int) -> StoredTournament:
        """Started by its host: seeded by rating and round 1 seated; its pass opens the
        tables."""
        stored = await self.read(tournament_id)
        ratings = await self._tables.ratings(stored.tournament.guild_id)
        seed = self._seed_source()

        def change(tournament: Tournament) -> Tournament:
            _require_open(tournament)
            _require_host(tournament, user_id)
            try:
                return start(tournament, seed, ratings)
            except NoSeating:
                raise Refused(phrase("tournament-refusal-too-few",
                                     least=str(DUEL))) from None
        started = await self._change(tournament_id, change)
        self.soon.set(tournament_id, (started.version,), AT_ONCE)
        return started

    async def _change(self, tournament_id: int,
                      change: Callable[[Tournament], Tournament]) -> StoredTournament:
        async with self._lock(tournament_id):
            return await self._write(await self.read(tournament_id), change)

    async def _write(self, stored: StoredTournament,
                     change: Callable[[Tournament], Tournament],
                     post: Bulletin | None = None) -> StoredTournament:
        """Write the tournament as ``change`` makes it, with the ``post`` it queues in its
        channel, at the version read."""
        changed = change(stored.tournament)
        queued = () if post is None else (
            Queued(changed.guild_id, changed.channel_id, post).row(self._clock()),)
        try:
            await self._store.update_tournament(stored.id, version=stored.version,
                                                status=changed.status,
                                                tournament=encode_tournament(changed),
                                                bulletins=queued)
        except StaleWrite:  # (another process wrote it: it is not ours to play)
            raise Refused(phrase("tournament-refusal-changed")) from None
        if post is not None and self._board is not None:
            await self._board.show(changed.guild_id)
        return StoredTournament(stored.id, stored.version + 1, changed)

    # --- the pass -------------------------------------------------------------------

    def game_finished(self, game: Game) -> None:
        """A game finished: if it plays a tournament's table, that tournament's pass runs
        soon (outside the game's change)."""
        if game.lobby.tournament is not None:
            self.soon.set(game.lobby.tournament, (game.id,), AT_ONCE)

    async def resume(self) -> int:
        """A pass for every tournament in play on this process's servers (at start-up);
        how many."""
        rows = [row for row in await self._store.tournaments_in_play()
                if self._tables.owns(row.guild_id)]
        for row in rows:
            self.soon.set(row.id, (row.version,), AT_ONCE)
        return len(rows)

    async def advance(self, tournament_id: int) -> None:
        """Carry the tournament on until it waits for its games (see the module's notes).
        A step that fails for a reason of ours (a bug) is logged and tried again later, as
        one Discord refused."""
        async with self._lock(tournament_id):
            try:
                await self._steps(tournament_id)
            except Refused as refusal:  # (it changed meanwhile, or is gone)
                log.info("tournament %s: %s", tournament_id, refusal.said("en"))
            except Exception:
                log.exception("tournament %s: its pass failed", tournament_id)
                self.retries.failed(tournament_id)

    async def _steps(self, tournament_id: int) -> None:
        for _ in range(_STEPS_A_PASS):
            stored = await self.read(tournament_id)
            opened = await self._store.tournament_games(tournament_id)
            records = await self._record_book.records_of_games(opened.values())
            step = next_step(stored.tournament, opened, records)
            if step is None:
                self.retries.succeeded(tournament_id)
                return
            failure = await self._take(stored, step, opened, records)
            if failure is not None:
                await self._failed(stored, failure)
                return
        self.soon.set(tournament_id, (stored.version,), AT_ONCE)  # (more steps, later)

    async def _take(self, stored: StoredTournament,
                    step: OpenTable | AnnounceRound | PostStandings | SeatRound,
                    opened: dict[tuple[int, int], int],
                    records: dict[int, GameRecord]) -> Failure | None:
        hall = self._hall
        assert hall is not None, "attach() the Discord side first"
        tournament = stored.tournament
        match step:
            case OpenTable(round=round_, index=index):
                channel = await hall.open_thread(stored, round_, index)
                if isinstance(channel, Failure):
                    return channel
                await self._open_table(stored, step, channel)
            case AnnounceRound(round=round_):
                tables = [(players, (await self._games.peek(opened[(round_, index)])).channel_id)
                          for index, players in enumerate(tournament.tables[-1])]
                await self._write(stored, lambda t: msgspec.structs.replace(t, announced=round_),
                                  round_post(stored.id, tournament, round_, tables))
            case PostStandings(round=round_, final=final):
                lines = standing_lines(tournament, opened, records)
                status = "finished" if final else tournament.status
                await self._write(stored, lambda t: msgspec.structs.replace(
                    t, posted=round_, status=status),
                    standings_post(stored.id, tournament, round_, lines, final))
            case SeatRound(tables=tables):
                await self._write(stored, lambda t: msgspec.structs.replace(
                    t, tables=(*t.tables, tables)))
        return None

    async def _open_table(self, stored: StoredTournament, step: OpenTable,
                          channel_id: int) -> None:
        tournament = stored.tournament
        entrants = [tournament.entrant(user_id) for user_id in step.players]
        humans = [e.user_id for e in entrants if e is not None and e.ai is None]
        host = humans[0] if humans else tournament.host_id
        lobby = await self._lobby(stored, entrants)
        call = publish.Notify(say(tournament.language, phrase(
            "tournament-table-called", round=str(step.round), table=str(step.index + 1),
            players=" ".join(f"<@{user_id}>" for user_id in humans) or "🤖")),
            pings=bool(humans))
        try:
            game = await self._games.create_lobby(
                guild_id=tournament.guild_id, channel_id=channel_id, host_id=host,
                lobby=lobby, effects=(call,), for_table=(stored.id, step.round, step.index))
        except TableOpened:
            return  # (opened by another pass meanwhile: the next step reads it)
        assert self._show is not None
        await self._lobbies.start(game.id, host, self._show)

    async def _lobby(self, stored: StoredTournament,
                     entrants: Sequence[Entrant | None]) -> Lobby:
        tournament = stored.tournament
        turn, reaction = await self._tables.turn_clock(tournament.guild_id, tournament.clock)
        players = tuple(LobbyPlayer(e.user_id, name=e.name, ai=e.ai)
                        for e in entrants if e is not None)
        return with_game(Lobby(players=players, turn_seconds=turn, reaction_seconds=reaction,
                               language=tournament.language, changed_at=self._clock(),
                               tournament=stored.id), tournament.game)

    async def _failed(self, stored: StoredTournament, failure: Failure) -> None:
        """A step Discord refused: tried again later, unless its channel is gone (the
        tournament cannot go on: cancelled, logged)."""
        if isinstance(failure, Gone) and failure.channel:
            log.warning("tournament %s: its channel is gone; cancelled", stored.id)
            await self._write(stored, lambda t: msgspec.structs.replace(t, status="cancelled"))
            self.retries.succeeded(stored.id)
            return
        delay = self.retries.failed(stored.id)
        log.info("tournament %s: %s; trying again in %.0f s", stored.id, failure.reason, delay)

    def close(self) -> None:
        self.soon.close()
        self.retries.close()


def _stored(row: TournamentRow) -> StoredTournament:
    """A stored tournament; one whose row cannot be read is refused (logged), never
    changed."""
    try:
        return StoredTournament(row.id, row.version, decode_tournament(row.tournament))
    except msgspec.DecodeError as error:
        log.error("tournament %s cannot be read: %s", row.id, error)
        raise Refused(phrase("tournament-refusal-unreadable", tournament=str(row.id))) from None


def _with_entrants(tournament: Tournament, entrants: tuple[Entrant, ...]) -> Tournament:
    return msgspec.structs.replace(tournament, entrants=entrants)


def _require_open(tournament: Tournament) -> None:
    if tournament.status != "open":
        raise Refused(phrase("tournament-refusal-started"))


def _require_host(tournament: Tournament, user_id: int) -> None:
    if user_id != tournament.host_id:
        raise Refused(phrase("tournament-refusal-host-only"))


def _require_room(tournament: Tournament) -> None:
    if len(tournament.entrants) >= MAX_ENTRANTS:
        raise Refused(phrase("tournament-refusal-full", most=str(MAX_ENTRANTS)))

