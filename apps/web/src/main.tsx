import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes } from "./app/router";
import { reportCaughtError, startErrorReporting } from "./lib/error-reporting";
import "./index.css";

startErrorReporting();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// A transition lets React render the first page in slices, yielding to the browser between them,
// instead of one long task that a slow phone spends unable to answer a tap.
startTransition(() => {
  createRoot(container, { onCaughtError: reportCaughtError }).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
