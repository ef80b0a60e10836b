"""Demo and benchmark evidence, generated in code: nothing binary is committed.

`write_demo_case` writes one realistic, fictional fraud investigation with an answer key;
`write_synthetic_case` writes any number of randomised files of mixed types for benchmarks.
"""

from holmes_backend.demo.case import ANSWERS_FILENAME, demo_case_files, write_demo_case
from holmes_backend.demo.synthetic import synthetic_case_files, write_synthetic_case

__all__ = [
    "ANSWERS_FILENAME",
    "demo_case_files",
    "synthetic_case_files",
    "write_demo_case",
    "write_synthetic_case",
]
