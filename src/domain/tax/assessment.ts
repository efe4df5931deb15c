/**
 * How a married couple or civil partners are assessed (Revenue: joint assessment, separate
 * assessment, separate treatment). Apart from the year tables so the profile schemas can check
 * the value without loading them.
 */
export const ASSESSMENT_BASES = ['joint', 'separate', 'separate-treatment'] as const;
export type AssessmentBasis = (typeof ASSESSMENT_BASES)[number];

export function isAssessmentBasis(value: unknown): value is AssessmentBasis {
  return typeof value === 'string' && (ASSESSMENT_BASES as readonly string[]).includes(value);
}

/** What each basis is called on screen. */
export const ASSESSMENT_BASIS_LABELS: Readonly<Record<AssessmentBasis, string>> = {
  joint: 'Joint assessment',
  separate: 'Separate assessment',
  'separate-treatment': 'Separate treatment (taxed as single)',
};
