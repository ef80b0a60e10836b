"""python -m holmes_backend.demo [--out DIR]: write the demo case and say what was written."""

import argparse
import json
from pathlib import Path

from holmes_backend.config import Settings
from holmes_backend.demo import write_demo_case


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m holmes_backend.demo",
        description="Write the fictional demo investigation case and its answer key.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="where to write (default: $HOLMES_DATA_DIR/demo-case, else ./.holmes/demo-case)",
    )
    args = parser.parse_args(argv)
    directory: Path = args.out if args.out is not None else Settings().data_dir / "demo-case"
    answers_path = write_demo_case(directory)
    answers = json.loads(answers_path.read_text(encoding="utf-8"))
    print(f"Demo case written to {directory.resolve()}:")
    for entry in answers["files"]:
        size = (directory / entry["filename"]).stat().st_size
        print(f"  {entry['filename']:<44} {size:>8} B  {entry['mime_type']}")
    print(
        f"  {answers_path.name:<44} answer key: {len(answers['cross_modal_links'])} links, "
        f"{len(answers['contradictions'])} contradictions, {len(answers['evidence_gaps'])} gaps, "
        f"{len(answers['anomalies'])} anomalies"
    )
    print("Upload the files to a case (not answers.json) and press Process.")


if __name__ == "__main__":
    main()
