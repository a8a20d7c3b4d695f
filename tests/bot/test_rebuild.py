"""No game lost to a deploy: a stored state that cannot be decoded is rebuilt from the game's
action log, never to a point behind what the players saw; games stored by older versions load
and play; only real decode failures count."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from bot_harness import Table, bot_of, make_bot, private_reply, service

import bot.table.game_rows as game_rows
from bot.i18n import ENGLISH, say
from bot.store.store import MIGRATIONS, Store
from bot.table.model import Game, Refused
from bot.table.publish import CloseBoard
from bot.table.service import GameService
from engine import Roll, decode_state

# The note a rebuilt game's narration gets, in English.
REBUILT_NOTE = "🛠️ This game's saved state could not be read: it was rebuilt from its {moves}."

FIXTURE = Path(__file__).parent / "fixtures" / "schema1_game.json"
# A stored state that no longer even parses.
DAMAGED_STATE = b'{"schema": 2, "oops'


async def restart(table: Table, database: Path) -> None:
    old = bot_of(table.env)
    await table.env.restart_bot(make_bot(database, sync=False))
    await old.service.close()


def set_columns(database: Path, game_id: int, **columns: object) -> None:
    with sqlite3.connect(database) as db:
        assignments = ", ".join(f"{name} = ?" for name in columns)
        db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*columns.values(), game_id))


async def stored_game(database: Path, *, moves: int) -> Game:
    """A two-player game, started and played ``moves`` clicks through the service alone,
    as it is stored (the service is closed again)."""
    service = GameService(await Store.open(database), seed_source=lambda: 11)
    try:
        game = await service.lobbies.open(guild_id=1, channel_id=10, host_id=100,
                                          show=_nothing_to_show)
        await service.lobbies.join(game.id, 200, _nothing_to_show)
        game = await service.lobbies.start(game.id, 100, _nothing_to_show)
        for _move in range(moves):
            state = game.playing_state()
            decision = state.pending[0]
            outcome = await service.click(game.id, game.seats[decision.seat], decision.id, "o0",
                                          _nothing_to_show)
            game = outcome.game
        return game
    finally:
        await service.close()


async def test_an_unreadable_state_is_rebuilt_from_the_log_and_plays_on(
    table: Table, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    await table.start_game(players=3)
    await table.option(Roll)
    await table.click("h0")
    before = await table.game()
    assert before.state is not None and before.state.seq == 2
    # The chronicle knows the move the players saw: the whole log reaches it.
    assert json.loads(_stored(database, before.id, "chronicle"))["state_seq"] == 2
    set_columns(database, before.id, state=DAMAGED_STATE)

    with caplog.at_level(logging.WARNING, logger="bot.table.rebuild"):
        await restart(table, database)

    game = await table.game()
    assert game.status == "playing" and game.state == before.state
    assert "rebuilt from its 2 moves" in caplog.text
    await table.option(Roll)  # playable: the rebuilt game takes the next move
    after = await table.game()
    assert after.state is not None and after.state.seq == 3
    # The board of the rebuilt turn says so (redrawn, or closed if that move ended the turn).
    board = table.message(before.board_message_id or 0)
    assert REBUILT_NOTE.format(moves="2 moves") in (board.embeds[0].description or "")
    # The rebuilt state was saved: the next start reads it without rebuilding.
    caplog.clear()
    await restart(table, database)
    assert (await table.game()).state == after.state
    assert "rebuilt" not in caplog.text


def as_an_older_bot_stored_it(database: Path, game_id: int) -> None:
    """The game's row as a bot before the setup was kept at the start and before the
    chronicle kept the move stored it: no setup, no stamp."""
    chronicle = json.loads(_stored(database, game_id, "chronicle"))
    chronicle.pop("state_seq", None)
    set_columns(database, game_id, setup=None, chronicle=json.dumps(chronicle).encode())


async def test_the_start_up_stores_what_a_rebuild_needs_for_an_older_bots_games(
    table: Table, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    await table.start_game(players=3)
    await table.option(Roll)
    await table.click("h0")
    before = await table.game()
    assert before.state is not None and before.state.seq == 2
    as_an_older_bot_stored_it(database, before.id)

    await restart(table, database)  # the first start of this bot on that database
    # The real start-up (restore, not load_active) stored the setup and the move shown.
    assert json.loads(_stored(database, before.id, "setup"))["seed"] == before.state.seed
    assert json.loads(_stored(database, before.id, "chronicle"))["state_seq"] == 2

    set_columns(database, before.id, state=DAMAGED_STATE)  # then the state is damaged
    with caplog.at_level(logging.WARNING, logger="bot.table.rebuild"):
        await restart(table, database)
    game = await table.game()
    assert game.status == "playing" and game.state == before.state
    assert "rebuilt from its 2 moves" in caplog.text


async def test_after_the_first_start_a_lost_state_and_log_are_never_rebuilt_from_nothing(
    table: Table, database: Path
) -> None:
    await table.start_game(players=2)
    before = await play_into_turn(table, 2)
    assert before.state is not None
    # An older bot kept the setup but not the move shown (as at 81b6d42).
    chronicle = json.loads(_stored(database, before.id, "chronicle"))
    chronicle.pop("state_seq", None)
    chronicle["recent_turns"] = []  # (nothing else in the chronicle names a past turn)
    set_columns(database, before.id, chronicle=json.dumps(chronicle).encode())

    await restart(table, database)
    set_columns(database, before.id, state=DAMAGED_STATE)
    lose_actions(database, before.id, after_seq=0)
    await restart(table, database)

    notice = table.channel.last_message
    assert notice is not None and "cannot be loaded" in notice.content
    assert _stored(database, before.id, "status") == "broken"


async def test_a_game_whose_state_and_log_are_both_lost_is_broken_not_restarted(
    table: Table, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    await table.start_game(players=2)
    before = await play_into_turn(table, 2)
    assert before.state is not None
    board = table.message(before.board_message_id or 0)
    set_columns(database, before.id, state=DAMAGED_STATE)
    lose_actions(database, before.id, after_seq=0)

    with caplog.at_level(logging.ERROR):
        await restart(table, database)

    # Not "rebuilt from its 0 moves" at turn 1: stopped, and the channel told in plain words.
    notice = table.channel.last_message
    assert notice is not None and f"game #{before.id}" in notice.content
    assert "cannot be loaded" in notice.content and "was shown" not in notice.content
    assert f"move {before.state.seq} was shown" in caplog.text
    assert _stored(database, before.id, "status") == "broken"
    assert _stored(database, before.id, "state") == DAMAGED_STATE  # the data is kept
    asked = table.player(before.seats[0])
    result = await asked.click(board, custom_id=board_button(before))
    assert private_reply(result) is not None and "cannot be read" in (private_reply(result) or "")


async def test_a_log_that_lost_its_last_moves_leaves_the_game_broken(
    table: Table, database: Path
) -> None:
    await table.start_game(players=2)
    before = await play_into_turn(table, 2)
    assert before.state is not None and before.state.seq >= 2
    set_columns(database, before.id, state=DAMAGED_STATE)
    lose_actions(database, before.id, after_seq=1)  # the moves the players saw after the first

    await restart(table, database)

    notice = table.channel.last_message
    assert notice is not None and "cannot be loaded" in notice.content
    assert _stored(database, before.id, "status") == "broken"
    with sqlite3.connect(database) as db:  # what was left of the log is kept too
        assert db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                          (before.id,)).fetchone()[0] == 1


async def test_a_game_saved_before_its_chronicle_kept_the_move_is_judged_by_its_outbox(
    table: Table, database: Path
) -> None:
    game = await table.start_game(players=2)
    # Discord refuses every edit: when the timer ends turn 1, its board stays in the outbox,
    # still to close.
    table.env.inject_error("PATCH", "/channels/*/messages/*", times=None, status=403,
                           code=50013, message="Missing Permissions")
    await table.env.advance_time(301)
    before = await table.game()
    assert before.state is not None and before.state.turn is not None
    assert before.state.turn.number == 2 and before.id == game.id
    queued = await service(table.env).games.outbox(before.id)
    assert any(isinstance(entry.effect, CloseBoard) for entry in queued)
    chronicle = json.loads(_stored(database, before.id, "chronicle"))
    chronicle.pop("state_seq", None)  # as saved before the chronicle kept it
    set_columns(database, before.id, state=DAMAGED_STATE,
                chronicle=json.dumps(chronicle).encode())
    lose_actions(database, before.id, after_seq=0)

    await restart(table, database)

    notice = table.channel.last_message
    assert notice is not None and "cannot be loaded" in notice.content
    assert _stored(database, before.id, "status") == "broken"


async def test_a_chronicle_from_before_the_move_was_kept_still_knows_its_turns(
    database: Path,
) -> None:
    game = await stored_game(database, moves=0)
    # As stored before the chronicle kept the move: turn 3's time had run out.
    chronicle = json.loads(_stored(database, game.id, "chronicle"))
    chronicle.pop("state_seq", None)
    chronicle["timed_out_turn"] = 3
    set_columns(database, game.id, state=DAMAGED_STATE, chronicle=json.dumps(chronicle).encode())

    service = GameService(await Store.open(database))
    try:
        loaded, broken = await service.games.load_active()
        assert not loaded and [b.game_id for b in broken] == [game.id]
        assert "turn 3 was shown" in broken[0].reason
    finally:
        await service.close()


async def test_a_game_from_before_the_setup_column_is_rebuilt_from_its_raw_state(
    database: Path,
) -> None:
    game = await stored_game(database, moves=1)
    # As a row written before migration 2 whose state no longer validates (but parses).
    raw = json.loads(_stored(database, game.id, "state"))
    raw["rng"] = "not a number"
    set_columns(database, game.id, state=json.dumps(raw).encode(), setup=None)

    service = GameService(await Store.open(database))
    try:
        loaded, broken = await service.games.load_active()
        assert not broken and [g.state for g in loaded] == [game.state]
        assert loaded[0].setup is not None and loaded[0].setup.seed == 11
    finally:
        await service.close()


async def test_a_log_that_does_not_replay_leaves_the_game_broken(database: Path) -> None:
    game = await stored_game(database, moves=1)
    set_columns(database, game.id, state=b"{}")
    with sqlite3.connect(database) as db:  # the logged move now names the wrong seat
        db.execute("UPDATE actions SET seat = 1 - seat WHERE game_id = ?", (game.id,))

    service = GameService(await Store.open(database))
    try:
        loaded, broken = await service.games.load_active()
        assert not loaded and [b.game_id for b in broken] == [game.id]
        assert "cannot be rebuilt" in broken[0].reason
        with pytest.raises(Refused, match="stopped"):
            await service.games.peek(game.id)
    finally:
        await service.close()


async def test_a_bug_while_decoding_is_not_corruption(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await stored_game(database, moves=0)

    def buggy_decode(data: bytes) -> Any:
        raise TypeError("a bug in this version, not a damaged row")

    monkeypatch.setattr(game_rows, "decode_state", buggy_decode)
    service = GameService(await Store.open(database))
    try:
        loaded, broken = await service.games.load_active()
        assert not loaded and not broken  # logged and left for later, not marked broken
        with pytest.raises(TypeError):
            await service.games.peek(game.id)
        monkeypatch.undo()  # the fix is deployed: the game was never given up
        assert (await service.games.peek(game.id)).status == "playing"
    finally:
        await service.close()


# --- a game stored by the first bot (engine state schema 1, store schema 1) -----------------


@pytest.fixture
async def schema1_game(database: Path) -> AsyncIterator[tuple[GameService, int, dict[str, Any]]]:
    """The fixture's row and log in a database of store schema 1, opened by this bot."""
    fixture = json.loads(FIXTURE.read_text())
    stored = fixture["game"]
    with closing(sqlite3.connect(database)) as db, db:
        for statement in MIGRATIONS[0].sql("sqlite"):
            db.execute(statement)
        db.execute("PRAGMA user_version=1")
        cursor = db.execute(
            "INSERT INTO games (guild_id, channel_id, host_id, status, lobby, seats, state, "
            "chronicle, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)",
            (stored["guild_id"], stored["channel_id"], stored["host_id"], stored["status"],
             *(json.dumps(stored[c]).encode() for c in ("lobby", "seats", "state", "chronicle"))),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        db.executemany(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, at) VALUES (?, ?, ?, ?, "
            "?, 0)",
            [(game_id, a["seq"], a["seat"], a["user_id"], json.dumps(a["action"]).encode())
             for a in fixture["actions"]],
        )
    service = GameService(await Store.open(database))
    try:
        yield service, game_id, fixture
    finally:
        await service.close()


async def test_a_game_stored_by_the_first_bot_loads_and_plays(
    schema1_game: tuple[GameService, int, dict[str, Any]],
) -> None:
    service, game_id, fixture = schema1_game
    stored_state = fixture["game"]["state"]
    loaded, broken = await service.games.load_active()
    assert not broken and [g.id for g in loaded] == [game_id]
    game = loaded[0]
    assert game.state is not None and game.state.seq == fixture["actions"][-1]["seq"]
    # Read through the engine's upgrade, not rebuilt from the log.
    assert not any("rebuilt" in say(ENGLISH, line) for line in game.chronicle.narration.log)
    assert [m.name for m in game.state.monsters] == [m["name"] for m in stored_state["monsters"]]
    assert game.setup is not None and game.setup.seed == stored_state["seed"]

    [asked] = stored_state["pending"]
    shown: list[int] = []

    async def show(game_id: int) -> None:
        shown.append(game_id)

    user = game.seats[asked["seat"]]
    outcome = await service.click(game_id, user, asked["id"], "o0", show)
    assert outcome.game.state is not None and outcome.game.state.seq == game.state.seq + 1
    assert shown == [game_id]
    log = await service.games.action_log(game_id)
    assert len(log) == len(fixture["actions"]) + 1


async def test_a_first_bot_game_whose_state_is_unreadable_is_rebuilt_from_its_old_log(
    schema1_game: tuple[GameService, int, dict[str, Any]], database: Path,
) -> None:
    service, game_id, fixture = schema1_game
    upgraded = decode_state(json.dumps(fixture["game"]["state"]))
    # As written by a newer engine and then rolled back: it parses, but does not decode.
    newer = {**fixture["game"]["state"], "schema": 99}
    set_columns(database, game_id, state=json.dumps(newer).encode())
    game = await service.games.peek(game_id)
    assert game.state == upgraded
    moves = f"{len(fixture['actions'])} moves"
    assert REBUILT_NOTE.format(moves=moves) in [say("en", line)
                                                for line in game.chronicle.narration.log]


async def play_into_turn(table: Table, number: int) -> Game:
    """The table's game, played until turn ``number`` has started: each turn rolls no
    smash (forced dice: the same moves whatever the game's seed) and ends without buying."""
    for _turn in range(number):
        game = await table.game()
        turn = game.playing_state().turn
        if turn is not None and turn.number >= number:
            return game
        await table.smash_turn(smashes=0)
    raise AssertionError(f"turn {number} not reached")


def lose_actions(database: Path, game_id: int, *, after_seq: int) -> None:
    """The game's logged actions after ``after_seq`` are lost (a restored backup, a bad
    migration)."""
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, after_seq))


def board_button(game: Game) -> str:
    """The custom id of the first button of the game's first pending question."""
    decision = game.playing_state().pending[0]
    return f"kot:g:{game.id}:{decision.id}:o0"


async def _nothing_to_show(game_id: int) -> None:
    """Games driven through the service alone have no channel to show them in."""


def _stored(database: Path, game_id: int, column: str) -> Any:
    with sqlite3.connect(database) as db:
        return db.execute(f"SELECT {column} FROM games WHERE id = ?", (game_id,)).fetchone()[0]


def test_the_fixture_is_a_schema_1_game() -> None:
    fixture = json.loads(FIXTURE.read_text())
    assert fixture["game"]["state"]["schema"] == 1
    assert any(a["action"].get("type") == "choose" for a in fixture["actions"])

