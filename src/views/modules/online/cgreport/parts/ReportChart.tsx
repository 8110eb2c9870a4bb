import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartConfig {
  type: 'bar' | 'line' | 'pie' | string;
  x: string;
  y: string[];
}

const COLOURS = ['#1890ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

/** The report's chart over the rows of the current page: bar, line or pie (the first value column). */
export function ReportChart({
  chart,
  records,
  columns,
}: {
  chart: ChartConfig;
  records: Array<Record<string, unknown>>;
  columns: Array<{ dataIndex: string; title: string }>;
}) {
  const title = (field: string) => columns.find((c) => c.dataIndex === field)?.title ?? field;
  const data = records.map((r) => ({
    ...Object.fromEntries(chart.y.map((y) => [y, Number(r[y] ?? 0)])),
    [chart.x]: String(r[chart.x] ?? ''),
  }));
  return (
    <div className="report-chart" style={{ width: '100%', height: 320, marginTop: 16 }}>
      <ResponsiveContainer>
        {chart.type === 'pie' ? (
          <PieChart>
            <Tooltip />
            <Legend />
            <Pie data={data} dataKey={chart.y[0]} nameKey={chart.x} label isAnimationActive={false}>
              {data.map((_, i) => (
                <Cell key={i} fill={COLOURS[i % COLOURS.length]} />
              ))}
            </Pie>
          </PieChart>
        ) : chart.type === 'line' ? (
          <LineChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey={chart.x} />
            <YAxis />
            <Tooltip />
            <Legend />
            {chart.y.map((y, i) => (
              <Line key={y} dataKey={y} name={title(y)} stroke={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey={chart.x} />
            <YAxis />
            <Tooltip />
            <Legend />
            {chart.y.map((y, i) => (
              <Bar key={y} dataKey={y} name={title(y)} fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
