"""The coach's notes on Discord (``bot.table.coach`` writes them): sent privately to the
coached player, with what the Hard AI would do, and shown again by the board's 🎓 Coach
button.

A private message to one player can only be a follow-up through one of their own
interactions, whose token lives 15 minutes. So a note goes through the player's most recent
click or command in that game, while its token is fresh; the Hard AI's suggestion (up to
``KOT_HARD_AI_SECONDS``) is found first, outside the game's lock, and a note whose question
was answered meanwhile is not sent. With no fresh token (a player who has not clicked for 15
minutes, or a bot restarted since), or when Discord refuses the follow-up, the note stays on
the board's 🎓 Coach button: the chronicle keeps it, and a click shows it privately. Nothing
else reaches a player privately without their click.

One note stands at a time: a player's note is posted under the board, beside the question it
explains, and the note before it (its question answered) is deleted through the token it was
sent with, while that token lasts. Notes one after another would push the board's buttons
screens away on a phone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.discord.io import TOKEN_MARGIN, DiscordIO
from bot.discord.locales import asker_language
from bot.discord.request import Request
from bot.i18n import say, text
from bot.table.autoplay import Autopilot
from bot.table.coach import pending_note
from bot.table.model import Coaching, Game
from bot.table.publish import CoachNote

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


def note_text(game: Game, coaching: Coaching, hint: str, language: str) -> str:
    """The note as the player reads it: its lines, then the Hard AI's suggestion."""
    lines = [say(language, line) for line in coaching.note]
    lines.append(text(language, "coach-hard-ai", hint=hint))
    return text(language, "coach-note", game=str(game.id), lines="\n".join(lines))


class CoachDesk:
    """The players' latest interactions by game, and the notes' delivery."""

    def __init__(self, io: DiscordIO, autopilot: Autopilot,
                 latest: Callable[[int], Game | None]) -> None:
        """``latest``: the game as it stands now (the service's cache), to check that a
        note's question is still asked once its suggestion is found."""
        self._io = io
        self._autopilot = autopilot
        self._latest_game = latest
        # (game id, user id) -> their most recent interaction in that game.
        self._latest: dict[tuple[int, int], Interaction] = {}
        # (game id, user id) -> the note standing in the channel: the interaction it was sent
        # through (to delete it) and its message. A player's notes are posted one at a time.
        self._standing: dict[tuple[int, int], tuple[Interaction, int]] = {}
        self._posting: dict[tuple[int, int], asyncio.Lock] = {}
        self._sending: set[asyncio.Task[None]] = set()
        self._closed = False

    def remember(self, game_id: int, interaction: Interaction) -> None:
        """A player's click or command in this game: their freshest way to be told privately."""
        self._latest[(game_id, interaction.user.id)] = interaction

    def forget_player(self, game_id: int, user_id: int) -> None:
        """A player the coach does not follow (now) in this game: their interaction is not
        kept (the note standing stays, to be deleted when the next one comes)."""
        self._latest.pop((game_id, user_id), None)

    def forget(self, game_id: int) -> None:
        """A game that is over needs no more notes (the last one stays: the game's end)."""
        for kept in (self._latest, self._standing, self._posting):
            for key in [key for key in kept if key[0] == game_id]:
                del kept[key]

    def deliver(self, game: Game, effect: CoachNote) -> None:
        """Send the note for ``effect``'s question, if it is still asked and the player has a
        fresh token; otherwise it waits on the 🎓 Coach button (as it does once the bot
        closes)."""
        if self._closed or pending_note(game, effect.seat) is None:
            return
        interaction = self._latest.get((game.id, game.seats[effect.seat]))
        if interaction is None or not _fresh(interaction):
            return
        task = asyncio.create_task(self._send(game, effect, interaction),
                                   name=f"kot-coach-{game.id}")
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send(self, game: Game, effect: CoachNote, interaction: Interaction) -> None:
        try:
            noted = pending_note(game, effect.seat)
            if noted is None or noted[0].id != effect.decision_id:
                return
            decision, coaching = noted
            language = asker_language(interaction)
            hint = await self._autopilot.hint(game.playing_state(), decision, game.id, language)
            key = (game.id, interaction.user.id)
            async with self._posting.setdefault(key, asyncio.Lock()):
                now = self._latest_game(game.id) or game
                still = pending_note(now, effect.seat)
                if still is None or still[0].id != effect.decision_id or not _fresh(interaction):
                    return  # answered meanwhile (a later note follows), or too late to send
                await self._post(key, interaction, note_text(game, coaching, hint, language))
        except Exception:
            log.exception("game %s: the coach's note for decision %s failed (it stays on the "
                          "🎓 Coach button)", game.id, effect.decision_id)

    async def show(self, request: Request, game: Game) -> None:
        """The 🎓 Coach button: the clicker's note for their question now, privately."""
        seat = game.seat_of(request.user_id)
        noted = None if seat is None or game.status != "playing" else pending_note(game, seat)
        if noted is None:
            coached = seat is not None and game.chronicle.coaching.of(seat).on
            await request.tell("coach-not-asked" if coached else "coach-nothing-now")
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        decision, coaching = noted
        language = request.language
        hint = await self._autopilot.hint(game.playing_state(), decision, game.id, language)
        key = (game.id, request.user_id)
        async with self._posting.setdefault(key, asyncio.Lock()):
            await self._post(key, request.interaction,
                             note_text(game, coaching, hint, language))

    async def _post(self, key: tuple[int, int], interaction: Interaction, note: str) -> None:
        """Post the player's note through ``interaction``, and delete the one before it:
        one note stands, the newest, under the board."""
        message_id = await self._io.note_privately(interaction, note)
        if message_id is None:
            return
        before = self._standing.get(key)
        self._standing[key] = (interaction, message_id)
        if before is not None and _fresh(before[0]):
            await self._io.delete_private(*before)

    async def sent(self) -> None:
        """Wait for the notes being sent (tests, and closing)."""
        if self._sending:
            await asyncio.gather(*self._sending, return_exceptions=True)

    def close(self) -> None:
        """No note is sent from now on, and those being sent are cancelled (the bot closes:
        they stay on the 🎓 Coach button). They write nothing, so they are not waited for:
        one waits for its Hard AI suggestion, which may take seconds."""
        self._closed = True
        for task in self._sending:
            task.cancel()


def _fresh(interaction: Interaction) -> bool:
    return discord.utils.utcnow() < interaction.expires_at - TOKEN_MARGIN
