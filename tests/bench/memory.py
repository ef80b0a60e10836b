"""Peak resident memory of a process, sampled every few milliseconds (shared by the benchmarks)."""

import os
import threading
import time

import psutil


class RssSampler(threading.Thread):
    def __init__(self, pid: int | None = None) -> None:
        super().__init__(daemon=True)
        self.process = psutil.Process(pid if pid is not None else os.getpid())
        self.baseline = self.process.memory_info().rss
        self.peak = self.baseline
        self.running = True

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, self.process.memory_info().rss)
            time.sleep(0.005)

    def stop(self) -> None:
        self.running = False
        self.join()
        self.peak = max(self.peak, self.process.memory_info().rss)
