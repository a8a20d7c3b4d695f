"""``python -m bot --local``: its options, and a clear one-line refusal with a non-zero exit
for each bad case (the browser test plays a game through it)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path
from typing import Any

import pytest
from bot_harness import make_bot
from simcord import Env

from bot import local
from bot.__main__ import main as bot_main
from bot.config import Settings, SettingsError
from bot.store.store import Store
from bot.table.lobbies import LEARN_TURN_SECONDS
from bot.table.model import Game
from bot.table.service import GameService


def test_a_lone_player_gets_two_ai_monsters_by_default() -> None:
    assert local.LocalOptions(players=1).ai_monsters == 2
    assert local.LocalOptions(players=2).ai_monsters == 1
    assert local.LocalOptions(players=4).ai_monsters == 0
    assert local.LocalOptions(players=1, ai=5).ai_monsters == 5


@pytest.mark.parametrize(("options", "message"), [
    (local.LocalOptions(players=0), "--players must be between 1 and 6"),
    (local.LocalOptions(players=3, ai=4), "at most 6 monsters"),
    (local.LocalOptions(players=2, ai=3, game="origins"), "at most 4 monsters"),
    (local.LocalOptions(players=1, ai=-1), "--ai cannot be negative"),
    (local.LocalOptions(players=1, ai=0), "a game needs 2 monsters"),
    (local.LocalOptions(port=70000), "--port"),
])
def test_impossible_tables_are_refused(options: local.LocalOptions, message: str) -> None:
    with pytest.raises(local.LocalError, match=message):
        options.check()


@pytest.mark.parametrize("reuse_address", [False, True], ids=["plain", "as-a-running-table"])
def test_a_port_in_use_is_refused_in_one_line(tmp_path: Path, reuse_address: bool,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        # (A running table's server sets SO_REUSEADDR, as the port check does.)
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, int(reuse_address))
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = local.main(["--no-browser", "--port", str(port),
                           "--database", str(tmp_path / "kot.sqlite3")])
    err = capsys.readouterr().err
    assert code == 1
    assert err.strip() == (f"kot-local: error: port {port} is in use: choose another with "
                           "--port (--port 0 picks a free one)")


@pytest.mark.parametrize("where", ["missing-folder/kot.sqlite3", "."])
def test_a_database_that_cannot_be_written_is_refused(tmp_path: Path, where: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code = local.main(["--no-browser", "--port", "0", "--database", str(tmp_path / where)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("kot-local: error: ") and err.count("\n") == 1
    assert "database" in err
    assert not (tmp_path / "missing-folder").exists()


def test_a_database_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, but some notes that are long enough " * 20)
    with pytest.raises(local.LocalError, match="cannot open the database"):
        local.require_database(path)
    assert path.read_text().startswith("not a database"), "the file is left as it was"


def test_missing_preview_packages_say_how_to_install_them(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(local, "PREVIEW_MODULES", ("simcord", "no_such_module_here"))
    assert local.main(["--no-browser"]) == 1
    err = capsys.readouterr().err
    assert "no_such_module_here missing" in err and local.INSTALL_HINT in err


def test_the_local_settings_need_no_token() -> None:
    settings = local.local_settings(local.LocalOptions(database=Path("here.sqlite3")),
                                    {"KOT_AI_PAUSE": "1.5"})
    assert settings.database == Path("here.sqlite3") and settings.ai_pause == 1.5
    # Its one player may come back any day: its games never end as idle.
    assert local.local_settings(local.LocalOptions(), {"KOT_IDLE_DAYS": "3"}).idle_days == 0
    # One table draws on threads, unless drawing processes are asked for.
    assert local.local_settings(local.LocalOptions(), {}).drawing_processes == 0
    assert local.local_settings(local.LocalOptions(),
                                {"KOT_DRAWING_PROCESSES": "2"}).drawing_processes == 2
    with pytest.raises(SettingsError, match="KOT_TURN_TIMEOUT"):
        local.local_settings(local.LocalOptions(), {"KOT_TURN_TIMEOUT": "soon"})


def test_without_a_token_the_bot_points_to_the_local_table() -> None:
    with pytest.raises(SettingsError, match=r"python -m bot --local"):
        Settings.from_env({})


def test_python_m_bot_local_has_its_own_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        bot_main(["--local", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for option in ("--players", "--ai", "--level", "--game", "--port", "--database",
                   "--no-browser", "--lang", "--learn"):
        assert option in out


async def test_the_table_is_seated_as_asked_and_a_kept_game_is_posted_again(env: Env) -> None:
    from bot_harness import bot_of

    guild = env.create_guild()
    channel = guild.create_text_channel("king-of-tokyo")
    members = [guild.add_member(env.create_user(name)) for name in ("ann", "ben")]
    table = local.LocalTable(env, channel, members)
    await table.seat(local.LocalOptions(players=2, ai=2, level="medium", game="2011"))
    games = bot_of(env).service.games
    game = await games.active_in_channel(channel.id)
    assert game is not None and game.status == "lobby"
    assert [(p.user_id, p.ai) for p in game.lobby.players] == [
        (members[0].id, None), (members[1].id, None), (-1, "medium"), (-2, "medium")]
    assert game.lobby.edition == "2011"

    # A later run finds the game kept: the lobby is posted again, no second one is opened.
    # (Here the deletion also tells the bot; the browser test restarts for real, where the
    # message is simply gone.)
    lobby_message = channel.last_message
    assert lobby_message is not None
    await lobby_message.delete()
    await local.LocalTable(env, channel, members).seat(local.LocalOptions(players=2))
    reposted = channel.last_message
    assert reposted is not None and reposted.id != lobby_message.id
    assert "lobby" in (reposted.embeds[0].title or "").lower()
    again = await games.active_in_channel(channel.id)
    assert again is not None and again.id == game.id and len(again.lobby.players) == 4


def test_no_browser_is_started_where_there_is_no_screen(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    opened: list[str] = []
    monkeypatch.setattr(local.webbrowser, "open", opened.append)
    monkeypatch.setattr(local.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert local.open_browser("http://127.0.0.1:8765/#x") is None
    assert not opened and "open the address in a browser yourself" in capsys.readouterr().out
    monkeypatch.setenv("DISPLAY", ":0")
    opener = local.open_browser("http://127.0.0.1:8765/#x")
    assert opener is not None
    opener.join(timeout=5)
    assert opened == ["http://127.0.0.1:8765/#x"]


async def test_an_origins_table_is_seated_with_the_lobby_s_game_menu(env: Env) -> None:
    from bot_harness import bot_of

    guild = env.create_guild()
    channel = guild.create_text_channel("king-of-tokyo")
    members = [guild.add_member(env.create_user("ann"))]
    await local.LocalTable(env, channel, members).seat(
        local.LocalOptions(players=1, ai=3, game="origins"))
    game = await bot_of(env).service.games.active_in_channel(channel.id)
    assert game is not None and game.lobby.game == "origins" and len(game.lobby.players) == 4


@pytest.mark.parametrize("players", [1, 2])
async def test_the_local_players_may_change_the_server_settings(env: Env, players: int) -> None:
    channel, members = local.build_world(env, local.player_names(players))
    for member in members:
        answer = await member.slash(channel, "kot settings", turn_seconds=60)
        assert answer.response is not None
        assert "Manage Server" not in answer.response.content
        assert answer.response.content.startswith("⚙️")


def test_the_local_players_are_named_in_the_tables_language() -> None:
    assert local.player_names(1) == ["You"]
    assert local.player_names(1, "es") == ["Tú"]
    assert local.player_names(2, "es") == ["Jugador 1", "Jugador 2"]


# --- a table kept from an earlier run, and the flags given again ---------------------------


async def seeded(database: Path, *clicks: str, **options: Any) -> None:
    """A run of the local table on ``database`` (its lobby seated with ``options``), whose
    host then clicks the lobby's ``clicks`` ("start", or "monster:<name>"), and stops."""
    env = Env(make_bot(database), check_errors=False)
    table_options = local.LocalOptions(database=database, **options)
    channel, members = local.build_world(
        env, local.player_names(table_options.players, table_options.language),
        table_options.language)
    local.set_to_the_wall_clock(env)  # (as the table's real start: its lobby is not stale)
    async with local._started(env):
        with env.time_context(), local.clients_speaking(table_options.language):
            await local.LocalTable(env, channel, members).seat(table_options)
            lobby = channel.last_message
            assert lobby is not None
            for click in clicks:
                verb, _, value = click.partition(":")
                if value:
                    await members[0].select(lobby, [value], custom_id=local.menu_id(lobby, verb))
                else:
                    await members[0].click(lobby, custom_id=local.menu_id(lobby, verb))


async def run_again(database: Path, *argv: str) -> tuple[list[str], list[Game]]:
    """``python -m bot --local --database DATABASE *argv`` (bot.local.serve, the table's real
    start) until its page is served: what it told the terminal, and the games kept then."""
    options = local.parse(["--no-browser", "--port", "0", "--database", str(database), *argv])
    options.check()
    told: list[str] = []
    served = asyncio.Event()
    running = asyncio.create_task(local.serve(
        options, local.local_settings(options, {"KOT_AI_PAUSE": "60"}),
        lambda _url: served.set(), told.append))
    waiting = asyncio.create_task(served.wait())
    try:
        done, _ = await asyncio.wait({running, waiting}, timeout=60,
                                     return_when=asyncio.FIRST_COMPLETED)
        if running in done:
            running.result()  # (what stopped the start)
        assert waiting in done, "the page was not served within 60 s"
    finally:
        for task in (waiting, running):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    service = GameService(await Store.open(database))
    try:
        games, broken = await service.games.load_active()
    finally:
        await service.close()
    assert not broken
    return told, games


def seats(game: Game) -> list[tuple[str | None, str | None]]:
    """Who sits in a lobby: (None, monster) for a person, (level, None) for an AI monster."""
    return [(p.ai, p.monster) for p in game.lobby.players]


async def test_a_kept_lobby_takes_the_flags_given_again(tmp_path: Path) -> None:
    database = tmp_path / "kot-local.sqlite3"
    await seeded(database, "monster:Gigazaur")
    told, [lobby] = await run_again(database)
    assert told == [] and seats(lobby) == [(None, "Gigazaur"), ("easy", None), ("easy", None)]

    told, [again] = await run_again(database, "--level", "hard", "--ai", "3", "--game", "2011")
    assert again.id == lobby.id and again.status == "lobby"
    assert seats(again) == [(None, "Gigazaur"), ("hard", None), ("hard", None), ("hard", None)]
    assert again.lobby.choice() == "2011"
    assert told == [f"kot-local: --ai 3, --level hard, --game 2011: taken by the lobby kept in "
                    f"{database}"]

    # Only the flags given: --ai alone keeps the Hard AI monsters and the 2011 rules.
    told, [after] = await run_again(database, "--ai", "1")
    assert seats(after) == [(None, "Gigazaur"), ("hard", None)]
    assert after.lobby.choice() == "2011" and len(told) == 1


async def test_a_game_in_progress_says_in_one_line_that_the_flags_wait(tmp_path: Path) -> None:
    database = tmp_path / "kot-local.sqlite3"
    await seeded(database, "start")
    told, [game] = await run_again(database, "--level", "hard", "--players", "2")
    assert game.status == "playing" and game.ai_seats() and len(game.seats) == 3
    assert all(game.ai_level(seat) == "easy" for seat in game.ai_seats())
    assert told == [
        f"kot-local: --players 2, --level hard: the game kept in {database} is in progress, so "
        "they are for the next game (/kot end ends this one; another --database starts "
        "afresh)"]


async def test_learn_seats_a_guided_game(tmp_path: Path) -> None:
    database = tmp_path / "kot-local.sqlite3"
    told, [lobby] = await run_again(database, "--learn")
    assert told == [] and lobby.lobby.learn
    assert seats(lobby) == [(None, None), ("easy", None), ("easy", None)]
    assert lobby.lobby.turn_seconds >= LEARN_TURN_SECONDS


async def test_learn_lang_and_players_open_the_kept_lobby_again(tmp_path: Path) -> None:
    database = tmp_path / "kot-local.sqlite3"
    await seeded(database, "monster:Gigazaur", level="hard", game="2011")
    told, [kept] = await run_again(database)

    told, [learn] = await run_again(database, "--learn")
    assert learn.id != kept.id and learn.lobby.learn and learn.lobby.choice() == "2011"
    assert seats(learn) == [(None, None), ("hard", None), ("hard", None)]
    assert told == [f"kot-local: --learn: the lobby kept in {database} was opened again with "
                    "them (monsters picked there are picked again)"]

    told, [spanish] = await run_again(database, "--lang", "es", "--players", "2")
    assert spanish.lobby.language == "es" and spanish.lobby.learn
    assert [p.name for p in spanish.lobby.players if p.ai is None] == ["Jugador 1", "Jugador 2"]
    assert seats(spanish)[2:] == [("hard", None), ("hard", None)], "the AI monsters kept"
    assert len(told) == 1


async def test_flags_a_kept_lobby_cannot_take_leave_it_as_it_was(tmp_path: Path) -> None:
    database = tmp_path / "kot-local.sqlite3"
    await seeded(database, ai=4)
    told, [lobby] = await run_again(database, "--game", "origins")
    assert len(lobby.lobby.players) == 5 and lobby.lobby.choice() == "2016"
    assert told == [f"kot-local: --game origins: the lobby kept in {database} stays as it "
                    "was: --players and --ai make at most 4 monsters"]
