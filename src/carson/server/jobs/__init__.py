"""The durable job queue and its worker: anything that must happen later (a machine's move, a
timeout, a mail) is a row in the database, claimed and run exactly once. Imports no feature."""
