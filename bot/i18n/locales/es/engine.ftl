# Las palabras del motor (engine/describe.py, engine/core.py, engine/rules.py): narración,
# preguntas, botones, estado de las cartas, secretos, motivos de ganancias y pérdidas, rechazos.
# Las palabras propias de cada carta están en card_questions.ftl.

## Piezas

narrate-comma = { $first }, { $second }
# Se conserva para la narración que guardaron bots anteriores a 588e31b: una crónica
# guardada la vuelve a decir. Nunca se quita un mensaje narrate- ni table-note- (véase
# tests/i18n/stored_message_ids.txt).
narrate-spaced = { $first } { $second }
narrate-and = { $first } y { $second }
narrate-a-card = carta
narrate-place-city = la ciudad de Tokyo
narrate-place-bay = Tokyo Bay
narrate-place-tokyo = Tokyo
narrate-token-count = { $token ->
    [poison] { $count ->
        [one] 1 contador de veneno
       *[other] { $count } contadores de veneno
    }
    [shrink] { $count ->
        [one] 1 contador reductor
       *[other] { $count } contadores reductores
    }
    [smoke] { $count ->
        [one] 1 contador de humo
       *[other] { $count } contadores de humo
    }
    [target] { $count ->
        [one] el contador de objetivo
       *[other] { $count } contadores de objetivo
    }
   *[other] { $count } × { $token }
}

## Narración: una línea por suceso

narrate-turn = Turno de { $name }.
narrate-extra-turn = Turno extra de { $name }.
narrate-probed = 🔮 { $card } de { $name }: { $roller } vuelve a tirar { $changes }.
narrate-die-change = el dado { $number }, un { $before } → { $after }
narrate-rolled = { $name } ha tirado: { $dice }
narrate-rolled-with = { $name } ha tirado ({ $card }): { $dice }
narrate-vp-gained = { $name } gana { $amount }★ ({ $reason }).
narrate-vp-lost = { $name } pierde { $amount }★ ({ $reason }).
narrate-energy-gained = { $name } gana { $amount }⚡ ({ $reason }).
narrate-healed = { $name } recupera { $count ->
    [one] 1 corazón
   *[other] { $count } corazones
} ({ $reason }).
narrate-damaged = { $name } pierde { $count ->
    [one] 1 corazón
   *[other] { $count } corazones
} (le { $hearts ->
    [one] queda 1
   *[other] quedan { $hearts }
}).
narrate-loss-prevented = { $card } evita que { $name } pierda { $count ->
    [one] 1 corazón
   *[other] { $count } corazones
}.
narrate-prevention-rolled = { $name } tira por { $card }: { $dice }
narrate-tokens-gained = { $name } recibe { $tokens }.
narrate-tokens-removed = { $name } se quita { $tokens }.
narrate-yielded = { $name } cede { $place }.
narrate-stayed = { $name } se queda en { $place }.
narrate-entered = { $name } entra en { $place }.
narrate-left = { $name } sale de { $place } ({ $reason }).
narrate-bought-from = { $name } compra { $card } a { $owner } por { $cost }⚡.
narrate-bought-discarded = { $name } compra { $card } de la pila de descartes por { $cost }⚡.
narrate-bought = { $name } compra { $card } por { $cost }⚡.
narrate-swept = { $name } renueva las cartas.
narrate-swept-away = { $name } renueva las cartas y retira { $cards }.
narrate-card-taken = { $name } pone { $card } en juego gratis ({ $reason }).
narrate-discarded = { $name } descarta { $card } ({ $reason }).
narrate-copied = { $copier } de { $name } copia { $card } de { $owner }.
narrate-copy-ended = Vuelve el contador de { $card } de { $name }.
narrate-smashes-added = { $card } de { $name } añade { $count ->
    [one] 1 ataque
   *[other] { $count } ataques
}.
narrate-damage-added = { $card } de { $name }: { $names } { $monsters ->
    [one] pierde
   *[other] pierden
} { $count ->
    [one] 1 corazón más
   *[other] { $count } corazones más
}.
narrate-card-struck = { $card } de { $name }: { $names } { $monsters ->
    [one] pierde { $count ->
        [one] 1 corazón
       *[other] { $count } corazones
    }
   *[other] pierden { $count ->
        [one] 1 corazón
       *[other] { $count } corazones
    } cada uno
}.
narrate-restarted = { $name } tiene un hijo: ¡vuelve con la vida al máximo y nada más!
narrate-eliminated = 💀 { $name } queda eliminado.
narrate-eliminated-by = 💀 { $name } queda eliminado por { $by }.
narrate-bay-closed = Tokyo Bay se cierra: { $count ->
    [one] queda menos de 1 monstruo
   *[other] quedan menos de { $count } monstruos
}.
narrate-extra-turn-granted = { $name } jugará un turno extra ({ $card }).
narrate-die-changed = { $name } pone el dado { $number } en { $face } ({ $card }).
narrate-deck-empty = El mazo se ha agotado.
narrate-won = 👑 ¡{ $names } { $count ->
    [one] gana
   *[other] ganan
} ({ $reason })!
narrate-deck-top-seen = { $name } mira la primera carta del mazo ({ $card }).
narrate-evolutions-looked-at = { $start ->
    [yes] { $name } mira lo alto de su pila de Evoluciones ({ $count ->
        [one] una carta
       *[other] { $count } cartas
    }) para quedarse una antes de empezar.
   *[no] { $name } ha sacado tres corazones: mira lo alto de su pila de Evoluciones ({ $count ->
        [one] una carta
       *[other] { $count } cartas
    }) para quedarse una.
}
narrate-evolution-kept = { $name } se queda una Evolución en la mano.
narrate-evolution-pile-shuffled = La pila de Evoluciones de { $name } se acaba: { $count ->
    [one] su Evolución descartada se baraja
   *[other] sus { $count } Evoluciones descartadas se barajan
} debajo.
narrate-evolution-played = { $permanent ->
    [yes] { $name } juega la Evolución { $card }, boca arriba.
   *[no] { $name } juega la Evolución { $card }.
}
narrate-purchase-cancelled = { $by } juega { $cause }: { $name } no compra { $card } (ni puede ya este turno).
narrate-evolution-lent = { $name } presta { $card } a { $holder }.
narrate-evolution-given-back = { $card } vuelve de { $holder } a { $name }.
narrate-face-frozen = { $name } congela los { $face } de { $holder } este turno ({ $card }): no hacen nada.
narrate-evolution-taken-back = { $name } recupera { $card } en su mano.
narrate-evolutions-expired = El efecto de { $cards } ({ $name }) termina: a su pila de descartes.

## La historia de una partida, turno a turno (el archivo de texto de /kot replay)

narrate-transcript-monsters = Monstruos: { $names }
narrate-transcript-power-up = Jugada con Power Up! (cada monstruo con sus Evoluciones).
narrate-transcript-turn = — Turno { $number }: { $name } —
narrate-transcript-refused = (El registro se detiene aquí: se rechazó una jugada: { $refusal })

## Por qué se gana o se pierde algo (entre paréntesis, tras la narración)

reason-card = { $card }
reason-entering-tokyo = por entrar en Tokyo
reason-turn-in-tokyo = por empezar el turno en Tokyo
reason-three-of-a-kind = tres { $number }
reason-energy-dice = dados ⚡
reason-heart-dice = dados ❤️
reason-sweeping = por renovar las cartas
reason-buying = por comprar { $card }
reason-selling = por vender { $card }
reason-eliminated = eliminado
reason-bay-closed = Tokyo Bay se ha cerrado
reason-restarted = vuelve a empezar
reason-used = usada
reason-victory-points = { $vp ->
    [one] 1 punto de victoria
   *[other] { $vp } puntos de victoria
}
reason-last-standing = último monstruo en pie

## La línea del tablero: qué se espera, o cómo terminó la partida

waiting-nobody-wins = Todos los monstruos han caído: nadie gana.
waiting-won = { $names } { $count ->
    [one] gana
   *[other] ganan
}: ¡Rey de Tokyo!
waiting-yield = { $names }: ¿quedarse en Tokyo o ceder el sitio?

## Preguntas

prompt-roll-use-or-resolve = { $name }: ¿usas una carta con los dados o los resuelves?
prompt-roll-with-card = { $name }: ¿guardas dados y vuelves a tirar con una carta, o paras?
prompt-roll = { $name }: ¿guardas dados y vuelves a tirar ({ $count ->
    [one] queda 1 tirada
   *[other] quedan { $count } tiradas
}), o paras?
prompt-yield = { $name }: ¿te quedas en { $place } o cedes el sitio?
prompt-buy = { $name }: ¿compras cartas, renuevas las cartas o terminas el turno?
prompt-hearts = { $name }: ¿usas { $count ->
    [one] 1 corazón
   *[other] { $count } corazones
} para curarte o para quitarte contadores?
prompt-react = { $name } está a punto de perder { $count ->
    [one] 1 corazón
   *[other] { $count } corazones
}: ¿usas una carta?
prompt-card = { $name }: { $question }
prompt-use-card = ¿usas { $card }?
prompt-die = el dado { $number } ({ $face })
prompt-set-die-face = ¿en qué cara pones { $die } ({ $card })?
prompt-which-die-into = ¿qué dado convierte { $card } en { $face }?
prompt-which-die-any = ¿qué dado cambia { $card } a otra cara?

## Botones

option-roll = Tirar
option-roll-uses-card = Tirar (usa una carta)
option-roll-with = Tirar ({ $card })
option-roll-with-note = Tirar ({ $card }: { $note })
option-card-copy = { $card }, { $copier }
option-pay-energy = paga { $energy }⚡
option-stop-rolling = Dejar de tirar
option-keep = Guardar { $dice }
option-stay = Quedarse en Tokyo
option-yield = Ceder Tokyo
option-buy = Comprar { $card } ({ $cost }⚡)
option-buy-a-card = Comprar una carta
option-sweep = Renovar cartas (2⚡)
option-end-turn = Terminar el turno
option-timeout = Se acabó el tiempo
option-pass = Pasar
option-cancel = Cancelar
option-take-loss = Aceptar la pérdida
option-use-a-card = Usar una carta
option-play-evolution-hidden = Jugar una Evolución
option-play-evolution = Jugar { $card }
option-use = { $card }: { $use }
option-use-it = usarla
option-other = { $kind }
option-heal-only = Solo curarte
option-remove-poison = { $count ->
    [one] Quitar 1 contador de veneno
   *[other] Quitar { $count } contadores de veneno
}
option-remove-shrink = { $count ->
    [one] Quitar 1 contador reductor
   *[other] Quitar { $count } contadores reductores
}
option-remove-both = Quitar { $poison ->
    [one] 1 contador de veneno
   *[other] { $poison } contadores de veneno
}, quitar { $shrink ->
    [one] 1 contador reductor
   *[other] { $shrink } contadores reductores
}
option-die = Dado { $number } ({ $face })
option-die-to = { $die } → { $face }
option-die-into = convertir un dado en { $face }
option-set-any-face = poner un dado en cualquier cara
option-set-any-face-paid = poner un dado en cualquier cara ({ $energy }⚡)
option-face = { $face ->
    [energy] ⚡ energía
    [heart] ❤️ corazón
    [smash] 💥 ataque
   *[other] { $face }
}

## El estado de una carta en el panel de su dueño

status = { $parts }
status-and = { $first }; { $second }
status-copies = copia { $card }
status-used = usada este turno
status-tokens = { $count ->
    [one] 1 contador encima
   *[other] { $count } contadores encima
}
status-energy-stored = { $energy }⚡ encima

## Lo que solo ve el monstruo al que se pregunta

secret-top-card = La primera carta del mazo es **{ $card }** ({ $cost }⚡, { $kind }): { $text }
evoq-draw-secret-one = Miras **{ $card }**: { $text }
evoq-draw-secret-two = Miras **{ $first }** ({ $first_text }) y **{ $second }** ({ $second_text }).
evoq-moment-fits = Puedes jugar { $cards }.
evoq-moment-card = **{ $card }** ({ $text })
evoq-moment-none-fits = Ahora no puedes jugar ninguna de tus Evoluciones.
secret-top-card-too-dear = { $seen } Solo tienes { $energy }⚡: déjala.
secret-kind-keep = Permanente
secret-kind-discard = Descartar

## Rechazos: por qué no se puede hacer algo

refusal-game-over = la partida ha terminado
refusal-moment-passed = ese momento ya ha pasado
refusal-not-yours = esta pregunta es para { $name }
refusal-no-question = { $card } no ha hecho ninguna pregunta
refusal-no-offer = { $card } no ofrece nada que comprar
refusal-energy = { $name } tiene { $energy } de energía; { $needed ->
    [one] hace falta 1
   *[other] hacen falta { $needed }
}
refusal-monster-count = { $game } se juega con { $min } a { $max } { $max ->
    [one] monstruo
   *[other] monstruos
}
refusal-names-twice = cada monstruo necesita un nombre propio
refusal-no-bay = { $game } no tiene Tokyo Bay: solo la ciudad de Tokyo
refusal-origins-2016 = { $game } se juega con las reglas de 2016
refusal-copies-count = indica un número de copias para cada carta
refusal-card-named-twice = nombra cada carta una sola vez, con su número de copias
refusal-copies-zero = cada carta nombrada se reparte al menos una vez
refusal-not-implemented = estas cartas no están implementadas: { $cards }
refusal-origins-cards-2016 = las cartas nuevas de Origins se juegan con las reglas de 2016
refusal-roll-or-stop = tira los dados o deja de tirar
refusal-not-a-choice = esa no es una de las opciones
refusal-card-gone = esa carta ya no está
refusal-card-cannot-act = esa carta no puede actuar ahora sobre estos dados
refusal-no-dice-to-keep = ahora no hay dados que guardar
refusal-die-numbers = elige los dados por su número, del 1 al { $count }
refusal-dice-final = los dados ya son definitivos: no se puede volver a tirar
refusal-all-kept = has guardado todos los dados: suelta al menos uno, o deja de tirar
refusal-roll-normally = tira normalmente: aún te quedan tiradas
refusal-no-rolls-left = no quedan tiradas
refusal-not-on-offer = esa carta ya no está a la venta
refusal-not-a-face = esa no es una cara del dado
refusal-deck-empty = el mazo está vacío
refusal-not-an-evolution = eso no es una Evolución
refusal-evolution-not-in-hand = esa Evolución no está en tu mano
refusal-power-up-monsters = Power Up! se juega con monstruos que tienen un mazo de Evoluciones
refusal-card-not-yours = esa carta ya no es tuya
refusal-card-not-in-play = esa carta ya no está en juego
refusal-not-in-discard = esa carta ya no está en la pila de descartes
