/**
 * What the Overview's pension gauge says, as a pure function: whole euro (spec section 9, "Gauge
 * shows no decimals"), the share of the maximum filled, and one sentence for assistive
 * technology. Decisions are taken on the whole-euro amounts shown, so the words never contradict
 * the figures (€9,999.60 of €10,000 reads "€10,000 of €10,000 … maximum reached").
 */
import { formatEuroWhole, toAmount } from '../../domain/money.ts';

export type PensionGaugeStatus =
  /** Some room left: the usual case. */
  | 'filling'
  /** Exactly the maximum. */
  | 'reached'
  /** More than the maximum: the gauge is full and the excess earns no relief. */
  | 'over'
  /** No room at all (no income yet, or pension paid elsewhere already uses it) and nothing paid. */
  | 'noRoom';

export interface PensionGaugeReading {
  status: PensionGaugeStatus;
  /** How full the arc is, 0..100 (exact, for drawing). */
  fill: number;
  /** The percentage shown: whole, never 100 before the maximum is reached. Null with no room. */
  percent: number | null;
  currentText: string;
  maxText: string;
  /** What the gauge shows beside the figures ("30%", "Maximum reached", …). */
  statusText: string;
  /** The whole gauge in one sentence: "€3,000 of €10,000 this year, 30%". */
  text: string;
}

/** Whole euro, never negative: a refund or a bad value shows as €0, not as negative progress. */
const wholeEuro = (value: unknown) => Math.round(Math.max(0, toAmount(value)));

export function pensionGaugeReading(current: unknown, max: unknown): PensionGaugeReading {
  const paid = wholeEuro(current);
  const limit = wholeEuro(max);
  const currentText = formatEuroWhole(paid);
  const maxText = formatEuroWhole(limit);
  const figures = `${currentText} of ${maxText} this year`;

  if (limit === 0 && paid === 0) {
    const statusText = 'No room for tax relief yet';
    return { status: 'noRoom', fill: 0, percent: null, currentText, maxText, statusText, text: `${figures}: ${statusText.toLowerCase()}` };
  }
  if (paid > limit) {
    const statusText = `Full: ${formatEuroWhole(paid - limit)} over the tax-relief maximum`;
    return { status: 'over', fill: 100, percent: 100, currentText, maxText, statusText, text: `${figures}, 100%: ${formatEuroWhole(paid - limit)} over the tax-relief maximum` };
  }
  if (paid === limit) {
    const statusText = 'Maximum reached';
    return { status: 'reached', fill: 100, percent: 100, currentText, maxText, statusText, text: `${figures}, 100%: maximum reached` };
  }
  const fill = (paid / limit) * 100;
  const percent = Math.floor(fill);
  return { status: 'filling', fill, percent, currentText, maxText, statusText: `${percent}%`, text: `${figures}, ${percent}%` };
}
