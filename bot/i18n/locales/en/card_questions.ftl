# The cards' own words (engine/cards/): their questions, answers, uses and statuses.
# cardq-<card key>-<what>.

cardq-background_dweller-use = reroll 3s

cardq-battery_monster-prompt = how much of your energy do you put on { $card }? The bank adds as much; you take { $energy }⚡ back at the start of each of your turns.
cardq-battery_monster-nothing = Nothing (the card is discarded)
cardq-battery_monster-put = Put { $energy }⚡ (the bank adds { $energy }⚡)
cardq-battery_monster-status = { $energy }⚡ left on it
cardq-battery_monster-charging = charging { $card }
cardq-battery_monster-no-energy = nothing could be put on it
cardq-battery_monster-empty = nothing was put on it
cardq-battery_monster-used-up = its energy is used up

cardq-biofuel-use = count a heart as an energy
cardq-shrinky-use = count a 2 as a 1

cardq-plot_twist-use = set a die to any face (once)

cardq-electric_armor-use = pay { $energy } energy: lose 1 heart fewer

cardq-freeze_time-prompt = take another turn after this one, with one die fewer ({ $card })?
cardq-freeze_time-take = Take the extra turn ({ $dice } dice)
cardq-freeze_time-pass = No extra turn

cardq-healing_ray-prompt = heal other monsters with { $card }? You have { $hearts ->
    [one] 1 heart
   *[other] { $hearts } hearts
} to spend; they pay you { $energy }⚡ per heart.
cardq-healing_ray-stop = Stop (heart dice do nothing in Tokyo)
cardq-healing_ray-keep = Keep the hearts for yourself
cardq-healing_ray-heal = Heal { $name } +{ $hearts }❤️ (pays you { $energy }⚡)

cardq-made_in_a_lab-use = look at the top card
cardq-yin_and_yang-use = turn every die to its opposite
cardq-energy_sword-pay = Pay { $energy }⚡
cardq-sunken_temple-prompt = give up the rest of your turn for { $hearts }❤️ and { $energy }⚡ ({ $card })?
cardq-sunken_temple-use = Give up the turn: +{ $hearts }❤️ +{ $energy }⚡
cardq-sunken_temple-pass = Play the turn
cardq-bamboo_supply-prompt = put 1⚡ on { $card }, or take what it holds?
cardq-bamboo_supply-store = Put 1⚡ on it
cardq-bamboo_supply-take = Take its { $energy }⚡
cardq-mothership_support-use = Pay { $energy }⚡: gain 1❤️
cardq-made_in_a_lab-prompt = buy the card you looked at with { $card }, or leave it on the deck?
evoq-draw-prompt = { $count ->
    [one] keep the Evolution you looked at?
   *[other] which of the { $count } Evolutions you looked at do you keep?
}
evoq-keep-nth = { $place ->
    [1] Keep the first
   *[other] Keep the second
}
evoq-keep = Keep { $card }
cardq-saurian_adaptability-prompt = turn every die of one face into another face?
cardq-saurian_adaptability-change = Every { $face } → { $to }
cardq-saurian_adaptability-keep = Change nothing
cardq-heart_of_the_rabbit-prompt = reroll which of the dice with { $card }?
cardq-bamboozle-prompt = which card must { $name } buy instead ({ $card })?
cardq-bamboozle-pick = { $card } ({ $cost }⚡)
cardq-encased_in_ice-use = Lock a die ({ $energy }⚡)
cardq-encased_in_ice-prompt = lock which die until your next turn ({ $card })?
cardq-encased_in_ice-lock = Die { $number } ({ $face })
cardq-encased_in_ice-status = a { $face } locked
cardq-freeze_ray-prompt = which face does nothing for { $name } this turn ({ $card })?
cardq-freeze_ray-status = lent: { $face } frozen
evoq-moment-turn_start = play an Evolution before you roll?
evoq-moment-dice_rolled = { $active } has finished rolling: play an Evolution?
evoq-moment-dice_resolving = play an Evolution before your dice resolve?
evoq-moment-losing_hearts = you are about to lose { $amount }❤️: play an Evolution first?
evoq-moment-tokyo_free = Tokyo is free: play an Evolution before { $active } enters?
evoq-moment-after_entering = your move into Tokyo is over: play an Evolution?
evoq-moment-card_bought = { $active } is buying a card: play an Evolution first?
evoq-moment-turn_end = the turn is ending: play an Evolution?
evoq-moment-pass = Play none
cardq-made_in_a_lab-buy-it = Buy it
cardq-made_in_a_lab-leave-it = Leave it on the deck

cardq-metamorph-prompt = sell a Keep card for its printed cost with { $card }?
cardq-metamorph-pass = Sell nothing more
cardq-metamorph-sell-a-card = Sell a card
cardq-metamorph-sell = Sell { $card } ({ $cost }⚡)
cardq-metamorph-sold-with = sold with { $card }

cardq-mimic-status = copies no card yet
cardq-mimic-prompt-move = move the { $card } token for { $energy } energy?
cardq-mimic-prompt = choose a Keep card for { $card } to copy
cardq-mimic-pass = Don't move it
cardq-mimic-copy-a-card = Copy a card
cardq-mimic-copy = Copy { $card } ({ $name })
cardq-mimic-moving = moving the { $card } token

cardq-opportunist-prompt = buy a newly revealed card with { $card }?
cardq-opportunist-pass = Buy nothing

cardq-parasitic_tentacles-buy-a-card = Buy a card from another monster
cardq-parasitic_tentacles-buy = Buy { $card } from { $name } ({ $cost }⚡)

cardq-psychic_probe-prompt = reroll one of the active monster's dice with { $card }?
cardq-psychic_probe-reroll = Reroll die { $number } ({ $face })
cardq-psychic_probe-rerolled-heart = { $card } rerolled a heart

cardq-rapid_healing-use = pay { $energy } energy: gain 1 heart

cardq-scavenger-buy-a-card = Buy a card from the discard pile
cardq-scavenger-buy = Buy { $card } from the discard pile ({ $cost }⚡)

cardq-smoke_cloud-status = { $count } smoke left
cardq-smoke_cloud-tokens = { $count } smoke
cardq-smoke_cloud-used-up = its last smoke token was used

cardq-wings-use = pay { $energy } energy: lose no hearts for the rest of this turn

# Power Up!'s Evolutions (engine/evolutions/): 'Twas Beauty Killed the Beast, Mega Purr,
# Electric Carrot, Play with your Food, Exotic Arms, Target Acquired, Lightning Armor, Deep Dive.
cardq-twas_beauty_killed_the_beast-left-tokyo = its owner left Tokyo
cardq-mega_purr-prompt = which do you give { $name } for { $card }, 1⚡ or 1★?
cardq-mega_purr-energy = Give 1⚡
cardq-mega_purr-vp = Give 1★
cardq-electric_carrot-prompt = give { $name } 1⚡, or lose 1❤️ more ({ $card })?
cardq-electric_carrot-give = Give 1⚡
cardq-electric_carrot-lose = Lose 1❤️ more
cardq-play_with_your_food-prompt = make { $name } lose { $fewer }❤️ fewer and steal 1★ and 1⚡ from it ({ $card })?
cardq-play_with_your_food-play = Steal: { $fewer }❤️ fewer
cardq-play_with_your_food-pass = Keep the hearts
cardq-exotic_arms-stake = Stake { $energy }⚡ (back with { $smashes } Smashes)
cardq-target_acquired-prompt = give { $name } the target token ({ $card })?
cardq-target_acquired-give = Target { $name }
cardq-target_acquired-keep = Leave the token
cardq-target_acquired-on = 🎯 { $name }
cardq-lightning_armor-prompt = roll { $dice ->
    [one] a die
   *[other] { $dice } dice
} with { $card }: each Smash makes { $name } lose 1❤️?
cardq-lightning_armor-roll = Roll { $dice ->
    [one] 1 die
   *[other] { $dice } dice
}
cardq-deep_dive-prompt = { $count ->
    [one] put the card you looked at on top of the deck into play for free ({ $card })?
   *[other] which of the { $count } cards you looked at on top of the deck do you put into play for free ({ $card })?
}
cardq-deep_dive-nth = { $place ->
    [1] Put the first into play
    [2] Put the second into play
   *[other] Put the third into play
}
cardq-deep_dive-put = Put { $card } into play
cardq-deep_dive-secret = On top of the deck: { $cards }
cardq-deep_dive-seen = **{ $card }** ({ $kind }): { $text }

# Power Up!'s Evolutions (engine/evolutions/): Adapting Technology, Superior Alien Technology,
# Miraculous Catch, Icy Reflection, Chest Thumping.
cardq-adapting_technology-use = Sweep cards for a token ({ $tokens } on it)
cardq-adapting_technology-used-up = its last token was spent
cardq-chest_thumping-prompt = force { $name } to yield { $place } ({ $card })?
cardq-chest_thumping-force = Force it out
cardq-chest_thumping-let-stay = Let it stay
cardq-superior_alien_technology-buy-a-card = Buy a card half-price + UFO token
cardq-superior_alien_technology-buy = Buy { $card } half-price + UFO ({ $cost }⚡)
cardq-superior_alien_technology-status = { $count ->
    [one] a UFO token on { $cards }
   *[other] UFO tokens on { $cards }
}
cardq-superior_alien_technology-tokens = UFO: { $cards }
cardq-miraculous_catch-use = Turn up a card of the discard pile
cardq-miraculous_catch-prompt = { $card } turned up { $caught } from the discard pile: buy it?
cardq-miraculous_catch-buy = Buy it ({ $cost }⚡, 1 less)
cardq-miraculous_catch-buy-half = Buy it half-price + UFO ({ $cost }⚡)
cardq-miraculous_catch-leave = Leave it in the pile
cardq-icy_reflection-prompt = choose a permanent Evolution for { $card } to copy
cardq-icy_reflection-copy = Copy { $card } ({ $name })
cardq-icy_reflection-copy-gone = { $card } left play
