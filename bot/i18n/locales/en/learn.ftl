# /kot learn, the guided first game, and the coach's private notes (bot/table/coach.py,
# bot/discord/coach.py). Notes are read on phones: a line or two each.

learn-cmd = A guided first game against Easy AI monsters, with a coach (only you see its notes)
learn-lobby-title = 🎓 A guided first game
learn-lobby = Before each of your choices, the coach explains it privately, with what the Hard AI would do. Friends may join; press **Start** when ready.

coach-button = 🎓 Coach
coach-toggle-on = 🎓 Turn the coach on
coach-toggle-off = 🎓 Turn the coach off
coach-panel-title = 🎓 Coach
coach-panel-on = On: a private note before each of your choices, with what the Hard AI would do.
coach-panel-off = Off. Turn it on for a private note before each of your choices.
coach-nothing-now = 🎓 The coach has nothing for you now: its notes come before your own choices, once your coach is on (📋 My monster turns it on).
coach-not-asked = 🎓 Nothing is asked of you right now: the coach's note comes before your next choice.

# A note: its lines, then the Hard AI's suggestion.
coach-note = 🎓 **Coach** · game #{ $game }
    { $lines }
coach-hard-ai = 🤖 The Hard AI would: { $hint }

# The rules, each once a game, as they come up.
coach-rule-dice = 🎲 **Dice**: three 1s, 2s or 3s score that many ★ (+1★ per extra die); 💥 hits; ⚡ gives energy for cards; ❤️ heals you (not in Tokyo).
coach-rule-tokyo = 🏙️ **You are in Tokyo**: +2★ when your turn starts there, and your 💥 hit every monster outside. But you cannot heal, and every 💥 from outside hits you.
coach-rule-yield = 🏃 **Stay or yield**: you lose the ❤️ either way. Yielding gives Tokyo to the monster that hit you; outside, only the monster in Tokyo can hit you. Yield when your ❤️ run low.
coach-rule-buy = 🛒 **Cards** cost ⚡. A Keep card works for the rest of the game; a Discard card acts once, at once. Sweep (2⚡) replaces the cards on sale.
coach-card = 🃏 **{ $card }** ({ $cost }⚡): { $text }
coach-rule-owned = 🃏 **Your first card**: 📋 My monster lists your cards, what each does and what it holds now.
coach-rule-knock-out = 💀 **{ $monster } is out**: at 0❤️ a monster leaves the game. The last monster standing wins, whatever its ★.
coach-rule-close = ⚠️ **{ $monster } has { $points }★**: { $winning }★ at the end of a turn wins. Hit them hard, or race them.

# What the question asks, naming the board's buttons as they read (the dice are a picture).
coach-roll = { $rolls ->
    [0] No rolls left: **Done rolling** (or a card) resolves the dice.
   *[other] Press a die's **keep** button to set it aside, then **Roll ({ $rolls } left)** to reroll the others, or **Done rolling**.
}
coach-yield = You lose { $amount }❤️ (down to { $hearts }❤️). **Stay in Tokyo** for its ★, or **Yield Tokyo** to get out.
coach-buy = You have { $energy }⚡: **Buy** a card you can afford, **Sweep cards** (2⚡), or **End turn** (⚡ keeps).
coach-card-question = A card asks you something: each button says what that answer does.
