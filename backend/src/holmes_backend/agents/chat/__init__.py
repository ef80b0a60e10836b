"""The chat agent: knowledge-first answers over a case's graph, findings and evidence (PRD §4.12).

`context` ranks the case knowledge for a question; `agent` runs the chat LlmAgent on the chosen
context. Kept import-light so the local analyst can share the scorer without import cycles.
"""
