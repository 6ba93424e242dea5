"""The ``carson`` command line: one Typer app, one module per subcommand."""
