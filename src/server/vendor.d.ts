/** zxcvbn-ts ships its password list as a module of its own (services/commonPasswords.ts loads it on first use). */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
