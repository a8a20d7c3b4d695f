"""An answer owed to a command as the store keeps it (``bot.discord.io.OwedAnswers``): the
fields of its call through the interaction's token as JSON, and back.

Kept: the text, the embeds (``discord.Embed.to_dict``), the files (their bytes, name and
description: /kot stats' rating chart, /kot replay's game files) and an edit's removal of the
buttons (``view=None``). Nothing else can be kept: a view with items holds live callbacks,
and an attachment already uploaded belongs to its message. ``encode_answer`` refuses such
an answer (``UnkeptAnswer``) rather than keep a part of it without saying so.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Mapping
from typing import Any

import discord

# The fields an owed answer may have (those of a follow-up and of an edit of the answer).
_KEPT = frozenset({"content", "embed", "embeds", "file", "files", "attachments", "view"})
# What the channel may be told of a public answer: its buttons were for its own message.
_SAID_IN_CHANNEL = ("content", "embeds")


class UnkeptAnswer(ValueError):
    """An answer with a field the store cannot keep (or a file that cannot be read)."""


def encode_answer(fields: Mapping[str, Any]) -> bytes:
    """The fields of a follow-up or of an edit of the answer, as the store keeps them."""
    unknown = set(fields) - _KEPT
    if unknown:
        raise UnkeptAnswer(f"an answer's {', '.join(sorted(unknown))} cannot be kept")
    if fields.get("view", None) is not None:
        raise UnkeptAnswer("an answer's buttons and menus cannot be kept")
    kept: dict[str, Any] = {}
    if "content" in fields:
        kept["content"] = fields["content"]
    if "embeds" in fields:
        kept["embeds"] = [embed.to_dict() for embed in fields["embeds"]]
    elif "embed" in fields:  # (None: an edit that removes the embeds)
        embed = fields["embed"]
        kept["embeds"] = [] if embed is None else [embed.to_dict()]
    files = [*([fields["file"]] if "file" in fields else []), *fields.get("files", ()),
             *fields.get("attachments", ())]
    if files or "attachments" in fields:
        kept["files"] = [_file(file) for file in files]
    if "view" in fields:
        kept["no_view"] = True
    return json.dumps(kept, ensure_ascii=False).encode()


def _file(file: object) -> dict[str, Any]:
    if not isinstance(file, discord.File):
        raise UnkeptAnswer(f"an answer's {type(file).__name__} cannot be kept, only new files")
    try:
        # From its start: the call that failed may have read it to its end already.
        file.reset()
        data = file.fp.read()
        file.reset()
    except (OSError, ValueError) as error:  # (closed: a file of the disk, sent once)
        raise UnkeptAnswer(f"the answer's file {file.filename} cannot be read: {error}") from error
    return {"filename": file.filename, "description": file.description,
            "data": base64.b64encode(data).decode("ascii")}


def answer_fields(kept: bytes, *, edit: bool) -> dict[str, Any]:
    """A kept answer as the fields of ``Webhook.edit_message`` (``edit``) or of
    ``Webhook.send``, with new files each time (a file is read by the call that sends it)."""
    answer = json.loads(kept)
    fields: dict[str, Any] = {}
    if "content" in answer:
        fields["content"] = answer["content"]
    if "embeds" in answer:
        fields["embeds"] = [discord.Embed.from_dict(embed) for embed in answer["embeds"]]
    if "files" in answer:
        files = [discord.File(io.BytesIO(base64.b64decode(file["data"])),
                              filename=file["filename"], description=file["description"])
                 for file in answer["files"]]
        fields["attachments" if edit else "files"] = files
    if edit and answer.get("no_view"):
        fields["view"] = None  # (a follow-up has no buttons to remove)
    return fields


def said_in_channel(kept: bytes) -> dict[str, Any]:
    """What the channel is told of a kept public answer: its text and embeds."""
    fields = answer_fields(kept, edit=False)
    return {name: fields[name] for name in _SAID_IN_CHANNEL if name in fields}
