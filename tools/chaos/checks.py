"""Does the Discord channel still agree with the bot's store? Invariant checks over a running
SimCord ``Env`` and its ``KotBot``, usable after a fuzz step, a crash or a restart.

Each check returns ``Finding`` records (nothing = the invariant holds). They read the channel
as a player sees it: the public messages and their enabled components, found by scanning
custom ids under the bot's two stable prefixes, ``kot:g:<game>:`` (game buttons and menus,
``kot:g:<game>:<decision>:<code>``) and ``kot:l:<game>:`` (lobby controls). Nothing else
about the ids is assumed, so the die buttons may toggle (``k<die>``) or keep / release
(``h<die>`` / ``r<die>``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from simcord import Env
from simcord.backend.models import Message

from bot.app import KotBot
from bot.discord.messages import final_embed
from bot.table.model import BrokenGame, Game, Refused
from engine import Decision, replay
from tools.chaos import sim

# Finding kinds, grouped by the count they feed.
STRANDED_GAME = ("no_buttons", "duplicate_boards", "no_timer")
STRANDED_LOBBY = ("lobby_without_buttons", "duplicate_lobbies")
UNANNOUNCED = ("unannounced_result", "duplicate_result")
FINISHED_WITH_BUTTONS = "finished_with_live_buttons"
REPLAY_MISMATCH = "replay_mismatch"
WAITING_ON_AI = "waiting_on_ai"  # an AI monster's (or the autopilot's) move, no timer for it
STALE_BUTTONS = "stale_buttons"  # an old board still offering passed moments (not stranded)
UNREADABLE = "unreadable"
GROUPS: dict[str, tuple[str, ...]] = {
    "stranded_games": STRANDED_GAME,
    "stranded_lobbies": STRANDED_LOBBY,
    "unannounced_results": UNANNOUNCED,
    "finished_with_live_buttons": (FINISHED_WITH_BUTTONS,),
    "replay_mismatches": (REPLAY_MISMATCH,),
    "games_waiting_on_ai": (WAITING_ON_AI,),
    "stale_button_games": (STALE_BUTTONS,),
    "unreadable_games": (UNREADABLE,),
}


@dataclass(frozen=True)
class Finding:
    kind: str
    game_id: int
    channel_id: int
    detail: str


# --- reading the channel ------------------------------------------------------------


def game_prefix(game_id: int) -> str:
    return f"kot:g:{game_id}:"


def decision_prefix(game_id: int, decision_id: int) -> str:
    return f"kot:g:{game_id}:{decision_id}:"


def lobby_prefix(game_id: int) -> str:
    return f"kot:l:{game_id}:"


def live_controls(message: Message, prefix: str = "") -> list[dict[str, Any]]:
    """The enabled buttons and menus of a message whose custom id starts with ``prefix``."""
    return [
        c for c in sim.components(message)
        if str(c.get("custom_id") or "").startswith(prefix) and c.get("custom_id")
        and not c.get("disabled")
    ]


def carrying(messages: Iterable[Message], prefix: str) -> list[Message]:
    return [m for m in messages if live_controls(m, prefix)]


def final_boards(messages: Iterable[Message], game: Game) -> list[Message]:
    """The messages showing this game's final board (the title and footer of
    ``bot.discord.messages.final_embed``, whose footer carries the game's number)."""
    expected = final_embed(game)
    signature = (expected.title, expected.footer.text)
    return [m for m in messages
            if any((e.get("title"), (e.get("footer") or {}).get("text")) == signature
                   for e in m.embeds)]


# --- the games the store holds --------------------------------------------------------


def stored_game_ids(bot: KotBot) -> list[int]:
    """Every game the database holds, finished ones too (the bot offers no listing of those,
    so read the file: WAL lets a reader in beside the bot's connection)."""
    uri = f"file:{bot.settings.database}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        return [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]


async def stored_game(bot: KotBot, game_id: int) -> Game | Finding:
    try:
        return await bot.service.games.peek(game_id)
    except (Refused, BrokenGame) as error:
        return Finding(UNREADABLE, game_id, 0, str(error))


# --- the invariants -------------------------------------------------------------------


def clicked_by_a_player(game: Game, decision: Decision) -> bool:
    """Whether a player answers this decision on the board: one of an AI monster, or of a
    player who left (the autopilot plays on), shows "🤖 … is thinking…" there, with nothing
    to click (``bot.views.board_view``); its turn timer answers it (``check_ai_timer``)."""
    return (game.ai_level(decision.seat) is None
            and decision.seat not in game.chronicle.presence.left)


def check_playing(env: Env, bot: KotBot, game: Game) -> list[Finding]:
    """A game in play: every pending decision a player answers answerable on exactly one
    message, and a turn timer running."""
    state = game.state
    if state is None or not state.pending:
        return [Finding("no_buttons", game.id, game.channel_id, "playing with nothing pending")]
    messages = sim.public_messages(env, game.channel_id)
    found: list[Finding] = []
    live_ids = [decision_prefix(game.id, d.id) for d in state.pending]
    for decision, prefix in zip(state.pending, live_ids, strict=True):
        if clicked_by_a_player(game, decision) and not carrying(messages, prefix):
            found.append(Finding("no_buttons", game.id, game.channel_id,
                                 f"no message answers decision {decision.id} ({decision.kind})"))
    boards = [m for m in messages if any(live_controls(m, p) for p in live_ids)]
    if len(boards) > 1:
        found.append(Finding("duplicate_boards", game.id, game.channel_id,
                             f"{len(boards)} messages offer the pending decisions"))
    if bot.turns.runs_for(game) and not bot.turns.timers.waiting_on(game.id):
        found.append(Finding("no_timer", game.id, game.channel_id, "no turn timer armed"))
    board_ids = {m.id for m in boards}
    stale = [m.id for m in carrying(messages, game_prefix(game.id)) if m.id not in board_ids]
    if stale:
        found.append(Finding(STALE_BUTTONS, game.id, game.channel_id,
                             f"messages {stale} offer passed moments"))
    return found


def check_ai_timer(bot: KotBot, game: Game) -> list[Finding]:
    """A game in play whose pending decision belongs to an AI monster, or to a player the
    autopilot plays (away, or left), has its turn timer armed for that decision: nothing
    else will answer it. Read from the game itself, not from the bot's ``TurnClock``, so a
    timer that forgets a machine's decision is caught."""
    state = game.state
    if game.status != "playing" or state is None:
        return []
    machines = {d.id for d in state.pending
                if game.ai_level(d.seat) is not None or game.autopiloted(d.seat)}
    unarmed = sorted(machines - set(bot.turns.timers.waiting_on(game.id)))
    if not unarmed:
        return []
    return [Finding(WAITING_ON_AI, game.id, game.channel_id,
                    f"no timer armed for decisions {unarmed} of AI monsters or the autopilot")]


def check_lobby(env: Env, game: Game) -> list[Finding]:
    """An open lobby: exactly one message with its buttons."""
    lobbies = carrying(sim.public_messages(env, game.channel_id), lobby_prefix(game.id))
    if not lobbies:
        return [Finding("lobby_without_buttons", game.id, game.channel_id,
                        "no message carries the lobby's buttons")]
    if len(lobbies) > 1:
        return [Finding("duplicate_lobbies", game.id, game.channel_id,
                        f"{len(lobbies)} messages carry the lobby's buttons")]
    return []


def check_finished(env: Env, game: Game) -> list[Finding]:
    """A game or lobby that is over offers no buttons anywhere; a game with a result shows
    its final board exactly once."""
    messages = sim.public_messages(env, game.channel_id)
    found: list[Finding] = []
    for prefix in (game_prefix(game.id), lobby_prefix(game.id)):
        for message in carrying(messages, prefix):
            found.append(Finding(FINISHED_WITH_BUTTONS, game.id, game.channel_id,
                                 f"{game.status} game, message {message.id} has {prefix} buttons"))
    if game.status == "over":
        finals = final_boards(messages, game)
        if len(finals) != 1:
            kind = "unannounced_result" if not finals else "duplicate_result"
            found.append(Finding(kind, game.id, game.channel_id,
                                 f"{len(finals)} final boards in the channel"))
    return found


async def check_replay(bot: KotBot, game_id: int) -> list[Finding]:
    """The stored state is what the game's setup and action log replay to. Read under the
    game's lock: a turn timer may fire at any moment (SimCord moves its clock when real time
    passes), and the state must not be read before an action the log already holds."""
    games = bot.service.games
    async with games.lock(game_id):
        game = await stored_game(bot, game_id)
        if isinstance(game, Finding) or game.setup is None or game.state is None:
            return []
        log = await games.action_log(game_id)
    setup = game.setup
    try:
        replayed = replay(setup.options, setup.seed, setup.monsters,
                          [(entry.seat, entry.action) for entry in log])
    except Exception as error:  # an IllegalAction, or worse: either way it does not replay
        return [Finding(REPLAY_MISMATCH, game.id, game.channel_id, f"replay fails: {error!r}")]
    if replayed != game.state:
        return [Finding(REPLAY_MISMATCH, game.id, game.channel_id,
                        f"replay reaches seq {replayed.seq}, the store holds {game.state.seq}")]
    return []


def check_channel(env: Env, bot: KotBot, game: Game) -> list[Finding]:
    """The channel-side invariants for one game, by its status (a deleted channel is not
    checked: the bot ends its games)."""
    if not sim.channel_exists(env, game.channel_id):
        return []
    if game.status == "playing":
        return check_playing(env, bot, game)
    if game.status == "lobby":
        return check_lobby(env, game)
    return check_finished(env, game)


async def check_all(env: Env, bot: KotBot, *, replays: bool = True) -> list[Finding]:
    """Every invariant, for every game in the database."""
    found: list[Finding] = []
    for game_id in stored_game_ids(bot):
        game = await stored_game(bot, game_id)
        if isinstance(game, Finding):
            found.append(game)
            continue
        found.extend(check_channel(env, bot, game))
        found.extend(check_ai_timer(bot, game))
        if replays:
            found.extend(await check_replay(bot, game_id))
    return found


def games_by_group(found: Iterable[Finding]) -> dict[str, set[int]]:
    """The games behind each count (``GROUPS``): e.g. ``stranded_games``."""
    groups: dict[str, set[int]] = {key: set() for key in GROUPS}
    for finding in found:
        for key, kinds in GROUPS.items():
            if finding.kind in kinds:
                groups[key].add(finding.game_id)
    return groups
