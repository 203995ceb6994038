"""Machinery the games' file formats share (private; generic: imports no game).

Each game's home keeps its formats (its record document, its text record, its component table,
its SVG pictures) and their words; the parts that are the same for every game live here, written
once and told the game's words (clause IDs, tag names, messages) by their callers:

- :mod:`sintra_rules._formats.records`: the ``moves`` of a JSON game record (actions, chance
  outcomes and comments in the order they came), the checks of names, tags and comments, the
  draws of a replay, and error paths carried back to the document;
- :mod:`sintra_rules._formats.textrecord`: the PGN-like tag pairs and ``{comments}`` of a text
  record;
- :mod:`sintra_rules._formats.svg`: SVG primitives (escaping, the document wrapper, pips);
- :mod:`sintra_rules._formats.components`: a component table file, its header and each
  figure's entry, and :class:`~sintra_rules._formats.components.Provenance`, where a figure
  comes from;
- :mod:`sintra_rules._formats.position`: the form of a one-line position (one printable line,
  fields between single spaces), split into words with their places.
"""
