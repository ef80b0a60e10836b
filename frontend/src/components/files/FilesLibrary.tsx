"use client";

export function FilesLibrary() {
  return <div className="p-6 text-sm text-slate-500">Files</div>;
}
