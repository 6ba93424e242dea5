"""What every page stands on: a game's web adapter protocol, the request's visitor (who,
which language, CSRF), the templates' environment, translations, and the answers to refusals."""
