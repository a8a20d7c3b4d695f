"""``python -m tools.click_path``: the modules one die-keep click passes through.

Plays a two-player game through the real bot on SimCord to its first roll, then traces a
click that keeps a die (``h0``) twice, from the click's arrival to its last answer: by the
player not asked (refused, privately), then by the player asked (the die kept, the board
edited). The trace (``sys.setprofile``, on the event loop's thread) notes the module of
every Python function the bot enters (``bot.*``: calls, and coroutines resumed); a *move*
is one entry in a module other than the last one entered. A die kept draws no picture; the
drawing threads and processes and the store's thread are not traced. A coroutine resumed
after an await is entered again, with every coroutine awaiting it: the path follows the
interpreter, so two runs can differ by a few moves where the store's thread answers sooner.
The Discord side's path is the same one through ``bot.discord`` and ``bot.i18n`` alone.

Prints, for each click, the moves, the modules in the order first entered with their
entries, and the path itself with ``--path``; the last line is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import discord

from bot.app import KotBot
from bot.config import Settings
from bot.local import menu_id, open_lobby
from engine import Roll
from tools.chaos.sim import run

KEEP_FIRST_DIE = "h0"
# The rooms of the Discord side's own path: the Discord room and the catalogs it speaks with.
DISCORD_SIDE = ("bot.discord", "bot.i18n")


@dataclass(frozen=True)
class ClickPath:
    """The bot's modules entered during one click, in order (one per function entered)."""

    entered: tuple[str, ...]

    @property
    def moves(self) -> int:
        """Entries into another module than the one entered last."""
        return sum(1 for before, after in zip(self.entered, self.entered[1:], strict=False)
                   if before != after)

    def within(self, *rooms: str) -> ClickPath:
        """The path through these rooms' modules alone (``bot.discord``, ``bot.i18n``)."""
        return ClickPath(tuple(module for module in self.entered
                               if module.startswith(tuple(f"{room}." for room in rooms))))

    @property
    def modules(self) -> dict[str, int]:
        """Each module entered, in the order first entered, with its number of entries."""
        return dict(Counter(self.entered))

    def steps(self) -> list[str]:
        """The path with consecutive entries into one module said once."""
        return [module for index, module in enumerate(self.entered)
                if index == 0 or self.entered[index - 1] != module]


@contextmanager
def traced() -> Iterator[list[str]]:
    """The ``bot.*`` modules of the functions entered on this thread while in this block."""
    entered: list[str] = []

    def note(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            module = frame.f_globals.get("__name__", "")
            if module.startswith("bot."):
                entered.append(module)

    sys.setprofile(note)
    try:
        yield entered
    finally:
        sys.setprofile(None)


async def keep_click_paths() -> dict[str, ClickPath]:
    """The paths of a die-keep click on a fresh game's first roll: refused (clicked by the
    player not asked), then played (by the player asked)."""
    paths: dict[str, ClickPath] = {}
    with tempfile.TemporaryDirectory() as folder:
        bot = KotBot(Settings(token="offline", database=Path(folder) / "kot.sqlite3",
                              turn_timeout=300, reaction_timeout=300), sync_commands=True)
        async with run(bot) as env:
            try:
                guild = env.create_guild()
                channel = guild.create_text_channel("kot")
                host, guest = (guild.add_member(env.create_user(name))
                               for name in ("alice", "bob"))
                lobby = await open_lobby(channel, host, [guest])
                await host.click(lobby, custom_id=menu_id(lobby, "start"))
                game = await bot.service.game_in_channel(channel.id)
                assert game is not None and game.state is not None
                asked = game.state.pending[0]
                roll = next(n for n, option in enumerate(asked.options)
                            if isinstance(option, Roll))
                player, other = ((host, guest) if game.seats[asked.seat] == host.id
                                 else (guest, host))
                board = _message(channel.history(), game.board_message_id)
                await player.click(board, custom_id=f"kot:g:{game.id}:{asked.id}:o{roll}")
                rolled = await bot.service.peek(game.id)
                assert rolled.state is not None
                board = _message(channel.history(), rolled.board_message_id)
                custom_id = f"kot:g:{game.id}:{rolled.state.pending[0].id}:{KEEP_FIRST_DIE}"
                for name, clicker in (("refused", other), ("kept", player)):
                    with traced() as entered:
                        await clicker.click(board, custom_id=custom_id)
                    paths[name] = ClickPath(tuple(entered))
                kept = await bot.service.peek(game.id)
                assert kept.state is not None and kept.state.turn is not None
                assert 0 in kept.state.turn.kept, "the click kept no die"
            finally:
                await bot.service.close()
                bot.autopilot.close()
    return paths


def _message(history: list[discord.Message], message_id: int | None) -> discord.Message:
    return next(message for message in history if message.id == message_id)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", action="store_true",
                        help="print the path, one module a line")
    args = parser.parse_args(argv)
    paths = asyncio.run(keep_click_paths())
    for name, path in paths.items():
        discord_side = path.within(*DISCORD_SIDE)
        print(f"{name}: moves between modules: {path.moves}, modules: {len(path.modules)}; "
              f"on the Discord side: {discord_side.moves}, {len(discord_side.modules)}")
        if args.path:
            print("\n".join(f"    {step}" for step in path.steps()))
        for module, entries in path.modules.items():
            print(f"  {module:<32} {entries:>5}")
    print(json.dumps({name: {"moves": path.moves, "modules": len(path.modules),
                             "discord_side_moves": path.within(*DISCORD_SIDE).moves,
                             "discord_side_modules": len(path.within(*DISCORD_SIDE).modules)}
                      for name, path in paths.items()}))

if __name__ == "__main__":
    main()
