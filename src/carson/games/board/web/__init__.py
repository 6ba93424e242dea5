"""The board game in the browser: its table, replay, rules part and home-page variants."""
