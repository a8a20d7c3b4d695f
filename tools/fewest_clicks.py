"""Clicks per turn, measured: scripted games played through the real bot on SimCord, every
seat a person who answers as the heuristic player would, with the fewest clicks the board
offers for that answer.

The buttons a player may use are chosen by ``way`` (``WAYS``), each using those of the ways
before it: the die buttons only; the face buttons too; the keep-and-roll button too. A keep
is planned face by face: die buttons ("keep", "release"), or a face's button ("Keep 3s ×2")
and then a release for each of those dice the answer rerolls, whichever is fewer; then
Roll. The suggestion button ("💡 Suggested: keep 3 3 💥, roll 3") is the whole answer in
one click when it keeps what the answer keeps (it shows the heuristic player's keep among
those holding the dice kept, and the heuristic is the player measured here: a player who
keeps otherwise, or releases a die, gets nothing from it, and is measured
by the "face buttons" way). Every other answer is one click on its button (or one pick in
its menu); a secret question (Made in a Lab's card) is answered from the private message
that shows it, opened with "Show me privately" when there is none. The buttons clicked are
read from the live board: a planned button that is not there, or a click that changes
nothing, stops the measure (a bug, in the bot or here).

Clicks are counted per turn for the monster whose turn it is, and apart for the other
monsters' answers (Stay or Yield, a card's question on another monster's turn).

With ``offers``, a player who yields takes the Stay/Yield question's standing order instead
("📋 Always yield at ≤ N❤️": one click, which yields now too); from then on the order
answers for them whenever a hit leaves them N❤️ or fewer, unasked.
"""

from __future__ import annotations

import statistics
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import simcord
from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.app import KotBot
from bot.config import Settings
from bot.local import open_lobby
from bot.table.lobbies import Lobbies
from bot.table.model import Game
from bot.table.orders import YIELD_OFFER
from engine import (
    FACES,
    Action,
    Buy,
    Choose,
    Decision,
    EndBuying,
    Face,
    Roll,
    Stay,
    StopRolling,
    Sweep,
    Yield,
    secret,
)
from engine.ai import HeuristicPlayer

# Discord's component types in a message's payload.
BUTTON, STRING_MENU = 2, 3
# A game still going after this many clicks is stuck (a bug): the measure stops.
MAX_CLICKS_IN_A_GAME = 5000

CLICK_KINDS = ("keep and roll", "face", "die", "roll", "done", "dice tool", "stay", "yield",
               "yield order", "buy", "sweep", "end turn", "card question", "show privately")

# The buttons the measured players use to keep dice and roll, each way adding to the one
# before it.
Way = Literal["die buttons only", "face buttons", "keep and roll"]
WAYS: tuple[Way, ...] = ("die buttons only", "face buttons", "keep and roll")


class MeasureError(Exception):
    """The board does not offer the click an answer needs, or the bot refused it."""


def keep_codes(dice: Sequence[Face], kept: Sequence[int], wanted: Sequence[int],
               faces_offered: Sequence[int]) -> list[str]:
    """The fewest button codes that turn the dice kept from ``kept`` into as many of each
    face as ``wanted`` keeps (which dice of a face does not matter). ``faces_offered``: the
    faces (by index in FACES) that have a "Keep all" button."""
    codes: list[str] = []
    for number, face in enumerate(FACES):
        held = [i for i in kept if dice[i] == face]
        loose = [i for i, shown in enumerate(dice) if shown == face and i not in kept]
        target = sum(1 for i in wanted if dice[i] == face)
        if target <= len(held):
            codes += [f"r{i}" for i in held[target:]]
            continue
        missing = target - len(held)
        left_over = len(loose) - missing   # dice of the face the answer rerolls
        if number in faces_offered and 1 + left_over < missing:
            codes += [f"f{number}", *(f"r{i}" for i in loose[missing:])]
        else:
            codes += [f"h{i}" for i in loose[:missing]]
    return codes


def click_kind(code: str, decision: Decision) -> str:
    """What a click is, for the table: by its code, or by the option it picks."""
    if code.startswith("x"):
        return "keep and roll"
    if code.startswith("f"):
        return "face"
    if code[:1] in ("h", "r"):
        return "die"
    if code.startswith("p"):
        return "show privately"
    if code.startswith(YIELD_OFFER):
        return "yield order"
    match decision.options[int(code[1:])]:
        case Roll():
            return "roll"
        case StopRolling():
            return "done"
        case Choose() if decision.kind == "roll":
            return "dice tool"
        case Stay():
            return "stay"
        case Yield():
            return "yield"
        case Buy():
            return "buy"
        case Sweep():
            return "sweep"
        case EndBuying():
            return "end turn"
    return "card question"


@dataclass
class Tally:
    """The clicks of a measure: per turn for the active monster, by kind, and the other
    monsters' answers."""

    way: Way
    # Whether the players take the yield order the Stay/Yield question offers.
    offers: bool = False
    per_turn: dict[tuple[int, int], int] = field(default_factory=dict)
    kinds: Counter[str] = field(default_factory=Counter)
    out_of_turn: Counter[str] = field(default_factory=Counter)
    # Clicks that answered a question with a single option (nothing to decide).
    one_answer: Counter[str] = field(default_factory=Counter)
    games: int = 0

    def turn_seen(self, game: int, turn: int) -> None:
        self.per_turn.setdefault((game, turn), 0)

    def count(self, game: int, turn: int, active: bool, kind: str) -> None:
        if active:
            self.per_turn[(game, turn)] = self.per_turn.get((game, turn), 0) + 1
            self.kinds[kind] += 1
        else:
            self.out_of_turn[kind] += 1

    def summary(self) -> dict[str, Any]:
        turns = sorted(self.per_turn.values())
        clicks = sum(turns)
        return {
            "way": self.way,
            "offers": self.offers,
            "games": self.games,
            "turns": len(turns),
            "clicks_per_turn_mean": round(statistics.fmean(turns), 2) if turns else 0.0,
            "clicks_per_turn_p50": _percentile(turns, 0.5),
            "clicks_per_turn_p90": _percentile(turns, 0.9),
            "kind_share": {kind: round(self.kinds[kind] / clicks, 3)
                           for kind in CLICK_KINDS if self.kinds[kind]} if clicks else {},
            "out_of_turn_clicks": sum(self.out_of_turn.values()),
            "out_of_turn_per_turn": (round(sum(self.out_of_turn.values()) / len(turns), 2)
                                     if turns else 0.0),
            "out_of_turn_kinds": dict(self.out_of_turn.most_common()),
            "one_answer_clicks": dict(self.one_answer.most_common()),
        }


def _percentile(ordered: list[int], fraction: float) -> int:
    if not ordered:
        return 0
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


@dataclass
class ClickingTable:
    """One channel, its players, and the game they play by clicks."""

    env: Env
    bot: KotBot
    channel: ChannelHandle
    players: list[MemberActor]
    tally: Tally
    player: HeuristicPlayer
    # The last private message each player got (a secret question's answers).
    private: dict[int, ResponseMessage] = field(default_factory=dict)

    async def play(self, number: int, max_turns: int | None = None) -> None:
        """Open a lobby, start, and click through the game (or its first ``max_turns``)."""
        host, *others = self.players
        lobby = await open_lobby(self.channel, host, others)
        await host.click(lobby, label="Start")
        self.tally.games += 1
        for _click in range(MAX_CLICKS_IN_A_GAME):
            game = await self.bot.service.games.active_in_channel(self.channel.id)
            if game is None or game.status != "playing":
                return
            state = game.playing_state()
            assert state.turn is not None
            if max_turns is not None and state.turn.number > max_turns:
                return
            self.tally.turn_seen(number, state.turn.number)
            decision = state.pending[0]
            answer = self.player.answer(state, decision)
            active = decision.seat == state.turn.seat
            for code in self._codes(game, decision, answer):
                for pressed in await self._click(game, decision, code):
                    kind = click_kind(pressed, decision)
                    self.tally.count(number, state.turn.number, active, kind)
                    if len(decision.options) == 1:
                        self.tally.one_answer[kind] += 1
        raise MeasureError(f"game {number} still going after {MAX_CLICKS_IN_A_GAME} clicks")

    def _codes(self, game: Game, decision: Decision, answer: Action) -> list[str]:
        """The codes of the buttons to click for ``answer``, in order."""
        if decision.kind == "roll" and isinstance(answer, Roll):
            state = game.playing_state()
            assert state.turn is not None and answer.keep is not None
            offered = self._board_codes(game, decision)
            keep_and_roll = "x" + "".join(
                str(sum(1 for i in answer.keep if state.turn.dice[i] == face)) for face in FACES)
            if (self.tally.way == "keep and roll" and answer.card is None
                    and keep_and_roll in offered):
                return [keep_and_roll]
            faces = [int(code[1:]) for code in offered
                     if code.startswith("f")] if self.tally.way != "die buttons only" else []
            keeps = keep_codes(state.turn.dice, state.turn.kept, answer.keep, faces)
            roll = next(n for n, o in enumerate(decision.options)
                        if isinstance(o, Roll) and o.card == answer.card)
            return [*keeps, f"o{roll}"]
        if self.tally.offers and isinstance(answer, Yield):
            order = next((code for code in self._board_codes(game, decision)
                          if code.startswith(YIELD_OFFER)), None)
            if order is not None:
                return [order]
        if decision.kind == "roll" and isinstance(answer, StopRolling):
            done = next(n for n, o in enumerate(decision.options) if isinstance(o, StopRolling))
            return [f"o{done}"]
        return [f"o{decision.options.index(answer)}"]

    def _board(self, game: Game) -> ResponseMessage:
        assert game.board_message_id is not None
        return ResponseMessage(self.env, self.env.backend.get_message(self.channel.id,
                                                                      game.board_message_id))

    def _board_codes(self, game: Game, decision: Decision) -> list[str]:
        return list(_codes_of(self._board(game).components, game.id, decision.id))

    async def _click(self, game: Game, decision: Decision, code: str) -> list[str]:
        """Click ``code`` as the player asked: on the board, or in the private message of a
        secret question (opened first when there is none). Returns the codes pressed."""
        asked = next(p for p in self.players if p.id == game.seats[decision.seat])
        game = await self.bot.service.games.game(game.id)
        pressed = []
        message = self._board(game)
        if code.startswith("o") and secret(game.playing_state(), decision) is not None:
            private = self.private.get(asked.id)
            if private is None or code not in _codes_of(private.components, game.id,
                                                        decision.id):
                await self._press(asked, message, game, decision, "p0")
                pressed.append("p0")
            message = self.private[asked.id]
        await self._press(asked, message, game, decision, code)
        after = await self.bot.service.games.game(game.id)
        if after.state == game.state:
            raise MeasureError(f"the bot refused {code} for decision {decision.id} in game "
                               f"{game.id}")
        return [*pressed, code]

    async def _press(self, asked: MemberActor, message: ResponseMessage, game: Game,
                     decision: Decision, code: str) -> None:
        prefix = f"kot:g:{game.id}:{decision.id}:"
        for custom_id, kind, values in _components(message.components):
            if not custom_id.startswith(prefix):
                continue
            if kind == BUTTON and custom_id == prefix + code:
                result = await asked.click(message, custom_id=custom_id)
                break
            if kind == STRING_MENU and code.startswith("o") and code[1:] in values:
                result = await asked.select(message, [code[1:]], custom_id=custom_id)
                break
        else:
            raise MeasureError(f"no button {code} for decision {decision.id} in game {game.id}")
        private = [m for m in [result.response, *result.followups]
                   if m is not None and m.ephemeral and m.components]
        if private:
            self.private[asked.id] = private[-1]


def _components(rows: list[dict[str, Any]]) -> Iterator[tuple[str, int, set[str]]]:
    """(custom id, type, menu values) of each component of a message's payload."""
    for row in rows:
        for item in row.get("components", []):
            values = {option["value"] for option in item.get("options", [])}
            yield item.get("custom_id", ""), item["type"], values


def _codes_of(rows: list[dict[str, Any]], game_id: int, decision_id: int) -> Iterator[str]:
    """The codes this message's buttons and menus offer for a decision (a menu's options
    as ``o<n>``)."""
    prefix = f"kot:g:{game_id}:{decision_id}:"
    for custom_id, kind, values in _components(rows):
        if not custom_id.startswith(prefix):
            continue
        if kind == BUTTON:
            yield custom_id[len(prefix):]
        else:
            yield from (f"o{value}" for value in values)


async def measure(games: int, seed: int, seats: Sequence[int], *, way: Way,
                  max_turns: int | None = None, offers: bool = False) -> Tally:
    """Play ``games`` games (the n-th with ``seats[n % len(seats)]`` players, game seeds
    from ``seed``) through the real bot on SimCord, keeping dice the ``way`` given (and,
    with ``offers``, taking the yield order offered when they yield); count their
    clicks."""
    tally = Tally(way, offers)
    with tempfile.TemporaryDirectory() as folder:
        # No clock: the scripted players answer at once, nobody is played by the autopilot.
        bot = KotBot(Settings(token="offline", database=Path(folder) / "kot.sqlite3",
                              turn_timeout=0, reaction_timeout=0), sync_commands=True)
        async with simcord.run(bot) as env:
            seeds = iter(range(seed * 1_000_003, seed * 1_000_003 + games))
            # The same games on every run with this seed (the bot draws a random seed).
            bot.service.lobbies = Lobbies(bot.service.games, bot.service.settings,
                                          seeds.__next__, bot.clock,
                                          turn_seconds=0, reaction_seconds=0)
            guild = env.create_guild()
            people = [guild.add_member(env.create_user(f"player{n}")) for n in range(max(seats))]
            try:
                for number in range(games):
                    table = ClickingTable(env, bot, guild.create_text_channel(f"game-{number}"),
                                          people[:seats[number % len(seats)]], tally,
                                          HeuristicPlayer(seed))
                    await table.play(number, max_turns)
            finally:
                await bot.service.close()
    return tally
