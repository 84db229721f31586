import type { ReactNode } from "react";

/** One titled part of the portal: a region a screen reader can jump to by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid min-w-0 gap-3 rounded-lg border border-solid border-border bg-card p-4"
      data-testid={`portal-${id}`}
    >
      <h2 id={`${id}-heading`} className="m-0 text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}
