"""What every feature of the server stands on: the database engine and its sessions, errors, JSON,
limits, threads, logs, cookies, middlewares, the listener of database notices. Imports no
feature."""
