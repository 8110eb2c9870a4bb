import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface GradePoint {
  grade: string;
  current: number;
  last: number;
}

/** Companies per credit grade, this batch beside last year's (recharts stays in the analysis page's chunk). */
export default function GradeChart({ data, currentName, lastName }: { data: GradePoint[]; currentName: string; lastName: string }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 16, right: 24, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="grade" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="current" name={currentName} fill="#2f54eb" />
        <Bar dataKey="last" name={lastName} fill="#bfbfbf" />
      </BarChart>
    </ResponsiveContainer>
  );
}
