"""Bulletins: channel posts that belong to a server, not to a game (a season's closing post,
a crown changing hands, a lost permission; a tournament's standings).

A game's posts wait in its outbox (``bot.table.publish``, ``bot.table.delivery``); a bulletin
belongs to no game, so it waits in a queue of its server's (table ``bulletins``), written in
the transaction of the change that asks for it (a season's closing), so a crash between
"decided" and "posted" is posted at the next start.

- **What**: a bulletin is a ``Bulletin`` subclass, a msgspec struct tagged by its class name,
  saying WHAT to post (the facts), never how: the Discord side (``bot.discord.bulletins``)
  draws each type, in the bulletin's ``language``. Every subclass, wherever it is defined,
  is known by its tag once its module is imported (``Bulletin.__init_subclass__``), and
  the Discord side registers a drawing for it.
- **A pass** (``BulletinBoard.show``) carries a server's bulletins out in order, one pass at a
  time per server, and removes each once posted. It runs after each is queued, at start-up
  for every server with bulletins left (its shard's), and after a failure (``Retries``: from
  1 s, doubling, at most a minute apart).
- **Failures are never swallowed**: *retry later* (Discord busy) stops the pass, the rest is
  tried again; *forbidden* keeps the bulletin and those after it in the same channel (other
  channels go on), logged, and tried again on the same schedule for ``FORBIDDEN_DAYS``, then
  dropped with a warning (a channel the bot may no longer post in for a week is not coming
  back by itself); a *gone* channel drops its bulletin at once (logged: the channel was
  deleted); *rejected* (a bug) is logged with its traceback and dropped, as a game's effect
  is. A bulletin that does not decode (its type unknown to this version) is dropped, logged
  as an error.
- **Never twice**: a post is noted (``attempts``) before it is sent; one attempted before is
  first looked for by the carrier among the bot's recent messages in its channel.
"""

from __future__ import annotations

import functools
import logging
import operator
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

import msgspec

from bot.store.store import BulletinRow, Store
from bot.table.carrier import Attempt, Failure, Forbidden, Gone, Rejected, RetryLater, Sent
from bot.table.league.guild_passes import GuildPasses

log = logging.getLogger(__name__)

# Days a bulletin the channel forbids is tried again before it is dropped.
FORBIDDEN_DAYS = 7.0
_DAY = 24 * 3600.0


class _Decoder:
    """A decoder of every known type, made again when a new type is defined."""

    def __init__(self) -> None:
        self._made: Callable[[bytes], Any] | None = None

    def __call__(self) -> Callable[[bytes], Any]:
        if self._made is None:
            union: Any = functools.reduce(operator.or_, Bulletin.types.values())
            self._made = msgspec.json.Decoder(union).decode
        return self._made

    def cache_clear(self) -> None:
        self._made = None



_decoder = _Decoder()


class Bulletin(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """What to post, in ``language`` (a catalog of ``bot.i18n``). Subclasses are the kinds;
    each is tagged by its class name, which is stored: never rename one."""

    language: str = "en"

    types: ClassVar[dict[str, type[Bulletin]]] = {}

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        Bulletin.types[cls.__name__] = cls
        _decoder.cache_clear()


class PodiumPlace(msgspec.Struct, frozen=True):
    """A player on a season's podium: their place, rating and rank then."""

    place: int
    user_id: int
    name: str | None
    score: float
    games: int
    rank: str


class SeasonClosed(Bulletin, frozen=True, kw_only=True):
    """A season ended: its podium (up to three), and the season that follows (None: no
    season follows; ``next_ends_at``: when it ends)."""

    season: int
    podium: tuple[PodiumPlace, ...]
    players: int
    next_season: int | None = None
    next_ends_at: float | None = None


def encode_bulletin(bulletin: Bulletin) -> bytes:
    return msgspec.json.encode(bulletin)


def decode_bulletin(data: bytes) -> Bulletin:
    """The bulletin stored as ``data`` (``msgspec.DecodeError``/``ValidationError`` when it
    is of no known type)."""
    decoded: Bulletin = _decoder()(data)
    return decoded




class BulletinCarrier(Protocol):
    """The Discord side: one bulletin drawn and posted, how it went said as a result."""

    async def post_bulletin(self, channel_id: int, guild_id: int, bulletin: Bulletin,
                            attempt: Attempt) -> Sent | Failure: ...


@dataclass(frozen=True)
class Queued:
    """A bulletin to queue: where, and what."""

    guild_id: int
    channel_id: int
    bulletin: Bulletin

    def row(self, now: float) -> BulletinRow:
        return BulletinRow(0, self.guild_id, self.channel_id, encode_bulletin(self.bulletin),
                           now, 0)


class BulletinBoard:
    """Every server's queue of bulletins, and the passes that post them."""

    def __init__(self, store: Store, carrier: BulletinCarrier, *,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 clock: Callable[[], float] = time.time) -> None:
        """``owns``: whether this process serves a server (its shards'); ``clock``: the
        wall clock a forbidden bulletin's age is counted on."""
        self._store = store
        self._carrier = carrier
        self._owns = owns
        self._clock = clock
        self._passes = GuildPasses(self._pass, "a pass over its bulletins")
        self.retries = self._passes.retries

    async def post(self, *bulletins: Queued) -> None:
        """Queue bulletins (in one transaction) and post them."""
        if not bulletins:
            return
        await self._store.add_bulletins([b.row(self._clock()) for b in bulletins])
        for guild_id in dict.fromkeys(b.guild_id for b in bulletins):
            await self.show(guild_id)

    async def restore(self) -> None:
        """At start-up: a pass for every server of this process with bulletins left."""
        for guild_id in await self._store.guilds_with_bulletins():
            if self._owns(guild_id):
                await self.show(guild_id)

    async def show(self, guild_id: int) -> None:
        """A pass over the server's bulletins, once any pass under way is over; what is
        left is tried again."""
        await self._passes.run(guild_id)

    async def _pass(self, guild_id: int) -> str | None:
        """Post the server's bulletins in order; why some are left to try again, if so."""
        blocked: set[int] = set()  # channels that forbid posting: their later ones wait
        for row in await self._store.bulletins(guild_id):
            if row.channel_id in blocked:
                continue
            try:
                bulletin = decode_bulletin(row.bulletin)
            except (msgspec.DecodeError, msgspec.ValidationError) as error:
                log.error("guild %s: bulletin %s cannot be read (%s): dropped", guild_id,
                          row.seq, error)
                await self._store.drop_bulletin(guild_id, row.seq)
                continue
            result = await self._carrier.post_bulletin(row.channel_id, guild_id, bulletin,
                                                       self._attempt(row))
            if isinstance(result, RetryLater):
                log.warning("guild %s: bulletin %s: %s", guild_id, row.seq, result.reason)
                return result.reason
            if isinstance(result, Forbidden) and not self._too_old(row):
                log.warning("guild %s: channel %s forbids bulletin %s: %s", guild_id,
                            row.channel_id, row.seq, result.reason)
                blocked.add(row.channel_id)
                continue
            _log_dropped(guild_id, row, result)
            await self._store.drop_bulletin(guild_id, row.seq)
        return "a channel forbids posting" if blocked else None

    def _attempt(self, row: BulletinRow) -> Attempt:
        async def note() -> None:
            await self._store.start_bulletin_attempt(row.guild_id, row.seq)

        return Attempt(row.attempts > 0, note)

    def _too_old(self, row: BulletinRow) -> bool:
        return self._clock() - row.created_at > FORBIDDEN_DAYS * _DAY

    def close(self) -> None:
        self._passes.close()


def _log_dropped(guild_id: int, row: BulletinRow, result: Sent | Failure) -> None:
    """A bulletin leaves the queue: posted, or dropped for what the log says."""
    if isinstance(result, Sent):
        log.debug("guild %s: bulletin %s posted", guild_id, row.seq)
    elif isinstance(result, Rejected):
        log.error("guild %s: bulletin %s rejected: %s", guild_id, row.seq, result.reason,
                  exc_info=result.cause)
    elif isinstance(result, Gone):
        log.info("guild %s: bulletin %s dropped, its channel %s is gone: %s", guild_id,
                 row.seq, row.channel_id, result.reason)
    else:
        log.warning("guild %s: bulletin %s dropped after %.0f days of %s: %s", guild_id,
                    row.seq, FORBIDDEN_DAYS, type(result).__name__, result.reason)
