"""The card game in the browser: its table, replay, rules part and scoring assistant."""
