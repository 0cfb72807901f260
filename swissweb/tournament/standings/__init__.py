"""Standings beyond the engine's: prizes and team standings."""
