"""Upload benchmark (make bench): one large file through the real API into local storage.

Starts `python -m holmes_backend serve` as its own process on a throwaway data dir
(tests.bench.server), streams a multipart body generated on the fly (the client never holds the
file either), and samples the server's RSS throughout. Prints MB/s and the server's peak RSS
growth; writes them as JSON.
"""

import argparse
import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from tests.bench.memory import RssSampler
from tests.bench.server import holmes_server, signed_up_client
from tests.support import REPO_ROOT

MB = 1_000_000
BLOCK = 1024 * 1024
BOUNDARY = "holmes-bench-boundary"


def _body(size: int) -> tuple[int, Iterator[bytes]]:
    head = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="files"; filename="bench.mp4"\r\n'
        "Content-Type: video/mp4\r\n\r\n"
    ).encode()
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    block = b"\x00\x00\x00\x18ftypmp42" + os.urandom(BLOCK - 12)

    def chunks() -> Iterator[bytes]:
        yield head
        sent = 0
        while sent < size:
            piece = block[: min(BLOCK, size - sent)]
            sent += len(piece)
            yield piece
        yield tail

    return len(head) + size + len(tail), chunks()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=500, help="file size in MiB")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench-output" / "upload.json")
    args = parser.parse_args()
    size = args.mb * 1024 * 1024

    with (
        tempfile.TemporaryDirectory(prefix="holmes-bench-") as data_dir,
        holmes_server(Path(data_dir), {}) as server,
        signed_up_client(server.base_url) as client,
    ):
        created = client.post("/api/cases", json={"name": "bench"})
        created.raise_for_status()
        case_id = created.json()["id"]
        # Warm up the upload path so baseline RSS includes what one request imports.
        warm_len, warm = _body(1024 * 1024)
        client.post(
            f"/api/cases/{case_id}/files",
            content=warm,
            headers={
                "content-type": f"multipart/form-data; boundary={BOUNDARY}",
                "content-length": str(warm_len),
            },
        ).raise_for_status()

        sampler = RssSampler(server.pid)
        baseline = sampler.baseline
        sampler.start()
        length, body = _body(size)
        started = time.perf_counter()
        response = client.post(
            f"/api/cases/{case_id}/files",
            content=body,
            headers={
                "content-type": f"multipart/form-data; boundary={BOUNDARY}",
                "content-length": str(length),
            },
        )
        elapsed = time.perf_counter() - started
        sampler.stop()
        response.raise_for_status()
        stored = response.json()[0]
        assert stored["size_bytes"] == size, stored

    result = {
        "file_mib": args.mb,
        "seconds": round(elapsed, 3),
        "mb_per_s": round(size / MB / elapsed, 1),
        "server_rss_baseline_mb": round(baseline / MB, 1),
        "server_rss_peak_growth_mb": round((sampler.peak - baseline) / MB, 1),
        "targets": {"mb_per_s": ">= 200", "server_rss_peak_growth_mb": "< 100"},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
