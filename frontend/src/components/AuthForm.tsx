"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";

import { Alert, Button, Field, Input } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { safeNext } from "@/lib/session";
import { useAuth } from "@/stores/auth";

export function AuthForm({ mode }: { mode: "login" | "signup" }) {
  const router = useRouter();
  const params = useSearchParams();
  const next = safeNext(params.get("next"));
  const { signIn, signUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    setError(null);
    try {
      if (mode === "login") await signIn(value("email"), String(form.get("password") ?? ""));
      else
        await signUp({
          email: value("email"),
          password: String(form.get("password") ?? ""),
          name: value("name"),
          username: value("username"),
        });
      router.replace(next);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const other = mode === "login" ? "/signup/" : "/login/";
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-16">
      <div className="w-full max-w-sm space-y-6">
        <div className="space-y-1 text-center">
          <div className="text-2xl font-semibold tracking-tight text-slate-900">Holmes</div>
          <p className="text-sm text-slate-500">
            {mode === "login" ? "Sign in to your case workspace" : "Create your account"}
          </p>
        </div>
        {params.get("expired") ? (
          <Alert tone="warning">Your session has ended. Sign in again to continue where you were.</Alert>
        ) : null}
        <form onSubmit={submit} className="space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          {mode === "signup" ? (
            <>
              <Field label="Name">
                <Input name="name" autoComplete="name" required />
              </Field>
              <Field label="Username">
                <Input name="username" autoComplete="username" required pattern="[A-Za-z0-9_.\-]+" />
              </Field>
            </>
          ) : null}
          <Field label="Email">
            <Input name="email" type="email" autoComplete="email" required />
          </Field>
          <Field label="Password">
            <Input
              name="password"
              type="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              minLength={mode === "signup" ? 12 : undefined}
              required
            />
          </Field>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" className="w-full" disabled={busy}>
            {mode === "login" ? "Sign in" : "Create account"}
          </Button>
        </form>
        <p className="text-center text-sm text-slate-500">
          {mode === "login" ? "New to Holmes? " : "Already have an account? "}
          <Link className="font-medium text-indigo-600 hover:underline" href={`${other}?next=${encodeURIComponent(next)}`}>
            {mode === "login" ? "Create an account" : "Sign in"}
          </Link>
        </p>
      </div>
    </main>
  );
}
