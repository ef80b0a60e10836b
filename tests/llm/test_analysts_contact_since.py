"""An interview's bare answer speaks of "her" ("Q: Have you contacted her since then?" / "A: No.
I never messaged her again after she asked me to stop."): she is the woman the question before
names, and "since then" is from the day told before it, so the chat's lines he wrote to her
after it contradict him. Without such lines, nothing does."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INTERVIEW = (
    "RECORD OF DISCIPLINARY INTERVIEW\n"
    "Employee: Dean Holloway\n"
    "Date: 2 June 2026\n\n"
    "SQ: Did Amira Haddad ask you to stop contacting her?\n"
    "DH: Yes. On 3 May 2026 she told me to stop messaging her and I respected that.\n"
    "SQ: Have you contacted her since then?\n"
    "DH: No. I never messaged her again after she asked me to stop.\n"
)
_CHAT = (
    "[28/04/2026, 18:02:11] Dean Holloway: Are you coming to the quarterly review tomorrow?\n"
    "[28/04/2026, 18:05:40] Amira Haddad: Yes, see you there.\n"
    "[03/05/2026, 09:15:27] Amira Haddad: Dean, please stop messaging me.\n"
    "{after}"
)
_AFTER = (
    "[07/05/2026, 22:48:19] Dean Holloway: Sorry about before. Can we talk?\n"
    "[16/05/2026, 00:12:55] Dean Holloway: Why are you ignoring me\n"
)


async def test_no_line_after_the_day_says_nothing(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "interview_holloway.txt", _INTERVIEW),
        await text_doc(tmp_path, "chat_export.txt", _CHAT.format(after="")),
    ]
    assert synthesis_of(docs).contradictions == []
