"""Development tools of the sintra_rules checkout (not part of the wheel)."""
