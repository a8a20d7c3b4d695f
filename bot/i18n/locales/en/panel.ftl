# The 📋 My monster panel and the watchers' view of the table (bot/discord/panel.py): a
# private answer, in the asker's language.

panel-title = Your monster: { $monster }
panel-watch-title = King of Tokyo game #{ $game }: the table
panel-poison = ☠️ **{ $count } poison**: you lose { $count }❤️ at the end of each of your turns; a ❤️ you roll removes a token instead of healing.
panel-shrink = 🔻 **{ $count } shrink**: you roll { $count } { $count ->
    [one] die
   *[other] dice
} fewer; a ❤️ you roll removes a token instead of healing.
panel-your-cards = **Your cards ({ $count })**
panel-no-cards = **Your cards:** none yet.
panel-others = **The others**
panel-for-sale = **For sale**
panel-nothing-for-sale = **For sale:** nothing.
panel-knocked-out = 💀 Knocked out.
panel-place-city = 🏙️ in Tokyo City
panel-place-bay = 🌊 in Tokyo Bay
# A card the player owns: its name, kind and text; then what it holds now, if anything.
panel-card = • **{ $card }** ({ $kind ->
    [keep] keep
   *[discard] discard
}): { $text }
panel-card-now = { $line } — *now: { $status }*
# A card for sale, with what it costs the player.
panel-sale-card = • **{ $card }** ({ $cost }⚡): { $text }
# A card's name in the watchers' view, with what it holds now.
panel-card-status = { $card } ({ $status })
# Power Up!: a monster's Evolutions.
panel-hand-count = 🧬 { $count ->
    [one] 1 Evolution in hand
   *[other] { $count } Evolutions in hand
}
panel-hand = **Your Evolutions in hand ({ $count })**{ $count ->
    [0] : none.
   *[other] {""}
}
panel-evolutions-face-up = **Your Evolutions face up ({ $count })**
panel-when = — played { $moments }.
panel-when-by-itself = — never played by hand: it acts by itself.
panel-when-any = at any time
panel-when-own_turn = in your turn
panel-when-in_tokyo = in your turn, in Tokyo
panel-when-turn_start = before you roll
panel-when-dice_rolled = when another monster has finished rolling
panel-when-dice_resolving = as your dice resolve
panel-when-losing_hearts = when you are about to lose hearts
panel-when-tokyo_free = when another monster is about to enter a free Tokyo
panel-when-after_entering = after your move into Tokyo
panel-when-card_bought = when another monster buys a card
panel-when-turn_end = at the end of a turn
panel-when-yielding = with a yield
panel-evolution = • **{ $card }** ({ $kind ->
    [permanent] permanent
   *[temporary] temporary
}): { $text }
evolutions-private-title = 🧬 Only you see your Evolutions. Play one with the buttons below, now or later in your turn.
evolutions-private-none-now = 🧬 Only you see your Evolutions. None can be played now.
panel-orders = 📋 Standing orders
panel-footer = { $marker } only you see this · { $moment }
panel-watch-footer = { $marker } you are watching · { $moment }
# The moment of the game the panel shows, and the question the table waits for.
panel-moment-start = the start
panel-moment-turn = turn { $number }
panel-moment-waiting = { $moment }: { $waiting }
