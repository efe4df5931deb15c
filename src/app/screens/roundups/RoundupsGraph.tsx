import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/**
 * Round-ups paid per month (GET /graph), a line in the view's colour with a stroke of 3. Loaded
 * lazily with /linked-bank-accounts: the charts library never reaches /welcome or any other screen.
 */
export function RoundupsGraph({ labels, data, color, strokeWidth }: { labels: string[]; data: number[]; color: string; strokeWidth: number }) {
  return (
    <LineChart
      h={220}
      data={labels.map((month, i) => ({ month, roundups: data[i] ?? 0 }))}
      dataKey="month"
      series={[{ name: 'roundups', label: 'Round-ups (€)', color }]}
      strokeWidth={strokeWidth}
      curveType="monotone"
      withDots={false}
      valueFormatter={(value) => `€${value.toFixed(2)}`}
    />
  );
}
