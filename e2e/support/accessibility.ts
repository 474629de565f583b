import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export /** Serious and critical WCAG A/AA violations of the page as it is now, with where they are. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
