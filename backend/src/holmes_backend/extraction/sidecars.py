"""Which transcript belongs to a recording: the one named like it (clip.mp4 and clip.vtt)."""

from pathlib import PurePath

_TRANSCRIPT_SUFFIXES = (".vtt", ".srt")  # in order of preference: WebVTT carries speakers


def sidecar_for(media_filename: str, filenames: list[str]) -> str | None:
    """The transcript for `media_filename` among `filenames`, or None.

    Accepted, ignoring case: clip.vtt, clip.mp4.vtt, and a language tag as in clip.en.vtt.
    An exact name wins over a tagged one, WebVTT over SRT, then the alphabetically first.
    """
    media = PurePath(media_filename)
    if media.suffix.lower() in _TRANSCRIPT_SUFFIXES:
        return None
    stem, full = media.stem.lower(), media.name.lower()
    ranked = []
    for name in filenames:
        candidate = PurePath(name)
        suffix = candidate.suffix.lower()
        if suffix not in _TRANSCRIPT_SUFFIXES:
            continue
        base = candidate.stem.lower()
        if base in (stem, full):
            exactness = 0
        elif base.rpartition(".")[0] in (stem, full):
            exactness = 1
        else:
            continue
        ranked.append((exactness, _TRANSCRIPT_SUFFIXES.index(suffix), name))
    return min(ranked)[2] if ranked else None
