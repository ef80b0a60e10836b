import type { NextConfig } from "next";

// A static export served by the FastAPI backend at "/" (DESIGN.md decision 8): no Node server.
const config: NextConfig = {
  output: "export",
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
  // During `next dev`, the API lives on the backend.
  ...(process.env.NODE_ENV === "development"
    ? {
        async rewrites() {
          return [{ source: "/api/:path*", destination: `${process.env.HOLMES_API ?? "http://127.0.0.1:8000"}/api/:path*` }];
        },
      }
    : {}),
};

export default config;
