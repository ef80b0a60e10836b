"""Model providers: Gemini through google-genai, and the offline local analyst."""
