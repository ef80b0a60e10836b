# Runtime identity of the API.
resource "google_service_account" "api" {
  account_id   = "holmes-api"
  display_name = "Holmes API (Cloud Run)"
}

resource "google_storage_bucket_iam_member" "api_objects" {
  bucket = google_storage_bucket.evidence.name
  role   = "roles/storage.objectAdmin"
  member = "serviceAccount:${google_service_account.api.email}"
}

resource "google_project_iam_member" "api_cloudsql" {
  project = var.project_id
  role    = "roles/cloudsql.client"
  member  = "serviceAccount:${google_service_account.api.email}"
}

# Secrets. DATABASE_URL and HOLMES_SECRET_KEY get a version here. GEMINI_API_KEY gets one
# from var.gemini_api_key when set; otherwise add it by hand before the service is created:
#   printf %s "$KEY" | gcloud secrets versions add GEMINI_API_KEY --data-file=-
locals {
  secrets = ["DATABASE_URL", "GEMINI_API_KEY", "HOLMES_SECRET_KEY"]
}

resource "google_secret_manager_secret" "app" {
  for_each  = toset(local.secrets)
  secret_id = each.value

  replication {
    auto {}
  }

  depends_on = [google_project_service.apis]
}

resource "google_secret_manager_secret_iam_member" "api_access" {
  for_each  = google_secret_manager_secret.app
  secret_id = each.value.id
  role      = "roles/secretmanager.secretAccessor"
  member    = "serviceAccount:${google_service_account.api.email}"
}

resource "google_secret_manager_secret_version" "database_url" {
  secret      = google_secret_manager_secret.app["DATABASE_URL"].id
  secret_data = "postgresql+asyncpg://${google_sql_user.holmes.name}:${random_password.db.result}@/${google_sql_database.holmes.name}?host=/cloudsql/${google_sql_database_instance.main.connection_name}"
}

resource "google_secret_manager_secret_version" "gemini_api_key" {
  count       = var.gemini_api_key == null ? 0 : 1
  secret      = google_secret_manager_secret.app["GEMINI_API_KEY"].id
  secret_data = var.gemini_api_key
}

resource "random_password" "secret_key" {
  length  = 64
  special = false
}

resource "google_secret_manager_secret_version" "secret_key" {
  secret      = google_secret_manager_secret.app["HOLMES_SECRET_KEY"].id
  secret_data = random_password.secret_key.result
}

resource "google_cloud_run_v2_service" "api" {
  name     = var.service_name
  location = var.region
  ingress  = "INGRESS_TRAFFIC_ALL"

  template {
    service_account = google_service_account.api.email
    timeout         = "300s"

    scaling {
      min_instance_count = 0
      max_instance_count = 10
    }

    volumes {
      name = "cloudsql"
      cloud_sql_instance {
        instances = [google_sql_database_instance.main.connection_name]
      }
    }

    containers {
      image = var.image

      ports {
        container_port = 8080
      }

      # The server (~200 MB) runs files' extraction and the offline analyst in worker processes
      # (two of each, ~70-100 MB idle, up to ~350 MB while reading a large file): Cloud Run's
      # default 512 MiB would end the instance on the first large case.
      resources {
        limits = {
          cpu    = "2"
          memory = "4Gi"
        }
      }

      env {
        name  = "HOLMES_STORAGE"
        value = "gcs"
      }
      env {
        name  = "GCS_BUCKET"
        value = google_storage_bucket.evidence.name
      }
      env {
        name  = "HOLMES_ENVIRONMENT"
        value = "production"
      }
      env {
        name  = "LOG_LEVEL"
        value = "INFO"
      }

      dynamic "env" {
        for_each = toset(local.secrets)
        content {
          name = env.value
          value_source {
            secret_key_ref {
              secret  = google_secret_manager_secret.app[env.value].secret_id
              version = "latest"
            }
          }
        }
      }

      volume_mounts {
        name       = "cloudsql"
        mount_path = "/cloudsql"
      }
    }
  }

  # GitHub Actions deploys new images from source; do not roll them back.
  lifecycle {
    ignore_changes = [
      labels,
      client,
      client_version,
      template[0].containers[0].image,
      template[0].labels,
    ]
  }

  depends_on = [
    google_project_service.apis,
    google_secret_manager_secret_iam_member.api_access,
    google_secret_manager_secret_version.database_url,
    google_secret_manager_secret_version.secret_key,
    google_secret_manager_secret_version.gemini_api_key,
    google_project_iam_member.api_cloudsql,
  ]
}

resource "google_cloud_run_v2_service_iam_member" "public" {
  count    = var.allow_unauthenticated ? 1 : 0
  name     = google_cloud_run_v2_service.api.name
  location = google_cloud_run_v2_service.api.location
  role     = "roles/run.invoker"
  member   = "allUsers"
}
