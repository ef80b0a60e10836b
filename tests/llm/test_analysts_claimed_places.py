"""Where a witness says they were: the place after "at", "in", "near"…; not a place they went to
(the journey's end is not where they were at the sentence's time), nor whom they reported, gave or
said something to."""

import pytest

from holmes_backend.analysis.domains.claims import _claimed_place


@pytest.mark.parametrize(
    ("sentence", "place"),
    [
        ("I reported it to the Mossos d'Esquadra that evening.", None),
        ("I gave the keys to the Police at the station.", None),
        ("I spoke to the Manager about it.", None),
        ("I went to the Harbour Lights bar at about 9.", None),
        ("I was at the Harbour Lights bar at about 9.", "Harbour Lights"),
        ("I drove to the Royal Oak and gave the keys to Tom.", None),
        # Where nobody was is not where the speaker was.
        ("Nobody was at the house during that time.", None),
        ("No one was at the flat in Leeds that week.", None),
        # On the way there, at no time the sentence gives: not yet there.
        ("After my break I drove straight to Leeds and did not stop anywhere else.", None),
        ("I set off for Harwich after lunch.", None),
        ("I drove straight to the Kestrel Inn at 21:15.", None),
    ],
)
def test_a_recipient_is_no_place(sentence: str, place: str | None) -> None:
    assert _claimed_place(sentence) == place
