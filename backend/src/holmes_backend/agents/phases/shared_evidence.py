"""The evidence the domain agents read from one context cache instead of each sending its own.

Without it, each domain's workers send their files: the bench's 50-file case sent 153k tokens of
evidence to the Financial, Legal and Evidence agents against 73k tokens of evidence, a file read
by several domains sent to each. With it, the job's evidence is laid out once, in the job's order,
in segments under the request budget; each segment is cached (llm.context_cache) and every domain
with files in it reads it whole from the cache, at the cached price, followed by a part naming
the files it is to analyse (its focus: the rest is context it may cite). A domain's media go after
that part, its files' only: a cache holds text. Chosen per segment where it costs less than the
domains sending their own files (context_cache.pays); elsewhere, and on any provider without
explicit caches, the domains' units are their own files as before.
"""

import json
import logging
import re
from dataclasses import dataclass, field

from holmes_backend.agents.domains import agent as domains
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.spec import model_name
from holmes_backend.contracts.agents import DomainAssignment
from holmes_backend.llm import budget, context_cache
from holmes_backend.llm.evidence import evidence_header

logger = logging.getLogger(__name__)

FOCUS_HEADING = (
    "--- YOUR FILES: analyse these (the other files above are context: cite them where they "
    "bear on yours, but report on these) ---"
)
# A shared segment's cache lives while the domains read it: their requests go out together,
# and it is deleted when they are done (its storage is billed while it exists); a reader that
# comes later (a retry after a quota wait) makes it again.
TTL_SECONDS = 120
_FOCUS = re.compile(re.escape(FOCUS_HEADING) + r"\n(\[.*\])\s*$", re.S)


def focus_part(job_run: JobRun, file_ids: list[str]) -> str:
    names = job_run.file_names(file_ids)
    files = [{"file_id": f, "filename": names.get(f, "")} for f in file_ids]
    return f"{FOCUS_HEADING}\n{json.dumps(files, ensure_ascii=False)}"


def focus_of(unit: list[str]) -> list[str] | None:
    """The files a unit's agent is to analyse when it reads a shared segment, else None."""
    match = _FOCUS.match(unit[-1]) if unit else None
    return [f["file_id"] for f in json.loads(match.group(1))] if match else None


@dataclass
class Shared:
    """A domain's units over shared segments, and the files they cover (its other files go in
    units of their own)."""

    units: list[list[str]] = field(default_factory=list)
    files: set[str] = field(default_factory=set)


def plan(
    job_run: JobRun, assignments: dict[str, DomainAssignment], context: list[str]
) -> tuple[dict[str, Shared], list[list[str]]]:
    """Per domain reading shared segments, its units there (a segment's evidence, then its
    focus), and the shared prefixes, each declared to the job's caches with its readers (to
    be released once the domains are done)."""
    shared: dict[str, Shared] = {}
    prefixes: list[list[str]] = []
    if not job_run.caches.enabled or len(assignments) < 2:
        return shared, prefixes
    settings = job_run.ctx.settings
    evidence, calibration, cost = job_run.evidence, job_run.calibration, job_run.media.cost
    specs = [domains.spec(d, job_run.tools) for d in assignments]
    # Room for the longest instruction and a focus part beside the shared parts.
    room = min(job_run.room(s, context) for s in specs) - budget.estimate_tokens(
        focus_part(job_run, list(evidence))
    )
    # A segment is text (a cache holds no media): packed with room left for the largest
    # file's media, which its readers send after their focus.
    largest = max((cost(p).tokens(p) for p in evidence.values()), default=0)
    model = model_name("pro", settings)
    for segment in budget.pack(
        [list(evidence)], evidence, max(room // 2, room - largest), calibration
    ):
        readers = {
            d: [f for f in a.file_ids if f in segment.files]
            for d, a in assignments.items()
            if any(f in segment.files for f in a.file_ids)
        }
        tokens = sum(budget.estimate_tokens(p) for p in [*context, *segment.parts])
        own = sum(calibration.tokens(f, evidence[f]) for fs in readers.values() for f in fs)
        pays = context_cache.pays(model, tokens, len(readers), settings, own, TTL_SECONDS)
        logger.info(
            "evidence segment of %d tokens, %d domains reading %d of their own: %s",
            tokens,
            len(readers),
            own,
            "shared" if pays else "each its own",
        )
        if not pays:
            continue
        prefixes.append([*context, *segment.parts])
        job_run.caches.share(prefixes[-1], readers=len(readers), ttl_seconds=TTL_SECONDS)
        media = {f: 0 for f in segment.files}
        for part in segment.parts:
            if (header := evidence_header(part)) is not None:
                media[str(header["file_id"])] += cost(part).tokens(part)
        for domain, files in readers.items():
            mine = shared.setdefault(domain, Shared())
            for focus in _by_media(files, media, room - segment.tokens):
                mine.units.append([*segment.parts, focus_part(job_run, focus)])
            mine.files.update(files)
    return shared, prefixes


def _by_media(files: list[str], media: dict[str, int], room: int) -> list[list[str]]:
    """A domain's files in a segment, in groups whose media fit in `room` beside it (a file
    whose media alone do not is a group of its own, its media cut to what fits by media.py)."""
    groups: list[list[str]] = [[]]
    used = 0
    for file_id in files:
        if groups[-1] and used + media[file_id] > room:
            groups.append([])
            used = 0
        groups[-1].append(file_id)
        used += media[file_id]
    return groups
