"""The UI: Next.js's static export, served from this origin at "/" (DESIGN.md decision 8).

Pages are plain files (``/login/`` → ``login/index.html``); the case workspace takes its case id
from the query string, so every deep link is a file and a reload always works. Paths under
``/api`` never reach this router: an unknown API path stays a 404 envelope, not a page.
"""

from pathlib import Path

from fastapi import APIRouter
from starlette.convertors import Convertor, register_url_convertor
from starlette.responses import FileResponse, Response

from holmes_shared.errors import NotFoundError


class _UiPath(Convertor[str]):
    regex = r"(?!api(?:/|$)).*"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("uipath", _UiPath())

# Next.js fingerprints everything under _next/static, so it may be cached for good.
_IMMUTABLE = "public, max-age=31536000, immutable"
_REVALIDATE = "no-cache"


def ui_router(directory: Path) -> APIRouter:
    root = directory.resolve()
    router = APIRouter(include_in_schema=False)

    def _resolve(path: str) -> Path | None:
        for candidate in (path, f"{path}/index.html", f"{path}.html"):
            target = (root / candidate.lstrip("/")).resolve()
            if target.is_file() and target.is_relative_to(root):
                return target
        return None

    @router.api_route("/{path:uipath}", methods=["GET", "HEAD"])
    async def serve_ui(path: str) -> Response:
        target = _resolve(path)
        if target is None:
            missing = root / "404.html"
            if missing.is_file():
                return FileResponse(
                    missing, status_code=404, headers={"Cache-Control": _REVALIDATE}
                )
            raise NotFoundError("Page not found.")
        immutable = path.startswith("_next/static/")
        return FileResponse(
            target, headers={"Cache-Control": _IMMUTABLE if immutable else _REVALIDATE}
        )

    return router
