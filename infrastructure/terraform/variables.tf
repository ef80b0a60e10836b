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
