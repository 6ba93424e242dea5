"""The vacation section of the account page (docs/clocks.md, *Vacation*)."""
