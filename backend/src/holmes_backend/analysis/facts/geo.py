"""Positions: GPS pairs from metadata or text, distances, and a readable place string."""

import math
import re
from functools import lru_cache

_DECIMAL_PAIR = re.compile(
    r"(?P<lat>[-+]?\d{1,2}\.\d{3,})\s*°?\s*(?P<ns>[NS])?\s*[,;/ ]\s*"
    r"(?P<lon>[-+]?\d{1,3}\.\d{3,})\s*°?\s*(?P<ew>[EW])?\b"
)
_CONTEXT = re.compile(r"\b(gps|lat|latitude|lon|longitude|coordinates?|location|geo)\b", re.I)
EARTH_RADIUS_KM = 6371.0
SAME_PLACE_KM = 0.5


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def describe(latitude: float, longitude: float) -> str:
    ns = "N" if latitude >= 0 else "S"
    ew = "E" if longitude >= 0 else "W"
    return f"{abs(latitude):.5f}°{ns}, {abs(longitude):.5f}°{ew}"


@lru_cache(maxsize=65536)
def find_coordinates(text: str) -> list[tuple[float, float, int, int]]:
    """Decimal latitude/longitude pairs written in text that speaks of a position."""
    if "." not in text or (not _CONTEXT.search(text) and "°" not in text):
        return []
    found = []
    for match in _DECIMAL_PAIR.finditer(text):
        lat, lon = float(match["lat"]), float(match["lon"])
        if match["ns"] == "S":
            lat = -abs(lat)
        if match["ew"] == "W":
            lon = -abs(lon)
        if abs(lat) <= 90 and abs(lon) <= 180:
            found.append((lat, lon, match.start(), match.end()))
    return found


def metadata_position(metadata: dict[str, object]) -> tuple[float, float] | None:
    lat, lon = metadata.get("gps_latitude"), metadata.get("gps_longitude")
    if isinstance(lat, int | float) and isinstance(lon, int | float):
        return float(lat), float(lon)
    return None
