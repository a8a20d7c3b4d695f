"""What must hold after the bot was killed and restarted: nothing a player saw accepted is
lost, every stored game replays to its stored state, and each channel shows the truth.

The checks read the store with plain SQL (not through the bot, whose cache could hide a bad
row) and the channels as SimCord holds them, and change nothing. Each finding is an
``Issue`` with a ``key`` naming the thing found (a journal entry, a game at a given moment),
so the campaign can count a problem once even when several restarts see it.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from bot.discord.messages import footer_marker
from bot.table.model import GameSetup, Lobby
from engine import GameState, decode_action, decode_state, encode_state, replay

CHECKS = (
    "lost_actions", "replay_mismatches", "stranded_games", "stranded_lobbies",
    "finished_with_live_buttons", "unannounced_results", "duplicate_boards",
    "stale_lobby_buttons", "stale_live_boards",
)
FINISHED = ("over", "ended", "cancelled", "broken")
FINAL_TITLE = "Game over"

_GAME_ID = re.compile(r"kot:g:(\d+):(\d+):")
_LOBBY_ID = re.compile(r"kot:l:(\d+):")
_setup_decoder = msgspec.json.Decoder(GameSetup)
_lobby_decoder = msgspec.json.Decoder(Lobby)
_seats_decoder = msgspec.json.Decoder(tuple[int, ...])


@dataclass(frozen=True)
class Issue:
    check: str
    key: str
    detail: str


@dataclass(frozen=True)
class StoredGame:
    """A row of the bot's ``games`` table, decoded as far as it decodes."""

    id: int
    channel_id: int
    host_id: int
    status: str
    board_message_id: int | None
    lobby_players: tuple[int, ...]
    seats: tuple[int, ...]
    state: GameState | None
    state_error: str | None
    setup: GameSetup | None


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    seat: int
    user_id: int | None
    decision: int
    action: Any


@dataclass(frozen=True)
class Shown:
    """A message as everyone in the channel sees it: the custom ids of its enabled
    components, and its embeds' titles and footers."""

    id: int
    buttons: tuple[tuple[str, str], ...]  # (custom id, label) of each enabled component
    titles: tuple[str, ...]
    footers: tuple[str, ...]

    @property
    def live(self) -> tuple[str, ...]:
        return tuple(custom_id for custom_id, _label in self.buttons)

    def live_game_decisions(self, game_id: int) -> set[int]:
        return {int(m[2]) for m in map(_GAME_ID.match, self.live)
                if m is not None and int(m[1]) == game_id}

    def has_live_lobby(self, game_id: int) -> bool:
        return any(m is not None and int(m[1]) == game_id for m in map(_LOBBY_ID.match, self.live))

    def is_final_board_of(self, game_id: int) -> bool:
        return FINAL_TITLE in self.titles and any(
            f.startswith(footer_marker(game_id, "en")) for f in self.footers)


@dataclass(frozen=True)
class JournalEntry:
    """A click (or command) a player saw accepted, written before the player went on."""

    kind: str  # "click", "open", "join" or "start"
    game: int
    user: int
    decision: int | None = None
    code: str | None = None
    run: int = 0


# --- reading ---------------------------------------------------------------------------


def connect_read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)


def read_games(db: sqlite3.Connection, where: str = "", params: Sequence[Any] = ()
               ) -> list[StoredGame]:
    rows = db.execute(
        "SELECT id, channel_id, host_id, status, board_message_id, lobby, seats, state, setup "
        f"FROM games {where} ORDER BY id", params,
    ).fetchall()
    return [_stored_game(row) for row in rows]


def _stored_game(row: Sequence[Any]) -> StoredGame:
    game_id, channel_id, host_id, status, board, lobby, seats, state_data, setup = row
    state: GameState | None = None
    error: str | None = None
    if state_data is not None:
        try:
            state = decode_state(_blob(state_data))
        except Exception as failure:  # any failure to read is a finding, not a crash
            error = f"{type(failure).__name__}: {failure}"
    return StoredGame(
        id=game_id, channel_id=channel_id, host_id=host_id, status=status,
        board_message_id=board,
        lobby_players=tuple(p.user_id for p in _lobby_decoder.decode(_blob(lobby)).players),
        seats=_seats_decoder.decode(_blob(seats)), state=state, state_error=error,
        setup=None if setup is None else _setup_decoder.decode(_blob(setup)),
    )


def _blob(value: object) -> bytes:
    """A column's bytes: SQLite hands column defaults ('[]') back as text."""
    return value.encode() if isinstance(value, str) else bytes(value)  # type: ignore[call-overload]


def read_logs(db: sqlite3.Connection) -> dict[int, list[LoggedAction]]:
    logs: dict[int, list[LoggedAction]] = {}
    for game_id, seq, seat, user_id, data in db.execute(
        "SELECT game_id, seq, seat, user_id, action FROM actions ORDER BY game_id, seq"
    ):
        action = decode_action(_blob(data))
        logs.setdefault(game_id, []).append(
            LoggedAction(seq, seat, user_id, action.decision, action))
    return logs


def shown_messages(messages: Iterable[Any]) -> list[Shown]:
    """SimCord's stored messages (``simcord.backend.models.Message``) as the channel shows
    them; ephemeral messages are seen by one user only and are left out."""
    return [
        Shown(
            id=m.id,
            buttons=live_buttons(m.components),
            titles=tuple(str(e.get("title") or "") for e in m.embeds),
            footers=tuple(str((e.get("footer") or {}).get("text") or "") for e in m.embeds),
        )
        for m in messages if not m.is_ephemeral
    ]


def live_buttons(components: Iterable[Mapping[str, Any]]) -> tuple[tuple[str, str], ...]:
    """(custom id, label) of every enabled component, in rows as Discord stores them (or as
    ``discord.ui.View.to_components`` draws them)."""
    found: list[tuple[str, str]] = []
    for component in components:
        found.extend(live_buttons(component.get("components") or ()))
        custom_id = component.get("custom_id")
        if custom_id and not component.get("disabled"):
            found.append((str(custom_id), str(component.get("label") or "")))
    return tuple(found)


# --- checks ----------------------------------------------------------------------------


def lost_actions(journal: Iterable[JournalEntry], games: Sequence[StoredGame],
                 logs: Mapping[int, Sequence[LoggedAction]]) -> list[Issue]:
    """Journaled clicks missing from the action log (counted per game, user and decision:
    die toggles answer the same decision several times), and lobby steps the store forgot."""
    by_id = {g.id: g for g in games}
    logged = Counter((game_id, a.user_id, a.decision)
                     for game_id, log in logs.items() for a in log if a.user_id is not None)
    seen: Counter[tuple[int, int | None, int]] = Counter()
    issues = []
    for index, entry in enumerate(journal):
        game = by_id.get(entry.game)
        if entry.kind == "click":
            key = (entry.game, entry.user, entry.decision or 0)
            seen[key] += 1
            if seen[key] > logged[key]:
                issues.append(Issue("lost_actions", f"journal:{index}",
                                    f"game {entry.game}: click {entry.code} on decision "
                                    f"{entry.decision} by {entry.user} is not in the log"))
        elif (problem := _lost_lobby_step(entry, game)) is not None:
            issues.append(Issue("lost_actions", f"journal:{index}", problem))
    return issues


def _lost_lobby_step(entry: JournalEntry, game: StoredGame | None) -> str | None:
    if game is None:
        return f"game {entry.game}: accepted {entry.kind}, but the store has no such game"
    if entry.kind == "join" and entry.user not in game.lobby_players + game.seats:
        return f"game {entry.game}: {entry.user} joined, but is not in the lobby"
    if entry.kind == "start" and (game.status == "lobby" or not game.seats):
        return f"game {entry.game}: accepted Start, but the game is {game.status}"
    return None


def replay_mismatches(games: Sequence[StoredGame],
                      logs: Mapping[int, Sequence[LoggedAction]]) -> list[Issue]:
    """Stored states that are not what the setup and the action log replay to."""
    issues = []
    for game in games:
        if game.setup is None and game.state is None and game.state_error is None:
            continue  # a lobby, or a lobby ended before its start
        problem = _replay_problem(game, logs.get(game.id, ()))
        if problem is not None:
            issues.append(Issue("replay_mismatches", f"{game.id}:{len(logs.get(game.id, ()))}",
                                f"game {game.id}: {problem}"))
    return issues


def _replay_problem(game: StoredGame, log: Sequence[LoggedAction]) -> str | None:
    if game.state is None:
        return f"the stored state does not decode ({game.state_error})"
    if game.setup is None:
        return "a started game without its setup"
    setup = game.setup
    try:
        replayed = replay(setup.options, setup.seed, setup.monsters,
                          [(a.seat, a.action) for a in log])
    except Exception as failure:
        return f"the log does not replay: {type(failure).__name__}: {failure}"
    if encode_state(replayed) != encode_state(game.state):
        return f"the log replays to move {replayed.seq}, the stored state is at {game.state.seq}"
    return None


def stranded_games(games: Sequence[StoredGame], shown: Mapping[int, Sequence[Shown]],
                   timers: Mapping[int, tuple[int, ...]], *, timers_on: bool = True
                   ) -> list[Issue]:
    """Games in play whose channel does not show exactly one message with live buttons for
    each pending decision, or whose turn timer is not waiting on those decisions."""
    issues = []
    for game in _playing(games):
        assert game.state is not None
        pending = tuple(d.id for d in game.state.pending)
        messages = shown.get(game.channel_id, ())
        problems = [f"decision {d} has live buttons on {n} messages"
                    for d in pending
                    if (n := sum(d in m.live_game_decisions(game.id) for m in messages)) != 1]
        waiting = timers.get(game.id, ())
        if timers_on and set(waiting) != set(pending):
            problems.append(f"the turn timer waits on {list(waiting)}, not {list(pending)}")
        if problems:
            issues.append(Issue("stranded_games", f"{game.id}:{pending}",
                                f"game {game.id}: " + "; ".join(problems)))
    return issues


def stranded_lobbies(games: Sequence[StoredGame], shown: Mapping[int, Sequence[Shown]]
                     ) -> list[Issue]:
    """Open lobbies whose channel does not show exactly one lobby message with buttons, or
    shows it on a message the bot does not know (it would never show who joined)."""
    issues = []
    for game in games:
        if game.status != "lobby":
            continue
        live = [m.id for m in shown.get(game.channel_id, ()) if m.has_live_lobby(game.id)]
        if len(live) != 1:
            problem = f"{len(live)} lobby messages with buttons"
        elif live[0] != game.board_message_id:
            problem = f"buttons on {live[0]}, but the bot updates {game.board_message_id}"
        else:
            continue
        issues.append(Issue("stranded_lobbies", str(game.id), f"lobby {game.id}: {problem}"))
    return issues


def finished_with_live_buttons(games: Sequence[StoredGame],
                               shown: Mapping[int, Sequence[Shown]]) -> list[Issue]:
    """Finished, ended or cancelled games with buttons still live in their channel."""
    issues = []
    for game in games:
        if game.status not in FINISHED:
            continue
        live = [m.id for m in shown.get(game.channel_id, ())
                if m.live_game_decisions(game.id) or m.has_live_lobby(game.id)]
        if live:
            issues.append(Issue("finished_with_live_buttons", f"{game.id}:{live}",
                                f"game {game.id} is {game.status}, messages {live} have buttons"))
    return issues


def unannounced_results(games: Sequence[StoredGame], shown: Mapping[int, Sequence[Shown]]
                        ) -> list[Issue]:
    """Games over whose channel does not show exactly one final board."""
    issues = []
    for game in games:
        if game.status != "over":
            continue
        count = sum(m.is_final_board_of(game.id) for m in shown.get(game.channel_id, ()))
        if count != 1:
            issues.append(Issue("unannounced_results", str(game.id),
                                f"game {game.id} is over, {count} final boards"))
    return issues


def duplicate_boards(games: Sequence[StoredGame], shown: Mapping[int, Sequence[Shown]]
                     ) -> list[Issue]:
    """Games in play with live game buttons on more than one message. Keyed by the messages
    that are not the live board, so one stray board that outlives many boards counts once."""
    issues = []
    for game in _playing(games):
        live = [m.id for m in shown.get(game.channel_id, ()) if m.live_game_decisions(game.id)]
        if len(live) > 1:
            strays = [m for m in live if m != game.board_message_id]
            issues.append(Issue("duplicate_boards", f"{game.id}:{strays}",
                                f"game {game.id}: live buttons on messages {live}, the live "
                                f"board is {game.board_message_id}"))
    return issues


def stale_lobby_buttons(games: Sequence[StoredGame], shown: Mapping[int, Sequence[Shown]]
                        ) -> list[Issue]:
    """Games in play whose lobby message still has its Join/Start buttons."""
    issues = []
    for game in _playing(games):
        live = [m.id for m in shown.get(game.channel_id, ()) if m.has_live_lobby(game.id)]
        if live:
            issues.append(Issue("stale_lobby_buttons", f"{game.id}:{live}",
                                f"game {game.id} started, lobby {live} still has buttons"))
    return issues


def stale_live_boards(games: Sequence[StoredGame], shown: Mapping[int, Sequence[Shown]],
                      drawn: Mapping[int, tuple[tuple[str, str], ...]]) -> list[Issue]:
    """Live boards that ask the pending questions but show an older moment of them (kept
    dice, rolls left): their buttons differ from what the bot would draw for the stored
    state (``drawn``). Boards asking a passed question are stranded games, not counted here."""
    issues = []
    for game in _playing(games):
        assert game.state is not None
        board = next((m for m in shown.get(game.channel_id, ()) if m.id == game.board_message_id),
                     None)
        if board is None or game.id not in drawn:
            continue
        asks = all(d.id in board.live_game_decisions(game.id) for d in game.state.pending)
        if asks and set(board.buttons) != set(drawn[game.id]):
            issues.append(Issue("stale_live_boards", f"{game.id}:{game.state.seq}",
                                f"game {game.id}: board {board.id} shows an older moment than "
                                f"move {game.state.seq}"))
    return issues


def run_checks(journal: Sequence[JournalEntry], games: Sequence[StoredGame],
               logs: Mapping[int, Sequence[LoggedAction]], shown: Mapping[int, Sequence[Shown]],
               timers: Mapping[int, tuple[int, ...]],
               drawn: Mapping[int, tuple[tuple[str, str], ...]], *, timers_on: bool = True
               ) -> dict[str, list[Issue]]:
    """Every check, by name (``CHECKS``)."""
    return {
        "lost_actions": lost_actions(journal, games, logs),
        "replay_mismatches": replay_mismatches(games, logs),
        "stranded_games": stranded_games(games, shown, timers, timers_on=timers_on),
        "stranded_lobbies": stranded_lobbies(games, shown),
        "finished_with_live_buttons": finished_with_live_buttons(games, shown),
        "unannounced_results": unannounced_results(games, shown),
        "duplicate_boards": duplicate_boards(games, shown),
        "stale_lobby_buttons": stale_lobby_buttons(games, shown),
        "stale_live_boards": stale_live_boards(games, shown, drawn),
    }


def _playing(games: Iterable[StoredGame]) -> Iterable[StoredGame]:
    return (g for g in games if g.status == "playing" and g.state is not None)
