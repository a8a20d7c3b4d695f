"""Buttons and menus. Every component is a ``Control`` (``bot.discord.routing``: one
``DynamicItem`` template for all) whose ``custom_id`` carries the game id (and, for game
buttons, the decision id), so a button keeps working after a restart and a button from a
passed moment is recognised and refused.

custom_id formats (all under Discord's 100 characters):
    kot:g:<game>:<decision>:h<die>   keep (hold) a die
    kot:g:<game>:<decision>:r<die>   release a kept die (it will be rerolled)
    kot:g:<game>:<decision>:f<face>  keep every die showing face <face> (its index in FACES)
    kot:g:<game>:<decision>:x<counts> keep that many dice of each face (one digit a face, in
                                     FACES order; those kept first), then roll: one click
    kot:g:<game>:<decision>:k<die>   a die toggle from older boards: refused as out of date
    kot:g:<game>:<decision>:o<n>     option n of the pending decision
    kot:g:<game>:<decision>:c<n>     option n, confirmed (its o<n> would knock out the
                                     clicker's own monster: asked privately first)
    kot:g:<game>:<decision>:p0       show a secret question privately (Made in a Lab's card)
    kot:g:<game>:<decision>:s<page>  a menu of options (decisions with too many for buttons)
    kot:g:<game>:<decision>:y<n>     take the standing order offered at a Stay/Yield
                                     question: always yield at n❤️ or fewer (answers it)
    kot:g:<game>:<decision>:n0       take the order offered at the buy step: skip buying
                                     from now on (ends it)
    kot:l:<game>:<verb>              lobby buttons (join, leave, start, cancel, clock, ai,
                                     ai_remove, cards, language; ai_<level>: the host's
                                     private 🤖 Add AI buttons, and old lobbies' own)
    kot:l:<game>:<field>             lobby menus (monster, edition — the Game menu —,
                                     variant; turn and reaction: the host's private clock
                                     menus; mix, picked, reprints1 and reprints2: the
                                     host's private Cards menus)
    kot:e:<game>:<end|keep>:<unix>   the /kot end question, answerable until <unix>
    kot:r:<game>                     Rematch, on a finished game's final board
    kot:m:<game>                     📋 My monster: a player's panel, or the table for others
    kot:t:<game>                     📜 Story: the last turns, privately
    kot:o:<game>:<yield|stay|buy>    the panel's standing-order menus
    kot:coach:<game>                 🎓 Coach: the clicker's coach note, privately
    kot:ct:<game>:<on|off>           the panel's coach toggle (turns the coach on or off)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.discord.messages import clock_words
from bot.discord.request import Request
from bot.discord.routing import ClickHandler, Control
from bot.i18n import ENGLISH, LANGUAGES, say, text
from bot.i18n.cards import card_text
from bot.table.model import AI_LEVEL_NAMES, GAME_CHOICES, MIX_CHOICES, Game, Lobby, StandingOrder
from bot.table.orders import (
    BUY_WORDS,
    EVOLUTION_WORDS,
    ORDER_FIELDS,
    POWER_UP_FIELD,
    STAY_CHOICES,
    YIELD_CHOICES,
    YIELD_OFFER,
    offer_code,
    order_fields,
    stay_words,
    yield_words,
)
from bot.table.suggestions import Suggestions
from engine import (
    CARDS,
    FACE_SYMBOLS,
    FACES,
    MONSTER_NAMES,
    Buy,
    Choose,
    Decision,
    EndBuying,
    EvolutionMomentQuestion,
    Face,
    GameState,
    Join,
    Pass,
    Phrase,
    PlayEvolution,
    Roll,
    Stay,
    StopRolling,
    Sweep,
    UseCard,
    Yield,
    asked_for,
    card_ref,
    implemented_keys,
    new_in_origins,
    option_label,
    option_ready,
    origins_cards,
    private_option_label,
    secret,
)
from engine.ai import counted_dice, dice_words

MAX_LABEL = 80
MAX_MENU_OPTIONS = 25
MAX_MENU_LABEL = 100
# A question with more choices than this gets menus (one row each) instead of buttons.
MAX_OPTION_BUTTONS = 10
# Rows of components in one message, and buttons in one row (Discord's limits).
MAX_ROWS = 5
MAX_BUTTONS_IN_ROW = 5


# --- game -----------------------------------------------------------------------------


class GameButton(
    Control[discord.ui.Button[Any]],
    custom_id=r"kot:g:{game_id:int}:{decision_id:int}:{code:[hrkopcfxyne]\d+}",
):
    def __init__(self, game_id: int, decision_id: int, code: str, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL], style=style, disabled=disabled,
                custom_id=self.id_for(game_id=game_id, decision_id=decision_id, code=code),
            ),
            row=row,
        )
        self.game_id = game_id
        self.decision_id = decision_id
        self.code = code

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.game_click(request, self.game_id, self.decision_id, self.code)


def _option_style(option: object) -> discord.ButtonStyle:
    if isinstance(option, Roll | Buy):
        return discord.ButtonStyle.primary
    if isinstance(option, Stay):
        return discord.ButtonStyle.success
    if isinstance(option, Yield):
        return discord.ButtonStyle.danger
    if isinstance(option, StopRolling | EndBuying | Sweep):
        return discord.ButtonStyle.secondary
    if isinstance(option, Choose) and isinstance(option.choice, Pass):
        # Declining a card's question (Cancel, Sell nothing more...): grey, like End turn.
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


def _stays_a_button(option: object) -> bool:
    """In a question with many choices, the answers that end or decline it (End turn, Sweep,
    Pass, Cancel) or use a card (Made in a Lab's look) stay buttons, one click away; the
    choices of a card, a monster or an amount go in the menu."""
    return (isinstance(option, EndBuying | Sweep)
            or (isinstance(option, Choose) and isinstance(option.choice, Pass | UseCard)))


def _roll_buttons(game: Game, state: GameState, decision: Decision,
                  suggested: tuple[int, ...] | None) -> list[GameButton]:
    """The roll question's buttons, row by row: the dice, the faces to keep at once, then
    Roll (with the Easy AI's ``suggested`` keep beside it), Done rolling and the cards that
    act on the dice."""
    assert state.turn is not None
    turn, language = state.turn, game.language
    # Each die button says what it does (keep it, or release it to be rerolled), so a
    # click on a board that is out of date still does what the player saw.
    dice = [
        GameButton(game.id, decision.id, f"r{index}",
                   label=text(language, "ui-die-release", face=FACE_SYMBOLS[face]),
                   style=discord.ButtonStyle.success)
        if index in turn.kept else
        GameButton(game.id, decision.id, f"h{index}",
                   label=text(language, "ui-die-keep", face=FACE_SYMBOLS[face]),
                   style=discord.ButtonStyle.secondary)
        for index, face in enumerate(turn.dice)
    ]
    # Roll, Done rolling, then the cards that can act on the dice (an extra roll a card
    # gives, "Stretchy: set a die to any face"...).
    controls = []
    for number, option in enumerate(decision.options):
        if is_evolution_play(option):
            continue  # (🧬 Evolutions, below: the board never names them)
        label = say(game.language, option_label(state, option))
        disabled = not option_ready(state, option)
        if isinstance(option, Roll):
            if turn.rolls_left > 0 and option.card is None:
                label = text(language, "ui-roll-left", left=turn.rolls_left)
                controls.extend(_keep_and_roll_button(game, state, decision, suggested))
            disabled = len(turn.kept) == len(turn.dice)
        controls.append(GameButton(game.id, decision.id, f"o{number}", label=label,
                                   style=_option_style(option), disabled=disabled))
    controls.extend(_evolutions_button(game, decision, ""))
    dice_rows, control_rows = _in_rows(dice), _in_rows(controls)
    faces = _face_buttons(game, decision, turn.dice, turn.kept, language)
    # The faces are a shortcut (the dice buttons do the same in more clicks): they get a
    # row only where one is left.
    face_rows = [faces] if faces and len(dice_rows) + len(control_rows) < MAX_ROWS else []
    rows = [*dice_rows, *face_rows, *control_rows]
    for number, row in enumerate(rows):
        for button in row:
            button.row = min(number, MAX_ROWS - 1)
    return [button for row in rows for button in row]


def _face_buttons(game: Game, decision: Decision, dice: tuple[Face, ...],
                  kept: tuple[int, ...], language: str) -> list[GameButton]:
    """One button per face that two or more dice not kept show ("Keep 3s ×2", "Keep ❤️ ×3"),
    keeping all of them in one click (a single die has its own button)."""
    loose = [face for index, face in enumerate(dice) if index not in kept]
    return [
        GameButton(game.id, decision.id, f"f{number}",
                   label=text(language, "ui-keep-dice",
                              dice=_dice_of_a_face(face, count, language)),
                   style=discord.ButtonStyle.secondary)
        for number, face in enumerate(FACES)
        if (count := loose.count(face)) >= 2
    ]


def _dice_of_a_face(face: Face, count: int, language: str) -> str:
    """"3s ×2", "❤️ ×3" (in ``language``: English's plural of a number is its own, "3 ×2" in
    Spanish); one die is its face alone ("3", "💥")."""
    symbol = FACE_SYMBOLS[face]
    if count == 1:
        return symbol
    return text(language, "ui-face-dice", face=int(face) if face.isdigit() else symbol,
                count=count)


def _keep_and_roll_button(game: Game, state: GameState, decision: Decision,
                          counts: tuple[int, ...] | None) -> list[GameButton]:
    """The Easy AI's suggestion (``bot.table.suggestions``: the face counts it keeps; None,
    no suggestion), as one button that keeps those dice and rolls ("💡 Suggested: keep 3 3
    💥, roll 3")."""
    assert state.turn is not None
    if counts is None:
        return []
    rolled = len(state.turn.dice) - sum(counts)
    label = (text(game.language, "advice-suggested-keep",
                  dice=dice_words(counted_dice(counts)), rolled=rolled)
             if sum(counts) else text(game.language, "advice-suggested-reroll", rolled=rolled))
    return [GameButton(game.id, decision.id, "x" + "".join(map(str, counts)), label=label,
                       style=discord.ButtonStyle.primary)]


def _in_rows(buttons: list[GameButton]) -> list[list[GameButton]]:
    return [buttons[start:start + MAX_BUTTONS_IN_ROW]
            for start in range(0, len(buttons), MAX_BUTTONS_IN_ROW)]


class GameSelect(
    Control[discord.ui.Select[Any]],
    custom_id="kot:g:{game_id:int}:{decision_id:int}:s{page:int}",
):
    """A menu of a decision's options, for questions with too many choices for buttons
    (Mimic's targets late in a big game, splitting many hearts between tokens)."""

    def __init__(self, game_id: int, decision_id: int, page: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=self.id_for(game_id=game_id, decision_id=decision_id, page=page),
                placeholder=placeholder,
                # discord.py needs at least one option to build the item from a click.
                options=options or [discord.SelectOption(label="…", value="0")],
            )
        )
        self.game_id = game_id
        self.decision_id = decision_id

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        chosen = self.item.values[0] if self.item.values else ""
        await clicks.game_click(request, self.game_id, self.decision_id, f"o{chosen}")


def _option_menus(game: Game, state: GameState, decision: Decision, numbers: list[int],
                  who: str, label: Callable[[GameState, Any], Phrase] = option_label,
                  language: str | None = None) -> list[GameSelect]:
    """Menus of the options ``numbers`` (25 a menu), each placeholder saying what to pick."""
    said = language or game.language
    what = "buy" if decision.kind == "buy" else "answer"
    total = len(numbers)
    pages = [numbers[start:start + MAX_MENU_OPTIONS]
             for start in range(0, total, MAX_MENU_OPTIONS)]
    return [
        GameSelect(
            game.id, decision.id, page,
            options=[
                discord.SelectOption(
                    label=say(language or game.language,
                              label(state, decision.options[number]))[:MAX_MENU_LABEL],
                    value=str(number))
                for number in chunk
            ],
            placeholder=who + (
                text(said, "ui-menu-all", what=what, total=total) if len(pages) == 1 else
                text(said, "ui-menu-page", what=what, first=page * MAX_MENU_OPTIONS + 1,
                     last=page * MAX_MENU_OPTIONS + len(chunk), total=total)),
        )
        for page, chunk in enumerate(pages)
    ]


def _many_options(game: Game, state: GameState, decision: Decision, who: str,
                  label: Callable[[GameState, Any], Phrase] = option_label,
                  language: str | None = None,
                  numbers: Sequence[int] | None = None) -> list[GameButton | GameSelect]:
    """A question with too many choices for buttons: menus of the choices (those of
    ``numbers``, by default all), then a row of buttons for the answers that end or decline
    it (so End turn is never hidden in a menu). ``language``: the labels' language, when not
    the game's (a private answer's)."""
    numbers = range(len(decision.options)) if numbers is None else numbers
    buttons = [n for n in numbers if _stays_a_button(decision.options[n])]
    if len(buttons) > MAX_BUTTONS_IN_ROW or len(buttons) == len(numbers):
        buttons = []
    picks = [n for n in numbers if n not in buttons]
    return [
        *_option_menus(game, state, decision, picks, who, label, language),
        *(GameButton(game.id, decision.id, f"o{number}",
                     label=who + say(language or game.language,
                                     label(state, decision.options[number])),
                     style=_option_style(decision.options[number]))
          for number in buttons),
    ]


def _routed_view() -> discord.ui.View:
    """An empty view for ``Control`` items, already stopped. Its buttons are routed by
    their custom ids (one ``DynamicItem`` template registered once), never through the
    view: a stopped view is sent as components only. A live one would be kept by
    discord.py after sending, and one sent privately would get a 15-minute expiry task
    and timer for each private message (discord.py gives every private view that
    timeout), none of which the bot uses."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def board_view(game: Game, suggested: Suggestions) -> discord.ui.View | None:
    """Buttons for every pending decision: dice and Roll/Done for the roll, one button per
    option for anything else, or menus when a question has many choices (so a new card's
    question needs no new code here). ``suggested``: the Easy AI's keeps for the roll
    questions (``bot.table.suggestions``), found with the board's data."""
    state = game.state
    if game.status != "playing" or state is None or state.over or not state.pending:
        return None
    view = _routed_view()
    several = len(state.pending) > 1
    items: list[discord.ui.Item[Any]] = []
    offers: list[GameButton] = []
    thinking: list[str] = []
    for decision in state.pending:
        if (game.ai_level(decision.seat) is not None
                or decision.seat in game.chronicle.presence.left):
            # An AI monster (or the autopilot of a player who left) answers by itself:
            # nothing to click, only a sign that it plays.
            thinking.append(state.monsters[decision.seat].name)
            continue
        if decision.kind == "roll":
            items.extend(_roll_buttons(game, state, decision, suggested.get(decision.id)))
            continue
        who = f"{state.monsters[decision.seat].name}: " if several else ""
        if secret(state, decision) is not None:
            # Only the monster asked may see what it is about: its answers are shown to it
            # privately (private_view); the board shows no option, not even how many.
            items.append(GameButton(game.id, decision.id, "p0",
                                    label=who + text(game.language, "ui-show-privately"),
                                    style=discord.ButtonStyle.primary))
            continue
        offers.extend(_offer_button(game, decision, who))
        shown = [number for number, option in enumerate(decision.options)
                 if not is_evolution_play(option)]
        if len(shown) > MAX_OPTION_BUTTONS:
            items.extend(_many_options(game, state, decision, who, numbers=shown))
        else:
            items.extend(
                GameButton(game.id, decision.id, f"o{number}",
                           label=who + say(game.language,
                                           option_label(state, decision.options[number])),
                           style=_option_style(decision.options[number]))
                for number in shown
            )
        items.extend(_evolutions_button(game, decision, who))
    if thinking and not items:
        items.append(discord.ui.Button(label=text(game.language, "ui-thinking",
                                                  count=len(thinking), who=Join(tuple(thinking))),
                                       custom_id=f"kot:ai:{game.id}", disabled=True))
    for item in items:
        view.add_item(item)
    for offer in offers:
        with contextlib.suppress(ValueError):  # no room: the question's controls come first
            view.add_item(offer)
    _add_panel_button(view, game)
    return view


def is_evolution_play(option: object) -> bool:
    """Is this option an Evolution played from the hand (Power Up!)?"""
    return isinstance(option, Choose) and isinstance(option.choice, PlayEvolution)


def _evolutions_button(game: Game, decision: Decision, who: str) -> list[GameButton]:
    """🧬 Evolutions, beside a question of a monster with Evolutions in hand: which it may
    play now (perhaps none) is shown to its player alone (``evolutions_view``), as its hand
    is secret; the button, shown for any hand, tells the table nothing."""
    state = game.playing_state()
    if not (any(is_evolution_play(option) for option in decision.options)
            or state.monsters[decision.seat].evolution_hand):
        return []
    return [GameButton(game.id, decision.id, "e0",
                       label=who + text(game.language, "ui-evolutions"),
                       style=discord.ButtonStyle.primary)]


def evolutions_view(game: Game, decision: Decision, language: str) -> discord.ui.View:
    """The Evolutions a question lets its monster play, for its player's private message:
    named (``engine.private_option_label``), with the same ``o<n>`` codes as the board's
    options, so a click goes the usual way. In ``language``, the clicker's."""
    state = game.playing_state()
    view = _routed_view()
    for number, option in enumerate(decision.options):
        if is_evolution_play(option):
            view.add_item(GameButton(game.id, decision.id, f"o{number}",
                                     label=say(language, private_option_label(state, option)),
                                     style=discord.ButtonStyle.primary))
    return view


def _offer_button(game: Game, decision: Decision, who: str) -> list[GameButton]:
    """The standing order a question offers beside its answers ("📋 Always yield at ≤ 4❤️",
    "📋 Skip buying from now on"), in the last row with 📋 My monster, which undoes it."""
    code = offer_code(game, decision)
    if code is None:
        return []
    label = (text(game.language, "offer-yield-button", hearts=int(code[1:]))
             if code.startswith(YIELD_OFFER) else text(game.language, "offer-skip-buying-button"))
    return [GameButton(game.id, decision.id, code, label=who + label, row=MAX_ROWS - 1)]


def _add_panel_button(view: discord.ui.View, game: Game) -> None:
    """📋 My monster and 📜 Story, last: in the last row, where the question's controls leave
    room (a roll of nine dice with every dice tool fills the five rows; /kot me and /kot log
    answer the same); then 🎓 Coach where a player's coach is on (``bot.discord.coach``).
    None takes a question's place, so no turn takes a click more."""
    buttons: list[Control[discord.ui.Button[Any]]] = [
        MonsterButton(game.id, row=MAX_ROWS - 1, language=game.language),
        StoryButton(game.id, row=MAX_ROWS - 1, language=game.language)]
    if any(coaching.on for coaching in game.chronicle.coaching.entries):
        buttons.append(CoachButton(game.id, row=MAX_ROWS - 1, language=game.language))
    for button in buttons:
        with contextlib.suppress(ValueError):  # no room: the question's controls come first
            view.add_item(button)


# --- the "My monster" panel and its standing orders --------------------------------------

class MonsterButton(Control[discord.ui.Button[Any]], custom_id="kot:m:{game_id:int}"):
    """📋 My monster (``kot:m:<game>``): a player's panel, privately; the whole table for
    anyone else."""

    def __init__(self, game_id: int, row: int | None = None, language: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=text(language, "ui-my-monster"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=self.id_for(game_id=game_id)),
                         row=row)
        self.game_id = game_id

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.monster_panel(request, self.game_id)


class StoryButton(Control[discord.ui.Button[Any]], custom_id="kot:t:{game_id:int}"):
    """📜 Story (``kot:t:<game>``): the last turns' summaries, privately, to anyone."""

    def __init__(self, game_id: int, row: int | None = None, language: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=text(language, "story-button"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=self.id_for(game_id=game_id)),
                         row=row)
        self.game_id = game_id

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.story(request, self.game_id)


class CoachButton(Control[discord.ui.Button[Any]], custom_id="kot:coach:{game_id:int}"):
    """🎓 Coach (``kot:coach:<game>``): the clicker's coach note for their question now,
    privately (the note sent by itself needs a fresh token of theirs)."""

    def __init__(self, game_id: int, row: int | None = None, language: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=text(language, "coach-button"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=self.id_for(game_id=game_id)),
                         row=row)
        self.game_id = game_id

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.coach_note(request, self.game_id)


class CoachToggle(Control[discord.ui.Button[Any]],
                  custom_id="kot:ct:{game_id:int}:{turn:on|off}"):
    """The panel's coach toggle (``kot:ct:<game>:<on|off>``): turns the clicker's coach on
    or off, as its label says."""

    def __init__(self, game_id: int, turn: str, language: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(
            label=text(language, f"coach-toggle-{turn}"),
            style=discord.ButtonStyle.success if turn == "on" else discord.ButtonStyle.secondary,
            custom_id=self.id_for(game_id=game_id, turn=turn), row=len(ORDER_FIELDS) + 1))
        self.game_id = game_id
        self.turn = turn

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.coach_toggle(request, self.game_id, on=self.turn == "on")


class OrderSelect(
    Control[discord.ui.Select[Any]],
    custom_id="kot:o:{game_id:int}:{field:yield|stay|buy|evolutions}",
):
    """One menu of a player's standing orders, under their private panel."""

    def __init__(self, game_id: int, field: str, order: StandingOrder | None = None,
                 language: str = ENGLISH) -> None:
        super().__init__(_order_select(self.id_for(game_id=game_id, field=field), field, order,
                                       language))
        self.game_id = game_id
        self.field = field

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.order_select(request, self.game_id, self.field, list(self.item.values))


def _order_select(custom_id: str, field: str, order: StandingOrder | None,
                  language: str) -> discord.ui.Select[Any]:
    if field == "buy":
        current: str = order.buy if order is not None else "ask"
    elif field == POWER_UP_FIELD:
        current = order.evolutions if order is not None else "deck"
    else:
        hearts = None if order is None else order.yield_at if field == "yield" else order.stay_above
        current = "off" if hearts is None else str(hearts)
    return discord.ui.Select(custom_id=custom_id, options=[
        discord.SelectOption(label=label, value=value, default=value == current)
        for value, label in order_choices(field, language).items()
    ])


def order_choices(field: str, language: str) -> dict[str, str]:
    """The choices of one menu of standing orders, by value: their labels in ``language``
    ("off" or "ask": the choice that asks the player again)."""
    if field == "buy":
        return {key: text(language, "ui-order-buying", order=words)
                for key, words in BUY_WORDS.items()}
    if field == POWER_UP_FIELD:
        return {key: text(language, "ui-order-evolutions", order=words)
                for key, words in EVOLUTION_WORDS.items()}
    words, values = ((yield_words, YIELD_CHOICES) if field == "yield"
                     else (stay_words, STAY_CHOICES))
    return {"off": text(language, "ui-order-ask", field=field),
            **{str(n): _capitalized(say(language, words(n))) for n in values}}


def _capitalized(said: str) -> str:
    return said[:1].upper() + said[1:]


def orders_view(game: Game, seat: int, language: str) -> discord.ui.View:
    """The standing-order menus under a player's panel, showing their current orders (in
    ``language``, the player's)."""
    view = _routed_view()
    order = game.chronicle.orders.of(seat)
    fields = order_fields(game)
    for field in fields:
        view.add_item(OrderSelect(game.id, field, order, language))
    coached = game.chronicle.coaching.of(seat).on
    view.add_item(CoachToggle(game.id, "off" if coached else "on", language))
    return view


# --- secret questions (Made in a Lab): answered in a private message -------------------

def private_view(game: Game, decision: Decision, language: str) -> discord.ui.View:
    """The answers to a secret question, for the private message only the monster asked
    sees: labelled with what only it may know (``engine.private_option_label``). The same
    ``o<n>`` buttons as the board's, so a click goes the usual way. In ``language``, the
    clicker's."""
    state = game.playing_state()
    view = _routed_view()
    items: list[GameButton | GameSelect]
    if len(decision.options) > MAX_OPTION_BUTTONS:
        items = _many_options(game, state, decision, "", private_option_label, language)
    else:
        items = [GameButton(game.id, decision.id, f"o{number}",
                            label=say(language, private_option_label(state, option)),
                            style=_option_style(option))
                 for number, option in enumerate(decision.options)]
    for item in items:
        view.add_item(item)
    if decision.power == EvolutionMomentQuestion.key:
        view.add_item(NeverAskSelect(game.id, decision.id, game, language))
    return view


class NeverAskSelect(Control[discord.ui.Select[Any]],
                     custom_id="kot:na:{game_id:int}:{decision_id:int}"):
    """Power Up!: the menu under a moment's private question (``kot:na:<game>:<decision>``):
    the Evolutions it is asked for, those chosen never to be asked for again (a standing
    order, ``bot.table.orders.with_never_asked``)."""

    def __init__(self, game_id: int, decision_id: int, game: Game | None = None,
                 language: str = ENGLISH) -> None:
        custom_id = self.id_for(game_id=game_id, decision_id=decision_id)
        decision = None if game is None else game.playing_state().decision(decision_id)
        super().__init__(discord.ui.Select(custom_id=custom_id) if game is None or decision is None
                         else _never_ask_select(custom_id, game, decision, language))
        self.game_id = game_id
        self.decision_id = decision_id

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.never_ask(request, self.game_id, self.decision_id, list(self.item.values))


def _never_ask_select(custom_id: str, game: Game, decision: Decision,
                      language: str) -> discord.ui.Select[Any]:
    never = game.chronicle.orders.of(decision.seat).never_asked
    keys = asked_for(game.playing_state(), decision)
    return discord.ui.Select(
        custom_id=custom_id, min_values=0, max_values=len(keys),
        placeholder=text(language, "ui-never-ask-placeholder"),
        options=[discord.SelectOption(
            label=text(language, "ui-never-ask", card=card_ref(key)), value=key,
            default=key in never) for key in keys])


def confirm_view(game: Game, decision: Decision, number: int, language: str) -> discord.ui.View:
    """The one button of the private "this knocks out your monster" warning: option
    ``number`` of the decision, confirmed (``c<n>``)."""
    view = _routed_view()
    view.add_item(GameButton(game.id, decision.id, f"c{number}",
                             label=text(language, "ui-confirm-anyway"),
                             style=discord.ButtonStyle.danger))
    return view


# --- lobby ----------------------------------------------------------------------------

# Lobby buttons: (style, row) by verb; the label is message ui-lobby-<verb>. (The 🌐 of
# Language: the button is found by whoever reads neither language of its label.) The
# lobby shows them all but the AI levels', which 🤖 Add AI ("ai") shows privately to the
# host (lobbies posted before the Medium level showed Easy's and Hard's: they still work).
_LOBBY_BUTTONS = {
    "join": (discord.ButtonStyle.success, 0),
    "leave": (discord.ButtonStyle.secondary, 0),
    "start": (discord.ButtonStyle.primary, 0),
    "cancel": (discord.ButtonStyle.danger, 0),
    "clock": (discord.ButtonStyle.secondary, 0),
    "ai": (discord.ButtonStyle.secondary, 4),
    "ai_remove": (discord.ButtonStyle.secondary, 4),
    "cards": (discord.ButtonStyle.secondary, 4),
    "language": (discord.ButtonStyle.secondary, 4),
    **{f"ai_{level}": (discord.ButtonStyle.secondary, 0) for level in AI_LEVEL_NAMES},
}
LOBBY_VERBS = tuple(_LOBBY_BUTTONS)
_SHOWN_IN_LOBBY = tuple(verb for verb in LOBBY_VERBS if verb.removeprefix("ai_") not in
                        AI_LEVEL_NAMES)


class LobbyButton(
    Control[discord.ui.Button[Any]],
    custom_id="kot:l:{game_id:int}:{verb:" + "|".join(LOBBY_VERBS) + "}",
):
    def __init__(self, game_id: int, verb: str, language: str = ENGLISH) -> None:
        style, row = _LOBBY_BUTTONS[verb]
        super().__init__(
            discord.ui.Button(label=text(language, f"ui-lobby-{verb}"), style=style,
                              custom_id=self.id_for(game_id=game_id, verb=verb)),
            row=row,
        )
        self.game_id = game_id
        self.verb = verb

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.lobby_button(request, self.game_id, self.verb)


VARIANT_CHOICES = {"auto": None, "on": True, "off": False}
POWER_UP_CHOICES = ("off", "on")


def _lobby_select(custom_id: str, field: str, lobby: Lobby | None,
                  language: str) -> discord.ui.Select[Any]:
    if field == "monster":
        taken = {p.monster for p in lobby.players} if lobby else set()
        names = lobby.monster_names() if lobby else MONSTER_NAMES
        options = [
            discord.SelectOption(label=name, value=name,
                                 description=text(language, "ui-taken") if name in taken
                                 else None)
            for name in names
        ]
        return discord.ui.Select(custom_id=custom_id,
                                 placeholder=text(language, "ui-pick-monster"), options=options)
    if field == "edition":  # the game (its id predates Origins: old lobby messages use it)
        chosen = lobby.choice() if lobby else "2016"
        return discord.ui.Select(
            custom_id=custom_id, placeholder=text(language, "ui-game-menu"), options=[
                discord.SelectOption(label=text(language, label), value=value,
                                     default=value == chosen)
                for value, label in GAME_CHOICES.items()
            ])
    if field == "lang":  # (not "language": the lobby's 🌐 button has that id)
        spoken = lobby.language if lobby else ENGLISH
        # Each language by its own name, as language menus show them.
        return discord.ui.Select(
            custom_id=custom_id, placeholder=text(language, "ui-language-menu"), options=[
                discord.SelectOption(label=text(each, "language-name"), value=each,
                                     default=each == spoken)
                for each in LANGUAGES
            ])
    if field == "mix" or field in PICK_MENUS:
        return _mix_select(custom_id, field, lobby, language)
    if field == "power_up":
        on = lobby.power_up if lobby else False
        return discord.ui.Select(
            custom_id=custom_id, placeholder=text(language, "ui-power-up-menu"), options=[
                discord.SelectOption(label=text(language, "ui-power-up", setting=key),
                                     value=key, default=(key == "on") is on)
                for key in POWER_UP_CHOICES
            ])
    if field in CLOCK_CHOICES:
        return _clock_select(custom_id, field, lobby, language)
    variant = lobby.two_player_variant if lobby else None
    return discord.ui.Select(
        custom_id=custom_id, placeholder=text(language, "ui-variant-menu"), options=[
            discord.SelectOption(label=text(language, "ui-variant", setting=key), value=key,
                                 default=value is variant)
            for key, value in VARIANT_CHOICES.items()
        ])


# The host's private menus that pick cards of the Origins box, each within Discord's 25
# options a menu: its 14 new cards ("picked"), then its 36 reprints in two halves.
_REPRINTS = origins_cards()[len(new_in_origins()):]
PICK_MENUS: dict[str, tuple[str, ...]] = {
    "picked": new_in_origins(),
    "reprints1": _REPRINTS[: len(_REPRINTS) // 2],
    "reprints2": _REPRINTS[len(_REPRINTS) // 2:],
}


def _mix_select(custom_id: str, field: str, lobby: Lobby | None,
                language: str) -> discord.ui.Select[Any]:
    """How many Origins cards a 2016 base game takes in ("mix"), or which ones, several at
    once in each menu of ``PICK_MENUS``."""
    if field == "mix":
        mix = lobby.mix if lobby else "none"
        return discord.ui.Select(
            custom_id=custom_id, placeholder=text(language, "ui-mix-menu"), options=[
                discord.SelectOption(label=text(language, label), value=value,
                                     default=value == mix)
                for value, label in MIX_CHOICES.items()
            ])
    picked = set(lobby.picked) if lobby else set()
    offered = PICK_MENUS[field]
    placeholder = (text(language, "ui-picked-menu") if field == "picked" else
                   text(language, "ui-reprints-menu", part=list(PICK_MENUS).index(field),
                        parts=len(PICK_MENUS) - 1))
    return discord.ui.Select(
        custom_id=custom_id, placeholder=placeholder, min_values=0,
        max_values=len(offered), options=[
            discord.SelectOption(
                label=text(language, f"card-{key}"), value=key, default=key in picked,
                description=(f"{CARDS[key].cost}⚡ · {card_text(language, key, '2016')}"
                             if key in implemented_keys("origins")
                             else text(language, "ui-not-playable"))[:MAX_MENU_LABEL])
            for key in offered
        ])


def cards_view(game: Game, language: str) -> discord.ui.View:
    """The host's private menus for the cards of a King of Tokyo game (in ``language``, the
    host's): Power Up! (either edition), and Origins' cards mixed into a 2016 game."""
    view = _routed_view()
    fields = ("power_up", *(("mix", *PICK_MENUS) if game.lobby.mixes() else ()))
    for field in fields:
        view.add_item(LobbySelect(game.id, field, game.lobby, language=language))
    return view


def ai_levels_view(game: Game, language: str) -> discord.ui.View:
    """The host's private buttons that add an AI monster, one a level, weakest first (in
    ``language``, the host's); each adds one more every time it is pressed."""
    view = _routed_view()
    for level in AI_LEVEL_NAMES:
        view.add_item(LobbyButton(game.id, f"ai_{level}", language))
    return view


def language_view(game: Game, language: str) -> discord.ui.View:
    """The host's private menu for the language of the game's messages in the channel."""
    view = _routed_view()
    view.add_item(LobbySelect(game.id, "lang", game.lobby, language=language))
    return view


# The host's choices for the turn clock (seconds; 0: no clock): minutes for a table sitting
# together, hours and days for a game played over days (bot.table.model.LONG_CLOCK_SECONDS),
# whose reaction times include the ones its turn times bring (Lobby.with_turn_time).
HOUR = 3600
CLOCK_CHOICES = {
    "turn": (60, 90, 120, 180, 300, 600, HOUR, 4 * HOUR, 12 * HOUR, 24 * HOUR, 72 * HOUR, 0),
    "reaction": (15, 30, 45, 60, 120, 900, HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR, 0),
}


def _clock_select(custom_id: str, field: str, lobby: Lobby | None,
                  language: str) -> discord.ui.Select[Any]:
    current = None if lobby is None else (lobby.turn_seconds if field == "turn"
                                          else lobby.reaction_seconds)
    return discord.ui.Select(
        custom_id=custom_id, placeholder=text(language, "ui-clock-menu", field=field), options=[
            discord.SelectOption(
                label=text(language, "ui-clock-choice", field=field,
                           time=clock_words(seconds, language)) if seconds
                else text(language, "ui-no-clock"),
                value=str(seconds), default=current == seconds)
            for seconds in CLOCK_CHOICES[field]
        ])


def clock_view(game: Game, language: str) -> discord.ui.View:
    """The host's private menus for the lobby's turn clock (in ``language``, the host's)."""
    view = _routed_view()
    for field in CLOCK_CHOICES:
        view.add_item(LobbySelect(game.id, field, game.lobby, language=language))
    return view


class LobbySelect(
    Control[discord.ui.Select[Any]],
    custom_id=("kot:l:{game_id:int}:"
               "{field:monster|edition|variant|lang|turn|reaction|mix|picked|reprints1|reprints2"
               "|power_up}"),
):
    def __init__(self, game_id: int, field: str, lobby: Lobby | None = None,
                 row: int | None = None, language: str = ENGLISH) -> None:
        super().__init__(_lobby_select(self.id_for(game_id=game_id, field=field), field, lobby,
                                       language), row=row)
        self.game_id = game_id
        self.field = field

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.lobby_select(request, self.game_id, self.field, list(self.item.values))


def lobby_view(game: Game) -> discord.ui.View:
    view = _routed_view()
    for verb in _SHOWN_IN_LOBBY:
        view.add_item(LobbyButton(game.id, verb, game.language))
    for row, field in enumerate(("monster", "edition", "variant"), start=1):
        view.add_item(LobbySelect(game.id, field, game.lobby, row=row, language=game.language))
    return view


# --- /kot end confirmation --------------------------------------------------------------


_END_STYLES = {"end": discord.ButtonStyle.danger, "keep": discord.ButtonStyle.secondary}


class EndButton(
    Control[discord.ui.Button[Any]],
    custom_id="kot:e:{game_id:int}:{answer:end|keep}:{expires:int}",
):
    """An answer to the private "are you sure?" of /kot end. Dynamic like every other
    control, so it answers after a restart too; past its expiry it says so."""

    def __init__(self, game_id: int, answer: str, expires: int,
                 language: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(
            label=text(language, f"ui-end-{answer}"), style=_END_STYLES[answer],
            custom_id=self.id_for(game_id=game_id, answer=answer, expires=expires)))
        self.game_id = game_id
        self.answer = answer
        self.expires = expires

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.end_answer(request, self.game_id, confirmed=self.answer == "end",
                                expires=self.expires)


def end_question_view(game_id: int, expires: int, language: str) -> discord.ui.View:
    view = _routed_view()
    for answer in ("end", "keep"):
        view.add_item(EndButton(game_id, answer, expires, language))
    return view


# --- the end of a game ------------------------------------------------------------------


class RematchButton(Control[discord.ui.Button[Any]], custom_id="kot:r:{game_id:int}"):
    """The "🔁 Rematch" button of a finished game's final board (``kot:r:<game>``): a new
    lobby in the same channel with the same players and options. Like every control, it
    works after a restart."""

    def __init__(self, game_id: int, language: str = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=text(language, "ui-rematch"),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=self.id_for(game_id=game_id)))
        self.game_id = game_id

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        await clicks.rematch(request, self.game_id)


def final_view(game: Game) -> discord.ui.View | None:
    """The Rematch button of a game's last message: the final board of a game that
    finished, the standings of one stopped by /kot end."""
    if game.status not in ("over", "ended"):
        return None
    view = _routed_view()
    view.add_item(RematchButton(game.id, game.language))
    return view


DYNAMIC_ITEMS = (GameButton, GameSelect, LobbyButton, LobbySelect, EndButton, RematchButton,
                 MonsterButton, StoryButton, OrderSelect, CoachButton, CoachToggle,
                 NeverAskSelect)
