"""The bot: a small ``commands.Bot`` that wires the parts together (store -> service,
Discord calls, the delivery and its Discord side (the publisher), clicks, turn timers), loads
the cogs, registers the buttons' templates (so old buttons work after a restart) and restores
the games."""

from __future__ import annotations

import asyncio
import gc
import logging
import sqlite3
from dataclasses import dataclass
from typing import Any

import asyncpg
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.bulletins import BulletinPoster
from bot.discord.clicks import Clicks
from bot.discord.coach import CoachDesk
from bot.discord.cogs.away import AwayCog
from bot.discord.cogs.games import GamesCog
from bot.discord.cogs.info import InfoCog
from bot.discord.cogs.league import LeagueCog
from bot.discord.cogs.lobby import LobbyCog
from bot.discord.cogs.notify import NotifyCog
from bot.discord.cogs.play import PlayCog
from bot.discord.cogs.queue import QueueCog
from bot.discord.cogs.records import RecordsCog
from bot.discord.cogs.server import ServerCog
from bot.discord.cogs.tournament import TournamentCog
from bot.discord.command_words import CatalogTranslator, words
from bot.discord.drawing import Drawers, shared_processes
from bot.discord.io import DiscordIO
from bot.discord.publisher import Publisher
from bot.discord.rank_roles import DiscordRoles
from bot.discord.request import Request
from bot.discord.tournament_posts import TableThreads
from bot.discord.views import DYNAMIC_ITEMS
from bot.health import start_heartbeat
from bot.store.store import Store
from bot.table import publish
from bot.table.autoplay import Autopilot
from bot.table.away_ends import AwayEnds
from bot.table.delivery import Delivery
from bot.table.idle_games import IdleGames
from bot.table.in_hand import InHand
from bot.table.league.achievement_book import AchievementBook
from bot.table.league.after_games import AfterGames
from bot.table.league.bulletins import BulletinBoard
from bot.table.league.crown_book import CrownBook
from bot.table.league.league import League
from bot.table.league.rank_roles import RankRoles
from bot.table.lobby_clock import LobbyClock
from bot.table.reminders import ReminderClock
from bot.table.service import GameService
from bot.table.timers import Deadlines, TurnClock

log = logging.getLogger(__name__)

COMMAND_FAILED = "command-failed"  # (a message of the catalogs)

# Seconds a close waits for the work in hand (clicks, commands, the clocks' answers, their
# passes) to finish before it cancels what is left: a few, for a stop within a few seconds
# (docker stop kills after 10 s), and more than a click or an AI move takes (a Hard AI
# search has KOT_HARD_AI_SECONDS, 0.8 s).
CLOSE_GRACE = 3.0
# Seconds then for the work cancelled to end (it ends at its next await; a write cut short
# is rolled back first).
_CANCELLED_GRACE = 1.0


class StartupError(Exception):
    """The bot cannot start (its database cannot be opened); the message says why."""


class _Commands(app_commands.CommandTree["KotBot"]):
    async def interaction_check(self, interaction: discord.Interaction[KotBot]) -> bool:
        """A slash command is work in hand until it ends; none starts while the bot closes
        (never answered, the command can be used again once the bot is back)."""
        return self.client.in_hand.take()


@dataclass
class _Opened:
    """The parts of a bot that its close must close, as its start-up opened them."""

    autopilot: Autopilot | None = None
    service: GameService | None = None
    # Clicks, commands and events are handled (the work in hand is finished at the close).
    handling: bool = False


class KotBot(commands.Bot):
    autopilot: Autopilot
    service: GameService
    io: DiscordIO
    turns: TurnClock
    lobby_clock: LobbyClock
    reminders: ReminderClock
    idle_games: IdleGames
    away_ends: AwayEnds
    publisher: Publisher
    delivery: Delivery[discord.Interaction[Any]]
    coach: CoachDesk
    clicks: Clicks
    bulletins: BulletinBoard
    league: League
    rank_roles: RankRoles
    crowns: CrownBook
    after_games: AfterGames
    # Keeps KOT_HEALTH_FILE fresh while the bot is healthy (bot.health); None when unset.
    heartbeat: asyncio.Task[None] | None = None
    # Arms the games in progress once connected (``arm_restored``).
    _restoring: asyncio.Task[None] | None = None
    close_grace = CLOSE_GRACE

    def __init__(self, settings: Settings, *, sync_commands: bool = False,
                 tune_collector: bool = False, **options: Any) -> None:
        # The bot never joins voice: skip discord.py's warnings about missing voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Slash commands and buttons need no privileged intent; "guilds" keeps channels (and
        # the bot's permissions in them) known, "guild_messages" tells when someone deletes a
        # board. Message content is never read.
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = True
        if settings.shards.count is not None:  # (a ShardedKotBot)
            options.update(shard_count=settings.shards.count,
                           shard_ids=None if settings.shards.ids is None
                           else list(settings.shards.ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=_Commands,
            # No cache of messages: the bot reads none back (a deleted board comes as a raw
            # event), and discord.py's 1,000 parsed messages with their embeds and buttons
            # would lengthen every full collection of the cycle collector.
            max_messages=None,
            **options,
        )
        self.in_hand = InHand()
        self.settings = settings
        self.sync_commands = sync_commands
        self.tune_collector = tune_collector
        self.kot = app_commands.Group(name="kot", description=words("cmd-kot"),
                                      guild_only=True)
        self.tree.error(self.on_app_command_error)
        # What setup_hook opened so far, for close(): a start-up that failed half-way (a
        # database that cannot be read...) closes what it had opened, and only that.
        self._opened = _Opened()

    async def setup_hook(self) -> None:
        try:
            store = await Store.open(self.settings.store_target)
        except (OSError, sqlite3.Error, asyncpg.PostgresError, RuntimeError) as error:
            raise StartupError(
                f"cannot open the database {self.settings.store_name}: {error}"
            ) from error
        self.autopilot = self._opened.autopilot = Autopilot(self.settings.hard_ai_seconds)
        # The bot's drawers: on the loop for a lone click or command, else on threads or the
        # process's drawing workers (which end with the process, not with this bot:
        # bot.discord.drawing).
        self.drawers = Drawers(shared_processes(self.settings.drawing_processes),
                               alone=self.in_hand.alone)
        self.service = self._opened.service = GameService(
            store, clock=self.clock, think=self.autopilot.answer,
            owns=self.settings.shards.owns, turn_seconds=self.settings.turn_timeout,
            reaction_seconds=self.settings.reaction_timeout)
        self.io = DiscordIO(self, store, owns=self.settings.shards.owns)
        # The clocks' answers are this bot's methods below: each goes through a part built
        # after its clock (the clicks, the delivery, which the clocks are handed to).
        self.turns = TurnClock(self.clock, self._turn_ran_out, ai_pause=self.settings.ai_pause)
        # A lobby nobody starts closes by itself (scheduled by the delivery's passes).
        self.lobby_clock = LobbyClock(self.settings.lobby_minutes, self.clock,
                                      self._lobby_expired)
        # A long game's reminders (scheduled by the passes too).
        self.reminders = ReminderClock(self.clock, self._reminder_due)
        # A game nobody plays for long ends by itself (scheduled by the passes too).
        self.idle_games = IdleGames(self.clock, self._game_idle, days=self.settings.idle_days)
        # The board drops its "away until" line when a time away ends.
        self.away_ends = AwayEnds(self.clock, self._away_ended)
        # The coach's private notes (bot.table.coach), sent as the passes say.
        self.coach = CoachDesk(self.io, self.autopilot, self.service.cached)
        # A finished game's league follows it (its server's rank roles and crowns).
        self.after_games = AfterGames(self._league_after_game)
        self.service.games.finished_listeners.append(self.after_games.schedule)
        # The passes over each game's outbox, and their Discord side.
        self.publisher = Publisher(self.io, self.clock, self.drawers, coach=self.coach)
        self.delivery = Delivery(self.service.games, self.service.settings, self.publisher,
                                 self.turns,
                                 clocks=(self.lobby_clock, self.idle_games),
                                 shown_clocks=(self.reminders, self.away_ends),
                                 achievements=AchievementBook(store, self.service.record_book,
                                                              self.clock))
        self.clicks = Clicks(self.service, self.delivery, self.io, self.turns, self.coach,
                             self.in_hand)
        # Posts of a server's that belong to no game (a season's end...), and their passes.
        self.bulletins = BulletinBoard(store, BulletinPoster(self.io),
                                       owns=self.settings.shards.owns, clock=self.clock)
        # Swiss nights: their tables' threads on Discord, their posts as bulletins.
        self.service.tournaments.attach(TableThreads(self.io), self.delivery.show,
                                        self.bulletins)
        # Each server's league: its settings, its seasons and their clock.
        self.league = League(store, self.service.record_book, self.bulletins, self.clock,
                             owns=self.settings.shards.owns)
        # The roles of the season's ranks, given and taken as the ratings change.
        self.rank_roles = RankRoles(self.league, DiscordRoles(self.io))
        self.league.after_turn.append(self.rank_roles.reconcile)
        # The monsters' crowns (where a server turned them on).
        self.crowns = CrownBook(self.league)
        self._opened.handling = True
        for cog in (LobbyCog(self), PlayCog(self), AwayCog(self), InfoCog(self),
                    ServerCog(self), RecordsCog(self), GamesCog(self), NotifyCog(self),
                    QueueCog(self), TournamentCog(self), LeagueCog(self)):
            await self.add_cog(cog)
        self.tree.add_command(self.kot)
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        added = await self.service.record_book.backfill(self.settings.shards.backfills)
        if added:
            log.info("kept the records of %d games finished before records were kept", added)
        await self.restore_games()
        if self.tune_collector:
            _tune_collector()
        self.heartbeat = start_heartbeat(self, store, self.settings.health_file)
        if self.sync_commands and self.settings.shards.runs_first_shard:
            await self.sync_slash_commands()

    async def restore_games(self) -> None:
        """At start-up: once connected, the games in progress are armed (``arm_restored``)."""
        self._restoring = asyncio.create_task(self.arm_restored(), name="kot-restore")

    async def arm_restored(self) -> None:
        """Once connected: the answers commands are still owed given (``OwedAnswers``),
        then every lobby's and game's clocks armed from the store, one game
        at a time and none of them kept in memory (``SavedGames.restore``), then a pass over
        each game that has effects still to show or no live message (it finishes what a
        crash left unshown, and arms it too), then over each server's bulletins left, then
        each running season's end (``League.restore``), each league's rank roles
        reconciled and its crowns brought up to date (repairs). A
        deadline that passed while the bot was down is answered at once. Channels of games
        that cannot be read are told."""
        await self.wait_until_ready()
        if self.in_hand.closed:
            return
        # First the answers owed to commands: their tokens run out within 15 minutes.
        await self.io.owed.restore()
        passes, broken = await self.service.games.restore(self.delivery.arm)
        log.info("restored the games in progress: %d to show again, %d unreadable",
                 len(passes), len(broken))
        for error in broken:
            await self.delivery.report_broken(error)
        for game_id in passes:
            if self.in_hand.closed:
                return  # (the next start shows them)
            await self.delivery.repair(game_id)
        # Tables the queue opened that a crash left unstarted; tournaments in play.
        await self.service.matchmaking.resume(self.delivery.show)
        await self.service.tournaments.resume()
        await self.bulletins.restore()
        await self.league.restore()
        await self.rank_roles.restore()
        await self.crowns.restore()

    @staticmethod
    def clock() -> float:
        """Wall-clock seconds, through discord.py's clock (which test harnesses can move)."""
        return discord.utils.utcnow().timestamp()

    async def sync_slash_commands(self) -> None:
        """To the development guild (instant) when one is set, else globally (Discord may
        take up to an hour to show global changes)."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
            log.info("synced %d slash commands globally", len(synced))
            return
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d slash commands to guild %s", len(synced), guild_id)

    async def _turn_ran_out(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        await self.clicks.timer_ran_out(game_id, decision_ids)

    async def _lobby_expired(self, game_id: int, tag: tuple[int, ...]) -> None:
        await self.service.lobbies.expire(game_id, tag, self.lobby_clock.minutes,
                                          self.delivery.show)

    async def _reminder_due(self, game_id: int) -> None:
        await self.service.remind(game_id, self.delivery.show)

    async def _game_idle(self, game_id: int, tag: tuple[int, ...]) -> None:
        await self.service.end_idle(game_id, tag, self.idle_games.days, self.delivery.show)

    async def _league_after_game(self, guild_id: int) -> None:
        await self.rank_roles.reconcile(guild_id)
        await self.crowns.update(guild_id)

    async def _away_ended(self, game_id: int) -> None:
        await self.service.show_board(game_id, publish.refresh, self.delivery.show)

    def clocks(self) -> list[Deadlines]:
        """Every deadline the bot keeps: its games' and lobbies' clocks, and its retries of
        what Discord refused."""
        return [self.turns.timers, self.lobby_clock.timers, self.reminders.timers,
                self.idle_games.timers, self.away_ends.timers, self.delivery.retries.timers,
                self.io.owed.retries.timers, self.service.tournaments.soon,
                self.service.tournaments.retries.timers, self.bulletins.retries.timers,
                self.league.timers, self.rank_roles.retries.timers, self.crowns.retries.timers,
                self.after_games.timers]

    async def close(self) -> None:
        """Close in order. Nothing new starts: clicks, commands and events are not handled
        any more, no clock fires. The work in hand finishes (``close_grace`` seconds at
        most, then it is cancelled: each change is one transaction, so one cut short is not
        written at all). Only then do the connection to Discord, which that work still
        uses, the store, which it writes to, and the Hard AI's processes close."""
        if self._opened.handling:
            await self._finish_work()
        await super().close()
        if self._opened.service is not None:
            await self._opened.service.close()
        if self._opened.autopilot is not None:
            self._opened.autopilot.close()

    async def _finish_work(self) -> None:
        self.in_hand.close()
        clocks = self.clocks()
        for deadlines in clocks:
            deadlines.stop()
        # What only waits, or only thinks, is given up at once: the /kot end questions'
        # expiries, the coach's notes (they stay on the 🎓 Coach button), the Hard AI's
        # searches (a move not yet thought is asked again at the next start), the heartbeat,
        # and the arming of the games while it waits for the connection (the next start
        # arms them).
        self.clicks.close()
        self.coach.close()
        self.autopilot.stop()
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        if self._restoring is not None and not self.is_ready():
            self._restoring.cancel()
        working = self._working(clocks)
        if working:
            _done, working = await asyncio.wait(working, timeout=self.close_grace)
        if working:
            # (Info, not a warning: nothing is half done. A change cut short before it was
            # stored is not, and the clock asks for its move again at the next start; one
            # stored has its effects in the outbox, shown at the next start.)
            log.info("closing: still at work after %.1f s, cancelled: %s", self.close_grace,
                     ", ".join(sorted(task.get_name() for task in working)))
        for deadlines in clocks:
            deadlines.close()
        for task in working:
            task.cancel()
        if working:
            await asyncio.wait(working, timeout=_CANCELLED_GRACE)

    def _working(self, clocks: list[Deadlines]) -> set[asyncio.Task[Any]]:
        """The tasks the close waits for (itself excepted)."""
        tasks = self.in_hand.tasks
        for deadlines in clocks:
            tasks |= deadlines.running
        tasks |= {task for task in (self._restoring, self.heartbeat) if task is not None}
        tasks.discard(asyncio.current_task())
        return {task for task in tasks if not task.done()}

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await Request.of(interaction, self.io).failed(error, COMMAND_FAILED)


class ShardedKotBot(KotBot, commands.AutoShardedBot):
    """The bot over the shards SHARD_COUNT and SHARD_IDS name, with one gateway connection
    each (discord.py's AutoShardedBot; KotBot's own code is the same)."""


# The youngest generation's threshold (Python's default: 700 new objects). Each click makes
# short-lived reference cycles (discord.py's views and their items, exceptions, frames):
# examined less often, more of them are garbage already, fewer survive into the oldest
# generation, and fewer full collections follow (2 instead of 4-5 in the bench's bursts).
_YOUNG_THRESHOLD = 2000


def _tune_collector() -> None:
    """Shorten the pauses of Python's cycle collector, which stop the event loop.

    What start-up made (modules, the cards, the fonts, the restored games) is frozen: later
    full collections leave it out. A full collection walks every object it tracks: 70-100
    ms each in the bench before, 30-50 ms after. Frozen objects are still freed when nothing
    refers to them; only a reference cycle among them would stay. Then the youngest
    generation is collected less often (``_YOUNG_THRESHOLD``). Once per process: tests,
    which start many bots in one process, leave it off."""
    gc.collect()
    gc.freeze()
    _young, middle, oldest = gc.get_threshold()
    gc.set_threshold(_YOUNG_THRESHOLD, middle, oldest)


def make_bot(settings: Settings, **options: Any) -> KotBot:
    """The bot these settings ask for: sharded when SHARD_COUNT is set."""
    kind = KotBot if settings.shards.count is None else ShardedKotBot
    return kind(settings, **options)
