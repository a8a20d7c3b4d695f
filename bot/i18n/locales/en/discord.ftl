# What the bot's Discord messages say: lobby, boards, answers and notices.

# The host's private 🤖 Add AI menu: a line a level ($level: its name; $rating: its rating,
# as /kot stats shows a player's), then its buttons.
lobby-ai-question = 🤖 Which AI monster? Each button adds one more.
lobby-ai-level = **{ $level }** · rated **{ NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }**: { $about }
lobby-ai-ratings = -# Rated as players are (/kot stats), from games among the AI levels.
lobby-ai-about-easy = plays by rules of thumb, at once: a first game.
lobby-ai-about-medium = tries its best moves a few dozen times ahead before it plays: a fair fight.
lobby-ai-about-hard = plays each of its best moves hundreds of times ahead, about a second a move: a real challenge.
lobby-language-question = 🌐 The language of this game's messages in the channel: the lobby, the boards, the narration and the standings. Each player's private answers follow their own Discord language.

## Who plays a seat, and the marks the bot finds its messages by

footer-marker = Game #{ $game } ·
autopilot-name = 🤖 Autopilot

## Refusals and notices

click-moment-passed = That moment has passed: use the buttons on the latest board.{ $url ->
    [none] {""}
   *[other] { " " }{ $url }
}
moment-passed-board-refreshed = That moment has passed: the board is up to date again.
click-not-your-question = This question is for { $monster } ({ $player }).
click-not-a-player = You are not playing in this game.
click-left-game = You left this game: the autopilot plays your monster to the end.
click-not-started = The game has not started.
click-game-over = This game is over.
game-unreadable = This game's saved state cannot be read, so it has been stopped.
channel-game-unreadable = This channel's game cannot be read, so it has been stopped.
broken-notice = ⚠️ King of Tokyo game #{ $game } in this channel cannot be loaded: its saved data is damaged and could not be rebuilt from its moves, so it has been stopped. The data is kept for the bot's maintainers to look at; `/kot start` opens a new game here.
end-question = End this game for everyone? It cannot be resumed.
clock-question = ⏱️ The clock of this game: the time each monster has for its whole turn, and for a question out of its turn (stay or yield, a card's reaction). When it runs out, the autopilot plays.
cards-question = 🃏 Mix King of Tokyo: Origins' cards into this game: its 14 new cards, all 50 of its cards (its reprints then come twice), or the cards you pick, new ones and reprints (a reprint picked comes twice).
cards-power-up-question = 🧬 Power Up!: each monster plays with its own deck of Evolutions, drawn with three ❤️ (Pandakaï, Cyber Bunny and Kraken can then be picked too).
cards-not-mixed = An Origins game plays its own deck: Power Up! and Origins' cards mixed in are for a King of Tokyo game (choose it in the Game menu first).
end-question-expired = No answer: the game goes on.
end-question-too-late = This question has expired: use `/kot end` again if you still want to.
forbidden-hint = I cannot show the game in this channel: I am missing the { $permissions } { $count ->
    [one] permission
   *[other] permissions
} here. Ask someone who can manage this channel to give me { $count ->
    [one] it
   *[other] them
} (channel settings → Permissions), then use `/kot board`.
forbidden-unknown = Discord refused to let me post in this channel ({ $reason }). Ask someone who can manage this channel to check my permissions here (View Channel, Send Messages, Embed Links, Attach Files, Read Message History), then use `/kot board`.
continued-here = The game goes on in this message meanwhile; the clock waits for it.
show-retrying = Discord did not take the update ({ $reason }); I will try again in a moment, and the clock waits until the board is shown.
channel-busy = This channel already has { $status ->
    [lobby] a lobby
   *[game] a game in progress
}{ $url ->
    [none] {""}
   *[other] : { $url }
}. Finish it, or ask the host to end it with `/kot end`; `/kot board` shows it again.
lobby-shown-in-channel = 🦖 The lobby is open in this channel{ $url ->
    [none] .
   *[other] : { $url }
}
rematch-open-already = The rematch lobby is already open{ $url ->
    [none] .
   *[other] : { $url }
}

lobby-closed-already = This lobby is closed.
host-only-menu = Only the host can { $menu ->
    [clock] change the clock
    [cards] choose the cards
    [ai] add AI monsters
   *[language] choose the language
}.

## The lobby

variant = { $setting ->
    [on] on
    [off] off
   *[auto] automatic (on with two monsters, 2016 rules and Origins)
}
clock-words = { $minutes ->
    [0] { $seconds ->
        [0] no clock
       *[other] { $seconds } s
    }
   *[other] { $minutes } min{ $seconds ->
        [0] {""}
       *[other] { " " }{ $seconds } s
    }
}
clock-none = none
clock-text = { $turn } a turn · { $reaction } out of turn
lobby-player = { $place }. { $who } — { $monster ->
    [none] *monster given at start*
   *[other] { $monster }
}{ $host ->
    [true] { " " }(host)
   *[false] {""}
}
lobby-rematch-of = 🔁 Rematch of game #{ $game }: pick your monsters again.
lobby-title = { $game } — lobby
lobby-field-game = Game
lobby-field-cards = Cards
lobby-field-variant = 2-player variant
lobby-field-clock = Clock
lobby-footer = { $marker } { $least }–{ $most } players · Join, pick a monster, and the host starts
deck-dealt = { $count } cards{ $left_out ->
    [0] {""}
   *[other] ; { $left_out } not playable yet, left out
}
deck-origins = Origins deck ({ $dealt })
deck-base = Base deck ({ $dealt })
deck-base-plus = Base deck { $mixed } ({ $dealt })
deck-picked = + { $cards }
deck-picked-count = + { $count ->
    [one] { $count } Origins card
   *[other] { $count } Origins cards
}
deck-none-picked = none picked yet
deck-power-up = 🧬 with Power Up! (Evolutions)
lobby-opened = { $host } opened a { $game } lobby!
lobby-closed-title = King of Tokyo — { $why }
lobby-closed-started = game started
lobby-closed-cancelled = cancelled
lobby-closed-ended = ended
lobby-closed-moved = moved below
lobby-expired = closed: nobody started it within { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
}
lobby-expired-free = ⌛ The channel is free again: `/kot start` opens a new lobby.
lobby-expired-footer = { $marker } lobby closed

## Boards

post-nobody-wins = Every monster is down: nobody wins.
post-winners = 👑 { $count ->
    [one] Winner
   *[other] Winners
}: { $winners }!
post-seats = Monsters: { $seats }.
post-seat = **{ $monster }** ({ $player })
ping-answer-on-board = Answer on the board: { $url }
knock-out-buying = ⚠️ Buying { $card } knocks out your monster ({ $hearts } ❤️).
knock-out-option = ⚠️ “{ $option }” knocks out your monster ({ $hearts } ❤️).
post-turn-over = Turn { $turn } is over.
post-turn-title = Turn { $turn }: { $monster }
post-footer = { $marker } { $edition } rules
final-title = Game over
final-standings = Final standings
ended-content = 🛑 King of Tokyo game #{ $game } was stopped before its end.
ended-notice = 🛑 { $who } ended King of Tokyo game #{ $game }.
ended-at-turn = { $turn ->
    [0] .
   *[other] { " " }at turn { $turn }.
}
ended-title = Game ended
ended-standings = Standings when it ended
standings-turns = Turns played
standings-length = Game length
standings-footer = { $marker } { $edition } rules · { $points }★ or last monster standing wins
standing-out = out
standing-out-by = out turn { $turn }, by { $by }
standing-out-by-poison = out turn { $turn }, by poison or its own card
game-length = { $total ->
    [0] under a minute
   *[other] { $hours ->
        [0] { $total } min
       *[other] { $hours } h { NUMBER($minutes, minimumIntegerDigits: 2) } min
    }
}

## /kot settings

settings-not-allowed = Only members who can **Manage Server** can change this server's settings.
settings-shown = ⚙️ { $saved ->
    [true] Saved. New lobbies
   *[false] New lobbies
} on this server start with { $turn } a turn and { $reaction } to answer out of turn; each lobby's host can change them with ⏱️ Clock. Their language: { $language ->
    [auto] the server's if I speak it, else the host's
   *[other] { $language }
}. Set them with `/kot settings turn_seconds: reaction_seconds: language:`.
end-kept = The game goes on.
end-done = Game ended.

## Buttons and menus (at most 80 characters a button, 100 a menu choice)

ui-die-release = ✓ { $face } release
ui-die-keep = { $face } keep
ui-roll-left = Roll ({ $left } left)
ui-keep-dice = Keep { $dice }
# The dice of one face a button keeps: the face, then how many ("3s ×2", "❤️ ×3"). $face: a
# number face as a number (1, 2, 3), else its symbol.
ui-face-dice = { $face ->
    [1] 1s
    [2] 2s
    [3] 3s
   *[other] { $face }
} ×{ $count }
ui-menu-all = { $what ->
    [buy] Buy a card
   *[answer] Choose an answer
} ({ $total } choices)
ui-menu-page = { $what ->
    [buy] Buy a card
   *[answer] Choose an answer
} ({ $first }-{ $last } of { $total })
ui-show-privately = 🔒 Show me privately
ui-thinking = 🤖 { $who } { $count ->
    [one] is
   *[other] are
} thinking…
ui-my-monster = 📋 My monster
ui-order-buying = Buying: { $order }
ui-order-ask = { $field ->
    [yield] Yield
   *[stay] Stay
}: ask me
ui-order-evolutions = Evolutions: { $order }
ui-never-ask-placeholder = Never ask me again for…
ui-never-ask = Never ask me for { $card }
evo-never-ask-passed = ✅ Saved. Nothing is left to ask you for here, so you passed.
ui-confirm-anyway = Do it anyway
ui-lobby-join = Join
ui-lobby-leave = Leave
ui-lobby-start = Start
ui-lobby-cancel = Cancel
ui-lobby-clock = ⏱️ Clock
ui-lobby-ai = 🤖 Add AI
ui-lobby-ai_easy = 🤖 Add AI: Easy
ui-lobby-ai_medium = 🤖 Add AI: Medium
ui-lobby-ai_hard = 🤖 Add AI: Hard
ui-lobby-ai_remove = Remove an AI
ui-lobby-cards = 🃏 Cards
ui-lobby-language = 🌐 Language
ui-taken = taken
ui-pick-monster = Pick your monster
ui-game-menu = Game (host)
ui-language-menu = Language (host)
ui-variant-menu = 2-player variant (host)
ui-variant = 2-player variant: { $setting ->
    [on] on
    [off] off
   *[auto] automatic
}
ui-power-up-menu = Power Up! (host)
ui-evolutions = 🧬 Evolutions
ui-power-up = Power Up!: { $setting ->
    [on] on (Evolutions)
   *[off] off
}
ui-mix-menu = Origins cards
ui-picked-menu = Pick Origins' new cards
ui-reprints-menu = Pick Origins' reprints ({ $part }/{ $parts })
ui-not-playable = not playable yet: left out of the deck
ui-clock-menu = Time { $field ->
    [turn] a turn
   *[reaction] to answer out of turn
}
ui-clock-choice = { $time } { $field ->
    [turn] a turn
   *[reaction] to answer out of turn
}
ui-no-clock = No clock
ui-end-end = End the game
ui-end-keep = Keep playing
ui-rematch = 🔁 Rematch

## Slash commands' own answers

board-posted = Board posted below.
hint-not-started = The game has not started yet.
hint-not-playing = You are not playing in this game: hints are for its players.
hint-not-asked = Nothing is asked of you right now.
left-lobby = You left the lobby.
left-game = You left the game: the autopilot plays your monster to the end, so the others' game goes on. The board says so.
end-not-allowed = Only the host ({ $host }) or someone who can manage this channel can end the game.
no-game-here = There is no game in this channel: `/kot start` opens one.

## When something fails

something-went-wrong = Something went wrong on my side; it has been logged. `/kot board` shows the game as it stands.
command-failed = Something went wrong; the error has been logged.
private-answer-lost = { $mention } Discord did not take my private answer to your command in time: please use the command again.

## The permissions the bot needs, as Discord's settings name them

perm-view_channel = View Channel
perm-send_messages = Send Messages
perm-embed_links = Embed Links
perm-attach_files = Attach Files
perm-read_message_history = Read Message History
perm-send_messages_in_threads = Send Messages in Threads

## A card's picture, described for screen readers (/kot card)

card-picture-alt = Power card { $name }: { $cost }⚡, { $kind }. { $text }
