"""Citation markers in a streamed answer: renumbered in order of use, whole across pieces."""

from holmes_backend.agents.chat.citations import Markers, SourceBook

FILE_A = "0b7f3c1e-0000-4000-8000-00000000000a"
FILE_B = "0b7f3c1e-0000-4000-8000-00000000000b"


def _book() -> SourceBook:
    book = SourceBook({FILE_A: "a.pdf", FILE_B: "b.csv"})
    for source in (
        {"file_id": FILE_A, "page": 1, "excerpt": "one"},
        {"file_id": FILE_A, "page": 2, "excerpt": "two"},
        {"file_id": FILE_B, "row": 7, "sheet": None, "excerpt": "seven"},
    ):
        book.number(source)
    return book


def test_the_same_place_keeps_its_number_and_the_model_sees_the_file_name() -> None:
    book = _book()
    again = book.number({"file_id": FILE_A, "page": 2, "excerpt": "another excerpt"})
    assert again["ref"] == 2
    assert again["file"] == "a.pdf"
    assert len(book) == 3


def test_markers_are_renumbered_in_order_of_first_use() -> None:
    markers = Markers(_book())
    text = markers.feed("Paid on 3 May [3]. Signed [1][3], see also [2, 3].") + markers.finish()
    assert text == "Paid on 3 May [1]. Signed [2][1], see also [3][1]."
    assert markers.citations == [
        {"file_id": FILE_B, "location": {"row": 7}, "excerpt": "seven"},
        {"file_id": FILE_A, "location": {"page": 1}, "excerpt": "one"},
        {"file_id": FILE_A, "location": {"page": 2}, "excerpt": "two"},
    ]


def test_a_marker_split_across_pieces_is_held_until_whole() -> None:
    markers = Markers(_book())
    pieces = ["It was paid [", "3", "] and signed [2", "]. In [", "2024] too; [", "9] is not ours"]
    out = [markers.feed(p) for p in pieces] + [markers.finish()]
    assert "".join(out) == "It was paid [1] and signed [2]. In [2024] too; [9] is not ours"
    assert out[0] == "It was paid "  # nothing of the marker went out before it was complete
    assert out[1] == ""
    assert [c["location"] for c in markers.citations] == [{"row": 7}, {"page": 2}]


def test_an_unfinished_bracket_at_the_end_is_given_as_written() -> None:
    markers = Markers(_book())
    assert markers.feed("Last words [1") == "Last words "
    assert markers.finish() == "[1"
    assert markers.citations == []
