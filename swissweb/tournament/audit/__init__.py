"""The audit log: its actions, their typed payloads, the one writer and the reader."""
