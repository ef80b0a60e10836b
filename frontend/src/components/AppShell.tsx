"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";

import { Button, Spinner } from "@/components/ui";
import { useAuth } from "@/stores/auth";

/** Every page but sign-in needs a user; this loads them once and sends strangers to /login. */
export function AppShell({ children, title }: { children: ReactNode; title?: ReactNode }) {
  const router = useRouter();
  const { user, status, load, signOut } = useAuth();

  useEffect(() => {
    if (status === "unknown") void load();
  }, [status, load]);

  useEffect(() => {
    if (status === "signed-out") {
      const next = window.location.pathname + window.location.search;
      router.replace(`/login/?next=${encodeURIComponent(next)}`);
    }
  }, [status, router]);

  if (status !== "signed-in" || !user) {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center gap-4 border-b border-slate-200 bg-white px-4">
        <Link href="/" className="text-[15px] font-semibold tracking-tight text-slate-900">
          Holmes
        </Link>
        <div className="min-w-0 flex-1 truncate text-sm text-slate-600">{title}</div>
        <span className="hidden text-sm text-slate-500 sm:inline" data-testid="current-user">
          {user.name || user.email}
        </span>
        <Button
          variant="ghost"
          onClick={async () => {
            await signOut();
            router.replace("/login/");
          }}
        >
          Sign out
        </Button>
      </header>
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}
