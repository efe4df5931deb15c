/**
 * The 13 income types: income tax due on income declared on /form11/final-form. The rates and
 * bands are §1 of the reference; maintenance is §4 (R31). The amount is tax due (≥ 0, direction
 * 'taxDue'): the income is added on top of the profile's income (20% while the standard rate band
 * lasts, 40% above), less tax already deducted on it, never below 0.
 */
import { euro, money, rateWords, type RuleContext } from '../context.ts';
import { taxDue, type RuleTable } from './outcome.ts';
import type { IncomeTypeId } from '../../catalogue.ts';
import { MAINTENANCE_SOURCE } from './family.ts';

const USC_PRSI_NOTE = 'Income tax only: USC and PRSI on this income are not included.';
const FOREIGN_CREDIT_NOTE =
  'Foreign tax is credited up to the Irish tax on the same income; the treaty rate for each country is not checked.';

interface IncomeParts {
  readonly label: string;
  readonly taxable: number;
  /** Tax already paid on it: Irish tax deducted (credited in full) or foreign tax (credited up to the Irish tax). */
  readonly taxPaid?: { readonly amount: number; readonly foreign: boolean };
  readonly figures?: Readonly<Record<string, number>>;
  readonly cites?: readonly string[];
}

/**
 * Income added to the year: the claim taxes it on top of everything else (20% while the band
 * lasts, 40% above, any credits left over first), less the tax already paid on it.
 */
function incomeTaxDue(parts: IncomeParts, _ctx: RuleContext) {
  const paid = money(parts.taxPaid?.amount);
  return taxDue(parts.taxable, parts.taxPaid ? { amount: paid, foreign: parts.taxPaid.foreign } : null, {
    rule: 'Income tax at your marginal rates on the income, less tax already deducted',
    figures: { taxableIncome: parts.taxable, taxAlreadyPaid: paid, ...parts.figures },
    explanation: (v) => {
      const taxed = v.tax > 0 ? `taxed ${rateWords(v)} = ${euro(v.tax)}` : 'no tax: your unused credits cover it';
      const paidWords = v.credited > 0 ? `, less ${euro(v.credited)} ${parts.taxPaid?.foreign ? 'foreign ' : ''}tax already paid` : '';
      return `${parts.label}: ${euro(parts.taxable)}, ${taxed}${paidWords}; ${euro(v.amount)} due.`;
    },
    caveats: parts.taxPaid?.foreign ? [USC_PRSI_NOTE, FOREIGN_CREDIT_NOTE] : [USC_PRSI_NOTE],
    ...(parts.cites ? { cites: parts.cites } : {}),
  });
}

export const INCOME_RULES: RuleTable<IncomeTypeId> = {
  'canadian-dividends': (data, ctx) =>
    incomeTaxDue({ label: 'Canadian dividends', taxable: money(data.grossAmount), taxPaid: { amount: money(data.foreignTaxWithheld), foreign: true } }, ctx),
  'uk-dividends': (data, ctx) =>
    incomeTaxDue({ label: 'UK dividends', taxable: money(data.grossAmount), taxPaid: { amount: money(data.foreignTaxWithheld), foreign: true } }, ctx),
  'us-dividends': (data, ctx) =>
    incomeTaxDue({ label: 'US dividends', taxable: money(data.grossAmount), taxPaid: { amount: money(data.foreignTaxWithheld), foreign: true } }, ctx),
  'dividends-distributions': (data, ctx) =>
    incomeTaxDue({ label: 'Irish dividends', taxable: money(data.grossAmount), taxPaid: { amount: money(data.withholdingTaxDeducted), foreign: false } }, ctx),
  'emp-off-pen': (data, ctx) =>
    incomeTaxDue({ label: 'Pay or pension', taxable: money(data.grossAmount), taxPaid: { amount: money(data.taxDeducted), foreign: false } }, ctx),
  'fees-commissions': (data, ctx) =>
    incomeTaxDue(
      {
        label: 'Fees and commissions less expenses',
        taxable: Math.max(0, money(data.grossAmount) - money(data.expenses)),
        figures: { grossAmount: money(data.grossAmount), expenses: money(data.expenses) },
      },
      ctx,
    ),
  'foreign-pensions': (data, ctx) =>
    incomeTaxDue({ label: 'Foreign pension', taxable: money(data.grossAmount), taxPaid: { amount: money(data.foreignTaxPaid), foreign: true } }, ctx),
  'foreign-salary': (data, ctx) =>
    incomeTaxDue({ label: 'Foreign pay', taxable: money(data.grossAmount), taxPaid: { amount: money(data.foreignTaxPaid), foreign: true } }, ctx),
  'maintenance-payments': (data, ctx) => {
    const received = money(data.amountReceived);
    const forChildren = Math.min(received, money(data.amountForChildrenOnly));
    if (data.legallyEnforceable !== 'yes' || data.jointlyAssessed === 'yes') {
      return taxDue(0, null, {
        cites: [MAINTENANCE_SOURCE],
        rule: 'Only legally enforceable maintenance for you, not jointly assessed, is taxed',
        figures: { amountReceived: received, amountForChildrenOnly: forChildren, taxableIncome: 0 },
        explanation:
          data.jointlyAssessed === 'yes'
            ? 'With joint assessment the payments are ignored for tax.'
            : 'Voluntary maintenance payments are not taxed.',
      });
    }
    return incomeTaxDue(
      {
        label: 'Maintenance for you (not the children)',
        taxable: received - forChildren,
        figures: { amountReceived: received, amountForChildrenOnly: forChildren },
        cites: [MAINTENANCE_SOURCE],
      },
      ctx,
    );
  },
  'rental-income': (data, ctx) =>
    incomeTaxDue(
      {
        label: 'Rent less expenses',
        taxable: Math.max(0, money(data.grossRent) - money(data.allowableExpenses)),
        figures: { grossRent: money(data.grossRent), allowableExpenses: money(data.allowableExpenses) },
      },
      ctx,
    ),
  'trading-profit': (data, ctx) => incomeTaxDue({ label: 'Trading profit', taxable: money(data.profit) }, ctx),
  'untaxed-state-income': (data, ctx) => incomeTaxDue({ label: data.paymentName, taxable: money(data.amountReceived) }, ctx),
  'irish-taxed-income': (data, ctx) =>
    incomeTaxDue({ label: 'Taxed income', taxable: money(data.grossAmount), taxPaid: { amount: money(data.taxDeducted), foreign: false } }, ctx),
};
