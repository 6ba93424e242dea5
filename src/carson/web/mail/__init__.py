"""Mail on the pages: one's address, its verification, and the forgotten password."""
