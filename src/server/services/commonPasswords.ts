/**
 * The deny list (checklist A4: the top 3,000 and breached passwords): the 49,233 most common
 * passwords of public breach corpora, ranked by frequency, as zxcvbn-ts ships them
 * (`@zxcvbn-ts/language-common`, MIT), of which the 17,950 that are at least 8 characters long
 * matter here (shorter ones already fail the length rule); plus a few that are common for this
 * product and country. Compared case-insensitively and trimmed. Loaded on first use, so the
 * server starts without decompressing it.
 */
const LOCAL_PASSWORDS = [
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '111111111', '00000000',
  '87654321', '987654321', '0987654321', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'zaq12wsx', 'qwertyuiop',
  'qwerty123', 'qwerty12', 'qwertyui', 'asdfghjkl', 'asdfasdf', 'zxcvbnm1', 'password', 'password1',
  'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou', 'iloveyou1',
  'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'letmein1', 'letmein123',
  'trustno1', 'superman', 'starwars', 'whatever', 'computer', 'michelle', 'jennifer', 'corvette',
  'mercedes', 'maverick', 'liverpool', 'chelsea1', 'arsenal1', 'abcd1234', 'abc12345', 'abcdefgh',
  'aa123456', 'a1b2c3d4', 'changeme', 'changeme1', 'administrator', 'admin123', 'admin1234', 'default1',
  'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'pokemon1', 'dragon12', 'monkey12', 'shadow12', 'master12',
  'baseball1', 'football1', 'michael1', 'charlie1', 'jordan23', 'samsung1', 'internet', 'passport',
  'qwerty1234', '123qweasd', '123abc123', 'secret123', 'test1234', 'testtest', 'guest123', 'hello123',
  'welcome!', 'summer2024', 'summer2025', 'summer2026', 'winter2025', 'spring2025', 'autumn2025',
  'ireland1', 'dublin123', 'maxout123', 'pension1', 'password2024', 'password2025', 'password2026',
];

/** The shortest password the rules allow: shorter list entries are never asked about. */
const MIN_LENGTH = 8;

let denied: Promise<Set<string>> | undefined;

/** The deny list, loaded once. */
export function commonPasswords(): Promise<Set<string>> {
  denied ??= import('@zxcvbn-ts/language-common/dist/passwords.json.mjs').then(
    ({ default: breached }: { default: string[] }) =>
      new Set([...breached, ...LOCAL_PASSWORDS].map((p) => p.toLowerCase()).filter((p) => [...p].length >= MIN_LENGTH)),
  );
  return denied;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}
