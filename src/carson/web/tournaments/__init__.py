"""The tournament pages (:mod:`carson.server.tournaments`): the list with the form to open
one, and a tournament's page with its standings, rounds, and joining or withdrawing."""
