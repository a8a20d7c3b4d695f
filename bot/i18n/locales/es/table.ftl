# La sala de juego (bot/table): negativas, las opciones de la sala, las notas que se añaden
# a la narración de una partida, órdenes fijas, resúmenes de turno. Cada negativa es una
# frase completa.

## Negativas: por qué una petición no cambió nada.

table-refusal-not-started = Esta partida aún no ha empezado.
table-refusal-game-over = Esta partida ha terminado.
table-refusal-already-over = Esta partida ya ha terminado.
table-refusal-not-in-play = Esta partida no está en juego.
table-refusal-not-playing = No juegas en esta partida.
table-refusal-already-left = Ya has dejado esta partida.
table-refusal-no-such-game = Esta partida ya no existe.
table-refusal-broken = Esta partida se detuvo porque su estado guardado no se puede leer.
table-refusal-changed-elsewhere = Esta partida ha cambiado en otro sitio en ese mismo momento, así que tu clic no se ha aplicado: vuelve a mirar el tablero y haz clic otra vez.
table-refusal-channel-has-game = Este canal ya tiene una partida: termínala, o pide al anfitrión que la acabe con /kot end.
table-refusal-channel-taken = Este canal ya tiene una sala o una partida.
table-refusal-may-not-end = No puedes terminar esta partida.
table-refusal-pick-listed-choice = Elige una de las opciones de la lista.
table-refusal-pick-listed-time = Elige uno de los tiempos de la lista.
table-refusal-pick-listed-game = Elige uno de los juegos de la lista.
table-refusal-pick-listed-mix = Elige una de las mezclas de la lista.
table-refusal-pick-listed-power-up = Elige sí o no.
table-refusal-power-up-kot = Power Up! es para una partida de King of Tokyo: una de Origins juega con su propio mazo.
table-refusal-pick-listed-language = Elige uno de los idiomas de la lista.
table-refusal-pick-listed-monster = Elige uno de los monstruos de la lista.
table-refusal-pick-variant = Elige automática, activada o desactivada.
table-refusal-pick-origins-card = Elige cartas de las listas de los menús de Cartas de la caja de Origins.
table-refusal-rematch-not-over = La partida #{ $game } no ha terminado: la revancha llega después de su final.
table-refusal-rematch-not-player = Solo los jugadores de la partida #{ $game } pueden pedir la revancha.
table-refusal-already-in = Ya estás en esta partida.
table-refusal-host-already-in = Eres el anfitrión de esta sala, así que ya estás dentro: **{ ui-lobby-join }** es para los demás jugadores. Pulsa **{ ui-lobby-start }** cuando estén todos.
table-refusal-host-cannot-leave = Eres el anfitrión: usa Cancelar para cerrar la sala.
table-refusal-not-in-lobby = No estás en esta partida.
table-refusal-monster-taken = { $monster } ya está elegido.
table-refusal-no-ai-to-remove = No hay ningún monstruo IA que quitar.
table-refusal-too-many-for-game = A { $game } se juega con { $least } a { $most } { $most ->
    [one] monstruo
   *[other] monstruos
}: { $count ->
    [one] se ha unido 1
   *[other] se han unido { $count }
}.
table-refusal-players-needed = { $game } necesita de { $least } a { $most } { $most ->
    [one] jugador
   *[other] jugadores
}.
table-refusal-mix-only-2016 = Solo una partida de King of Tokyo 2016 admite cartas de Origins.
table-refusal-host-cancels = Solo el anfitrión puede cancelar la sala.
table-refusal-host-starts = Solo el anfitrión puede empezar la partida.
table-refusal-host-adds-ai = Solo el anfitrión puede añadir monstruos IA.
table-refusal-host-removes-ai = Solo el anfitrión puede quitar monstruos IA.
table-refusal-host-changes-options = Solo el anfitrión puede cambiar las opciones.
table-refusal-lobby-closed = Esta sala está cerrada.
table-refusal-game-full = La partida está completa ({ $most ->
    [one] 1 monstruo
   *[other] { $most } monstruos
}).
# Las palabras del propio motor (una partida que no puede crear), hasta que sus negativas
# sean frases de los catálogos.
table-refusal-engine = { $reason }

## Las opciones de la sala.

table-game-2016 = King of Tokyo (2016)
table-game-2011 = King of Tokyo (2011)
table-game-origins = King of Tokyo: Origins
table-mix-none = Sin cartas de Origins
table-mix-new = + las 14 cartas nuevas de Origins
table-mix-all = + las 50 cartas de Origins
table-mix-pick = + las cartas de Origins que elija
table-ai-level-easy = Fácil
table-ai-level-medium = Media
table-ai-level-hard = Difícil
table-ai-monster = 🤖 IA { $level }

## Notas que se añaden a la narración de una partida.

table-note-timeout = ⏰ A { $monster } se le acabó el tiempo: el piloto automático jugó en su lugar.
table-note-away = 😴 El jugador de { $monster } se ha saltado { $turns ->
    [one] 1 turno
   *[other] { $turns } turnos seguidos
}: el piloto automático juega en su lugar hasta que pulse un botón de esta partida.
table-note-back = 👋 El jugador de { $monster } ha vuelto.
table-note-left = 🚪 El jugador de { $monster } ha dejado la partida: el piloto automático juega con { $monster } hasta el final.
table-note-abandoned = 🛑 Nadie ha jugado desde hace mucho: la partida ha terminado, sin ganador.
table-note-everyone-left = 🛑 Todos los jugadores se han ido: la partida ha terminado, sin ganador.
table-note-rebuilt = 🛠️ No se pudo leer el estado guardado de esta partida: se ha reconstruido a partir de { $moves ->
        [one] su única jugada
       *[other] sus { NUMBER($moves, useGrouping: 0) } jugadas
    }.

## Órdenes fijas (el panel «Mi monstruo») y la línea que añade la respuesta de una orden.

table-order-ask = pregúntame
table-order-yield-at = ceder con { $hearts }❤️ o menos
table-order-always-stay = quedarse siempre
table-order-stay-above = quedarse con más de { $hearts }❤️
table-order-yield-and-stay = { $yield_at }, { $stay }
table-order-else-ask = { $order }; si no, pregúntame
table-order-buy-unaffordable = pasar si no puedo comprar ninguna carta
table-order-buy-never = pasar siempre
table-order-buying = compras: { $order }
table-order-summary = Quedarse o ceder: { $either } · Compras: { $buy }
table-order-answered = 📋 Respondió la orden fija de { $monster } ({ $order }).
table-order-evolutions-deck = pregúntame siempre que mi mazo tenga una carta para ese momento
table-order-evolutions-hand = pregúntame solo si tengo una en la mano (la mesa puede adivinar mi mano)
table-order-evolutions-never = no me preguntes nunca (las juego en mi turno)
table-order-evolutions-summary = Evoluciones: { $order }{ $never ->
    [0] {""}
    [one] {" "}· nunca por 1 carta
   *[other] {" "}· nunca por { $never } cartas
}

## Un turno terminado en una línea: «The King: +2★ (7★), compró Energizar; Alienoid cedió Tokyo».

table-summary-nothing = { $monster }: no cambió nada.
table-summary-restarted = volvió a empezar ({ $card })
table-summary-card = { $card }
table-summary-bought = compró { $cards }
table-summary-dealt = infligió { $hearts }💥
table-summary-dealt-to = infligió { $hearts }💥 a { $monsters ->
    [one] 1 monstruo
   *[other] { $monsters } monstruos
}
table-summary-place-tokyo = Tokyo
table-summary-place-city = la ciudad de Tokyo
table-summary-place-bay = Tokyo Bay
table-summary-yielded = { $monster } cedió { $place }
table-summary-yielded-to = { $monster } cedió { $place } a { $attacker }
table-summary-entered = { $monster } entró en { $place }
table-summary-left = { $monster } salió de { $place }
table-summary-out = 💀 { $monster } queda eliminado
table-summary-won = 👑 ¡{ $monsters } { $count ->
        [one] gana
       *[other] ganan
    }!
table-summary-and = { $first } y { $second }
table-summary-no-winner = nadie gana

## Avisos publicados en el canal de una partida.

table-notice-abandoned = 🛑 La partida #{ $game } de King of Tokyo ha terminado: nadie ha jugado desde hace mucho.
table-notice-everyone-left = 🛑 La partida #{ $game } de King of Tokyo ha terminado: todos los jugadores se han ido.

# Un clic en un botón de la partida que no puede actuar (la respuesta a quien pulsa).
table-click-unknown-button = Ese botón no es uno que este bot conozca.
table-click-no-dice = Ahora no hay dados que guardar.
table-click-no-roll-left = No te quedan tiradas: deja los dados como están con Dejar de tirar.
table-click-dice-changed = Los dados ya no muestran lo que guarda ese botón: vuelve a elegir en el tablero.
table-click-no-face = Ahora ningún dado muestra esa cara.
