"""Every control's custom_id, as posted: a button already in a channel must keep working after
the bot restarts, so each kind of id is recognised by its control's template, rebuilt from it
(``from_custom_id``), and posted again byte for byte the same."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest

from bot.discord.routing import Control
from bot.discord.views import (
    DYNAMIC_ITEMS,
    CoachButton,
    CoachToggle,
    EndButton,
    GameButton,
    GameSelect,
    LobbyButton,
    LobbySelect,
    MonsterButton,
    NeverAskSelect,
    OrderSelect,
    RematchButton,
    StoryButton,
)

# One id of every kind and shape that boards, lobbies and panels have posted.
POSTED = [
    (GameButton, "kot:g:12:345:h0"), (GameButton, "kot:g:12:345:r4"),
    (GameButton, "kot:g:12:345:f5"), (GameButton, "kot:g:12:345:x110200"),
    (GameButton, "kot:g:12:345:k2"), (GameButton, "kot:g:12:345:o10"),
    (GameButton, "kot:g:12:345:c3"), (GameButton, "kot:g:12:345:p0"),
    (GameSelect, "kot:g:12:345:s1"),
    *((LobbyButton, f"kot:l:7:{verb}") for verb in (
        "join", "leave", "start", "cancel", "clock", "ai", "ai_easy", "ai_medium", "ai_hard",
        "ai_remove", "cards", "language")),
    *((LobbySelect, f"kot:l:7:{field}") for field in (
        "monster", "edition", "variant", "lang", "turn", "reaction", "mix", "picked",
        "reprints1", "reprints2")),
    (EndButton, "kot:e:9:end:1767225600"), (EndButton, "kot:e:9:keep:1767225600"),
    (RematchButton, "kot:r:4"),
    (MonsterButton, "kot:m:8"),
    *((OrderSelect, f"kot:o:8:{field}") for field in ("yield", "stay", "buy", "evolutions")),
    (NeverAskSelect, "kot:na:8:31"),
    (StoryButton, "kot:t:8"),
    (CoachButton, "kot:coach:8"),
    *((CoachToggle, f"kot:ct:8:{turn}") for turn in ("on", "off")),
]


@pytest.mark.parametrize(("control", "custom_id"), POSTED)
async def test_a_posted_id_is_rebuilt_by_its_control_alone(control: type[Any],
                                                           custom_id: str) -> None:
    matching = [kind for kind in DYNAMIC_ITEMS
                if kind.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert matching == [control]
    match = control.__discord_ui_compiled_template__.fullmatch(custom_id)
    item = await control.from_custom_id(cast(discord.Interaction[Any], None), None, match)
    assert item.custom_id == custom_id


@pytest.mark.parametrize("custom_id", ["kot:g:12:345:z1", "kot:l:7:dance", "kot:e:9:maybe:1",
                                       "kot:o:8:sell", "kot:r:4:1", "kot:m:x", "kot:x:1",
                                       "kot:ct:8:maybe", "kot:na:8:x"])
def test_an_id_of_no_control_is_recognised_by_none(custom_id: str) -> None:
    assert not [kind for kind in DYNAMIC_ITEMS
                if kind.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_every_control_is_recognised_after_a_restart() -> None:
    """A control left out of DYNAMIC_ITEMS works only while the process that posted it
    lives: after a restart its clicks would reach nothing."""
    def subclasses(kind: type[Any]) -> set[type[Any]]:
        found = set(kind.__subclasses__())
        return found.union(*(subclasses(sub) for sub in found))

    assert subclasses(Control) == set(DYNAMIC_ITEMS)
