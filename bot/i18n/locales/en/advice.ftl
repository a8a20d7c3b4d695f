## Advice: the Easy AI's suggestion on the roll (a button: at most 80 characters) and
## /kot hint in plain words. Dice are their faces' symbols, one a die ("❤️ ❤️ 3").

## The suggestion button. $dice: the dice it keeps (those the player kept among them);
## $rolled: how many dice it rolls.
advice-suggested-keep = 💡 Suggested: keep { $dice }, roll { $rolled }
advice-suggested-reroll = 💡 Suggested: reroll all { $rolled }

## A move in /kot hint. $dice: the dice kept; $rolled: how many dice are rerolled.
advice-move-keep = Keep { $dice } and reroll { $rolled ->
    [one] 1 die
   *[other] { $rolled } dice
}
advice-move-reroll-all = Reroll all { $rolled } dice
## $released: dice the player kept that the move rerolls.
advice-move-release-keep = Release { $released }, then keep { $dice } and reroll { $rolled ->
    [one] 1 die
   *[other] { $rolled } dice
}
advice-move-release-reroll-all = Release { $released } and reroll all { $rolled } dice
advice-move-stop = Stop rolling with { $dice }

## /kot hint: the Hard AI's move, its chance to win (a percentage), why, and the next best
## move (said inside the sentence: it starts lower case) with its chance; $close: yes when
## that chance is no lower than the move's.
advice-hint = **{ $move }** ({ $chance }% to win)
    { $why }
    { $close ->
        [yes] About as good
       *[no] Next best
    }: { $next }, { $next_chance }% to win.
advice-hint-only = **{ $move }**: the only sensible move.
    { $why }
## When the Hard AI is busy: the Easy AI's move, without a chance to win.
advice-hint-easy = **{ $move }**
    { $why }
    (The Hard AI is busy: this is the Easy AI's rule of thumb, without a chance worked out.)

## Why a move is good, in one sentence. Dice clauses ($reasons: a list of them) start with
## the dice they are about; $count: how many of those dice.
advice-why-keep = { $reasons }.
advice-why-stop = Rerolling could spoil what you have: { $reasons }.
advice-why-reroll-all = Nothing showing is worth keeping: all { $rolled } dice get another chance.
advice-why-numbers-score = { $dice } score { $points }★
advice-why-numbers-aim = { $dice } { $count ->
    [one] needs
   *[other] need
} { $more ->
    [one] one more
   *[other] { $more } more
} to score { $points }★
advice-why-heal = { $dice } { $count ->
    [one] heals
   *[other] heal
} you (you have { $hearts } of { $most }❤️)
advice-why-smash-outside = { $dice } { $count ->
    [one] hits
   *[other] hit
} { $monsters ->
    [one] the monster
   *[other] the { $monsters } monsters
} outside Tokyo
advice-why-smash-enter = { $dice } { $count ->
    [one] takes
   *[other] take
} you into empty Tokyo, where each turn you start scores points
advice-why-smash-tokyo = { $dice } { $count ->
    [one] hits
   *[other] hit
} { $names } in Tokyo, who may yield and let you in
advice-why-smash-knock-out = { $dice } { $count ->
    [one] is
   *[other] are
} enough to knock out { $names } in Tokyo
advice-why-energy = { $dice } { $count ->
    [one] buys
   *[other] buy
} cards (you have { $energy }⚡)
advice-why-energy-for = { $dice } { $count ->
    [one] saves
   *[other] save
} up for { $card } ({ $cost }⚡; you have { $energy }⚡)
## $reward: what a turn started in Tokyo gives ("2★", or "1⚡" in a duel).
advice-why-stay = You have { $hearts }❤️, enough to take the next attacks, and each turn you start in Tokyo gives you { $reward }.
advice-why-stay-risky = Only { $hearts }❤️ left, but yielding lets { $name } into Tokyo, where each turn gives { $reward }.
advice-why-stay-leader = Only { $hearts }❤️ left, but yielding lets { $name } into Tokyo, and entering gives it the point it needs to win (it has { $points }★).
advice-why-yield = With { $hearts }❤️ left, staying risks a knockout; outside Tokyo ❤️ heal you again.
advice-why-yield-healthy = { $name } takes Tokyo and every attack in your place; you can come back later with 💥.
## $text: what the card does; $kind: keep or discard.
advice-why-buy = { $kind ->
    [keep] It stays with you
   *[discard] It works once
} and costs { $cost }⚡ of your { $energy }⚡: { $text }
advice-why-sweep = Nothing on offer is worth it to you now: for 2⚡ of your { $energy }⚡, three new cards come.
advice-why-end-turn = { $affordable ->
    [yes] No card on offer is worth its price to you now: keep your { $energy }⚡ for later.
   *[no] No card on offer is within your { $energy }⚡: keep it for next turn.
}
advice-why-best-of = It won most often of the { $count } moves the Hard AI compared.
advice-why-only = No other choice makes sense here.
advice-why-rule-of-thumb = It is what the Easy AI does here.
