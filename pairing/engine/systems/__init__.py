"""One package per pairing system, each exposing its ``RULES`` (a ``SystemRules``).

Nothing outside a system's package imports its other modules; the registry
(:mod:`pairing.engine.registry`) is the only place that names the packages.
"""
