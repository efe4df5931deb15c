/** Every category's rule, from the families of the reference. */
import type { Form11Category } from '../../catalogue.ts';
import { FAMILY_RULES } from './family.ts';
import { HEALTH_RULES } from './health.ts';
import { INCOME_RULES } from './income.ts';
import { INVESTMENT_RULES } from './investment.ts';
import { JOB_RULES } from './job.ts';
import type { RuleTable } from './outcome.ts';
import { PROPERTY_RULES } from './property.ts';
import { SEA_RULES } from './sea.ts';

export const RULES: RuleTable<Form11Category> = {
  ...HEALTH_RULES,
  ...FAMILY_RULES,
  ...JOB_RULES,
  ...PROPERTY_RULES,
  ...SEA_RULES,
  ...INVESTMENT_RULES,
  ...INCOME_RULES,
};
