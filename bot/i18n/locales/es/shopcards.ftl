# Las cartas a la venta en el mensaje del tablero (bot/discord/messages.py board_embed): el
# dibujo muestra sus nombres y costes, el mensaje sus textos, legibles en un móvil.

shopcards-for-sale = 🃏 A la venta
