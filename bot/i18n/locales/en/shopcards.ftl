# The cards for sale in the board's message (bot/discord/messages.py board_embed): the
# picture draws their names and costs, the message their texts, readable on a phone.

shopcards-for-sale = 🃏 For sale
