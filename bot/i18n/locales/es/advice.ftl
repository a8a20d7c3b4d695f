## Consejos: la sugerencia de la IA Fácil en la tirada (un botón: 80 caracteres como mucho)
## y /kot hint con palabras sencillas. Los dados son los símbolos de sus caras ("❤️ ❤️ 3").

advice-suggested-keep = 💡 Sugerencia: guardar { $dice }, tirar { $rolled }
advice-suggested-reroll = 💡 Sugerencia: volver a tirar los { $rolled }

advice-move-keep = Guardar { $dice } y volver a tirar { $rolled ->
    [one] 1 dado
   *[other] { $rolled } dados
}
advice-move-reroll-all = { $rolled ->
    [one] Volver a tirar el dado
   *[other] Volver a tirar los { $rolled } dados
}
advice-move-release-keep = Soltar { $released }, guardar { $dice } y volver a tirar { $rolled ->
    [one] 1 dado
   *[other] { $rolled } dados
}
advice-move-release-reroll-all = Soltar { $released } y volver a tirar { $rolled ->
    [one] el dado
   *[other] los { $rolled } dados
}
advice-move-stop = Dejar de tirar con { $dice }

advice-hint = **{ $move }** ({ $chance } % de probabilidad de ganar)
    { $why }
    { $close ->
        [yes] Igual de buena
       *[no] Siguiente mejor jugada
    }: { $next } ({ $next_chance } % de probabilidad de ganar).
advice-hint-only = **{ $move }**: la única jugada sensata.
    { $why }
advice-hint-easy = **{ $move }**
    { $why }
    (La IA Difícil está ocupada: es la regla práctica de la IA Fácil, sin probabilidad calculada.)

advice-why-keep = { $reasons }.
advice-why-stop = Volver a tirar podría estropear lo que tienes: { $reasons }.
advice-why-reroll-all = Nada de lo que ha salido vale la pena: { $rolled ->
    [one] el dado tiene
   *[other] los { $rolled } dados tienen
} otra oportunidad.
advice-why-numbers-score = { $dice } suman { $points }★
advice-why-numbers-aim = { $dice }: { $count ->
    [one] le
   *[other] les
} { $more ->
    [one] falta uno más
   *[other] faltan { $more } más
} para sumar { $points }★
advice-why-heal = { $dice } te { $count ->
    [one] cura
   *[other] curan
} (tienes { $hearts } de { $most } ❤️)
advice-why-smash-outside = { $dice } { $count ->
    [one] golpea
   *[other] golpean
} { $monsters ->
    [one] al monstruo
   *[other] a los { $monsters } monstruos
} fuera de Tokyo
advice-why-smash-enter = { $dice } te { $count ->
    [one] lleva
   *[other] llevan
} a Tokyo, que está vacío: cada turno que empiezas allí suma puntos
advice-why-smash-tokyo = { $dice } { $count ->
    [one] golpea
   *[other] golpean
} a { $names } en Tokyo, que puede ceder Tokyo y dejarte entrar
advice-why-smash-knock-out = { $dice } { $count ->
    [one] puede
   *[other] pueden
} eliminar a { $names } en Tokyo
advice-why-energy = { $dice } { $count ->
    [one] sirve
   *[other] sirven
} para comprar cartas (tienes { $energy }⚡)
advice-why-energy-for = { $dice } { $count ->
    [one] ahorra
   *[other] ahorran
} para { $card } ({ $cost }⚡; tienes { $energy }⚡)
advice-why-stay = Tienes { $hearts } ❤️, suficientes para aguantar los próximos ataques, y cada turno que empiezas en Tokyo te da { $reward }.
advice-why-stay-risky = Solo te { $hearts ->
    [one] queda
   *[other] quedan
} { $hearts } ❤️, pero si cedes Tokyo entra { $name }, y cada turno allí da { $reward }.
advice-why-stay-leader = Solo te { $hearts ->
    [one] queda
   *[other] quedan
} { $hearts } ❤️, pero si cedes Tokyo entra { $name }, y entrar le da el punto que le falta para ganar (tiene { $points }★).
advice-why-yield = Con solo { $hearts } ❤️, si te quedas te pueden eliminar; fuera de Tokyo los ❤️ vuelven a curarte.
advice-why-yield-healthy = { $name } se queda Tokyo y recibe todos los ataques en tu lugar; puedes volver más tarde con 💥.
advice-why-buy = { $kind ->
    [keep] Se queda contigo
   *[discard] Se usa una vez
} y cuesta { $cost }⚡ de tus { $energy }⚡: { $text }
advice-why-sweep = Nada de lo que hay en venta te vale ahora: por 2⚡ de tus { $energy }⚡ salen tres cartas nuevas.
advice-why-end-turn = { $affordable ->
    [yes] Ninguna carta en venta vale ahora su precio para ti: guarda tus { $energy }⚡ para más adelante.
   *[no] Con { $energy }⚡ no llegas a ninguna carta en venta: guárdala para el próximo turno.
}
advice-why-best-of = Es la que más veces ganó de { $count ->
    [one] la única jugada
   *[other] las { $count } jugadas
} que comparó la IA Difícil.
advice-why-only = Ninguna otra opción tiene sentido aquí.
advice-why-rule-of-thumb = Es lo que hace la IA Fácil aquí.
