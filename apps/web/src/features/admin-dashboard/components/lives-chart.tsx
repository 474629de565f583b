import { formatEuros, type Dashboard } from "@vitrine/domain";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatDateTime } from "../../../lib/format";

const REVENUE = "Chiffre d'affaires payé (€)";
const ITEMS = "Articles vendus";

/** Revenue and items sold per live, with the same figures as a table for screen readers. */
export function LivesChart({ lives }: { lives: Dashboard["lives"] }) {
  const data = lives.map((live) => ({
    name: live.title,
    [REVENUE]: live.revenueCents / 100,
    [ITEMS]: live.itemsSold,
  }));
  return (
    <figure className="flex flex-col gap-3">
      <div aria-hidden className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            // The figures are given to screen readers as a table below; the drawing stays out of the tab order.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
            <YAxis yAxisId="revenue" tick={{ fontSize: 12 }} />
            <YAxis yAxisId="items" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar yAxisId="revenue" dataKey={REVENUE} fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
            <Line yAxisId="items" dataKey={ITEMS} stroke="#6366f1" strokeWidth={2} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        <table>
          <caption>Chiffre d'affaires et articles vendus par live</caption>
          <thead>
            <tr>
              <th scope="col">Live</th>
              <th scope="col">Date</th>
              <th scope="col">{REVENUE}</th>
              <th scope="col">{ITEMS}</th>
            </tr>
          </thead>
          <tbody>
            {lives.map((live) => (
              <tr key={live.id}>
                <th scope="row">{live.title}</th>
                <td>{formatDateTime(live.liveDate)}</td>
                <td>{formatEuros(live.revenueCents)}</td>
                <td>{live.itemsSold}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
