resource "google_sql_database_instance" "main" {
  name                = "holmes-db"
  database_version    = "POSTGRES_15"
  region              = var.region
  deletion_protection = true

  settings {
    tier              = var.db_tier
    edition           = "ENTERPRISE"
    availability_type = "ZONAL"
    disk_autoresize   = true

    backup_configuration {
      enabled                        = true
      point_in_time_recovery_enabled = true
    }

    # Public IP without authorised networks: only the Cloud SQL connector
    # (used by Cloud Run through /cloudsql) can reach it.
    ip_configuration {
      ipv4_enabled = true
    }
  }

  depends_on = [google_project_service.apis]
}

resource "google_sql_database" "holmes" {
  name     = "holmes"
  instance = google_sql_database_instance.main.name
}

resource "random_password" "db" {
  length  = 32
  special = false
}

resource "google_sql_user" "holmes" {
  name     = "holmes"
  instance = google_sql_database_instance.main.name
  password = random_password.db.result
}
