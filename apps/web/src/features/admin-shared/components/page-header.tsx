import type { ReactNode } from "react";

/** A back office page's title (also the document's), with its main actions beside it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <title>{`${title} · Vitrine`}</title>
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
