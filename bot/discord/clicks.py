"""Clicks: the game's buttons and menus, the lobby's, the /kot end confirmation, and the
turn timer's answer for a silent player (the clock's click).

A game click: a check that needs no lock (a wrong player or a passed moment is answered
privately at once), otherwise acknowledge (defer), then the service applies and stores the
action with its effects under the game's lock, and the delivery carries them out once the lock
is released: it edits this turn's board or posts the next one. A refused acknowledgement
(Discord already told the player "This interaction failed") stops there, changing nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TypeVar

from bot.discord.coach import CoachDesk
from bot.discord.io import DiscordIO
from bot.discord.messages import (
    CARDS_NOT_MIXED,
    CARDS_POWER_UP_QUESTION,
    CARDS_QUESTION,
    CLOCK_QUESTION,
    END_QUESTION,
    END_QUESTION_EXPIRED,
    END_QUESTION_TOO_LATE,
    GAME_UNREADABLE,
    MOMENT_PASSED_BOARD_REFRESHED,
    ai_levels_text,
    ended_notice,
    forbidden_text,
    knock_out_warning,
    missing_permissions,
    private_question,
    rematch_busy_text,
)
from bot.discord.panel import evolutions_text, panel_for
from bot.discord.request import Interaction, Request
from bot.discord.story import story_embed
from bot.discord.views import (
    CLOCK_CHOICES,
    PICK_MENUS,
    POWER_UP_CHOICES,
    VARIANT_CHOICES,
    ai_levels_view,
    cards_view,
    clock_view,
    confirm_view,
    end_question_view,
    evolutions_view,
    is_evolution_play,
    language_view,
    order_choices,
    private_view,
)
from bot.i18n import LANGUAGES, say, text
from bot.table import publish, timers
from bot.table.delivery import Delivery, Shown
from bot.table.in_hand import InHand
from bot.table.lobbies import ChannelTaken
from bot.table.model import (
    AI_LEVEL_NAMES,
    GAME_CHOICES,
    MIX_CHOICES,
    BrokenGame,
    ClickRefused,
    Game,
    Refused,
)
from bot.table.orders import OFFER_CODES, YIELD_OFFER
from bot.table.publish import Show
from bot.table.service import GameService
from bot.table.timers import MAX_RETRY, TurnClock
from engine import Decision, needs_confirmation, phrase, private_option_label, secret

log = logging.getLogger(__name__)
T = TypeVar("T")

# How long the /kot end question can be answered: well within the 15 minutes its own
# interaction can still edit it (to take its buttons away when nobody answers).
END_QUESTION_SECONDS = 600


def may_end(request: Request, game: Game) -> bool:
    """The host, or anyone who can manage the channel, may end a game."""
    return request.user_id == game.host_id or request.interaction.permissions.manage_channels


def offer_taken(code: str, language: str) -> str:
    """The private answer to a standing order taken on the board: what it does from now on,
    what it did now, and the choice of 📋 My monster's menu that undoes it."""
    if code.startswith(YIELD_OFFER):
        return text(language, "offer-yield-set", hearts=int(code[1:]),
                    undo=order_choices("yield", language)["off"])
    return text(language, "offer-skip-buying-set", undo=order_choices("buy", language)["ask"])


def _option_number(code: str, kinds: str) -> int | None:
    """The option n of a button code ``<kind><n>`` with one of these ``kinds`` ("o": an
    option, "c": an option confirmed), or None for another code."""
    kind, number = code[:1], code[1:]
    return int(number) if kind and kind in kinds and number.isdigit() else None


class Clicks:
    """The bot's ``bot.discord.views.ClickHandler``."""

    def __init__(self, service: GameService, delivery: Delivery[Interaction], io: DiscordIO,
                 turns: TurnClock, coach: CoachDesk, in_hand: InHand) -> None:
        self._coach = coach
        self._service = service
        self._delivery = delivery
        self._io = io
        self._turns = turns
        self._in_hand = in_hand
        self._end_questions: set[asyncio.Task[None]] = set()

    def take(self) -> bool:
        return self._in_hand.take()

    def _shown_to(self, request: Request) -> Callable[[int], Awaitable[Shown]]:
        """The delivery's pass for a change this request made: its own message is edited
        through it, and what went wrong is told to its asker."""
        return partial(self._delivery.show, origin=request.interaction)

    # --- game buttons and menus -----------------------------------------------------

    async def game_click(self, request: Request, game_id: int, decision_id: int,
                         code: str) -> None:
        game = await self._read(request, game_id)
        if game is None:
            return
        try:
            if code.startswith("k"):
                # A die toggle drawn before keep/release buttons: what it meant is unknown.
                raise ClickRefused("stale_decision")
            decision = self._service.check_click(game, request.user_id, decision_id)
        except ClickRefused as refusal:
            await self._refuse_at_once(request, game, refusal)
            return
        if code.startswith("p"):
            # A secret question's answers, shown privately: nothing changes in the game.
            await self._show_secret(request, game, decision)
            return
        if code.startswith("e"):
            # (Power Up!) The Evolutions the clicker may play now, shown privately.
            playable = any(is_evolution_play(option) for option in decision.options)
            await request.answer(evolutions_text(game.playing_state(), decision.seat,
                                                 request.language, playable=playable),
                                 view=evolutions_view(game, decision, request.language))
            return
        if code[:1] in OFFER_CODES:
            await self._take_offer(request, game, decision_id, code)
            return
        if await self._asked_to_confirm(request, game, decision, code):
            return
        if not await request.acknowledge():
            return
        outcome = await self._unless_refused(request, game, self._service.click(
            game_id, request.user_id, decision_id, code, self._shown_to(request)))
        if outcome is not None:
            await self._after_secret_click(request, game, decision, code, outcome.game)

    async def _unless_refused(self, request: Request, game: Game,
                              change: Awaitable[T]) -> T | None:
        """What a change a click asked for gives, or None once the clicker was told why it
        was refused: a race lost (another click got there first), an illegal move."""
        try:
            return await change
        except ClickRefused as refusal:
            await request.refuse_click(refusal, self._service.cached(game.id) or game)
        except Refused as refusal:
            await request.refuse(refusal)
        return None

    async def _asked_to_confirm(self, request: Request, game: Game,
                                decision: Decision, code: str) -> bool:
        """An option that would knock out the clicker's own monster, when another answer
        would not, is not applied yet: the clicker is told privately, with one button to do
        it anyway (``c<n>``). True when it was asked."""
        number = _option_number(code, "o")
        if number is None or number >= len(decision.options):
            return False
        state = game.playing_state()
        option = decision.options[number]
        if not needs_confirmation(state, decision.seat, option):
            return False
        await request.answer(knock_out_warning(state, decision.seat, option, request.language),
                             view=confirm_view(game, decision, number, request.language))
        return True

    async def _take_offer(self, request: Request, game: Game, decision_id: int,
                          code: str) -> None:
        """A standing order offered beside its question, taken: set, the question answered
        by it, and the player told privately how 📋 My monster undoes it."""
        if not await request.acknowledge():
            return
        try:
            await self._service.take_offer(game.id, request.user_id, decision_id, code,
                                           self._shown_to(request))
        except ClickRefused as refusal:
            # Lost a race (another click got there first), or a forged button.
            await request.refuse_click(refusal, self._service.cached(game.id) or game)
            return
        except Refused as refusal:
            await request.refuse(refusal)
            return
        await request.answer(offer_taken(code, request.language))

    # --- secret questions (Made in a Lab): asked in a private message ------------------

    async def _show_secret(self, request: Request, game: Game, decision: Decision) -> None:
        state = game.playing_state()
        await request.answer(private_question(state, decision, request.language),
                             view=private_view(game, decision, request.language))

    async def _after_secret_click(self, request: Request, before: Game,
                                  decision: Decision, code: str, after: Game) -> None:
        """An answer clicked in a private message leaves it saying what was chosen, without
        buttons; a secret question the click led to (Made in a Lab's card, once looked at)
        is shown at once, privately, to the one clicking."""
        clicked = request.interaction.message
        number = _option_number(code, "oc")
        if clicked is not None and clicked.flags.ephemeral and number is not None and (
                number < len(decision.options)):
            chosen = say(request.language,
                         private_option_label(before.playing_state(), decision.options[number]))
            await request.edit(content=f"✅ {chosen}", view=None)
        state = after.state
        seat = after.seat_of(request.user_id)
        if after.status != "playing" or state is None or seat is None:
            return
        for pending in state.pending:
            if pending.seat == seat and secret(state, pending) is not None:
                await self._show_secret(request, after, pending)

    async def _read(self, request: Request, game_id: int) -> Game | None:
        """The game a click is about, or None after telling the clicker why not."""
        try:
            return await self._service.peek(game_id)
        except Refused as refusal:
            await request.refuse(refusal)
        except BrokenGame as error:
            await request.tell(GAME_UNREADABLE)
            await self._delivery.report_broken(error)
        return None

    async def _refuse_at_once(self, request: Request, game: Game,
                              refusal: ClickRefused) -> None:
        message = request.interaction.message
        clicked = message.id if message is not None else None
        if refusal.code != "stale_decision" or clicked != game.board_message_id:
            await request.refuse_click(refusal, game)
            return
        # The live board shows a moment that has passed (its last edit failed, or the bot
        # stopped between saving and showing): bring it up to date, if it still is the live
        # board once the game's lock is ours.
        if not await request.acknowledge():
            return

        def refresh(current: Game) -> publish.Plan:
            if current.board_message_id != clicked:
                return publish.Plan(current.id)
            return publish.refresh(current)

        shown = await self._service.show_board(game.id, refresh, self._shown_to(request))
        if shown.complete:
            await request.tell(MOMENT_PASSED_BOARD_REFRESHED)

    async def timer_ran_out(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        """The turn timer's answer: the moves of AI monsters whose pause is over, and the
        autopilot's for players whose time ran out (a player who left the server meanwhile
        has left the game)."""
        try:
            await self._leave_if_gone_from_server(game_id, decision_ids)
            outcome = await self._service.timeout(game_id, decision_ids, self._delivery.show)
            game = self._service.cached(game_id)
            if outcome is None and game is not None:
                # All answered meanwhile: that answer's pass timed what is asked now, but a
                # timer that finds nothing to do times it again rather than trust that.
                self._turns.schedule(game)
        except (Refused, BrokenGame):
            log.info("game %s: timer fired for a game that is gone", game_id)
        except Exception:
            log.exception("game %s: the turn timer failed; it will try again", game_id)
            await self._retry_timer(game_id, decision_ids)

    async def _retry_timer(self, game_id: int, decision_ids: tuple[int, ...]) -> None:
        """Time the failed answer again: from the game as it is (not necessarily cached:
        games are read when used), or, when it cannot even be read, the same questions
        after the longest wait between retries."""
        try:
            game = await self._service.peek(game_id)
        except (Refused, BrokenGame):
            return
        except Exception:
            log.exception("game %s: cannot be read to time its answer again", game_id)
            self._turns.timers.set(game_id, decision_ids, MAX_RETRY)
            return
        self._turns.retry(game)

    async def _leave_if_gone_from_server(self, game_id: int,
                                         decision_ids: tuple[int, ...]) -> None:
        # Read, not only cached: the start-up arms every game's clock without keeping it.
        game = await self._service.peek(game_id)
        state = game.state
        if state is None or game.guild_id is None:
            return
        seats = {d.seat for d in state.pending if d.id in decision_ids}
        for seat in sorted(seats - set(game.chronicle.presence.left)):
            user_id = game.seats[seat]
            if user_id > 0 and not await self._io.still_member(game.guild_id, user_id):
                log.info("game %s: player %s left the server", game_id, user_id)
                await self._service.leave(game_id, user_id, self._delivery.show)

    # --- the "My monster" panel and its standing orders -----------------------------------

    async def monster_panel(self, request: Request, game_id: int) -> None:
        """A player's panel (with their standing orders), or the table for anyone else;
        privately. It changes nothing."""
        game = await self._read(request, game_id)
        if game is None:
            return
        try:
            embed, view = panel_for(game, request.user_id, request.language)
        except Refused as refusal:
            await request.refuse(refusal)
            return
        await request.answer(None, embed=embed, **({} if view is None else {"view": view}))

    async def story(self, request: Request, game_id: int) -> None:
        """📜 Story (or /kot log): the last turns, privately. It changes nothing."""
        game = await self._read(request, game_id)
        if game is None:
            return
        try:
            embed = story_embed(game, request.user_id, request.language)
        except Refused as refusal:
            await request.refuse(refusal)
            return
        await request.answer(None, embed=embed)

    async def order_select(self, request: Request, game_id: int, field: str,
                           values: list[str]) -> None:
        """A standing order changed from the panel's menus: stored (a question it answers
        that is pending is answered at once), and the panel shows it."""
        await self._change_from_panel(request, lambda show: self._service.set_order(
            game_id, request.user_id, field, values[0] if values else "", show))

    async def never_ask(self, request: Request, game_id: int, decision_id: int,
                        keys: list[str]) -> None:
        """Power Up!: the Evolutions a moment's private question is never to be asked for
        again, chosen in its menu: stored, and the private message asks again (or, when
        nothing is left to ask for, says the question was passed)."""
        before = await self._read(request, game_id)
        if before is None or not await request.acknowledge():  # storing waits for the lock
            return
        game = await self._unless_refused(request, before, self._service.set_never_asked(
            game_id, request.user_id, decision_id, keys, self._shown_to(request)))
        if game is None:
            return
        state = game.playing_state()
        decision = state.decision(decision_id)
        if decision is None:
            await request.edit(content=request.text("evo-never-ask-passed"), view=None)
            return
        await request.edit(content=private_question(state, decision, request.language),
                           view=private_view(game, decision, request.language))

    async def _change_from_panel(self, request: Request,
                                 change: Callable[[Show], Awaitable[Game]]) -> None:
        """A change made from a player's private panel (given the delivery's ``show``),
        then the panel redrawn as it leaves the game; a refusal said privately."""
        if not await request.acknowledge():  # storing waits for the game's lock
            return
        try:
            game = await change(self._shown_to(request))
            embed, view = panel_for(game, request.user_id, request.language)
        except Refused as refusal:
            await request.refuse(refusal)
            return
        except BrokenGame:
            await request.tell(GAME_UNREADABLE)
            return
        await request.edit(embed=embed, view=view)

    # --- the coach (bot.table.coach) ---------------------------------------------------

    async def coach_note(self, request: Request, game_id: int) -> None:
        """🎓 Coach: the clicker's note for their question now, privately."""
        game = await self._read(request, game_id)
        if game is not None:
            self._coach.remember(game_id, request.interaction)
            await self._coach.show(request, game)

    async def coach_toggle(self, request: Request, game_id: int, *, on: bool) -> None:
        """The panel's toggle: the player's coach on or off (stored; turned on, the question
        pending now is noted at once), and the panel shows it."""
        await self._change_from_panel(request, lambda show: self._service.set_coach(
            game_id, request.user_id, on, show))

    # --- lobby ----------------------------------------------------------------------

    async def lobby_button(self, request: Request, game_id: int, verb: str) -> None:
        if verb in ("clock", "cards", "language", "ai"):
            await self._show_host_menus(request, game_id, verb)
            return
        # Acknowledge first: the lobby's lock may be held by a Start drawing the first board.
        if not await request.acknowledge():
            return
        lobbies = self._service.lobbies
        changes: dict[str, Callable[..., Awaitable[Game]]] = {
            "join": partial(lobbies.join, name=request.name),
            "leave": lobbies.leave, "cancel": lobbies.cancel,
            "start": lobbies.start, "ai_remove": lobbies.remove_ai,
            **{f"ai_{level}": partial(lobbies.add_ai, level=level) for level in AI_LEVEL_NAMES},
        }
        change = changes[verb]
        try:
            await change(game_id, request.user_id, show=self._shown_to(request))
        except Refused as refusal:
            await request.refuse(refusal)

    async def _show_host_menus(self, request: Request, game_id: int, verb: str) -> None:
        """The host's private menus for the turn clock, the language, the AI monsters to
        add, or the Origins cards mixed into a 2016 base game (a lobby change only once
        picked)."""
        game = await self._read(request, game_id)
        if game is None:
            return
        if game.status != "lobby":
            await request.tell("lobby-closed-already")
        elif request.user_id != game.host_id:
            await request.tell("host-only-menu", menu=verb)
        elif verb == "clock":
            await request.answer(request.text(CLOCK_QUESTION),
                                 view=clock_view(game, request.language))
        elif verb == "language":
            await request.answer(request.text("lobby-language-question"),
                                 view=language_view(game, request.language))
        elif verb == "ai":
            await request.answer(ai_levels_text(request.language),
                                 view=ai_levels_view(game, request.language))
        elif not game.lobby.takes_power_up():
            await request.tell(CARDS_NOT_MIXED)
        else:
            question = [request.text(CARDS_POWER_UP_QUESTION)]
            if game.lobby.mixes():
                question.append(request.text(CARDS_QUESTION))
            await request.answer("\n".join(question), view=cards_view(game, request.language))

    async def lobby_select(self, request: Request, game_id: int, field: str,
                           values: list[str]) -> None:
        if not await request.acknowledge():
            return
        lobbies = self._service.lobbies
        user_id = request.user_id
        choice = values[0] if values else ""
        show = self._shown_to(request)
        try:
            if field == "monster":
                await lobbies.pick_monster(game_id, user_id, choice, show, name=request.name)
            elif field in CLOCK_CHOICES:
                seconds = int(choice) if choice.isdigit() else -1
                if seconds not in CLOCK_CHOICES[field]:
                    raise Refused(phrase("table-refusal-pick-listed-time"))
                await lobbies.set_clock(
                    game_id, user_id, show,
                    turn_seconds=float(seconds) if field == "turn" else None,
                    reaction_seconds=float(seconds) if field == "reaction" else None)
            elif field == "edition":  # the Game menu
                if choice not in GAME_CHOICES:
                    raise Refused(phrase("table-refusal-pick-listed-game"))
                await lobbies.set_game(game_id, user_id, choice, show)
            elif field == "power_up":
                if choice not in POWER_UP_CHOICES:
                    raise Refused(phrase("table-refusal-pick-listed-power-up"))
                await lobbies.set_power_up(game_id, user_id, choice == "on", show)
            elif field == "mix":
                if choice not in MIX_CHOICES:
                    raise Refused(phrase("table-refusal-pick-listed-mix"))
                await lobbies.set_mix(game_id, user_id, show, mix=choice)
            elif field in PICK_MENUS:
                await lobbies.set_mix(game_id, user_id, show, picked=tuple(values),
                                      among=PICK_MENUS[field])
            elif field == "lang":
                if choice not in LANGUAGES:
                    raise Refused(phrase("table-refusal-pick-listed-language"))
                await lobbies.set_language(game_id, user_id, choice, show)
            else:
                if choice not in VARIANT_CHOICES:
                    raise Refused(phrase("table-refusal-pick-variant"))
                await lobbies.set_two_player_variant(game_id, user_id, VARIANT_CHOICES[choice],
                                                     show)
        except Refused as refusal:
            await request.refuse(refusal)

    # --- /kot end confirmation ------------------------------------------------------

    async def ask_to_end(self, request: Request, game: Game) -> None:
        """The private "are you sure?" of /kot end. Its buttons work after a restart too,
        until they expire; an unanswered question loses its buttons when it expires."""
        expires = int(self._turns.now() + END_QUESTION_SECONDS)
        await request.answer(request.text(END_QUESTION),
                             view=end_question_view(game.id, expires, request.language))
        if self._in_hand.closed:
            return  # (the bot closes: a click on it after its time is told it is too late)
        task = asyncio.create_task(self._expire_end_question(request),
                                   name=f"kot-end-question-{game.id}")
        self._end_questions.add(task)
        task.add_done_callback(self._end_questions.discard)

    async def _expire_end_question(self, asked: Request) -> None:
        await timers.sleep(END_QUESTION_SECONDS)
        # Answered already: editing it again changes nothing the player sees.
        message = await self._io.original_response(asked.interaction)
        if message is not None and message.components:
            await asked.edit(content=asked.text(END_QUESTION_EXPIRED), view=None)

    async def end_answer(self, request: Request, game_id: int, *, confirmed: bool,
                         expires: int) -> None:
        if not await request.acknowledge():  # ending waits for the game's lock
            return
        if self._turns.now() > expires:
            await request.edit(content=request.text(END_QUESTION_TOO_LATE), view=None)
            return
        if not confirmed:
            await request.edit(content=request.text("end-kept"), view=None)
            return
        try:
            game = await self._service.peek(game_id)
            if not may_end(request, game):
                raise Refused(phrase("table-refusal-may-not-end"))
            notice = ended_notice(request.name, game_id, game.language)
            await self._service.end(game_id, self._delivery.show, notice=notice)
        except (Refused, BrokenGame) as error:
            said = (error.said(request.language)
                    if isinstance(error, Refused) else str(error))
            await request.edit(content=said, view=None)
            return
        await request.edit(content=request.text("end-done"), view=None)

    # --- Rematch --------------------------------------------------------------------

    async def rematch(self, request: Request, game_id: int) -> None:
        """A new lobby with a finished game's players and options, hosted by the clicker;
        refused privately when the clicker did not play, with a link when the channel has a
        lobby or a game again, and with the permission message when the bot cannot show a
        game there (a lobby nobody could see would open otherwise)."""
        missing = missing_permissions(request.interaction)
        if missing:
            await request.answer(forbidden_text(missing, "Missing Permissions",
                                                request.language))
            return
        if not await request.acknowledge():  # storing the lobby may take a while
            return
        try:
            await self._service.lobbies.rematch(game_id, request.user_id,
                                                self._shown_to(request))
        except ChannelTaken as taken:
            await request.answer(rematch_busy_text(taken.game, game_id, request.language))
        except Refused as refusal:
            await request.refuse(refusal)
        except BrokenGame:
            await request.tell(GAME_UNREADABLE)

    def close(self) -> None:
        """The /kot end questions' expiries, which only wait, cancelled: a question left
        unanswered keeps its buttons, and a click on them after their time is told it is
        too late."""
        for task in self._end_questions:
            task.cancel()
