"""What a deploy finds: a store written by an older bot, one for each stored schema version
(``tests/fixtures/stores``, written by ``python -m tools.old_stores`` with each commit's own
code), started through the bot's real start-up (``setup_hook``, ``SavedGames.restore``,
``KotBot.arm_restored``) on SimCord, then damaged in each way a store can be damaged, on the
old store before this bot ever started on it and after one start. Each game ends rebuilt
exactly, or broken with its channel told in plain words; never reset.

The store's Discord ids are made up: each test maps them onto SimCord's (a channel per game,
the table's first players), and posts each live message the old bot had posted, with its
buttons, as the bot (SimCord's own data, as Discord kept it across the deploy).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_harness import Table, bot_of, make_bot, private_reply, service
from simcord import ChannelHandle, MemberActor

from bot.discord.messages import BROKEN_NOTICE, MOMENT_PASSED_BOARD_REFRESHED
from bot.i18n import ENGLISH, say, text
from bot.store.schema import MIGRATIONS
from bot.table.model import Game
from engine import GameState, decode_state, needs_confirmation, phrase
from tools.old_stores import OLD_BOTS

STORES = Path(__file__).parents[1] / "fixtures" / "stores"
FIXTURES = sorted(STORES.glob("schema*.sqlite3"), key=lambda path: int(path.stem[6:]))
# A stored state that no longer even parses (a damaged file).
GARBLED = b'{"schema": 2, "oops'

def fixtures() -> list[Any]:
    """The fixture stores as test parameters (``schema3``, ...)."""
    return [pytest.param(path, id=path.stem) for path in FIXTURES]


@dataclass
class OldGame:
    name: str
    id: int
    channel: ChannelHandle
    described: dict[str, Any]


@dataclass
class OldStore:
    """A copy of a fixture store in the test's folder, its ids those of SimCord's world."""

    table: Table
    fixture: Path
    database: Path
    described: dict[str, Any]
    games: dict[str, OldGame]

    def __getitem__(self, name: str) -> OldGame:
        return self.games[name]

    def playing(self) -> Iterator[OldGame]:
        return (g for g in self.games.values() if g.described["status"] == "playing")

    def column(self, game: OldGame, column: str) -> Any:
        with closing(sqlite3.connect(self.database)) as db:
            return db.execute(f"SELECT {column} FROM games WHERE id = ?",
                              (game.id,)).fetchone()[0]

    def state(self, game: OldGame) -> GameState:
        """The game's stored state, as this engine reads it."""
        return decode_state(self.column(game, "state"))

    def execute(self, sql: str, *parameters: object) -> None:
        with closing(sqlite3.connect(self.database)) as db, db:
            db.execute(sql, parameters)

    def player(self, user_id: int) -> MemberActor:
        return self.table.player(user_id)

    def moves(self, game: OldGame) -> int:
        return self._count("actions", game)

    def outbox(self, game: OldGame) -> int:
        return self._count("outbox", game)

    def _count(self, table: str, game: OldGame) -> int:
        with closing(sqlite3.connect(self.database)) as db:
            count: int = db.execute(f"SELECT COUNT(*) FROM {table} WHERE game_id = ?",
                                    (game.id,)).fetchone()[0]
            return count

    def chronicle_fields(self) -> set[str]:
        """The chronicle's fields the older bot wrote (those of its games)."""
        with closing(read_only(self.fixture)) as db:
            return {field for (chronicle,) in db.execute("SELECT chronicle FROM games")
                    for field in json.loads(chronicle)}


def read_only(fixture: Path) -> sqlite3.Connection:
    """A fixture store, opened so that nothing is written beside it (no -wal or -shm)."""
    return sqlite3.connect(f"file:{fixture}?mode=ro&immutable=1", uri=True)


def old_store(table: Table, fixture: Path, folder: Path) -> OldStore:
    """The fixture store copied into ``folder``, its made-up ids mapped onto SimCord's, and
    each live message of its games posted in the game's channel as the old bot posted it."""
    described = json.loads(fixture.with_suffix(".json").read_text())
    env = table.env
    ids = {described["guild_id"]: env.guild.id}
    ids.update(zip(described["users"], (p.id for p in table.players), strict=False))
    games: dict[str, OldGame] = {}
    for game in described["games"]:
        channel = env.guild.create_text_channel(f"old-{game['name']}")
        ids[game["channel_id"]] = channel.id
        if game["board_message_id"] is not None:
            posted = env.backend.create_message(
                channel.id, env.backend.bot_user.id, "",
                embeds=[{"title": f"King of Tokyo game #{game['id']}",
                         "description": "As an older bot posted it."}],
                components=_old_buttons(game), broadcast=False)
            ids[game["board_message_id"]] = posted.id
        games[game["name"]] = OldGame(game["name"], game["id"], channel, game)
    database = folder / fixture.name
    shutil.copy(fixture, database)
    _map_ids(database, ids)
    return OldStore(table, fixture, database, described, games)


def _old_buttons(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The buttons of a game's live message: a lobby's, or an option of each question its
    board shows (``kot:g:<game>:<decision>:o<n>``, the same custom ids from the first bot
    on)."""
    if game["status"] == "lobby":
        ids = [f"kot:l:{game['id']}:{verb}" for verb in ("join", "leave", "start", "cancel")]
    else:
        ids = [f"kot:g:{game['id']}:{question['id']}:o{option}"
               for question in game["board_pending"] for option in range(question["options"])]
    buttons = [{"type": 2, "style": 2, "label": custom_id.rsplit(":", 1)[1],
                "custom_id": custom_id} for custom_id in ids]
    return [{"type": 1, "components": buttons[start:start + 5]}
            for start in range(0, len(buttons), 5)]


def _map_ids(database: Path, ids: dict[int, int]) -> None:
    """Every made-up id in the store (a column, or within a JSON column) becomes SimCord's."""
    with closing(sqlite3.connect(database)) as db, db:
        tables = [name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        for table in tables:
            for column in [row[1] for row in db.execute(f"PRAGMA table_info({table})")]:
                for made_up, real in ids.items():
                    db.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?",
                               (real, made_up))
        json_columns = [("games", "id", column) for column in ("lobby", "seats", "chronicle")]
        if "outbox" in tables:
            json_columns.append(("outbox", "game_id || ':' || seq", "effect"))
        for table, key, column in json_columns:
            for row_key, value in db.execute(f"SELECT {key}, {column} FROM {table}").fetchall():
                mapped = _mapped(json.loads(value), ids)
                db.execute(f"UPDATE {table} SET {column} = ? WHERE {key} = ?",
                           (json.dumps(mapped, separators=(",", ":")).encode(), row_key))


def _mapped(value: Any, ids: dict[int, int]) -> Any:
    if isinstance(value, dict):
        return {key: _mapped(item, ids) for key, item in value.items()}
    if isinstance(value, list):
        return [_mapped(item, ids) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return ids.get(value, value)
    return value


async def start_bot(table: Table, database: Path) -> None:
    """A new bot process on ``database``, through the real start-up (commands were synced
    by the first one, on an empty store)."""
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()


async def live(store: OldStore, game: OldGame) -> Game:
    return await service(store.table.env).games.peek(game.id)


def message(channel: ChannelHandle, message_id: int | None) -> discord.Message:
    return next(m for m in channel.history() if m.id == message_id)


def buttons(board: discord.Message) -> list[str]:
    return [child.custom_id for row in board.components
            for child in getattr(row, "children", ()) if getattr(child, "custom_id", None)]


async def plays_on(store: OldStore, game: OldGame) -> Game:
    """The player asked first answers on the game's live board, as players do after a deploy,
    and the game takes the move; a board showing a moment that has passed (its last moves
    were not shown) is clicked first, and must come up to date. The game after the move."""
    before = await live(store, game)
    state = before.playing_state()
    decision = state.pending[0]
    asked = store.player(before.seats[decision.seat])
    board = message(game.channel, before.board_message_id)
    prefix = f"kot:g:{game.id}:{decision.id}:o"
    if not any(custom_id.startswith(prefix) for custom_id in buttons(board)):
        passed = await asked.click(board, custom_id=buttons(board)[0])
        assert private_reply(passed) == text(ENGLISH, MOMENT_PASSED_BOARD_REFRESHED)
        board = message(game.channel, (await live(store, game)).board_message_id)
    answer = next(custom_id for custom_id in buttons(board) if custom_id.startswith(prefix)
                  and not needs_confirmation(state, decision.seat,
                                             decision.options[int(custom_id[len(prefix):])]))
    result = await asked.click(board, custom_id=answer)
    assert private_reply(result) is None, private_reply(result)
    after = await live(store, game)
    assert after.state is not None and after.state.seq == state.seq + 1
    return after


def rebuilt_note(moves: int) -> str:
    return say(ENGLISH, phrase("table-note-rebuilt", moves=moves))


async def rebuilt_in_store(store: OldStore, game: OldGame, before: GameState) -> int:
    """The game was rebuilt from its whole log to the state it had, and stored with what a
    later rebuild needs; the moves it was rebuilt from."""
    rebuilt = await live(store, game)
    assert rebuilt.status == "playing" and rebuilt.state == before
    assert rebuilt.setup is not None and rebuilt.chronicle.life.state_seq == before.seq
    moves = store.moves(game)
    assert phrase("table-note-rebuilt", moves=moves) in rebuilt.chronicle.narration.log
    return moves


async def says_rebuilt_on_its_board(store: OldStore, game: OldGame, moves: int) -> None:
    """The rebuilt game plays on, and its board says it was rebuilt once the move shows."""
    board = (await live(store, game)).board_message_id
    await plays_on(store, game)
    assert rebuilt_note(moves) in (message(game.channel, board).embeds[0].description or "")


def broken_and_told(store: OldStore, game: OldGame, damaged_state: bytes,
                    moves_left: int) -> None:
    """The game is stopped, not reset: its channel told in the catalog's plain words, its
    damaged data kept."""
    assert store.column(game, "status") == "broken", game.name
    notice = game.channel.last_message
    assert notice is not None
    assert notice.content == text(ENGLISH, BROKEN_NOTICE, game=str(game.id))
    assert store.column(game, "state") == damaged_state
    assert store.moves(game) == moves_left


def undecodable(state: bytes) -> bytes:
    """A state that still parses but does not decode (a deploy changed its shape without an
    upgrade): its seed, monsters and seq still read."""
    raw = json.loads(state)
    raw["rng"] = "damaged"
    return json.dumps(raw).encode()


# --- the fixtures themselves ---------------------------------------------------------------


def test_a_store_of_every_older_schema_is_kept() -> None:
    """One store for each schema version before this bot's (and none newer), each written by
    the commit tools.old_stores pins for it, holding the games the tests damage."""
    versions = [int(path.stem[6:]) for path in FIXTURES]
    assert set(range(1, len(MIGRATIONS))) <= set(versions)
    assert max(versions) <= len(MIGRATIONS)
    pinned = {bot.schema: bot.commit for bot in OLD_BOTS}
    assert set(pinned) == set(versions)
    for path in FIXTURES:
        described = json.loads(path.with_suffix(".json").read_text())
        with closing(read_only(path)) as db:
            assert db.execute("PRAGMA user_version").fetchone()[0] == described["schema"]
        assert described["commit"] == pinned[described["schema"]]
        games = {game["name"]: game for game in described["games"]}
        assert {"short", "yield", "long", "finished", "lobby"} <= set(games)
        assert games["short"]["moves"] >= 2 and games["long"]["moves"] >= 30
        assert games["yield"]["pending"][0]["kind"] == "yield"
        assert games["long"]["pending"][0]["kind"] == "buy"
        assert games["finished"]["status"] == "over"
        if described["schema"] >= 3:  # (the outbox)
            assert games["unshown"]["outbox"] > 0
            assert games["unshown"]["board_pending"] != games["unshown"]["pending"]


# --- a deploy on an older bot's store ------------------------------------------------------


@pytest.mark.parametrize("fixture", fixtures())
async def test_the_first_start_stores_what_a_rebuild_needs(
    table: Table, tmp_path: Path, fixture: Path
) -> None:
    """Every game keeps its status, and each game in play gets its setup and, stamped on its
    chronicle, the move its players saw: the next start can rebuild it, or see that it
    cannot."""
    store = old_store(table, fixture, tmp_path)

    await start_bot(table, store.database)

    for game in store.games.values():
        assert store.column(game, "status") == game.described["status"], game.name
    for game in store.playing():
        seq = game.described["seq"]
        assert store.state(game).seq == seq, game.name
        assert store.column(game, "setup") is not None, game.name
        assert json.loads(store.column(game, "chronicle")).get("state_seq") == seq, game.name


@pytest.mark.parametrize("fixture", fixtures())
async def test_every_game_of_an_older_bots_store_plays_on(
    table: Table, tmp_path: Path, fixture: Path
) -> None:
    store = old_store(table, fixture, tmp_path)

    await start_bot(table, store.database)

    for game in store.playing():
        await plays_on(store, game)
    lobby = store["lobby"]
    newcomer = table.players[len(lobby.described["players"])]
    board = message(lobby.channel, (await live(store, lobby)).board_message_id)
    await newcomer.click(board, custom_id=f"kot:l:{lobby.id}:join")
    assert newcomer.id in {p.user_id for p in (await live(store, lobby)).lobby.players}

    # The older bot again (a deploy rolled back) writes each chronicle without the fields it
    # did not know; this bot reads them and plays on.
    known = store.chronicle_fields()
    for game in store.playing():
        chronicle = json.loads(store.column(game, "chronicle"))
        assert "state_seq" in chronicle  # (stamped at the first start, known or not)
        store.execute("UPDATE games SET chronicle = ? WHERE id = ?",
                      json.dumps({k: v for k, v in chronicle.items() if k in known}).encode(),
                      game.id)
    await start_bot(table, store.database)
    for game in store.playing():
        await plays_on(store, game)


# --- damage found at the first start -------------------------------------------------------


@pytest.mark.parametrize("fixture", fixtures())
async def test_at_the_first_start_a_state_that_no_longer_decodes_is_rebuilt_exactly(
    table: Table, tmp_path: Path, fixture: Path
) -> None:
    """Damaged before this bot ever started on it: a state that no longer decodes (its log
    intact) is rebuilt exactly; outbox rows lost lose nothing, and the board the players
    see comes up to date at their click."""
    store = old_store(table, fixture, tmp_path)
    long = store["long"]
    before = store.state(long)
    store.execute("UPDATE games SET state = ? WHERE id = ?",
                  undecodable(store.column(long, "state")), long.id)
    unshown = store.games.get("unshown")  # (from the outbox on, schema 3)
    if unshown is not None:
        store.execute("DELETE FROM outbox WHERE game_id = ?", unshown.id)

    await start_bot(table, store.database)

    moves = await rebuilt_in_store(store, long, before)
    if unshown is not None:
        assert store.state(unshown).seq == unshown.described["seq"]  # the moves not shown
    await says_rebuilt_on_its_board(store, long, moves)
    if unshown is not None:
        await plays_on(store, unshown)


@pytest.mark.parametrize("fixture", fixtures())
async def test_at_the_first_start_a_lost_log_is_never_replayed_from_nothing(
    table: Table, tmp_path: Path, fixture: Path
) -> None:
    """Damaged before this bot ever started on it: a game whose state cannot be parsed and
    whose log is lost is broken, and its channel told."""
    store = old_store(table, fixture, tmp_path)
    lost = store["yield"]
    store.execute("UPDATE games SET state = ? WHERE id = ?", GARBLED, lost.id)
    store.execute("DELETE FROM actions WHERE game_id = ?", lost.id)

    await start_bot(table, store.database)

    broken_and_told(store, lost, GARBLED, moves_left=0)


@pytest.mark.parametrize("fixture", fixtures())
async def test_at_the_first_start_a_log_cut_short_is_never_replayed(
    table: Table, tmp_path: Path, fixture: Path
) -> None:
    """Damaged before this bot ever started on it: a game whose state no longer decodes
    (it still says how far the game went) and whose log lost its last moves is broken, and
    its channel told."""
    store = old_store(table, fixture, tmp_path)
    cut = store["short"]
    damaged = undecodable(store.column(cut, "state"))
    store.execute("UPDATE games SET state = ? WHERE id = ?", damaged, cut.id)
    store.execute("DELETE FROM actions WHERE game_id = ? AND seq > 1", cut.id)

    await start_bot(table, store.database)

    broken_and_told(store, cut, damaged, moves_left=1)


# --- damage after this bot started once ----------------------------------------------------


@pytest.mark.parametrize("fixture", fixtures())
async def test_damage_after_this_bot_started_once_on_an_older_bots_store(
    table: Table, tmp_path: Path, fixture: Path
) -> None:
    """Started once by this bot, then damaged: a state that cannot even be parsed is rebuilt
    exactly from an intact log, and leaves its game broken when the log is lost or cut
    short; effects queued and then lost leave the board to come up to date at a click."""
    store = old_store(table, fixture, tmp_path)
    unshown = store.games.get("unshown")
    await start_bot(table, store.database)
    if unshown is not None:
        # Its question's time runs out while Discord refuses its channel: the autopilot's
        # move is saved, its effects stay queued, and are lost. (The turn clock's own call,
        # made at once: SimCord's clock would run out the other games' time too.)
        table.env.inject_error("*", f"/channels/{unshown.channel.id}/messages*", status=403,
                               code=50013, message="Missing Permissions", times=None)
        asked = (await live(store, unshown)).playing_state().pending
        await bot_of(table.env).clicks.timer_ran_out(unshown.id, tuple(d.id for d in asked))
        moved = store.state(unshown).seq
        assert moved > unshown.described["seq"] and store.outbox(unshown) > 0
        store.execute("DELETE FROM outbox WHERE game_id = ?", unshown.id)
    long, lost, cut = store["long"], store["yield"], store["short"]
    before = store.state(long)
    assert store.moves(cut) >= 2
    for game in (long, lost, cut):
        store.execute("UPDATE games SET state = ? WHERE id = ?", GARBLED, game.id)
    store.execute("DELETE FROM actions WHERE game_id = ?", lost.id)
    store.execute("DELETE FROM actions WHERE game_id = ? AND seq > 1", cut.id)

    await start_bot(table, store.database)
    table.env.backend.faults.clear()

    moves = await rebuilt_in_store(store, long, before)
    broken_and_told(store, lost, GARBLED, moves_left=0)
    broken_and_told(store, cut, GARBLED, moves_left=1)
    await says_rebuilt_on_its_board(store, long, moves)
    if unshown is not None:
        assert store.state(unshown).seq == moved
        await plays_on(store, unshown)
