"use client";

import type { ReactNode } from "react";

import { Alert, Button, EmptyState, Spinner } from "@/components/ui";
import { useCaseData } from "@/stores/caseData";
import { useWorkspace } from "@/stores/workspace";

type Props = {
  state: { status: string; error: string | null };
  hasData: boolean;
  emptyTitle: string;
  children?: ReactNode;
};

/** What a results view shows while its data loads, when loading failed, or when there is none. */
export function CaseDataStatus({ state, hasData, emptyTitle, children }: Props) {
  const caseId = useWorkspace((s) => s.caseId);
  if (state.status === "error" && !hasData) {
    return (
      <div className="mx-auto max-w-xl space-y-3 p-8">
        <Alert>Could not load the case&apos;s results: {state.error}</Alert>
        <Button variant="secondary" onClick={() => caseId && void useCaseData.getState().load(caseId, { force: true })}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.status === "loading" || state.status === "idle" || (state.status === "ready" && !hasData)) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading results…
      </div>
    );
  }
  if (state.status === "empty") {
    return (
      <div className="mx-auto max-w-xl p-8">
        <EmptyState title="No results yet">
          <p className="text-sm text-slate-500">Process the case to build its knowledge graph, timeline and insights.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl p-8">
      <EmptyState title={emptyTitle}>{children}</EmptyState>
    </div>
  );
}
