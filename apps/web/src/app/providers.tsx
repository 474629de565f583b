import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { isApiError } from "../lib/api-client";
import { sessionQueryOptions } from "../lib/session";
import { useToasterRequested } from "../lib/toast";

const AppToaster = lazy(async () => ({ default: (await import("../components/ui/toaster")).AppToaster }));

function createQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; network and server failures may.
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
      },
    },
  });
  // Almost every first page asks who is signed in before it shows anything: asking now, while the
  // router fetches the page's chunk, saves a round trip on a mobile network.
  void queryClient.prefetchQuery(sessionQueryOptions);
  return queryClient;
}

/** The toaster joins the page with the first toast (lib/toast.ts), not with the first load. */
function DeferredToaster() {
  const requested = useToasterRequested();
  return requested ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
