"""The plate or card a record concerns, whatever its layout, so that records of two different
cars or cards close in time are not read as one episode."""

import pytest

from holmes_backend.analysis.facts.identifiers import subject_marks


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("Reg no. given: KX21 HVB (Toyota Yaris, blue)", {"plate": {"KX21HVB"}}),
        ("Date: 17/04/2025; VRM: KX21HVR; Camera: TV-A34-05", {"plate": {"KX21HVR"}}),
        ("a grey Vauxhall Astra, registration MA19 XKP, had filled up", {"plate": {"MA19XKP"}}),
        ("Vehicle Reg: FV23 KDO; Driver: WISNIEWSKI T", {"plate": {"FV23KDO"}}),
        ("Paid: Amex ****1009", {"card": {"1009"}}),
        ("MS ANA HORVAT,Debit ****7740,19/07/2025", {"card": {"7740"}}),
        ("charged to the card ending in 4412 at 14:02", {"card": {"4412"}}),
        # No mark: a regional office, a plain number, a registration of a company.
        ("The Regional Office registered 2,000 visitors in 2024.", {}),
        ("Invoice 88214, till 1, pump 2", {}),
    ],
)
def test_marks_are_read_in_any_layout(text: str, marks: dict[str, set[str]]) -> None:
    assert subject_marks(text) == marks
