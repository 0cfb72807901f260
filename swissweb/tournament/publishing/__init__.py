"""What leaves the app: TRF exports and backups, rating reports, PGN, CSV cells."""
