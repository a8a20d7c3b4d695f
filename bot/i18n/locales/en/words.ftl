# The game's words: die faces, places, tokens, and the ways they are counted.
# Spanish follows the 2011 Spanish rulebook's terms (docs/glossary.md).

face-1 = 1
face-2 = 2
face-3 = 3
face-energy = energy
face-heart = heart
face-smash = smash

# A count of a die face (its key: 1, 2, 3, energy, heart, smash): "2 hearts", "1 smash".
face-count = { $face ->
    [heart] { $count ->
        [one] 1 heart
       *[other] { $count } hearts
    }
    [smash] { $count ->
        [one] 1 smash
       *[other] { $count } smashes
    }
    [energy] { $count } energy
   *[other] { $count } × { $face }
}

place-city = Tokyo City
place-bay = Tokyo Bay
place-tokyo = Tokyo

token-poison = poison
token-shrink = shrink
token-smoke = smoke
token-mimic = Mimic

# Items said as a list, the list already joined by the reader's language.
list = { $items }
