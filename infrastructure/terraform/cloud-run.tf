# Runtime identity of the API, the workers and the migration job.
resource "google_service_account" "api" {
  account_id   = "holmes-api"
  display_name = "Holmes API and workers (Cloud Run)"
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

# What the API, the workers and the migration job share: Cloud SQL, GCS, production mode.
locals {
  plain_env = {
    HOLMES_STORAGE     = "gcs"
    GCS_BUCKET         = google_storage_bucket.evidence.name
    HOLMES_ENVIRONMENT = "production"
    LOG_LEVEL          = "INFO"
  }
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

      dynamic "env" {
        for_each = local.plain_env
        content {
          name  = env.key
          value = env.value
        }
      }
      # The API runs no job: an instance that has answered its requests gets its CPU throttled
      # and may be stopped. Jobs wait in the queue for the worker service below.
      env {
        name  = "HOLMES_SERVE_WORKER_CONCURRENCY"
        value = "0"
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

# Workers: take processing jobs from the queue in Cloud SQL (procrastinate) and run them. CPU is
# always allocated and at least one instance runs, so a job never waits for a request to wake
# an instance, nor is throttled between requests. Scale out with var.worker_max_instances (and
# each instance's var.worker_concurrency); a worker stopped mid-job (scale-in, redeploy) lets
# it run for 8 s, then leaves it at its last completed phase for another worker to resume.
resource "google_cloud_run_v2_service" "worker" {
  name     = var.worker_service_name
  location = var.region
  # Nothing calls it: the port only answers Cloud Run's health probes.
  ingress = "INGRESS_TRAFFIC_INTERNAL_ONLY"

  template {
    service_account = google_service_account.api.email
    # Cloud Run sends SIGTERM, then SIGKILL 10 s later: the worker's grace period (8 s) fits.
    max_instance_request_concurrency = 1

    scaling {
      min_instance_count = var.worker_min_instances
      max_instance_count = var.worker_max_instances
    }

    volumes {
      name = "cloudsql"
      cloud_sql_instance {
        instances = [google_sql_database_instance.main.connection_name]
      }
    }

    containers {
      image = var.image
      args  = ["worker", "--health-port", "8080"]

      ports {
        container_port = 8080
      }

      resources {
        cpu_idle          = false # CPU always allocated: jobs run between requests
        startup_cpu_boost = true
        limits = {
          cpu    = "2"
          memory = "4Gi"
        }
      }

      startup_probe {
        http_get {
          path = "/"
          port = 8080
        }
        initial_delay_seconds = 5
        period_seconds        = 5
        failure_threshold     = 24
      }

      liveness_probe {
        http_get {
          path = "/"
          port = 8080
        }
        period_seconds    = 30
        failure_threshold = 3
      }

      dynamic "env" {
        for_each = local.plain_env
        content {
          name  = env.key
          value = env.value
        }
      }
      env {
        name  = "HOLMES_WORKER_CONCURRENCY"
        value = tostring(var.worker_concurrency)
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
    google_project_iam_member.api_cloudsql,
  ]
}

# Migrations, once per deployment: deploy.yml points the job at the new image and runs it to
# completion before the API and the workers get that image.
resource "google_cloud_run_v2_job" "migrate" {
  name     = var.migrate_job_name
  location = var.region

  template {
    task_count = 1
    template {
      service_account = google_service_account.api.email
      max_retries     = 1
      timeout         = "900s"

      volumes {
        name = "cloudsql"
        cloud_sql_instance {
          instances = [google_sql_database_instance.main.connection_name]
        }
      }

      containers {
        image = var.image
        args  = ["migrate"]

        dynamic "env" {
          for_each = toset(["DATABASE_URL"])
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
  }

  lifecycle {
    ignore_changes = [
      labels,
      client,
      client_version,
      template[0].template[0].containers[0].image,
    ]
  }

  depends_on = [
    google_project_service.apis,
    google_secret_manager_secret_iam_member.api_access,
    google_secret_manager_secret_version.database_url,
    google_project_iam_member.api_cloudsql,
  ]
}

# The images deploy.yml builds: one for the API, the workers and the migration job.
resource "google_artifact_registry_repository" "images" {
  location      = var.region
  repository_id = var.image_repository
  format        = "DOCKER"

  depends_on = [google_project_service.apis]
}
