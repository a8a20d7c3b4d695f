## Advice: the Easy AI's suggestion on the roll (a button: at most 80 characters) and
## /kot hint in plain words. Dice are their faces' symbols, one a die ("❤️ ❤️ 3").

## The suggestion button. $dice: the dice it keeps (those the player kept among them);
## $rolled: how many dice it rolls.
advice-suggested-keep = 💡 Suggested: keep { $dice }, roll { $rolled }
advice-suggested-reroll = 💡 Suggested: reroll all { $rolled }
