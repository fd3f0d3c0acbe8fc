"""Every seat on its own device: the table served to the players' phones (`--web`).

Each seat joins by its own private link (a token of 128 bits, new for each game) and gets a
page with the public lines and its own private lines, as they are said, in a live region its
screen reader reads at once; it types the keyboard's command words in one field, or presses a
button. One public page (the table view) has no private line, ever. `seats` holds what the
pages show (pure: no I/O), `server` serves it (aiohttp, in a thread of its own), `pages` writes
the HTML (every text escaped).
"""
