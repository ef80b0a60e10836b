"""Said stopped, and going on, written unlike the other cases: a regional manager's statement
to the audit committee that she "first became aware" of the contamination when the council
wrote, and that "all deliveries to the Harcourt depot were suspended" that day, against the
laboratory's earlier e-mail to her and the haulier's delivery log of the days after; rows that
record the deliveries cancelled bear the suspension out."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_STATEMENT = (
    "STATEMENT TO THE AUDIT COMMITTEE\n"
    "From: Imogen Castellano, Regional Manager\n"
    "Date: 30 April 2027\n"
    "I first became aware of the contamination of the grain stock on 9 April 2027, when the "
    "council wrote to us.\n"
    "On that day all deliveries to the Harcourt depot were suspended.\n"
)


def _log(after: str) -> str:
    return (
        "Date,Consignment,Destination,Tonnes\n"
        "2027-04-02,HC-771,Harcourt depot,24\n"
        f"2027-04-12,HC-779,Harcourt depot,{after}\n"
        f"2027-04-16,HC-783,Harcourt depot,{after}\n"
    )


async def _docs(tmp_path: Path, log: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_castellano.txt", _STATEMENT),
        await text_doc(tmp_path, "haulier_deliveries.csv", log, "text/csv"),
        await email_doc(
            tmp_path,
            "lab_results.eml",
            {
                "From": "Tomas Ilie <t.ilie@agrolab.example>",
                "To": "Imogen Castellano <i.castellano@harvestline.example>",
                "Date": "Mon, 15 Mar 2027 11:40:00 +0000",
                "Subject": "Grain samples - contamination confirmed",
            },
            "Imogen, the samples from the Harcourt stock show contamination well above the "
            "limit.\n",
        ),
    ]


async def test_deliveries_recorded_cancelled_bear_the_suspension_out(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path, _log("0 - cancelled")))
    assert not [c for c in output.contradictions if "were stopped from" in c.explanation]
