output "service_url" {
  description = "URL of the Cloud Run service."
  value       = google_cloud_run_v2_service.api.uri
}

output "service_account_email" {
  description = "Runtime service account of the API."
  value       = google_service_account.api.email
}

output "sql_connection_name" {
  description = "Cloud SQL instance connection name (project:region:instance)."
  value       = google_sql_database_instance.main.connection_name
}

output "evidence_bucket" {
  description = "Evidence bucket name."
  value       = google_storage_bucket.evidence.name
}

output "worker_service" {
  description = "Cloud Run service of the workers."
  value       = google_cloud_run_v2_service.worker.name
}

output "image_repository" {
  description = "Artifact Registry repository deploy.yml pushes the image to."
  value       = google_artifact_registry_repository.images.name
}
