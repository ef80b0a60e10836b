"""Documents as extraction reads them, for the numeric tests."""

from pathlib import Path

from tests.llm.test_analysts_helpers import load as read

REALDOCS = Path(__file__).resolve().parents[3] / "shared" / "realdocs"
BUCKLE = REALDOCS / "buckle_8-K_ex99-1_press_release.html"

__all__ = ["BUCKLE", "REALDOCS", "html_table", "read"]


def html_table(title: str, note: str, header: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<td>{c}</td>" for c in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f"<html><body><p>{title}</p><p>{note}</p>"
        f"<table><tr>{cells}</tr>{body}</table></body></html>"
    )
