import { describe, expect, it } from 'vitest';
import { readQuestionnaireProgress, saveQuestionnaireProgress } from '../../src/app/effects/questionnaireEffects.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { QUESTIONNAIRE_PROGRESS_KEY } from '../../src/domain/form11ProgressKey.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const first = QUESTIONS[0]!.slug;

describe('the questionnaire progress kept in storage', () => {
  it('reads back what its owner saved for that year', () => {
    const storage = memoryStorage();
    saveQuestionnaireProgress(storage, 'ann@example.ie', { year: 2025, index: 3, answers: { [first]: 'yes' } });
    expect(readQuestionnaireProgress(storage, 'ann@example.ie', 2025)).toEqual({ year: 2025, index: 3, answers: { [first]: 'yes' } });
  });

  it('is not used for another user, another year, or a question that no longer exists', () => {
    const storage = memoryStorage();
    saveQuestionnaireProgress(storage, 'ann@example.ie', { year: 2025, index: 3, answers: {} });
    expect(readQuestionnaireProgress(storage, 'bob@example.ie', 2025)).toBeNull();
    expect(readQuestionnaireProgress(storage, 'ann@example.ie', 2024)).toBeNull();
    storage.setItem(QUESTIONNAIRE_PROGRESS_KEY, JSON.stringify({ owner: 'ann@example.ie', year: 2025, index: QUESTIONS.length, answers: {} }));
    expect(readQuestionnaireProgress(storage, 'ann@example.ie', 2025)).toBeNull();
    storage.setItem(QUESTIONNAIRE_PROGRESS_KEY, JSON.stringify({ owner: 'ann@example.ie', year: 2025, index: 0, answers: { 'no-such-page': 'yes' } }));
    expect(readQuestionnaireProgress(storage, 'ann@example.ie', 2025)).toBeNull();
    storage.setItem(QUESTIONNAIRE_PROGRESS_KEY, JSON.stringify({ owner: 'ann@example.ie', year: 2025, index: 0, answers: { [first]: 'maybe' } }));
    expect(readQuestionnaireProgress(storage, 'ann@example.ie', 2025)).toBeNull();
    storage.setItem(QUESTIONNAIRE_PROGRESS_KEY, '{not json');
    expect(readQuestionnaireProgress(storage, 'ann@example.ie', 2025)).toBeNull();
  });

  it('a storage that refuses is no error: nothing is kept', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(() => saveQuestionnaireProgress(refusing, 'ann@example.ie', { year: 2025, index: 1, answers: {} })).not.toThrow();
    expect(readQuestionnaireProgress(refusing, 'ann@example.ie', 2025)).toBeNull();
  });
});
