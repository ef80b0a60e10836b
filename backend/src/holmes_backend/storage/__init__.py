"""Evidence storage: a small interface with a local-folder and a Google Cloud Storage backend."""

from holmes_backend.config import Settings
from holmes_backend.storage.base import Storage, Upload


def create_storage(settings: Settings) -> Storage:
    if settings.storage == "gcs":
        from holmes_backend.storage.gcs import GcsStorage  # noqa: PLC0415 - optional backend

        return GcsStorage.from_settings(settings)
    from holmes_backend.storage.local import LocalStorage  # noqa: PLC0415

    return LocalStorage(settings.resolved_storage_dir)


__all__ = ["Storage", "Upload", "create_storage"]
