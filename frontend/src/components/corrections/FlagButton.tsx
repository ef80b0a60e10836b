"use client";

import { useState } from "react";

import { CorrectionDialog, type CorrectionTarget } from "@/components/corrections/CorrectionDialog";

/** "Flag a correction" on anything Holmes states: a finding, an entity, an insight, a message. */
export function FlagButton({ target, className = "" }: { target: CorrectionTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="flag-correction"
        className={`text-xs text-slate-500 hover:text-indigo-700 ${className}`}
      >
        Flag a correction
      </button>
      {open ? <CorrectionDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
