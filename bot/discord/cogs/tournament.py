"""``/kot tournament``: Swiss nights (``bot.table.league.tournament_desk``).

The host creates one in a channel (its rounds, table size, clock and game), players join
(the host may add AI entrants), and the host starts it: each round's tables then open as
games in threads of the channel, announced there, and the standings are posted after each
round, by themselves. Creating and cancelling answer publicly, so the channel sees them;
the rest answers privately.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, get_args

import discord
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.locales import server_language
from bot.discord.messages import forbidden_text, missing_permissions
from bot.discord.request import Request
from bot.discord.tournament_posts import name_of, standing_line
from bot.i18n import text
from bot.table.league.queue import QUEUE_CLOCKS
from bot.table.league.tournament_bulletins import shown, standing_shown
from bot.table.league.tournaments import (
    DEFAULT_ROUNDS,
    DEFAULT_TABLE,
    LARGEST_TOURNAMENT_TABLE,
    MAX_ROUNDS,
    SMALLEST_TOURNAMENT_TABLE,
    Entrant,
    StoredTournament,
    Tournament,
)
from bot.table.model import AI_LEVEL_NAMES, GAME_CHOICES, AiLevel, GameChoice, Refused

Interaction = discord.Interaction[Any]

# Lines a page of /kot tournament standings (an embed holds 4,096 characters).
STANDINGS_PAGE = 25
MAX_PAGE = 100


class TournamentCog(KotCog, name="Tournament"):
    tournament = app_commands.Group(name="tournament", description=words("tournament-cmd"),
                                    guild_only=True)

    @tournament.command(name="create", description=words("tournament-cmd-create"))
    @app_commands.describe(rounds=words("tournament-cmd-create-rounds"),
                           size=words("tournament-cmd-create-size"),
                           clock=words("tournament-cmd-create-clock"),
                           game=words("cmd-start-game"))
    @app_commands.choices(
        clock=[app_commands.Choice(name=words(f"queue-clock-{clock}"), value=clock)
               for clock in QUEUE_CLOCKS],
        game=[app_commands.Choice(name=words(f"cmd-start-game-{value}"), value=value)
              for value in GAME_CHOICES])
    async def create(self, interaction: Interaction,
                     rounds: app_commands.Range[int, 1, MAX_ROUNDS] = DEFAULT_ROUNDS,
                     size: app_commands.Range[int, SMALLEST_TOURNAMENT_TABLE,
                                              LARGEST_TOURNAMENT_TABLE] = DEFAULT_TABLE,
                     clock: app_commands.Choice[str] | None = None,
                     game: app_commands.Choice[str] | None = None) -> None:
        request = self.request(interaction)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        missing = missing_permissions(interaction, new_thread=True)
        if missing:  # (its tables open in threads of this channel)
            await request.answer(forbidden_text(missing, "Missing Permissions",
                                                request.language))
            return
        choice: GameChoice = next((c for c in GAME_CHOICES
                                   if game is not None and c == game.value), "2016")
        settings = await self.bot.service.settings.server_settings(interaction.guild_id)
        made = Tournament(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=request.user_id, created_at=self.bot.service.matchmaking.now(),
            rounds=rounds, size=size,
            clock="long" if clock is not None and clock.value == "long" else "live",
            game=choice, entrants=(Entrant(request.user_id, name=request.name),),
            language=settings.game_language(server_language(interaction), request.language))
        if size > made.largest_table():
            await request.tell("tournament-size-too-big", most=made.largest_table())
            return
        try:
            stored = await self.bot.service.tournaments.create(made)
        except Refused as refusal:
            await request.refuse(refusal)
            return
        await self._announce(request, text(
            made.language, "tournament-created", host=request.name, tournament=str(stored.id),
            rounds=rounds, size=size, clock=text(made.language, f"queue-clock-{made.clock}"),
            game=text(made.language, f"cmd-start-game-{choice}")))

    @tournament.command(name="join", description=words("tournament-cmd-join"))
    async def join(self, interaction: Interaction) -> None:
        request = self.request(interaction)
        desk = self.bot.service.tournaments
        stored = await self._act(request, lambda here: desk.join(here.id, request.user_id,
                                                                 request.name))
        if stored is not None:
            await request.tell("tournament-joined", tournament=str(stored.id),
                               entrants=len(stored.tournament.entrants))

    @tournament.command(name="leave", description=words("tournament-cmd-leave"))
    async def leave(self, interaction: Interaction) -> None:
        request = self.request(interaction)
        desk = self.bot.service.tournaments
        stored = await self._act(request, lambda here: desk.leave(here.id, request.user_id))
        if stored is not None:
            dropped = stored.tournament.status == "playing"
            await request.tell("tournament-dropped" if dropped else "tournament-left",
                               tournament=str(stored.id))

    @tournament.command(name="add_ai", description=words("tournament-cmd-add_ai"))
    @app_commands.describe(level=words("tournament-cmd-add_ai-level"))
    @app_commands.choices(level=[app_commands.Choice(name=words(AI_LEVEL_NAMES[level]),
                                                     value=level)
                                 for level in get_args(AiLevel)])
    async def add_ai(self, interaction: Interaction,
                     level: app_commands.Choice[str] | None = None) -> None:
        request = self.request(interaction)
        desk = self.bot.service.tournaments
        chosen: AiLevel = next((lvl for lvl in get_args(AiLevel)
                                if level is not None and lvl == level.value), "easy")

        def add(here: StoredTournament) -> Awaitable[StoredTournament]:
            language = here.tournament.language
            name = text(language, "tournament-ai-name",
                        level=text(language, AI_LEVEL_NAMES[chosen]),
                        number=-here.tournament.next_ai_id())
            return desk.add_ai(here.id, request.user_id, chosen, name)

        stored = await self._act(request, add)
        if stored is not None:
            await request.tell("tournament-joined", tournament=str(stored.id),
                               entrants=len(stored.tournament.entrants))

    @tournament.command(name="start", description=words("tournament-cmd-start"))
    async def start(self, interaction: Interaction) -> None:
        request = self.request(interaction)
        stored = await self._here(request)
        if stored is None:
            return
        # (Privately: a refusal is the asker's; the round's tables are posted for all.)
        if not await request.acknowledge(thinking_privately=True):  # (seeding rates)
            return
        try:
            stored = await self.bot.service.tournaments.begin(stored.id, request.user_id)
        except Refused as refusal:
            await request.edit(content=refusal.said(request.language))
            return
        tournament = stored.tournament
        await request.edit(content=text(
            tournament.language, "tournament-started", tournament=str(stored.id),
            entrants=len(tournament.entrants), tables=len(tournament.tables[-1]),
            rounds=tournament.rounds))

    @tournament.command(name="cancel", description=words("tournament-cmd-cancel"))
    async def cancel(self, interaction: Interaction) -> None:
        request = self.request(interaction)
        desk = self.bot.service.tournaments
        stored = await self._act(request, lambda here: desk.cancel(here.id, request.user_id))
        if stored is not None:
            await self._announce(request, text(stored.tournament.language,
                                               "tournament-cancelled",
                                               tournament=str(stored.id)))

    @tournament.command(name="standings", description=words("tournament-cmd-standings"))
    @app_commands.describe(page=words("tournament-cmd-standings-page"))
    async def standings(self, interaction: Interaction,
                        page: app_commands.Range[int, 1, MAX_PAGE] = 1) -> None:
        request = self.request(interaction)
        stored = await self._here(request, finished_too=True)
        if stored is None:
            return
        await request.answer(None, embed=await self._standings_embed(request, stored, page))

    async def _act(self, request: Request,
                   act: Callable[[StoredTournament], Awaitable[StoredTournament]],
                   ) -> StoredTournament | None:
        """The channel's tournament as ``act`` leaves it; None, with the asker told why,
        when there is none or ``act`` is refused."""
        stored = await self._here(request)
        if stored is None:
            return None
        try:
            return await act(stored)
        except Refused as refusal:
            await request.refuse(refusal)
            return None

    @staticmethod
    async def _announce(request: Request, content: str) -> None:
        """The command's answer, in the channel for all to see."""
        if await request.acknowledge():
            await request.edit(content=content)

    async def _standings_embed(self, request: Request, stored: StoredTournament,
                               page: int) -> discord.Embed:
        """The entrants (before the start) or the standings, a page of them."""
        tournament = stored.tournament
        if tournament.status == "open":
            lines = [name_of(shown(tournament, e.user_id)) for e in tournament.entrants]
        else:
            lines = [standing_line(standing_shown(tournament, line), request.language)
                     for line in await self.bot.service.tournaments.standings(stored)]
        pages = max(1, -(-len(lines) // STANDINGS_PAGE))
        page = min(page, pages)
        on_page = lines[(page - 1) * STANDINGS_PAGE:page * STANDINGS_PAGE]
        embed = discord.Embed(
            title=request.text("tournament-show-title", tournament=str(stored.id),
                               status=tournament.status, round=str(tournament.round),
                               rounds=str(tournament.rounds)),
            description="\n".join(on_page) or request.text("tournament-nobody"),
            colour=discord.Colour.gold())
        if pages > 1:
            embed.set_footer(text=request.text("tournament-page", page=page, pages=pages))
        return embed

    async def _here(self, request: Request, *,
                    finished_too: bool = False) -> StoredTournament | None:
        """The channel's tournament open or in play (or, ``finished_too``, its last one);
        None, with the asker told, when there is none."""
        channel_id = request.interaction.channel_id
        assert channel_id is not None
        desk = self.bot.service.tournaments
        try:
            stored = await desk.in_channel(channel_id)
            if stored is None and finished_too:
                stored = await desk.last_in_channel(channel_id)
        except Refused as refusal:  # (its row cannot be read)
            await request.refuse(refusal)
            return None
        if stored is None:
            await request.tell("tournament-none-here")
        return stored
