"""The SimCord internals the chaos tools rely on, all in one place (simcord 3.2.1, pinned).

SimCord's public surface (actors, ``inject_error``, ``advance_time``, ``restart_bot``) does
not offer everything a hostile table does: a click on a button the message no longer shows
(a stale client), two clicks in the same instant, a click that reaches the bot after
Discord's 3 seconds, a permission overwrite changed after the channel was created, or a read
of the channel without building a ``discord.Message`` per message. Those go through the
backend here, so a SimCord upgrade has one module to check.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import discord
from simcord import Env, InteractionResult, MemberActor, ResponseMessage
from simcord.backend import serializers
from simcord.backend.models import Interaction, Message, Overwrite
from simcord.components import walk_components
from simcord.enums import ComponentType, InteractionType, OverwriteType
from simcord.interactions import base_payload

from bot.local import SimCordClock
from bot.table import timers

Fault = dict[str, Any]


@asynccontextmanager
async def started(bot: discord.Client, **options: Any) -> AsyncIterator[Env]:
    """SimCord's ``Env(bot, **options)``, started, with the bot's deadlines on SimCord's clock
    alone from before the bot starts (``bot.local.SimCordClock``); shut down after."""
    env = Env(bot, **options)
    with timers.on_clock(SimCordClock(env)):
        await env.start()
        try:
            yield env
        finally:
            await env.shutdown()


@asynccontextmanager
async def run(bot: discord.Client, **options: Any) -> AsyncIterator[Env]:
    """``simcord.run(bot, **options)`` with the bot's deadlines on SimCord's clock alone
    (``started``): the block runs on SimCord's clock, and the errors the bot raised are
    raised after it (unless ``check_errors=False``, or the block raised)."""
    async with started(bot, **options) as env:
        with env.time_context():
            yield env
    if env.check_errors:
        # (simcord.run raises those the caller did not acknowledge by reading
        # ``env.errors``: nothing here reads it.)
        env.raise_errors()


def channel_exists(env: Env, channel_id: int) -> bool:
    return channel_id in env.backend.channels


def public_messages(env: Env, channel_id: int) -> list[Message]:
    """The channel as everyone sees it, oldest first: ephemeral replies left out."""
    stored = env.backend.messages.get(channel_id, {})
    return [m for _id, m in sorted(stored.items()) if not m.is_ephemeral]


def stored_message(env: Env, channel_id: int, message_id: int) -> Message | None:
    return env.backend.messages.get(channel_id, {}).get(message_id)


def components(message: Message) -> list[dict[str, Any]]:
    """Every component of a message (nested layouts too), as Discord holds them."""
    return list(walk_components(message.components))


def handle(env: Env, message: Message) -> ResponseMessage:
    """A handle actors accept for clicks and deletes, without decoding the whole message."""
    return ResponseMessage(env, message)


async def click_at_once(
    env: Env, clicks: Sequence[tuple[MemberActor, Message, str]], *, late_by: float = 0.0
) -> list[InteractionResult]:
    """Deliver button clicks the way a Discord client would, but with no check that the
    message still shows the button (a stale client, a forged id), all in the same instant,
    then let the bot settle. ``late_by`` seconds pass between delivery and the bot's turn to
    run, as when the gateway delivers a click late: past 3 s Discord refuses its answer.

    Builds the same INTERACTION_CREATE payloads SimCord's actors do (actors.py
    ``_component_interaction`` / ``_dispatch_actor_interaction``).
    """
    records = [_click_payload(env, actor, message, custom_id)
               for actor, message, custom_id in clicks]
    for _record, payload in records:
        env.backend.emit("INTERACTION_CREATE", payload)
    if late_by:
        # The bot's handlers are only scheduled by the emit; they run after this.
        env._move_clock(env._virtual_time + late_by)
    await env.settle()
    return [InteractionResult(env, record) for record, _payload in records]


def deliver_click(env: Env, actor: MemberActor, message: Message,
                  custom_id: str) -> InteractionResult:
    """Deliver a button click as ``click_at_once`` does, without waiting for the bot: its
    handler runs when the caller next awaits (a click still being handled when something
    else happens, the bot closing)."""
    record, payload = _click_payload(env, actor, message, custom_id)
    env.backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)


def _click_payload(env: Env, actor: MemberActor, message: Message,
                   custom_id: str) -> tuple[Interaction, dict[str, Any]]:
    record, payload = base_payload(
        env.backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=message.channel_id,
        guild_id=actor.guild.id, user_id=actor.id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON},
    )
    payload["message"] = dict(serializers.message_payload(env.backend, message))
    record.source_message_id = message.id
    return record, payload


# SimCord gives each operation (a click, a settle, a whole ``advance_time``) 5 s of real
# time (``Env.settle_timeout``); it waits out in real time every bot timer due within them (a
# retry after 1, 2 or 4 s), and for any advance of its clock a timer's real time started. A
# long wait over busy tables (turn timers, an AI move every 10 s) may need more than 5 s of
# work, and the campaign saw operations run out of the window with no work of the bot's in
# its log meanwhile ("did not settle while advancing time"), then settle at once in a
# second: the table played on and nothing was left stuck. So time passes in steps of at most
# this many seconds, and an operation that ran out of time gets a second whole window.
ADVANCE_STEP = 10.0
SETTLE_ATTEMPTS = 2


async def settles_again(env: Env) -> bool:
    """After an operation ran out of SimCord's window: whether the bot settles within a
    fresh one (it was still working, not stuck). Two attempts: a timer that fired in real
    time advances SimCord's clock in a task of its own, whose failure SimCord hands to the
    next operation, once."""
    for _attempt in range(SETTLE_ATTEMPTS):
        try:
            await env.settle()
        except TimeoutError:
            continue
        return True
    return False


async def advance_time(env: Env, seconds: float) -> int:
    """Let ``seconds`` of SimCord's clock pass, ``ADVANCE_STEP`` at a time (the same
    timers fire at the same instants as in one go); returns how many steps ran out of
    SimCord's window and settled in a second one. TimeoutError when the bot does not settle
    in that one either."""
    target = env.now() + timedelta(seconds=seconds)
    overruns = 0
    while (left := (target - env.now()).total_seconds()) > 0:
        try:
            await env.advance_time(min(left, ADVANCE_STEP))
        except TimeoutError:
            if not await settles_again(env):
                raise
            overruns += 1
    return overruns


def deny_bot(env: Env, channel_id: int, permissions: discord.Permissions) -> None:
    """Take permissions away from the bot in one channel (a member overwrite, as a
    moderator would set it). Call ``env.settle()`` afterwards: the bot hears of it."""
    bot_id = env.backend.bot_user.id
    env.backend.set_overwrite(
        channel_id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=permissions.value)
    )


def restore_bot(env: Env, channel_id: int) -> None:
    env.backend.delete_overwrite(channel_id, env.backend.bot_user.id)


def thinking(env: Env) -> list[Interaction]:
    """The interactions whose answer still shows Discord's "thinking…": a type-5 deferral
    Discord accepted (a refused acknowledgement leaves none) that no follow-up or edit of
    the answer has completed since, and whose message is still there."""
    return [record for record in env.backend.interactions.values()
            if record.loading and record.message_id is not None
            and stored_message(env, record.channel_id, record.message_id) is not None]


def interaction_id(result: InteractionResult) -> int:
    """The id of the interaction a result is about (the record ``thinking`` returns)."""
    record: Interaction = result._interaction
    return record.id


def pending_faults(env: Env) -> list[Fault]:
    """The injected faults not used up yet (``inject_error`` appends one dict per call)."""
    return env.backend.faults


def clear_faults(env: Env) -> None:
    env.backend.faults.clear()


def forget_history(env: Env) -> None:
    """SimCord logs every REST call and gateway event; a long campaign drops them."""
    env.backend.http_requests.clear()
    env.backend.transcript.clear()
