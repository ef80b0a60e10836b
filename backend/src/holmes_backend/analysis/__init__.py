"""The offline analysis engine: a fact layer read once per case, and general detectors over it.

`facts/` reads what documents state (dates, amounts, names, tables, sentences through spaCy);
`domains/` builds each domain's record from those facts (transactions, timeline, claims, clauses,
triage, graph); `detectors/` are the registered detectors (`engine.py` holds their contract and
assembles, runs, ranks, deduplicates and caps what they produce). It imports no model code: the
offline analysts in `llm/local/analysts/` call it.
"""
