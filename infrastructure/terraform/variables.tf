variable "project_id" {
  description = "Google Cloud project that hosts Holmes."
  type        = string
}

variable "region" {
  description = "Region for Cloud Run, Cloud SQL and the evidence bucket."
  type        = string
  default     = "europe-west3"
}

variable "service_name" {
  description = "Cloud Run service name (must match .github/workflows/deploy.yml)."
  type        = string
  default     = "holmes-api"
}

variable "evidence_bucket" {
  description = "Bucket that stores evidence files."
  type        = string
  default     = "holmes-prod-evidence"
}

variable "db_tier" {
  description = "Cloud SQL machine tier."
  type        = string
  default     = "db-g1-small"
}

variable "image" {
  description = "Initial container image; later revisions are deployed by GitHub Actions."
  type        = string
  default     = "us-docker.pkg.dev/cloudrun/container/hello"
}

variable "allow_unauthenticated" {
  description = "Let anyone reach the service (the API does its own authentication)."
  type        = bool
  default     = true
}

variable "gemini_api_key" {
  description = "Optional: Gemini API key to store as the first GEMINI_API_KEY secret version."
  type        = string
  default     = null
  sensitive   = true
}

variable "worker_service_name" {
  description = "Cloud Run service of the workers (must match .github/workflows/deploy.yml)."
  type        = string
  default     = "holmes-worker"
}

variable "migrate_job_name" {
  description = "Cloud Run job that applies the migrations (must match deploy.yml)."
  type        = string
  default     = "holmes-migrate"
}

variable "image_repository" {
  description = "Artifact Registry repository of the image (must match deploy.yml)."
  type        = string
  default     = "holmes"
}

variable "worker_min_instances" {
  description = "Worker instances always running (at least 1, or queued jobs wait)."
  type        = number
  default     = 1

  validation {
    condition     = var.worker_min_instances >= 1
    error_message = "At least one worker must run, or processing jobs wait forever."
  }
}

variable "worker_max_instances" {
  description = "Most worker instances; raise it to process more cases at once."
  type        = number
  default     = 4
}

variable "worker_concurrency" {
  description = "Processing jobs each worker instance runs at once."
  type        = number
  default     = 4
}
