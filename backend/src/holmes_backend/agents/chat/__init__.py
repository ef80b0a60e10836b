"""The chat agent: knowledge-first answers over a case's graph, findings and evidence (PRD §4.12).

`agent` is its spec; `turn` runs it with the case tools (holmes_backend.agents.chat.tools) and
streams its answer; `context` turns case knowledge into citable items and ranks them; `citations`
numbers the sources the tools show and the markers the answer cites them by; `escalation` runs
domain agents for a question the knowledge cannot answer.
"""
