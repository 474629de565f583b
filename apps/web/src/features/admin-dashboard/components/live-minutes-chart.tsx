import { formatEuros, type LiveMinute } from "@vitrine/domain";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatTime } from "./live-figures-format";

const PAID = "Payé (€)";
const HELD = "Réservé non payé (€)";

/** A live's revenue per minute, paid and still held, stacked. Drawn only: the cards carry the numbers. */
export function LiveMinutesChart({ minutes }: { minutes: LiveMinute[] }) {
  const data = minutes.map((entry) => ({
    minute: formatTime(entry.minute),
    [PAID]: entry.paidCents / 100,
    [HELD]: entry.heldCents / 100,
  }));
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="minute" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => formatEuros(Math.round(Number(value) * 100))} />
          <Legend />
          <Area type="stepAfter" dataKey={PAID} stackId="revenue" stroke="#15803d" fill="#86efac" />
          <Area type="stepAfter" dataKey={HELD} stackId="revenue" stroke="#b45309" fill="#fcd34d" />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
