"""The evaluation's matching: what counts as found, as right, and as a wrong HIGH item."""

from typing import Any

from tests.eval.score import _says, score

KEY: dict[str, Any] = {
    "case": "00-sample",
    "people": [{"name": "Ruth Okonjo", "forms": ["OKONJO R", "CORP\\rokonjo"], "files": ["a.txt"]}],
    "not_people": ["Okonjo Holdings"],
    "contradictions": [
        {
            "id": "C1",
            "claim": {"file": "statement.txt", "quote": "I was at home"},
            "record": {"file": "card.csv", "quote": "14:02"},
            "why": "card used in town",
        }
    ],
    "gaps": [{"id": "G1", "mentions": ["board minutes"], "why": "minutes missing"}],
    "findings": [
        {"id": "F1", "files": ["ledger.csv"], "mentions": ["EUR 24.950,00"], "why": "split"}
    ],
    "links": [{"id": "L1", "files": ["photo.jpg", "card.csv"], "why": "same minute"}],
    "distractors": [{"files": ["invoice.txt"], "mentions": ["5,058.00"]}],
}
NAMES = {
    "f1": "statement.txt",
    "f2": "card.csv",
    "f3": "ledger.csv",
    "f4": "photo.jpg",
    "f5": "invoice.txt",
}


def _finding(file_id: str, text: str, severity: str) -> dict[str, Any]:
    return {
        "domain": "financial",
        "finding_type": "anomaly:split",
        "title": text,
        "summary": "",
        "file_id": file_id,
        "content": {"severity": severity},
    }


def test_items_that_cite_the_planted_files_and_words_are_found_and_right() -> None:
    run = {
        "status": "READY",
        "names": NAMES,
        "graph": {
            "contradictions": [
                {
                    "claim": "at home",
                    "severity": "HIGH",
                    "claim_source": {"file_id": "f1"},
                    "evidence_against": [{"file_id": "f2"}],
                    "detector": "presence",
                },
                {
                    "claim": "other",
                    "severity": "HIGH",
                    "claim_source": {"file_id": "f3"},
                    "detector": "denial",
                },
            ],
            "evidence_gaps": [{"element": "The Board Minutes of 10 August", "recommendation": ""}],
            "cross_modal_links": [{"source_a": {"file_id": "f2"}, "source_b": {"file_id": "f4"}}],
            "nodes": [
                {"type": "person", "name": "R. Okonjo", "aliases": []},
                {"type": "person", "name": "Okonjo Holdings", "aliases": []},
                {"type": "organization", "name": "Hale Ltd"},
            ],
        },
        "findings": [
            _finding("f3", "Three orders of 24950.00 under the limit", "HIGH"),
            _finding("f5", "Invoice total 5,058.00 differs from the ledger", "HIGH"),
            _finding("f3", "Round amounts", "LOW"),  # observations are not scored
        ],
    }

    result = score(KEY, run)
    groups = result.groups

    assert (groups["contradictions"].found, groups["contradictions"].right) == (1, 1)
    presence, denial = result.by_detector["presence"], result.by_detector["denial"]
    assert (presence.found, presence.right, presence.reported) == (1, 1, 1)
    assert (denial.found, denial.right, denial.wrong_high) == (0, 0, 1)
    assert groups["contradictions"].wrong_high == 1
    assert (groups["gaps"].found, groups["gaps"].reported) == (1, 1)
    assert (groups["findings"].found, groups["findings"].right) == (1, 1)
    assert (groups["findings"].reported, groups["findings"].wrong_high) == (2, 1)
    assert (groups["links"].found, groups["links"].right) == (1, 1)
    assert (groups["people"].found, groups["people"].right, groups["people"].reported) == (1, 1, 2)


def test_a_contradiction_citing_only_one_side_is_not_found() -> None:
    run = {
        "status": "READY",
        "names": NAMES,
        "graph": {
            "contradictions": [
                {"claim": "x", "severity": "MEDIUM", "claim_source": {"file_id": "f1"}}
            ],
        },
        "findings": [],
    }

    tally = score(KEY, run).groups["contradictions"]

    assert (tally.found, tally.right, tally.wrong_high) == (0, 0, 0)


def test_amounts_match_by_value_not_by_any_shared_digit() -> None:
    assert _says("Three orders of 24950.00 each", "EUR 24.950,00")
    assert _says("a total of 24,950", "EUR 24.950,00")
    assert not _says("payments totalling EUR 13,748.50", "50.000")
    assert not _says("5 payments", "50.000")
    assert _says("above the 50,000 limit", "50.000")
