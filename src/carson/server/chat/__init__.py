"""Chat per game: its channels, moderation and live stream."""
