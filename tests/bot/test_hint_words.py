"""/kot hint in plain words, through the bot: the move as the board shows it (dice as their
symbols), why in a sentence, and the next best move with its chance to win; never
"playouts". The Easy AI's answer when the Hard AI is busy: tests/bot/test_autoplay.py."""

from __future__ import annotations

import re

from bot_harness import Table, private_reply


async def test_a_hint_is_the_move_why_and_the_next_best_with_its_chance(table: Table) -> None:
    await table.start_game(players=2)
    _game, _decision, asked = await table.asked()

    hint = private_reply(await asked.slash(table.channel, "kot hint")) or ""

    move, why, following = hint.split("\n")
    assert re.fullmatch(r"💡 \*\*(Keep .+ and reroll (1 die|\d dice)|Reroll all 6 dice"
                        r"|Stop rolling with .+)\*\* \(\d+% to win\)", move), hint
    # (A sentence of the position's facts: short when one fact says it, "1 1 1 score 1★.")
    assert why.endswith(".") and len(why.split()) >= 3, hint
    # ("About as good" when the search found it no worse.)
    assert re.fullmatch(r"(Next best|About as good): [a-z].+, \d+% to win\.", following), hint
    assert "playout" not in hint
    assert not re.search(r"\b(smash|energy|heart)\b", hint), hint
