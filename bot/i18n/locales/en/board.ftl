# The board picture (bot/render/board.py), the rating chart (chart.py) and the alt text of
# both, the description a screen reader reads (describe_board, describe_chart).

## The board's words. Titles and chips are capitals in English; a language without capitals
## writes them as it writes a heading.

board-turn = TURN { $number }
board-setup = SETUP
board-game-over = GAME OVER — { $result }
board-turn-over = { $monster }'s turn is over.
board-dice = DICE
board-power-cards = POWER CARDS
board-place-city = TOKYO CITY
board-place-bay = TOKYO BAY
board-two-player = 2-player variant: Tokyo gives energy, not points
board-closed = CLOSED
board-closed-why = fewer than { $count } monsters
board-empty = empty
board-roll-of = { $monster }’s roll
board-green-dice = { $count ->
    [one] 1 green extra die
   *[other] { $count } green extra dice
}
board-rolls-left = Rolls left: { $count }
board-final-dice = Final dice
board-kept = KEPT
board-game-is-over = The game is over
board-no-dice = No dice rolled yet
board-deck = { $count } left in the deck
board-no-card = no card
board-ai = AI
board-winner = WINNER
board-eliminated = ELIMINATED
board-active = ▶ ACTIVE
board-deciding = DECIDING
board-poison = { $count } poison
board-shrink = { $count } shrink
board-copy = { $card } → { $copied }
board-copy-none = { $card } (no copy)
board-card-held = { $card } ({ $held })
board-card-tokens = { $card } ({ $count })
board-more = +{ $count } more
board-evolutions-in-hand = { $count ->
    [one] 1 Evolution in hand
   *[other] { $count } Evolutions in hand
}
board-no-cards = No cards

## The rating chart (/kot stats).

chart-title = Rating after each rated game
chart-now = now { $rating }

## Alt text: what a screen reader says of the pictures (at most 1,024 characters).

alt-board = King of Tokyo board.
alt-turn = Turn { $number }, { $monster }'s turn.
alt-setup = Setting up.
alt-asked = { $waiting }
alt-over = Game over: { $result }
alt-dice-rolling = Dice ({ $count ->
    [one] 1 roll left
   *[other] { $count } rolls left
}): { $dice }.
alt-dice = Dice: { $dice }.
alt-no-dice = No dice rolled yet.
alt-die-kept = { $face } (kept)
alt-city = In Tokyo City: { $monster }.
alt-city-empty = Tokyo City is empty.
alt-bay = In Tokyo Bay: { $monster }.
alt-bay-empty = Tokyo Bay is empty.
alt-bay-closed = Tokyo Bay is closed.
alt-monster = { $monster }: { $hearts ->
    [one] 1 heart
   *[other] { $hearts } hearts
}, { $vp ->
    [one] 1 point
   *[other] { $vp } points
}, { $energy } energy.
alt-monster-player = { $monster } ({ $player }): { $hearts ->
    [one] 1 heart
   *[other] { $hearts } hearts
}, { $vp ->
    [one] 1 point
   *[other] { $vp } points
}, { $energy } energy.
alt-monster-out = { $monster }: eliminated.
alt-monster-player-out = { $monster } ({ $player }): eliminated.
alt-evolutions = { $count ->
    [one] 1 Evolution
   *[other] { $count } Evolutions
} in hand.
alt-evolutions-face-up = { $count ->
    [one] 1 Evolution
   *[other] { $count } Evolutions
} in hand; face up: { $cards }.
alt-chart = Rating chart of { $games } rated games: from { $first } to { $now } now, lowest { $low }, highest { $high }.
