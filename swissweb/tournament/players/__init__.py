"""Players and entries: CSV player lists, private links."""
