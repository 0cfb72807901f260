"""Festivals: several sections (events) under one name, page and team (#34 item 1)."""
