"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

import type { CaseStatus } from "@/client/types.gen";
import { AppShell } from "@/components/AppShell";
import { ChatPanel } from "@/components/chat/ChatPanel";
import { FilesLibrary } from "@/components/files/FilesLibrary";
import { FindingsPanel } from "@/components/findings/FindingsPanel";
import { AgentFlow } from "@/components/flow/AgentFlow";
import { KnowledgeGraph } from "@/components/graph/KnowledgeGraph";
import { NumericChecksPanel } from "@/components/numeric/NumericChecksPanel";
import { ReviewPanel } from "@/components/review/ReviewPanel";
import { InsightsPanel } from "@/components/insights/InsightsPanel";
import { SourcePanel } from "@/components/source/SourcePanel";
import { StaleBanner } from "@/components/workspace/StaleBanner";
import { Timeline } from "@/components/timeline/Timeline";
import { Alert, Button, EmptyState, Spinner, StatusBadge } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { useCaseEvents } from "@/stores/events";
import { useSource } from "@/stores/source";
import { VIEWS, type View, defaultView, enabledViews, useWorkspace } from "@/stores/workspace";

const REFRESH_ON = new Set(["PROCESSING_STARTED", "PROCESSING_COMPLETED", "PROCESSING_FAILED", "GRAPH_UPDATED", "FILES_UPLOADED", "FILE_DELETED"]);

export function Workspace() {
  const params = useSearchParams();
  const caseId = params.get("id");
  const { caseInfo, notFound, open } = useWorkspace();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!caseId) return;
    open(caseId).catch((caught: unknown) => setError(errorMessage(caught)));
  }, [caseId, open]);

  // One live stream per open case: the Agent Flow draws from it and every view refreshes on it.
  useEffect(() => {
    if (!caseId || !caseInfo) return;
    const events = useCaseEvents.getState();
    events.connect(caseId);
    const unsubscribe = events.subscribe((event) => {
      if (!REFRESH_ON.has(event.type)) return;
      const workspace = useWorkspace.getState();
      // The case first: whether a job exists to ask about depends on its status.
      const refresh = async () => {
        await Promise.all([workspace.refreshCase(), workspace.refreshFiles()]);
        await workspace.refreshJob();
      };
      refresh().catch(() => undefined);
    });
    return () => {
      unsubscribe();
      useCaseEvents.getState().disconnect();
    };
  }, [caseId, caseInfo !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <AppShell title={caseInfo ? <CaseTitle name={caseInfo.name} /> : null}>
      {!caseId || notFound ? (
        <div className="mx-auto max-w-xl p-10">
          <EmptyState title="Case not found">
            <p className="text-sm text-slate-500">It may have been deleted, or it belongs to someone else.</p>
            <Link href="/" className="text-sm font-medium text-indigo-600 hover:underline">
              Back to cases
            </Link>
          </EmptyState>
        </div>
      ) : error ? (
        <div className="p-6">
          <Alert>{error}</Alert>
        </div>
      ) : !caseInfo ? (
        <div className="flex h-full items-center justify-center">
          <Spinner />
        </div>
      ) : (
        <CommandCenter status={caseInfo.status} />
      )}
    </AppShell>
  );
}

function CaseTitle({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2">
      <Link href="/" className="text-slate-500 hover:text-slate-800">
        Cases
      </Link>
      <span className="text-slate-300">/</span>
      <span className="truncate font-medium text-slate-900" data-testid="case-name">
        {name}
      </span>
    </span>
  );
}

function CommandCenter({ status }: { status: CaseStatus }) {
  const router = useRouter();
  const params = useSearchParams();
  const caseId = params.get("id") ?? "";
  const enabled = enabledViews(status);
  const requested = params.get("view") as View | null;
  const view: View = requested && enabled.has(requested) ? requested : defaultView(status);
  const sourceOpen = useSource((state) => state.current !== null);

  const go = (next: View) => router.replace(`/case/?id=${caseId}&view=${next}`);

  return (
    <div className="flex h-full flex-col">
      <div className="flex shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <nav className="flex min-w-0 flex-1 gap-1 overflow-x-auto" aria-label="Case views">
          {VIEWS.map((item) => {
            const on = enabled.has(item.id);
            return (
              <button
                key={item.id}
                type="button"
                disabled={!on}
                aria-current={view === item.id ? "page" : undefined}
                onClick={() => go(item.id)}
                title={on ? undefined : "Available once the case has been processed"}
                className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors ${
                  view === item.id
                    ? "bg-indigo-50 text-indigo-700"
                    : on
                      ? "text-slate-600 hover:bg-slate-100"
                      : "cursor-not-allowed text-slate-300"
                }`}
              >
                {item.label}
              </button>
            );
          })}
        </nav>
        <ProcessControls status={status} onStarted={() => go("flow")} />
      </div>
      {status === "PARTIAL" ? (
        <div className="shrink-0 px-4 pt-3">
          <Alert tone="warning">Some agents failed: results are partial. The Files view shows which files are affected.</Alert>
        </div>
      ) : null}
      {status === "READY" || status === "PARTIAL" ? (
        <div className="shrink-0 px-4 pt-3 empty:hidden">
          <StaleBanner onStarted={() => go("flow")} />
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <section className="min-w-0 flex-1 overflow-hidden" aria-label="Current view">
          {view === "flow" ? <AgentFlow /> : null}
          {view === "graph" ? <KnowledgeGraph /> : null}
          {view === "timeline" ? <Timeline /> : null}
          {view === "insights" ? <InsightsPanel /> : null}
          {view === "findings" ? <FindingsPanel /> : null}
          {view === "checks" ? <NumericChecksPanel /> : null}
          {view === "files" ? <FilesLibrary /> : null}
          {view === "chat" ? <ChatPanel /> : null}
          {view === "review" ? <ReviewPanel /> : null}
        </section>
        {sourceOpen ? (
          <aside className="w-[44%] max-w-[720px] min-w-[380px] shrink-0 border-l border-slate-200 bg-white" aria-label="Source">
            <SourcePanel />
          </aside>
        ) : null}
      </div>
    </div>
  );
}

function ProcessControls({ status, onStarted }: { status: CaseStatus; onStarted: () => void }) {
  const { files, process } = useWorkspace();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = files.filter((file) => file.status === "PENDING").length;
  const processed = status === "READY" || status === "PARTIAL";
  const incremental = processed && pending > 0;

  async function run() {
    setBusy(true);
    setError(null);
    try {
      await process(incremental);
      onStarted();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const label = status === "ERROR" ? "Retry processing" : incremental ? `Process ${pending} new` : processed ? "Reprocess" : "Process";
  return (
    <div className="flex shrink-0 items-center gap-3">
      {error ? <span className="max-w-72 truncate text-xs text-rose-600" role="alert" title={error}>{error}</span> : null}
      <StatusBadge status={status} />
      <Button
        onClick={run}
        disabled={busy || status === "PROCESSING" || files.length === 0 || (processed && !incremental && busy)}
        data-testid="process-button"
      >
        {status === "PROCESSING" ? <Spinner label="Processing" /> : null}
        {status === "PROCESSING" ? "Processing…" : label}
      </Button>
    </div>
  );
}
