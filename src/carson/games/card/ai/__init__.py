"""AI players for the card game: valuation shared with ``greedy``, playouts, and search."""
