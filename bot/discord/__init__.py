"""Discord: everything that speaks to players and to Discord's API.

The slash commands (``cogs``), the buttons and menus (``views``) and their handler
(``clicks``), the Discord side of the passes that carry a game's outbox out (``publisher``:
each effect drawn and sent, for ``bot.table.delivery``), the one module that calls Discord
(``io``), and what players read: message texts and embeds
(``messages``), the "My monster" panel (``panel``), the records' embeds (``record_embeds``).

May import: ``bot.table``, ``bot.store``, ``bot.render``, ``engine`` and ``engine.ai``.
Nothing imports it but the process (``bot.app``, ``bot.local``) and the tools.
"""
