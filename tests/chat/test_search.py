"""Full-text search over evidence chunks, the same on SQLite (FTS5) and PostgreSQL (tsvector)."""

import uuid

import httpx

from holmes_backend.extraction.index import ensure_indexed, index_file
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.models import File
from holmes_backend.repositories import chunks as chunk_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.runtime import Runtime
from holmes_shared.enums import FileStatus
from tests.api.helpers import new_case

NOTES = (
    "The harbour office opened at nine.\n"
    "A courier brought two parcels to the harbour office.\n"
    "Witnesses saw a quokka near the loading bay at dusk.\n"
    "The courier left before the office closed.\n"
)


async def _upload(client: httpx.AsyncClient, case_id: str, name: str, body: str) -> str:
    response = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", (name, body, "text/plain"))]
    )
    assert response.status_code == 201, response.text
    file_id: str = response.json()[0]["id"]
    return file_id


async def _file(runtime: Runtime, file_id: str) -> File:
    async with runtime.session_factory() as session:
        (file,) = await file_repo.get_many(session, [uuid.UUID(file_id)])
    return file


async def _search(
    runtime: Runtime, case_id: str, query: str, file_ids: list[str] | None = None
) -> list[chunk_repo.ChunkHit]:
    async with runtime.session_factory() as session:
        return await chunk_repo.search(
            session,
            case_id=uuid.UUID(case_id),
            query=query,
            file_ids=[uuid.UUID(f) for f in file_ids] if file_ids is not None else None,
        )


async def test_full_text_search_finds_a_chunk_by_a_rare_word(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case_id = (await new_case(client, "Search"))["id"]
    other_case = (await new_case(client, "Search elsewhere"))["id"]
    file_id = await _upload(client, case_id, "notes.txt", NOTES)
    other_id = await _upload(client, other_case, "other.txt", "A quokka was seen here too.\n")
    for fid in (file_id, other_id):
        file = await _file(runtime, fid)
        await index_file(
            runtime.session_factory, file, await load_extraction(runtime.storage, file)
        )

    hits = await _search(runtime, case_id, "Who saw the quokkas?")
    assert [h.chunk.text for h in hits] == ["Witnesses saw a quokka near the loading bay at dusk."]
    hit = hits[0]
    assert str(hit.chunk.file_id) == file_id
    assert hit.chunk.location == {"line": 3}
    assert hit.rank > 0

    # Any word matches; more matching words rank higher; stop words and syntax are inert.
    ranked = await _search(runtime, case_id, "courier harbour office")
    assert ranked[0].chunk.text == "A courier brought two parcels to the harbour office."
    assert {h.chunk.location["line"] for h in ranked} == {1, 2, 4}
    assert [h.rank for h in ranked] == sorted((h.rank for h in ranked), reverse=True)
    assert await _search(runtime, case_id, "the of and") == []
    assert await _search(runtime, case_id, "\"NOT AND ( ) * : | & ! ' -") == []
    assert [h.chunk.location for h in await _search(runtime, case_id, 'quokka" OR "x')] == [
        {"line": 3}
    ]

    # Limited to files, and never across cases.
    assert await _search(runtime, case_id, "quokka", file_ids=[]) == []
    assert len(await _search(runtime, case_id, "quokka", file_ids=[file_id])) == 1
    assert [str(h.chunk.file_id) for h in await _search(runtime, other_case, "quokka")] == [
        other_id
    ]

    # Indexing again changes nothing; deleting the file takes its chunks out of the index.
    file = await _file(runtime, file_id)
    await index_file(runtime.session_factory, file, await load_extraction(runtime.storage, file))
    assert len(await _search(runtime, case_id, "courier")) == 2
    assert (await client.delete(f"/api/files/{file_id}")).status_code == 204
    assert await _search(runtime, case_id, "quokka") == []
    assert len(await _search(runtime, other_case, "quokka")) == 1


async def test_a_case_processed_before_the_index_is_indexed_on_first_search(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case_id = (await new_case(client, "Back-fill"))["id"]
    analysed = await _upload(client, case_id, "notes.txt", NOTES)
    pending = await _upload(client, case_id, "later.txt", "A quokka, again.\n")
    async with runtime.session_factory() as session:
        (file,) = await file_repo.get_many(session, [uuid.UUID(analysed)])
        file.status = FileStatus.PROCESSED
        await session.commit()
    assert await _search(runtime, case_id, "quokka") == []

    indexed = await ensure_indexed(runtime.session_factory, runtime.storage, uuid.UUID(case_id))
    assert indexed == 1  # only the analysed file: the other is not part of the knowledge yet
    assert [str(h.chunk.file_id) for h in await _search(runtime, case_id, "quokka")] == [analysed]
    assert await ensure_indexed(runtime.session_factory, runtime.storage, uuid.UUID(case_id)) == 0
    assert pending
