"""The board's 📋 My monster button and ``/kot me``: a player's private panel (their monster,
its cards with what they hold now, the others, the cards for sale) with the menus of their
standing orders; the whole table, read-only, for anyone else. Standing orders answer a
question the moment it is asked, and the board's narration says so."""

from __future__ import annotations

import re
from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, force_dice, private_reply, rewrite_state, service
from simcord import InteractionResult

from bot.table.service import ABANDONED_AFTER_TIMEOUTS
from engine import CARDS, Buy, Card, EndBuying, GameState

MY_MONSTER = "📋 My monster"

QUIET_DICE = ["1", "2", "3", "1", "2", "3"]


def _reply(result: InteractionResult) -> discord.Message:
    """The private message that answered a click or a command."""
    message = (result.response.message if result.response is not None and result.ephemeral
               else next(f for f in result.followups if f.ephemeral))
    assert message.flags.ephemeral
    return message


def _menus(message: discord.Message) -> list[str]:
    return [getattr(item, "custom_id", "") or "" for row in message.components
            for item in getattr(row, "children", [])]


def _board(table: Table, game_id: int) -> discord.Message:
    return next(m for m in table.channel.history()
                if m.embeds and (m.embeds[0].footer.text or "").startswith(f"Game #{game_id} ·")
                and m.components)


def _owning(seat: int, *cards: Card, energy: int | None = None,
            hearts: int | None = None) -> Callable[[GameState], GameState]:
    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        fields: dict[str, object] = {"cards": cards}
        if energy is not None:
            fields["energy"] = energy
        if hearts is not None:
            fields["hearts"] = hearts
        monsters[seat] = msgspec.structs.replace(monsters[seat], **fields)
        return msgspec.structs.replace(state, monsters=tuple(monsters))
    return change


def _for_sale(*keys: str) -> Callable[[GameState], GameState]:
    def change(state: GameState) -> GameState:
        cards = tuple(Card(uid=5000 + i, key=key) for i, key in enumerate(keys))
        return msgspec.structs.replace(state, face_up=cards)
    return change


async def _state(table: Table) -> GameState:
    state = (await table.game()).state
    assert state is not None
    return state


async def test_a_player_sees_their_monster_privately_and_nothing_changes(table: Table) -> None:
    game = await table.start_game(players=2)
    seat = 0
    player = table.player(game.seats[seat])
    other = table.player(game.seats[1])
    await rewrite_state(table.env, game.id, _owning(
        seat, Card(uid=900, key="smoke_cloud", tokens=2), Card(uid=901, key="extra_head"),
        energy=7))
    before = await _state(table)

    clicked = await player.click(_board(table, game.id), label=MY_MONSTER)
    panel = _reply(clicked)
    embed = panel.embeds[0]
    name = before.monsters[seat].name
    assert embed.title == f"Your monster: {name}"
    text = embed.description or ""
    assert "❤️ **10**/10 · ⭐ **0**/20 · ⚡ **7**" in text
    assert "**Smoke Cloud** (keep):" in text and "*now: 2 smoke left*" in text
    assert "**Extra Head** (keep):" in text
    assert before.monsters[1].name in text  # the others, one line each
    assert "**For sale**" in text
    assert [f.value for f in embed.fields] == [
        "Stay or yield: ask me · Buying: ask me",
        "Off. Turn it on for a private note before each of your choices."]
    assert _menus(panel) == [*(f"kot:o:{game.id}:{field}" for field in ("yield", "stay", "buy")),
                             f"kot:ct:{game.id}:on"]
    assert panel.id not in {m.id for m in table.channel.history(viewer=other)}
    assert await _state(table) == before


async def test_someone_not_playing_sees_the_whole_table_read_only(table: Table) -> None:
    game = await table.start_game(players=2)
    watcher = table.players[4]
    state = await _state(table)
    panel = _reply(await watcher.click(_board(table, game.id), label=MY_MONSTER))
    embed = panel.embeds[0]
    assert embed.title == f"King of Tokyo game #{game.id}: the table"
    assert all(m.name in (embed.description or "") for m in state.monsters)
    assert _menus(panel) == []


async def test_the_other_monsters_cards_are_read_in_the_panel_with_their_texts(
        table: Table) -> None:
    """The board names the cards a monster owns, on chips too small to hold their texts:
    the panel says what each does, a player's for every monster, a watcher's too."""
    game = await table.start_game(players=3)
    await rewrite_state(table.env, game.id, _owning(1, Card(uid=900, key="jets")))
    await rewrite_state(table.env, game.id, _owning(
        2, Card(uid=901, key="smoke_cloud", tokens=2), Card(uid=902, key="armor_plating")))
    state = await _state(table)
    jets = "• **Jets** (keep): You lose no hearts when you yield Tokyo."
    smoke = "• **Smoke Cloud** (keep): "
    armor = "• **Armor Plating** (keep): "
    player = table.player(game.seats[0])
    said = _reply(await player.click(_board(table, game.id), label=MY_MONSTER)).embeds[0]
    lines = (said.description or "").splitlines()
    others = lines.index("**The others**")
    second, third = (next(i for i, line in enumerate(lines)
                          if line.startswith(f"**{state.monsters[seat].name}**"))
                     for seat in (1, 2))
    assert others < second < third
    assert lines[second + 1] == jets
    assert lines[third + 1].startswith(smoke) and "*now: 2 smoke left*" in lines[third + 1]
    assert lines[third + 2].startswith(armor)
    watched = _reply(await table.players[5].click(_board(table, game.id), label=MY_MONSTER))
    description = watched.embeds[0].description or ""
    assert jets in description and smoke in description and armor in description


async def test_a_panel_too_full_for_the_texts_names_the_cards(table: Table) -> None:
    """Five monsters holding forty cards each: their texts would pass Discord's 4,096
    characters, so the others' cards are counted (a watcher's: named), and the cards for
    sale are still there."""
    game = await table.start_game(players=5)
    keys = [key for key in CARDS if CARDS[key].kind == "keep"]
    for seat in range(1, 5):
        owned = [Card(uid=1000 + 50 * seat + i, key=key) for i, key in enumerate(keys[:40])]
        await rewrite_state(table.env, game.id, _owning(seat, *owned))
    await rewrite_state(table.env, game.id, _for_sale("jet_fighters", "tank", "corner_store"))
    player = table.player(game.seats[0])
    said = _reply(await player.click(_board(table, game.id), label=MY_MONSTER)).embeds[0]
    description = said.description or ""
    assert "· 🃏 40" in description and "(keep):" not in description
    assert "• **Jet Fighters** (5⚡): " in description
    watched = _reply(await table.players[6].click(_board(table, game.id), label=MY_MONSTER))
    description = watched.embeds[0].description or ""
    assert len(description) <= 4096 and "🃏 " in description and "(keep):" not in description


async def test_a_panel_kept_after_leaving_the_game_changes_nothing(table: Table) -> None:
    game = await table.start_game(players=3)
    player = table.player(game.seats[2])
    panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    await player.slash(table.channel, "kot leave")
    refused = await player.select(panel, ["3"], custom_id=f"kot:o:{game.id}:yield")
    assert private_reply(refused) == "You have already left this game."
    assert (await table.game()).chronicle.orders.entries == ()
    again = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    assert _menus(again) == []  # their monster, without the orders the autopilot ignores


async def test_kot_me_answers_like_the_button(table: Table) -> None:
    # (With no game in play in the channel: the player's achievements, as its tests show.)
    game = await table.start_game(players=2)
    player = table.player(game.seats[1])
    panel = _reply(await player.slash(table.channel, "kot me"))
    assert panel.embeds[0].title == f"Your monster: {(await _state(table)).monsters[1].name}"


async def _in_tokyo_and_hit(table: Table, order: tuple[str, str] | None) -> tuple[int, str]:
    """The first monster enters Tokyo; its player sets ``order`` (field, value) from the
    panel; the second monster hits it with 2 smashes. Returns the first seat and the board's
    narration."""
    game = await table.start_game(players=2)
    first = (await _state(table)).active
    await table.smash_turn(smashes=1)  # enters Tokyo City
    assert (await _state(table)).city == first
    if order is not None:
        player = table.player(game.seats[first])
        panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
        field, value = order
        changed = await player.select(panel, [value], custom_id=f"kot:o:{game.id}:{field}")
        assert changed.acknowledged
    hitter = (await _state(table)).active
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "1"])
    return first, _turn_log(table, 2, (await _state(table)).monsters[hitter].name)


def _turn_log(table: Table, turn: int, monster: str) -> str:
    """The narration on the board of that turn (closed once the turn is over)."""
    return "\n".join(m.embeds[0].description or "" for m in table.channel.history()
                     if m.embeds and m.embeds[0].title == f"Turn {turn}: {monster}")


async def test_a_yield_order_yields_at_once_and_the_table_is_told(table: Table) -> None:
    first, log = await _in_tokyo_and_hit(table, ("yield", "9"))
    state = await _state(table)
    assert state.monsters[first].hearts == 8
    assert state.city is not None and state.city != first  # the hitter took Tokyo
    assert "standing order answered (yield at 9❤️ or fewer)" in log
    assert all(d.kind != "yield" for d in state.pending)


async def test_a_stay_order_stays_and_without_orders_the_player_is_asked(table: Table) -> None:
    first, log = await _in_tokyo_and_hit(table, ("stay", "0"))
    state = await _state(table)
    assert state.city == first and "standing order answered (always stay)" in log
    assert all(d.kind != "yield" for d in state.pending)


async def test_no_order_asks_as_before(table: Table) -> None:
    first, _log = await _in_tokyo_and_hit(table, None)
    state = await _state(table)
    assert [(d.kind, d.seat) for d in state.pending] == [("yield", first)]


async def test_a_buy_order_set_while_asked_answers_at_once(table: Table) -> None:
    game = await table.start_game(players=2)
    active = (await _state(table)).active
    # 1⚡, and 1 more for entering Tokyo (the 2-player variant): enough to sweep, not to buy.
    await rewrite_state(table.env, game.id, _owning(active, energy=1))
    await rewrite_state(table.env, game.id, _for_sale("jet_fighters", "tank", "corner_store"))
    await table.roll_and_stop(QUIET_DICE)
    state = await _state(table)
    assert state.pending[0].kind == "buy"
    assert not any(isinstance(o, Buy) for o in state.pending[0].options)
    player = table.player(game.seats[active])
    panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    await player.select(panel, ["unaffordable"], custom_id=f"kot:o:{game.id}:buy")
    after = await _state(table)
    assert after.active != active and after.pending[0].kind == "roll"
    log = _turn_log(table, 1, state.monsters[active].name)
    assert "standing order answered (buying: skip it when I can buy no card)" in log
    updated = next(m for m in table.channel.history(viewer=player) if m.id == panel.id)
    assert "Buying: skip it when I can buy no card" in str(updated.embeds[0].fields[0].value)
    assert (await table.game()).chronicle.orders.of(active).buy == "unaffordable"


async def test_skip_when_unaffordable_still_asks_when_a_card_can_be_bought(table: Table) -> None:
    game = await table.start_game(players=2)
    active = (await _state(table)).active
    player = table.player(game.seats[active])
    panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    await player.select(panel, ["unaffordable"], custom_id=f"kot:o:{game.id}:buy")
    await rewrite_state(table.env, game.id, _owning(active, energy=30))
    await table.roll_and_stop(QUIET_DICE)
    state = await _state(table)
    assert state.pending[0].kind == "buy" and state.active == active
    await table.option(EndBuying)
    assert (await _state(table)).active != active


async def test_yield_order_is_kept_for_later_turns_and_can_be_cleared(table: Table) -> None:
    game = await table.start_game(players=2)
    player = table.player(game.seats[0])
    panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    await player.select(panel, ["4"], custom_id=f"kot:o:{game.id}:yield")
    assert (await table.game()).chronicle.orders.of(0).yield_at == 4
    panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    await player.select(panel, ["off"], custom_id=f"kot:o:{game.id}:yield")
    assert (await table.game()).chronicle.orders.entries == ()


# English words a Spanish panel may not hold (once monster and player names are left out).
_ENGLISH_WORDS = re.compile(
    r"\b(the|your|you|cards?|for|sale|nothing|none|yet|others|only|see|this|are|watching|"
    r"turn|start|now|keep|discard|poison|shrink|roll|dice|die|lose|each|instead|healing|"
    r"knocked|out|standing|orders?|stay|yield|ask|me|buying|skip|when|smoke|left|game|"
    r"table|energy|hearts?|points?|and|of|in)\b", re.IGNORECASE)


def _embed_words(embed: discord.Embed) -> str:
    return "\n".join((embed.title or "", embed.description or "",
                      *(f"{f.name}\n{f.value}" for f in embed.fields), embed.footer.text or ""))


def _within_discord_limits(embed: discord.Embed) -> None:
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in embed.fields)
    assert len(embed.footer.text or "") <= 2048 and len(embed) <= 6000


def _poisoned_and_shrunk(seat: int) -> Callable[[GameState], GameState]:
    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        monsters[seat] = msgspec.structs.replace(monsters[seat], poison=2, shrink=1)
        return msgspec.structs.replace(state, monsters=tuple(monsters))
    return change


def _without_names(said: str, state: GameState, table: Table) -> str:
    names = [m.name for m in state.monsters] + [p.name for p in table.players]
    names += ["King of Tokyo"]
    return re.sub("|".join(re.escape(name) for name in names), "", said)


async def test_the_panel_and_the_table_speak_the_askers_language(
        table: Table, client_locales: dict[int, str]) -> None:
    game = await table.start_game(players=2)
    seat = 0
    player = table.player(game.seats[seat])
    watcher = table.players[4]
    client_locales[player.id] = client_locales[watcher.id] = "es-ES"
    await rewrite_state(table.env, game.id, _owning(
        seat, Card(uid=900, key="smoke_cloud", tokens=2), Card(uid=901, key="extra_head"),
        energy=7))
    await rewrite_state(table.env, game.id, _poisoned_and_shrunk(seat))
    await rewrite_state(table.env, game.id, _for_sale("jet_fighters", "tank", "corner_store"))
    state = await _state(table)
    board = _board(table, game.id)  # an English game: its button is in English

    panel = _reply(await player.click(board, label=MY_MONSTER))
    await player.select(panel, ["4"], custom_id=f"kot:o:{game.id}:yield")
    panel = _reply(await player.click(board, label=MY_MONSTER))
    embed = panel.embeds[0]
    assert embed.title == f"Tu monstruo: {state.monsters[seat].name}"
    said = embed.description or ""
    assert "☠️ **2 contadores de veneno**: pierdes 2❤️" in said
    assert "🔻 **1 contador reductor**: tiras 1 dado menos" in said
    assert "**Tus cartas (2)**" in said and "**Los demás**" in said
    assert "• **Nube de humo** (Permanente):" in said and "*ahora: " in said
    assert "**A la venta**" in said and "• **Cazas** (5⚡): Gana 5 PV" in said
    assert [f.name for f in embed.fields] == ["📋 Órdenes fijas", "🎓 Entrenador"]
    assert embed.fields[0].value == (
        "Quedarse o ceder: ceder con 4❤️ o menos; si no, pregúntame · Compras: pregúntame")
    assert (embed.footer.text or "").startswith(f"Partida #{game.id} · solo lo ves tú · turno 1")

    watched = _reply(await watcher.click(board, label=MY_MONSTER)).embeds[0]
    assert watched.title == f"Partida #{game.id} de King of Tokyo: la mesa"
    assert "• **Nube de humo** (Permanente):" in (watched.description or "")
    assert "*ahora: " in (watched.description or "")
    assert "estás mirando · turno 1" in (watched.footer.text or "")
    for spanish in (embed, watched):
        _within_discord_limits(spanish)
        words = _without_names(_embed_words(spanish), state, table)
        assert not _ENGLISH_WORDS.search(words), _ENGLISH_WORDS.findall(words)


async def test_a_panel_full_of_cards_keeps_to_discords_limits_in_each_language(
        table: Table, client_locales: dict[int, str]) -> None:
    game = await table.start_game(players=6)
    keys = [key for key in CARDS if CARDS[key].kind == "keep"]
    for seat in range(6):
        owned = [Card(uid=1000 + 50 * seat + i, key=key) for i, key in enumerate(keys[:40])]
        await rewrite_state(table.env, game.id, _owning(seat, *owned))
        await rewrite_state(table.env, game.id, _poisoned_and_shrunk(seat))
    board = _board(table, game.id)
    for locale in ("en-US", "es-ES"):
        for clicker in (table.player(game.seats[0]), table.players[6]):
            client_locales[clicker.id] = locale
            embed = _reply(await clicker.click(board, label=MY_MONSTER)).embeds[0]
            _within_discord_limits(embed)


async def test_a_player_setting_an_order_keeps_the_game_from_being_abandoned(
        table: Table) -> None:
    """A game is ended as abandoned after ABANDONED_AFTER_TIMEOUTS timeouts in a row with
    nobody acting. A player who sets a standing order from their panel is at the table, as
    one who clicks is: the count starts again."""
    game = await table.start_game(players=2)
    # Only hearts: the autopilot's turns score nothing and hurt nobody (no win by chance).
    await force_dice(table.env, game.id, ["heart"] * 600)
    while (await _idle_timeouts(table, game.id)) < ABANDONED_AFTER_TIMEOUTS - 3:
        await table.env.advance_time(60)
    assert (await service(table.env).games.peek(game.id)).status == "playing"
    player = table.player(game.seats[0])
    panel = _reply(await player.click(_board(table, game.id), label=MY_MONSTER))
    changed = await player.select(panel, ["4"], custom_id=f"kot:o:{game.id}:yield")
    assert changed.acknowledged
    assert await _idle_timeouts(table, game.id) == 0
    while (await _idle_timeouts(table, game.id)) < 4:
        await table.env.advance_time(60)
    assert (await service(table.env).games.peek(game.id)).status == "playing"


async def _idle_timeouts(table: Table, game_id: int) -> int:
    return (await service(table.env).games.peek(game_id)).chronicle.activity.idle_timeouts
