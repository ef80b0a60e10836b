import { Suspense } from "react";

import { Workspace } from "@/components/workspace/Workspace";

/** The Command Center. The case id is in the query string (`/case/?id=…&view=…`) so that every deep
 * link is one static file. */
export default function CasePage() {
  return (
    <Suspense>
      <Workspace />
    </Suspense>
  );
}
