import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, status
from fastapi.responses import Response

from holmes_backend.api.content import content_response
from holmes_backend.api.deps import CurrentUser, SessionDep, SettingsDep, StorageDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.files import FileOut
from holmes_backend.services import files as file_service

router = APIRouter(tags=["files"])

# The body is parsed as a stream by the service, so FastAPI is told its shape for the docs only.
_UPLOAD_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["files"],
                    "properties": {
                        "files": {
                            "type": "array",
                            "items": {"type": "string", "format": "binary"},
                            "description": "One or more evidence files",
                        }
                    },
                }
            }
        },
    }
}

_CONTENT_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The whole file",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    },
    206: {
        "description": "The requested byte range",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    },
    307: {"description": "Redirect to a signed storage URL"},
    **error_responses(401, 404, 416, 422),
}


@router.post(
    "/api/cases/{case_id}/files",
    response_model=list[FileOut],
    status_code=status.HTTP_201_CREATED,
    openapi_extra=_UPLOAD_BODY,
    responses=error_responses(400, 401, 404, 413, 415, 422),
)
async def upload_files(
    case_id: uuid.UUID,
    request: Request,
    user: CurrentUser,
    session: SessionDep,
    storage: StorageDep,
    settings: SettingsDep,
) -> list[FileOut]:
    length = request.headers.get("content-length")
    files = await file_service.upload_files(
        session,
        storage=storage,
        settings=settings,
        owner_id=user.id,
        case_id=case_id,
        content_type=request.headers.get("content-type"),
        content_length=int(length) if length and length.isdigit() else None,
        body=request.stream(),
    )
    return [FileOut.model_validate(f) for f in files]


@router.get(
    "/api/cases/{case_id}/files",
    response_model=list[FileOut],
    responses=error_responses(401, 404, 422),
)
async def list_case_files(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> list[FileOut]:
    files = await file_service.list_files(session, owner_id=user.id, case_id=case_id)
    return [FileOut.model_validate(f) for f in files]


@router.get(
    "/api/files/{file_id}", response_model=FileOut, responses=error_responses(401, 404, 422)
)
async def get_file(file_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> FileOut:
    file = await file_service.get_file(session, owner_id=user.id, file_id=file_id)
    return FileOut.model_validate(file)


@router.get(
    "/api/files/{file_id}/content",
    response_class=Response,
    responses=_CONTENT_RESPONSES,
)
async def get_file_content(
    file_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    storage: StorageDep,
    range_header: Annotated[str | None, Header(alias="Range")] = None,
) -> Response:
    file = await file_service.get_file(session, owner_id=user.id, file_id=file_id)
    return await content_response(storage, file, range_header)


# HEAD is GET without the body (RFC 9110): players and download managers ask for the size,
# type and range support first. Left out of the schema, as Starlette leaves its implicit HEADs.
@router.head("/api/files/{file_id}/content", response_class=Response, include_in_schema=False)
async def head_file_content(
    file_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    storage: StorageDep,
    range_header: Annotated[str | None, Header(alias="Range")] = None,
) -> Response:
    file = await file_service.get_file(session, owner_id=user.id, file_id=file_id)
    return await content_response(storage, file, range_header, body=False)


@router.delete(
    "/api/files/{file_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    responses=error_responses(401, 404, 422),
)
async def delete_file(
    file_id: uuid.UUID, user: CurrentUser, session: SessionDep, storage: StorageDep
) -> None:
    await file_service.delete_file(session, storage=storage, owner_id=user.id, file_id=file_id)
