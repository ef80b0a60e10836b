"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useState } from "react";

import { AppShell } from "@/components/AppShell";
import { Alert, Button, EmptyState, Field, Input, Spinner, StatusBadge, Textarea } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { formatRelative } from "@/lib/format";
import { loadDraft, saveDraft } from "@/lib/session";
import { useCases } from "@/stores/cases";

export default function CaseListPage() {
  return (
    <AppShell title="Cases">
      <CaseList />
    </AppShell>
  );
}

function CaseList() {
  const { cases, refresh } = useCases();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    refresh().catch((caught: unknown) => setError(errorMessage(caught)));
  }, [refresh]);

  // A draft left behind by an expired session reopens the form it was typed into.
  useEffect(() => {
    if (loadDraft("new-case:name") || loadDraft("new-case:context")) setCreating(true);
  }, []);

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-6 py-8">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold tracking-tight">Cases</h1>
        {cases && cases.length > 0 ? <Button onClick={() => setCreating(true)}>New case</Button> : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {creating ? <NewCaseForm onCancel={() => setCreating(false)} /> : null}
      {cases === null && !error ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : null}
      {cases && cases.length === 0 && !creating ? (
        <EmptyState title="No cases yet">
          <p className="max-w-md text-sm text-slate-500">
            A case holds the evidence of one matter: documents, e-mails, spreadsheets, transcripts, photos, audio and
            video. Holmes analyses it and shows you the people, money, timeline and contradictions.
          </p>
          <Button onClick={() => setCreating(true)}>New case</Button>
        </EmptyState>
      ) : null}
      {cases && cases.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="case-list">
          {cases.map((item) => (
            <li key={item.id}>
              <Link
                href={`/case/?id=${item.id}`}
                className="block h-full rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-300"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="line-clamp-2 font-medium text-slate-900">{item.name}</h2>
                  <StatusBadge status={item.status} />
                </div>
                <p className="mt-1 line-clamp-2 min-h-10 text-sm text-slate-500">{item.description || "No context given"}</p>
                <div className="mt-3 flex items-center justify-between text-xs text-slate-500">
                  <span>
                    {item.file_count} {item.file_count === 1 ? "file" : "files"}
                  </span>
                  <span title={item.updated_at}>Updated {formatRelative(item.updated_at)}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}

function NewCaseForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const create = useCases((state) => state.create);
  const [name, setName] = useState(() => loadDraft("new-case:name"));
  const [context, setContext] = useState(() => loadDraft("new-case:context"));
  const [hypotheses, setHypotheses] = useState(() => loadDraft("new-case:hypotheses"));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    saveDraft("new-case:name", name);
  }, [name]);
  useEffect(() => {
    saveDraft("new-case:context", context);
  }, [context]);
  useEffect(() => {
    saveDraft("new-case:hypotheses", hypotheses);
  }, [hypotheses]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await create({
        name: name.trim(),
        description: context.trim(),
        hypotheses: hypotheses
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      });
      ["name", "context", "hypotheses"].forEach((key) => saveDraft(`new-case:${key}`, ""));
      router.push(`/case/?id=${created.id}&view=files`);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label="New case">
      <h2 className="font-medium">New case</h2>
      <Field label="Case name">
        <Input value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} autoFocus />
      </Field>
      <Field label="Context">
        <Textarea
          value={context}
          onChange={(event) => setContext(event.target.value)}
          rows={3}
          placeholder="What is the matter about? Who is involved? What are you trying to establish?"
        />
      </Field>
      <Field label="Hypotheses (one per line, optional)">
        <Textarea value={hypotheses} onChange={(event) => setHypotheses(event.target.value)} rows={2} />
      </Field>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !name.trim()}>
          Create case
        </Button>
      </div>
    </form>
  );
}
