"""Evidence files held in a model provider's file store (models.MediaUpload)."""

import uuid
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import MediaUpload


async def for_files(
    session: AsyncSession, file_ids: Iterable[uuid.UUID], provider: str
) -> dict[uuid.UUID, MediaUpload]:
    rows = await session.scalars(
        select(MediaUpload).where(
            MediaUpload.file_id.in_(list(file_ids)), MediaUpload.provider == provider
        )
    )
    return {row.file_id: row for row in rows}


async def replace(
    session: AsyncSession,
    *,
    file_id: uuid.UUID,
    provider: str,
    name: str,
    uri: str,
    mime_type: str,
    expires_at: datetime,
) -> MediaUpload:
    """The file's upload to `provider`, in place of any earlier one (expired or gone)."""
    await session.execute(
        delete(MediaUpload).where(MediaUpload.file_id == file_id, MediaUpload.provider == provider)
    )
    row = MediaUpload(
        file_id=file_id,
        provider=provider,
        name=name,
        uri=uri,
        mime_type=mime_type,
        expires_at=expires_at,
    )
    session.add(row)
    await session.flush()
    return row
