import { describe, expect, it } from 'vitest';
import {
  FORM11_PROGRESS_KEY,
  FORM11_PROGRESS_VERSION,
  inconsistencyOf,
  parseSavedProgress,
  serializeProgress,
  type Form11Progress,
} from '../../src/domain/form11Progress.ts';

const OWNER = 'user-7f3a';

/** A flow of three pages and the final form, on its second page, one answer kept. */
const PROGRESS: Form11Progress = {
  version: 1,
  ownerId: OWNER,
  year: 2024,
  routes: ['/form11/health-expenses', '/form11/rent-tax-credit', '/form11/flat-rate-expenses', '/form11/final-form'],
  currentRouteIndex: 1,
  isFromQuestionnaire: true,
  formData: { 'health-expenses': { doctorFees: 320.5, receipts: ['a.pdf'], notes: null, claimed: true } },
  selectedForms: ['health-expenses', 'rent-tax-credit', 'flat-rate-expenses'],
  selectedIncomeTypes: ['rental-income', 'uk-dividends'],
};

const saved = (changes: Record<string, unknown>) => JSON.stringify({ ...PROGRESS, ...changes });

describe('saved progress: the key and the version', () => {
  it('is stored under form11Progress, version 1', () => {
    expect(FORM11_PROGRESS_KEY).toBe('form11Progress');
    expect(FORM11_PROGRESS_VERSION).toBe(1);
  });
});

describe('parseSavedProgress', () => {
  it('reads back what was saved, unchanged', () => {
    expect(parseSavedProgress(serializeProgress(PROGRESS), OWNER)).toEqual({ kind: 'valid', progress: PROGRESS });
  });

  it('finds nothing when nothing is saved (not a rejection: nothing to log)', () => {
    expect(parseSavedProgress(null, OWNER)).toEqual({ kind: 'none' });
  });

  it.each([
    ['a truncated write', serializeProgress(PROGRESS).slice(0, 40)],
    ['an empty string', ''],
    ['plain text', 'undefined'],
  ])('rejects %s as corrupt', (_name, raw) => {
    const read = parseSavedProgress(raw, OWNER);
    expect(read).toMatchObject({ kind: 'rejected', reason: 'corrupt' });
    if (read.kind === 'rejected') expect(read.detail).toMatch(/^not JSON: /);
  });

  it.each([
    ['another version', saved({ version: 2 }), 'version 2, expected 1'],
    ['a save without a version (an older app)', JSON.stringify({ ...PROGRESS, version: undefined }), 'version null, expected 1'],
    ['the version as text', saved({ version: '1' }), 'version "1", expected 1'],
    ['a bare array', JSON.stringify([PROGRESS]), 'not a saved progress object'],
    ['a JSON null', 'null', 'not a saved progress object'],
    ['a number', '42', 'not a saved progress object'],
  ])('rejects %s as the wrong version', (_name, raw, detail) => {
    expect(parseSavedProgress(raw, OWNER)).toEqual({ kind: 'rejected', reason: 'wrong-version', detail });
  });

  it.each([
    ['a missing field', JSON.stringify({ ...PROGRESS, formData: undefined })],
    ['an index that is not a whole number', saved({ currentRouteIndex: 1.5 })],
    ['a negative index', saved({ currentRouteIndex: -1 })],
    ['a year the engine does not know', saved({ year: 2019 })],
    ['a year as text', saved({ year: '2024' })],
    ['an empty owner', saved({ ownerId: '' })],
    ['no routes at all', saved({ routes: [], currentRouteIndex: 0 })],
    ['an unknown form slug in the selection', saved({ selectedForms: ['health-expenses', 'lottery-winnings'] })],
    ['an unknown income type', saved({ selectedIncomeTypes: ['crypto'] })],
    ['a mode that is not a boolean', saved({ isFromQuestionnaire: 'yes' })],
  ])('rejects %s as invalid', (_name, raw) => {
    expect(parseSavedProgress(raw, OWNER)).toMatchObject({ kind: 'rejected', reason: 'invalid' });
  });

  it('names the field that broke the shape', () => {
    const read = parseSavedProgress(saved({ currentRouteIndex: 'two' }), OWNER);
    expect(read.kind === 'rejected' && read.detail).toContain('currentRouteIndex');
  });

  it("rejects another user's save, whatever it holds", () => {
    expect(parseSavedProgress(saved({ ownerId: 'user-someone-else' }), OWNER)).toEqual({
      kind: 'rejected',
      reason: 'foreign-owner',
      detail: 'saved by another user',
    });
  });

  it('rejects a route this app does not have', () => {
    const routes = ['/form11/health-expenses', '/form11/lottery-winnings', '/form11/flat-rate-expenses', '/form11/final-form'];
    expect(parseSavedProgress(saved({ routes }), OWNER)).toEqual({
      kind: 'rejected',
      reason: 'unknown-route',
      detail: 'unknown routes: /form11/lottery-winnings',
    });
    expect(parseSavedProgress(saved({ routes: ['https://evil.example/form11'] }), OWNER)).toMatchObject({ reason: 'unknown-route' });
  });

  it.each([
    ['an index past the last route', { currentRouteIndex: 4 }, 'currentRouteIndex 4 is past the last route (3)'],
    ['routes out of catalogue order', { routes: [...PROGRESS.routes].reverse() }, 'the routes are not the ones the selection builds'],
    ['a route the selection did not choose', { selectedForms: ['health-expenses', 'flat-rate-expenses'] }, 'the routes are not the ones the selection builds'],
    ['income chosen but no final form', { routes: PROGRESS.routes.slice(0, 3) }, 'the routes are not the ones the selection builds'],
    ['a selection out of order', { selectedForms: ['rent-tax-credit', 'health-expenses', 'flat-rate-expenses'] }, 'the selection is not in catalogue order or repeats an entry'],
    ['a repeated income type', { selectedIncomeTypes: ['rental-income', 'rental-income'] }, 'the selection is not in catalogue order or repeats an entry'],
    ['an answer for a page outside the flow', { formData: { 'tuition-fees': {} } }, 'answers for pages outside the flow: tuition-fees'],
  ])('rejects %s as inconsistent', (_name, changes, detail) => {
    expect(parseSavedProgress(saved(changes), OWNER)).toEqual({ kind: 'rejected', reason: 'inconsistent', detail });
  });

  it('accepts any JSON an answer may hold, nested lists and objects included', () => {
    const formData = { 'final-form': { 'rental-income': { rent: 12000, expenses: [{ what: 'repairs', amount: 800 }] }, note: '' } };
    expect(parseSavedProgress(saved({ formData }), OWNER)).toMatchObject({ kind: 'valid', progress: { formData } });
    expect(inconsistencyOf({ ...PROGRESS, formData: {} })).toBeNull();
  });

  it('keeps an empty answer map and a flow on its last page', () => {
    const last = { ...PROGRESS, currentRouteIndex: 3, formData: {} };
    expect(parseSavedProgress(serializeProgress(last), OWNER)).toEqual({ kind: 'valid', progress: last });
  });
});
