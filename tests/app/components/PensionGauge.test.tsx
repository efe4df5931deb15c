// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PensionGauge } from '../../../src/app/components/PensionGauge.tsx';
import { pensionGaugeReading } from '../../../src/app/components/pensionGaugeReading.ts';
import { theme } from '../../../src/app/theme.ts';

afterEach(cleanup);

describe('pensionGaugeReading', () => {
  it('reads whole euro of the maximum with a whole percentage', () => {
    expect(pensionGaugeReading(3000, 10000)).toMatchObject({ status: 'filling', fill: 30, percent: 30, text: '€3,000 of €10,000 this year, 30%' });
    expect(pensionGaugeReading(1234.4, 56789.5).text).toBe('€1,234 of €56,790 this year, 2%');
  });

  it('never shows 100% before the maximum is reached', () => {
    const almost = pensionGaugeReading(9_950, 10_000);
    expect(almost).toMatchObject({ status: 'filling', percent: 99, statusText: '99%' });
    expect(almost.fill).toBeCloseTo(99.5, 10);
  });

  it('takes its decision on the whole euro shown, so words and figures agree', () => {
    expect(pensionGaugeReading(9_999.6, 10_000)).toMatchObject({ status: 'reached', text: '€10,000 of €10,000 this year, 100%: maximum reached' });
    expect(pensionGaugeReading(10_000.4, 10_000).status).toBe('reached');
  });

  it('is full and says by how much when the pension is over the maximum', () => {
    expect(pensionGaugeReading(12_000, 10_000)).toMatchObject({
      status: 'over',
      fill: 100,
      percent: 100,
      statusText: 'Full: €2,000 over the tax-relief maximum',
      text: '€12,000 of €10,000 this year, 100%: €2,000 over the tax-relief maximum',
    });
  });

  it('says there is no room yet when the maximum is 0 and nothing is paid (no income yet)', () => {
    expect(pensionGaugeReading(0, 0)).toMatchObject({ status: 'noRoom', fill: 0, percent: null, text: '€0 of €0 this year: no room for tax relief yet' });
  });

  it('counts anything paid with no room as over the maximum', () => {
    expect(pensionGaugeReading(500, 0)).toMatchObject({ status: 'over', fill: 100, text: '€500 of €0 this year, 100%: €500 over the tax-relief maximum' });
  });

  it('shows nothing paid as an empty gauge', () => {
    expect(pensionGaugeReading(0, 8000)).toMatchObject({ status: 'filling', fill: 0, percent: 0, text: '€0 of €8,000 this year, 0%' });
  });

  it('treats negative and non-numeric amounts as €0', () => {
    expect(pensionGaugeReading(-50, 8000).text).toBe('€0 of €8,000 this year, 0%');
    expect(pensionGaugeReading(Number.NaN, 'abc').status).toBe('noRoom');
    expect(pensionGaugeReading(100, -5).status).toBe('over');
  });
});

function renderGauge(current: number, max: number, label?: string) {
  render(
    <MantineProvider theme={theme} env="test">
      <PensionGauge current={current} max={max} label={label} />
    </MantineProvider>,
  );
  return screen.getByRole('meter');
}

describe('PensionGauge', () => {
  it('is a named meter whose value text says the figures in words', () => {
    const meter = renderGauge(3000, 10000);
    expect(meter.getAttribute('aria-label')).toBe('Pension paid this year');
    expect(meter.getAttribute('aria-valuetext')).toBe('€3,000 of €10,000 this year, 30%');
    expect([meter.getAttribute('aria-valuemin'), meter.getAttribute('aria-valuenow'), meter.getAttribute('aria-valuemax')]).toEqual(['0', '30', '100']);
  });

  it('shows the amounts in whole euro and the percentage', () => {
    renderGauge(3000.4, 10000);
    expect(screen.getByText('€3,000')).toBeTruthy();
    expect(screen.getByText('of €10,000 this year')).toBeTruthy();
    expect(screen.getByText('30%')).toBeTruthy();
  });

  it('fills the arc in proportion', () => {
    const meter = renderGauge(2500, 10000);
    const [, filled] = meter.querySelectorAll('circle');
    // Mantine draws the filled arc as a dash offset of the half circumference.
    const circumference = Number(filled!.getAttribute('stroke-dasharray'));
    expect(Number.parseFloat(filled!.style.strokeDashoffset)).toBeCloseTo(circumference * 0.25, 5);
  });

  it('is full and says so over the maximum', () => {
    const meter = renderGauge(12_000, 10_000);
    expect(meter.getAttribute('aria-valuenow')).toBe('100');
    expect(meter.dataset.status).toBe('over');
    expect(screen.getByText('Full: €2,000 over the tax-relief maximum')).toBeTruthy();
  });

  it('says there is no room yet with a maximum of 0', () => {
    const meter = renderGauge(0, 0, 'Pension 2026');
    expect(meter.getAttribute('aria-label')).toBe('Pension 2026');
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('No room for tax relief yet')).toBeTruthy();
    expect(screen.getByText('€0')).toBeTruthy();
  });
});
