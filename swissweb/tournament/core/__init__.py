"""Shared by every domain: errors, text and number rules, permissions, uploads, ETags."""
