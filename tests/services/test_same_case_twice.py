"""The same evidence processed twice gives the same results: file ids are random, and nothing
the agents read or report may be ordered by them."""

import json
from typing import Any

import httpx

from tests.agents.helpers import wait_done

FILES = {
    "statement_vale.txt": (
        b"Statement of Corin Vale, 14 May 2024.\n"
        b"On 2 May 2024 I was at home in Aldgate all evening. I never met Piet Osei.\n"
    ),
    "card_statement.csv": (
        b"Date,Time,Merchant,Amount,Card holder\n"
        b"2024-05-02,19:42,Harbour Grill Dockside,86.40,CORIN VALE\n"
        b"2024-05-03,08:10,Aldgate Newsagent,4.20,CORIN VALE\n"
    ),
    "osei_email.eml": (
        b"From: Piet Osei <piet@osei.example>\r\nTo: Corin Vale <corin@vale.example>\r\n"
        b"Date: Fri, 03 May 2024 09:15:00 +0100\r\nSubject: last night\r\n\r\n"
        b"Corin, good to see you at the Harbour Grill last night. Invoice 3317 attached.\r\n"
    ),
    "ledger.csv": (
        b"date,payee,amount,reference,approved_by\n"
        b"2024-05-06,Osei Consulting Ltd,9800.00,INV-3317,Corin Vale\n"
        b"2024-05-07,Osei Consulting Ltd,9750.00,INV-3318,Corin Vale\n"
    ),
}


async def _processed(client: httpx.AsyncClient, name: str) -> dict[str, Any]:
    case_id = (await client.post("/api/cases", json={"name": name})).json()["id"]
    upload = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", (n, b)) for n, b in FILES.items()]
    )
    assert upload.status_code == 201, upload.text
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status
    graph = (await client.get(f"/api/cases/{case_id}/graph")).json()
    text = json.dumps(
        {k: graph[k] for k in ("nodes", "edges", "contradictions", "evidence_gaps")}
        | {"links": graph["cross_modal_links"]}
    )
    for file in upload.json():  # the files by name: their ids differ from case to case
        text = text.replace(file["id"], file["filename"])
    result: dict[str, Any] = json.loads(text)
    return result


async def test_the_same_case_processed_twice_gives_the_same_graph(
    client: httpx.AsyncClient,
) -> None:
    first = await _processed(client, "first reading")
    second = await _processed(client, "second reading")

    assert first["nodes"], first
    for part in ("nodes", "edges", "contradictions", "evidence_gaps", "links"):
        assert second[part] == first[part], part  # in the same order too
