"""Evidence written in other scripts processes like any other: one odd file never stops a case."""

import httpx

from tests.agents.helpers import wait_done

# RFC 6532 mail: UTF-8 names in the headers, unencoded.
MAIL = (
    "From: Zoë Brontë <zoe@example.org>\r\n"
    "To: Jürgen Müller <jm@example.de>\r\n"
    "Subject: Réunion\r\n"
    "Date: Tue, 4 Mar 2025 10:15:00 +0100\r\n"
    "\r\n"
    "Jürgen, the invoice for EUR 4.800,00 is attached. Zoë\r\n"
).encode()
NOTE = b"Interview with Juergen Mueller, 6 March 2025. He said he never met Zoe Bronte.\n"


async def test_a_case_with_raw_utf8_mail_headers_processes_every_file(
    client: httpx.AsyncClient,
) -> None:
    case_id = (await client.post("/api/cases", json={"name": "unicode"})).json()["id"]
    upload = await client.post(
        f"/api/cases/{case_id}/files",
        files=[("files", ("reunion.eml", MAIL)), ("files", ("note.txt", NOTE))],
    )
    assert upload.status_code == 201, upload.text
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202

    status = await wait_done(client, case_id)

    assert status["job"]["status"] == "READY", status
    assert {f["filename"]: f["status"] for f in status["files"]} == {
        "reunion.eml": "PROCESSED",
        "note.txt": "PROCESSED",
    }
