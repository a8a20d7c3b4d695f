# Las cartas del monstruo activo en el mensaje del tablero (bot/discord/messages.py
# board_embed): las fichas del dibujo las nombran, el mensaje dice qué hacen, legible en un
# móvil.

owned-cards = 🎴 Cartas de { $monster }
# Una carta del monstruo activo: su nombre y texto (luego, si tiene algo, panel-card-now).
owned-card = • **{ $card }**: { $text }
# La última línea cuando el mensaje no tiene sitio para el resto.
owned-more = … { $count ->
    [one] una carta más
   *[other] { $count } cartas más
}: **📋 Mi monstruo**
