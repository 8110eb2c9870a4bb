import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface VisitPoint {
  day: string;
  visit: number;
  ip: number;
}

/** Loaded only by the analysis page (recharts stays out of every other chunk). */
export default function VisitChart({ data }: { data: VisitPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={data} margin={{ top: 16, right: 24, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="visit" name="访问量" stroke="#2f54eb" />
        <Line type="monotone" dataKey="ip" name="IP" stroke="#52c41a" />
      </LineChart>
    </ResponsiveContainer>
  );
}
