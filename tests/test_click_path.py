"""``python -m tools.click_path``'s count of a click's moves between the bot's modules."""

from __future__ import annotations

from tools.click_path import ClickPath

PATH = ClickPath(("bot.discord.routing", "bot.discord.clicks", "bot.discord.clicks",
                  "bot.table.service", "bot.discord.clicks", "bot.i18n.catalog",
                  "bot.discord.io"))


def test_a_move_is_an_entry_into_another_module_than_the_last() -> None:
    assert PATH.moves == 5
    assert PATH.steps() == ["bot.discord.routing", "bot.discord.clicks", "bot.table.service",
                            "bot.discord.clicks", "bot.i18n.catalog", "bot.discord.io"]
    assert PATH.modules == {"bot.discord.routing": 1, "bot.discord.clicks": 3,
                            "bot.table.service": 1, "bot.i18n.catalog": 1,
                            "bot.discord.io": 1}


def test_the_discord_sides_path_leaves_the_other_rooms_out() -> None:
    discord_side = PATH.within("bot.discord", "bot.i18n")
    # clicks, clicks (the table's entry between them gone), then the catalogs and io.
    assert discord_side.steps() == ["bot.discord.routing", "bot.discord.clicks",
                                    "bot.i18n.catalog", "bot.discord.io"]
    assert discord_side.moves == 3
