"""Sagrada's conformance model: an independent oracle of decisions, placement and scoring
(:mod:`.oracle`) and the invariants checked after every step (:mod:`.invariants`)."""
