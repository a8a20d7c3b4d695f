# The active monster's own cards in the board's message (bot/discord/messages.py
# board_embed): the picture's chips name them, the message says what they do, readable on a
# phone.

owned-cards = 🎴 { $monster }'s cards
# A card the active monster owns: its name and text (then, if it holds something, panel-card-now).
owned-card = • **{ $card }**: { $text }
# The last line when the message has no room for the rest.
owned-more = … { $count ->
    [one] one more card
   *[other] { $count } more cards
}: **📋 My monster**
