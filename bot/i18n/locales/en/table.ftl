# The table room (bot/table): refusals, the lobby's choices, the notes added to a game's
# narration, standing orders, turn summaries. Each refusal is a whole sentence.

## Refusals: why a request changed nothing.

table-refusal-not-started = This game has not started yet.
table-refusal-game-over = This game is over.
table-refusal-already-over = This game is already over.
table-refusal-not-in-play = This game is not in play.
table-refusal-not-playing = You are not playing in this game.
table-refusal-already-left = You have already left this game.
table-refusal-no-such-game = This game no longer exists.
table-refusal-broken = This game was stopped because its saved state cannot be read.
table-refusal-changed-elsewhere = This game was changed elsewhere at the same moment, so your click was not applied: look at the board again and click once more.
table-refusal-channel-has-game = This channel already has a game: finish it, or ask the host to end it with /kot end.
table-refusal-channel-taken = This channel already has a lobby or a game.
table-refusal-may-not-end = You may not end this game.
table-refusal-pick-listed-choice = Pick one of the listed choices.
table-refusal-pick-listed-time = Pick one of the listed times.
table-refusal-pick-listed-game = Pick one of the listed games.
table-refusal-pick-listed-mix = Pick one of the listed mixes.
table-refusal-pick-listed-power-up = Pick on or off.
table-refusal-power-up-kot = Power Up! is for a King of Tokyo game: an Origins game plays its own deck.
table-refusal-pick-listed-language = Pick one of the listed languages.
table-refusal-pick-listed-monster = Pick one of the listed monsters.
table-refusal-pick-variant = Pick automatic, on or off.
table-refusal-pick-origins-card = Pick cards from the Cards menus' lists of the Origins box.
table-refusal-rematch-not-over = Game #{ $game } is not over: a rematch comes after its end.
table-refusal-rematch-not-player = Only the players of game #{ $game } can ask for a rematch.
table-refusal-already-in = You are already in this game.
# The host's click on the lobby's Join (everyone sees the same buttons: the host too).
table-refusal-host-already-in = You host this lobby, so you are in it already: **{ ui-lobby-join }** is for the other players. Press **{ ui-lobby-start }** when everyone is in.
table-refusal-host-cannot-leave = You are the host: use Cancel to close the lobby.
table-refusal-not-in-lobby = You are not in this game.
table-refusal-monster-taken = { $monster } is already taken.
table-refusal-no-ai-to-remove = There is no AI monster to remove.
# $game: the game's title (King of Tokyo, King of Tokyo: Origins); $count is always more
# than $most.
table-refusal-too-many-for-game = { $game } is played by { $least } to { $most } monsters: { $count } have joined.
table-refusal-players-needed = { $game } needs { $least } to { $most } players.
table-refusal-mix-only-2016 = Only a 2016 King of Tokyo game mixes in Origins' cards.
table-refusal-host-cancels = Only the host can cancel the lobby.
table-refusal-host-starts = Only the host can start the game.
table-refusal-host-adds-ai = Only the host can add AI monsters.
table-refusal-host-removes-ai = Only the host can remove AI monsters.
table-refusal-host-changes-options = Only the host can change the options.
table-refusal-lobby-closed = This lobby is closed.
table-refusal-game-full = The game is full ({ $most } monsters).
# The engine's own words (a game it cannot create), until its refusals are phrases.
table-refusal-engine = { $reason }

## The lobby's choices.

table-game-2016 = King of Tokyo (2016)
table-game-2011 = King of Tokyo (2011)
table-game-origins = King of Tokyo: Origins
table-mix-none = No Origins cards
table-mix-new = + Origins' 14 new cards
table-mix-all = + all 50 Origins cards
table-mix-pick = + the Origins cards I pick
table-ai-level-easy = Easy
table-ai-level-medium = Medium
table-ai-level-hard = Hard
# An AI monster, by its level (a table-ai-level-... message).
table-ai-monster = 🤖 { $level } AI

## Notes added to a game's narration.

table-note-timeout = ⏰ { $monster } ran out of time: the autopilot played for them.
table-note-away = 😴 { $monster }'s player missed { $turns } turns in a row: the autopilot plays for them until they click a button of this game.
table-note-back = 👋 { $monster }'s player is back.
table-note-left = 🚪 { $monster }'s player left the game: the autopilot plays { $monster } to the end.
table-note-abandoned = 🛑 Nobody has played for a long while: the game is over, with no winner.
table-note-everyone-left = 🛑 Every player has left: the game is over, with no winner.
# $moves: the moves of the game's action log (no thousands separator, as the log says it).
table-note-rebuilt = 🛠️ This game's saved state could not be read: it was rebuilt from its { $moves ->
        [one] 1 move
       *[other] { NUMBER($moves, useGrouping: 0) } moves
    }.

## Standing orders (the "My monster" panel), and the line an order's answer adds.

table-order-ask = ask me
table-order-yield-at = yield at { $hearts }❤️ or fewer
table-order-always-stay = always stay
table-order-stay-above = stay above { $hearts }❤️
table-order-yield-and-stay = { $yield_at }, { $stay }
table-order-else-ask = { $order }, else ask me
table-order-buy-unaffordable = skip it when I can buy no card
table-order-buy-never = always skip it
table-order-buying = buying: { $order }
table-order-summary = Stay or yield: { $either } · Buying: { $buy }
table-order-answered = 📋 { $monster }'s standing order answered ({ $order }).
table-order-evolutions-deck = ask me whenever my deck has a card for the moment
table-order-evolutions-hand = ask me only when I hold one (the table may guess my hand)
table-order-evolutions-never = never ask me (I play them in my own turn)
table-order-evolutions-summary = Evolutions: { $order }{ $never ->
    [0] {""}
    [one] {" "}· never asked for 1 card
   *[other] {" "}· never asked for { $never } cards
}

## A finished turn in one line: "The King: +2★ (7★), bought Energize; Alienoid yielded Tokyo".

table-summary-nothing = { $monster }: nothing changed.
# $card: a card's name.
table-summary-restarted = started over ({ $card })
table-summary-card = { $card }
# $cards: card names, with commas.
table-summary-bought = bought { $cards }
table-summary-dealt = dealt { $hearts }💥
table-summary-dealt-to = dealt { $hearts }💥 to { $monsters } monsters
# $place: a table-summary-place-... message (a place as running text says it: Spanish
# puts an article before the city).
table-summary-place-tokyo = Tokyo
table-summary-place-city = Tokyo City
table-summary-place-bay = Tokyo Bay
table-summary-yielded = { $monster } yielded { $place }
table-summary-yielded-to = { $monster } yielded { $place } to { $attacker }
table-summary-entered = { $monster } entered { $place }
table-summary-left = { $monster } left { $place }
table-summary-out = 💀 { $monster } is out
# $monsters: one name, or names joined by table-summary-and.
table-summary-won = 👑 { $monsters } { $count ->
        [one] wins
       *[other] win
    }!
table-summary-and = { $first } and { $second }
table-summary-no-winner = nobody wins

## Notices posted in a game's channel.

table-notice-abandoned = 🛑 King of Tokyo game #{ $game } ended: nobody has played for a long while.
table-notice-everyone-left = 🛑 King of Tokyo game #{ $game } ended: every player has left it.

# A click on a game button that cannot act (said as the clicker's refusal).
table-click-unknown-button = That button is not one this bot knows.
table-click-no-dice = There are no dice to keep now.
table-click-no-roll-left = You have no roll left: keep the dice as they are with Done rolling.
table-click-dice-changed = The dice no longer show what that button keeps: choose again on the board.
table-click-no-face = No die shows that face now.
