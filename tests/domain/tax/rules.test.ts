/**
 * One worked example per category, and one per year where the rules differ. Default profile:
 * single, €50,000, born June 1983 (so nothing is capped by liability unless a test says so).
 */
import { describe, expect, it } from 'vitest';
import { form11Sample } from '../../../src/domain/schemas/form11/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { calculateRefund } from '../../../src/domain/tax/engine.ts';
import { TODAY, amountOf, profile, refund } from './helpers.ts';

const married = profile({ maritalStatus: 'married', annualIncome: 80_000 });
const rich = profile({ annualIncome: 500_000 });

describe('health', () => {
  it('assistance dog: €825 × 20% = €165 in every year', () => {
    for (const year of [2022, 2026]) expect(amountOf(year, 'assistance-dog-allowance', form11Sample('assistance-dog-allowance'))).toBe(165);
  });

  it('guide dog: €165, only with the blind credit', () => {
    const data = form11Sample('guide-dog-allowance');
    expect(amountOf(2024, 'guide-dog-allowance', data)).toBe(165);
    expect(amountOf(2024, 'guide-dog-allowance', { ...data, getsBlindPersonCredit: 'no' })).toBe(0);
  });

  it("blind person's credit: €1,650 to 2024, €1,950 from 2025; both spouses €3,300 / €3,900", () => {
    const data = form11Sample('blind-person-tax-credit');
    expect(amountOf(2024, 'blind-person-tax-credit', data)).toBe(1650);
    expect(amountOf(2025, 'blind-person-tax-credit', data)).toBe(1950);
    expect(amountOf(2024, 'blind-person-tax-credit', { ...data, whoIsBlind: 'both' }, married)).toBe(3300);
    expect(amountOf(2025, 'blind-person-tax-credit', { ...data, whoIsBlind: 'both' }, married)).toBe(3900);
    // A single person has no spouse to claim for: refused, naming the field (a profile check, not the form's).
    for (const whoIsBlind of ['both', 'spouse']) {
      expect(calculateRefund(2025, 'blind-person-tax-credit', { ...data, whoIsBlind }, profile(), { today: TODAY })).toMatchObject({
        ok: false,
        error: 'invalid-data',
        errors: { whoIsBlind: [m.BLIND_SPOUSE_NEEDS_MARRIED] },
      });
    }
  });

  it('health expenses: refunds come off; nothing is negative', () => {
    expect(amountOf(2024, 'health-expenses', { otherQualifyingCare: 500, amountRefunded: 800 })).toBe(0);
    expect(amountOf(2024, 'health-expenses', {})).toBe(0);
  });

  it('nursing home: refunds come off before the marginal-rate split', () => {
    const data = { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank', feesPaid: 10_000, amountRefunded: 4000 };
    expect(amountOf(2025, 'nursing-home-expenses', data)).toBe(2400); // 6,000 at 40% (income 6,000 above the band)
  });

  describe('medical insurance: 20% of the premium, up to €1,000 per adult and €500 per child', () => {
    const insurance = (premium: number, isChild: boolean) => ({
      nameOfPersonCoveredByPolicy: isChild ? 'Ciara Kelly' : 'Seán Kelly',
      amountOfGrossPremium: premium,
      amountOfMonthsPolicyWasActive: 12,
      isChild,
    });
    const page = (...insurances: ReturnType<typeof insurance>[]) => ({ selectedEmployment: 'Acme', insurances });

    it('an adult is capped at €1,000 (→ €200), a child at €500 (→ €100)', () => {
      expect(amountOf(2024, 'medical-insurance-relief', page(insurance(1500, false)))).toBe(200);
      expect(amountOf(2024, 'medical-insurance-relief', page(insurance(900, true)))).toBe(100);
    });

    it('caps apply per person', () => {
      expect(amountOf(2025, 'medical-insurance-relief', page(insurance(1200, false), insurance(1200, false), insurance(300, true), insurance(800, true)))).toBe(
        (1000 + 1000 + 300 + 500) * 0.2,
      );
    });

    it('a premium under the cap is relieved in full', () => {
      expect(amountOf(2022, 'medical-insurance-relief', page(insurance(640, false)))).toBe(128);
    });
  });

  it('permanent health benefit and income continuance: premiums up to 10% of income, at the marginal rate', () => {
    const data = { insurerName: 'Irish Life', policyNumber: 'P1', premiumsPaid: 6000, approvedScheme: true };
    const estimate = refund(2025, 'permanent-health-benefit', data);
    expect(estimate.figures).toMatchObject({ limit: 5000, deductible: 5000 });
    expect(estimate.amount).toBe(2000);
    expect(amountOf(2025, 'income-continuance', data)).toBe(2000);
    expect(amountOf(2025, 'income-continuance', { ...data, premiumsPaid: 500 }, profile({ annualIncome: 30_000 }))).toBe(100);
  });
});

describe('you and your family', () => {
  describe('dependent relative: €245 to 2024, €305 from 2025, lost above the income limit', () => {
    const relative = (relativeIncome: number, yourSharePercent = 100) => ({ relativeName: 'Bridget Walsh', relationship: 'Mother', relativeIncome, yourSharePercent });

    it('per year', () => {
      expect(amountOf(2024, 'dependant-relevant-tax-credit', { relatives: [relative(10_000)] })).toBe(245);
      expect(amountOf(2025, 'dependant-relevant-tax-credit', { relatives: [relative(10_000)] })).toBe(305);
    });

    it('the limit itself qualifies; a cent over does not (2024: €17,404)', () => {
      expect(amountOf(2024, 'dependant-relevant-tax-credit', { relatives: [relative(17_404)] })).toBe(245);
      expect(amountOf(2024, 'dependant-relevant-tax-credit', { relatives: [relative(17_404.01)] })).toBe(0);
      expect(amountOf(2022, 'dependant-relevant-tax-credit', { relatives: [relative(16_157)] })).toBe(0);
    });

    it('shared by those who support the relative, per relative', () => {
      expect(amountOf(2025, 'dependant-relevant-tax-credit', { relatives: [relative(10_000, 50), relative(9000)] })).toBe(152.5 + 305);
    });
  });

  describe('incapacitated child: per child, €3,300 / €3,300 / €3,500 / €3,800 / €3,800', () => {
    const child = (carerReliefClaimed = 'no', childDateOfBirth = '03.09.2012') => ({ childName: 'Ciara Kelly', childDateOfBirth, incapacity: 'Cerebral palsy', carerReliefClaimed });

    it('per year', () => {
      expect([2022, 2023, 2024, 2025, 2026].map((y) => amountOf(y, 'incapacitated-child-tax-credit', { children: [child()] }, rich))).toEqual([3300, 3300, 3500, 3800, 3800]);
    });

    it('two children, two credits; none for a child with carer relief', () => {
      expect(amountOf(2025, 'incapacitated-child-tax-credit', { children: [child(), child()] }, rich)).toBe(7600);
      expect(amountOf(2025, 'incapacitated-child-tax-credit', { children: [child(), child('yes')] }, rich)).toBe(3800);
    });

    it('not for a child born after the year', () => {
      expect(amountOf(2024, 'incapacitated-child-tax-credit', { children: [child('no', '10.02.2025')] }, rich)).toBe(0);
    });
  });

  it('maintenance paid: legally enforceable, less the children’s part, at the marginal rate', () => {
    const data = form11Sample('maintenance-payment-relief');
    expect(amountOf(2025, 'maintenance-payment-relief', data)).toBe(2400); // 6,000 at 40%
    expect(amountOf(2025, 'maintenance-payment-relief', { ...data, legallyEnforceable: 'no' })).toBe(0);
    expect(amountOf(2025, 'maintenance-payment-relief', { ...data, jointlyAssessed: 'yes' })).toBe(0);
  });

  describe('single person child carer credit: the credit plus the wider 20% band', () => {
    const data = form11Sample('single-person-child-carer-credit');

    it('2024 on €50,000: €1,750 + 4,000 × (40% − 20%) = €2,550', () => {
      expect(amountOf(2024, 'single-person-child-carer-credit', data)).toBe(2550);
    });

    it('2025: €1,900; the band adds only what the income reaches', () => {
      expect(amountOf(2025, 'single-person-child-carer-credit', data, profile({ annualIncome: 45_000 }))).toBe(1900 + 200);
      expect(amountOf(2025, 'single-person-child-carer-credit', data, profile({ annualIncome: 30_000 }))).toBe(1900);
    });

    it('2022 and 2023: €1,650', () => {
      expect(amountOf(2023, 'single-person-child-carer-credit', data, profile({ annualIncome: 30_000 }))).toBe(1650);
    });

    it('not for a married claimant or one living with a partner', () => {
      expect(amountOf(2025, 'single-person-child-carer-credit', data, married)).toBe(0);
      expect(amountOf(2025, 'single-person-child-carer-credit', { ...data, livingWithPartner: 'yes' })).toBe(0);
      expect(amountOf(2025, 'single-person-child-carer-credit', { ...data, childLivesWithYou: 'no' })).toBe(0);
    });

    it('a child 18 or over at the start of the year qualifies only in full-time education', () => {
      const adult = { ...data, childDateOfBirth: '01.01.2007' }; // 18 on 1 January 2025
      expect(amountOf(2025, 'single-person-child-carer-credit', adult, profile({ annualIncome: 30_000 }))).toBe(0);
      expect(amountOf(2025, 'single-person-child-carer-credit', { ...adult, childInEducationOrIncapacitated: 'yes' }, profile({ annualIncome: 30_000 }))).toBe(1900);
      expect(amountOf(2024, 'single-person-child-carer-credit', adult, profile({ annualIncome: 30_000 }))).toBe(1750); // 17 on 1 January 2024
    });

    it('a child born during the year qualifies', () => {
      expect(amountOf(2025, 'single-person-child-carer-credit', { ...data, childDateOfBirth: '30.12.2025' }, profile({ annualIncome: 30_000 }))).toBe(1900);
    });
  });

  describe('rent tax credit', () => {
    const data = form11Sample('rent-tax-credit');

    it('single: €500 in 2022–2023, €1,000 from 2024', () => {
      expect([2022, 2023, 2024, 2025, 2026].map((y) => amountOf(y, 'rent-tax-credit', data))).toEqual([500, 500, 1000, 1000, 1000]);
    });

    it('jointly assessed couple: €1,000 in 2022–2023, €2,000 from 2024', () => {
      expect([2022, 2023, 2024, 2025, 2026].map((y) => amountOf(y, 'rent-tax-credit', data, married))).toEqual([1000, 1000, 2000, 2000, 2000]);
    });

    it('below the cap: 20% of the rent', () => {
      expect(amountOf(2024, 'rent-tax-credit', { ...data, rentPaid: 2000 })).toBe(400);
    });

    it('not for rent to a relative, or with housing supports', () => {
      expect(amountOf(2024, 'rent-tax-credit', { ...data, landlordIsRelative: 'yes' })).toBe(0);
      expect(amountOf(2024, 'rent-tax-credit', { ...data, housingSupport: 'yes' })).toBe(0);
    });
  });

  describe('tuition fees: the disregard is €3,000 if any course is full-time, else €1,500', () => {
    const course = (fullTime: 'yes' | 'no', feesPaid: number) => ({ studentName: 'Aoife Ryan', collegeName: 'DCU', courseName: 'Nursing', fullTime, feesPaid });

    it('part-time €5,000: (5,000 − 1,500) × 20% = €700', () => {
      expect(amountOf(2025, 'tuition-fees', { courses: [course('no', 5000)] })).toBe(700);
    });

    it('full-time €5,000: (5,000 − 3,000) × 20% = €400', () => {
      expect(amountOf(2025, 'tuition-fees', { courses: [course('yes', 5000)] })).toBe(400);
    });

    it('one full-time course sets the disregard for the whole claim', () => {
      expect(amountOf(2025, 'tuition-fees', { courses: [course('no', 5000), course('yes', 2000)] })).toBe((7000 - 3000) * 0.2);
    });

    it('fees above €7,000 per course are not counted; under the disregard gives €0', () => {
      expect(amountOf(2025, 'tuition-fees', { courses: [course('no', 12_000)] })).toBe((7000 - 1500) * 0.2);
      expect(amountOf(2025, 'tuition-fees', { courses: [course('yes', 2500)] })).toBe(0);
    });
  });
});

describe('your job', () => {
  const pension = { providerName: 'Irish Life', policyNumber: 'X1', contributionsPaid: 20_000 };

  it.each([
    ['1996-12-31', 29, 0.15],
    ['1995-12-31', 30, 0.2],
    ['1985-01-01', 40, 0.25],
    ['1975-06-30', 50, 0.3],
    ['1970-01-01', 55, 0.35],
    ['1965-12-31', 60, 0.4],
  ] as const)('pension born %s: age %i in 2025, limit %s of earnings', (dateOfBirth, age, share) => {
    for (const category of ['additional-voluntary-contributions', 'personal-retirement-savings', 'retirement-annuity-relief'] as const) {
      const estimate = refund(2025, category, pension, profile({ annualIncome: 60_000, dateOfBirth }));
      expect(estimate.figures).toMatchObject({ ageInYear: age, ageRelatedShare: share, limit: 60_000 * share });
    }
  });

  it('pension: no date of birth, no estimate', () => {
    const estimate = refund(2025, 'additional-voluntary-contributions', pension, profile({ dateOfBirth: null }));
    expect(estimate.amount).toBe(0);
    expect(estimate.explanation).toContain('date of birth');
  });

  it('remote working: the employer allowance comes off the apportioned bills', () => {
    const data = { employerName: 'Acme', electricityCost: 3650, daysWorkedFromHome: 100, employerAllowance: 320 };
    // 3,650 × 100 / 365 = 1,000; less 320 = 680; × 30% = 204; at 40% = 81.60
    expect(refund(2025, 'remote-working-relief', data).figures).toMatchObject({ apportionedBills: 1000, deductible: 204 });
    expect(amountOf(2025, 'remote-working-relief', data)).toBe(81.6);
  });

  it('employee tax credit: informational, 0, with the year’s credit', () => {
    const amounts = [2022, 2023, 2024, 2025, 2026].map((y) => refund(y, 'employee-tax-credit', form11Sample('employee-tax-credit')));
    expect(amounts.map((e) => e.amount)).toEqual([0, 0, 0, 0, 0]);
    expect(amounts.map((e) => e.figures.employeeCredit)).toEqual([1700, 1775, 1875, 2000, 2000]);
    expect(amounts.every((e) => e.kind === 'informational')).toBe(true);
  });

  it('earned income credit: the year’s credit, less any Employee credit already used', () => {
    const data = { sourceOfIncome: 'Photography', earnedIncome: 18_000 };
    expect(amountOf(2023, 'earned-income-tax-credit', data)).toBe(1775);
    expect(amountOf(2023, 'earned-income-tax-credit', { ...data, employeeCreditReceived: 1775 })).toBe(0);
    expect(amountOf(2023, 'earned-income-tax-credit', { ...data, employeeCreditReceived: 1000 })).toBe(775);
    expect(amountOf(2025, 'earned-income-tax-credit', { ...data, earnedIncome: 0 })).toBe(0);
  });
});

describe('property', () => {
  const property = (interestPaid2022: number, interestPaidThisYear: number, balanceOn31December2022 = 250_000) => ({
    lenderName: 'AIB',
    mortgageAccountNumber: '123',
    propertyAddress: '7 Oak Park, Naas',
    eircode: 'W91 E2D4',
    lptId: 'ZX98CV76',
    balanceOn31December2022,
    interestPaid2022,
    interestPaidThisYear,
    lptCompliant: true,
  });

  it('mortgage interest: none for 2022, the base year', () => {
    const estimate = refund(2022, 'mortgage-interest-tax-credit', { properties: [property(2000, 10_000)] });
    expect(estimate).toMatchObject({ amount: 0, kind: 'informational' });
  });

  it('mortgage interest: capped at €1,250 per property in 2023–2025 and €625 in 2026', () => {
    expect(amountOf(2023, 'mortgage-interest-tax-credit', { properties: [property(2000, 10_000)] })).toBe(1250);
    expect(amountOf(2026, 'mortgage-interest-tax-credit', { properties: [property(2000, 10_000)] })).toBe(625);
    expect(amountOf(2024, 'mortgage-interest-tax-credit', { properties: [property(2000, 10_000), property(1000, 9000)] })).toBe(2500);
  });

  it('mortgage interest: nothing for a balance under €80,000 or for lower interest', () => {
    expect(amountOf(2024, 'mortgage-interest-tax-credit', { properties: [property(2000, 10_000, 79_999)] })).toBe(0);
    expect(amountOf(2024, 'mortgage-interest-tax-credit', { properties: [property(6000, 5000)] })).toBe(0);
  });

  describe('Living City owner-occupier', () => {
    const home = (firstOccupiedOn: string) => ({ ...form11Sample('owner-occupier-relief'), qualifyingSpend: 60_000, firstOccupiedOn });

    it('occupied from 2023: 15% a year for years 1–6', () => {
      expect(refund(2024, 'owner-occupier-relief', home('01.03.2023'), rich).figures).toMatchObject({ yearOfRelief: 2, rateThisYear: 0.15, deductible: 9000 });
      expect(amountOf(2024, 'owner-occupier-relief', home('01.03.2023'), rich)).toBe(3600);
    });

    it('occupied before 2023: 10% a year for 10 years, then nothing', () => {
      expect(refund(2026, 'owner-occupier-relief', home('01.03.2017'), rich).figures).toMatchObject({ yearOfRelief: 10, rateThisYear: 0.1 });
      expect(amountOf(2026, 'owner-occupier-relief', home('01.03.2016'), rich)).toBe(0);
    });

    it('nothing before the year of occupation', () => {
      expect(amountOf(2023, 'owner-occupier-relief', home('01.03.2024'), rich)).toBe(0);
    });
  });

  it('home renovation incentive: only the credit carried forward, capped at liability', () => {
    const data = form11Sample('home-renovation-incentive');
    expect(amountOf(2024, 'home-renovation-incentive', data)).toBe(400);
    expect(amountOf(2024, 'home-renovation-incentive', data, profile({ annualIncome: 15_000 }))).toBe(0);
  });
});

describe('the sea', () => {
  it('fisher: €1,270 from 80 days at sea, not with the seafarers’ allowance or a non-EU/UK vessel', () => {
    const data = form11Sample('fisher-tax-credit');
    expect(amountOf(2025, 'fisher-tax-credit', { ...data, daysAtSea: 80 })).toBe(1270);
    expect(amountOf(2025, 'fisher-tax-credit', { ...data, daysAtSea: 79 })).toBe(0);
    expect(amountOf(2025, 'fisher-tax-credit', { ...data, claimingSeafarerAllowance: 'yes' })).toBe(0);
    expect(amountOf(2025, 'fisher-tax-credit', { ...data, registeredInEuOrUk: 'no' })).toBe(0);
  });

  it('seafarer: €6,350 off seafaring pay from 161 days at sea', () => {
    const data = form11Sample('seafarer-allowance');
    expect(amountOf(2025, 'seafarer-allowance', { ...data, daysAtSea: 161 })).toBe(6000 * 0.4 + 350 * 0.2);
    expect(amountOf(2025, 'seafarer-allowance', { ...data, daysAtSea: 160 })).toBe(0);
    expect(refund(2025, 'seafarer-allowance', { ...data, seafarerIncome: 3000 }).figures.deductible).toBe(3000);
  });

  it('naval service: €1,500 from 80 days at sea the year before', () => {
    const data = form11Sample('naval-service-credit');
    expect(amountOf(2024, 'naval-service-credit', { ...data, daysAtSeaPreviousYear: 80 })).toBe(1500);
    expect(amountOf(2024, 'naval-service-credit', { ...data, daysAtSeaPreviousYear: 79 })).toBe(0);
    expect(amountOf(2024, 'naval-service-credit', { ...data, claimingOtherSeaCredit: 'yes' })).toBe(0);
  });
});

describe('donations and investment', () => {
  const donation = { ...form11Sample('approved-sports-bodies'), donationDate: '10.03.2025' };

  it('sports bodies: a PAYE donor cannot claim before 2025 (informational)', () => {
    expect(refund(2024, 'approved-sports-bodies', { ...donation, donationDate: '10.03.2024' })).toMatchObject({ amount: 0, kind: 'informational' });
  });

  it('sports bodies from 2025: at least €250, claimed by the donor, in the year of the donation', () => {
    expect(amountOf(2025, 'approved-sports-bodies', donation)).toBe(200);
    expect(amountOf(2025, 'approved-sports-bodies', { ...donation, donationAmount: 250 })).toBe(100);
    expect(amountOf(2025, 'approved-sports-bodies', { ...donation, donationAmount: 249.99 })).toBe(0);
    expect(amountOf(2025, 'approved-sports-bodies', { ...donation, claimingYourself: 'no' })).toBe(0);
    expect(amountOf(2026, 'approved-sports-bodies', donation)).toBe(0);
  });

  it('SURE: up to €100,000 a year to 2024, €140,000 from 2025', () => {
    const data = { ...form11Sample('startup-relief-entrepreneurs'), amountForThisYear: 200_000 };
    expect(refund(2024, 'startup-relief-entrepreneurs', data, rich).figures.deductible).toBe(100_000);
    expect(amountOf(2024, 'startup-relief-entrepreneurs', data, rich)).toBe(40_000);
    expect(amountOf(2025, 'startup-relief-entrepreneurs', data, rich)).toBe(56_000);
    expect(refund(2026, 'startup-relief-entrepreneurs', data, rich).caveats[0]).toContain('not confirmed');
    expect(amountOf(2025, 'startup-relief-entrepreneurs', { ...data, stakeAtLeast15Percent: 'no' }, rich)).toBe(0);
  });

  describe('EII', () => {
    const eii = (year: number, changes: Record<string, unknown> = {}) => ({
      ...form11Sample('employment-investment-incentive'),
      shareIssueDate: `20.06.${year}`,
      ...changes,
    });

    it('caps: 4-year €250,000 and 7-year €500,000 in 2022; €500,000 in 2024; €1,000,000 in 2025', () => {
      const big = { amountInvested: 2_000_000 };
      const huge = profile({ annualIncome: 5_000_000 });
      expect(refund(2022, 'employment-investment-incentive', eii(2022, big), huge).figures.deductible).toBe(250_000);
      expect(refund(2022, 'employment-investment-incentive', eii(2022, { ...big, holdingPeriod: '7' }), huge).figures.deductible).toBe(500_000);
      expect(refund(2024, 'employment-investment-incentive', eii(2024, big), huge).figures.deductible).toBe(500_000);
      expect(refund(2025, 'employment-investment-incentive', eii(2025, big), huge).figures.deductible).toBe(1_000_000);
    });

    it('initial investment 40%, follow-on 35% at the top rate', () => {
      expect(amountOf(2025, 'employment-investment-incentive', eii(2025), rich)).toBe(4000);
      expect(amountOf(2025, 'employment-investment-incentive', eii(2025, { followOnInvestment: 'yes' }), rich)).toBe(3500);
    });

    it('claimed for the year the shares were issued', () => {
      expect(amountOf(2025, 'employment-investment-incentive', eii(2024), rich)).toBe(0);
    });
  });
});

describe('income: tax due', () => {
  it('rental income: rent less expenses at the marginal rates', () => {
    const data = form11Sample('rental-income'); // 18,000 − 4,000 = 14,000
    expect(amountOf(2025, 'rental-income', data)).toBe(5600);
    expect(amountOf(2025, 'rental-income', data, profile({ annualIncome: 30_000 }))).toBe(2800);
    // €40,000 leaves €4,000 of the 2025 band: 4,000 × 20% + 10,000 × 40%
    expect(amountOf(2025, 'rental-income', data, profile({ annualIncome: 40_000 }))).toBe(800 + 4000);
  });

  it('the band moves with the year', () => {
    const data = { tradeDescription: 'Stall', profit: 10_000 };
    expect(amountOf(2022, 'trading-profit', data, profile({ annualIncome: 36_800 }))).toBe(4000);
    expect(amountOf(2025, 'trading-profit', data, profile({ annualIncome: 36_800 }))).toBe(7200 * 0.2 + 2800 * 0.4);
  });

  it('foreign tax is credited up to the Irish tax on the same income', () => {
    const dividends = (foreignTaxWithheld: number) => ({ payerName: 'Hudson Tech Corp', grossAmount: 1000, foreignTaxWithheld });
    expect(amountOf(2025, 'us-dividends', dividends(150))).toBe(250);
    expect(amountOf(2025, 'canadian-dividends', dividends(500))).toBe(0);
    expect(amountOf(2025, 'uk-dividends', dividends(0))).toBe(400);
    expect(amountOf(2025, 'foreign-pensions', { country: 'UK', payerName: 'NHS Pensions', grossAmount: 1000, foreignTaxPaid: 100 })).toBe(300);
    expect(amountOf(2025, 'foreign-salary', { country: 'DE', employerName: 'Nordwind GmbH', grossAmount: 1000, foreignTaxPaid: 1000 })).toBe(0);
  });

  it('Irish tax deducted is credited in full, never below nil', () => {
    expect(amountOf(2025, 'dividends-distributions', { payerName: 'Emerald Foods plc', grossAmount: 1000, withholdingTaxDeducted: 250 })).toBe(150);
    expect(amountOf(2025, 'irish-taxed-income', { source: 'Deposit interest', grossAmount: 500, taxDeducted: 250 }, profile({ annualIncome: 30_000 }))).toBe(0);
    expect(amountOf(2025, 'emp-off-pen', { payerName: 'Dublin Bus', grossAmount: 6000, taxDeducted: 1000 })).toBe(1400);
  });

  it('fees less expenses; untaxed state income in full', () => {
    expect(amountOf(2025, 'fees-commissions', { payerName: 'Westside', grossAmount: 3000, expenses: 400 })).toBe(1040);
    expect(amountOf(2025, 'untaxed-state-income', { paymentName: 'Illness Benefit', amountReceived: 2500 }, profile({ annualIncome: 20_000 }))).toBe(500);
  });

  it('maintenance received: taxed if legally enforceable, not the children’s part, not with joint assessment', () => {
    const data = form11Sample('maintenance-payments'); // 9,600 less 3,600
    expect(amountOf(2025, 'maintenance-payments', data)).toBe(2400);
    expect(amountOf(2025, 'maintenance-payments', { ...data, legallyEnforceable: 'no' })).toBe(0);
    expect(amountOf(2025, 'maintenance-payments', { ...data, jointlyAssessed: 'yes' })).toBe(0);
  });
});
