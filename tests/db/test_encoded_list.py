"""A list stored with the JSON made when it was (db.types.EncodedList): the graph version's
timeline is encoded during the graph agent's call, not in the commit that ends the job."""

from holmes_backend.db import transaction
from holmes_backend.db.types import EncodedList, json_text
from holmes_backend.models import Case, KnowledgeGraph
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime

TIMELINE = [
    {"timestamp": "2024-03-01T09:40:00", "description": "Zahlung an Müller — €9.800", "n": 1.5},
    {"timestamp": "2024-03-02", "description": 'a "quoted" claim', "place": None},
]


def test_its_text_is_the_json_of_the_list() -> None:
    encoded = EncodedList(TIMELINE)
    assert encoded == TIMELINE
    assert json_text(encoded) == json_text(list(TIMELINE))


async def test_a_version_stores_the_text_it_was_made_with(runtime: Runtime) -> None:
    timeline = EncodedList(TIMELINE)
    timeline.append({"timestamp": "2024-03-03"})  # changed once made: not what is stored
    async with runtime.session_factory() as session:
        case = Case(name="encoded")
        session.add(case)
        await session.flush()
        await graph_repo.add_version(session, KnowledgeGraph(case_id=case.id, timeline=timeline))
        await transaction.commit(session)
    async with runtime.session_factory() as session:
        stored = await graph_repo.latest(session, case.id)
        assert stored is not None
        await session.refresh(stored)
        assert stored.timeline == TIMELINE
