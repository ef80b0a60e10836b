"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";

import { submitCorrection } from "@/client/sdk.gen";
import type { CorrectionCreate, CorrectionOut } from "@/client/types.gen";
import { Citation } from "@/components/Citation";
import { Alert, Button, Field, Input, StatusBadge, Textarea } from "@/components/ui";
import { errorMessage, unwrap } from "@/lib/api";
import { loadDraft, saveDraft } from "@/lib/session";
import { useCaseData } from "@/stores/caseData";
import { useWorkspace } from "@/stores/workspace";

export type CorrectionTarget = {
  targetType: CorrectionCreate["target_type"];
  targetId: string;
  /** What Holmes currently says (prefilled, editable: the user may quote only the wrong part). */
  originalValue: string;
  /** A short label of what is being corrected, for the dialog's title. */
  label: string;
};

const VERDICT_TEXT: Record<CorrectionOut["verdict"], string> = {
  CONFIRMED: "The sources support the correction. The graph has been updated and what rested on the old value is marked stale.",
  REJECTED: "The sources contradict the correction. Nothing was changed.",
  AMBIGUOUS: "The sources neither confirm nor contradict it. Nothing was changed; you can apply it anyway from Review.",
};

/** "Flag a correction" (PRD §3.4): the verification agent checks it against the sources. */
export function CorrectionDialog({ target, onClose }: { target: CorrectionTarget; onClose: () => void }) {
  const caseId = useWorkspace((state) => state.caseId);
  const draftKey = `correction:${target.targetType}:${target.targetId}`;
  const [original, setOriginal] = useState(target.originalValue);
  const [proposed, setProposed] = useState(() => loadDraft(draftKey));
  const [justification, setJustification] = useState("");
  const [result, setResult] = useState<CorrectionOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    saveDraft(draftKey, proposed);
  }, [draftKey, proposed]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!caseId) return;
    setBusy(true);
    setError(null);
    try {
      const correction = await unwrap(
        submitCorrection({
          path: { case_id: caseId },
          body: {
            target_type: target.targetType,
            target_id: target.targetId,
            original_value: original.trim(),
            proposed_value: proposed.trim(),
            justification: justification.trim(),
          },
        }),
      );
      setResult(correction);
      saveDraft(draftKey, "");
      if (correction.verdict === "CONFIRMED") void useCaseData.getState().load(caseId, { force: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      data-testid="correction-dialog"
      className="m-auto w-[min(560px,92vw)] rounded-lg p-0 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/30"
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 className="font-semibold text-slate-900">Flag a correction</h2>
            <p className="mt-0.5 line-clamp-2 text-sm text-slate-500">{target.label}</p>
          </div>
          <Button variant="ghost" onClick={() => dialog.current?.close()} aria-label="Close">
            ✕
          </Button>
        </div>
        {result ? (
          <div className="space-y-3" data-testid="correction-result" data-verdict={result.verdict}>
            <div className="flex items-center gap-2">
              <StatusBadge status={result.verdict} />
              <span className="text-sm text-slate-500">confidence {Math.round(result.confidence * 100)}%</span>
            </div>
            <p className="text-sm text-slate-700">{VERDICT_TEXT[result.verdict]}</p>
            {result.reasoning ? <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{result.reasoning}</p> : null}
            {result.evidence.length ? (
              <div className="space-y-2">
                <div className="text-xs font-semibold tracking-wide text-slate-500 uppercase">What the sources say</div>
                {result.evidence.map((item, index) => (
                  <blockquote key={index} className="space-y-1 border-l-2 border-slate-300 pl-3 text-sm text-slate-700">
                    <p>“{item.excerpt}”</p>
                    <Citation source={{ file_id: item.file_id, ...(item.location as object), excerpt: item.excerpt }} />
                  </blockquote>
                ))}
              </div>
            ) : null}
            <div className="flex justify-end">
              <Button onClick={() => dialog.current?.close()}>Done</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-3">
            <Field label="What Holmes says">
              <Input value={original} onChange={(event) => setOriginal(event.target.value)} required />
            </Field>
            <Field label="What it should say">
              <Input value={proposed} onChange={(event) => setProposed(event.target.value)} required autoFocus name="proposed" />
            </Field>
            <Field label="Why (optional)">
              <Textarea value={justification} onChange={(event) => setJustification(event.target.value)} rows={2} />
            </Field>
            {error ? <Alert>{error}</Alert> : null}
            <div className="flex items-center justify-end gap-2">
              {busy ? <span className="text-sm text-slate-500">Checking the sources…</span> : null}
              <Button variant="secondary" onClick={() => dialog.current?.close()}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || !proposed.trim() || !original.trim()}>
                Verify correction
              </Button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
