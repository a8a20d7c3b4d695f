# Las palabras del juego: caras de los dados, lugares, fichas, y cómo se cuentan.
# Los términos siguen el reglamento español de 2011 (docs/glossary.md).

face-1 = 1
face-2 = 2
face-3 = 3
face-energy = energía
face-heart = corazón
face-smash = ataque

face-count = { $face ->
    [heart] { $count ->
        [one] 1 corazón
       *[other] { $count } corazones
    }
    [smash] { $count ->
        [one] 1 ataque
       *[other] { $count } ataques
    }
    [energy] { $count } de energía
   *[other] { $count } × { $face }
}

place-city = ciudad de Tokyo
place-bay = Tokyo Bay
place-tokyo = Tokyo

token-poison = veneno
token-shrink = reductor
token-smoke = humo
token-mimic = Imitador

list = { $items }
