"""Keeping games, settings and statistics: the storage envelope, the backends, Recent games,
share links."""
