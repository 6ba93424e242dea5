"""Carson City: The Card Game — its catalog, engine, AI, observer, terminal and web
presenters, learning encoder and texts, as one plug-in (``plugin.GAME``)."""
