import { create } from "zustand";

import { createCase, listCases } from "@/client/sdk.gen";
import type { CaseOut } from "@/client/types.gen";
import { unwrap } from "@/lib/api";

type CasesState = {
  cases: CaseOut[] | null;
  error: string | null;
  refresh: () => Promise<void>;
  create: (input: { name: string; description: string; hypotheses: string[] }) => Promise<CaseOut>;
};

export const useCases = create<CasesState>((set, get) => ({
  cases: null,
  error: null,
  async refresh() {
    const cases = await unwrap(listCases());
    set({ cases, error: null });
  },
  async create(input) {
    const created = await unwrap(createCase({ body: input }));
    set({ cases: [created, ...(get().cases ?? [])] });
    return created;
  },
}));
