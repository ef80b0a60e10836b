"use client";

import { EmptyState } from "@/components/ui";

/** The chat, corrections and conflicts UI comes with its own issue (7); this is its place. */
export function ChatPanel() {
  return (
    <div className="p-6">
      <EmptyState title="Chat with the case">
        <p className="max-w-md text-sm text-slate-500">Ask questions about the evidence; answers cite the exact page or timestamp.</p>
      </EmptyState>
    </div>
  );
}
