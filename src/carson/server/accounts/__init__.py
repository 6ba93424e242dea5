"""Accounts and sessions: sign-up and login, password hashes, bearer tokens, bots."""
