import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, integerTicks } from '../src/components/bar-chart';
import { renderRoutes } from './render';

describe('integerTicks', () => {
  it('counts in whole, round steps from 0 to at least the largest value', () => {
    expect(integerTicks(0)).toEqual([0, 1]);
    expect(integerTicks(1)).toEqual([0, 1]);
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(integerTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});

describe('BarChart', () => {
  it('draws one bar per series and point, as tall as its share of the top tick, with a legend', () => {
    const chart = (
      <BarChart
        h={200}
        data={[
          { label: 'Mon', a: 4, b: 0 },
          { label: 'Tue', a: 2, b: 3 },
        ]}
        dataKey="label"
        series={[
          { name: 'a', label: 'Confirmations', color: 'teal.7' },
          { name: 'b', label: 'Check-ins', color: 'blue.7' },
        ]}
        withLegend
      />
    );
    renderRoutes([{ path: '/', element: chart }], '/');
    const bars = [
      'Mon · Confirmations: 4',
      'Mon · Check-ins: 0',
      'Tue · Confirmations: 2',
      'Tue · Check-ins: 3',
    ];
    const heights = bars.map((title) => screen.getByTitle(title).style.height);
    expect(heights).toEqual(['100%', '0%', '50%', '75%']);
    expect(screen.getByText('Confirmations')).toBeTruthy();
    expect(screen.getByText('Tue')).toBeTruthy();
  });
});
