"""Upload benchmark (make bench): one large file through the real API into local storage.

Starts `python -m holmes_backend serve` as its own process on a throwaway data dir, streams a
multipart body generated on the fly (the client never holds the file either), and samples the
server's RSS throughout. Prints MB/s and the server's peak RSS growth; writes them as JSON.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from tests.bench.memory import RssSampler
from tests.support import REPO_ROOT, free_port

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

    with tempfile.TemporaryDirectory(prefix="holmes-bench-") as data_dir:
        port = free_port()
        env = os.environ | {
            "HOLMES_DATA_DIR": data_dir,
            "HOLMES_PORT": str(port),
            "HOLMES_HOST": "127.0.0.1",
            "HOLMES_STORAGE": "local",
        }
        env.pop("DATABASE_URL", None)
        subprocess.run([sys.executable, "-m", "holmes_backend", "migrate"], env=env, check=True)
        server = subprocess.Popen(
            [sys.executable, "-m", "holmes_backend", "serve"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base, timeout=600) as client:
                for _ in range(200):
                    try:
                        client.get("/api/health")
                        break
                    except httpx.TransportError:
                        time.sleep(0.05)
                signup = client.post(
                    "/api/auth/signup",
                    json={"email": "bench@holmes.example", "password": "long enough password"},
                )
                signup.raise_for_status()
                client.headers["Authorization"] = f"Bearer {signup.json()['access_token']}"
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
        finally:
            server.terminate()
            server.wait(timeout=30)

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
