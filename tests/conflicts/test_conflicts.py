"""New evidence on the processed demo case: conflicts with the graph open, stay open, and change
the graph only as the user decides; agreeing evidence strengthens what the graph holds.

The new documents are built from what the graph itself holds (its best-attested transaction, a
person it places somewhere at a known time), so nothing here names the demo's own figures.
"""

import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from holmes_backend.repositories import events as event_repo
from holmes_backend.runtime import Runtime
from tests.agents.helpers import upload_demo, wait_done
from tests.api.helpers import assert_envelope, new_case
from tests.conflicts.builders import (
    confirmation_email,
    extraction_email,
    phone_photo,
    wire_confirmation,
)
from tests.conftest import Account

Json = dict[str, Any]
BANK = "First Lakes Bank"


async def _processed_demo(client: httpx.AsyncClient, demo_dir: Path, name: str) -> str:
    case_id = str((await new_case(client, name))["id"])
    await upload_demo(client, case_id, demo_dir)
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    return case_id


async def _version(client: httpx.AsyncClient, case_id: str, number: int) -> Json:
    response = await client.get(f"/api/cases/{case_id}/graph/versions/{number}")
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


async def _add_evidence(
    client: httpx.AsyncClient, case_id: str, files: list[tuple[str, bytes, str]]
) -> dict[str, str]:
    """Uploads the files and merges them in; their ids by file name."""
    response = await client.post(f"/api/cases/{case_id}/files", files=[("files", f) for f in files])
    assert response.status_code == 201, response.text
    job = await client.post(f"/api/cases/{case_id}/process", json={"incremental": True})
    assert job.status_code == 202, job.text
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    return {f["filename"]: f["id"] for f in response.json()}


def _fact(version: Json, fact_id: str) -> Json:
    found: Json = next(f for f in version["facts"] if f["id"] == fact_id)
    return found


def _best_transaction(facts: list[Json]) -> tuple[Json, Json, str]:
    """The best-attested transaction amount that has a date: (amount, date, reference)."""
    dated = {f["subject_id"] for f in facts if f["attribute"] == "date"}
    amounts = [f for f in facts if f["attribute"] == "amount" and f["subject_id"] in dated]
    amount = max(amounts, key=lambda f: (len(f["sources"]), f["confidence"], f["id"]))
    day = max(
        (f for f in facts if f["attribute"] == "date" and f["subject_id"] == amount["subject_id"]),
        key=lambda f: (len(f["sources"]), f["confidence"], f["id"]),
    )
    return amount, day, str(amount["subject_name"]).split()[-1]


def _located_person(facts: list[Json]) -> Json:
    """An observed location of a person, with coordinates and a time."""
    found: Json = next(
        f
        for f in facts
        if f["attribute"] == "location"
        and f["kind"] == "observed"
        and f["subject_id"].startswith("person:")
        and f["latitude"] is not None
        and "T" in f["qualifier"]
    )
    return found


def _file_ids(sources: list[Json]) -> set[str]:
    return {s["file_id"] for s in sources}


async def _events(runtime: Runtime, case_id: str, kind: str) -> list[Json]:
    async with runtime.session_factory() as session:
        rows = await event_repo.after(session, uuid.UUID(case_id), 0, 100_000)
    return [dict(r.payload) for r in rows if r.type == kind]


async def test_conflicting_evidence_stays_open_until_the_user_resolves_it(
    client: httpx.AsyncClient,
    other_client: httpx.AsyncClient,
    alice: Account,
    demo_dir: Path,
    runtime: Runtime,
) -> None:
    case_id = await _processed_demo(client, demo_dir, "Conflicting evidence")
    v1 = await _version(client, case_id, 1)
    amount, day, reference = _best_transaction(v1["facts"])
    located = _located_person(v1["facts"])
    number, currency = amount["value"].split()
    new_amount = round(float(number) * 1.1, 2)
    new_day = date.fromisoformat(day["value"]) + timedelta(days=60)
    taken = datetime.fromisoformat(located["qualifier"]) + timedelta(minutes=4)
    photo = f"IMG_{taken:%Y%m%d_%H%M%S}.jpg"
    # About 130 km from where the graph places the person four minutes earlier.
    latitude, longitude = located["latitude"] - 1.15, located["longitude"] + 0.2
    ids = await _add_evidence(
        client,
        case_id,
        [
            (
                "wire_confirmation.pdf",
                wire_confirmation(
                    bank=BANK,
                    reference=reference,
                    amount=new_amount,
                    currency=currency,
                    day=new_day,
                ),
                "application/pdf",
            ),
            (photo, phone_photo(taken=taken, latitude=latitude, longitude=longitude), "image/jpeg"),
            (
                "phone_extraction.eml",
                extraction_email(
                    filename=photo, owner=located["subject_name"], sent=taken + timedelta(days=90)
                ),
                "message/rfc822",
            ),
        ],
    )

    opened = (await client.get(f"/api/cases/{case_id}/conflicts", params={"status": "open"})).json()
    by_kind = {(c["subject"]["id"], c["attribute"]): c for c in opened}
    money = by_kind[(amount["subject_id"], "amount")]
    assert money["existing"]["value"] == amount["value"]
    assert _file_ids(money["existing"]["sources"]) == _file_ids(amount["sources"])
    assert money["new"]["value"] == f"{new_amount:.2f} {currency}"
    assert _file_ids(money["new"]["sources"]) == {ids["wire_confirmation.pdf"]}
    assert 0.85 < money["similarity"] < 0.95
    when = by_kind[(amount["subject_id"], "date")]
    assert when["new"]["value"] == new_day.isoformat()
    assert when["kind"] == "date"
    assert money["fact_id"] == amount["id"]
    where = by_kind[(located["subject_id"], "location")]
    assert where["existing"]["value"] == located["value"]
    assert where["severity"] == "HIGH"
    assert where["similarity"] < 0.1
    assert _file_ids(where["new"]["sources"]) == {ids[photo]}
    for conflict in (money, when, where):
        assert conflict["status"] == "OPEN"
        assert conflict["resolution"] is None
        assert conflict["resolved_by"] is None
        assert conflict["graph_version"] == 2
        assert conflict["description"]

    detected = await _events(runtime, case_id, "CONFLICT_DETECTED")
    assert {e["conflict_id"] for e in detected} == {c["id"] for c in opened}
    assert all(e["summary"] and e["graph_version"] == 2 for e in detected)
    updated = await _events(runtime, case_id, "GRAPH_UPDATED")
    assert updated[-1]["version"] == 2
    assert updated[-1]["conflicts"] == len(opened)
    agents = (await client.get(f"/api/cases/{case_id}/agents")).json()
    assert any(a["agent_name"] == "merge_agent" and a["status"] == "COMPLETED" for a in agents)

    # The graph keeps the existing values and marks them.
    v2 = await _version(client, case_id, 2)
    assert v2["change"]["kind"] == "merge"
    kept = _fact(v2, amount["id"])
    assert kept["value"] == amount["value"]
    assert kept["conflict_ids"] == [money["id"]]
    assert kept["status"] == "conflicted"
    assert _fact(v2, located["id"])["conflict_ids"] == [where["id"]]
    graph = (await client.get(f"/api/cases/{case_id}/graph")).json()
    assert graph["version"] == 2
    person = next(n for n in graph["nodes"] if n["id"] == located["subject_id"])
    assert where["id"] in person["conflict_ids"]

    # Reads and a further incremental run leave the conflicts open.
    note = b"Call with outside counsel on July 3, 2024 about the document retention notice.\n"
    await _add_evidence(client, case_id, [("retention_call.txt", note, "text/plain")])
    again = (await client.get(f"/api/cases/{case_id}/conflicts")).json()
    assert [(c["id"], c["status"]) for c in again] == [(c["id"], "OPEN") for c in opened]
    v3 = await _version(client, case_id, 3)
    assert v3["change"]["kind"] == "merge"
    assert _fact(v3, amount["id"])["conflict_ids"] == [money["id"]]
    assert _fact(v3, amount["id"])["value"] == amount["value"]

    # Bad decisions are refused with the envelope, and change nothing.
    resolve = f"/api/conflicts/{where['id']}/resolve"
    for body in (
        {},
        {"resolution": "manual"},
        {"resolution": "manual", "value": "   "},
        {"resolution": "manual", "value": {"place": "x"}},
        {"resolution": "trust_new", "value": "Somewhere"},
        {"resolution": "keep_existing", "value": 3},
        {"resolution": "maybe"},
        {"resolution": "keep_existing", "note": "extra"},
    ):
        assert_envelope(await client.post(resolve, json=body), 422, "VALIDATION_ERROR")
    assert_envelope(await client.post(resolve, content=b"not json"), 422, "VALIDATION_ERROR")
    error = assert_envelope(
        await client.post(
            f"/api/conflicts/{when['id']}/resolve",
            json={"resolution": "manual", "value": "sometime in spring"},
        ),
        422,
        "VALIDATION_ERROR",
    )
    assert error["details"]["attribute"] == "date"
    assert_envelope(
        await client.post("/api/conflicts/not-a-uuid/resolve", json={"resolution": "trust_new"}),
        422,
        "VALIDATION_ERROR",
    )
    missing = await client.post(
        f"/api/conflicts/{uuid.uuid4()}/resolve", json={"resolution": "trust_new"}
    )
    assert assert_envelope(missing, 404, "NOT_FOUND")["message"] == "Conflict not found."
    assert_envelope(
        await client.get(f"/api/cases/{case_id}/conflicts", params={"status": "closed"}),
        422,
        "VALIDATION_ERROR",
    )
    assert_envelope(
        await other_client.post(resolve, json={"resolution": "trust_new"}), 404, "NOT_FOUND"
    )
    assert_envelope(await other_client.get(f"/api/cases/{case_id}/conflicts"), 404, "NOT_FOUND")
    versions = (await client.get(f"/api/cases/{case_id}/graph/versions")).json()
    assert [v["version"] for v in versions] == [1, 2, 3]
    assert all(
        c["status"] == "OPEN" for c in (await client.get(f"/api/cases/{case_id}/conflicts")).json()
    )

    # trust_new: the graph takes the new value and its sources.
    decided = await client.post(
        f"/api/conflicts/{money['id']}/resolve", json={"resolution": "trust_new"}
    )
    assert decided.status_code == 200, decided.text
    body = decided.json()
    assert body["graph_version"] == 4
    assert body["conflict"]["status"] == "RESOLVED"
    assert body["conflict"]["resolution"] == "trust_new"
    assert body["conflict"]["resolved_by"] == alice.id
    assert body["conflict"]["resolved_at"]
    assert body["conflict"]["resolved_value"] == money["new"]["value"]
    v4 = await _version(client, case_id, 4)
    trusted = _fact(v4, amount["id"])
    assert trusted["value"] == money["new"]["value"]
    assert _file_ids(trusted["sources"]) == {ids["wire_confirmation.pdf"]}
    assert "conflict_ids" not in trusted
    assert "status" not in trusted
    assert trusted["resolutions"][-1]["before"]["value"] == amount["value"]
    assert trusted["resolutions"][-1]["by"] == alice.id
    twice = await client.post(
        f"/api/conflicts/{money['id']}/resolve", json={"resolution": "keep_existing"}
    )
    assert assert_envelope(twice, 409, "CONFLICT")["details"]["resolution"] == "trust_new"

    # keep_existing: the value stays; the new one is kept on the fact as rejected.
    kept_response = await client.post(resolve, json={"resolution": "keep_existing"})
    assert kept_response.status_code == 200, kept_response.text
    v5 = await _version(client, case_id, kept_response.json()["graph_version"])
    held = _fact(v5, located["id"])
    assert held["value"] == located["value"]
    assert held["rejected_values"][-1]["value"] == where["new"]["value"]
    assert "conflict_ids" not in held
    person = next(n for n in v5["nodes"] if n["id"] == located["subject_id"])
    assert where["id"] not in person.get("conflict_ids", [])

    # manual: the user's value, resting on the sources of both sides.
    chosen = (date.fromisoformat(day["value"]) + timedelta(days=1)).isoformat()
    manual = await client.post(
        f"/api/conflicts/{when['id']}/resolve", json={"resolution": "manual", "value": chosen}
    )
    assert manual.status_code == 200, manual.text
    assert manual.json()["conflict"]["resolved_value"] == chosen
    v6 = await _version(client, case_id, manual.json()["graph_version"])
    set_by_hand = _fact(v6, when["fact_id"])
    assert set_by_hand["value"] == chosen
    assert set_by_hand["kind"] == "manual"
    assert ids["wire_confirmation.pdf"] in _file_ids(set_by_hand["sources"])
    assert _file_ids(when["existing"]["sources"]) <= _file_ids(set_by_hand["sources"])

    # Every version is kept and readable; the decisions are recorded.
    assert (
        await client.get(f"/api/cases/{case_id}/conflicts", params={"status": "open"})
    ).json() == []
    resolved = (
        await client.get(f"/api/cases/{case_id}/conflicts", params={"status": "resolved"})
    ).json()
    assert {c["resolution"] for c in resolved} == {"trust_new", "keep_existing", "manual"}
    versions = (await client.get(f"/api/cases/{case_id}/graph/versions")).json()
    assert [v["version"] for v in versions] == [1, 2, 3, 4, 5, 6]
    assert [v["change"]["kind"] for v in versions] == [
        "processing",
        "merge",
        "merge",
        "conflict_resolution",
        "conflict_resolution",
        "conflict_resolution",
    ]
    assert versions[1]["conflicted_facts"] >= 3
    assert versions[-1]["conflicted_facts"] == 0
    assert _fact(await _version(client, case_id, 2), amount["id"])["value"] == amount["value"]
    assert len(await _events(runtime, case_id, "CONFLICT_RESOLVED")) == 3
    assert [e["version"] for e in await _events(runtime, case_id, "GRAPH_UPDATED")][-3:] == [
        4,
        5,
        6,
    ]


async def test_agreeing_evidence_merges_without_conflicts_and_strengthens_the_graph(
    client: httpx.AsyncClient, demo_dir: Path, runtime: Runtime
) -> None:
    case_id = await _processed_demo(client, demo_dir, "Agreeing evidence")
    v1 = await _version(client, case_id, 1)
    amount, day, reference = _best_transaction(v1["facts"])
    number, currency = amount["value"].split()
    names = {n["id"]: n for n in v1["nodes"]}
    pair = max(
        (
            e
            for e in v1["edges"]
            if e["type"] == "mentioned_with"
            and all(len(names[i]["name"].split()) == 2 for i in (e["source_id"], e["target_id"]))
        ),
        key=lambda e: (e["confidence"], len(e["evidence"])),
    )
    first, second = names[pair["source_id"]], names[pair["target_id"]]
    initial = f"{first['name'][0]}. {first['name'].split()[-1]}"  # "J. Roe" for "Jane Roe"
    email = confirmation_email(
        sender=initial,
        recipient=second["name"],
        reference=reference,
        amount=float(number),
        currency=currency,
        day=date.fromisoformat(day["value"]),
        sent=datetime.fromisoformat(day["value"]).replace(hour=16, tzinfo=UTC),
    )
    note = (
        f"Call note: on {day['value']} at 16:30 {initial} spoke with {second['name']} about "
        "the quarter's vendor payments; nothing further to record.\n"
    ).encode()
    ids = await _add_evidence(
        client,
        case_id,
        [("wire_confirmation.eml", email, "message/rfc822"), ("call_note.txt", note, "text/plain")],
    )
    advice = ids["wire_confirmation.eml"]

    assert (await client.get(f"/api/cases/{case_id}/conflicts")).json() == []
    v2 = await _version(client, case_id, 2)
    for before in (amount, day):
        after = _fact(v2, before["id"])
        assert after["value"] == before["value"]
        assert after["confidence"] > before["confidence"]
        assert _file_ids(after["sources"]) == _file_ids(before["sources"]) | {advice}
        assert after["corroborations"] == 1
    assert not [f for f in v2["facts"] if f.get("conflict_ids")]

    # The initial is the existing person (an alias, not a new node); their tie is reinforced.
    person = next(n for n in v2["nodes"] if n["id"] == first["id"])
    assert initial in person["aliases"]
    assert not [n for n in v2["nodes"] if n["name"] == initial]
    edge = next(
        e
        for e in v2["edges"]
        if (e["source_id"], e["target_id"], e["type"])
        == (pair["source_id"], pair["target_id"], "mentioned_with")
    )
    assert edge["confidence"] > pair["confidence"]
    assert ids["call_note.txt"] in _file_ids(edge["evidence"])
    assert _file_ids(pair["evidence"]) <= _file_ids(edge["evidence"])
    update = (await _events(runtime, case_id, "GRAPH_UPDATED"))[-1]
    assert update["version"] == 2
    assert update["conflicts"] == 0
    assert update["merge"]["facts_corroborated"] >= 2
    assert update["merge"]["edges_reinforced"] >= 1
    assert update["merge"]["aliases_added"] >= 1
