/**
 * The mail housekeeping job: a message a stopped process left undelivered in the outbox is
 * delivered from the outbox copy, unless it carried a one-time link (the outbox keeps no usable
 * link), which is marked failed instead. A message still young is left to its process.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema.ts';
import { MAIL_ABANDONED, STALE_MAIL_MS } from '../../src/server/services/mailer.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

describe(`undelivered mail (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('delivers a stale notice once, marks a stale link failed, leaves a young one', async () => {
    const now = t.clock.now().getTime();
    const old = new Date(now - STALE_MAIL_MS - 60_000);
    const [notice, link, young] = await t.database.db
      .insert(mailOutbox)
      .values([
        { recipient: 'a@example.ie', subject: 'Your password was changed', body: 'Your password was changed.', createdAt: old },
        { recipient: 'b@example.ie', subject: 'Set your password', body: 'Open http://maxout.test/reset-password/[redacted]', createdAt: old },
        { recipient: 'c@example.ie', subject: 'Hello', body: 'Hello.', createdAt: new Date(now - 1000) },
      ])
      .returning();
    expect((await t.services.housekeeping()).mail).toBe('ok');
    await t.services.mailer.flush();
    expect(t.mail.messages.map((message) => message.to)).toEqual(['a@example.ie']);
    const row = async (id: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
    expect((await row(notice!.id))?.sentAt).not.toBeNull();
    expect((await row(link!.id))?.error).toBe(MAIL_ABANDONED);
    expect((await row(young!.id))?.sentAt).toBeNull();
    // Once: the next run finds nothing to do.
    await t.services.housekeeping();
    await t.services.mailer.flush();
    expect(t.mail.messages).toHaveLength(1);
  });
});
