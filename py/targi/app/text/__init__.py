"""Words: the message catalogs, moves and log events in words, what the live region says,
tips, a game as text."""
