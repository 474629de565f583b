import type { LiveFigures } from "@vitrine/domain";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const PAID = "Payé (€)";
const HELD = "Réservé non payé (€)";

/** The last lives' revenue, paid and held, side by side. The table beside it carries the numbers. */
export function LivesComparisonChart({ lives }: { lives: LiveFigures[] }) {
  const data = lives.map((live) => ({
    name: live.title,
    [PAID]: live.revenuePaidCents / 100,
    [HELD]: live.revenueHeldCents / 100,
  }));
  return (
    <div aria-hidden className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey={PAID} stackId="revenue" fill="#16a34a" />
          <Bar dataKey={HELD} stackId="revenue" fill="#f59e0b" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
