import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, auditActionLabel } from "./audit";

describe("audit actions", () => {
  it("have a French label each, and an unknown action shows as it is", () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel("impersonation-started")).toBe("Début d'impersonification");
    expect(auditActionLabel("admin-rights-revoked")).toBe("Droits d'administration retirés");
    expect(auditActionLabel("orders-merged")).toBe("orders-merged");
  });
});
