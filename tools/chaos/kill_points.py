"""Named points of the publishing path where a worker kills itself (SIGKILL, no cleanup).

Each point wraps one attribute of the bot's code (a class method, by module and name) inside
the worker process only; the product is not changed. The Nth time the point is reached (and
its ``when`` predicate holds), the process dies right before or right after the call. The
table is data so that it can follow the code as the publishing layer is rewritten: a point
whose attribute no longer exists is reported as not found, never a crash.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

Predicate = Callable[[Mapping[str, Any]], bool]


def _always(arguments: Mapping[str, Any]) -> bool:
    return True


def _status_is(status: str) -> Predicate:
    def check(arguments: Mapping[str, Any]) -> bool:
        return arguments.get("status") == status
    return check


@dataclass(frozen=True)
class KillPoint:
    name: str
    module: str
    attribute: str  # "Class.method" or "function"
    moment: Literal["before", "after"]
    when: Predicate = _always
    # The campaign picks N in 1..max_nth: points reached rarely (a game's end) use 1.
    max_nth: int = 3


POINTS = (
    KillPoint("after_action_stored", "bot.store.store", "Store.record_actions", "after"),
    KillPoint("after_post_before_id_saved", "bot.discord.io", "DiscordIO.post", "after"),
    KillPoint("after_edit", "bot.discord.io", "DiscordIO.edit", "after"),
    KillPoint("after_lobby_created", "bot.store.store", "Store.create_lobby", "after", max_nth=1),
    KillPoint("after_lobby_posted", "bot.discord.io", "DiscordIO.respond", "after", max_nth=1),
    KillPoint("after_start_stored", "bot.store.store", "Store.update_game", "after",
              _status_is("playing"), max_nth=1),
    KillPoint("after_result_stored", "bot.store.store", "Store.record_actions", "after",
              _status_is("over"), max_nth=1),
)
BY_NAME = {point.name: point for point in POINTS}


def die() -> None:
    """As abrupt as a power cut for the process: no finally blocks, no flushing."""
    os.kill(os.getpid(), signal.SIGKILL)


def arm(point: KillPoint, nth: int, kill: Callable[[], None] = die) -> str:
    """Make the Nth passage through ``point`` kill the process. Returns "armed", or why
    not ("point not found: ...")."""
    try:
        owner, name, original = _resolve(point)
    except (ImportError, AttributeError) as missing:
        return f"point not found: {point.module}.{point.attribute} ({missing})"
    signature = inspect.signature(original)
    passages = 0

    def reached(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        nonlocal passages
        if point.when(_arguments(signature, args, kwargs)):
            passages += 1
            if passages == nth:
                kill()

    setattr(owner, name, _wrap(original, point.moment, reached))
    return "armed"


def _arguments(signature: inspect.Signature, args: tuple[Any, ...],
               kwargs: dict[str, Any]) -> dict[str, Any]:
    """The call's arguments by name, with those caught by ``**columns`` flattened in."""
    bound = dict(signature.bind_partial(*args, **kwargs).arguments)
    for name, parameter in signature.parameters.items():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            bound.update(bound.pop(name, {}))
    return bound


def _resolve(point: KillPoint) -> tuple[Any, str, Callable[..., Any]]:
    owner: Any = importlib.import_module(point.module)
    *path, name = point.attribute.split(".")
    for part in path:
        owner = getattr(owner, part)
    return owner, name, getattr(owner, name)


def _wrap(original: Callable[..., Any], moment: str,
          reached: Callable[[tuple[Any, ...], dict[str, Any]], None]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(original):
        @functools.wraps(original)
        async def wrapped_async(*args: Any, **kwargs: Any) -> Any:
            if moment == "before":
                reached(args, kwargs)
            result = await original(*args, **kwargs)
            if moment == "after":
                reached(args, kwargs)
            return result
        return wrapped_async

    @functools.wraps(original)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if moment == "before":
            reached(args, kwargs)
        result = original(*args, **kwargs)
        if moment == "after":
            reached(args, kwargs)
        return result
    return wrapped
