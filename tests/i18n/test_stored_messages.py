"""Chronicles keep narration and notes as phrases, a message id and its arguments, said again
whenever a board is drawn: a message a game stored once must stay in every catalog, needing no
argument it was not stored with, or that game's board can no longer be drawn in strict mode and
shows a bare id or a ``{$name}`` in production.

``stored_message_ids.txt`` lists every ``narrate-`` and ``table-note-`` message any commit of
this repository shipped, each with the arguments it was always stored with (read from the
history when this test was written). A message that needs more is a new message with a new
id; a new one is added to the list when it is added to the catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import LANGUAGES
from tests.catalog_trees import catalog_messages, variables_of

STORED = Path(__file__).with_name("stored_message_ids.txt")
STORED_PREFIXES = ("narrate-", "table-note-")


def stored() -> dict[str, set[str]]:
    """Each message a chronicle may hold, with the arguments it was always stored with."""
    lines = STORED.read_text(encoding="utf-8").splitlines()
    return {words[0]: set(words[1:]) for words in (line.split() for line in lines)
            if words and not words[0].startswith("#")}


def catalog(language: str) -> dict[str, set[str]]:
    """The catalog's messages, each with the arguments it reads."""
    return {message_id: variables_of(message.value)
            for message_id, message in catalog_messages(language).items()
            if message.value is not None}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_a_chronicle_ever_stored_can_still_be_said(language: str) -> None:
    messages = catalog(language)
    missing = sorted(set(stored()) - set(messages))
    assert not missing, f"{language} lacks messages chronicles hold: {missing}"
    needing_more = {message_id: sorted(messages[message_id] - arguments)
                    for message_id, arguments in stored().items()
                    if messages[message_id] - arguments}
    assert not needing_more, f"{language}: messages that need arguments never stored with " \
                             f"them (give the new form a new id): {needing_more}"


def test_every_message_a_chronicle_can_store_now_is_listed() -> None:
    current = {m for m in catalog("en") if m.startswith(STORED_PREFIXES)}
    assert not current - set(stored()), "add these to stored_message_ids.txt"
