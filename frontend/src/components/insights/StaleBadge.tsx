import { StatusBadge } from "@/components/ui";
import type { ItemFlags } from "@/stores/caseData";

/** STALE when a correction changed something the item rests on; CORRECTED when it was itself corrected. */
export function ItemFlagBadges({ item }: { item: ItemFlags }) {
  return (
    <>
      {item.stale ? (
        <span title="A correction changed something this rests on. Reprocess the case to refresh it." data-testid="stale-badge">
          <StatusBadge status="STALE" />
        </span>
      ) : null}
      {item.corrected_by.length > 0 ? (
        <span
          title="A verified correction changed a value of this item."
          data-testid="corrected-badge"
          className="inline-flex items-center rounded-full bg-sky-50 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-sky-800 ring-1 ring-sky-300 ring-inset"
        >
          CORRECTED
        </span>
      ) : null}
    </>
  );
}
