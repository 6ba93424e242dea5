"""Mail: sending it (a durable job), players' addresses, and the mails about an account
(verify an address, reset a password)."""
