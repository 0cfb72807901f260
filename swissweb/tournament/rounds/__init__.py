"""Rounds and results: the door to the engine, the ORM<->engine mapping, redraw."""
