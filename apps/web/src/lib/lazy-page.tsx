import { type ComponentType, lazy, type ReactElement } from "react";

/** A page whose code is downloaded the first time it is shown. */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * The element of a route whose page is split into its own chunk. It suspends while the chunk
 * downloads: the first visit shows the root's fallback, a navigation keeps the current page on screen
 * (the router moves between pages in transitions) until the next one is ready.
 */
export function lazyPage(load: LazyPage): ReactElement {
  const Page = lazy(async () => ({ default: (await load()).Component }));
  return <Page />;
}
