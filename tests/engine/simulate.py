"""Random tournaments for the property tests: the engine's generator, one round at a time."""

from __future__ import annotations

from pairing.engine.generator import initial_state, play

__all__ = ["initial_state", "play"]
