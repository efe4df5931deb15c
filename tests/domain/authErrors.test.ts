import { describe, expect, it } from 'vitest';
import { firstFieldErrors, loginErrorMessage, registerErrorView, serverMessage } from '../../src/domain/authErrors.ts';
import {
  CHECK_HIGHLIGHTED_FIELDS as REGISTER_FIELDS_ERROR,
  DATE_OF_BIRTH_INVALID as INVALID_DATE_OF_BIRTH,
  GENERIC_ERROR as LOGIN_GENERIC_ERROR,
  LOGIN_FORMAT as LOGIN_INVALID_FORMAT,
  LOGIN_INVALID_CREDENTIALS,
  SERVER_ERROR as LOGIN_SERVER_ERROR,
  SOMETHING_WENT_WRONG as REGISTER_GENERIC_ERROR,
} from '../../src/domain/schemas/messages.ts';

describe('loginErrorMessage (spec §8 precedence)', () => {
  it('1. shows a server-provided message as is, whatever the status', () => {
    expect(loginErrorMessage({ status: 401, message: 'Account locked.', source: 'server' })).toBe('Account locked.');
    expect(loginErrorMessage({ status: 422, message: 'Email is required', source: 'server' })).toBe('Email is required');
    expect(loginErrorMessage({ status: 503, message: 'Maintenance until 6pm', source: 'server' })).toBe('Maintenance until 6pm');
    expect(loginErrorMessage({ status: 429, message: 'Too many attempts', source: 'server' })).toBe('Too many attempts');
  });

  it('2. 401 without a server message → invalid credentials', () => {
    expect(loginErrorMessage({ status: 401, message: null, source: 'server' })).toBe(LOGIN_INVALID_CREDENTIALS);
    expect(LOGIN_INVALID_CREDENTIALS).toBe('Invalid email or password. Please check your credentials and try again.');
  });

  it('2. a 401 whose message is a transport text still reads as invalid credentials', () => {
    expect(loginErrorMessage({ status: 401, message: 'Request failed with status code 401', source: 'network' })).toBe(
      LOGIN_INVALID_CREDENTIALS,
    );
  });

  it('3. 422 without a server message → check the format', () => {
    expect(loginErrorMessage({ status: 422, message: null, source: 'server' })).toBe(LOGIN_INVALID_FORMAT);
    expect(LOGIN_INVALID_FORMAT).toBe('Please check your email and password format.');
  });

  it('4. status 500 or above without a server message → server error', () => {
    for (const status of [500, 502, 503, 599]) {
      expect(loginErrorMessage({ status, message: null, source: 'server' })).toBe(LOGIN_SERVER_ERROR);
    }
    expect(LOGIN_SERVER_ERROR).toBe('Server error, team has been notified. Please try again later.');
  });

  it('5. another status or no response with a transport message → "Login failed: {message}"', () => {
    expect(loginErrorMessage({ status: null, message: 'Failed to fetch', source: 'network' })).toBe('Login failed: Failed to fetch');
    expect(loginErrorMessage({ status: 400, message: 'Request failed with status code 400', source: 'network' })).toBe(
      'Login failed: Request failed with status code 400',
    );
  });

  it('5. nothing to say → the generic text', () => {
    expect(loginErrorMessage({ status: null, message: null, source: 'network' })).toBe(LOGIN_GENERIC_ERROR);
    expect(loginErrorMessage({ status: 404, message: null, source: 'server' })).toBe(LOGIN_GENERIC_ERROR);
    expect(loginErrorMessage({ status: null, message: '   ', source: 'network' })).toBe(LOGIN_GENERIC_ERROR);
    expect(LOGIN_GENERIC_ERROR).toBe('Something went wrong, team has been notified. Please try again later.');
  });

  it('an empty server message does not count as one', () => {
    expect(loginErrorMessage({ status: 401, message: '', source: 'server' })).toBe(LOGIN_INVALID_CREDENTIALS);
  });

  it('a network message is wrapped, never shown as the server’s', () => {
    expect(loginErrorMessage({ status: null, message: 'offline', source: 'network' })).toBe('Login failed: offline');
  });
});

describe('serverMessage', () => {
  it('returns only a non-empty server message', () => {
    expect(serverMessage({ status: 400, message: 'Bad', source: 'server' })).toBe('Bad');
    expect(serverMessage({ status: null, message: 'offline', source: 'network' })).toBeNull();
    expect(serverMessage({ status: 400, message: ' ', source: 'server' })).toBeNull();
  });
});

describe('registerErrorView (spec §8)', () => {
  it('server field errors: the first message per field plus the server message', () => {
    expect(
      registerErrorView({
        status: 422,
        message: 'The given data was invalid.',
        source: 'server',
        fieldErrors: { 'details.dob': ['You must be at least 16 years old to register', 'second'], email: ['Email taken'] },
      }),
    ).toEqual({
      message: 'The given data was invalid.',
      fieldErrors: { 'details.dob': 'You must be at least 16 years old to register', email: 'Email taken' },
    });
  });

  it('field errors without a server message get a neutral banner', () => {
    expect(registerErrorView({ status: 422, message: null, source: 'server', fieldErrors: { email: ['Email taken'] } })).toEqual({
      message: REGISTER_FIELDS_ERROR,
      fieldErrors: { email: 'Email taken' },
    });
  });

  it('fields with no (or only blank) messages are dropped; none left means the generic form', () => {
    expect(registerErrorView({ status: 422, message: 'Invalid', source: 'server', fieldErrors: { email: [], dob: [''] } })).toEqual({
      message: 'Something went wrong. Please try again. (Error: Invalid)',
      fieldErrors: {},
    });
  });

  it('otherwise "Something went wrong. Please try again. (Error: {message})"', () => {
    expect(registerErrorView({ status: 500, message: 'Server error, please try again later.', source: 'server' })).toEqual({
      message: 'Something went wrong. Please try again. (Error: Server error, please try again later.)',
      fieldErrors: {},
    });
    expect(registerErrorView({ status: null, message: 'Failed to fetch', source: 'network' }).message).toBe(
      'Something went wrong. Please try again. (Error: Failed to fetch)',
    );
  });

  it('with no message at all, the generic sentence without a parenthesis', () => {
    expect(registerErrorView({ status: null, message: null, source: 'network' })).toEqual({ message: REGISTER_GENERIC_ERROR, fieldErrors: {} });
    expect(REGISTER_GENERIC_ERROR).toBe('Something went wrong. Please try again.');
  });

  it('firstFieldErrors tolerates a missing map', () => {
    expect(firstFieldErrors(undefined)).toEqual({});
    expect(firstFieldErrors({ a: ['', 'x', 'y'] })).toEqual({ a: 'x' });
  });

  it('the client-side date message is exact', () => {
    expect(INVALID_DATE_OF_BIRTH).toBe('Invalid date of birth');
  });
});
