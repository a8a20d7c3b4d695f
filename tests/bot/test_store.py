"""The store on a temporary SQLite file and on a PostgreSQL database: migrations, one game
per channel, atomic writes, versions checked on every write of a game."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest

import bot.store.store as store_module
from bot.store.backend import Statement, Work
from bot.store.postgres import PostgresBackend
from bot.store.sqlite import SqliteBackend
from bot.store.store import (
    MIGRATIONS,
    ActionRow,
    Backend,
    ChannelBusy,
    OwedAnswerRow,
    StaleWrite,
    Store,
    Transaction,
    UniqueViolation,
    is_postgres_url,
)

# Discord ids are 64-bit: PostgreSQL's INTEGER would refuse them.
SNOWFLAKE = 1_234_567_890_123_456_789


async def test_migrations_run_once_and_set_the_version(store_target: str | Path) -> None:
    store = await Store.open(store_target)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    store = await Store.open(store_target)  # reopening migrates nothing and loses nothing
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    if isinstance(store_target, Path):
        with sqlite3.connect(store_target) as db:
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_processes_started_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(Store.open(postgres_url) for _ in range(4)))
    try:
        assert {await store.schema_version() for store in stores} == {len(MIGRATIONS)}
        versions = await stores[0].backend.read(
            lambda tx: tx.rows("SELECT version FROM schema_version ORDER BY version"))
        assert [row[0] for row in versions] == list(range(1, len(MIGRATIONS) + 1))
    finally:
        for store in stores:
            await store.close()


async def test_a_sqlite_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "kot.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version={len(MIGRATIONS) + 1}")
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await Store.open(path)


async def test_a_postgres_database_from_a_newer_bot_is_refused(postgres_url: str) -> None:
    store = await Store.open(postgres_url)
    await store.backend.write(lambda tx: tx.execute(
        "INSERT INTO schema_version (version, applied_at) VALUES (?, 0)",
        (len(MIGRATIONS) + 1,)))
    await store.close()
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await Store.open(postgres_url)


async def test_one_active_game_per_channel(store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        first = (await store.create_lobby(guild_id=SNOWFLAKE, channel_id=SNOWFLAKE + 10,
                                          host_id=SNOWFLAKE + 100, lobby=b"{}")).game_id
        with pytest.raises(ChannelBusy):
            await store.create_lobby(guild_id=1, channel_id=SNOWFLAKE + 10, host_id=101,
                                     lobby=b"{}")
        other = (await store.create_lobby(guild_id=1, channel_id=11, host_id=101,
                                          lobby=b"{}")).game_id
        await store.update_game(first, version=0, status="over")
        second = (await store.create_lobby(guild_id=1, channel_id=SNOWFLAKE + 10, host_id=102,
                                           lobby=b"{}")).game_id
        assert [row.id for row in await store.active_games()] == [other, second]
        found = await store.active_in_channel(SNOWFLAKE + 10)
        assert found is not None and found.id == second and found.version == 0
        assert (await store.get(first)) == replace(
            found, id=first, guild_id=SNOWFLAKE, host_id=SNOWFLAKE + 100, status="over",
            version=1)
    finally:
        await store.close()


async def test_an_action_and_its_state_are_written_together(store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        game = (await store.create_lobby(guild_id=1, channel_id=10, host_id=100,
                                         lobby=b"{}")).game_id
        await store.record_actions(game, [ActionRow(1, 0, SNOWFLAKE, b'{"a":1}')], version=0,
                                   state=b"state-1", chronicle=b"{}", status="playing",
                                   effects=[b"show-1"])
        # A second write of seq 1 (a replayed click) fails as a whole: the state stays, and
        # its effects are not queued.
        with pytest.raises(UniqueViolation):
            await store.record_actions(game, [ActionRow(1, 0, 100, b'{"a":2}')], version=1,
                                       state=b"state-2", chronicle=b"{}", status="playing",
                                       effects=[b"show-2"])
        row = await store.get(game)
        assert row is not None and row.state == b"state-1" and row.status == "playing"
        assert row.version == 1
        assert await store.actions(game) == [ActionRow(1, 0, SNOWFLAKE, b'{"a":1}')]
        assert [entry.effect for entry in await store.outbox(game)] == [b"show-1"]
        with pytest.raises(ValueError, match="not game columns"):
            await store.update_game(game, version=1, host_id=5)
    finally:
        await store.close()


def owed_answer(interaction_id: int, answer: bytes, **changes: Any) -> OwedAnswerRow:
    """An answer owed to a command, as ``bot.discord.io.OwedAnswers`` keeps it."""
    fields: dict[str, Any] = dict(
        interaction_id=interaction_id, application_id=SNOWFLAKE + 1, token="a-token",
        token_expires=1_900.5, channel_id=SNOWFLAKE + 2, guild_id=SNOWFLAKE + 3,
        user_id=SNOWFLAKE + 4, locale="es-ES", private=True, kind="follow_up",
        message_id=SNOWFLAKE + 5, answer=answer, created_at=1_000.25)
    return OwedAnswerRow(**{**fields, **changes})


async def test_owed_answers_are_kept_in_order_until_each_ends(store_target: str | Path) -> None:
    store = await Store.open(store_target)
    try:
        first, other = SNOWFLAKE, SNOWFLAKE + 10
        assert await store.add_owed_answer(owed_answer(first, b'{"content": "a"}')) == 1
        assert await store.add_owed_answer(owed_answer(other, b"{}", guild_id=None,
                                                       private=False, kind="edit",
                                                       message_id=None)) == 1
        assert await store.add_owed_answer(owed_answer(first, b'{"content": "b"}')) == 2
        owed = await store.owed_answers()
        assert [(row.interaction_id, row.seq) for row in owed] == [(first, 1), (first, 2),
                                                                   (other, 1)]
        assert owed[0] == owed_answer(first, b'{"content": "a"}', seq=1)
        assert owed[2] == owed_answer(other, b"{}", guild_id=None, private=False, kind="edit",
                                      message_id=None, seq=1)

        await store.owed_attempt_failed(first, 2)
        # Discord refused the token at 1,500: it is not used again, even after a restart.
        await store.owed_token_unusable(first, 1_500.0)
        await store.owed_token_unusable(first, 1_700.0)  # (an earlier end stands)
        owed = await store.owed_answers()
        assert [(row.token_expires, row.attempts) for row in owed] == [
            (1_500.0, 0), (1_500.0, 1), (1_900.5, 0)]

        await store.drop_owed_answer(first, 1)
        assert [(row.interaction_id, row.seq) for row in await store.owed_answers()] == [
            (first, 2), (other, 1)]
        # A new answer comes after the last one kept.
        assert await store.add_owed_answer(owed_answer(first, b"{}")) == 3
        await store.drop_owed_answer(first)
        assert [(row.interaction_id, row.seq) for row in await store.owed_answers()] == [
            (other, 1)]
    finally:
        await store.close()


async def test_a_write_based_on_an_old_version_changes_nothing(
    store_target: str | Path,
) -> None:
    """Two processes over one database, both holding the game at version 1: the first write
    wins, the second is refused whole (its actions, effects and columns)."""
    first, second = Store(await _backend(store_target)), Store(await _backend(store_target))
    try:
        game = (await first.create_lobby(guild_id=1, channel_id=10, host_id=100,
                                         lobby=b"{}")).game_id
        await first.update_game(game, version=0, status="playing", state=b"state-0")
        await first.record_actions(game, [ActionRow(1, 0, 100, b"keep")], version=1,
                                   state=b"state-1", chronicle=b"{}", status="playing",
                                   effects=[b"edit-1"])
        with pytest.raises(StaleWrite):
            await second.record_actions(game, [ActionRow(2, 0, 100, b"roll")], version=1,
                                        state=b"state-x", chronicle=b"{}", status="playing",
                                        effects=[b"edit-x"])
        # The same seq as the first's action: stale first, whatever its INSERT then met.
        with pytest.raises(StaleWrite):
            await second.record_actions(game, [ActionRow(1, 0, 100, b"roll")], version=1,
                                        state=b"state-x", chronicle=b"{}", status="playing")
        with pytest.raises(StaleWrite):
            await second.update_game(game, version=1, effects=[b"ping-x"])
        with pytest.raises(StaleWrite):
            await second.finish_effects(game, [1], version=1, board_message_id=5)
        row = await second.get(game)
        assert row is not None and (row.state, row.version, row.board_message_id) == (
            b"state-1", 2, None)
        assert [a.action for a in await second.actions(game)] == [b"keep"]
        assert [e.effect for e in await second.outbox(game)] == [b"edit-1"]
        # Effects carried out are removed by whoever carried them out, at any version.
        await second.finish_effects(game, [1])
        assert await first.outbox(game) == []
    finally:
        await first.close()
        await second.close()


async def test_statements_in_order_answer_each_and_raise_the_first_failure(
    store_target: str | Path,
) -> None:
    """``in_order``: the rows of each statement, in order; the first statement to fail or to
    find no row where one was wanted raises, ahead of any later failure, and its write
    leaves nothing."""
    backend = await _backend(store_target)
    insert = "INSERT INTO servers (guild_id, settings) VALUES (?, ?) RETURNING guild_id"
    missing = LookupError("no such server")

    def with_missing_first(guild: int) -> list[Statement]:
        return [Statement("UPDATE servers SET settings = settings WHERE guild_id = ? RETURNING 1",
                          (guild,), if_no_rows=missing),
                Statement(insert, (1, b"again"))]  # (a repeated key, after it)

    try:
        found = await backend.write(lambda tx: tx.in_order(
            [Statement(insert, (1, b"a")), Statement(insert, (2, b"a")),
             Statement("SELECT guild_id FROM servers ORDER BY guild_id")]))
        assert found == [[(1,)], [(2,)], [(1,), (2,)]]
        with pytest.raises(LookupError) as raised:
            await backend.write(lambda tx: tx.in_order(
                [Statement(insert, (3, b"a")), *with_missing_first(404)]))
        assert raised.value is missing
        with pytest.raises(UniqueViolation):
            await backend.write(lambda tx: tx.in_order(
                [Statement(insert, (4, b"a")), Statement(insert, (2, b"again")),
                 *with_missing_first(404)]))
        rows = await backend.read(lambda tx: tx.rows(
            "SELECT guild_id, settings FROM servers ORDER BY guild_id"))
        assert rows == [(1, b"a"), (2, b"a")]  # (neither 3 nor 4, nor the update)
    finally:
        await backend.close()


async def test_effects_carried_out_and_effects_queued_behind_them_are_one_write(
    store_target: str | Path,
) -> None:
    """A pass records the effects it carried out and queues others behind the game's
    queued ones (moved, or its own follow-ups) at one version, atomically."""
    store = await Store.open(store_target)
    try:
        created = await store.create_lobby(guild_id=1, channel_id=10, host_id=100, lobby=b"{}",
                                           effects=[b"post", b"edit", b"ping"])
        game = created.game_id
        assert created.queued.seqs == (1, 2, 3)
        with pytest.raises(ValueError):  # queued effects are written at a version
            await store.finish_effects(game, [1], effects=[b"edit-again"])
        await store.finish_effects(game, [1, 2], version=0, board_message_id=5,
                                   effects=[b"edit-again", b"sync"])
        row = await store.get(game)
        assert row is not None and (row.version, row.board_message_id) == (1, 5)
        assert [(e.seq, e.effect) for e in await store.outbox(game)] == [
            (3, b"ping"), (4, b"edit-again"), (5, b"sync")]
        with pytest.raises(StaleWrite):  # refused whole: nothing removed, nothing queued
            await store.finish_effects(game, [3], version=0, effects=[b"lost"])
        assert [e.effect for e in await store.outbox(game)] == [b"ping", b"edit-again", b"sync"]
    finally:
        await store.close()


async def test_effects_of_many_games_are_removed_together(
    store_target: str | Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``remove_effects`` (edits carried out, removed in the background): each game's own
    seqs, and no other game's; a statement for as many games as the parameters allow."""
    store = await Store.open(store_target)
    try:
        games = [(await store.create_lobby(guild_id=1, channel_id=10 + number, host_id=100,
                                           lobby=b"{}", effects=[b"a", b"b", b"c"])).game_id
                 for number in range(4)]
        monkeypatch.setattr(store_module, "MOST_PARAMETERS", 7)  # two games a statement
        await store.remove_effects({games[0]: [1, 3], games[1]: [2], games[2]: [1, 2, 3]})
        assert [[e.effect for e in await store.outbox(game)] for game in games] == [
            [b"b"], [b"a", b"c"], [], [b"a", b"b", b"c"]]
        await store.remove_effects({games[0]: [1, 3]})  # removed already: nothing to do
        assert [e.effect for e in await store.outbox(games[0])] == [b"b"]
    finally:
        await store.close()


async def test_writes_racing_at_one_version_let_exactly_one_through(
    store_target: str | Path,
) -> None:
    """Eight writers (two stores, as two processes) at once, all based on version 0."""
    stores = [Store(await _backend(store_target)) for _ in range(2)]
    try:
        game = (await stores[0].create_lobby(guild_id=1, channel_id=10, host_id=100,
                                             lobby=b"{}")).game_id

        async def advance(writer: int) -> bool:
            try:
                await stores[writer % 2].record_actions(
                    game, [ActionRow(1, 0, 100, b"move-%d" % writer)], version=0,
                    state=b"state-%d" % writer, chronicle=b"{}", status="playing",
                    effects=[b"edit-%d" % writer])
            except StaleWrite:
                return False
            return True

        won = await asyncio.gather(*(advance(writer) for writer in range(8)))
        assert won.count(True) == 1
        winner = won.index(True)
        row = await stores[1].get(game)
        assert row is not None and (row.state, row.version) == (b"state-%d" % winner, 1)
        assert [a.action for a in await stores[1].actions(game)] == [b"move-%d" % winner]
        assert [e.effect for e in await stores[1].outbox(game)] == [b"edit-%d" % winner]
    finally:
        for store in stores:
            await store.close()


async def _backend(target: str | Path) -> Backend:
    """A backend of its own on ``target``, as another process would open (the SQLite
    backend opens a second connection to the same file)."""
    if isinstance(target, str) and is_postgres_url(target):
        return await PostgresBackend.open(target)
    return await SqliteBackend.open(str(target))


async def test_a_schema_1_database_gains_the_setup_column_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    path = tmp_path / "kot.sqlite3"
    with sqlite3.connect(path) as db:  # a database written by the first bot
        for statement in _SCHEMA_1:
            db.execute(statement)
        db.execute("INSERT INTO games (channel_id, host_id, status, lobby, state, created_at, "
                   "updated_at) VALUES (10, 100, 'playing', '{}', '{\"schema\":1}', 0, 0)")
        db.execute("PRAGMA user_version=1")
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS) >= 2
        [row] = await store.active_games()
        assert row.state == b'{"schema":1}' and row.setup is None
        await store.update_game(row.id, version=0, setup=b'{"seed":7}')
        assert (await store.get(row.id)).setup == b'{"seed":7}'  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_games_written_and_read_at_once_get_exactly_their_own_rows(
    store_target: str | Path,
) -> None:
    """Ten games, each logging moves and showing them, all at once (as clicks on ten boards
    at the same instant). Nothing the store hands to the event loop may hold a cursor: one
    freed there resets its statement outside the store's thread, maybe while that thread
    runs the same statement for another game, and SQLite refuses that game's write ("bad
    parameter or other API misuse", seen under burst clicks)."""
    loop = asyncio.get_running_loop()
    handed: list[object] = []
    watch(loop, "call_soon", handed)
    watch(loop, "call_soon_threadsafe", handed)
    store = await Store.open(store_target)
    try:
        games = [(await store.create_lobby(guild_id=1, channel_id=channel, host_id=100,
                                           lobby=b"{}")).game_id for channel in range(10)]

        async def play(game: int) -> None:
            for move in range(1, 21):
                await store.record_actions(
                    game, [ActionRow(2 * move - 1, 0, 100, b"keep"), ActionRow(2 * move, 0, None,
                                                                                 b"roll")],
                    version=2 * move - 2, state=b"state-%d" % move, chronicle=b"{}",
                    status="playing", effects=[b"edit-%d" % move, b"ping-%d" % move])
                edits = [e.seq for e in await store.outbox(game) if e.effect.startswith(b"edit")]
                await store.finish_effects(game, edits, version=2 * move - 1,
                                           board_message_id=move)
                assert (await store.get(game)).state == b"state-%d" % move  # type: ignore[union-attr]

        await asyncio.gather(*(play(game) for game in games))
        for game in games:
            assert [a.seq for a in await store.actions(game)] == list(range(1, 41))
            assert [e.effect for e in await store.outbox(game)] == [
                b"ping-%d" % move for move in range(1, 21)]
            row = await store.get(game)
            assert row is not None and row.board_message_id == 20
    finally:
        await store.close()
    cursors = [value for value in _results(handed) if isinstance(value, sqlite3.Cursor)]
    assert cursors == []


def watch(loop: asyncio.AbstractEventLoop, method: str, handed: list[object]) -> None:
    """Keep the arguments of every callback scheduled through ``loop.<method>``."""
    schedule: Callable[..., Any] = getattr(loop, method)

    def watched(callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        handed.extend(args)
        return schedule(callback, *args, **kwargs)

    setattr(loop, method, watched)


def _results(handed: list[object]) -> list[object]:
    """The values handed over: the arguments, and the results of finished futures."""
    values = []
    for value in handed:
        values.append(value)
        if isinstance(value, asyncio.Future | Future) and value.done() and not (
                value.cancelled() or value.exception()):
            values.append(value.result())
    return values


class CursorWatch:
    """Every sqlite3 cursor made while installed (``cursor_watch``), and those that left the
    thread of their connection unclosed: freed elsewhere (as by the garbage collector on the
    event loop), which resets their statement off that thread."""

    def __init__(self) -> None:
        self.made = 0
        self.escaped: list[str] = []
        watch = self

        class WatchedCursor(sqlite3.Cursor):
            def __init__(self, connection: WatchedConnection) -> None:
                super().__init__(connection)
                self.home = connection.home
                self.closed_at_home = False
                watch.made += 1

            def close(self) -> None:
                if threading.get_ident() == self.home:
                    self.closed_at_home = True
                else:
                    watch.escaped.append(f"closed on another thread: {self.description}")
                super().close()

            def __del__(self) -> None:
                if threading.get_ident() != self.home and not self.closed_at_home:
                    watch.escaped.append(f"freed unclosed on another thread: {self.description}")

        class WatchedConnection(sqlite3.Connection):
            """sqlite3's connection, its cursors watched (its ``execute`` makes a cursor and
            runs the statement on it, as sqlite3's own does)."""

            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self.home = threading.get_ident()

            def cursor(self, factory: Any = WatchedCursor) -> Any:
                return super().cursor(factory)

            # (No local name for the cursor: a failed statement's traceback would keep it,
            # where sqlite3's own execute keeps none.)
            def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
                return cast(sqlite3.Cursor, self.cursor().execute(sql, parameters))

            def executemany(self, sql: str, parameters: Any) -> sqlite3.Cursor:
                return cast(sqlite3.Cursor, self.cursor().executemany(sql, parameters))

        self.connection_class = WatchedConnection


@pytest.fixture
def cursor_watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[CursorWatch]:
    """Watch the cursors of every SQLite connection opened during the test (aiosqlite opens
    its connection through ``sqlite3.connect``); after it, none may have escaped."""
    watch = CursorWatch()
    connect = sqlite3.connect

    def watched_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        return connect(*args, factory=watch.connection_class, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", watched_connect)
    yield watch
    gc.collect()  # free here, on the event loop's thread, any cursor still referenced
    assert watch.made > 0
    assert watch.escaped == []


async def test_burst_writes_and_reads_close_every_cursor_on_the_connections_thread(
    tmp_path: Path, cursor_watch: CursorWatch,
) -> None:
    """The store's calls on ten games at once, and some that fail (a replayed click, a
    stale write, a second lobby in a channel): every cursor is closed, or freed, on
    aiosqlite's thread."""
    store = await Store.open(tmp_path / "kot.sqlite3")
    try:
        games = [(await store.create_lobby(guild_id=1, channel_id=channel, host_id=100,
                                           lobby=b"{}")).game_id for channel in range(10)]

        async def play(channel: int, game: int) -> None:
            with pytest.raises(ChannelBusy):
                await store.create_lobby(guild_id=1, channel_id=channel, host_id=101,
                                         lobby=b"{}")
            for move in range(1, 6):
                await store.record_actions(
                    game, [ActionRow(move, 0, 100, b"roll")], version=move - 1,
                    state=b"state-%d" % move, chronicle=b"{}", status="playing",
                    effects=[b"edit-%d" % move])
                with pytest.raises(StaleWrite):
                    await store.update_game(game, version=move - 1, status="over")
                with pytest.raises(UniqueViolation):
                    await store.record_actions(game, [ActionRow(move, 0, 100, b"again")],
                                               version=move, state=b"x", chronicle=b"{}",
                                               status="playing")
                await store.finish_effects(game, [e.seq for e in await store.outbox(game)])

        await asyncio.gather(*(play(channel, game) for channel, game in enumerate(games)))
        assert [len(await store.actions(game)) for game in games] == [5] * 10
    finally:
        await store.close()


async def test_transactions_and_reads_from_many_tasks_never_interleave(
    tmp_path: Path, cursor_watch: CursorWatch,
) -> None:
    """Fifty writers each add two rows in one transaction (awaiting between them) while
    five readers count the rows until the writers are done: no reader ever sees one
    writer's first row alone."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    try:
        async def write_pair(writer: int) -> None:
            async def add_two(tx: Transaction) -> None:
                for guild in (2 * writer, 2 * writer + 1):
                    await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (?, ?)",
                                     (guild, b"{}"))
            await backend.write(add_two)

        async def count() -> int:
            row = await backend.read(lambda tx: tx.one("SELECT COUNT(*) FROM servers"))
            assert row is not None
            return int(row[0])

        writers = asyncio.gather(*(write_pair(writer) for writer in range(50)))

        async def count_until_written() -> list[int]:
            counts = []
            while not writers.done():
                counts.append(await count())
            return counts

        readers = await asyncio.gather(*(count_until_written() for _ in range(5)))
        await writers
        counts = [seen for reader in readers for seen in reader]
        assert all(seen % 2 == 0 for seen in counts)
        assert len(set(counts)) > 1  # the readers did run between the writers
        assert await count() == 100
    finally:
        await backend.close()


async def test_a_cancelled_transaction_is_rolled_back_before_the_next_call(
    tmp_path: Path, cursor_watch: CursorWatch,
) -> None:
    """A writer awaiting between its two statements (``write_awaiting``) cancelled there (as
    a click's task at shutdown): its first row is rolled back, its cursors stay on
    aiosqlite's thread, and the next call finds the connection out of that transaction."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    try:
        first_written = asyncio.Event()

        async def add_two(tx: Transaction) -> None:
            await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (1, 'a')")
            first_written.set()
            await asyncio.sleep(3600)  # (cancelled first)
            await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (2, 'b')")

        writer = asyncio.ensure_future(backend.write_awaiting(add_two))
        await first_written.wait()
        writer.cancel()
        with pytest.raises(asyncio.CancelledError):
            await writer
        await backend.write(lambda tx: tx.execute(
            "INSERT INTO servers (guild_id, settings) VALUES (3, 'c')"))
        rows = await backend.read(lambda tx: tx.rows("SELECT guild_id FROM servers"))
        assert rows == [(3,)]
    finally:
        await backend.close()


async def test_a_write_is_whole_or_nothing_and_refuses_work_that_awaits_more(
    tmp_path: Path, cursor_watch: CursorWatch,
) -> None:
    """``write`` runs its work among other writes of its batch: a cancelled caller leaves it
    written whole or not at all; a work that awaits anything but its statements (its whole
    batch would wait for it) is refused, rolled back, and the connection goes on."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    try:
        async def add_two(tx: Transaction) -> None:
            for guild in (1, 2):
                await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (?, 'a')",
                                 (guild,))

        writer = asyncio.ensure_future(backend.write(add_two))
        await asyncio.sleep(0)  # (queued, its batch begun or about to be)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer
        written = await backend.read(lambda tx: tx.rows("SELECT guild_id FROM servers"))
        assert written in ([], [(1,), (2,)])

        async def waits_between(tx: Transaction) -> None:
            await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (5, 'b')")
            await asyncio.sleep(0.01)
            await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (6, 'b')")

        with pytest.raises(RuntimeError, match="write_awaiting"):
            await backend.write(waits_between)
        await backend.write(lambda tx: tx.execute(
            "INSERT INTO servers (guild_id, settings) VALUES (7, 'c')"))
        rows = await backend.read(lambda tx: tx.rows(
            "SELECT guild_id FROM servers WHERE guild_id > 2"))
        assert rows == [(7,)]
    finally:
        await backend.close()


async def test_writes_at_once_share_commits_and_a_failed_one_leaves_the_others_written(
    tmp_path: Path, cursor_watch: CursorWatch,
) -> None:
    """Forty writes at once (as clicks on many boards) go in fewer transactions than writes
    (group commit: one sync to disk for several), each caller answered only once its write
    is committed (a read on the other connection then finds it). Among them a transaction
    failing at its second statement: its batch is rolled back and written again one write
    at a time, so that one leaves nothing (its first row neither), the others are all
    written, and a write of statements committing by themselves keeps those before its
    failure."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    statements: list[str] = []
    await backend._db.set_trace_callback(statements.append)
    insert = "INSERT INTO servers (guild_id, settings) VALUES (?, 'a')"
    try:
        async def add(guild: int) -> None:
            await backend.write(lambda tx: tx.execute(insert, (guild,)))
            found = await backend.read(lambda tx: tx.one(
                "SELECT guild_id FROM servers WHERE guild_id = ?", (guild,)))
            assert found == (guild,)

        async def add_then_repeat(guild: int) -> None:
            async def twice(tx: Transaction) -> None:
                await tx.execute(insert, (guild,))
                await tx.execute(insert, (1,))  # (written by add(1))
            with pytest.raises(UniqueViolation):
                await backend.write(twice)

        async def add_one_at_a_time(guild: int) -> None:
            async def each_by_itself(tx: Transaction) -> None:
                await tx.execute(insert, (guild,))
                await tx.execute(insert, (1,))
            with pytest.raises(UniqueViolation):
                await backend.autocommit(each_by_itself)

        await add(1)
        await asyncio.gather(*(add(guild) for guild in range(2, 40)),
                             add_then_repeat(100), add_then_repeat(101),
                             add_one_at_a_time(200))
        rows = await backend.read(lambda tx: tx.rows(
            "SELECT guild_id FROM servers ORDER BY guild_id"))
        assert rows == [(guild,) for guild in [*range(1, 40), 200]]
        assert 0 < statements.count("COMMIT") < 20
        assert "ROLLBACK" in statements  # (a batch that held a failed write)
    finally:
        await backend.close()


async def test_a_write_of_one_statement_alone_is_one_trip_committing_by_itself(
    tmp_path: Path,
) -> None:
    """A removal of effects carried out, alone in its batch, goes to the connection that
    opens no transaction: the statement alone, no BEGIN and no COMMIT after it, and on disk
    as surely as the writer's (``synchronous=FULL``, foreign keys checked)."""
    store = await Store.open(tmp_path / "kot.sqlite3")
    backend = cast(SqliteBackend, store.backend)
    on_writer: list[str] = []
    alone: list[str] = []
    try:
        game = (await store.create_lobby(guild_id=1, channel_id=10, host_id=100, lobby=b"{}",
                                         effects=[b"edit"])).game_id
        await backend._db.set_trace_callback(on_writer.append)
        await backend._alone.set_trace_callback(alone.append)
        await store.remove_effects({game: [1]})
        assert await store.outbox(game) == []
        assert on_writer == []
        assert [statement.split()[0] for statement in alone] == ["DELETE"]
        assert await backend._alone.execute_fetchall("PRAGMA synchronous") == [(2,)]
        assert await backend._alone.execute_fetchall("PRAGMA foreign_keys") == [(1,)]
    finally:
        await store.close()


async def test_the_writer_steps_a_batch_of_works_without_a_task_for_each(
    tmp_path: Path,
) -> None:
    """Thirty writes of three statements each at once (half of them awaiting each, half
    handing them over together, ``in_order``): the writer steps their works itself, and
    ``in_order`` its statements, so the only tasks made meanwhile are the writer's (one per
    run of batches), never one a write or a statement, and every write is answered with its
    result."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    loop = asyncio.get_running_loop()
    made: list[str] = []

    def counting_factory(loop: asyncio.AbstractEventLoop, coro: Any,
                         **kwargs: Any) -> asyncio.Task[Any]:
        made.append(coro.__qualname__)
        return asyncio.Task(coro, loop=loop, **kwargs)

    insert = "INSERT INTO servers (guild_id, settings) VALUES (?, 'a')"
    try:
        def three_rows(guild: int) -> Work[int]:
            async def work(tx: Transaction) -> int:
                if guild % 2:
                    await tx.in_order([Statement(insert, (guild * 10 + row,))
                                       for row in range(3)])
                    return guild
                for row in range(3):
                    await tx.execute(insert, (guild * 10 + row,))
                return guild
            return work

        writes = [backend.write(three_rows(guild)) for guild in range(30)]
        loop.set_task_factory(counting_factory)
        try:
            answers = await asyncio.gather(*writes)
        finally:
            loop.set_task_factory(None)
        assert answers == list(range(30))
        assert set(made) <= {"SqliteBackend._write_queued", "SqliteBackend.write"}
        assert made.count("SqliteBackend._write_queued") < 10
        rows = await backend.read(lambda tx: tx.one("SELECT COUNT(*) FROM servers"))
        assert rows == (90,)
    finally:
        await backend.close()


async def test_each_statement_counts_the_rows_it_changed_among_other_writes(
    tmp_path: Path,
) -> None:
    """Writes in one batch, their statements side by side: each statement's count of rows
    changed is its own (inserted, updated, deleted, or skipped on a conflict), whatever
    other writes' statements ran between it and its count."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    try:
        async def counts(writer: int) -> list[int]:
            guilds = [100 * writer + number for number in range(writer + 1)]

            async def change(tx: Transaction) -> list[int]:
                marks = ", ".join(["(?, 'a')"] * len(guilds))
                return [
                    await tx.execute(f"INSERT INTO servers (guild_id, settings) VALUES {marks}",
                                     guilds),
                    await tx.execute(
                        "UPDATE servers SET settings = 'b' WHERE guild_id BETWEEN ? AND ?",
                        (guilds[0], guilds[-1])),
                    await tx.execute(
                        "INSERT INTO servers (guild_id, settings) VALUES (?, 'c') "
                        "ON CONFLICT (guild_id) DO NOTHING", (guilds[0],)),
                    await tx.execute("DELETE FROM servers WHERE guild_id = ?", (guilds[-1],)),
                ]
            return await backend.write(change)

        found = await asyncio.gather(*(counts(writer) for writer in range(10)))
        assert found == [[writer + 1, writer + 1, 0, 1] for writer in range(10)]
    finally:
        await backend.close()


async def test_a_transaction_sqlite_ended_early_leaves_no_other_write_half_committed(
    tmp_path: Path,
) -> None:
    """SQLite ends some failed transactions itself (a full disk): the statements other writes
    of the batch send after that must not commit one by one. Here a work ends its batch's
    transaction (ROLLBACK) and then fails, as such an error would; the other write of its
    batch, whose last statements came after the rollback, is written again whole, once."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    insert = "INSERT INTO servers (guild_id, settings) VALUES (?, 'a')"
    try:
        async def ended_early(tx: Transaction) -> None:
            await tx.execute(insert, (1,))
            await tx.execute("ROLLBACK")
            raise sqlite3.OperationalError("database or disk is full")

        async def three_rows(tx: Transaction) -> None:
            for guild in (2, 3, 4):
                await tx.execute(insert, (guild,))

        failed, written = await asyncio.gather(backend.write(ended_early),
                                               backend.write(three_rows),
                                               return_exceptions=True)
        assert isinstance(failed, sqlite3.OperationalError) and written is None
        rows = await backend.read(lambda tx: tx.rows(
            "SELECT guild_id FROM servers ORDER BY guild_id"))
        assert rows == [(2,), (3,), (4,)]
    finally:
        await backend.close()


async def test_a_write_whose_caller_is_cancelled_before_its_batch_is_never_written(
    tmp_path: Path,
) -> None:
    """A write waits for its batch while the connection is busy (here a ``write_awaiting``
    in progress); its caller cancelled meanwhile, it is left out of the batch, and the
    writes queued with it are written."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    insert = "INSERT INTO servers (guild_id, settings) VALUES (?, 'a')"
    try:
        holding, go_on = asyncio.Event(), asyncio.Event()

        async def hold(tx: Transaction) -> None:
            await tx.execute(insert, (1,))
            holding.set()
            await go_on.wait()

        held = asyncio.ensure_future(backend.write_awaiting(hold))
        await holding.wait()
        dropped = asyncio.ensure_future(backend.write(lambda tx: tx.execute(insert, (2,))))
        kept = asyncio.ensure_future(backend.write(lambda tx: tx.execute(insert, (3,))))
        await asyncio.sleep(0)  # (both queued)
        dropped.cancel()
        go_on.set()
        await held
        assert await kept == 1
        assert dropped.cancelled()
        rows = await backend.read(lambda tx: tx.rows(
            "SELECT guild_id FROM servers ORDER BY guild_id"))
        assert rows == [(1,), (3,)]
    finally:
        await backend.close()


async def test_a_read_during_a_transaction_sees_only_what_was_committed(
    tmp_path: Path, cursor_watch: CursorWatch,
) -> None:
    """A read while another call's transaction is open (between its statements, which only
    ``write_awaiting`` leaves open while the event loop runs) neither
    waits for it nor sees its rows; once it commits, a read sees them all."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    try:
        await backend.write(lambda tx: tx.execute(
            "INSERT INTO servers (guild_id, settings) VALUES (1, 'a')"))
        first_written, go_on = asyncio.Event(), asyncio.Event()

        async def add_two(tx: Transaction) -> None:
            await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (2, 'b')")
            first_written.set()
            await go_on.wait()
            await tx.execute("INSERT INTO servers (guild_id, settings) VALUES (3, 'c')")

        async def guilds() -> list[tuple[Any, ...]]:
            return await backend.read(lambda tx: tx.rows(
                "SELECT guild_id FROM servers ORDER BY guild_id"))

        writer = asyncio.ensure_future(backend.write_awaiting(add_two))
        await first_written.wait()
        try:
            # (A read waiting for the transaction would wait for good: only the test ends it.)
            assert await asyncio.wait_for(guilds(), timeout=10) == [(1,)]
        finally:
            go_on.set()
            await writer
        assert await guilds() == [(1,), (2,), (3,)]
    finally:
        await backend.close()


async def test_many_rows_inserted_in_several_statements_are_all_written_or_none(
    tmp_path: Path,
) -> None:
    """SQLite's ``execute_many`` writes 999 parameters a statement at most: 1,200 rows of
    two go in three statements, and a repeated key in the last one leaves none written."""
    backend = await SqliteBackend.open(str(tmp_path / "kot.sqlite3"))
    insert = "INSERT INTO servers (guild_id, settings) VALUES (?, ?)"
    try:
        with pytest.raises(UniqueViolation):
            await backend.write(lambda tx: tx.execute_many(
                insert, [(guild, b"{}") for guild in [*range(1199), 0]]))
        await backend.write(lambda tx: tx.execute_many(
            insert, [(guild, b"%d" % guild) for guild in range(1200)]))
        rows = await backend.read(lambda tx: tx.rows(
            "SELECT guild_id, settings FROM servers ORDER BY guild_id"))
        assert rows == [(guild, b"%d" % guild) for guild in range(1200)]
        with pytest.raises(ValueError, match="not an INSERT"):
            await backend.write(lambda tx: tx.execute_many(
                insert + " ON CONFLICT (guild_id) DO NOTHING", [(1, b"{}")]))
    finally:
        await backend.close()


_SCHEMA_1 = (
    "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, guild_id INTEGER, channel_id "
    "INTEGER NOT NULL, host_id INTEGER NOT NULL, status TEXT NOT NULL, lobby BLOB NOT NULL, "
    "seats BLOB NOT NULL DEFAULT '[]', state BLOB, chronicle BLOB NOT NULL DEFAULT '{}', "
    "board_message_id INTEGER, created_at REAL NOT NULL, updated_at REAL NOT NULL)",
    "CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT "
    "NULL, seat INTEGER NOT NULL, user_id INTEGER, action BLOB NOT NULL, at REAL NOT NULL, "
    "PRIMARY KEY (game_id, seq)) WITHOUT ROWID",
)
