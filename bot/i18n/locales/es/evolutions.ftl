# Evoluciones de Power Up!: evo-<key> es el nombre de la Evolución, evotext-<key> lo que hace.
# Palabras nuestras, breves, no el texto impreso: caben en un botón y en un embed. Términos de
# docs/glossary.md ("ataque" es la cara de la garra).

# Space Penguin
evo-freeze_ray = Rayo congelante
evotext-freeze_ray = Cuando atacas a un monstruo en Tokyo, préstale esta carta: en su siguiente turno, la cara de dado que elijas no le sirve de nada. Luego vuelve a ti.
evo-miraculous_catch = Pesca milagrosa
evotext-miraculous_catch = Una vez por turno, al comprar: baraja la pila de descartes de cartas de poder, revela una al azar y cómprala por 1 de energía menos, o déjala.
evo-deep_dive = Inmersión profunda
evotext-deep_dive = Mira las 3 cartas de arriba del mazo: pon una gratis en juego delante de ti y las otras dos bajo el mazo.
evo-cold_wave = Ola de frío
evotext-cold_wave = Hasta tu siguiente turno, cada uno de los demás monstruos tira un dado menos.
evo-encased_in_ice = Atrapado en el hielo
evotext-encased_in_ice = Tras tu última tirada, paga 1 de energía y congela un dado: hasta tu siguiente turno nadie puede volver a tirarlo ni cambiarlo, y cuenta en la tirada de todos.
evo-blizzard = Ventisca
evotext-blizzard = Juégala en tu turno. Hasta tu siguiente turno, los demás monstruos solo tienen una tirada y no pueden ceder Tokyo.
evo-black_diamond = Diamante negro
evotext-black_diamond = Gana 1 PV más cuando tomes el control de Tokyo y cada vez que puedas ceder Tokyo y te quedes.
evo-icy_reflection = Reflejo helado
evotext-icy_reflection = Elige una Evolución permanente delante de cualquier monstruo: esta carta la copia, como si la hubieras jugado. Descártala si esa carta sale del juego.

# Alienoid
evo-alien_scourge = Azote alienígena
evotext-alien_scourge = Gana 2 PV.
evo-precision_field_support = Apoyo de precisión
evotext-precision_field_support = Revela cartas del mazo hasta que salga una carta Permanente de 4 de energía o menos: ponla en juego gratis. Descarta las demás reveladas.
evo-anger_batteries = Baterías de ira
evotext-anger_batteries = Gana 1 de energía por cada corazón que hayas perdido en este turno.
evo-adapting_technology = Tecnología adaptativa
evotext-adapting_technology = Llega con 3 contadores. En tu turno, gasta uno en vez de 2 de energía para renovar las cartas. Descártala cuando no quede ninguno.
evo-funny_looking_but_dangerous = Gracioso pero peligroso
evotext-funny_looking_but_dangerous = Si sacas al menos tres 2, cada uno de los demás monstruos pierde 1 corazón.
evo-exotic_arms = Armas exóticas
evotext-exotic_arms = Antes de tirar, puedes apostar 2 de energía. Con 3 ataques o más, la recuperas y los monstruos que atacas pierden 2 corazones más; si no, pierdes la apuesta y 2 corazones.
evo-mothership_support = Apoyo de la nave nodriza
evotext-mothership_support = Una vez en tu turno, puedes pagar 1 de energía para ganar 1 corazón.
evo-superior_alien_technology = Tecnología alienígena superior
evotext-superior_alien_technology = Compra cartas Permanentes por la mitad, redondeando al alza, y márcalas (3 como máximo). Al inicio de tu turno, tira un dado por cada una: con ataque, descártala.

# Cyber Kitty
evo-nine_lives = Nueve vidas
evotext-nine_lives = Al llegar a 0 corazones: descarta todas tus cartas y Evoluciones, pierde toda tu energía y tus PV, sal de Tokyo y sigue jugando con 9 corazones y 9 PV.
evo-mega_purr = Megarronroneo
evotext-mega_purr = Cada uno de los demás monstruos te da 1 de energía o 1 PV, a su elección.
evo-electro_scratch = Electroarañazo
evotext-electro_scratch = Cada uno de los demás monstruos pierde 1 corazón.
evo-cat_nip = Hierba gatera
evotext-cat_nip = Juégala al inicio de tu turno: solo tienes una tirada en este turno, pero sus resultados cuentan doble.
evo-play_with_your_food = Jugar con la comida
evotext-play_with_your_food = Cuando vayas a hacer perder 2 corazones o más a un monstruo en Tokyo, puedes hacerle perder 2 menos y robarle 1 PV y 1 de energía.
evo-feline_motor = Motor felino
evotext-feline_motor = Cuando otro monstruo vaya a entrar en Tokyo y esté vacío, puedes entrar tú en su lugar, si no estabas en Tokyo al empezar ese turno.
evo-mouse_hunter = Cazarratones
evotext-mouse_hunter = Gana 1 PV si sacas al menos un 1.
evo-meow_missle = Misil miau
evotext-meow_missle = Si sacas al menos un 1, añade un ataque a tu tirada.

# The King
evo-monkey_rush = Embestida simiesca
evotext-monkey_rush = Juégala cuando el monstruo que está en Tokyo salga o sea eliminado: tomas el control de Tokyo.
evo-simian_scamper = Huida simiesca
evotext-simian_scamper = Cuando cedas Tokyo: no pierdes corazones por ese ataque ni durante el resto del turno.
evo-jungle_frenzy = Frenesí de la jungla
evotext-jungle_frenzy = Juégala en tu turno si atacaste al monstruo de Tokyo y no entraste en Tokyo: juega otro turno después de este.
evo-giant_banana = Plátano gigante
evotext-giant_banana = Gana 2 corazones.
evo-chest_thumping = Golpes de pecho
evotext-chest_thumping = Puedes obligar a los monstruos que atacas a ceder Tokyo.
evo-alpha_male = Macho alfa
evotext-alpha_male = Gana 1 PV en cada turno en que ataques al menos a un monstruo.
evo-i_am_the_king = ¡Soy el Rey!
evotext-i_am_the_king = Gana 1 PV más cuando tomes el control de Tokyo y cuando empieces tu turno en Tokyo.
evo-twas_beauty_killed_the_beast = Fue la bella quien mató a la bestia
evotext-twas_beauty_killed_the_beast = Juégala en Tokyo. Gana 1 PV al final del turno de cada monstruo, incluido el tuyo. Si sales de Tokyo, descártala y pierde todos tus PV.

# Gigazaur
evo-detachable_tail = Cola desprendible
evotext-detachable_tail = Cuando vayas a perder corazones: no pierdes corazones durante el resto de este turno.
evo-radioactive_waste = Residuos radiactivos
evotext-radioactive_waste = Gana 2 de energía y 1 corazón.
evo-primal_bellow = Bramido primigenio
evotext-primal_bellow = Cada uno de los demás monstruos pierde 2 PV.
evo-saurian_adaptability = Adaptabilidad sauria
evotext-saurian_adaptability = Antes de resolver tus dados, elige una cara: todos los dados que la muestren pasan a la cara que quieras.
evo-defender_of_tokyo = Defensor de Tokyo
evotext-defender_of_tokyo = Si empiezas tu turno en Tokyo, cada uno de los demás monstruos pierde 1 PV.
evo-heat_vision = Visión térmica
evotext-heat_vision = Los monstruos que te atacan pierden 1 PV.
evo-gamma_breath = Aliento gamma
evotext-gamma_breath = Una vez por turno, puedes cambiar uno de tus dados a ataque.
evo-tail_sweep = Coletazo
evotext-tail_sweep = Una vez por turno, puedes cambiar uno de tus dados a 1 o a 2.

# Meka Dragon
evo-mecha_blast = Ráfaga meca
evotext-mecha_blast = Juégala antes de resolver tus dados: los monstruos que atacas en este turno pierden 2 corazones más.
evo-destructive_analysis = Análisis destructivo
evotext-destructive_analysis = Juégala antes de resolver tus dados: gana 1 de energía por cada ataque que hayas sacado.
evo-programmed_to_destroy = Programado para destruir
evotext-programmed_to_destroy = Gana 3 PV y 2 de energía cada vez que otro monstruo llegue a 0 corazones.
evo-tune_up = Puesta a punto
evotext-tune_up = Juégala al inicio de tu turno, fuera de Tokyo: renuncia al resto de tu turno y gana 4 corazones y 2 de energía.
evo-breath_of_doom = Aliento de la perdición
evotext-breath_of_doom = Cuando haces perder corazones a monstruos en Tokyo, cada uno de los demás monstruos que está fuera de Tokyo pierde 1 corazón.
evo-lightning_armor = Armadura relámpago
evotext-lightning_armor = Cuando pierdas corazones, puedes tirar un dado por cada uno; cada ataque que saques hace perder 1 corazón al monstruo que está jugando su turno.
evo-claws_of_steel = Garras de acero
evotext-claws_of_steel = En tu turno, cada monstruo al que hagas perder 3 corazones o más pierde 1 corazón más.
evo-target_acquired = Objetivo fijado
evotext-target_acquired = Cuando un monstruo te ataque, puedes darle el contador de objetivo: pierde 1 corazón más cada vez que le hagas perder corazones.

# Pandakaï
evo-panda_monium = Panda-mónium
evotext-panda_monium = Gana 6 de energía; cada uno de los demás monstruos gana 3 de energía.
evo-eats_shoots_and_leaves = Come, dispara y se va
evotext-eats_shoots_and_leaves = Juégala al entrar en Tokyo: cada monstruo fuera de Tokyo pierde 2 corazones. Gana 1 de energía y sal de Tokyo; nadie ocupa tu lugar.
evo-bamboozle = Timo de bambú
evotext-bamboozle = Juégala cuando otro monstruo compre una carta de poder: anula la compra y elige otra carta que pueda pagar; tendrá que comprar esa.
evo-bear_necessities = Lo más vital
evotext-bear_necessities = Pierde 1 PV; gana 2 de energía y 2 corazones.
evo-panda_express = Panda exprés
evotext-panda_express = Si sacas 1, 2, 3, corazón, ataque y energía, gana 2 PV y juega otro turno después de este.
evo-bamboo_supply = Reserva de bambú
evotext-bamboo_supply = Al inicio de tu turno, pon en esta carta 1 de energía de la banca, o toma toda la energía que tenga.
evo-pandarwinism = Pandarwinismo
evotext-pandarwinism = Si sacas al menos tres corazones, gana 1 PV, más 1 PV por cada corazón a partir del cuarto.
evo-yin_and_yang = Yin y yang
evotext-yin_and_yang = Antes de resolver tus dados, puedes girarlos todos a su cara opuesta: 1↔3, 2↔corazón, ataque↔energía.

# Cyber Bunny
evo-stroke_of_genius = Golpe de genio
evotext-stroke_of_genius = Gana tanta energía como hayas ganado ya en este turno.
evo-emergency_battery = Batería de emergencia
evotext-emergency_battery = Gana 3 de energía.
evo-rabbits_foot = Pata de conejo
evotext-rabbits_foot = Cuando vayas a perder corazones: no pierdes corazones durante el resto de este turno.
evo-heart_of_the_rabbit = Corazón de conejo
evotext-heart_of_the_rabbit = Juégala tras la última tirada de otro monstruo: vuelve a tirar uno de sus dados. Recupérala de tu pila de descartes al tomar el control de Tokyo.
evo-secret_laboratory = Laboratorio secreto
evotext-secret_laboratory = Las cartas de poder te cuestan 1 de energía menos.
evo-king_of_the_gizmo = Rey de los cacharros
evotext-king_of_the_gizmo = Gana 1 PV cada vez que compres una carta de poder.
evo-energy_sword = Espada de energía
evotext-energy_sword = Antes de tirar, puedes pagar 2 de energía. Si lo haces, añade un ataque si sacas al menos uno, y gana 1 de energía por cada ataque que saques.
evo-electric_carrot = Zanahoria eléctrica
evotext-electric_carrot = Mientras estés en Tokyo, cada monstruo que atacas pierde 1 corazón más, salvo que te dé 1 de energía.

# Kraken
evo-healing_rain = Lluvia curativa
evotext-healing_rain = Gana 2 corazones.
evo-destructive_wave = Ola destructora
evotext-destructive_wave = Juégala al entrar en Tokyo: cada uno de los demás monstruos pierde 2 corazones.
evo-cult_worshippers = Adoradores del culto
evotext-cult_worshippers = Gana 1 PV por cada corazón que hayas ganado en este turno.
evo-high_tide = Marea alta
evotext-high_tide = Juégala antes de resolver tus dados: añade un corazón por cada corazón que hayas sacado.
evo-terror_of_the_deep = Terror de las profundidades
evotext-terror_of_the_deep = Cuando vayas a perder corazones, tira un dado por cada uno; cada corazón que saques anula uno de ellos.
evo-eater_of_souls = Devorador de almas
evotext-eater_of_souls = Gana 1 corazón cada vez que entres en Tokyo. Mientras la tengas, tu máximo es de 12 corazones.
evo-sunken_temple = Templo sumergido
evotext-sunken_temple = Al inicio de tu turno, si estás fuera de Tokyo, puedes renunciar a tu turno para ganar 3 corazones y 3 de energía.
evo-mandibles_of_dread = Mandíbulas del terror
evotext-mandibles_of_dread = Los monstruos que atacas pierden 1 PV.
