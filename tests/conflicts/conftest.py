from pathlib import Path

import pytest

from holmes_backend.demo.case import write_demo_case


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_demo_case(tmp_path_factory.mktemp("conflicts-demo")).parent
