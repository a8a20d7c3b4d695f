"""What a direct message about a player's turn says (``/kot notify``): the game, its server
and channel, what is asked, the deadline, a link to the board, and a long game's news, as a
ping in the channel says them (``bot.discord.messages``).

A direct message answers no interaction, so it has no locale of its own: it is said in the
language the player's Discord spoke when they turned direct messages on, else the game's.
A long game's lines about closed turns stay in the game's language (they were said when
those turns closed).
"""

from __future__ import annotations

import discord

from bot.discord.messages import deadline_text, jump_url, long_game_news, mention
from bot.i18n import say, text
from bot.table.carrier import Reason
from bot.table.model import Game, PersonSettings
from bot.table.timers import question_deadlines
from engine import Decision, prompt

_OPENINGS: dict[Reason, str] = {
    "turn": "notify-dm-turn",
    "asked": "notify-dm-asked",
    "reminder": "notify-dm-reminder",
}


def dm_language(game: Game, person: PersonSettings) -> str:
    return person.language or game.language


def dm_content(game: Game, decision: Decision, reason: Reason, now: float, *,
               language: str, server: str | None, channel: str | None) -> str:
    """The direct message to the player asked ``decision``, in ``language``; ``server``
    and ``channel``: the names of the game's server and channel (None where the bot does not
    know them: the channel is then a mention, which their client names)."""
    state = game.playing_state()
    shown_channel = (f"#{discord.utils.escape_markdown(channel)}" if channel
                     else f"<#{game.channel_id}>")
    where = (text(language, "notify-dm-where", server=discord.utils.escape_markdown(server),
                  channel=shown_channel)
             if server else shown_channel)
    question = say(language, prompt(state, state.pending.index(decision)))
    deadline = question_deadlines(game, now).get(decision.id)
    url = jump_url(game)
    first = " ".join(part for part in (
        text(language, _OPENINGS[reason], game=str(game.id), where=where, question=question),
        deadline_text(deadline, dated=True) if deadline is not None else "",
        text(language, "ping-answer-on-board", url=url) if url else "",
    ) if part)
    return "\n".join([first, *long_game_news(game, decision.seat, language),
                      text(language, "notify-dm-turn-off")])


def dms_refused_note(game: Game, seat: int) -> str:
    """Said in the channel, in the ping that replaces a direct message Discord refused."""
    return text(game.language, "notify-dms-refused", player=mention(game.seats[seat]))
