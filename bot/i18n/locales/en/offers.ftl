# Standing orders offered on the board, beside the question they answer (bot/discord/views.py,
# bot/discord/clicks.py): the Stay/Yield question's and the buy step's, and the private
# answer of the player who takes one. The orders themselves are table.ftl's table-order-*.

## The buttons, in the last row with 📋 My monster (the game's language)
offer-yield-button = 📋 Always yield at ≤ { $hearts }❤️
offer-skip-buying-button = 📋 Skip buying from now on

## The private answer once taken ($undo: the label of the panel's menu choice that undoes it)
offer-yield-set = 📋 Standing order set: you yield Tokyo whenever a hit leaves you { $hearts }❤️ or fewer, so you yielded now. To undo it: **📋 My monster**, then "{ $undo }".
offer-skip-buying-set = 📋 Standing order set: you skip buying from now on, so your turn ended. To undo it: **📋 My monster**, then "{ $undo }".
