"""HTML strings for the page's regions, everything escaped."""
