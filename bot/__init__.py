"""The Discord side of King of Tokyo: the bot and the board picture renderer."""
