"""The per-domain merge of PRD §4.7: a domain read as several work units (its workers) has their
outputs combined by the model into the domain's one output ("<domain>_synthesis"), which drops
what several workers found twice, reconciles what they saw differently and keeps every citation.

Bounded by the request budget: the workers' outputs, as findings blocks, go to one merge request
when they fit beside its instruction; otherwise they are merged in groups that fit, and the
groups' outputs merged again, until one is left. An output that fits no request with another is
carried to the next round as it is; when a round merges nothing, or a merge fails, the outputs
left are combined deterministically (agents.pipeline's list union without duplicates), as they
are offline, where no model merges them.
"""

from holmes_backend.llm import budget

INSTRUCTION = """You merge the findings of several Holmes workers of the {domain} domain, who each
read part of the same case's evidence (different files, or different page, row or time ranges of
one file), into the domain's one output, as its analyst would. The request holds each worker's
output between <<<FINDINGS ...>>> and <<<END FINDINGS>>>, as JSON of the schema you answer in.
It may also hold --- CASE CONTEXT ---, --- HYPOTHESES --- and a line saying how the evidence
writes dates and amounts.

Answer with the domain's one output, in the same schema:
- DEDUPLICATE: two or more items that state the same thing about the same people, sums, dates or
  documents become one item, which keeps the sources of all of them (each source once).
- RECONCILE: items that disagree (a different amount, date or reading of the same event) are both
  kept, each with its own sources, and the disagreement is stated in their summaries; never pick
  one. Items about adjacent ranges of one file (pages 1-40 and 41-80, seconds 0-3600 and
  3600-7200) that describe one continuing matter become one item spanning them.
- KEEP CITATIONS: copy every source exactly as the worker gave it (file_id, page, line, row,
  sheet, cue_start, cue_end, bbox, excerpt). Never invent a source, change an excerpt or move a
  location; an item without a source is dropped.
- KEEP EVERYTHING ELSE: an item no other worker mentions is kept as it is. Severity and
  confidence of a merged item are the highest its parts had, unless they disagree (then the
  lower confidence).
Add nothing that is not in the workers' outputs."""


def instruction(domain: str) -> str:
    return INSTRUCTION.format(domain=domain)


def groups(sizes: list[int], room: int) -> list[list[int]]:
    """The outputs' indices in consecutive groups of at most `room` tokens each (an output over
    `room` alone in its group)."""
    grouped: list[list[int]] = []
    used = 0
    for index, size in enumerate(sizes):
        if grouped and used + size <= room:
            grouped[-1].append(index)
            used += size
        else:
            grouped.append([index])
            used = size
    return grouped


def tokens(block: str) -> int:
    return budget.estimate_tokens(block)


__all__ = ["INSTRUCTION", "groups", "instruction", "tokens"]
