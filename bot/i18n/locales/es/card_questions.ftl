# Las palabras propias de las cartas (engine/cards/): sus preguntas, respuestas, usos y estados.
# cardq-<clave de la carta>-<qué>.

cardq-background_dweller-use = volver a tirar los 3

cardq-battery_monster-prompt = ¿cuánta energía pones en { $card }? La reserva añade otro tanto; recuperas { $energy }⚡ al principio de cada uno de tus turnos.
cardq-battery_monster-nothing = Nada (la carta se descarta)
cardq-battery_monster-put = Poner { $energy }⚡ (la reserva añade { $energy }⚡)
cardq-battery_monster-status = { $energy ->
    [one] queda
   *[other] quedan
} { $energy }⚡ encima
cardq-battery_monster-charging = por cargar { $card }
cardq-battery_monster-no-energy = no se pudo poner nada encima
cardq-battery_monster-empty = no se puso nada encima
cardq-battery_monster-used-up = se ha agotado su energía

cardq-biofuel-use = contar un corazón como una energía
cardq-shrinky-use = contar un 2 como un 1

cardq-plot_twist-use = poner un dado en cualquier cara (una vez)

cardq-electric_armor-use = pagar { $energy } de energía: perder 1 corazón menos

cardq-freeze_time-prompt = ¿juegas otro turno después de este, con un dado menos ({ $card })?
cardq-freeze_time-take = Jugar el turno extra ({ $dice } dados)
cardq-freeze_time-pass = Sin turno extra

cardq-healing_ray-prompt = ¿curas a otros monstruos con { $card }? Tienes { $hearts ->
    [one] 1 corazón
   *[other] { $hearts } corazones
} para gastar; te pagan { $energy }⚡ por corazón.
cardq-healing_ray-stop = Parar (los dados de corazón no hacen nada en Tokyo)
cardq-healing_ray-keep = Quedarte los corazones
cardq-healing_ray-heal = Curar a { $name } +{ $hearts }❤️ (te paga { $energy }⚡)

cardq-made_in_a_lab-use = mirar la primera carta del mazo
cardq-yin_and_yang-use = poner cada dado en su cara opuesta
cardq-energy_sword-pay = Pagar { $energy }⚡
cardq-sunken_temple-prompt = ¿renuncias al resto de tu turno a cambio de { $hearts }❤️ y { $energy }⚡ ({ $card })?
cardq-sunken_temple-use = Renunciar al turno: +{ $hearts }❤️ +{ $energy }⚡
cardq-sunken_temple-pass = Jugar el turno
cardq-bamboo_supply-prompt = ¿pones 1⚡ en { $card } o te llevas lo que tiene?
cardq-bamboo_supply-store = Poner 1⚡ encima
cardq-bamboo_supply-take = Llevarte sus { $energy }⚡
cardq-mothership_support-use = Paga { $energy }⚡: gana 1❤️
cardq-made_in_a_lab-prompt = ¿compras la carta que has mirado con { $card }, o la dejas en el mazo?
evoq-draw-prompt = { $count ->
    [one] ¿te quedas la Evolución que has mirado?
   *[other] ¿con cuál de las { $count } Evoluciones que has mirado te quedas?
}
evoq-keep-nth = { $place ->
    [1] Quedarte la primera
   *[other] Quedarte la segunda
}
evoq-keep = Quedarte { $card }
cardq-saurian_adaptability-prompt = ¿conviertes todos los dados de una cara en otra cara?
cardq-saurian_adaptability-change = Todos los { $face } → { $to }
cardq-saurian_adaptability-keep = No cambiar nada
cardq-heart_of_the_rabbit-prompt = ¿qué dado vuelves a tirar con { $card }?
cardq-bamboozle-prompt = ¿qué carta debe comprar { $name } en su lugar ({ $card })?
cardq-bamboozle-pick = { $card } ({ $cost }⚡)
cardq-encased_in_ice-use = Bloquear un dado ({ $energy }⚡)
cardq-encased_in_ice-prompt = ¿qué dado bloqueas hasta tu próximo turno ({ $card })?
cardq-encased_in_ice-lock = Dado { $number } ({ $face })
cardq-encased_in_ice-status = un { $face } bloqueado
cardq-freeze_ray-prompt = ¿qué cara no hace nada para { $name } este turno ({ $card })?
cardq-freeze_ray-status = prestado: { $face } congelado
evoq-moment-turn_start = ¿juegas una Evolución antes de tirar?
evoq-moment-dice_rolled = { $active } ha terminado de tirar: ¿juegas una Evolución?
evoq-moment-dice_resolving = ¿juegas una Evolución antes de que se resuelvan tus dados?
evoq-moment-losing_hearts = vas a perder { $amount }❤️: ¿juegas antes una Evolución?
evoq-moment-tokyo_free = Tokyo está libre: ¿juegas una Evolución antes de que entre { $active }?
evoq-moment-after_entering = tu movimiento a Tokyo ha terminado: ¿juegas una Evolución?
evoq-moment-card_bought = { $active } va a comprar una carta: ¿juegas antes una Evolución?
evoq-moment-turn_end = el turno termina: ¿juegas una Evolución?
evoq-moment-pass = No jugar ninguna
cardq-made_in_a_lab-buy-it = Comprarla
cardq-made_in_a_lab-leave-it = Dejarla en el mazo

cardq-metamorph-prompt = ¿vendes una carta Permanente por su coste impreso con { $card }?
cardq-metamorph-pass = No vender nada más
cardq-metamorph-sell-a-card = Vender una carta
cardq-metamorph-sell = Vender { $card } ({ $cost }⚡)
cardq-metamorph-sold-with = vendida con { $card }

cardq-mimic-status = aún no copia ninguna carta
cardq-mimic-prompt-move = ¿mueves el contador de { $card } por { $energy } de energía?
cardq-mimic-prompt = elige una carta Permanente para que { $card } la copie
cardq-mimic-pass = No moverlo
cardq-mimic-copy-a-card = Copiar una carta
cardq-mimic-copy = Copiar { $card } ({ $name })
cardq-mimic-moving = por mover el contador de { $card }

cardq-opportunist-prompt = ¿compras una carta recién revelada con { $card }?
cardq-opportunist-pass = No comprar nada

cardq-parasitic_tentacles-buy-a-card = Comprar una carta a otro monstruo
cardq-parasitic_tentacles-buy = Comprar { $card } a { $name } ({ $cost }⚡)

cardq-psychic_probe-prompt = ¿vuelves a tirar uno de los dados del monstruo activo con { $card }?
cardq-psychic_probe-reroll = Volver a tirar el dado { $number } ({ $face })
cardq-psychic_probe-rerolled-heart = { $card } sacó un corazón al volver a tirar

cardq-rapid_healing-use = pagar { $energy } de energía: recuperar 1 corazón

cardq-scavenger-buy-a-card = Comprar una carta de la pila de descartes
cardq-scavenger-buy = Comprar { $card } de la pila de descartes ({ $cost }⚡)

cardq-smoke_cloud-status = { $count ->
    [one] queda 1 contador de humo
   *[other] quedan { $count } contadores de humo
}
cardq-smoke_cloud-used-up = se usó su último contador de humo
cardq-smoke_cloud-tokens = { $count } de humo

cardq-wings-use = paga { $energy }⚡: no pierdes corazones en lo que queda de turno

# Evoluciones de Power Up! (engine/evolutions/): Fue la bella quien mató a la bestia,
# Megarronroneo, Zanahoria eléctrica, Jugar con la comida, Armas exóticas, Objetivo fijado,
# Armadura relámpago, Inmersión profunda.
cardq-twas_beauty_killed_the_beast-left-tokyo = su dueño salió de Tokyo
cardq-mega_purr-prompt = ¿qué le das a { $name } por { $card }, 1⚡ o 1★?
cardq-mega_purr-energy = Dar 1⚡
cardq-mega_purr-vp = Dar 1★
cardq-electric_carrot-prompt = ¿le das 1⚡ a { $name }, o pierdes 1❤️ más ({ $card })?
cardq-electric_carrot-give = Dar 1⚡
cardq-electric_carrot-lose = Perder 1❤️ más
cardq-play_with_your_food-prompt = ¿haces que { $name } pierda { $fewer }❤️ menos y le robas 1★ y 1⚡ ({ $card })?
cardq-play_with_your_food-play = Robar: { $fewer }❤️ menos
cardq-play_with_your_food-pass = Mantener los corazones
cardq-exotic_arms-stake = Apostar { $energy }⚡ (vuelve con { $smashes } ataques)
cardq-target_acquired-prompt = ¿le das a { $name } el contador de objetivo ({ $card })?
cardq-target_acquired-give = Apuntar a { $name }
cardq-target_acquired-keep = Dejar el contador
cardq-target_acquired-on = 🎯 { $name }
cardq-lightning_armor-prompt = ¿tiras { $dice ->
    [one] un dado
   *[other] { $dice } dados
} con { $card }? Cada ataque hace perder 1❤️ a { $name }
cardq-lightning_armor-roll = Tirar { $dice ->
    [one] 1 dado
   *[other] { $dice } dados
}
cardq-deep_dive-prompt = { $count ->
    [one] ¿pones en juego gratis la carta que has mirado en lo alto del mazo ({ $card })?
   *[other] ¿cuál de las { $count } cartas que has mirado en lo alto del mazo pones en juego gratis ({ $card })?
}
cardq-deep_dive-nth = { $place ->
    [1] Poner en juego la primera
    [2] Poner en juego la segunda
   *[other] Poner en juego la tercera
}
cardq-deep_dive-put = Poner { $card } en juego
cardq-deep_dive-secret = En lo alto del mazo: { $cards }
cardq-deep_dive-seen = **{ $card }** ({ $kind }): { $text }

# Evoluciones de Power Up! (engine/evolutions/): Tecnología adaptativa, Tecnología alienígena
# superior, Pesca milagrosa, Reflejo helado, Golpes de pecho.
cardq-adapting_technology-use = Renovar cartas por un contador (tiene { $tokens })
cardq-adapting_technology-used-up = gastó su último contador
cardq-chest_thumping-prompt = ¿obligas a { $name } a ceder { $place } ({ $card })?
cardq-chest_thumping-force = Obligarle a ceder
cardq-chest_thumping-let-stay = Dejar que se quede
cardq-superior_alien_technology-buy-a-card = Comprar una carta a mitad + contador ovni
cardq-superior_alien_technology-buy = Comprar { $card } a mitad + ovni ({ $cost }⚡)
cardq-superior_alien_technology-status = { $count ->
    [one] un contador ovni en { $cards }
   *[other] contadores ovni en { $cards }
}
cardq-superior_alien_technology-tokens = ovni: { $cards }
cardq-miraculous_catch-use = Revelar una carta de la pila de descartes
cardq-miraculous_catch-prompt = { $card } ha revelado { $caught } de la pila de descartes: ¿la compras?
cardq-miraculous_catch-buy = Comprarla ({ $cost }⚡, 1 menos)
cardq-miraculous_catch-buy-half = Comprarla a mitad + ovni ({ $cost }⚡)
cardq-miraculous_catch-leave = Dejarla en la pila
cardq-icy_reflection-prompt = elige una Evolución permanente para que { $card } la copie
cardq-icy_reflection-copy = Copiar { $card } ({ $name })
cardq-icy_reflection-copy-gone = { $card } salió del juego
