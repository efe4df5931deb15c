import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { profileEditMachine } from '../../machines/profileEdit/profileEdit.machine.ts';
import type { ProfileEditContext } from '../../machines/profileEdit/profileEdit.types.ts';
import { profileEditView } from '../../machines/profileEdit/profileEdit.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { MIN_AGE, PPSN_INVALID, SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { profileFormToRequest } from '../../src/domain/schemas/profile.ts';
import { aUser } from '../support/builders.ts';

const USER = aUser({ first_name: 'Aoife', surname: "O'Brien", ppsn: '1234567T', date_of_birth: '1990-06-15', pension_plan_id: 'IL-12345678', email: 'aoife@example.ie' });
const context = (overrides: Partial<ProfileEditContext> = {}): ProfileEditContext => ({ returnTo: null, user: USER, today: '2026-05-10', error: null, ...overrides });
const viewOf = (value: 'editing' | 'saving' | 'saved', overrides: Partial<ProfileEditContext> = {}) =>
  profileEditView(profileEditMachine.resolveState({ value, context: context(overrides) }));

describe('profile edit view', () => {
  it('starts the form from the profile, the date of birth as DD.MM.YYYY, and shows the email read-only', () => {
    const view = viewOf('editing');
    expect(view.form.initialValues).toEqual({ first_name: 'Aoife', surname: "O'Brien", ppsn: '1234567T', date_of_birth: '15.06.1990', pension_plan_id: 'IL-12345678', spouse_annual_income: '', assessment_basis: 'joint' });
    expect(view.email).toBe('aoife@example.ie');
    expect(view.married).toBe(false);
  });

  it('a married user: the form asks the spouse’s income and the basis, from the profile (joint when none is recorded)', () => {
    const married = aUser({ ...USER, marital_status: 'married', spouse_annual_income: 21_500, assessment_basis: 'separate' });
    const view = viewOf('editing', { user: married });
    expect(view.married).toBe(true);
    expect(view.form.initialValues).toMatchObject({ spouse_annual_income: 21_500, assessment_basis: 'separate' });
    expect(viewOf('editing', { user: aUser({ ...USER, marital_status: 'married' }) }).form.initialValues).toMatchObject({ spouse_annual_income: '', assessment_basis: 'joint' });
    // What the screen sends: the household fields for a married user only, an empty income as null.
    const parsed = v.parse(view.form.schema, { ...view.form.initialValues, spouse_annual_income: '' });
    expect(profileFormToRequest(parsed, view.form.storedPlanId, true)).toMatchObject({ spouse_annual_income: null, assessment_basis: 'separate' });
    expect(profileFormToRequest(parsed, view.form.storedPlanId, false)).not.toHaveProperty('spouse_annual_income');
  });

  it('a new account starts with empty fields', () => {
    const fresh = aUser({ first_name: '', surname: '', ppsn: null, date_of_birth: '', pension_plan_id: null });
    expect(viewOf('editing', { user: fresh }).form.initialValues).toEqual({ first_name: '', surname: '', ppsn: '', date_of_birth: '', pension_plan_id: '', spouse_annual_income: '', assessment_basis: 'joint' });
  });

  it('judges the date of birth on the day the screen opened: 16 on 10 May 2026 means born by 10 May 2010', () => {
    const { schema } = viewOf('editing').form;
    const values = { first_name: 'Aoife', surname: 'Byrne', ppsn: '1234567T', pension_plan_id: '' };
    expect(v.safeParse(schema, { ...values, date_of_birth: '10.05.2010' }).success).toBe(true);
    const tooYoung = v.safeParse(schema, { ...values, date_of_birth: '11.05.2010' });
    expect(tooYoung.success).toBe(false);
    expect(tooYoung.issues?.[0]?.message).toBe(MIN_AGE);
  });

  it('busy while saving; saved shows the notice and may be saved again', () => {
    expect(viewOf('editing')).toMatchObject({ busy: false, canSave: true, saved: false });
    expect(viewOf('saving')).toMatchObject({ busy: true, canSave: false, saved: false });
    expect(viewOf('saved')).toMatchObject({ busy: false, canSave: true, saved: true });
  });

  it('puts the server’s first message under each field and words the failure', () => {
    const refused: ApiFailure = { status: 422, message: 'Please check the highlighted fields.', source: 'server', fieldErrors: { ppsn: [PPSN_INVALID, 'x'] } };
    expect(viewOf('editing', { error: refused })).toMatchObject({ error: 'Please check the highlighted fields.', fieldErrors: { ppsn: PPSN_INVALID } });
    expect(viewOf('editing', { error: { status: null, message: null, source: 'network' } })).toMatchObject({ error: SOMETHING_WENT_WRONG, fieldErrors: {} });
  });

  it('gives the same validator and field errors while nothing changed', () => {
    const refused: ApiFailure = { status: 422, message: 'x', source: 'server', fieldErrors: { ppsn: [PPSN_INVALID] } };
    const a = viewOf('editing', { error: refused });
    const b = viewOf('editing', { error: refused });
    expect(a.form.schema).toBe(b.form.schema);
    expect(a.fieldErrors).toBe(b.fieldErrors);
  });
});
