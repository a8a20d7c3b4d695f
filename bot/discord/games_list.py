"""The answer of ``/kot games``, as an embed in the asker's language (``games-`` messages of
the catalogs): each game's number, type and channel or thread, what it waits for and on
whom, its deadline as a countdown every client runs, and a link to its live message.
Pages of ``PAGE_SIZE`` games, as ``/kot history``'s."""

from __future__ import annotations

import discord

from bot.discord.messages import COLOUR, deadline_text, jump_url, player_name_tag
from bot.discord.record_embeds import PAGE_SIZE, page_count, page_footer
from bot.i18n import text
from bot.table.model import GAME_CHOICES, Game
from bot.table.my_games import Waiting
from engine import Join


def games_embed(waits: list[Waiting], page: int, language: str) -> discord.Embed:
    """Page ``page`` of the player's games (all of them: ``bot.table.my_games.my_games``)."""
    embed = discord.Embed(title=text(language, "games-title"), colour=COLOUR)
    shown = waits[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
    embed.description = ("\n\n".join(game_entry(w, language) for w in shown) if shown
                         else text(language, "games-none"))
    page_footer(embed, page, page_count(len(waits)), "games", language)
    return embed


def game_entry(wait: Waiting, language: str) -> str:
    """Two lines: which game, where; what it waits for, until when, and its link."""
    game = wait.game
    head = text(language, "games-head", game=str(game.id),
                type=text(language, GAME_CHOICES[game.lobby.choice()]),
                place=f"<#{game.channel_id}>")
    parts = [_waits_for(wait, language)]
    if wait.deadline is not None:
        parts.append(deadline_text(wait.deadline))
    url = jump_url(game)
    if url is not None:
        kind = "lobby" if wait.kind == "lobby" else "board"
        parts.append(text(language, f"games-link-{kind}", url=url))
    return f"{head}\n" + " · ".join(parts)


def _waits_for(wait: Waiting, language: str) -> str:
    game = wait.game
    match wait.kind:
        case "lobby":
            return text(language, "games-waits-lobby", players=len(game.lobby.players),
                        most=game.lobby.rules().max_monsters)
        case "your_turn" | "your_answer":
            return text(language, f"games-waits-{wait.kind.replace('_', '-')}")
        case "others":
            return text(language, "games-waits-others", players=Join(tuple(
                _seat_name(game, seat, language) for seat in wait.seats)))


def _seat_name(game: Game, seat: int, language: str) -> str:
    """Who is asked, by name, with their monster."""
    return f"{player_name_tag(game, seat, language)} ({game.playing_state().monsters[seat].name})"
