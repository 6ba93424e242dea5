"""Carson City: The Card Game — cards, cities, scoring and (soon) the full game."""
