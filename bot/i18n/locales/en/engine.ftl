# The engine's words (engine/describe.py, engine/core.py, engine/rules.py): narration,
# prompts, button labels, card statuses, secrets, the reasons of gains and losses, refusals.
# A card's own words are in card_questions.ftl.

## Said in pieces

narrate-comma = { $first }, { $second }
# Kept for narration stored by bots before 588e31b (dice named with spaces between them):
# a stored chronicle says it again. Never remove a narrate- or table-note- message (see
# tests/i18n/stored_message_ids.txt).
narrate-spaced = { $first } { $second }
narrate-and = { $first } and { $second }
narrate-a-card = card
narrate-place-city = Tokyo City
narrate-place-bay = Tokyo Bay
narrate-place-tokyo = Tokyo
narrate-token-count = { $count ->
    [one] 1 { $token } token
   *[other] { $count } { $token } tokens
}

## Narration: one line for an event

narrate-turn = { $name }'s turn.
narrate-extra-turn = { $name }'s extra turn.
narrate-probed = 🔮 { $name }'s { $card }: { $roller } rerolls { $changes }.
narrate-die-change = die { $number }, a { $before } → { $after }
narrate-rolled = { $name } rolled: { $dice }
narrate-rolled-with = { $name } rolled ({ $card }): { $dice }
narrate-vp-gained = { $name } gains { $amount }★ ({ $reason }).
narrate-vp-lost = { $name } loses { $amount }★ ({ $reason }).
narrate-energy-gained = { $name } gains { $amount }⚡ ({ $reason }).
narrate-healed = { $name } gains { $count ->
    [one] 1 heart
   *[other] { $count } hearts
} ({ $reason }).
narrate-damaged = { $name } loses { $count ->
    [one] 1 heart
   *[other] { $count } hearts
} ({ $hearts } left).
narrate-loss-prevented = { $card } saves { $name } { $count ->
    [one] 1 heart
   *[other] { $count } hearts
}.
narrate-prevention-rolled = { $name } rolls for { $card }: { $dice }
narrate-tokens-gained = { $name } gets { $tokens }.
narrate-tokens-removed = { $name } removes { $tokens }.
narrate-yielded = { $name } yields { $place }.
narrate-stayed = { $name } stays in { $place }.
narrate-entered = { $name } enters { $place }.
narrate-left = { $name } leaves { $place } ({ $reason }).
narrate-bought-from = { $name } buys { $card } from { $owner } for { $cost }⚡.
narrate-bought-discarded = { $name } buys { $card } from the discard pile for { $cost }⚡.
narrate-bought = { $name } buys { $card } for { $cost }⚡.
narrate-swept = { $name } sweeps the cards.
narrate-swept-away = { $name } sweeps away { $cards }.
narrate-card-taken = { $name } puts { $card } into play for free ({ $reason }).
narrate-discarded = { $name } discards { $card } ({ $reason }).
narrate-copied = { $name }'s { $copier } copies { $owner }'s { $card }.
narrate-copy-ended = { $name }'s { $card } token comes back.
narrate-smashes-added = { $name }'s { $card } adds { $count ->
    [one] 1 smash
   *[other] { $count } smashes
}.
narrate-damage-added = { $name }'s { $card }: { $names } { $monsters ->
    [one] loses
   *[other] lose
} { $count ->
    [one] 1 more heart
   *[other] { $count } more hearts
}.
narrate-card-struck = { $name }'s { $card }: { $names } { $monsters ->
    [one] loses { $count ->
        [one] 1 heart
       *[other] { $count } hearts
    }
   *[other] lose { $count ->
        [one] 1 heart
       *[other] { $count } hearts
    } each
}.
narrate-restarted = { $name } has a child: back at full hearts with nothing else!
narrate-eliminated = 💀 { $name } is eliminated.
narrate-eliminated-by = 💀 { $name } is eliminated by { $by }.
narrate-bay-closed = Tokyo Bay closes: fewer than { $count } monsters remain.
narrate-extra-turn-granted = { $name } will take an extra turn ({ $card }).
narrate-die-changed = { $name } sets die { $number } to { $face } ({ $card }).
narrate-deck-empty = The deck is empty.
narrate-won = 👑 { $names } { $count ->
    [one] wins
   *[other] win
} ({ $reason })!
narrate-deck-top-seen = { $name } looks at the top card of the deck ({ $card }).
narrate-evolutions-looked-at = { $start ->
    [yes] { $name } looks at the top of its Evolution pile ({ $count ->
        [one] one card
       *[other] { $count } cards
    }), to keep one before the game begins.
   *[no] { $name } rolled three hearts: it looks at the top of its Evolution pile ({ $count ->
        [one] one card
       *[other] { $count } cards
    }), to keep one.
}
narrate-evolution-kept = { $name } keeps an Evolution in its hand.
narrate-evolution-pile-shuffled = { $name }'s Evolution pile ran short: { $count ->
    [one] its discarded Evolution is
   *[other] its { $count } discarded Evolutions are
} shuffled under it.
narrate-evolution-played = { $permanent ->
    [yes] { $name } plays the Evolution { $card }, face up.
   *[no] { $name } plays the Evolution { $card }.
}
narrate-purchase-cancelled = { $by } plays { $cause }: { $name } does not buy { $card } (nor may it this turn).
narrate-evolution-lent = { $name } lends { $card } to { $holder }.
narrate-evolution-given-back = { $card } goes back from { $holder } to { $name }.
narrate-face-frozen = { $name } freezes { $holder }'s { $face } this turn ({ $card }): they do nothing.
narrate-evolution-taken-back = { $name } takes { $card } back into its hand.
narrate-evolutions-expired = The effect of { $cards } ({ $name }) is over: to its discard pile.

## The story of a game, turn by turn (/kot replay's text file)

narrate-transcript-monsters = Monsters: { $names }
narrate-transcript-power-up = Played with Power Up! (each monster its own Evolutions).
narrate-transcript-turn = — Turn { $number }: { $name } —
narrate-transcript-refused = (The log stops here: a move was refused: { $refusal })

## Why a gain or a loss happened (in brackets after the narration)

reason-card = { $card }
reason-entering-tokyo = entering Tokyo
reason-turn-in-tokyo = starting the turn in Tokyo
reason-three-of-a-kind = three { $number }s
reason-energy-dice = ⚡ dice
reason-heart-dice = ❤️ dice
reason-sweeping = sweeping the cards
reason-buying = buying { $card }
reason-selling = selling { $card }
reason-eliminated = eliminated
reason-bay-closed = the Bay closed
reason-restarted = restarted
reason-used = used
reason-victory-points = { $vp } victory points
reason-last-standing = last monster standing

## The board's line: what the game waits for, or how it ended

waiting-nobody-wins = Every monster is down: nobody wins.
waiting-won = { $names } { $count ->
    [one] wins
   *[other] win
}: King of Tokyo!
waiting-yield = { $names }: stay in Tokyo or yield?

## Questions

prompt-roll-use-or-resolve = { $name }: use a card on the dice, or resolve them?
prompt-roll-with-card = { $name }: keep dice and roll again with a card, or stop?
prompt-roll = { $name }: keep dice and roll again ({ $count ->
    [one] 1 roll
   *[other] { $count } rolls
} left), or stop?
prompt-yield = { $name }: stay in { $place } or yield?
prompt-buy = { $name }: buy cards, sweep, or end the turn?
prompt-hearts = { $name }: use { $count ->
    [one] 1 heart
   *[other] { $count } hearts
} to heal or to remove tokens?
prompt-react = { $name } is about to lose { $count ->
    [one] 1 heart
   *[other] { $count } hearts
}: use a card?
prompt-card = { $name }: { $question }
prompt-use-card = use { $card }?
prompt-die = die { $number } ({ $face })
prompt-set-die-face = set { $die } to which face ({ $card })?
prompt-which-die-into = which die should { $card } turn into a { $face }?
prompt-which-die-any = which die should { $card } set to another face?

## Buttons

option-roll = Roll
option-roll-uses-card = Roll (uses a card)
option-roll-with = Roll ({ $card })
option-roll-with-note = Roll ({ $card }: { $note })
option-card-copy = { $card }, { $copier }
option-pay-energy = pay { $energy }⚡
option-stop-rolling = Done rolling
option-keep = Keep { $dice }
option-stay = Stay in Tokyo
option-yield = Yield Tokyo
option-buy = Buy { $card } ({ $cost }⚡)
option-buy-a-card = Buy a card
option-sweep = Sweep cards (2⚡)
option-end-turn = End turn
option-timeout = Time's up
option-pass = Pass
option-cancel = Cancel
option-take-loss = Take the loss
option-use-a-card = Use a card
option-play-evolution-hidden = Play an Evolution
option-play-evolution = Play { $card }
option-use = { $card }: { $use }
option-use-it = use it
option-other = { $kind }
option-heal-only = Heal only
option-remove-poison = { $count ->
    [one] Remove 1 poison token
   *[other] Remove { $count } poison tokens
}
option-remove-shrink = { $count ->
    [one] Remove 1 shrink token
   *[other] Remove { $count } shrink tokens
}
option-remove-both = Remove { $poison ->
    [one] 1 poison token
   *[other] { $poison } poison tokens
}, remove { $shrink ->
    [one] 1 shrink token
   *[other] { $shrink } shrink tokens
}
option-die = Die { $number } ({ $face })
option-die-to = { $die } → { $face }
option-die-into = turn a die into a { $face }
option-set-any-face = set a die to any face
option-set-any-face-paid = set a die to any face ({ $energy }⚡)
option-face = { $face ->
    [energy] ⚡ energy
    [heart] ❤️ heart
    [smash] 💥 smash
   *[other] { $face }
}

## A card's status on its owner's panel

status = { $parts }
status-and = { $first }; { $second }
status-copies = copies { $card }
status-used = used this turn
status-tokens = { $count } tokens on it
status-energy-stored = { $energy }⚡ on it

## What only the monster asked may see

secret-top-card = The top card of the deck is **{ $card }** ({ $cost }⚡, { $kind }): { $text }
evoq-draw-secret-one = You look at **{ $card }**: { $text }
evoq-draw-secret-two = You look at **{ $first }** ({ $first_text }) and **{ $second }** ({ $second_text }).
evoq-moment-fits = You can play { $cards }.
evoq-moment-card = **{ $card }** ({ $text })
evoq-moment-none-fits = None of your Evolutions can be played now.
secret-top-card-too-dear = { $seen } You have only { $energy }⚡: leave it.
secret-kind-keep = keep
secret-kind-discard = discard

## Refusals: why an action cannot be taken

refusal-game-over = the game is over
refusal-moment-passed = that moment has passed
refusal-not-yours = this question is for { $name }
refusal-no-question = { $card } asked no question
refusal-no-offer = { $card } offers nothing to buy
refusal-energy = { $name } has { $energy } energy; { $needed } needed
refusal-monster-count = { $game } is played by { $min } to { $max } monsters
refusal-names-twice = every monster needs its own name
refusal-no-bay = { $game } has no Tokyo Bay: Tokyo City only
refusal-origins-2016 = { $game } is played with the 2016 rules
refusal-copies-count = give one number of copies for each card
refusal-card-named-twice = name each card once, with its number of copies
refusal-copies-zero = each card named is dealt at least once
refusal-not-implemented = these cards are not implemented: { $cards }
refusal-origins-cards-2016 = the cards new in Origins are played with the 2016 rules
refusal-roll-or-stop = roll the dice or stop rolling
refusal-not-a-choice = that is not one of the choices
refusal-card-gone = that card is gone
refusal-card-cannot-act = that card cannot act on these dice now
refusal-no-dice-to-keep = there are no dice to keep now
refusal-die-numbers = choose dice by number, from 1 to { $count }
refusal-dice-final = the dice are final: no more rolling
refusal-all-kept = every die is kept: free at least one die, or stop rolling
refusal-roll-normally = roll normally: you still have rolls left
refusal-no-rolls-left = no rolls left
refusal-not-on-offer = that card is no longer on offer
refusal-not-a-face = that is not a die face
refusal-deck-empty = the deck is empty
refusal-not-an-evolution = that is not an Evolution
refusal-evolution-not-in-hand = that Evolution is not in your hand
refusal-power-up-monsters = Power Up! is played by monsters that have a deck of Evolutions
refusal-card-not-yours = that card is no longer yours
refusal-card-not-in-play = that card is no longer in play
refusal-not-in-discard = that card is no longer in the discard pile
