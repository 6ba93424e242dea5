"""One's account on the pages: sessions and password."""
