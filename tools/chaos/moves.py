"""The table: a few members in a few channels who play King of Tokyo with the real bot, and
fumble and misbehave while they do. Each move returns the interactions it sent (``Sent``), so
the campaign can count what was answered.

Controls are found the way a player finds them, by scanning the channel's messages for
enabled components under the game's custom-id prefix (``bot.discord.views``' formats beyond
``kot:g:<game>:<decision>:`` and ``kot:l:<game>:`` are not assumed). The /kot end
confirmation is found by its ``kot:e:<game>:<end|keep>:`` id, or else by its label.
"""

from __future__ import annotations

import random
import string
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from simcord import (
    ChannelHandle,
    Env,
    InteractionResult,
    MemberActor,
    ResponseMessage,
    SetupError,
)
from simcord.backend.models import Message
from simcord.enums import ComponentType

from bot.app import KotBot
from bot.table.model import BrokenGame, Game
from engine import CARD_TABLE, Buy, Decision, EndBuying, Roll, Stay, StopRolling, Sweep
from tools.chaos import sim
from tools.chaos.checks import carrying, decision_prefix, game_prefix, live_controls, lobby_prefix

Control = dict[str, Any]

END_LABELS = {True: "End the game", False: "Keep playing"}
MAX_CARD_NAME = 200
# Longer than any card name: a command declaring max_length=100 would be refused by Discord.
MAX_DISCORD_NAME = 100
# What a player does when a channel has no board to click: ask for it, or wait.
BOARD_REQUEST_CHANCE = 0.45
GIVE_UP_CHANCE = 0.05
# When the lobby message is gone, the host closes the lobby (else the table waits).
CLOSE_LOST_LOBBY_CHANCE = 0.5


@dataclass(frozen=True)
class Claim:
    """A click that may make a game action: if it is answered and the game's seq moves
    past ``seq_before``, the log must hold an action by ``user_id`` after it."""

    game_id: int
    seq_before: int
    user_id: int


@dataclass
class Sent:
    """One interaction a move sent, and what it should have got."""

    result: InteractionResult
    what: str
    # False for a click on a button its message no longer carries (a stale client, a forged
    # id): discord.py drops it unanswered, whatever the bot does.
    expects_answer: bool = True
    # Delivered after Discord's 3 s: the bot cannot answer it any more.
    late: bool = False
    claim: Claim | None = None


@dataclass(frozen=True)
class OnBoard:
    """A pending decision as the table sees it: who is asked, and where to click."""

    game: Game
    decision: Decision
    actor: MemberActor
    board: Message
    controls: list[Control]

    @property
    def buttons(self) -> list[Control]:
        return _buttons(self.controls)

    def claim(self) -> Claim:
        assert self.game.state is not None
        return Claim(self.game.id, self.game.state.seq, self.actor.id)


@dataclass
class EndQuestion:
    """A /kot end confirmation left unanswered, to be answered (late) by a later move."""

    actor: MemberActor
    channel_id: int
    message_id: int
    custom_ids: dict[bool, str]


@dataclass
class TableNotes:
    """What the table did that is not an interaction."""

    card_names_rejected: list[str] = field(default_factory=list)
    long_card_names_sent: int = 0
    deleted: list[str] = field(default_factory=list)
    # Times the asked player found no message to click (a lost board or lobby).
    no_board_seen: int = 0
    no_lobby_seen: int = 0
    # Operations that ran out of SimCord's real-time window and settled in a second one
    # (``sim.settles_again``): the bot was still working, not stuck.
    settle_overruns: int = 0


def answered(result: InteractionResult) -> bool:
    return result.acknowledged or result.response is not None or bool(result.followups)


def told_privately(result: InteractionResult) -> bool:
    """Whether the clicker got a private message (a refusal, or a note on a failure)."""
    return result.ephemeral or any(f.ephemeral for f in result.followups)


class Table:
    def __init__(self, env: Env, rng: random.Random, channels: list[ChannelHandle],
                 members: list[MemberActor], moderator: MemberActor) -> None:
        self.env = env
        self.rng = rng
        self.channels = channels
        self.members = members
        self.by_id = {m.id: m for m in members}
        self.moderator = moderator
        self.notes = TableNotes()
        # Custom ids seen on each channel's messages: what a stale client may still click.
        self.seen: dict[int, deque[tuple[int, str]]] = {c.id: deque(maxlen=300) for c in channels}
        self.end_questions: list[EndQuestion] = []
        self._lobby_sizes: dict[int, int] = {}

    @property
    def bot(self) -> KotBot:
        bot = self.env.bot
        assert isinstance(bot, KotBot)
        return bot

    async def game_in(self, channel: ChannelHandle) -> Game | None:
        try:
            return await self.bot.service.games.active_in_channel(channel.id)
        except BrokenGame:
            return None

    # --- finding things in the channel ------------------------------------------------

    def _messages(self, channel: ChannelHandle) -> list[Message]:
        return sim.public_messages(self.env, channel.id)

    def _remember(self, message: Message, controls: Sequence[Control]) -> None:
        """Keep the buttons a player saw (menus need values: they are not clicked stale)."""
        seen = self.seen.setdefault(message.channel_id, deque(maxlen=300))
        seen.extend((message.id, str(c["custom_id"])) for c in _buttons(controls))

    def _board(self, channel: ChannelHandle, game: Game,
               decision: Decision) -> tuple[Message, list[Control]] | None:
        """The newest message offering this decision, and its controls for it."""
        prefix = decision_prefix(game.id, decision.id)
        boards = carrying(self._messages(channel), prefix)
        if not boards:
            return None
        board = boards[-1]
        controls = live_controls(board, prefix)
        self._remember(board, controls)
        return board, controls

    def _asked(self, game: Game) -> tuple[Decision, MemberActor] | None:
        state = game.state
        if state is None or not state.pending:
            return None
        decision = self.rng.choice(state.pending)
        actor = self.by_id.get(game.seats[decision.seat])
        return None if actor is None else (decision, actor)

    async def _on_board(self, channel: ChannelHandle) -> OnBoard | None:
        """A pending decision of the channel's game with buttons to click, if there is one."""
        game = await self.game_in(channel)
        asked = None if game is None or game.status != "playing" else self._asked(game)
        if game is None or asked is None:
            return None
        found = self._board(channel, game, asked[0])
        if found is None or not found[1]:
            return None
        return OnBoard(game, asked[0], asked[1], *found)

    # --- sending ------------------------------------------------------------------------

    async def use(self, actor: MemberActor, message: Message, control: Control,
                  what: str, claim: Claim | None = None) -> list[Sent]:
        """Click a button or choose a random entry of a menu, as the member would."""
        custom_id = str(control["custom_id"])
        if control.get("type") == ComponentType.BUTTON:
            result = await actor.click(sim.handle(self.env, message), custom_id=custom_id)
        else:
            values = [str(o["value"]) for o in control.get("options") or []]
            result = await actor.select(sim.handle(self.env, message),
                                        [self.rng.choice(values)], custom_id=custom_id)
        return [Sent(result, f"{what} {custom_id}", claim=claim)]

    async def raw_clicks(self, clicks: Sequence[tuple[MemberActor, Message, str]], what: str,
                         *, late_by: float = 0.0,
                         claims: Sequence[Claim | None] = ()) -> list[Sent]:
        """Clicks delivered straight to the bot. Only a click on a button the message still
        carries can be answered: discord.py drops the others (it rebuilds the item from the
        message as Discord holds it), as Discord itself would."""
        shown = [custom_id in {str(c.get("custom_id")) for c in _buttons(sim.components(message))}
                 for _actor, message, custom_id in clicks]
        results = await sim.click_at_once(self.env, clicks, late_by=late_by)
        claimed = list(claims) or [None] * len(results)
        return [Sent(result, f"{what} {custom_id}", expects_answer=routable,
                     late=late_by > 3, claim=claim)
                for result, (_a, _m, custom_id), claim, routable
                in zip(results, clicks, claimed, shown, strict=True)]

    async def slash(self, actor: MemberActor, channel: ChannelHandle, command: str, /,
                    **options: Any) -> list[Sent]:
        return [Sent(await actor.slash(channel, command, **options), f"/{command}")]

    # --- playing ------------------------------------------------------------------------

    async def play(self, channel: ChannelHandle) -> list[Sent]:
        """What the table would naturally do next in this channel."""
        game = await self.game_in(channel)
        if game is None:
            return await self.slash(self.rng.choice(self.members), channel, "kot start")
        if game.status == "lobby":
            return await self.lobby_move(channel, game)
        return await self.game_move(channel, game)

    async def game_move(self, channel: ChannelHandle, game: Game) -> list[Sent]:
        """The asked player clicks one of the controls offered for their decision."""
        asked = self._asked(game)
        if asked is None:
            return []
        decision, actor = asked
        found = self._board(channel, game, decision)
        if found is None or not found[1]:
            self.notes.no_board_seen += 1
            return await self.no_board(channel, game, actor)
        board, controls = found
        assert game.state is not None
        weights = [_weight(c, decision) for c in controls]
        control = self.rng.choices(controls, weights)[0]
        claim = Claim(game.id, game.state.seq, actor.id)
        return await self.use(actor, board, control, "play", claim)

    async def no_board(self, channel: ChannelHandle, game: Game,
                       actor: MemberActor) -> list[Sent]:
        """Nothing to click: the player asks for the board, or waits for the bot."""
        draw = self.rng.random()
        if draw < BOARD_REQUEST_CHANCE:
            return await self.slash(actor, channel, "kot board")
        if draw < BOARD_REQUEST_CHANCE + GIVE_UP_CHANCE:
            return await self.end_game(channel, game, confirm=True)
        return []

    async def lobby_move(self, channel: ChannelHandle, game: Game) -> list[Sent]:
        lobbies = carrying(self._messages(channel), lobby_prefix(game.id))
        if not lobbies:
            # The lobby message is gone: the host closes the lobby to start again.
            self.notes.no_lobby_seen += 1
            if self.rng.random() < CLOSE_LOST_LOBBY_CHANCE:
                return await self.end_game(channel, game, confirm=True)
            return []
        message = lobbies[-1]
        controls = live_controls(message, lobby_prefix(game.id))
        self._remember(message, controls)
        choices = self._lobby_choices(game, controls)
        if not choices:
            return []
        weights = [w for w, _actor, _control in choices]
        _w, actor, control = self.rng.choices(choices, weights)[0]
        return await self.use(actor, message, control, "lobby")

    def _lobby_choices(self, game: Game,
                       controls: list[Control]) -> list[tuple[float, MemberActor, Control]]:
        """Who might press what: players join up to the lobby's size, then the host starts;
        now and then someone tries what they may not."""
        joined = {p.user_id for p in game.lobby.players}
        size = self._lobby_sizes.setdefault(game.id, self.rng.choice([2, 2, 3, 3, 4, 5]))
        full = len(joined) >= min(size, len(self.members))
        choices = []
        for control in controls:
            verb = str(control["custom_id"]).rsplit(":", 1)[-1]
            for actor in self.members:
                inside, host = actor.id in joined, actor.id == game.host_id
                choices.append((_lobby_weight(verb, inside=inside, host=host, full=full),
                                actor, control))
        return [c for c in choices if c[0] > 0]

    # --- hostile clicks -----------------------------------------------------------------

    async def stale_click(self, channel: ChannelHandle) -> list[Sent]:
        """A click on a button seen earlier on a message that still exists: mostly one the
        message still shows (an old board that kept its buttons, a closed lobby), else one
        from a client that has not seen the message change."""
        seen = []
        for message_id, custom_id in dict.fromkeys(self.seen[channel.id]):
            message = sim.stored_message(self.env, channel.id, message_id)
            if message is not None:
                shown = any(c.get("custom_id") == custom_id
                            for c in _buttons(sim.components(message)))
                seen.append((shown, message, custom_id))
        if not seen:
            return await self.play(channel)
        shown_ones = [s for s in seen if s[0]]
        _shown, message, custom_id = self.rng.choice(
            shown_ones if shown_ones and self.rng.random() < 0.8 else seen)
        return await self.raw_clicks([(self.rng.choice(self.members), message, custom_id)],
                                     "stale")

    async def wrong_user(self, channel: ChannelHandle) -> list[Sent]:
        """Someone who is not asked clicks a live control."""
        asked = await self._on_board(channel)
        if asked is None:
            return await self.play(channel)
        others = [m for m in self.members if m.id != asked.actor.id]
        return await self.use(self.rng.choice(others), asked.board,
                              self.rng.choice(asked.controls), "wrong user")

    async def together(self, channel: ChannelHandle) -> list[Sent]:
        """Two clicks in the same instant on the live board: a double click, or the asked
        player and someone else, or both monsters asked at once."""
        game = await self.game_in(channel)
        if game is None or game.status != "playing" or game.state is None:
            return await self.play(channel)
        clicks: list[tuple[MemberActor, Message, str]] = []
        claims: list[Claim | None] = []
        for decision in self.rng.sample(list(game.state.pending), len(game.state.pending)):
            found = self._board(channel, game, decision)
            actor = self.by_id.get(game.seats[decision.seat])
            buttons = [] if found is None else _buttons(found[1])
            if actor is None or found is None or not buttons:
                continue
            clicks.append((actor, found[0], str(self.rng.choice(buttons)["custom_id"])))
            claims.append(Claim(game.id, game.state.seq, actor.id))
        if not clicks:
            return await self.play(channel)
        if len(clicks) == 1:
            actor, message, custom_id = clicks[0]
            second = actor if self.rng.random() < 0.5 else self.rng.choice(self.members)
            buttons = _buttons(live_controls(message, game_prefix(game.id)))
            if second is not actor and buttons:
                custom_id = str(self.rng.choice(buttons)["custom_id"])
            clicks.append((second, message, custom_id))
            claims.append(Claim(game.id, game.state.seq, second.id))
        return await self.raw_clicks(clicks[:2], "together", claims=claims[:2])

    async def late_click(self, channel: ChannelHandle) -> list[Sent]:
        """The asked player's click reaches the bot 4 s after it was made."""
        asked = await self._on_board(channel)
        if asked is None or not asked.buttons:
            return await self.play(channel)
        custom_id = str(self.rng.choice(asked.buttons)["custom_id"])
        return await self.raw_clicks([(asked.actor, asked.board, custom_id)], "late",
                                     late_by=4.0, claims=[asked.claim()])

    async def click_after_wait(self, channel: ChannelHandle, wait: float) -> list[Sent]:
        """The asked player looks at the board, time passes (turn timers may fire), then
        they click what they saw."""
        asked = await self._on_board(channel)
        await self.advance_time(wait)
        if asked is None or not asked.buttons:
            return []
        message = sim.stored_message(self.env, channel.id, asked.board.id)
        now = await self.game_in(channel)
        if message is None or now is None or now.id != asked.game.id or now.state is None:
            return []
        custom_id = str(self.rng.choice(asked.buttons)["custom_id"])
        claim = Claim(now.id, now.state.seq, asked.actor.id)
        return await self.raw_clicks([(asked.actor, message, custom_id)], "after wait",
                                     claims=[claim])

    async def advance_time(self, seconds: float) -> None:
        self.notes.settle_overruns += await sim.advance_time(self.env, seconds)

    async def junk_click(self, channel: ChannelHandle) -> list[Sent]:
        """A forged or garbled custom id under the bot's prefix, on one of its messages."""
        messages = self._bot_messages(channel)
        if not messages:
            return await self.play(channel)
        game = await self.game_in(channel)
        return await self.raw_clicks(
            [(self.rng.choice(self.members), self.rng.choice(messages), _junk_id(self.rng, game))],
            "junk")

    # --- commands -----------------------------------------------------------------------

    async def board_command(self, channel: ChannelHandle) -> list[Sent]:
        return await self.slash(self._someone_playing(await self.game_in(channel)), channel,
                                "kot board")

    async def end_command(self, channel: ChannelHandle) -> list[Sent]:
        """/kot end, then "End the game", "Keep playing", or no answer (for now)."""
        game = await self.game_in(channel)
        draw = self.rng.random()
        confirm = True if draw < 0.25 else False if draw < 0.55 else None
        if game is None:
            return await self.slash(self.rng.choice(self.members), channel, "kot end")
        return await self.end_game(channel, game, confirm=confirm)

    async def end_game(self, channel: ChannelHandle, game: Game, *,
                       confirm: bool | None) -> list[Sent]:
        asker = self.by_id.get(game.host_id) if self.rng.random() < 0.8 else None
        actor = asker or self.rng.choice(self.members)
        sent = await self.slash(actor, channel, "kot end")
        question = _end_question(actor, sent[0].result, channel.id)
        if question is None:
            return sent
        if confirm is None:
            self.end_questions.append(question)
            return sent
        return sent + await self.answer_end(question, confirm)

    async def answer_end(self, question: EndQuestion, confirm: bool) -> list[Sent]:
        """Click the confirmation's button if it is still shown; a client that missed its
        removal clicks the id it remembers."""
        message = sim.stored_message(self.env, question.channel_id, question.message_id)
        if message is None:
            return []
        custom_id = question.custom_ids[confirm]
        shown = [c for c in sim.components(message) if c.get("custom_id") == custom_id
                 and not c.get("disabled")]
        if shown:
            return await self.use(question.actor, message, shown[0], "end answer")
        return await self.raw_clicks([(question.actor, message, custom_id)], "old end answer")

    async def old_end_answer(self) -> list[Sent]:
        if not self.end_questions:
            return []
        question = self.end_questions.pop(self.rng.randrange(len(self.end_questions)))
        return await self.answer_end(question, self.rng.random() < 0.7)

    async def card_command(self, channel: ChannelHandle) -> list[Sent]:
        name = _card_name(self.rng)
        try:
            sent = await self.slash(self.rng.choice(self.members), channel, "kot card", name=name)
            self.notes.long_card_names_sent += len(name) > MAX_DISCORD_NAME
            return sent
        except SetupError as error:  # SimCord refusing the option, as Discord would
            self.notes.card_names_rejected.append(f"{len(name)} chars: {error}")
            return []

    async def info_command(self, channel: ChannelHandle, name: str) -> list[Sent]:
        return await self.slash(self.rng.choice(self.members), channel, name)

    # --- a member deletes a bot message -------------------------------------------------

    async def delete_message(self, channel: ChannelHandle) -> str | None:
        """The moderator deletes one of the channel's game's messages: mostly the live board
        or the lobby, else an older board. (Not a finished game's result: the bot has no
        message intent, so it can never learn that one is gone.)"""
        game = await self.game_in(channel)
        if game is None:
            return None
        messages = self._bot_messages(channel)
        live = (carrying(messages, game_prefix(game.id))
                + carrying(messages, lobby_prefix(game.id)))
        footer, live_ids = f"Game #{game.id} ", {m.id for m in live}
        older = [m for m in messages if m.id not in live_ids and any(
            str((e.get("footer") or {}).get("text", "")).startswith(footer) for e in m.embeds)]
        pool = live if live and (not older or self.rng.random() < 0.7) else older
        if not pool:
            return None
        target = self.rng.choice(pool)
        await self.moderator.delete(sim.handle(self.env, target))
        what = "live" if pool is live else "old"
        self.notes.deleted.append(what)
        return what

    def _bot_messages(self, channel: ChannelHandle) -> list[Message]:
        return [m for m in self._messages(channel) if m.author_id == self.env.backend.bot_user.id]

    def _someone_playing(self, game: Game | None) -> MemberActor:
        seats = [] if game is None else [self.by_id[s] for s in game.seats if s in self.by_id]
        return self.rng.choice(seats) if seats and self.rng.random() < 0.8 else \
            self.rng.choice(self.members)


# --- weights and junk ---------------------------------------------------------------------


def _buttons(controls: Sequence[Control]) -> list[Control]:
    return [c for c in controls if c.get("type") == ComponentType.BUTTON]


def _option(control: Control, decision: Decision) -> object | None:
    """The option an ``o<n>`` control answers, or None (a die, a menu)."""
    code = str(control["custom_id"]).rsplit(":", 1)[-1]
    if code[:1] == "o" and code[1:].isdigit() and int(code[1:]) < len(decision.options):
        return decision.options[int(code[1:])]
    return None


def _weight(control: Control, decision: Decision) -> float:
    """Mostly moves that advance the game (roll, stop, end turn); dice now and then; buying
    sometimes, so cards come into play without stalling the game."""
    option = _option(control, decision)
    if option is None:
        return 0.5 if decision.kind == "roll" else 1.0
    if isinstance(option, Roll):
        return 2.5
    if isinstance(option, StopRolling | EndBuying):
        return 2.0
    if isinstance(option, Buy):
        return 0.6
    if isinstance(option, Sweep):
        return 0.2
    if isinstance(option, Stay):
        return 1.2
    return 1.0


def _lobby_weight(verb: str, *, inside: bool, host: bool, full: bool) -> float:
    match verb:
        case "join":
            return 0.2 if inside else (0.2 if full else 3.0)
        case "monster":
            return 0.4 if inside else (0.1 if full else 1.0)
        case "start":
            return (6.0 if full else 0.3) if host else 0.1
        case "leave":
            return 0.1 if host else (0.25 if inside else 0.05)
        case "edition" | "variant":
            return 0.3 if host else 0.05
    return 0.05  # cancel, and anything new


def _junk_id(rng: random.Random, game: Game | None) -> str:
    """A forged or garbled custom id under the kot: prefix: unknown games, decisions and
    options, lobby verbs on a game, and ids no template matches."""
    game_id = game.id if game is not None else rng.randint(1, 50)
    decision = (game.state.pending[0].id if game is not None and game.state is not None
                and game.state.pending else rng.randint(1, 500))
    return rng.choice([
        f"kot:g:{game_id}:{decision}:o{rng.randint(10, 99)}",
        f"kot:g:{game_id}:{rng.randint(10_000, 99_999)}:o0",
        f"kot:g:{rng.randint(100_000, 999_999)}:1:o0",
        f"kot:l:{game_id}:{rng.choice(['join', 'leave', 'start', 'cancel'])}",
        f"kot:l:{rng.randint(100_000, 999_999)}:join",
        "kot:", "kot:g:", f"kot:g:{game_id}", f"kot:g:x{game_id}:1:o0",
        f"kot:l:{game_id}:explode", f"kot:g:{game_id}:{decision}:z9",
        "kot:" + "".join(rng.choices(string.ascii_letters + ":", k=rng.randint(5, 95))),
    ])


def _card_name(rng: random.Random) -> str:
    card = rng.choice(CARD_TABLE)
    draw = rng.random()
    if draw < 0.35:
        return card.name
    if draw < 0.45:
        return card.name_2011.upper()
    if draw < 0.6:
        return f"  {card.name[: rng.randint(1, len(card.name))]} "
    alphabet = string.ascii_letters + string.digits + " '\"`*_~<>@#:/\\\n🦖💥"
    return "".join(rng.choices(alphabet, k=rng.randint(1, MAX_CARD_NAME)))


def _end_question(actor: MemberActor, result: InteractionResult,
                  channel_id: int) -> EndQuestion | None:
    """The confirmation /kot end showed (its response or a follow-up), with the custom ids
    of its two answers; None when it asked nothing (a refusal, or no game)."""
    for message in [result.response, *result.followups]:
        if message is None:
            continue
        ids = _end_ids(message)
        if ids is not None:
            return EndQuestion(actor, channel_id, message.id, ids)
    return None


def _end_ids(message: ResponseMessage) -> dict[bool, str] | None:
    ids: dict[bool, str] = {}
    for row in message.components:
        for component in [row, *(row.get("components") or [])]:
            custom_id = str(component.get("custom_id") or "")
            parts = custom_id.split(":")
            for confirm, label in END_LABELS.items():
                by_id = custom_id.startswith("kot:e:") and len(parts) > 3 and \
                    parts[3] == ("end" if confirm else "keep")
                if by_id or component.get("label") == label:
                    ids[confirm] = custom_id
    return ids if len(ids) == 2 else None
