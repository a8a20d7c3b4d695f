"""The work the bot has in hand, so that it can close in order (``bot.app.KotBot.close``):
each click, command or event handled is a task taken in hand (``InHand.take``) until it
ends; once the bot closes none is taken any more, and the close waits for those in hand
before it closes the store they write to."""

from __future__ import annotations

import asyncio
from typing import Any


class InHand:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    def take(self) -> bool:
        """Whether the current task may start its work (a click, a command, an event): not
        once the bot closes. Taken, the task is in hand until it ends."""
        if self.closed:
            return False
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return True

    def alone(self) -> bool:
        """Whether the current task is in hand, and the only one: a lone click, command or
        event (``bot.discord.drawing`` then draws on the loop). Not a clock's pass (an AI's
        move, a retry, the start-up's repairs): several of those may run at once unseen."""
        current = asyncio.current_task()
        # (A task just ended leaves at its done callback, a turn of the loop later.)
        return current in self._tasks and all(task is current or task.done()
                                              for task in self._tasks)

    def close(self) -> None:
        """Take nothing more."""
        self.closed = True

    @property
    def tasks(self) -> set[asyncio.Task[Any]]:
        """The tasks in hand now."""
        return set(self._tasks)
