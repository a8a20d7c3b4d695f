# The local table's page (python -m bot --local: bot/local_page).
local-title = King of Tokyo
local-viewing-as = Playing as
local-composer = Type /kot … (for example /kot help)
local-offline = The table has stopped. This page comes back by itself when it runs again (same command).
local-refused = That click was on an older view of the game: nothing was done. Here is the board as it is now.
local-jump = ↑ go to the message
local-new-messages = New messages ↓
# On a message: "You used /kot", "(edited)".
local-used = used
# The same, when the local player (local-you) used it.
local-used-by-you = used
local-edited = edited
# The composer: its field's label (for screen readers) and its button.
local-message = Message
local-send = Send
# The local players' names: one alone, or numbered (--players 2 and more).
local-you = You
local-player = Player { $number }
