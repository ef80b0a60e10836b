import { create } from "zustand";

import { getCase, getProcessStatus, listCaseFiles, processCase } from "@/client/sdk.gen";
import type { CaseOut, CaseStatus, FileOut, JobStatusOut } from "@/client/types.gen";
import { ApiError, unwrap } from "@/lib/api";

export type View = "flow" | "graph" | "timeline" | "insights" | "findings" | "checks" | "files" | "chat" | "review";

export const VIEWS: { id: View; label: string }[] = [
  { id: "flow", label: "Agent Flow" },
  { id: "graph", label: "Knowledge Graph" },
  { id: "timeline", label: "Timeline" },
  { id: "insights", label: "Insights" },
  { id: "findings", label: "Findings" },
  { id: "checks", label: "Checks" },
  { id: "files", label: "Files" },
  { id: "chat", label: "Chat" },
  { id: "review", label: "Review" },
];

/**
 * PRD §9.1 view-state matrix: which views a case's processing state enables. Files are always
 * reachable (that is where evidence is added), and so are numeric checks (a document can be
 * checked on demand before any processing); results need a graph (READY or PARTIAL).
 */
export function enabledViews(status: CaseStatus): Set<View> {
  switch (status) {
    case "PENDING":
      return new Set(["files", "checks"]);
    case "PROCESSING":
      return new Set(["flow", "files", "checks"]);
    case "ERROR":
      return new Set(["flow", "files", "checks"]);
    case "READY":
    case "PARTIAL":
      return new Set(["flow", "graph", "timeline", "insights", "findings", "checks", "files", "chat", "review"]);
  }
}

/** The view a case opens on when the URL names none: the Knowledge Graph once there is one. */
export function defaultView(status: CaseStatus): View {
  if (status === "READY" || status === "PARTIAL") return "graph";
  if (status === "PENDING") return "files";
  return "flow";
}

type WorkspaceState = {
  caseId: string | null;
  caseInfo: CaseOut | null;
  job: JobStatusOut | null;
  files: FileOut[];
  notFound: boolean;
  open: (caseId: string) => Promise<void>;
  refreshCase: () => Promise<void>;
  refreshFiles: () => Promise<void>;
  refreshJob: () => Promise<void>;
  process: (incremental: boolean) => Promise<void>;
};

export const useWorkspace = create<WorkspaceState>((set, get) => ({
  caseId: null,
  caseInfo: null,
  job: null,
  files: [],
  notFound: false,
  async open(caseId) {
    set({ caseId, caseInfo: null, job: null, files: [], notFound: false });
    try {
      const [caseInfo, files] = await Promise.all([
        unwrap(getCase({ path: { case_id: caseId } })),
        unwrap(listCaseFiles({ path: { case_id: caseId } })),
      ]);
      if (get().caseId !== caseId) return;
      set({ caseInfo, files });
      await get().refreshJob();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 422)) set({ notFound: true });
      else throw error;
    }
  },
  async refreshCase() {
    const caseId = get().caseId;
    if (!caseId) return;
    const caseInfo = await unwrap(getCase({ path: { case_id: caseId } }));
    if (get().caseId === caseId) set({ caseInfo });
  },
  async refreshFiles() {
    const caseId = get().caseId;
    if (!caseId) return;
    const files = await unwrap(listCaseFiles({ path: { case_id: caseId } }));
    if (get().caseId === caseId) set({ files });
  },
  async refreshJob() {
    const caseId = get().caseId;
    if (!caseId) return;
    // A case that never ran has no job to ask about (and the 404 would only be noise).
    if (get().caseInfo?.status === "PENDING" && get().job === null) return;
    try {
      const job = await unwrap(getProcessStatus({ path: { case_id: caseId } }));
      if (get().caseId === caseId) set({ job });
    } catch (error) {
      // No job yet: the case has never been processed.
      if (error instanceof ApiError && error.status === 404) set({ job: null });
      else throw error;
    }
  },
  async process(incremental) {
    const caseId = get().caseId;
    if (!caseId) return;
    await unwrap(processCase({ path: { case_id: caseId }, body: { incremental } }));
    await get().refreshCase();
    await get().refreshJob();
  },
}));
