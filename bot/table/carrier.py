"""What the delivery (``bot.table.delivery``) asks of the Discord side, a ``Carrier``, and
what it answers: one effect carried out, and how it went, as a result rather than an error.

The carrier (``bot.discord.publisher``) knows messages: what a board, a lobby, a ping or a
notice says, where it goes, and how to find one an earlier attempt may have sent. Whether to
carry an effect out, what it changes in the game and what a failure means for the game are
the delivery's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from bot.table.model import BrokenGame, Game, PersonSettings
from bot.table.publish import AnnounceEnd, CoachNote, LivePost, MessageEdit, Notify
from bot.table.reminders import Moment
from engine import Decision

# A pass's origin (a click or a command), which the delivery hands back without reading it.
Origin_contra = TypeVar("Origin_contra", contravariant=True)


@dataclass(frozen=True)
class Posted:
    """The live message is ``message_id``: ``sent`` now, ``adopted`` (an earlier attempt had
    sent it: it shows the game as it was then), or the ``clicked`` message, which became the
    board because the channel refused a new one."""

    message_id: int
    how: Literal["sent", "adopted", "clicked"] = "sent"


@dataclass(frozen=True)
class Edited:
    """The message shows what the effect says."""


@dataclass(frozen=True)
class Sent:
    """A notice is in the channel (sent now, or found sent by an earlier attempt)."""


@dataclass(frozen=True)
class Pinged:
    """A player was told: ``message_id`` in the game's channel, or in their direct messages
    (``dm_channel_id``); ``dms_refused``: their direct messages refused it, the channel was
    told instead."""

    message_id: int
    dm_channel_id: int = 0
    dms_refused: bool = False


@dataclass(frozen=True)
class NotSent:
    """Nobody was told: the message was for a player's direct messages only, which did not
    take it (for another reason than their own refusal)."""


@dataclass(frozen=True)
class Deleted:
    """The message is deleted."""


@dataclass(frozen=True)
class Failure:
    """What Discord said instead (``reason``: its words, short and fit to show a player)."""

    reason: str


@dataclass(frozen=True)
class Gone(Failure):
    """The message is gone (``channel``: its channel itself)."""

    channel: bool = False


@dataclass(frozen=True)
class Forbidden(Failure):
    """The bot lacks a permission."""


@dataclass(frozen=True)
class RetryLater(Failure):
    """Discord is busy, failing or out of reach: the same call may work later."""


@dataclass(frozen=True)
class Rejected(Failure):
    """Discord refused the request itself: a bug on our side (``cause``: its traceback)."""

    cause: BaseException | None = None


# Why a player is written to: their turn began (by direct message only), a question out of
# their turn, a reminder of a long game.
Reason = Literal["turn", "asked", "reminder"]


@dataclass(frozen=True)
class Ask:
    """A player to tell that they are asked ``decision`` (for a reminder: at ``moment``)."""

    decision: Decision
    reason: Reason
    moment: Moment | None = None


@dataclass(frozen=True)
class Attempt:
    """A message to send, and whether it ``maybe_sent`` before without being recorded (a
    crash, a call that failed but may have posted). The carrier looks for it first when it
    may have been, and calls ``note`` just before it sends."""

    maybe_sent: bool
    note: Callable[[], Awaitable[None]]


class Carrier(Protocol[Origin_contra]):
    """The Discord side: each effect drawn and sent; how it went said as a result, never
    raised. ``origin``: the click or command that asked for the pass (it can show the board
    in its own message), if any."""

    def asked_by(self, game: Game, origin: Origin_contra) -> None:
        """A pass asked for by ``origin``, a click or command in this game (as it is at the
        pass's start)."""

    async def post(self, game: Game, post: LivePost,
                   attempt: Attempt, origin: Origin_contra | None) -> Posted | Failure: ...

    async def edit(self, game: Game, effect: MessageEdit,
                   origin: Origin_contra | None) -> Edited | Failure: ...

    async def notify(self, game: Game, notice: Notify | AnnounceEnd,
                     attempt: Attempt) -> Sent | Failure: ...

    async def ask(self, game: Game, ask: Ask, person: PersonSettings,
                  attempt: Attempt) -> Pinged | NotSent | Failure: ...

    async def delete(self, game: Game, message_id: int,
                     dm_channel_id: int) -> Deleted | Failure: ...

    def coach(self, game: Game, note: CoachNote) -> None:
        """Send a coach's note (on its own: the pass does not wait for it)."""

    async def finished(self, game: Game, failure: Failure | None,
                       origin: Origin_contra | None) -> None:
        """The pass is over; ``failure``: what stopped it, to tell ``origin``."""

    async def report_broken(self, error: BrokenGame) -> None:
        """Tell a game's channel that it could be neither read nor rebuilt."""
