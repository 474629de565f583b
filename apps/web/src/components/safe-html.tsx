import DOMPurify from "dompurify";
import { useMemo } from "react";
import { cn } from "../lib/cn";

export interface SafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * Renders HTML written in the back office. The server sanitizes on write; sanitizing again here
 * keeps one bad row (or an older one) from ever running script in a customer's browser.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={cn("rich-text", className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
