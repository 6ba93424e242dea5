"""Private messages at the terminal (``carson play --server``'s menu, issue 48): one's
conversations, one read (the messages to the player are then read), a message written to
its person or to someone new by name. A refusal (a block between the two, too many messages
at once, a silenced account) is said in words."""

from __future__ import annotations

from carson.terminal.api_client import JsonDict
from carson.terminal.online_people import Area, local_date


class Letters(Area):
    """One's private messages."""

    def run(self) -> None:
        while True:
            found = self.api.conversations()
            self._show(found)
            question = self.texts("people", "letters_choose", count=len(found))
            answer = self.asker(question).strip()
            if not answer:
                return
            if answer.isdigit() and 1 <= int(answer) <= len(found):
                self.read(str(found[int(answer) - 1]["other"]))
            elif answer.isdigit() and found:
                self.asker.error(self.texts("ui", "err_choice", choices=f"1–{len(found)}"))
            else:
                self.read(answer)

    def _show(self, found: list[JsonDict]) -> None:
        if not found:
            self.say("letters_none")
            return
        self.say("letters_title")
        for number, item in enumerate(found, start=1):
            unread = self.texts("people", "letters_unread", count=item["unread"])
            self.line(
                self.texts(
                    "people",
                    "letters_line",
                    number=number,
                    user=item["other"],
                    last=item["last"],
                    unread=unread if item["unread"] else "",
                )
            )

    def read(self, username: str) -> None:
        """The conversation with ``username`` shown, then a message to them asked (Enter:
        none)."""
        got = self.attempt(lambda: self.api.conversation(username), user=username)
        if got is None:
            return
        other, letters = got
        if not letters:
            self.say("letters_empty", style="", user=other)
        for letter in letters:
            who = self.texts("ui", "you") if letter["mine"] else letter["sender"]
            self.line(self.texts("people", "letter", at=local_date(str(letter["at"])),
                                 user=who, text=letter["text"]))  # fmt: skip
        text = self.asker(self.texts("people", "letters_write", user=other)).strip()
        if text and self.attempt(lambda: self.api.write(other, text), user=other) is not None:
            self.say("letters_sent", user=other)
