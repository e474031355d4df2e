import { describe, expect, it } from 'vitest';
import { credentialsSchema, emailOnlySchema } from '@bedriftstorget/core/auth/schemas';
import { avatarInitials, displayNameFromEmail } from '@bedriftstorget/core/auth/user';
import { formatDate, formatDateTime, formatNok } from '@bedriftstorget/core/format/nb';
import { browseParamsOf, browseQuery, SEARCH_MAX_LENGTH } from '@bedriftstorget/core/listing/browse-url';
import { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { auth as texts } from '@bedriftstorget/core/texts/nb';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('credentials', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(credentialsSchema.parse({ email: '  Kari@Example.NO ', password: 'hemmelig' }).email).toBe('kari@example.no');
  });

  it('requires an e-mail and a valid one', () => {
    expect(firstMessage(emailOnlySchema.safeParse({ email: '   ' }))).toBe(texts.emailRequired);
    expect(firstMessage(emailOnlySchema.safeParse({ email: 'kari@' }))).toBe(texts.emailInvalid);
    expect(firstMessage(emailOnlySchema.safeParse({}))).toBe(texts.emailRequired);
  });

  it('requires a password of at least 6 characters', () => {
    expect(firstMessage(credentialsSchema.safeParse({ email: 'a@b.no', password: '' }))).toBe(texts.passwordRequired);
    expect(firstMessage(credentialsSchema.safeParse({ email: 'a@b.no', password: '12345' }))).toBe(texts.passwordTooShort);
    expect(credentialsSchema.safeParse({ email: 'a@b.no', password: '123456' }).success).toBe(true);
  });
});

describe('how a user is shown', () => {
  it('names the user by the part of the e-mail before @', () => {
    expect(displayNameFromEmail('kari.nordmann@example.no')).toBe('kari.nordmann');
    expect(displayNameFromEmail(null)).toBe('');
  });

  it('shows two capital letters in the avatar, or U', () => {
    expect(avatarInitials('kari@example.no')).toBe('KA');
    expect(avatarInitials('')).toBe('U');
    expect(avatarInitials(undefined)).toBe('U');
  });
});

describe('Norwegian formats', () => {
  it('formats money with spaces and kr', () => {
    expect(formatNok(2_450_000).replace(/\s/g, ' ')).toBe('2 450 000 kr');
  });

  it('formats dates as dd.mm.yyyy in Norwegian time', () => {
    expect(formatDate(new Date('2026-03-05T23:30:00Z'))).toBe('06.03.2026');
    expect(formatDateTime(new Date('2026-07-01T10:05:00Z'))).toBe('01.07.2026, 12:05');
  });
});

describe('the browse state from a link', () => {
  it('cuts a search text longer than the API takes, so a pasted link still searches', () => {
    const params = browseParamsOf(new URLSearchParams({ q: 'kafé '.repeat(60) }));
    expect(params.q).toHaveLength(SEARCH_MAX_LENGTH);
    expect(browseInputSchema.safeParse(browseQuery(params)).success).toBe(true);
  });
});
