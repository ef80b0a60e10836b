"""Never logged in after leaving: a former analyst's denial against the VPN log's sessions of
her user (the staff list maps it to her) after she left; sessions before, or another user's,
are no contradiction."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Ruth Achebe\n"
    "Dated 15 May 2026\n"
    "1. I left Pellow Analytics Ltd on 28 February 2026.\n"
    "2. After 28 February 2026 I have not accessed the Pellow network or my account at all.\n"
    "Signed: Ruth Achebe\n"
)
_STAFF = "Username,Full name,Team\nrachebe,Ruth Achebe,Analytics\ntmoss,Tim Moss,Analytics\n"


def _vpn(user: str, days: list[str]) -> str:
    rows = ["Time,User,Action,Source IP"]
    rows += [f"2026-{day} 21:{n:02d}:00,{user},VPN login,81.2.69.{n}" for n, day in enumerate(days)]
    return "\n".join(rows) + "\n"


async def _output(tmp: Path, vpn: str) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "statement_achebe.txt", _STATEMENT),
            await text_doc(tmp, "staff_list.csv", _STAFF, "text/csv"),
            await text_doc(tmp, "vpn_log.csv", vpn, "text/csv"),
        ]
    )


def _denial(output: SynthesisOutput) -> list:
    return [c for c in output.contradictions if "not accessed" in c.claim]


async def test_sessions_before_or_another_users_are_none(tmp_path: Path) -> None:
    assert _denial(await _output(tmp_path, _vpn("rachebe", ["02-10", "02-27"]))) == []
    assert _denial(await _output(tmp_path, _vpn("tmoss", ["03-04", "03-11"]))) == []
