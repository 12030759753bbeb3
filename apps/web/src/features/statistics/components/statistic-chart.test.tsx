import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatisticChart } from './statistic-chart';

const day = (label: string, value: number) => ({ label, value });

describe('StatisticChart', () => {
  it("says 'No Data to show for {title}' for fewer than two rows (001 §8)", () => {
    render(
      <StatisticChart title="Content categories" kind="bar" valueName="Items" rows={[day('Course', 4)]} />,
    );
    expect(screen.getByRole('heading', { name: 'Content categories' })).toBeInTheDocument();
    expect(screen.getByText('No Data to show for Content categories')).toBeInTheDocument();
    expect(screen.queryByText('Data table: Content categories')).not.toBeInTheDocument();
  });

  it('says the same when the days drawn hold fewer than two with downloads', () => {
    const rows = [day('2026-11-01', 0), day('2026-11-02', 3), day('2026-11-03', 0)];
    render(
      <StatisticChart
        title="Downloads over time"
        kind="line"
        valueName="Downloads"
        rows={rows}
        dataRowCount={1}
      />,
    );
    expect(screen.getByText('No Data to show for Downloads over time')).toBeInTheDocument();
    expect(screen.queryByText('There are no downloads in this range.')).not.toBeInTheDocument();
  });

  it('draws two or more data rows, with the numbers in a data table', () => {
    const rows = [day('2026-11-01', 2), day('2026-11-02', 0), day('2026-11-03', 5)];
    render(
      <StatisticChart
        title="Downloads over time"
        kind="line"
        valueName="Downloads"
        labelName="Day"
        rows={rows}
        dataRowCount={2}
      />,
    );
    expect(screen.queryByText('No Data to show for Downloads over time')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Downloads over time, data table', hidden: true });
    expect(table).toHaveTextContent('2026-11-03');
    expect(table).toHaveTextContent('5');
  });
});
