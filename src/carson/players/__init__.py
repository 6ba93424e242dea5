"""Players: given what a seat knows and its legal actions, choose an action."""
