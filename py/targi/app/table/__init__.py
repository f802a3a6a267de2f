"""The table: which game is on it, one redraw of it, the computer's turns and the Hint, the
first-game tip, the live region and where the keyboard goes after a move."""
