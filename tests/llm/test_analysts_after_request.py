"""A denial of messages after a request to stop: the statement's paragraph before names her,
the chat export has his lines after that day. Lines only before the request contradict
nothing."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CHAT = (
    "[13/02/2026, 19:02:11] Ruairi Byrne: are you home\n"
    "[13/02/2026, 19:05:40] Nadia Karimi: Do not contact me again.\n"
    "[17/02/2026, 00:41:02] Ruairi Byrne: pick up\n"
    "[21/02/2026, 02:13:55] Ruairi Byrne: I'm outside\n"
)
_STATEMENT = (
    "Witness statement of Ruairi Byrne\n"
    "Date: 1 March 2026\n"
    "1. Nadia Karimi told me not to contact her on 13 February 2026.\n"
    "2. I never texted her after she told me that.\n"
)


async def test_lines_before_the_request_contradict_nothing(tmp_path: Path) -> None:
    before = "\n".join(_CHAT.splitlines()[:2]) + "\n"
    docs = [
        await text_doc(tmp_path, "statement_byrne.txt", _STATEMENT),
        await text_doc(tmp_path, "chat_export.txt", before),
    ]
    assert synthesis_of(docs).contradictions == []
