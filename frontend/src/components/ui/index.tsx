import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<Variant, string> = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500 disabled:bg-indigo-300",
  secondary: "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-slate-600 hover:bg-slate-100 disabled:text-slate-300",
  danger: "bg-white text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50",
};

export function Button({
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="block space-y-1">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      {children}
      {error ? <span className="block text-xs text-rose-600">{error}</span> : null}
    </label>
  );
}

const inputClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-500 focus:outline-none";

export function Input(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={inputClass} {...props} />;
}

export function Textarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={inputClass} {...props} />;
}

export function Alert({ tone = "error", children }: { tone?: "error" | "info" | "warning"; children: ReactNode }) {
  const tones = {
    error: "bg-rose-50 text-rose-800 ring-rose-200",
    info: "bg-sky-50 text-sky-800 ring-sky-200",
    warning: "bg-amber-50 text-amber-900 ring-amber-200",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ring-1 ${tones[tone]}`}>
      {children}
    </div>
  );
}

const statusTones: Record<string, string> = {
  PENDING: "bg-slate-100 text-slate-700 ring-slate-300",
  PROCESSING: "bg-sky-50 text-sky-800 ring-sky-300",
  RUNNING: "bg-sky-50 text-sky-800 ring-sky-300",
  READY: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  COMPLETED: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  PROCESSED: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  PARTIAL: "bg-amber-50 text-amber-900 ring-amber-300",
  STALE: "bg-amber-50 text-amber-900 ring-amber-300",
  ERROR: "bg-rose-50 text-rose-800 ring-rose-300",
  FAILED: "bg-rose-50 text-rose-800 ring-rose-300",
  HIGH: "bg-rose-50 text-rose-800 ring-rose-300",
  CRITICAL: "bg-rose-100 text-rose-900 ring-rose-400",
  MEDIUM: "bg-amber-50 text-amber-900 ring-amber-300",
  LOW: "bg-slate-100 text-slate-700 ring-slate-300",
  CONFIRMED: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  REJECTED: "bg-rose-50 text-rose-800 ring-rose-300",
  AMBIGUOUS: "bg-amber-50 text-amber-900 ring-amber-300",
  OPEN: "bg-amber-50 text-amber-900 ring-amber-300",
  APPLIED: "bg-indigo-50 text-indigo-800 ring-indigo-300",
  RESOLVED: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  VERIFIED: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  MISMATCH: "bg-rose-50 text-rose-800 ring-rose-300",
  UNVERIFIABLE: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function StatusBadge({ status, className = "" }: { status: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide ring-1 ring-inset ${statusTones[status] ?? statusTones.PENDING} ${className}`}
    >
      {status}
    </span>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <h2 className="text-base font-semibold text-slate-800">{title}</h2>
      {children}
    </div>
  );
}
