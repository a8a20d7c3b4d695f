"""Power Up!'s Evolutions that buy, sweep, copy and force yields (Adapting Technology,
Superior Alien Technology, Miraculous Catch, Icy Reflection, Chest Thumping): stored games
stay readable, and the heuristic plays them in whole games, every word of them said in both
languages within a button's room. Their rules are pinned by scenarios
(scenarios/power_up/)."""

from __future__ import annotations

import msgspec

from engine import Options, create_game, decode_state, encode_state
from engine.state import SCHEMA_VERSION


def test_a_power_up_game_stored_by_schema_7_reads_with_no_ufo_token() -> None:
    """Schema 8 adds ``Card.ufo_token``; a schema 7 game has none and reads as it was."""
    state, _ = create_game(Options(power_up=True), 3, ["Alienoid", "Space Penguin", "The King"])
    raw = msgspec.json.decode(encode_state(state))
    raw["schema"] = 7
    read = decode_state(msgspec.json.encode(raw))
    assert read == state and read.schema == SCHEMA_VERSION == 8
    assert not any(card.ufo_token for m in read.monsters for card in (*m.cards, *m.evolutions))
