# What the bot's Discord messages say: lobby, boards, answers and notices.

lobby-language-question = 🌐 The language of this game's messages in the channel: the lobby, the boards, the narration and the standings. Each player's private answers follow their own Discord language.
