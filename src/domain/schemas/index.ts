/** The shared validation layer: messages, field schemas, request/response schemas, issue maps. */
export * from './messages.ts';
export * from './fields.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './issues.ts';
