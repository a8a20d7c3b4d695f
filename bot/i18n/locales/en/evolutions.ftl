# Power Up! Evolutions: evo-<key> is the Evolution's name, evotext-<key> what it does. Our own
# short words, not the printed card text: they fit a button and an embed. Terms of
# docs/glossary.md.

# Space Penguin
evo-freeze_ray = Freeze Ray
evotext-freeze_ray = When you Smash a monster in Tokyo, lend it this card: on its next turn, a die face of your choice does nothing for it. Then it comes back.
evo-miraculous_catch = Miraculous Catch
evotext-miraculous_catch = Once per turn when buying: shuffle the Power card discard pile, reveal one card at random and buy it for 1 energy less, or leave it.
evo-deep_dive = Deep Dive
evotext-deep_dive = Look at the top 3 cards of the deck: put one into play in front of you for free and the other two under the deck.
evo-cold_wave = Cold Wave
evotext-cold_wave = Until your next turn, every other monster rolls one die fewer.
evo-encased_in_ice = Encased in Ice
evotext-encased_in_ice = After your last roll, pay 1 energy to freeze one of your dice: until your next turn nobody may reroll or change it, and it counts in everyone's roll.
evo-blizzard = Blizzard
evotext-blizzard = Play on your turn. Until your next turn, the other monsters get only one roll and cannot yield Tokyo.
evo-black_diamond = Black Diamond
evotext-black_diamond = Gain 1 extra VP when you take control of Tokyo, and each time you could yield Tokyo and stay instead.
evo-icy_reflection = Icy Reflection
evotext-icy_reflection = Pick a permanent Evolution in front of any monster: this card copies it, as if you had played it. Discard this if that card leaves play.

# Alienoid
evo-alien_scourge = Alien Scourge
evotext-alien_scourge = Gain 2 VP.
evo-precision_field_support = Precision Field Support
evotext-precision_field_support = Reveal cards from the deck until a Keep card costing 4 energy or less: put it into play for free. Discard the other revealed cards.
evo-anger_batteries = Anger Batteries
evotext-anger_batteries = Gain 1 energy for each heart you lost this turn.
evo-adapting_technology = Adapting Technology
evotext-adapting_technology = Comes with 3 tokens. On your turn, spend one instead of 2 energy to sweep the Power cards. Discard it when none are left.
evo-funny_looking_but_dangerous = Funny Looking But Dangerous
evotext-funny_looking_but_dangerous = If you roll at least three 2s, every other monster loses 1 heart.
evo-exotic_arms = Exotic Arms
evotext-exotic_arms = Before rolling, you may put 2 energy on it. With 3+ Smashes, take it back and monsters you Smash lose 2 extra hearts; if not, lose it and 2 hearts.
evo-mothership_support = Mothership Support
evotext-mothership_support = Once during your turn, you may pay 1 energy to gain 1 heart.
evo-superior_alien_technology = Superior Alien Technology
evotext-superior_alien_technology = Buy Keep cards at half price, rounded up, and mark them (3 at most). At the start of your turn, roll a die for each: discard it on a Smash.

# Cyber Kitty
evo-nine_lives = Nine Lives
evotext-nine_lives = At 0 hearts: discard all your cards and Evolutions, lose all energy and VP, leave Tokyo, then play on with 9 hearts and 9 VP.
evo-mega_purr = Mega Purr
evotext-mega_purr = Every other monster gives you 1 energy or 1 VP, its choice.
evo-electro_scratch = Electro-Scratch
evotext-electro_scratch = Every other monster loses 1 heart.
evo-cat_nip = Cat Nip
evotext-cat_nip = Play at the start of your turn: you get only one roll this turn, but its results count double.
evo-play_with_your_food = Play with your Food
evotext-play_with_your_food = When you would make a monster in Tokyo lose 2 hearts or more, you may make it lose 2 fewer and steal 1 VP and 1 energy from it.
evo-feline_motor = Feline Motor
evotext-feline_motor = When another monster would enter an empty Tokyo, you may enter instead, if you were not in Tokyo when that turn began.
evo-mouse_hunter = Mouse Hunter
evotext-mouse_hunter = Gain 1 VP if you roll at least one 1.
evo-meow_missle = Meow Missle
evotext-meow_missle = If you roll at least one 1, add a Smash to your roll.

# The King
evo-monkey_rush = Monkey Rush
evotext-monkey_rush = Play when the monster in Tokyo leaves it or is eliminated: you take control of Tokyo.
evo-simian_scamper = Simian Scamper
evotext-simian_scamper = When you yield Tokyo: you lose no hearts from that attack, nor for the rest of the turn.
evo-jungle_frenzy = Jungle Frenzy
evotext-jungle_frenzy = Play on your turn if you Smashed the monster in Tokyo and did not enter Tokyo: take another turn after this one.
evo-giant_banana = Giant Banana
evotext-giant_banana = Gain 2 hearts.
evo-chest_thumping = Chest Thumping
evotext-chest_thumping = You may force the monsters you Smash to yield Tokyo.
evo-alpha_male = Alpha Male
evotext-alpha_male = Gain 1 VP on each turn you Smash at least one monster.
evo-i_am_the_king = I Am the King!
evotext-i_am_the_king = Gain 1 extra VP when you take control of Tokyo and when you start your turn in Tokyo.
evo-twas_beauty_killed_the_beast = 'Twas Beauty Killed the Beast
evotext-twas_beauty_killed_the_beast = Play while in Tokyo. Gain 1 VP at the end of every monster's turn, yours included. If you leave Tokyo, discard this and lose all your VP.

# Gigazaur
evo-detachable_tail = Detachable Tail
evotext-detachable_tail = When you would lose hearts: you lose no hearts for the rest of this turn.
evo-radioactive_waste = Radioactive Waste
evotext-radioactive_waste = Gain 2 energy and 1 heart.
evo-primal_bellow = Primal Bellow
evotext-primal_bellow = Every other monster loses 2 VP.
evo-saurian_adaptability = Saurian Adaptability
evotext-saurian_adaptability = Before your dice resolve, pick a face: every die showing it turns to one face of your choice.
evo-defender_of_tokyo = Defender of Tokyo
evotext-defender_of_tokyo = If you start your turn in Tokyo, every other monster loses 1 VP.
evo-heat_vision = Heat Vision
evotext-heat_vision = Monsters that Smash you lose 1 VP.
evo-gamma_breath = Gamma Breath
evotext-gamma_breath = Once per turn, you may change one of your dice to a Smash.
evo-tail_sweep = Tail Sweep
evotext-tail_sweep = Once per turn, you may change one of your dice to a 1 or a 2.

# Meka Dragon
evo-mecha_blast = Mecha Blast
evotext-mecha_blast = Play before your dice resolve: monsters you Smash this turn lose 2 extra hearts.
evo-destructive_analysis = Destructive Analysis
evotext-destructive_analysis = Play before your dice resolve: gain 1 energy for each Smash you rolled.
evo-programmed_to_destroy = Programmed to Destroy
evotext-programmed_to_destroy = Gain 3 VP and 2 energy each time another monster drops to 0 hearts.
evo-tune_up = Tune-Up
evotext-tune_up = Play at the start of your turn, outside Tokyo: skip the rest of your turn and gain 4 hearts and 2 energy.
evo-breath_of_doom = Breath of Doom
evotext-breath_of_doom = When you make monsters in Tokyo lose hearts, every other monster outside Tokyo loses 1 heart.
evo-lightning_armor = Lightning Armor
evotext-lightning_armor = When you lose hearts, you may roll a die per heart lost; each Smash makes the monster whose turn it is lose 1 heart.
evo-claws_of_steel = Claws of Steel
evotext-claws_of_steel = On your turn, a monster you make lose 3 hearts or more loses 1 extra heart.
evo-target_acquired = Target Acquired
evotext-target_acquired = When a monster Smashes you, you may give it the target token: it loses 1 extra heart each time you make it lose hearts.

# Pandakaï
evo-panda_monium = Panda-Monium
evotext-panda_monium = Gain 6 energy; every other monster gains 3 energy.
evo-eats_shoots_and_leaves = Eats, Shoots and Leaves
evotext-eats_shoots_and_leaves = Play when you enter Tokyo: every monster outside Tokyo loses 2 hearts. Gain 1 energy, then leave Tokyo; no one takes your place.
evo-bamboozle = Bamboozle
evotext-bamboozle = Play when another monster buys a Power card: cancel it, then pick another card it can afford; it must buy that one.
evo-bear_necessities = Bear Necessities
evotext-bear_necessities = Lose 1 VP; gain 2 energy and 2 hearts.
evo-panda_express = Panda Express
evotext-panda_express = If you roll 1, 2, 3, heart, Smash and energy, gain 2 VP and take another turn after this one.
evo-bamboo_supply = Bamboo Supply
evotext-bamboo_supply = At the start of your turn, put 1 energy from the bank on this card, or take all the energy on it.
evo-pandarwinism = Pandarwinism
evotext-pandarwinism = If you roll at least three hearts, gain 1 VP, plus 1 VP for each heart beyond three.
evo-yin_and_yang = Yin & Yang
evotext-yin_and_yang = Before your dice resolve, you may flip all of them to the opposite face: 1↔3, 2↔heart, Smash↔energy.

# Cyber Bunny
evo-stroke_of_genius = Stroke of Genius
evotext-stroke_of_genius = Gain as much energy as you have already gained this turn.
evo-emergency_battery = Emergency Battery
evotext-emergency_battery = Gain 3 energy.
evo-rabbits_foot = Rabbit's Foot
evotext-rabbits_foot = When you would lose hearts: you lose no hearts for the rest of this turn.
evo-heart_of_the_rabbit = Heart of the Rabbit
evotext-heart_of_the_rabbit = Play after another monster's last roll: reroll one of its dice. Take this back from your discard pile when you take control of Tokyo.
evo-secret_laboratory = Secret Laboratory
evotext-secret_laboratory = Power cards cost you 1 energy less to buy.
evo-king_of_the_gizmo = King of the Gizmo
evotext-king_of_the_gizmo = Gain 1 VP each time you buy a Power card.
evo-energy_sword = Energy Sword
evotext-energy_sword = Before rolling, you may pay 2 energy. If you do, add a Smash if you roll at least one, and gain 1 energy per Smash you rolled.
evo-electric_carrot = Electric Carrot
evotext-electric_carrot = While you are in Tokyo, each monster you Smash loses 1 extra heart unless it gives you 1 energy.

# Kraken
evo-healing_rain = Healing Rain
evotext-healing_rain = Gain 2 hearts.
evo-destructive_wave = Destructive Wave
evotext-destructive_wave = Play when you enter Tokyo: every other monster loses 2 hearts.
evo-cult_worshippers = Cult Worshippers
evotext-cult_worshippers = Gain 1 VP for each heart you gained this turn.
evo-high_tide = High Tide
evotext-high_tide = Play before your dice resolve: add one heart for each heart you rolled.
evo-terror_of_the_deep = Terror of the Deep
evotext-terror_of_the_deep = When you would lose hearts, roll a die per heart; each heart rolled cancels one of them.
evo-eater_of_souls = Eater of Souls
evotext-eater_of_souls = Gain 1 heart each time you enter Tokyo. While you own it, your maximum is 12 hearts.
evo-sunken_temple = Sunken Temple
evotext-sunken_temple = At the start of your turn, if you are outside Tokyo, you may skip your turn to gain 3 hearts and 3 energy.
evo-mandibles_of_dread = Mandibles of Dread
evotext-mandibles_of_dread = Monsters you Smash lose 1 VP.
