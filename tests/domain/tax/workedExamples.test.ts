/**
 * The worked examples of irish-tax-rules.md §9, reproduced to the cent through the public API.
 */
import { describe, expect, it } from 'vitest';
import {
  employeePrsi,
  homeCarerCredit,
  incomeTaxOneIncome,
  incomeTaxTwoIncomeCouple,
  universalSocialCharge,
} from '../../../src/domain/tax/computation.ts';
import { amountOf, profile, refund } from './helpers.ts';

const rent = (rentPaid: number) => ({
  landlordName: 'Harbour Lettings Ltd',
  propertyAddress: '12 Quay Street, Galway',
  eircode: 'H91 X2Y3',
  purpose: 'home',
  rentPaid,
  landlordIsRelative: 'no',
  housingSupport: 'no',
});

describe('§9 worked examples', () => {
  it('1. medical insurance paid by the employer, 2024: min(1,200, 1,000) × 20% = €200', () => {
    const estimate = refund(2024, 'medical-insurance-relief', {
      selectedEmployment: 'Acme Software Ltd',
      insurances: [{ nameOfPersonCoveredByPolicy: 'Seán Murphy', amountOfGrossPremium: 1200, amountOfMonthsPolicyWasActive: 12, isChild: false }],
    });
    expect(estimate.amount).toBe(200);
    expect(estimate.figures).toMatchObject({ premiumsRelieved: 1000, adultCap: 1000, rate: 0.2 });
    expect(estimate.source).toBe('R22');
  });

  it('2. rent credit, single, €14,400 rent: €500 in 2023, €1,000 in 2024', () => {
    expect(amountOf(2023, 'rent-tax-credit', rent(14_400))).toBe(500);
    expect(amountOf(2024, 'rent-tax-credit', rent(14_400))).toBe(1000);
  });

  it('3. a student on €12,000 in 2023 has no liability, so the rent credit is worth €0', () => {
    expect(incomeTaxOneIncome(2023, 'single', 12_000)).toBe(0); // 2,400 gross less 3,550 credits
    const estimate = refund(2023, 'rent-tax-credit', rent(14_400), profile({ annualIncome: 12_000 }));
    expect(estimate.amount).toBe(0);
    expect(estimate.figures).toMatchObject({ uncappedAmount: 500, incomeTaxLiability: 0 });
    expect(estimate.explanation).toContain('at most that');
  });

  it('4. health expenses, 2023: (800 + 1,200 + 300 − 400) × 20% = €380; the filling is excluded', () => {
    const estimate = refund(2023, 'health-expenses', {
      doctorsAndConsultants: 800,
      nonRoutineDental: 1200,
      prescribedMedicines: 300,
      routineDentalAndEyeCare: 100,
      amountRefunded: 400,
    });
    expect(estimate.amount).toBe(380);
    expect(estimate.figures).toMatchObject({ netQualifying: 1900, excludedRoutineCare: 100 });
    // "whatever the taxpayer's top rate"
    expect(amountOf(2023, 'health-expenses', { doctorsAndConsultants: 1900 }, profile({ annualIncome: 30_000 }))).toBe(380);
  });

  it('5. nursing home fees at the marginal rate, 2024: 13,000 × 40% + 17,000 × 20% = €8,600', () => {
    const estimate = refund(
      2024,
      'nursing-home-expenses',
      { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank', feesPaid: 30_000 },
      profile({ annualIncome: 55_000 }),
    );
    expect(estimate.amount).toBe(8600);
    expect(estimate.figures).toMatchObject({ deductionAtHigherRate: 13_000, deductionAtStandardRate: 17_000 });
    expect(estimate.amount).toBeGreaterThan(30_000 * 0.2); // 20% relief would give only €6,000
  });

  it('6. tuition for two full-time children, 2024: (3,000 + 7,000 − 3,000) × 20% = €1,400', () => {
    const estimate = refund(2024, 'tuition-fees', {
      courses: [
        { studentName: 'Child A', collegeName: 'UCD', courseName: 'Arts', fullTime: 'yes', feesPaid: 3000 },
        { studentName: 'Child B', collegeName: 'RCSI', courseName: 'Medicine', fullTime: 'yes', feesPaid: 8500 },
      ],
    });
    expect(estimate.amount).toBe(1400);
    expect(estimate.figures).toMatchObject({ feesCounted: 10_000, disregard: 3000, qualifying: 7000 });
  });

  describe('7. remote working, 2025: (2,400 × 120 ÷ 365) × 30% = €236.71 deduction', () => {
    const bills = { employerName: 'Acme', electricityCost: 1200, heatingCost: 700, broadbandCost: 500, daysWorkedFromHome: 120 };

    it('saves €94.68 at 40%', () => {
      const estimate = refund(2025, 'remote-working-relief', bills, profile({ annualIncome: 50_000 }));
      expect(estimate.figures.deductible).toBe(236.71);
      expect(estimate.amount).toBe(94.68);
    });

    it('or €47.34 within the 20% band', () => {
      expect(amountOf(2025, 'remote-working-relief', bills, profile({ annualIncome: 30_000 }))).toBe(47.34);
    });

    it('a leap year divides by 366: €236.07 in 2024', () => {
      expect(refund(2024, 'remote-working-relief', bills).figures).toMatchObject({ daysInYear: 366, deductible: 236.07 });
    });
  });

  describe('8. pension AVC, 2025: age 42 on €60,000 pays €16,000', () => {
    const avc = (paid: number) => ({ providerName: 'Irish Life', policyNumber: 'AVC-1', contributionsPaid: paid });

    it('limit 25% × 60,000 = €15,000 relieved at 40%: €6,000; €1,000 carried forward', () => {
      const estimate = refund(2025, 'additional-voluntary-contributions', avc(16_000), profile({ annualIncome: 60_000, dateOfBirth: '1983-03-10' }));
      expect(estimate.figures).toMatchObject({ ageInYear: 42, ageRelatedShare: 0.25, limit: 15_000, relievable: 15_000, carriedForward: 1000 });
      expect(estimate.amount).toBe(6000);
    });

    it('age 61 on €150,000: limit 40% × 115,000 = €46,000', () => {
      const estimate = refund(2025, 'personal-retirement-savings', avc(50_000), profile({ annualIncome: 150_000, dateOfBirth: '1964-02-01' }));
      expect(estimate.figures).toMatchObject({ ageInYear: 61, limit: 46_000, relievable: 46_000, carriedForward: 4000 });
    });
  });

  describe('9. mortgage interest credit: balance €250,000, €6,000 interest in 2022', () => {
    const mortgage = (interestThisYear: number) => ({
      properties: [
        {
          lenderName: 'Bank of Ireland',
          mortgageAccountNumber: '40012345',
          propertyAddress: '7 Oak Park, Naas',
          eircode: 'W91 E2D4',
          lptId: 'ZX98CV76',
          balanceOn31December2022: 250_000,
          interestPaid2022: 6000,
          interestPaidThisYear: interestThisYear,
          lptCompliant: true,
        },
      ],
    });

    it('2024, €11,000 interest: 20% × 5,000 = €1,000 (under the €1,250 cap)', () => {
      expect(amountOf(2024, 'mortgage-interest-tax-credit', mortgage(11_000))).toBe(1000);
    });

    it('2026, €9,000 interest: 20% × 50% × 3,000 = €300 (cap €625)', () => {
      const estimate = refund(2026, 'mortgage-interest-tax-credit', mortgage(9000));
      expect(estimate.amount).toBe(300);
      expect(estimate.figures).toMatchObject({ increaseShare: 0.5, capPerProperty: 625 });
    });
  });

  describe('10. flat rate expense, 2025: electrician €153', () => {
    // Picked from Revenue's list: the form no longer takes a typed amount.
    const fre = { occupation: 'electrician', employerName: 'Spark Ltd' };
    it('on €50,000: 153 × 40% = €61.20', () => expect(amountOf(2025, 'flat-rate-expenses', fre, profile({ annualIncome: 50_000 }))).toBe(61.2));
    it('on €30,000: 153 × 20% = €30.60', () => expect(amountOf(2025, 'flat-rate-expenses', fre, profile({ annualIncome: 30_000 }))).toBe(30.6));
    it('must be claimed each year from 2025', () => expect(refund(2025, 'flat-rate-expenses', fre).caveats.join(' ')).toContain('every year'));
  });

  it('11. home carer credit taper, 2024: own income €9,000 → 1,800 − 900 = €900', () => {
    expect(homeCarerCredit(2024, 9000)).toBe(900);
    expect(homeCarerCredit(2024, 7200)).toBe(1800);
    // Nil at the cut-offs: 10,400 / 10,600 / 10,800 / 11,100 / 11,100.
    expect([homeCarerCredit(2022, 10_400), homeCarerCredit(2023, 10_600), homeCarerCredit(2024, 10_800), homeCarerCredit(2025, 11_100), homeCarerCredit(2026, 11_100)]).toEqual([0, 0, 0, 0, 0]);
    expect(homeCarerCredit(2025, 11_099)).toBe(0.5);
  });

  it('12. two-income couple, 2024: €60,000 and €20,000 → gross €17,800, credits €7,500, net €10,300', () => {
    expect(incomeTaxTwoIncomeCouple(2024, 60_000, 20_000)).toEqual({ grossTax: 17_800, credits: 7500, netTax: 10_300, bands: [51_000, 20_000] });
    expect(incomeTaxTwoIncomeCouple(2024, 20_000, 60_000).netTax).toBe(10_300);
  });

  it('13. single employee on €50,000 in 2025: income tax €7,200, USC €1,046.00, PRSI €2,062.50', () => {
    expect(incomeTaxOneIncome(2025, 'single', 50_000)).toBe(7200);
    expect(universalSocialCharge(2025, 50_000)).toBe(1046);
    expect(employeePrsi(2025, 50_000)).toBe(2062.5);
    // Adding €1,000 of health expenses cuts income tax by €200 (USC and PRSI do not change).
    expect(amountOf(2025, 'health-expenses', { doctorsAndConsultants: 1000 })).toBe(200);
  });
});

describe('USC and PRSI edges', () => {
  it('no USC at or below €13,000; all of it from the first euro above', () => {
    expect(universalSocialCharge(2025, 13_000)).toBe(0);
    expect(universalSocialCharge(2025, 13_001)).toBe(roundCents(12_012 * 0.005 + 989 * 0.02));
  });

  it('8% above €70,044', () => {
    expect(universalSocialCharge(2026, 80_044) - universalSocialCharge(2026, 70_044)).toBeCloseTo(800, 2);
  });

  it('no PRSI at €352 a week or less', () => {
    expect(employeePrsi(2025, 352 * 52)).toBe(0);
    expect(employeePrsi(2025, 352 * 52 + 52)).toBeGreaterThan(0);
  });
});

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
