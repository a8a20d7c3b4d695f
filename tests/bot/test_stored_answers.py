"""An answer owed to a command as the store keeps it (``bot.discord.stored_answers``):
whole, or refused."""

from __future__ import annotations

import io

import discord
import pytest

from bot.discord.stored_answers import (
    UnkeptAnswer,
    answer_fields,
    encode_answer,
    said_in_channel,
)


def test_an_answer_is_kept_with_its_text_embeds_and_files() -> None:
    embed = discord.Embed(title="Stats", description="Games: 2", colour=0x2E7D32)
    embed.set_image(url="attachment://rating.png")
    chart = discord.File(io.BytesIO(b"\x89PNG chart"), filename="rating.png",
                         description="A chart")
    chart.fp.read()  # read by the call that failed
    kept = encode_answer({"content": "¡Hola!", "embed": embed, "files": [chart]})

    sent = answer_fields(kept, edit=False)
    assert sent["content"] == "¡Hola!"
    assert [e.to_dict() for e in sent["embeds"]] == [embed.to_dict()]
    [file] = sent["files"]
    assert (file.filename, file.description, file.fp.read()) == (
        "rating.png", "A chart", b"\x89PNG chart")
    edited = answer_fields(kept, edit=True)
    assert [f.filename for f in edited["attachments"]] == ["rating.png"]
    assert "files" not in edited and "view" not in edited
    assert said_in_channel(kept).keys() == {"content", "embeds"}

    # An edit that removes the embeds and the buttons removes them after a restart too.
    removing = answer_fields(encode_answer({"content": "Done", "embed": None, "view": None}),
                             edit=True)
    assert removing == {"content": "Done", "embeds": [], "view": None}
    assert "view" not in answer_fields(encode_answer({"view": None}), edit=False)


def test_what_cannot_be_kept_is_refused() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Join", custom_id="kot:join"))
    with pytest.raises(UnkeptAnswer, match="buttons"):
        encode_answer({"content": "Lobby", "view": view})
    with pytest.raises(UnkeptAnswer, match="allowed_mentions"):
        encode_answer({"content": "Hi", "allowed_mentions": discord.AllowedMentions.none()})
    with pytest.raises(UnkeptAnswer, match="only new files"):
        encode_answer({"attachments": [discord.Object(id=1)]})
