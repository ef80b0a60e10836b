"""Printed text in images with Tesseract, when its program is installed: words grouped in lines."""

import shutil
from collections import defaultdict

import pytesseract
from PIL import Image

from holmes_backend.extraction.models import Chunk, Location

_TIMEOUT_SECONDS = 120
_OCR_MODES = ("RGB", "L")
# pytesseract raises RuntimeError subclasses (bad language data, timeout) and OSError when the
# program vanished between the check and the call.
OCR_ERRORS = (RuntimeError, OSError)


def tesseract_available() -> bool:
    # Looked up on every call: the program may be installed while the service runs.
    return shutil.which("tesseract") is not None


def ocr_lines(image: Image.Image) -> list[Chunk]:
    """One chunk per recognised line, with its box in pixels."""
    if image.mode not in _OCR_MODES:
        image = image.convert("RGB")
    data = pytesseract.image_to_data(
        image, output_type=pytesseract.Output.DICT, timeout=_TIMEOUT_SECONDS
    )
    lines: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    for index, word in enumerate(data["text"]):
        # conf -1 marks layout rows (blocks, paragraphs), not words.
        if word.strip() and float(data["conf"][index]) >= 0:
            key = (data["block_num"][index], data["par_num"][index], data["line_num"][index])
            lines[key].append(index)
    chunks = []
    for number, indexes in enumerate(lines.values(), start=1):
        text = " ".join(data["text"][i].strip() for i in indexes)
        left = min(data["left"][i] for i in indexes)
        top = min(data["top"][i] for i in indexes)
        right = max(data["left"][i] + data["width"][i] for i in indexes)
        bottom = max(data["top"][i] + data["height"][i] for i in indexes)
        chunks.append(
            Chunk(text=text, location=Location(line=number, bbox=(left, top, right, bottom)))
        )
    return chunks
