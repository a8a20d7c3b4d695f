"""A seeded, bounded fuzz campaign against the real bot on SimCord, counting every way the
Discord channel drifts away from what the bot's store holds.

One ``Env`` per seed: a guild, a few channels, a handful of members (the first can delete
messages), and the bot on a fresh SQLite file with a 120 s turn timer. Each step draws one
move: mostly the legal click the asked player would make (or the lobby click that gets a game
going), and otherwise a hostile click (stale, wrong member, simultaneous, late, forged), a
command, or a fault (an injected Discord error before a move, a deleted bot message, a
permission taken away, a restart, time passing). Every step records the faults that actually
fired in it, so errors can be attributed.

Every ``checkpoint_every`` steps, and at the end, the table heals (faults cleared, permissions
restored, 90 s pass: the bot is expected to retry failed Discord work within 60 s; then one
``/kot board`` where a game is still broken) and the invariants of ``tools.chaos.checks`` are
checked for every game in the store; a game whose AI monster (or the autopilot) is asked with
no timer armed for it is counted before that ``/kot board``, which would arm one. After the
last checkpoint, every command answered with "thinking…" must have had its answer.

The bot's deadlines (retries of what Discord refused, turn timers, AI pauses) run on SimCord's
clock alone (``sim.run``, ``bot.local.SimCordClock``): they fire as the campaign's time passes
(its waits, the heals), never while a move settles in real time. SimCord gives each move 5 s
of real time to settle: time passes 10 s at a time, and a move that ran out of that window
while the bot worked on gets a second one (``sim.settles_again``), counted in
``settle_overruns``; only a bot that does not settle in that one either is a harness error.
"""

from __future__ import annotations

import logging
import random
import re
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import discord
from simcord import BackendError, ChannelHandle, Env, SetupError

from bot.app import KotBot
from bot.config import Settings
from bot.table.model import Game
from tools.chaos import checks, sim
from tools.chaos.moves import Claim, Sent, Table, answered, told_privately

# Move -> weight. Legal play dominates so that games start, progress and finish.
MOVES: dict[str, float] = {
    "play": 62.0,
    "stale": 4.0, "wrong_user": 4.0, "together": 3.0, "late": 1.5, "junk": 2.0,
    "after_wait": 2.0,
    "board": 2.0, "end": 0.8, "old_end": 1.0, "card": 1.0, "rules": 0.4, "help": 0.4,
    "fault": 8.0, "delete": 1.2, "deny": 0.6, "restore": 0.6, "restart": 0.25, "wait": 2.5,
}
# Where injected errors go: the step's channel's messages (post, edit, delete; "{channel}"
# so that a timer firing in another channel at the same instant cannot take the fault, which
# would make the campaign depend on thread timing), interaction follow-ups and edits of the
# original response (webhooks), and the acknowledgement itself (callback).
FAULT_ROUTES = (
    ("POST", "/channels/{channel}/messages"),
    ("PATCH", "/channels/{channel}/messages/*"),
    ("DELETE", "/channels/{channel}/messages/*"),
    ("*", "/webhooks/*"),
    ("POST", "/interactions/*"),
)
FAULT_ERRORS = (
    (403, 50013, "Missing Permissions"),
    (404, 10008, "Unknown Message"),
    (429, 0, "You are being rate limited."),
    (500, 0, "Internal Server Error"),
    (502, 0, "Bad Gateway"),
)
DENIABLE = ("send_messages", "embed_links", "attach_files", "view_channel")
WAITS = (2.0, 10.0, 45.0, 121.0, 250.0)
AI_PAUSE = 10.0
# The campaign's own log lines (with ``--log``, beside the bot's): each step as it starts, and
# the details behind a harness error or a stranded game, to find them in the bot's log.
log = logging.getLogger("tools.chaos")
PLAYER_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
# What SimCord raises when a move cannot be made the way a user could (or the bot does not
# settle in time): recorded as harness errors, the campaign goes on.
HARNESS_ERRORS = (SetupError, BackendError, TimeoutError)
JSON_KEYS = (
    "interactions", "accepted_actions", "unanswered_clicks", "unhandled_errors",
    "errors_with_faults", "stranded_games", "needed_board_command", "stranded_lobbies",
    "finished_with_live_buttons", "unannounced_results", "lost_actions", "replay_mismatches",
    "commands_left_thinking", "games_waiting_on_ai",
)

# Beside the JSON keys: how the campaign went, and what is not the bot's doing.
EXTRA_KEYS = (
    "steps", "games_started", "games_finished", "games_ended", "lobbies_cancelled",
    "games_in_play_at_end", "timeout_actions", "checkpoints", "interactions_sent",
    "heal_interactions",
    "faults_injected", "faults_fired", "permissions_denied", "restarts",
    # Unanswered, but not counted against the bot: delivered after Discord's 3 s, refused
    # by an injected fault on the acknowledgement, or a click on a button its message no
    # longer carries (discord.py drops those).
    "late_unanswered", "unanswered_with_faults", "unanswered_not_on_message",
    "harness_errors",
)


@dataclass(frozen=True)
class Config:
    seed: int = 1
    interactions: int = 10_000
    channels: int = 3
    players: int = 5
    turn_timeout: float = 120.0
    checkpoint_every: int = 250
    heal_wait: float = 90.0


@dataclass
class Step:
    number: int
    move: str
    channel: int
    # The error injected before the move, whether or not a call used it up.
    injected: str | None = None
    # What could have caused an error in this step: injected errors a call used up, denied
    # permissions, a late delivery, a deleted message, a restart.
    faults: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    unanswered: int = 0
    errors: int = 0
    seconds: float = 0.0  # real time the step took


@dataclass
class Report:
    counts: dict[str, float]
    errors: Counter[str]
    unanswered: Counter[str]
    findings: Counter[str]
    moves: Counter[str]
    samples: list[str]
    steps: list[Step]


class ErrorTap(logging.Handler):
    """Keeps the ERROR records of the bot's and discord.py's loggers."""

    LOGGERS = ("bot", "discord")

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @contextmanager
    def attached(self) -> Iterator[ErrorTap]:
        for name in self.LOGGERS:
            logging.getLogger(name).addHandler(self)
        try:
            yield self
        finally:
            for name in self.LOGGERS:
                logging.getLogger(name).removeHandler(self)


def make_bot(config: Config, database: Path, *, sync: bool) -> KotBot:
    # The AI pace (for players gone away) longer than SimCord's settle window: a click
    # does not wait it out in real time; the campaign's waits move it.
    settings = Settings(token="chaos-offline", database=database,
                        turn_timeout=config.turn_timeout, ai_pause=AI_PAUSE)
    return KotBot(settings, sync_commands=sync)


def seed_games(bot: KotBot, rng: random.Random) -> None:
    """Game seeds come from ``secrets`` by default; a campaign replays the same games for
    the same seed (bot internals: ``Lobbies._seed_source``)."""
    bot.service.lobbies._seed_source = lambda: rng.getrandbits(63)


def _shape(text: str) -> str:
    """A message with its numbers masked, so the same error from many games groups."""
    line = text.splitlines()[0] if text else ""
    return re.sub(r"[0-9a-f]{16,}|\d+", "N", line)[:150]


class Campaign:
    def __init__(self, env: Env, config: Config, database: Path, tap: ErrorTap) -> None:
        self.env = env
        self.config = config
        self.database = database
        self.tap = tap
        self.rng = random.Random(config.seed)
        self.game_rng = random.Random(config.seed * 7919 + 1)
        seed_games(self.bot, self.game_rng)
        guild = env.create_guild("chaos")
        mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
        members = [guild.add_member(env.create_user(PLAYER_NAMES[i % len(PLAYER_NAMES)]),
                                    roles=[mods] if i == 0 else ())
                   for i in range(config.players)]
        self.channels = [guild.create_text_channel(f"kot-{n}") for n in range(config.channels)]
        self.table = Table(env, self.rng, self.channels, members, moderator=members[0])
        self.denied: dict[int, tuple[int, int]] = {}  # channel id -> (permissions, until step)
        self.claims: list[tuple[Claim, int]] = []
        self.counts: Counter[str] = Counter()
        # Games behind each count, over all checkpoints (a game counts once).
        self.sets: dict[str, set[int]] = {k: set() for k in (*checks.GROUPS,
                                                             "needed_board_command")}
        self.replayed_final: set[int] = set()
        self.errors: Counter[str] = Counter()
        self.unanswered: Counter[str] = Counter()
        self.findings: Counter[str] = Counter()
        self.moves: Counter[str] = Counter()
        self.samples: list[str] = []
        self.sampled: set[str] = set()
        self.steps: list[Step] = []
        self.number = 0  # the current step
        self.sent_in: dict[int, int] = {}  # interaction id -> the step that sent it

    @property
    def bot(self) -> KotBot:
        bot = self.env.bot
        assert isinstance(bot, KotBot)
        return bot

    def index(self, channel_id: int) -> int:
        return next(n for n, c in enumerate(self.channels) if c.id == channel_id)

    # --- the run --------------------------------------------------------------------------

    async def run(self) -> Report:
        started = time.perf_counter()
        # A bound on steps too: moves that send nothing (waits, deletes) must not loop forever.
        while (self.counts["interactions"] < self.config.interactions
               and self.number < 4 * self.config.interactions + 100):
            self.number += 1
            await self.step(self.number)
            if self.number % self.config.checkpoint_every == 0:
                await self.checkpoint()
        await self.checkpoint()
        self.count_thinking()
        await self.final_counts()
        wall = time.perf_counter() - started
        self.counts["steps"] = self.number
        return self.report(wall)

    async def step(self, number: int) -> Step:
        errors_before, logged_before = self.env.error_cursor, len(self.tap.records)
        started = time.perf_counter()
        await self.restore_expired(number)
        move = self.rng.choices(list(MOVES), list(MOVES.values()))[0]
        channel = self.rng.choice(self.channels)
        step = Step(number, move, self.channels.index(channel))
        log.info("step %s: %s in kot-%s", number, move, step.channel)
        self.steps.append(step)
        self.moves[move] += 1
        injected = self.inject_fault(channel) if move == "fault" else None
        step.injected = None if injected is None else injected[0]
        try:
            sent = await self.perform(move, channel, step)
        except HARNESS_ERRORS as error:
            await self.harness_error(f"step {number} {move}", error)
            sent = []
        callback_fault = self.settle_fault(injected, step)
        step.faults += [f"denied in kot-{self.index(cid)}" for cid in self.denied]
        await self.tally(step, sent, callback_fault=callback_fault)
        self.attribute_errors(step, errors_before, logged_before)
        step.seconds = round(time.perf_counter() - started, 3)
        return step

    async def harness_error(self, where: str, error: Exception) -> None:
        """A move or a checkpoint SimCord could not carry out. One that only ran out of its
        real-time window while the bot worked on (``sim.settles_again``) is counted apart:
        its interaction goes unjudged, but a command left thinking or a game left stranded
        by it is still seen by the checks."""
        if isinstance(error, TimeoutError) and await sim.settles_again(self.env):
            self.table.notes.settle_overruns += 1
            log.info("%s: ran out of SimCord's window, settled in a second: %r", where, error)
            return
        self.counts["harness_errors"] += 1
        self.sample(f"{where}: harness error {error!r}"[:300])
        log.info("%s: harness error %r (notes: %s)", where, error,
                 "; ".join(getattr(error, "__notes__", ())))

    async def perform(self, move: str, channel: ChannelHandle, step: Step) -> list[Sent]:
        table = self.table
        simple: dict[str, Callable[[], Awaitable[list[Sent]]]] = {
            "play": lambda: table.play(channel),
            "fault": lambda: self.after_fault(channel),
            "stale": lambda: table.stale_click(channel),
            "wrong_user": lambda: table.wrong_user(channel),
            "together": lambda: table.together(channel),
            "junk": lambda: table.junk_click(channel),
            "after_wait": lambda: table.click_after_wait(channel, self.rng.choice(WAITS)),
            "board": lambda: table.board_command(channel),
            "end": lambda: table.end_command(channel),
            "old_end": table.old_end_answer,
            "card": lambda: table.card_command(channel),
            "rules": lambda: table.info_command(channel, "kot rules"),
            "help": lambda: table.info_command(channel, "kot help"),
        }
        if move in simple:
            return await simple[move]()
        if move == "late":
            step.faults.append("late delivery")
            return await table.late_click(channel)
        if move == "delete":
            deleted = await table.delete_message(channel)
            step.faults += [] if deleted is None else [f"deleted {deleted} message"]
        elif move == "deny":
            step.faults.append(await self.deny(channel, step.number))
        elif move == "restore":
            await self.restore(channel.id)
        elif move == "restart":
            step.faults.append("restart")
            await self.restart()
        elif move == "wait":
            await self.table.advance_time(self.rng.choice(WAITS))
        return []

    # --- faults ---------------------------------------------------------------------------

    async def after_fault(self, channel: ChannelHandle) -> list[Sent]:
        """The move an injected fault may hit: a click, time passing (the turn timer posts
        boards with no click to fall back on), or a command."""
        draw = self.rng.random()
        if draw < 0.6:
            return await self.table.play(channel)
        if draw < 0.85:
            await self.table.advance_time(self.config.turn_timeout + 1)
            return []
        if draw < 0.95:
            return await self.table.board_command(channel)
        return await self.table.end_command(channel)

    def inject_fault(self, channel: ChannelHandle) -> tuple[str, sim.Fault]:
        method, route = self.rng.choice(FAULT_ROUTES)
        status, code, message = self.rng.choice(FAULT_ERRORS)
        path = route.format(channel=channel.id)
        self.env.inject_error(method, path, status=status, code=code, message=message, times=1)
        self.counts["faults_injected"] += 1
        return f"{status}/{code} {method} {route}", sim.pending_faults(self.env)[-1]

    def settle_fault(self, injected: tuple[str, sim.Fault] | None, step: Step) -> bool:
        """Record the injected fault if a call used it up; drop it otherwise, so it never
        hits a later step. True when it refused an interaction's acknowledgement."""
        if injected is None:
            return False
        name, fault = injected
        fired = not any(f is fault for f in sim.pending_faults(self.env))
        sim.clear_faults(self.env)
        if not fired:
            return False
        self.counts["faults_fired"] += 1
        step.faults.append(name)
        return "/interactions/" in name

    async def deny(self, channel: ChannelHandle, number: int) -> str:
        name = self.rng.choice(DENIABLE)
        permissions = getattr(discord.Permissions, name).flag
        current = self.denied.get(channel.id, (0, 0))[0] | permissions
        self.denied[channel.id] = (current, number + self.rng.randint(3, 40))
        sim.deny_bot(self.env, channel.id, discord.Permissions(current))
        await self.env.settle()
        self.counts["permissions_denied"] += 1
        return f"deny {name}"

    async def restore(self, channel_id: int) -> None:
        if self.denied.pop(channel_id, None) is not None:
            sim.restore_bot(self.env, channel_id)
            await self.env.settle()

    async def restore_expired(self, number: int) -> None:
        for channel_id, (_perms, until) in list(self.denied.items()):
            if until <= number:
                await self.restore(channel_id)

    async def restart(self) -> None:
        """A new bot process on the same database; the old one's store is closed after."""
        old = self.bot
        await self.env.restart_bot(make_bot(self.config, self.database, sync=False))
        await old.service.close()
        seed_games(self.bot, self.game_rng)
        self.counts["restarts"] += 1

    # --- counting -------------------------------------------------------------------------

    async def tally(self, step: Step, sent: list[Sent], *, callback_fault: bool,
                    heal: bool = False) -> None:
        # "interactions" counts the steps that sent one; "interactions_sent" counts them all
        # (a simultaneous double click, /kot end and its answer send two).
        self.counts["heal_interactions" if heal else "interactions"] += bool(sent)
        for item in sent:
            step.sent.append(item.what)
            self.sent_in[sim.interaction_id(item.result)] = step.number
            self.counts["interactions_sent"] += 1
            if not item.expects_answer and not answered(item.result):
                self.counts["unanswered_not_on_message"] += 1
            elif not answered(item.result):
                key = ("late_unanswered" if item.late else
                       "unanswered_with_faults" if callback_fault else "unanswered_clicks")
                self.counts[key] += 1
                step.unanswered += key == "unanswered_clicks"
                if key == "unanswered_clicks":
                    self.unanswered[f"{step.move}: {_shape(item.what)}"] += 1
                    self.sample(f"step {step.number} {step.move}: no answer to {item.what}")
            elif item.claim is not None and not told_privately(item.result):
                await self.claim(item.claim)

    async def claim(self, claim: Claim) -> None:
        """An answered click after which the game's seq moved: the player saw an action
        accepted, so the log must keep one by them."""
        try:
            game = await self.bot.service.games.peek(claim.game_id)
        except Exception:  # gone or unreadable: the checkpoint's checks report it
            return
        if game.state is not None and game.state.seq > claim.seq_before:
            self.claims.append((claim, game.state.seq))

    def attribute_errors(self, step: Step, errors_before: int, logged_before: int) -> None:
        """Errors raised to discord.py's handlers or logged at ERROR during the step: with
        the fault that fired in it, or unhandled when none did."""
        records = self.tap.records[logged_before:]
        logged = {id(r.exc_info[1]) for r in records if r.exc_info and r.exc_info[1]}
        raised = [e for e in self.env.errors_since(errors_before) if id(e) not in logged]
        texts = [f"{r.name}: {_shape(r.getMessage())}"
                 + (f" [{type(r.exc_info[1]).__name__}: {_shape(str(r.exc_info[1]))}]"
                    if r.exc_info and r.exc_info[1] else "") for r in records]
        texts += [f"raised: {type(e).__name__}: {_shape(str(e))}" for e in raised]
        step.errors = len(texts)
        key = "errors_with_faults" if step.faults else "unhandled_errors"
        self.counts[key] += len(texts)
        for text in texts:
            self.errors[f"{'faulted' if step.faults else 'CLEAN'} {step.move}: {text}"] += 1
        if texts and not step.faults:
            self.sample(f"step {step.number} {step.move}: {texts[0]}")

    def sample(self, text: str) -> None:
        if len(self.samples) < 40:
            self.samples.append(text)

    # --- checkpoints ----------------------------------------------------------------------

    async def heal(self) -> None:
        """What a table would get once Discord is well again: no faults, every permission
        back, and time for the bot to retry what failed."""
        sim.clear_faults(self.env)
        for channel_id in list(self.denied):
            await self.restore(channel_id)
        await self.table.advance_time(self.config.heal_wait)

    async def checkpoint(self) -> None:
        errors_before, logged_before = self.env.error_cursor, len(self.tap.records)
        step = Step(0, "checkpoint", -1)
        try:
            await self.heal()
            for game_id in checks.stored_game_ids(self.bot):
                await self.check_game(game_id, step)
            await self.verify_claims()
        except HARNESS_ERRORS as error:
            await self.harness_error(f"checkpoint after step {self.number}", error)
        self.counts["checkpoints"] += 1
        self.attribute_errors(step, errors_before, logged_before)
        sim.forget_history(self.env)

    async def check_game(self, game_id: int, step: Step) -> None:
        game = await checks.stored_game(self.bot, game_id)
        if isinstance(game, checks.Finding):
            self.record([game])
            return
        # Before any /kot board below, which would arm the timer again.
        self.record(checks.check_ai_timer(self.bot, game))
        found = checks.check_channel(self.env, self.bot, game)
        broken = _kinds(found) & set(checks.STRANDED_GAME)
        if game.status == "playing" and broken:
            found = await self.board_repair(game, step, broken)
        self.record(found)
        if game.id not in self.replayed_final:
            mismatch = await checks.check_replay(self.bot, game.id)
            self.record(mismatch)
            if game.status not in ("lobby", "playing"):
                self.replayed_final.add(game.id)

    async def board_repair(self, game: Game, step: Step,
                           broken: set[str]) -> list[checks.Finding]:
        """A broken game after the heal: a player asks for the board once."""
        channel = self.channels[self.index(game.channel_id)]
        member = self.table.by_id.get(game.seats[0], self.table.members[0])
        sent = await self.table.slash(member, channel, "kot board")
        await self.tally(step, sent, callback_fault=False, heal=True)
        after = await checks.stored_game(self.bot, game.id)
        if isinstance(after, checks.Finding):
            return [after]
        found = checks.check_channel(self.env, self.bot, after)
        if not _kinds(found) & set(checks.STRANDED_GAME):
            self.sets["needed_board_command"].add(game.id)
            self.sample(f"checkpoint after step {self.number}: game {game.id}: "
                        f"{', '.join(sorted(broken))}, repaired by /kot board")
        else:
            await self.log_stranded(after, sent)
        return found

    async def log_stranded(self, game: Game, sent: list[Sent]) -> None:
        """What a game /kot board did not repair looks like: its questions, its outbox, the
        answer to the command and the channel's last messages with their controls."""
        state = game.playing_state()
        pending = [(d.id, d.kind, d.seat, game.ai_level(d.seat), game.autopiloted(d.seat))
                   for d in state.pending]
        outbox = [(e.seq, e.maybe_sent, e.effect)
                  for e in await self.bot.service.games.outbox(game.id)]
        answers = [(item.what, item.result.deferred, [f.content for f in item.result.followups])
                   for item in sent]
        messages = [(m.id, m.content[:60], [c.get("custom_id") for c in sim.components(m)])
                    for m in sim.public_messages(self.env, game.channel_id)[-4:]]
        log.info("game %s stranded after /kot board: live %s, pending %s, outbox %s, "
                 "retries failing %s, timer on %s, answer %s, last messages %s",
                 game.id, game.board_message_id, pending, outbox,
                 self.bot.delivery.retries.failing(game.id),
                 self.bot.turns.timers.waiting_on(game.id), answers, messages)

    def record(self, found: list[checks.Finding]) -> None:
        for key, games in checks.games_by_group(found).items():
            self.sets[key] |= games
        for finding in found:
            self.findings[finding.kind] += 1
            text = f"game {finding.game_id}: {finding.kind}: {finding.detail}"
            if finding.kind != checks.STALE_BUTTONS and text not in self.sampled:
                self.sampled.add(text)
                self.sample(f"checkpoint after step {self.number}: {text}")

    async def verify_claims(self) -> None:
        logs: dict[int, list[tuple[int, int | None]]] = {}
        for claim, seq_after in self.claims:
            if claim.game_id not in logs:
                entries = await self.bot.service.games.action_log(claim.game_id)
                logs[claim.game_id] = [(entry.seq, entry.user_id) for entry in entries]
            if not any(claim.seq_before < seq <= seq_after and user == claim.user_id
                       for seq, user in logs[claim.game_id]):
                self.counts["lost_actions"] += 1
                self.sample(f"game {claim.game_id}: lost action by {claim.user_id} "
                            f"after seq {claim.seq_before}")
        self.claims.clear()

    def count_thinking(self) -> None:
        """After the last checkpoint's heal: every command Discord saw acknowledged with
        "thinking…" has had its answer (a follow-up or an edit) by now."""
        for record in sim.thinking(self.env):
            self.counts["commands_left_thinking"] += 1
            self.sample(f"/{record.command_name} by {record.user_id} in "
                        f"kot-{self.index(record.channel_id)} (step "
                        f"{self.sent_in.get(record.id, '?')}): still thinking")

    async def final_counts(self) -> None:
        statuses: Counter[str] = Counter()
        for game_id in checks.stored_game_ids(self.bot):
            game = await checks.stored_game(self.bot, game_id)
            if isinstance(game, checks.Finding):
                statuses["unreadable"] += 1
                continue
            statuses[game.status] += 1
            statuses["started"] += game.setup is not None
            entries = await self.bot.service.games.action_log(game_id)
            self.counts["accepted_actions"] += len(entries)
            self.counts["timeout_actions"] += sum(1 for e in entries if e.user_id is None)
        self.counts["games_started"] = statuses["started"]
        self.counts["games_finished"] = statuses["over"]
        self.counts["games_ended"] = statuses["ended"]
        self.counts["lobbies_cancelled"] = statuses["cancelled"]
        self.counts["games_in_play_at_end"] = statuses["playing"] + statuses["lobby"]

    def report(self, wall: float) -> Report:
        counts: dict[str, float] = {"seed": self.config.seed}
        for key in JSON_KEYS:
            counts[key] = len(self.sets[key]) if key in self.sets else self.counts[key]
        counts.update({key: self.counts[key] for key in EXTRA_KEYS})
        counts["stale_button_games"] = len(self.sets["stale_button_games"])
        counts["unreadable_games"] = len(self.sets["unreadable_games"])
        notes = self.table.notes
        counts["card_names_rejected"] = len(notes.card_names_rejected)
        counts["long_card_names_sent"] = notes.long_card_names_sent
        counts["messages_deleted"] = len(notes.deleted)
        counts["no_board_seen"] = notes.no_board_seen
        counts["no_lobby_seen"] = notes.no_lobby_seen
        counts["settle_overruns"] = notes.settle_overruns
        counts["wall_s"] = round(wall, 2)
        counts["steps_per_s"] = round(self.counts["steps"] / wall, 1) if wall else 0.0
        return Report(counts, self.errors, self.unanswered, self.findings, self.moves,
                      self.samples + self.table.notes.card_names_rejected[:3], self.steps)


def _kinds(found: list[checks.Finding]) -> set[str]:
    return {f.kind for f in found}


async def run_campaign(config: Config) -> Report:
    """Run one seeded campaign on a fresh database in a temporary folder."""
    tap = ErrorTap()
    with tempfile.TemporaryDirectory(prefix="kot-fuzz-") as folder, tap.attached():
        database = Path(folder) / "fuzz.sqlite3"
        # (The bot's deadlines on SimCord's clock alone: retries fire as time passes in the
        # campaign's waits and heals, not while a click settles.)
        async with sim.run(make_bot(config, database, sync=True), check_errors=False) as env:
            campaign = Campaign(env, config, database, tap)
            try:
                return await campaign.run()
            finally:
                # SimCord detaches the bot without closing it: close the store ourselves.
                await campaign.bot.service.close()
