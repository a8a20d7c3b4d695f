# El panel 📋 Mi monstruo y la vista de la mesa para quien mira (bot/discord/panel.py): una
# respuesta privada, en el idioma de quien pregunta.

panel-title = Tu monstruo: { $monster }
panel-watch-title = Partida #{ $game } de King of Tokyo: la mesa
panel-poison = ☠️ **{ $count ->
    [one] 1 contador de veneno
   *[other] { $count } contadores de veneno
}**: pierdes { $count }❤️ al final de cada uno de tus turnos; cada ❤️ que sacas quita un contador en vez de curarte.
panel-shrink = 🔻 **{ $count ->
    [one] 1 contador reductor
   *[other] { $count } contadores reductores
}**: tiras { $count ->
    [one] 1 dado
   *[other] { $count } dados
} menos; cada ❤️ que sacas quita un contador en vez de curarte.
panel-your-cards = **Tus cartas ({ $count })**
panel-no-cards = **Tus cartas:** ninguna todavía.
panel-others = **Los demás**
panel-for-sale = **A la venta**
panel-nothing-for-sale = **A la venta:** nada.
panel-knocked-out = 💀 Eliminado.
panel-place-city = 🏙️ en la ciudad de Tokyo
panel-place-bay = 🌊 en Tokyo Bay
# Una carta del jugador: su nombre, tipo y texto; luego lo que tiene ahora, si algo.
panel-card = • **{ $card }** ({ $kind ->
    [keep] Permanente
   *[discard] Descartar
}): { $text }
panel-card-now = { $line } — *ahora: { $status }*
# Una carta a la venta, con lo que le cuesta al jugador.
panel-sale-card = • **{ $card }** ({ $cost }⚡): { $text }
# El nombre de una carta en la vista de la mesa, con lo que tiene ahora.
panel-card-status = { $card } ({ $status })
# Power Up!: las Evoluciones de un monstruo.
panel-hand-count = 🧬 { $count ->
    [one] 1 Evolución en la mano
   *[other] { $count } Evoluciones en la mano
}
panel-hand = **Tus Evoluciones en la mano ({ $count })**{ $count ->
    [0] : ninguna.
   *[other] {""}
}
panel-evolutions-face-up = **Tus Evoluciones boca arriba ({ $count })**
panel-when = — se juega { $moments }.
panel-when-by-itself = — nunca se juega a mano: actúa por sí sola.
panel-when-any = en cualquier momento
panel-when-own_turn = en tu turno
panel-when-in_tokyo = en tu turno, en Tokyo
panel-when-turn_start = antes de tirar
panel-when-dice_rolled = cuando otro monstruo ha terminado de tirar
panel-when-dice_resolving = al resolverse tus dados
panel-when-losing_hearts = cuando vas a perder corazones
panel-when-tokyo_free = cuando otro monstruo va a entrar en Tokyo libre
panel-when-after_entering = tras tu movimiento a Tokyo
panel-when-card_bought = cuando otro monstruo compra una carta
panel-when-turn_end = al final de un turno
panel-when-yielding = al ceder Tokyo
panel-evolution = • **{ $card }** ({ $kind ->
    [permanent] permanente
   *[temporary] temporal
}): { $text }
evolutions-private-title = 🧬 Solo tú ves tus Evoluciones. Juega una con los botones de abajo, ahora o más adelante en tu turno.
evolutions-private-none-now = 🧬 Solo tú ves tus Evoluciones. Ahora no puedes jugar ninguna.
panel-orders = 📋 Órdenes fijas
panel-footer = { $marker } solo lo ves tú · { $moment }
panel-watch-footer = { $marker } estás mirando · { $moment }
# El momento de la partida que muestra el panel, y la pregunta que espera la mesa.
panel-moment-start = el comienzo
panel-moment-turn = turno { $number }
panel-moment-waiting = { $moment }: { $waiting }
