"""Game-agnostic platform layer: the Game protocol, actions, views, events, records."""
