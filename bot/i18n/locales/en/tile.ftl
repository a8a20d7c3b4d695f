# The words on a card of the market on the board picture (bot/render/cards.py market_tile):
# its kind, the discount the buying monster gets, and whether it can buy it.

tile-keep = KEEP
tile-discard = DISCARD
tile-discount = { $amount } off for you
tile-can-buy = ✔ Can buy
tile-needs-energy = Needs { $count } more energy
